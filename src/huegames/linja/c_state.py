"""One Linja position in the C core (``csrc/linja_core.h``), behind the ``Game`` API.

When the Linja core is loaded, a :class:`~huegames.linja.Game` keeps its
position here, a ``linja_state`` in C, and its legal moves, moves, undo and
whole turns are single calls into the core (``linja_legal_moves``,
``linja_play``, ``linja_turns``); the pure-Python engine in
:mod:`huegames.linja.game` and :mod:`huegames.linja.turns` is the
specification it agrees with, move for move (``tests/linja/test_parity.py``).

The position is 20 bytes, so an undo step is a snapshot of them, and a
copy is a copy of the snapshots.  Python objects (a :class:`State`, a
:class:`Board`, :class:`Move` lists) are made only when they are read.
"""

from __future__ import annotations

import struct
import sys
import threading
from types import ModuleType
from typing import Any

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
CORE_VERSION = (3, 0)
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
    # (red then black), the seat to move and the end flag.
    _TURN = ffi.sizeof("linja_turn")
    _TURN_LAYOUT = struct.Struct(
        f"={4 * _MOVE_BYTES}s{ffi.offsetof('linja_turn', 'count') - 4 * _MOVE_BYTES}x"
        f"i{ffi.offsetof('linja_turn', 'board') - ffi.offsetof('linja_turn', 'count') - 4}x"
        f"8s8sbb{_TURN - ffi.offsetof('linja_turn', 'over') - 1}x"
    )
    if _TURN_LAYOUT.size != _TURN:  # pragma: no cover - a compiler we have not met
        raise ImportError("huegames.linja._linja_core: unexpected linja_turn layout")


class _Scratch(threading.local):
    """Output buffers of the core's calls, one set per thread."""

    def __init__(self) -> None:
        self.moves = ffi.new("linja_move[]", lib.LINJA_MAX_MOVES)
        self.raw = ffi.buffer(self.moves)
        self.turns = ffi.new("linja_turn[]", lib.LINJA_MAX_TURNS)
        self.state = ffi.new("linja_state *")


_ORDER = sys.byteorder  # how a uint16_t holds a move's two bytes
_scratch: _Scratch | None = _Scratch() if _core is not None else None
_rules_of: dict[Rules, Any] = {}
_LISTS: dict[bytes, tuple[Move, ...]] = {}
"""Each list of legal moves met so far, by the core's bytes for it: the moves of
``n`` steps from a set of start positions, so at most 2 x 8 x 2**7 lists."""


def _c_rules(rules: Rules) -> Any:
    """``rules`` as the ``linja_rules`` the core reads (made once per rule set)."""
    made = _rules_of.get(rules)
    if made is None:
        made = _rules_of[rules] = ffi.new(
            "linja_rules *",
            (int(rules.goal_bonus), int(rules.tie_break == "goal"), int(rules.blockade == "draw")),
        )
    return made


def _write(target: Any, board: Board, seat: int, following: int, bonus: bool, code: int) -> None:
    target.board.red = board.red
    target.board.black = board.black
    target.player = seat
    target.following = following
    target.bonus = int(bonus)
    target.termination = code


class CState:
    """A Linja position in C (``linja_state``) and the snapshots to undo to."""

    __slots__ = ("_c", "_rules", "_stack", "_state")

    def __init__(self, state: State, rules: Rules) -> None:
        self._c = ffi.new("linja_state *")
        _write(self._c, *state[:4], _CODES[state.termination])
        self._rules = _c_rules(rules)
        self._stack: list[bytes] = []
        self._state: State | None = state

    def set(self, state: State) -> None:
        """Put the position in ``state`` (the snapshots stay)."""
        _write(self._c, *state[:4], _CODES[state.termination])
        self._state = state

    @property
    def state(self) -> State:
        """The position as the Python engine's :class:`State` (made when read)."""
        state = self._state
        if state is None:
            c = self._c
            board = Board(tuple(c.board.red), tuple(c.board.black))
            state = State(board, c.player, c.following, bool(c.bonus), _TERMINATIONS[c.termination])
            self._state = state
        return state

    @property
    def termination(self) -> Termination | None:
        """Why the game ended, or None while it goes on."""
        return _TERMINATIONS[self._c.termination]

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._c.termination != 0

    @property
    def player(self) -> int:
        """The seat to move (the one that would be, once over)."""
        player: int = self._c.player
        return player

    def legal_moves(self) -> list[Move]:
        """The single legal moves, in :meth:`Game.legal_moves`' order."""
        scratch = _scratch
        assert scratch is not None
        raw = scratch.raw[: _MOVE_BYTES * lib.linja_legal_moves(self._c, scratch.moves)]
        listed = _LISTS.get(raw)
        if listed is None:  # a list not met yet: at most a few thousand exist
            codes = ffi.unpack(ffi.cast("uint16_t *", scratch.moves), len(raw) // _MOVE_BYTES)
            listed = _LISTS[raw] = tuple(map(_BY_CODE.__getitem__, codes))
        return list(listed)

    def play_known(self, move: Move) -> bool:
        """Play ``move`` if it is one of the moves :data:`MOVES` holds (or
        ``Move.PASS``) and legal here (True); else change nothing (False)."""
        struct = _STRUCT_OF.get(id(move))
        return struct is not None and self._play(struct)

    def play(self, move: Move) -> bool:
        """Play ``move`` (a checked Move) if it is legal (True); else change nothing (False)."""
        struct = _STRUCT_OF.get(id(move))
        if struct is None:  # an equal Move made elsewhere
            struct = _STRUCT_OF[id(Move.PASS if move.is_pass else MOVES[move.src][move.dst])]
        return self._play(struct)

    def _play(self, struct: Any) -> bool:
        snapshot = ffi.buffer(self._c)[:]
        if lib.linja_play(self._c, struct, self._rules) < 0:
            return False
        self._stack.append(snapshot)
        self._state = None
        return True

    def undo(self) -> None:
        """Go back to the position before the last :meth:`play`."""
        ffi.memmove(self._c, self._stack.pop(), _SIZE)
        self._state = None

    def copy(self) -> CState:
        """An independent position with the same snapshots."""
        twin = CState.__new__(CState)
        twin._c = ffi.new("linja_state *")
        ffi.memmove(twin._c, self._c, _SIZE)
        twin._rules, twin._stack, twin._state = self._rules, list(self._stack), self._state
        return twin

    def turn_outcomes(self) -> list[TurnOutcome]:
        """Every distinct way to complete the turn (:func:`turn_outcomes`)."""
        return _outcomes(self._c, self._rules)

    def next_states(self) -> list[tuple[Board, int, bool]]:
        """The distinct states the turn can lead to (:func:`next_states`)."""
        return _next_states(self._c, self._rules)


def _raw_turns(position: Any, rules: Any) -> tuple[bytes, int]:
    """The core's whole turns from ``position``: their records' bytes and count."""
    scratch = _scratch
    assert scratch is not None
    count = lib.linja_turns(position, rules, scratch.turns, lib.LINJA_MAX_TURNS)
    if count < 0:  # pragma: no cover - LINJA_MAX_TURNS holds every turn
        raise RuntimeError(f"linja_turns: {_cores.error_message(_core, count)}")  # type: ignore[arg-type]
    return ffi.buffer(scratch.turns, count * _TURN)[:], count


_BOARDS: dict[tuple[bytes, bytes], Board] = {}
"""Boards met lately, by the core's bytes for them: a search meets the same
boards again and again, and making a Board costs more than finding it."""
_MOST_BOARDS = 1 << 16


def _board(red: bytes, black: bytes) -> Board:
    """The Board of the core's piece counts ``red`` and ``black``."""
    board = _BOARDS.get((red, black))
    if board is None:
        if len(_BOARDS) >= _MOST_BOARDS:
            _BOARDS.clear()
        board = _BOARDS[red, black] = Board(tuple(red), tuple(black))
    return board


def _outcomes(position: Any, rules: Any) -> list[TurnOutcome]:
    data, _ = _raw_turns(position, rules)
    found = []
    moves_of = _BY_CODE.__getitem__
    step = _MOVE_BYTES
    for moves, count, red, black, player, over in _TURN_LAYOUT.iter_unpack(data):
        codes = [int.from_bytes(moves[k * step : (k + 1) * step], _ORDER) for k in range(count)]
        turn = Turn(tuple(map(moves_of, codes)))
        found.append(TurnOutcome(turn, _board(red, black), player, over != 0))
    return found


def _next_states(position: Any, rules: Any) -> list[tuple[Board, int, bool]]:
    data, _ = _raw_turns(position, rules)
    seen: dict[tuple[bytes, bytes, int, int], None] = {}
    for _, _, red, black, player, over in _TURN_LAYOUT.iter_unpack(data):
        seen.setdefault((red, black, player, over))
    return [(_board(red, black), player, over != 0) for red, black, player, over in seen]


def _position(board: Board, seat: int, following: int, bonus: bool) -> Any:
    scratch = _scratch
    assert scratch is not None
    _write(scratch.state, board, seat, following, bonus, 0)
    return scratch.state


def turn_outcomes(
    board: Board, seat: int, following: int, bonus: bool, rules: Rules
) -> list[TurnOutcome]:
    """:func:`huegames.linja.turn_outcomes` in the core."""
    return _outcomes(_position(board, seat, following, bonus), _c_rules(rules))


def next_states(
    board: Board, seat: int, following: int, bonus: bool, rules: Rules
) -> list[tuple[Board, int, bool]]:
    """:func:`huegames.linja.next_states` in the core."""
    return _next_states(_position(board, seat, following, bonus), _c_rules(rules))
