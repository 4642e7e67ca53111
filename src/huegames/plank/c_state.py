"""A hand of Plank mirrored in the C core (``csrc/plank_core.h``), for the Game API.

When the Plank core is loaded, a :class:`~huegames.plank.Game` keeps its
position in C too (a ``plank_position``), moved along with every move and
undo, and asks the core for what costs most in Python: the legal moves
(``plank_legal_moves``), the winning moves (``plank_winning_moves``), the
threats (``plank_threats``), and whether a move is legal at all
(``plank_play`` refuses one that is not).  The Python engine in
:mod:`huegames.plank.game` still keeps the table, the tokens, the draw rules
and the end, and is the specification the core agrees with
(``tests/plank/test_c_state.py``, ``tests/plank/test_parity.py``).

A move's core code is its action id in :mod:`huegames.plank.encoding`, plus
``PLANK_PLACE_COLOUR`` times a place's colour (:data:`MOVES`).
"""

from __future__ import annotations

import struct
import threading
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any, overload

from .. import _cores
from .board import Table
from .components import COLOURS, ORDERS, TOKENS_PER_COLOUR
from .moves import ENDS, LAY_PLACES, LAY_SHIFTS, PLACES, SHIFTS, SQUARES, Move

__all__ = [
    "CODE_BY_ID",
    "CORE",
    "CORE_NAME",
    "CORE_VERSION",
    "MOVES",
    "CPosition",
    "LegalMoves",
    "available",
    "code_of",
]

CORE = "huegames.plank._plank_core"
"""The compiled core's module, loaded through :mod:`huegames._cores`."""
CORE_NAME = "the Plank C core"
"""How warnings name it."""
CORE_VERSION = (2, 0)
"""The ``PLANK_CORE_VERSION_MAJOR`` and ``_MINOR`` of the header this module and
:mod:`huegames.plank.kernel` are written against (:func:`huegames._cores.core`)."""

_core: ModuleType | None = _cores.load(CORE, CORE_NAME, CORE_VERSION)

available = _core is not None
"""Whether games mirror their position in the C core (not under ``HUEGAMES_BACKEND=python``)."""


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
    _SIZE = ffi.sizeof("plank_position")
    PLACE_COLOUR: int = lib.PLANK_PLACE_COLOUR
    """A move's code is its action id plus this times a Place's colour."""
    _AT = {
        field: ffi.offsetof("plank_position", field)
        for field in ("players", "order", "off", "held")
    }
    _EMPTY_TABLE = bytearray(_SIZE)  # no seats yet, every square empty (PLANK_EMPTY)
    _owners = ffi.offsetof("plank_position", "owners")
    _EMPTY_TABLE[_owners : _owners + len(SQUARES)] = bytes([lib.PLANK_EMPTY & 0xFF]) * len(SQUARES)


def code_of(move: Move) -> int:
    """The core's code of a move (one of :data:`MOVES`, or equal to one)."""
    code = CODE_BY_ID.get(id(move))
    return _CODE_OF[move] if code is None else code


class _Scratch(threading.local):
    """The moves buffer of the core's calls, one a thread."""

    def __init__(self) -> None:
        self.moves = ffi.new("uint32_t[]", lib.PLANK_MAX_MOVES)


_scratch: _Scratch | None = _Scratch() if _core is not None else None


class CPosition:
    """A hand's position in C (``plank_position``) and the bytes of every
    position so far, the last the current one: what undo goes back to, and
    what the repetition rule compares."""

    __slots__ = ("_c", "_stack")

    def __init__(self, order: Sequence[int], held: Sequence[Sequence[int]]) -> None:
        """The start of a hand: seats move in ``order``, seat ``s`` holding
        ``held[s]`` strips of each pattern, every token off the table."""
        start = bytearray(_EMPTY_TABLE)
        struct.pack_into("i", start, _AT["players"], len(order))
        start[_AT["order"] : _AT["order"] + len(order)] = bytes(order)
        for seat, counts in enumerate(held):
            at = 3 * seat
            start[_AT["held"] + at : _AT["held"] + at + 3] = bytes(counts)
            start[_AT["off"] + at : _AT["off"] + at + 3] = bytes((TOKENS_PER_COLOUR,) * 3)
        self._c = ffi.new("plank_position *")
        self._stack = [bytes(start)]
        ffi.memmove(self._c, self._stack[0], _SIZE)

    def play(self, code: int) -> int:
        """Play the move of ``code`` if it is legal: 1 when it completes a line
        for the seat that played it, else 0; -1, changing nothing, when it is
        not legal."""
        result: int = lib.plank_play(self._c, code)
        if result < 0:
            return -1
        self._stack.append(ffi.buffer(self._c)[:])
        return result

    def key(self, seat: int) -> tuple[int, bytes]:
        """The repetition rule's position: the seat to move and the position's
        bytes after the turn count (the strips laid, in hand and the tokens)."""
        return seat, self._stack[-1][_AT["order"] :]

    def table(self) -> Table:
        """The strips and tokens as a :class:`~huegames.plank.board.Table`."""
        c = self._c
        rows = c.rows
        strips = [ORDERS[order] for order in ffi.unpack(c.strips, rows)]
        return Table.of(strips, ffi.unpack(c.owners, 3 * rows))

    def tokens_off(self) -> list[list[int]]:
        """Each seat's tokens off the table, by colour (:data:`COLOURS` order)."""
        c = self._c
        return [list(c.off[seat]) for seat in range(c.players)]

    def strips_held(self) -> list[list[int]]:
        """Each seat's strips in hand, by pattern (:data:`PATTERNS` order)."""
        c = self._c
        return [list(c.held[seat]) for seat in range(c.players)]

    def undo(self) -> None:
        """Go back to the position before the last :meth:`play`."""
        self._stack.pop()
        ffi.memmove(self._c, self._stack[-1], _SIZE)

    def copy(self) -> CPosition:
        """An independent position with the same history."""
        twin = CPosition.__new__(CPosition)
        twin._c = ffi.new("plank_position *")
        ffi.memmove(twin._c, self._c, _SIZE)
        twin._stack = list(self._stack)
        return twin

    def legal_moves(self) -> LegalMoves:
        """The legal moves of the seat to move, in :meth:`Game.legal_moves`' order."""
        return self._moves(lib.plank_legal_moves)

    def winning_moves(self) -> LegalMoves:
        """The legal moves that complete a line, in :meth:`Game.winning_moves`' order."""
        return self._moves(lib.plank_winning_moves)

    def threats(self, seat: int) -> int:
        """:meth:`Game.threats` of a checked seat."""
        count: int = lib.plank_threats(self._c, seat)
        return count

    def _moves(self, call: Any) -> LegalMoves:
        scratch = _scratch
        assert scratch is not None
        out = scratch.moves
        count = call(self._c, out)
        return LegalMoves(memoryview(ffi.buffer(out, 4 * count)[:]).cast("I"))


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
