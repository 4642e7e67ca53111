"""A Linja game's positions in the C core (``csrc/linja_core.h``), behind the ``Game`` API.

When the Linja core is loaded, a :class:`~huegames.linja.Game` keeps its
positions here, ``linja_state`` by ``linja_state``, and its moves and whole
turns are single calls into the core (``linja_line_play``,
``linja_turns``), its legal moves a lookup by ``linja_moves_key``, the states
its turn leads to one call (``linja_next_states``); the pure-Python engine in
:mod:`huegames.linja.game` and :mod:`huegames.linja.turns` is the
specification it agrees with, move for move (``tests/linja/test_parity.py``).

A game is its line of play: every position so far (20 bytes each), so an
undo is forgetting the last one and a copy is a copy of the line; each
position's legal moves are found by their key among the lists met before.
Python objects (a :class:`State`, a :class:`Board`, :class:`Move` lists) are
made only when they are read.
"""

from __future__ import annotations

import struct
import sys
import threading
from types import ModuleType
from typing import Any, TypeGuard

from .. import _cores
from .board import Board
from .moves import MOVES, Move, Turn
from .rules import Rules
from .state import State, Termination, TurnOutcome

__all__ = ["CState", "available", "next_states", "turn_outcomes"]

CORE = "huegames.linja._linja_core"
"""The compiled core's module, loaded through :mod:`huegames._cores`."""
CORE_NAME = "the Linja C core"
"""How warnings name it."""
CORE_VERSION = (3, 3)
"""The ``LINJA_CORE_VERSION_MAJOR`` and ``_MINOR`` of the header this module and
:mod:`huegames.linja.kernel` are written against (:func:`huegames._cores.core`)."""

_core: ModuleType | None = _cores.load(CORE, CORE_NAME, CORE_VERSION)

available = _core is not None
"""Whether games keep their position in the C core (not under ``HUEGAMES_BACKEND=python``)."""

if _core is not None:
    ffi: Any = _core.ffi
    lib: Any = _core.lib
    _SIZE = ffi.sizeof("linja_state")
    _TERMINATIONS = {
        lib.LINJA_ONGOING: None,
        lib.LINJA_PASSED: Termination.PASSED,
        lib.LINJA_BLOCKADE: Termination.BLOCKADE,
    }
    _CODES = {termination: code for code, termination in _TERMINATIONS.items()}
    _MOVE_BYTES = ffi.sizeof("linja_move")
    _BOARD = ffi.sizeof("linja_board")  # a position's first bytes

    if _MOVE_BYTES != 2:  # pragma: no cover - a compiler we have not met
        raise ImportError("huegames.linja._linja_core: unexpected linja_move layout")

    def _move_code(src: int, dst: int) -> int:
        """A move's two bytes (``linja_move``) read as one ``uint16_t``."""
        code: int = ffi.cast("uint16_t *", ffi.new("linja_move *", (src, dst)))[0]
        return code

    _BY_CODE = {_move_code(-1, -1): Move.PASS}
    _BY_CODE.update({_move_code(m.src, m.dst): m for row in MOVES for m in row if m.src != m.dst})
    _STRUCTS = {move: ffi.new("linja_move *", (move.src, move.dst)) for move in _BY_CODE.values()}
    _STRUCT_OF = {id(move): struct[0] for move, struct in _STRUCTS.items()}
    """Each of the moves :data:`MOVES` holds (and ``Move.PASS``), by identity, as
    the ``linja_move`` the core takes by value."""

    # A turn record, unpacked whole: its move bytes, the move count, the board
    # (red's 8 counts then black's), the seat to move and the end flag.
    _TURN = ffi.sizeof("linja_turn")
    _TURN_LAYOUT = struct.Struct(
        f"={4 * _MOVE_BYTES}s{ffi.offsetof('linja_turn', 'count') - 4 * _MOVE_BYTES}x"
        f"i{ffi.offsetof('linja_turn', 'board') - ffi.offsetof('linja_turn', 'count') - 4}x"
        f"{_BOARD}sbb{_TURN - ffi.offsetof('linja_turn', 'over') - 1}x"
    )
    # A next state's record: the board, the seat to move and the end flag.
    _NEXT = ffi.sizeof("linja_next")
    _NEXT_LAYOUT = struct.Struct(f"={_BOARD}sbb{_NEXT - _BOARD - 2}x")
    if _TURN_LAYOUT.size != _TURN or _NEXT_LAYOUT.size != _NEXT or _BOARD != 16:
        raise ImportError(  # pragma: no cover - a compiler we have not met
            "huegames.linja._linja_core: unexpected linja_turn or linja_next layout"
        )


class _Scratch(threading.local):
    """Output buffers of the core's calls, one set per thread."""

    def __init__(self) -> None:
        self.moves = ffi.new("linja_move[]", lib.LINJA_MAX_MOVES)
        self.turns = ffi.new("linja_turn[]", lib.LINJA_MAX_TURNS)
        self.next = ffi.new("linja_next[]", lib.LINJA_MAX_TURNS)
        self.state = ffi.new("linja_state *")


_ORDER = sys.byteorder  # how a uint16_t holds a move's two bytes
_scratch: _Scratch | None = _Scratch() if _core is not None else None
_rules_of: dict[Rules, Any] = {}
LISTS: dict[int, tuple[Move, ...]] = {}
"""Each list of legal moves met so far, by its key (``linja_moves_key``): a seat's
moves of ``n`` steps from a set of start positions, so at most 2 x 7 x 2**7 lists."""


def c_rules(rules: Rules) -> Any:
    """``rules`` as the ``linja_rules`` the core reads (made once per rule set;
    the last one asked for is found without hashing the rules)."""
    global _last_rules
    last, made = _last_rules
    if rules is last:
        return made
    made = _rules_of.get(rules)
    if made is None:
        made = _rules_of[rules] = ffi.new(
            "linja_rules *",
            (int(rules.goal_bonus), int(rules.tie_break == "goal"), int(rules.blockade == "draw")),
        )
    _last_rules = rules, made
    return made


_last_rules: tuple[Rules | None, Any] = (None, None)


def _write(target: Any, board: Board, seat: int, following: int, bonus: bool, code: int) -> None:
    target.board.red = board.red
    target.board.black = board.black
    target.player = seat
    target.following = following
    target.bonus = int(bonus)
    target.termination = code


class CState:
    """A Linja game's line of play in C: every position so far, ``linja_state``
    by ``linja_state``, the last the current one, and each one's moves key.

    Playing a move is one call (``linja_line_play`` writes the next position
    after the current one); undoing it forgets the last position, without a
    call.  The legal moves are found by their key (``linja_moves_key``) among
    the lists met before.

    :attr:`keys` holds each position's moves key, the last the current
    one's: 0 once the game is over, else the seat to move is its bit
    ``LINJA_KEY_SEAT``."""

    __slots__ = ("_line", "_rules", "_state", "keys")

    def __init__(self, state: State, rules: Rules) -> None:
        self._line = _new_line(_FIRST_CAPACITY)
        self.keys = [0]
        self._rules = c_rules(rules)
        self._state: State | None = None
        self.set(state)

    def set(self, state: State) -> None:
        """Put the position in ``state`` (the earlier ones stay, to undo to)."""
        at = self.now
        _write(at[0], *state[:4], _CODES[state.termination])
        key = lib.linja_moves_key(at)
        if key < 0:  # pragma: no cover - State and Board check their fields
            raise ValueError(f"not a Linja position: {_cores.error_message(_core, key)}")  # type: ignore[arg-type]
        self.keys[-1] = key
        self._state = state

    @property
    def now(self) -> Any:
        """The current position (a ``linja_state *``, the line's last)."""
        return self._line + (len(self.keys) - 1)

    @property
    def state(self) -> State:
        """The position as the Python engine's :class:`State` (made when read)."""
        state = self._state
        if state is None:
            at = self.now
            c = at[0]
            board = _board(ffi.buffer(at, _BOARD)[:])
            state = State(board, c.player, c.following, bool(c.bonus), _TERMINATIONS[c.termination])
            self._state = state
        return state

    @property
    def termination(self) -> Termination | None:
        """Why the game ended, or None while it goes on."""
        return None if self.keys[-1] else _TERMINATIONS[self.now[0].termination]

    @property
    def is_over(self) -> bool:
        """True once the game has ended (no legal moves: key 0)."""
        return not self.keys[-1]

    @property
    def player(self) -> int:
        """The seat to move (the one that would be, once over)."""
        key = self.keys[-1]
        if key:
            return key >> _SEAT_BIT & 1
        player: int = self.now[0].player
        return player

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None once the game is over (read from the moves key)."""
        key = self.keys[-1]
        return key >> _SEAT_BIT & 1 if key else None

    def legal_moves(self) -> list[Move]:
        """The single legal moves, in :meth:`Game.legal_moves`' order."""
        listed = LISTS.get(self.keys[-1])
        if listed is None:  # a list not met yet: at most a few thousand exist
            listed = _list_moves(self.now)
            LISTS[self.keys[-1]] = listed
        return list(listed)

    def play_known(self, move: object) -> TypeGuard[Move]:
        """Play ``move`` if it is one of the moves :data:`MOVES` holds (or
        ``Move.PASS``) and legal here (True); else change nothing (False).
        The fast path of :meth:`Game.play`, for the moves ``legal_moves`` gives."""
        struct = _STRUCT_OF.get(id(move))
        if struct is None:
            return False
        keys = self.keys
        key = _line_play(self._line, len(self._line), len(keys) - 1, struct, self._rules)
        if key < 0:
            return key == _FULL and self._grow_and_play(struct)
        keys.append(key)
        self._state = None
        return True

    def play(self, move: Move) -> bool:
        """Play ``move`` (a checked Move) if it is legal (True); else change nothing (False)."""
        if move.is_pass:
            return self.play_known(Move.PASS)
        return self.play_known(MOVES[move.src][move.dst])

    def _grow_and_play(self, struct: Any) -> bool:
        """Double the line, which is full, and play the move of ``struct`` if it is legal."""
        depth = len(self.keys)
        self._line = _new_line(2 * len(self._line), self._line, depth)
        key = _line_play(self._line, len(self._line), depth - 1, struct, self._rules)
        if key < 0:
            return False
        self.keys.append(key)
        self._state = None
        return True

    def undo(self) -> None:
        """Go back to the position before the last :meth:`play`."""
        self.keys.pop()
        self._state = None

    def __getstate__(self) -> tuple[bytes, list[int], bytes]:
        """Pickled (and deep-copied) as the bytes of its positions and rules."""
        line = ffi.buffer(self._line, len(self.keys) * _SIZE)[:]
        return line, self.keys, ffi.buffer(self._rules)[:]

    def __setstate__(self, state: tuple[bytes, list[int], bytes]) -> None:
        line, keys, rules = state
        self._line = _new_line(max(_FIRST_CAPACITY, 2 * len(keys)))
        ffi.memmove(self._line, line, len(line))
        self._rules = ffi.new("linja_rules *")
        ffi.memmove(self._rules, rules, len(rules))
        self.keys, self._state = list(keys), None

    def copy(self) -> CState:
        """An independent line with the same positions."""
        twin = CState.__new__(CState)
        depth = len(self.keys)
        twin._line = _new_line(max(_FIRST_CAPACITY, 2 * depth), self._line, depth)
        twin.keys, twin._rules, twin._state = list(self.keys), self._rules, self._state
        return twin

    def turn_outcomes(self) -> list[TurnOutcome]:
        """Every distinct way to complete the turn (:func:`turn_outcomes`)."""
        return _outcomes(self.now, self._rules)

    def next_states(self) -> list[tuple[Board, int, bool]]:
        """The distinct states the turn can lead to (:func:`next_states`)."""
        return _next_states(self.now, self._rules)


_FIRST_CAPACITY = 128
"""Positions a new line holds (a random game has about 85); it doubles when full."""
_line_play: Any = None if _core is None else lib.linja_line_play
"""``linja_line_play``, found once (an attribute of the core's ``lib`` costs a lookup a call)."""
_FULL = lib.HG_ERR_CAPACITY if _core is not None else None
"""What ``linja_line_play`` returns when the line has no room for the next position."""
_SEAT_BIT = lib.LINJA_KEY_SEAT if _core is not None else 0
"""The bit of a moves key that holds the seat to move."""
_unzeroed: Any = None if _core is None else ffi.new_allocator(should_clear_after_alloc=False)


def _new_line(capacity: int, old: Any = None, count: int = 0) -> Any:
    """A line of ``capacity`` positions, the first ``count`` copied from ``old``."""
    line = _unzeroed("linja_state[]", capacity)
    if count:
        ffi.memmove(line, old, count * _SIZE)
    return line


def _list_moves(position: Any) -> tuple[Move, ...]:
    """The core's legal moves of ``position`` (a ``linja_state *``) as Moves."""
    scratch = _scratch
    assert scratch is not None
    count = lib.linja_legal_moves(position, scratch.moves)
    codes = ffi.unpack(ffi.cast("uint16_t *", scratch.moves), count)
    return tuple(map(_BY_CODE.__getitem__, codes))


def _raw_turns(position: Any, rules: Any) -> tuple[bytes, int]:
    """The core's whole turns from ``position``: their records' bytes and count."""
    scratch = _scratch
    assert scratch is not None
    count = lib.linja_turns(position, rules, scratch.turns, lib.LINJA_MAX_TURNS)
    if count < 0:  # pragma: no cover - LINJA_MAX_TURNS holds every turn
        raise RuntimeError(f"linja_turns: {_cores.error_message(_core, count)}")  # type: ignore[arg-type]
    return ffi.buffer(scratch.turns, count * _TURN)[:], count


_BOARDS: dict[bytes, Board] = {}
"""Boards met lately, by the core's 16 bytes for them (red's 8 counts, then
black's): a search meets the same boards again and again, and making a Board
costs more than finding it."""
_MOST_BOARDS = 1 << 16
_COUNTS = struct.Struct("8B").unpack_from
_SET_RED, _SET_BLACK = (Board.__dict__[name].__set__ for name in ("red", "black"))
"""Board's slots, set straight: its frozen dataclass ``__init__`` costs twice as much."""


def _board(pieces: bytes) -> Board:
    """The Board of the core's 16 bytes ``pieces``."""
    board = _BOARDS.get(pieces)
    return _new_board(pieces) if board is None else board


def _new_board(pieces: bytes) -> Board:
    """:func:`_board` of bytes not met lately: a new Board, kept."""
    if len(_BOARDS) >= _MOST_BOARDS:
        _BOARDS.clear()
    board = _BOARDS[pieces] = Board.__new__(Board)
    _SET_RED(board, _COUNTS(pieces))
    _SET_BLACK(board, _COUNTS(pieces, 8))
    return board


def _outcomes(position: Any, rules: Any) -> list[TurnOutcome]:
    data, _ = _raw_turns(position, rules)
    found = []
    moves_of = _BY_CODE.__getitem__
    step = _MOVE_BYTES
    for moves, count, pieces, player, over in _TURN_LAYOUT.iter_unpack(data):
        codes = [int.from_bytes(moves[k * step : (k + 1) * step], _ORDER) for k in range(count)]
        turn = Turn(tuple(map(moves_of, codes)))
        found.append(TurnOutcome(turn, _board(pieces), player, over != 0))
    return found


def _next_states(position: Any, rules: Any) -> list[tuple[Board, int, bool]]:
    """The core's distinct states after the turn from ``position`` (``linja_next_states``)."""
    scratch = _scratch
    assert scratch is not None
    out = scratch.next
    count = _next_states_of(position, rules, out, _MOST_TURNS)
    if count < 0:  # pragma: no cover - LINJA_MAX_TURNS holds every state
        raise RuntimeError(f"linja_next_states: {_cores.error_message(_core, count)}")  # type: ignore[arg-type]
    boards = _BOARDS
    records = _NEXT_LAYOUT.iter_unpack(ffi.buffer(out, count * _NEXT))
    # (a Board is never false: ``or`` only makes the ones not met lately)
    return [
        (boards.get(pieces) or _new_board(pieces), player, over != 0)
        for pieces, player, over in records
    ]


_next_states_of: Any = None if _core is None else lib.linja_next_states
"""``linja_next_states``, found once (an attribute of the core's ``lib`` costs a lookup a call)."""
_MOST_TURNS = lib.LINJA_MAX_TURNS if _core is not None else 0


def _position(board: Board, seat: int, following: int, bonus: bool) -> Any:
    scratch = _scratch
    assert scratch is not None
    _write(scratch.state, board, seat, following, bonus, 0)
    return scratch.state


def turn_outcomes(
    board: Board, seat: int, following: int, bonus: bool, rules: Rules
) -> list[TurnOutcome]:
    """:func:`huegames.linja.turn_outcomes` in the core."""
    return _outcomes(_position(board, seat, following, bonus), c_rules(rules))


def next_states(
    board: Board, seat: int, following: int, bonus: bool, rules: Rules
) -> list[tuple[Board, int, bool]]:
    """:func:`huegames.linja.next_states` in the core."""
    return _next_states(_position(board, seat, following, bonus), c_rules(rules))
