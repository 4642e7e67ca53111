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

from typing import Any

import numpy as np

from .board import POSITIONS, RED
from .game import MIN_PLAYERS
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


class LinjaEncoding:
    """Linja's actions and observations (the table in this module's text).

    ``players`` must be 2; ``rules`` (a :class:`huegames.linja.Rules` or
    None) changes neither the actions nor the observation.
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

    def _legal_ids(self, view: View) -> list[int]:
        """The legal action ids, in the game's move order (:meth:`Game.legal_moves`,
        the one move generator: on C a list the core's key finds)."""
        game = view.game
        if view.player != game.current_player:
            return []
        ids = _IDS[view.player]
        return [ids[move.src, move.dst] for move in game.legal_moves()]

    def legal_actions(self, view: View) -> list[int]:
        """The action ids of the seat's legal moves, ascending (none when it is not to move)."""
        return sorted(self._legal_ids(view))

    def action_mask(self, view: View) -> np.ndarray:
        """An ``int8`` array of 29: 1 where the action is legal."""
        mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        mask[self._legal_ids(view)] = 1
        return mask

    def move_to_action(self, view: View, move: Any) -> int:
        """The action id of ``move`` (a Move or its text), which must be legal in ``view``."""
        move = Move.coerce(move)
        action = _IDS[view.player].get((move.src, move.dst))
        if action is None or action not in self._legal_ids(view):
            raise ValueError(f"move {move} is not legal for seat {view.player} here")
        return action

    def action_to_move(self, view: View, action: int) -> Move:
        """The move of action id ``action``, which must be legal in ``view``."""
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"an action id is an integer, not {action!r}")
        if action not in self._legal_ids(view):
            raise ValueError(f"action {action} is not legal for seat {view.player} here")
        return _MOVES[view.player][int(action)]

    def observation(self, view: View) -> np.ndarray:
        """The 25 numbers of the module's table, for the view's seat."""
        state = view.game.state
        seat = view.player
        board = state.board
        out = np.zeros(OBSERVATION_SHAPE, dtype=np.float32)
        ours, theirs = (board.red, board.black) if seat == RED else (board.black, board.red)
        if seat == RED:
            out[0:8] = ours
            out[8:16] = theirs
        else:
            out[0:8] = ours[::-1]
            out[8:16] = theirs[::-1]
        out[0:16] /= _PIECES
        over = state.termination is not None
        if not over and state.current_player == seat:
            out[_TO_MOVE] = 1.0
        out[_PHASE + min(state.following, _MAX_FOLLOWING)] = 1.0
        if state.bonus:
            out[_BONUS] = 1.0
        if over:
            out[_OVER] = 1.0
        return out
