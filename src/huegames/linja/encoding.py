"""Linja as fixed-size numbers (:class:`huegames.encoding.Encoding`).

Everything is written in the frame of the view's seat, "us": position
``p`` of the frame is ``p`` for red and ``7 - p`` for black, so our pieces
always head from 0 to our goal 7 and the other side's from 7 to 0.  One
network serves both colours; Linja's rules are the same for both.

**Actions** (``Discrete(29)``): a single move (rules §4) from frame position
``s`` to frame position ``t > s`` is action ``s * (15 - s) // 2 + t - s - 1``
(the 28 forward pairs of ``0..7`` in the order 0-1, 0-2, ..., 0-7, 1-2, ...,
6-7); action 28 is the pass.  Initial, following and bonus moves share these
ids: the state says which kind is due.

**Observation** (``float32``, shape ``(25,)``, every value in ``[0, 1]``):

========  ===========================================================
index     meaning
========  ===========================================================
0 .. 7    our pieces on frame positions 0..7, divided by 12
8 .. 15   the other side's pieces on frame positions 0..7, divided by 12
16        1 when we are to move
17 .. 22  one-hot: 0 = an initial move is due, N = a following move of N (1..5)
23        1 during a bonus turn
24        1 once the game is over
========  ===========================================================

Linja hides nothing: the observation is the whole state (history aside)
and the same for every way of reaching it.

>>> from huegames import linja
>>> from huegames.linja.encoding import LinjaEncoding
>>> code = LinjaEncoding(players=2)
>>> game = linja.new_game(seed=1)          # red to move
>>> view = game.view(game.current_player)
>>> code.legal_actions(view)
[0, 7, 13, 18, 22, 25, 27]
>>> code.action_to_move(view, 7), code.move_to_action(view, linja.Move.parse("0-1"))
(Move.parse('1-2'), 0)
>>> game.play("0-1")
Move.parse('0-1')
>>> code.observation(view)[17:23].tolist()  # the view is a snapshot: still the initial move
[1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
>>> code.observation(game.view(0))[17:23].tolist()  # now a following move of 2
[0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import engine
from ..encoding import check_action
from ..errors import IllegalMoveError
from . import c_state
from .board import POSITIONS, RED
from .game import MIN_PLAYERS, Game
from .moves import MOVES, Move
from .rules import Rules
from .view import View

__all__ = ["ACTION_COUNT", "OBSERVATION_SHAPE", "PASS_ACTION", "LinjaEncoding"]

_PAIRS = [(s, t) for s in range(POSITIONS - 1) for t in range(s + 1, POSITIONS)]
PASS_ACTION = len(_PAIRS)
"""The action id of :attr:`Move.PASS <huegames.linja.Move.PASS>` (28)."""
ACTION_COUNT = PASS_ACTION + 1
"""29: the 28 forward pairs of positions and the pass."""
OBSERVATION_SHAPE = (25,)
"""The shape of every Linja observation."""

_PIECES = 12.0
_MAX_FOLLOWING = 5
_TO_MOVE, _PHASE, _BONUS, _OVER = 16, 17, 23, 24


def _frame(seat: int, position: int) -> int:
    return position if seat == RED else POSITIONS - 1 - position


# Per seat: action id -> Move (the one MOVES holds: Game.play's fast path),
# and (src, dst) in absolute positions -> action id.
_MOVES: tuple[tuple[Move, ...], ...] = tuple(
    (*(MOVES[_frame(seat, s)][_frame(seat, t)] for s, t in _PAIRS), Move.PASS) for seat in (0, 1)
)
_IDS: tuple[dict[tuple[int, int], int], ...] = tuple(
    {(move.src, move.dst): action for action, move in enumerate(moves)} for moves in _MOVES
)

_POSITION = struct.Struct("=16s4b")
"""A position as the core's ``linja_state`` holds it: red's eight counts and
black's, then the seat to move, the following move's length, the bonus
flag and the termination code (0 while the game goes on)."""
if c_state.available and c_state.ffi.sizeof("linja_state") != _POSITION.size:  # pragma: no cover
    raise ImportError("huegames.linja._linja_core: unexpected linja_state layout")
_COUNTS = tuple(struct.pack("=f", count / _PIECES) for count in range(256))
"""Each piece count's number in the observation, as float32 bytes."""
_ROWS_KEPT = 1 << 14


class _Rows(dict[bytes, bytes]):
    """A side's eight counts as the observation's eight float32s (bytes to
    bytes), made when first met; at most :data:`_ROWS_KEPT` are kept."""

    def __missing__(self, row: bytes) -> bytes:
        if len(self) >= _ROWS_KEPT:
            self.clear()
        made = self[row] = b"".join(map(_COUNTS.__getitem__, row))
        return made


class _Tails(dict[bytes, bytes]):
    """A position's last four bytes as seat ``seat``'s last nine float32s
    (to move, phase, bonus, over), made when first met (a few dozen exist)."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, key: bytes) -> bytes:
        player, following, bonus, termination = key
        over = termination != 0
        tail = np.zeros(OBSERVATION_SHAPE[0] - _TO_MOVE, dtype=np.float32)
        tail[0] = not over and player == self.seat
        tail[_PHASE - _TO_MOVE + min(following, _MAX_FOLLOWING)] = 1.0
        tail[_BONUS - _TO_MOVE] = bonus != 0
        tail[_OVER - _TO_MOVE] = over
        made = self[key] = tail.tobytes()
        return made


_ROWS = _Rows()
_TAILS = (_Tails(0), _Tails(1))
_NO_ACTIONS = np.zeros(ACTION_COUNT, dtype=np.int8)
_NO_ACTIONS.flags.writeable = False
_MASKS: dict[int, np.ndarray] = {}
"""The mask of each list of legal moves the core's moves key names (made when
first met: at most a few thousand lists exist)."""
_SEAT_BIT = c_state.lib.LINJA_KEY_SEAT if c_state.available else 0


def _position(game: Game) -> bytes:
    """The game's position as :data:`_POSITION` lays it out: read from the
    core on the C backend, packed from the game's State on the Python one."""
    c = game.core_state
    if c is not None:
        return c_state.ffi.buffer(c.now, _POSITION.size)[:]  # type: ignore[no-any-return]
    state = game.state
    board = state.board
    over = state.termination is not None
    return _POSITION.pack(
        bytes(board.red + board.black), state.current_player, state.following, state.bonus, over
    )


def _observation(position: bytes, seat: int) -> np.ndarray:
    """Seat ``seat``'s observation of ``position`` (the module's table), a new array."""
    if seat == RED:
        ours, theirs = position[:8], position[8:16]
    else:  # the other way round: our counts from our goal's far end
        ours, theirs = position[15:7:-1], position[7::-1]
    rows = _ROWS
    data = rows[ours] + rows[theirs] + _TAILS[seat][position[16:]]
    return np.frombuffer(bytearray(data), dtype=np.float32)


def _mask_of(moves: Sequence[Move], seat: int) -> np.ndarray:
    """The read-only mask of ``moves``, legal moves of seat ``seat``."""
    ids = _IDS[seat]
    mask = np.zeros(ACTION_COUNT, dtype=np.int8)
    mask[[ids[move.src, move.dst] for move in moves]] = 1
    mask.flags.writeable = False
    return mask


def _legal_mask(game: Game, seat: int) -> np.ndarray:
    """The read-only mask of seat ``seat``'s legal actions in ``game`` (all 0
    unless it is to move): on the C backend found by the core's moves key."""
    c = game.core_state
    if c is None:
        if seat != game.current_player:
            return _NO_ACTIONS
        return _mask_of(game.legal_moves(), seat)
    key = c.keys[-1]
    if not key or key >> _SEAT_BIT & 1 != seat:  # over, or the other seat to move
        return _NO_ACTIONS
    mask = _MASKS.get(key)
    if mask is None:
        mask = _MASKS[key] = _mask_of(c.legal_moves(), seat)
    return mask


def _check_seat(seat: object) -> int:
    """``seat`` when it is 0 or 1, else a TypeError or ValueError."""
    if engine.check_int(seat, "seat") not in (0, 1):
        raise ValueError(f"no seat {seat}: Linja's seats are 0 and 1")
    return seat  # type: ignore[return-value]


class LinjaEncoding:
    """Linja's actions and observations (the table in this module's text).

    ``players`` must be 2; ``rules`` (a :class:`huegames.linja.Rules` or
    None) changes neither the actions nor the observation.  Observations
    and masks are new arrays; :meth:`observe_seat` and :meth:`play_seat`
    read a seat's from the game itself (no view, which copies the game).
    """

    game = "linja"
    action_count = ACTION_COUNT
    observation_shape = OBSERVATION_SHAPE
    observation_dtype = np.dtype(np.float32)
    observation_low = 0.0
    """Every number of an observation is at least 0 ..."""
    observation_high = 1.0
    """... and at most 1."""

    def __init__(self, players: int = MIN_PLAYERS, rules: Rules | None = None) -> None:
        if players != MIN_PLAYERS:
            raise ValueError(f"Linja is for {MIN_PLAYERS} players, not {players!r}")
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be a linja.Rules, not {type(rules).__name__}")
        self.players = players
        self.rules = rules or Rules()

    def legal_actions(self, view: View) -> list[int]:
        """The action ids of the seat's legal moves, ascending (none when it is not to move)."""
        return np.flatnonzero(_legal_mask(view.game, view.player)).tolist()  # type: ignore[no-any-return]

    def action_mask(self, view: View) -> np.ndarray:
        """An ``int8`` array of 29: 1 where the action is legal."""
        return _legal_mask(view.game, view.player).copy()

    def move_to_action(self, view: View, move: Any) -> int:
        """The action id of ``move`` (a Move or its text), which must be legal in ``view``."""
        move = Move.coerce(move)
        action = _IDS[view.player].get((move.src, move.dst))
        if action is None or not _legal_mask(view.game, view.player)[action]:
            raise ValueError(f"move {move} is not legal for seat {view.player} here")
        return action

    def action_to_move(self, view: View, action: int) -> Move:
        """The move of action id ``action``, which must be legal in ``view``."""
        if not _legal_mask(view.game, view.player)[check_action(action, ACTION_COUNT)]:
            raise ValueError(f"action {action} is not legal for seat {view.player} here")
        return _MOVES[view.player][int(action)]

    def observation(self, view: View) -> np.ndarray:
        """The 25 numbers of the module's table, for the view's seat."""
        return _observation(_position(view.game), view.player)

    def observe_seat(self, game: Game, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """``(observation(view), action_mask(view))`` of ``view = game.view(seat)``,
        read from the game without the copy a view makes."""
        if not isinstance(game, Game):
            raise TypeError(f"expected a linja.Game, not {type(game).__name__}")
        _check_seat(seat)
        return _observation(_position(game), seat), _legal_mask(game, seat).copy()

    def play_seat(self, game: Game, seat: int, action: int) -> Move:
        """Play action ``action`` of seat ``seat`` on ``game`` and return its move:
        ``game.play(self.action_to_move(game.view(seat), action))`` without
        the view's copy; a ValueError, and nothing played, unless the action
        is legal for that seat now (the game checks the move: in one call on C)."""
        if type(action) is not int or not 0 <= action < ACTION_COUNT:
            action = check_action(action, ACTION_COUNT)  # raises, or an action id of another type
        if not isinstance(game, Game):
            raise TypeError(f"expected a linja.Game, not {type(game).__name__}")
        if seat != game.current_player:
            _check_seat(seat)
            raise ValueError(f"action {action} is not legal for seat {seat} here")
        try:
            return game.play(_MOVES[seat][action])
        except IllegalMoveError:
            raise ValueError(f"action {action} is not legal for seat {seat} here") from None
