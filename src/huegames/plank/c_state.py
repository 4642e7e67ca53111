"""A hand of Plank as a line of play in the C core (``csrc/plank_core.h``), for the Game API.

When the Plank core is loaded, a :class:`~huegames.plank.Game` keeps its
hand in C as a line of play (:class:`CLine`): every position so far, one
``plank_position`` after another, the last the current one.  A move is one
call (``plank_line_play`` checks it, writes the position after it next to
the ones before, and says whether the hand goes on, was won by a line or
drawn by the turn limit or a repetition); an undo forgets the last
position, without a call; a copy copies the line.  The legal moves
(``plank_legal_moves``), winning moves and threats are asked of the core,
and the table and the tokens and strips off it are read from it when asked
for.  The Python engine in :mod:`huegames.plank.game` is the specification
the core agrees with (``tests/plank/test_c_state.py``,
``tests/plank/test_parity.py``).

A move's core code is its action id in :mod:`huegames.plank.encoding`, plus
``PLANK_PLACE_COLOUR`` times a place's colour (:data:`MOVES`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any, overload

from .. import _cores
from .board import Table
from .components import (
    COLOURS,
    LETTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ORDERS,
    PATTERNS,
    STRIPS_PER_PATTERN,
    TOKENS_PER_COLOUR,
    Deal,
)
from .moves import ENDS, LAY_PLACES, LAY_SHIFTS, PLACES, SHIFTS, SQUARES, Move
from .rules import Rules

__all__ = [
    "CODE_BY_ID",
    "CORE",
    "CORE_NAME",
    "CORE_VERSION",
    "MOVES",
    "CLine",
    "LegalMoves",
    "available",
    "code_of",
]

CORE = "huegames.plank._plank_core"
"""The compiled core's module, loaded through :mod:`huegames._cores`."""
CORE_NAME = "the Plank C core"
"""How warnings name it."""
CORE_VERSION = (2, 2)
"""The ``PLANK_CORE_VERSION_MAJOR`` and ``_MINOR`` of the header this module and
:mod:`huegames.plank.kernel` are written against (:func:`huegames._cores.core`)."""

_core: ModuleType | None = _cores.load(CORE, CORE_NAME, CORE_VERSION)

available = _core is not None
"""Whether games keep their hand in the C core (not under ``HUEGAMES_BACKEND=python``)."""


def _move_table() -> dict[int, Move]:
    """Every move by its core code."""
    assert _core is not None
    core, count = _core.lib, len(SQUARES)
    moves: dict[int, Move] = {core.PLANK_PASS: Move.PASS}
    for c, colour in enumerate(COLOURS):
        for s in range(count):
            moves[s + core.PLANK_PLACE_COLOUR * c] = PLACES[colour, s]
    for s in range(count):
        for t in range(count):
            shift = SHIFTS[s][t]
            if shift is not None:
                moves[core.PLANK_SHIFT_BASE + count * s + t] = shift
    for o, order in enumerate(ORDERS):
        for e, end in enumerate(ENDS):
            lay = 2 * o + e
            for c, colour in enumerate(COLOURS):
                moves[core.PLANK_LAY_PLACE_BASE + 3 * lay + c] = LAY_PLACES[order, end, colour]
            for s in range(count):
                moves[core.PLANK_LAY_SHIFT_BASE + count * lay + s] = LAY_SHIFTS[order, end, s]
    return moves


MOVES: dict[int, Move] = _move_table() if available else {}
"""Every move by its code in the C core (empty without the core)."""
CODE_BY_ID = {id(move): code for code, move in MOVES.items()}
"""The code of each move :data:`MOVES` holds, by the move's identity (the
moves ``legal_moves`` hands out): found without hashing the move."""
_CODE_OF = {move: code for code, move in MOVES.items()}

if _core is not None:
    ffi: Any = _core.ffi
    lib: Any = _core.lib
    PLACE_COLOUR: int = lib.PLANK_PLACE_COLOUR
    """A move's code is its action id plus this times a Place's colour."""
    GOES_ON: int = lib.PLANK_GOES_ON
    """:meth:`CLine.play`'s status: the hand goes on after the move."""
    LINE: int = lib.PLANK_LINE
    """:meth:`CLine.play`'s status: the move completed a line for its seat."""
    TURN_LIMIT: int = lib.PLANK_TURN_LIMIT
    """:meth:`CLine.play`'s status: the hand is drawn by the turn limit."""
    REPETITION: int = lib.PLANK_REPETITION
    """:meth:`CLine.play`'s status: the hand is drawn by repetition."""
    _FULL: int = lib.HG_ERR_CAPACITY
    _SIZE: int = ffi.sizeof("plank_position")
    _ORDER_AT, _HELD_AT = (
        ffi.offsetof("plank_position", "order"),
        ffi.offsetof("plank_position", "held"),
    )
    _INT32_MAX = 2**31 - 1
    _unzeroed: Any = ffi.new_allocator(should_clear_after_alloc=False)


def _blank_start(players: int) -> tuple[bytes, bytes, bytes]:
    """A hand's start for ``players`` seats in three parts, around the turn
    order and the strips in hand that a deal puts between them: turn 0, no
    strip laid, every square empty, every seat's tokens off the table."""
    start = ffi.new("plank_position *")
    start.players = players
    for square in range(len(SQUARES)):
        start.owners[square] = lib.PLANK_EMPTY
    for seat in range(players):
        start.off[seat] = [TOKENS_PER_COLOUR] * len(COLOURS)
    data = ffi.buffer(start)[:]
    order_end, held_end = _ORDER_AT + players, _HELD_AT + 3 * players
    return data[:_ORDER_AT], data[order_end:_HELD_AT], data[held_end:]


_BLANK = {players: _blank_start(players) for players in range(2, 5)} if available else {}


def code_of(move: Move) -> int:
    """The core's code of a move (one of :data:`MOVES`, or equal to one)."""
    code = CODE_BY_ID.get(id(move))
    return _CODE_OF[move] if code is None else code


class CLine:
    """A hand's line of play in C: every position so far (a ``plank_position``
    array that doubles when full), ``line[depth]`` the current one.

    :meth:`play` is one ``plank_line_play`` call, which also says how the
    hand stands after the move; :meth:`undo` forgets the last position.
    Each line has its own buffer for the moves the core lists (a game is
    played by one thread at a time)."""

    __slots__ = ("_line", "_out", "_rules", "depth")

    def __init__(self, order: Sequence[int], held: Sequence[Sequence[int]], rules: Rules) -> None:
        """The start of a hand: seats move in ``order``, seat ``s`` holding
        ``held[s]`` strips of each pattern, every token off the table."""
        players = len(order)
        head, middle, tail = _BLANK[players]
        start = b"".join((head, bytes(order), middle, *map(bytes, held), tail))
        self._line = _unzeroed("plank_position[]", _FIRST_CAPACITY)
        ffi.memmove(self._line, start, _SIZE)
        self._out = _moves_buffer()
        self._rules = _c_rules(rules, players)
        self.depth = 0

    @classmethod
    def dealt(cls, seed: int, players: int, rules: Rules) -> tuple[CLine, Deal]:
        """Hand 0 dealt from ``seed`` (0 <= seed < 2**64) in C, as
        :func:`~huegames.plank.deal_hand` deals it, and its Deal."""
        line = cls.__new__(cls)
        line._line = _unzeroed("plank_position[]", _FIRST_CAPACITY)
        status = lib.plank_deal(seed, players, line._line)
        if status < 0:  # pragma: no cover - new_game checks the players and the seed
            raise ValueError(f"plank_deal: {_cores.error_message(_core, status)}")  # type: ignore[arg-type]
        line._out = _moves_buffer()
        line._rules = _c_rules(rules, players)
        line.depth = 0
        return line, _deal_of(ffi.buffer(line._line, _SIZE)[:], players)

    def play(self, code: int) -> int:
        """Play the move of ``code`` if it is legal: how the hand stands then
        (:data:`GOES_ON`, :data:`LINE`, :data:`TURN_LIMIT`, :data:`REPETITION`);
        -1, changing nothing, when it is not legal."""
        depth = self.depth
        status: int = lib.plank_line_play(self._line, len(self._line), depth, code, self._rules)
        if status >= 0:
            self.depth = depth + 1
            return status
        return self._grow_and_play(code) if status == _FULL else -1

    def _grow_and_play(self, code: int) -> int:
        """Double the line, which is full, and :meth:`play` ``code``."""
        depth = self.depth
        self._line = _new_line(2 * len(self._line), self._line, depth + 1)
        return self.play(code)

    def undo(self) -> None:
        """Go back to the position before the last :meth:`play`."""
        self.depth -= 1

    def __getstate__(self) -> tuple[bytes, bytes, int]:
        """Pickled (and deep-copied) as the bytes of its positions and rules."""
        line = ffi.buffer(self._line, (self.depth + 1) * _SIZE)[:]
        return line, ffi.buffer(self._rules)[:], self.depth

    def __setstate__(self, state: tuple[bytes, bytes, int]) -> None:
        line, rules, self.depth = state
        self._line = _unzeroed("plank_position[]", max(_FIRST_CAPACITY, 2 * (self.depth + 1)))
        ffi.memmove(self._line, line, len(line))
        self._rules = ffi.new("plank_rules *")
        ffi.memmove(self._rules, rules, len(rules))
        self._out = _moves_buffer()

    def copy(self) -> CLine:
        """An independent line with the same positions."""
        twin = CLine.__new__(CLine)
        count = self.depth + 1
        twin._line = _new_line(max(_FIRST_CAPACITY, 2 * count), self._line, count)
        twin._out = _moves_buffer()
        twin._rules, twin.depth = self._rules, self.depth
        return twin

    def repetitions(self) -> int:
        """How many times the current position has stood in the line (1 the first time)."""
        count: int = lib.plank_line_repetitions(self._line, self.depth)
        return count

    def table(self) -> Table:
        """The strips and tokens as a :class:`~huegames.plank.board.Table`."""
        now = self._line + self.depth
        rows = now.rows
        strips = [ORDERS[order] for order in ffi.unpack(now.strips, rows)]
        return Table.of(strips, ffi.unpack(now.owners, 3 * rows))

    def position(self) -> bytes:
        """The current position's bytes, a ``plank_position`` (``csrc/plank_core.h``)."""
        return ffi.buffer(self._line + self.depth, _SIZE)[:]  # type: ignore[no-any-return]

    def tokens_off(self) -> list[list[int]]:
        """Each seat's tokens off the table, by colour (:data:`COLOURS` order)."""
        now = self._line + self.depth
        return [list(now.off[seat]) for seat in range(now.players)]

    def strips_held(self) -> list[list[int]]:
        """Each seat's strips in hand, by pattern (:data:`PATTERNS` order)."""
        now = self._line + self.depth
        return [list(now.held[seat]) for seat in range(now.players)]

    def legal_moves(self) -> LegalMoves:
        """The legal moves of the seat to move, in :meth:`Game.legal_moves`' order."""
        moves, data = self._out
        count = lib.plank_legal_moves(self._line + self.depth, moves)
        return LegalMoves(memoryview(data[: 4 * count]).cast("I"))

    def winning_moves(self) -> LegalMoves:
        """The legal moves that complete a line, in :meth:`Game.winning_moves`' order."""
        moves, data = self._out
        count = lib.plank_winning_moves(self._line + self.depth, moves)
        return LegalMoves(memoryview(data[: 4 * count]).cast("I"))

    def threats(self, seat: int) -> int:
        """:meth:`Game.threats` of a checked seat."""
        count: int = lib.plank_threats(self._line + self.depth, seat)
        return count


_FIRST_CAPACITY = 64
"""Positions a new line holds (a random 2-player hand lasts about 32 moves);
it doubles when full."""


def _moves_buffer() -> tuple[Any, Any]:
    """Room for the most moves the core lists (a ``uint32_t`` array), and its bytes."""
    moves = _unzeroed("uint32_t[]", lib.PLANK_MAX_MOVES)
    return moves, ffi.buffer(moves)


def _new_line(capacity: int, old: Any, count: int) -> Any:
    """A line of ``capacity`` positions, the first ``count`` copied from ``old``."""
    line = _unzeroed("plank_position[]", capacity)
    ffi.memmove(line, old, count * _SIZE)
    return line


_rules_of: dict[tuple[Rules, int], Any] = {}
_last_rules: tuple[Rules | None, int, Any] = (None, 0, None)


def _c_rules(rules: Rules, players: int) -> Any:
    """``rules`` for ``players`` seats as the ``plank_rules`` the core reads
    (made once each; the last one asked for is found without hashing the
    rules).  No limit is 0; a limit past any turn count the core can reach
    is the largest it takes."""
    global _last_rules
    last, last_players, made = _last_rules
    if rules is last and players == last_players:
        return made
    made = _rules_of.get((rules, players))
    if made is None:
        repetition, limit = rules.repetition or 0, rules.turn_limit or 0
        made = _rules_of[rules, players] = ffi.new(
            "plank_rules *", (players, min(repetition, _INT32_MAX), min(limit, _INT32_MAX))
        )
    _last_rules = rules, players, made
    return made


def _deal_of(start: bytes, players: int) -> Deal:
    """The Deal of a hand's start dealt in C (its bytes), as
    :func:`~huegames.plank.deal_hand` deals: seat ``order[k]`` drew letter k,
    which moves first; each seat's strips in :data:`PATTERNS` order."""
    order = start[_ORDER_AT : _ORDER_AT + players]
    held = start[_HELD_AT : _HELD_AT + 3 * players]
    deal = _DEALS.get(order + held)
    if deal is None:
        strips = tuple(_HAND_OF[held[at : at + 3]] for at in range(0, 3 * players, 3))
        deal = _DEALS[order + held] = Deal.unchecked(_LETTERS_OF[order], strips, order[0])
    return deal


_DEALS: dict[bytes, Deal] = {}
"""Each deal met so far, by the turn order and strips in hand of its start:
at most 10,718 (38 for 2 players, 720 for 3, 9,960 for 4)."""


_HAND_OF = {
    bytes(counts): tuple(p for p, n in zip(PATTERNS, counts, strict=True) for _ in range(n))
    for counts in itertools.product(range(STRIPS_PER_PATTERN + 1), repeat=len(PATTERNS))
}
"""A seat's strips by its count of each pattern (the bytes of ``plank_position.held[seat]``)."""
_LETTERS_OF = {
    bytes(order): tuple(LETTERS[order.index(seat)] for seat in range(players))
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    for order in itertools.permutations(range(players))
}
"""Each seat's letter by a deal's turn order (the bytes of ``plank_position.order``)."""


class LegalMoves(Sequence[Move]):
    """Moves the core listed, as an immutable sequence: each Move is looked
    up by its code only when it is read, so ``len``, one index and ``in``
    (what a random playout needs) cost no list of them all; ``list(moves)``
    gives a plain list, and a sequence compares equal to a list of the same
    moves.  :attr:`codes` are the core's codes (``code % 2048`` is a move's
    action id in :mod:`huegames.plank.encoding`)."""

    __slots__ = ("codes",)

    def __init__(self, codes: memoryview) -> None:
        self.codes = codes

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its codes' bytes (a memoryview does not pickle)."""
        return _legal_moves, (self.codes.tobytes(),)

    def __len__(self) -> int:
        return len(self.codes)

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        if isinstance(index, slice):
            return list(map(MOVES.__getitem__, self.codes[index]))
        return MOVES[self.codes[index]]

    def __iter__(self) -> Iterator[Move]:
        return map(MOVES.__getitem__, self.codes)

    def __contains__(self, move: object) -> bool:
        code = CODE_BY_ID.get(id(move))
        if code is None:
            code = _CODE_OF.get(move) if isinstance(move, Move) else None  # type: ignore[call-overload]
        return code is not None and code in self.codes

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalMoves):
            return self.codes == other.codes
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


def _legal_moves(codes: bytes) -> LegalMoves:
    """The :class:`LegalMoves` of the codes' bytes :meth:`LegalMoves.__reduce__` took."""
    return LegalMoves(memoryview(codes).cast("I"))
