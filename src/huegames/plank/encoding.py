"""Plank as fixed-size numbers (:class:`huegames.encoding.Encoding`).

The table never holds more than the 12 strips, so every square is a row
0-11 (counted from the top strip as the table stands) and a column 0-2:
square ``i = 3 * row + col``, 36 in all, as in :attr:`Square.index
<huegames.plank.Square.index>`.

**Actions** (``Discrete(1801)``), one block per kind of move (rules §5):

=============  ==========================================================
ids            move
=============  ==========================================================
0 .. 35        :class:`~huegames.plank.Place` on square ``i`` (the token
               takes the square's colour)
36 .. 1331     :class:`~huegames.plank.Shift` from square ``s`` to ``t``:
               ``36 + 36 * s + t`` (never legal when ``s == t``)
1332 .. 1367   :class:`~huegames.plank.LayPlace`: ``1332 + 6 * o + 3 * e + c``
1368 .. 1799   :class:`~huegames.plank.LayShift`:
               ``1368 + 36 * (2 * o + e) + s`` (``s`` named before the lay)
1800           :attr:`Move.PASS <huegames.plank.Move.PASS>`
=============  ==========================================================

``o`` is the strip's order in :data:`ORDERS <huegames.plank.components.ORDERS>`
(``GRW, GWR, RGW, RWG, WGR, WRG``), ``e`` its end (0 top, 1 bottom) and
``c`` the token's colour in ``G, R, W``.  A first strip laid at the bottom
of the empty table is the same move as at the top (the game records it as
``T``): it has the top's id.

**Observation** (``float32``, every value in ``[0, 1]``, shape
``(111 + 43 * players,)``).  Seats are taken in turn order from the view's
seat: ``k = 0`` is "us", ``k = 1`` the seat that plays after us, and so on
(with 4 players ``k = 2`` is our partner).

==========================  ==============================================
indices                     meaning
==========================  ==============================================
``36 * c + i``              square ``i`` has colour ``c`` (``G, R, W``):
                            108 numbers, zero on rows not laid yet
``108 + 36 * k + i``        seat ``k``'s token stands on square ``i``
``T + 3 * k + p``           strips of pattern ``p`` (``RWG, RGW, GRW``)
                            seat ``k`` still holds, divided by 4
``T + 3 * P + 3 * k + c``   seat ``k``'s tokens of colour ``c`` still off
                            the table, divided by 2 (none: its movement
                            phase)
``T + 6 * P + k``           1 when seat ``k`` is to move
``T + 7 * P``               turns played, divided by ``Rules.turn_limit``
                            (0 without a limit)
``T + 7 * P + 1``           times this position has occurred, divided by
                            ``Rules.repetition`` (0 without repetition)
``T + 7 * P + 2``           1 once the hand is over
==========================  ==============================================

where ``P`` is the player count and ``T = 108 + 36 * P``; the first ``T``
numbers reshape to ``(3 + P, 12, 3)`` planes of rows and columns.

Plank hides nothing (rules §4): the observation is the position and the
same for every way of reaching it (bar the draw counters above).

>>> from huegames import plank
>>> from huegames.plank.encoding import PlankEncoding
>>> code = PlankEncoding(players=2)
>>> game = plank.new_game(players=2, seed=7)
>>> view = game.view(0)
>>> code.action_count, code.observation_shape, len(code.legal_actions(view))
(1801, (197,), 18)
>>> action = code.move_to_action(view, plank.Move.parse("T GWR R"))
>>> action, code.action_to_move(view, action)
(1339, Move.parse('T GWR R'))
>>> _ = game.play("T GWR R")
>>> planes = code.observation(game.view(1))[:180].reshape(5, 12, 3)
>>> planes[:3, 0].tolist()  # the top row's colours: G, W, R (planes G, R, W)
[[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]]
>>> planes[3:, 0].tolist()  # seat 1 sees its own tokens (none) and then seat 0's
[[0.0, 0.0, 0.0], [0.0, 0.0, 1.0]]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import c_state
from .components import COLOURS, LETTERS, MAX_ROWS, ORDERS, PATTERNS, check_players
from .game import Game
from .moves import (
    LAY_PLACES,
    LAY_SHIFTS,
    PLACES,
    SHIFTS,
    LayPlace,
    LayShift,
    Move,
    Pass,
    Place,
    Shift,
)
from .rules import Rules
from .view import View

__all__ = [
    "ACTION_COUNT",
    "LAY_PLACE_BASE",
    "LAY_SHIFT_BASE",
    "PASS_ACTION",
    "SHIFT_BASE",
    "PlankEncoding",
]

SQUARE_COUNT = 3 * MAX_ROWS
SHIFT_BASE = SQUARE_COUNT
"""The first :class:`~huegames.plank.Shift` id (36)."""
LAY_PLACE_BASE = SHIFT_BASE + SQUARE_COUNT * SQUARE_COUNT
"""The first :class:`~huegames.plank.LayPlace` id (1332)."""
LAY_SHIFT_BASE = LAY_PLACE_BASE + len(ORDERS) * 2 * len(COLOURS)
"""The first :class:`~huegames.plank.LayShift` id (1368)."""
PASS_ACTION = LAY_SHIFT_BASE + len(ORDERS) * 2 * SQUARE_COUNT
"""The id of the pass (1800)."""
ACTION_COUNT = PASS_ACTION + 1
"""1801 action ids in all."""

_COLOUR = {c: k for k, c in enumerate(COLOURS)}
_ORDER = {o: k for k, o in enumerate(ORDERS)}
_END = {"T": 0, "B": 1}
# For each pattern index, the indices of its two orders (itself and reversed).
_PATTERN_ORDERS = tuple((_ORDER[p], _ORDER[p[::-1]]) for p in PATTERNS)
_PATTERN_OF_ORDER = tuple(PATTERNS.index(o if o in PATTERNS else o[::-1]) for o in ORDERS)

# The move of every id whose move does not depend on the table (all but Place).
_FIXED: list[Move | None] = [None] * ACTION_COUNT
for _s in range(SQUARE_COUNT):
    for _t in range(SQUARE_COUNT):
        _FIXED[SHIFT_BASE + SQUARE_COUNT * _s + _t] = SHIFTS[_s][_t]
for (_o, _e, _c), _move in LAY_PLACES.items():
    _FIXED[LAY_PLACE_BASE + 6 * _ORDER[_o] + 3 * _END[_e] + _COLOUR[_c]] = _move
for (_o, _e, _i), _lay in LAY_SHIFTS.items():
    _FIXED[LAY_SHIFT_BASE + SQUARE_COUNT * (2 * _ORDER[_o] + _END[_e]) + _i] = _lay
_FIXED[PASS_ACTION] = Move.PASS

# The observation slots of a strip's colours when it lies in row r: _COLOUR_SLOTS[order][r].
_COLOUR_SLOTS = {
    order: tuple(
        tuple(SQUARE_COUNT * _COLOUR[c] + 3 * r + col for col, c in enumerate(order))
        for r in range(MAX_ROWS)
    )
    for order in ORDERS
}


def _legal_ids(game: Game, seat: int) -> np.ndarray:
    """The legal action ids of ``seat`` in ``game``: its legal moves' ids
    (:meth:`Game.legal_moves`, the one move generator), in their order.  On
    C they are the core's move codes less the colour of a Place."""
    if game.current_player != seat:
        return np.zeros(0, dtype=np.intp)
    moves = game.legal_moves()
    if isinstance(moves, c_state.LegalMoves):
        return np.frombuffer(moves.codes, dtype=np.uint32).astype(np.intp) % c_state.PLACE_COLOUR
    rows = game.table.rows
    return np.array([_move_id(move, rows) for move in moves], dtype=np.intp)


def _move_of(game: Game, action: int) -> Move | None:
    """The move action id ``action`` names on ``game``'s table, legal or not;
    None for an id out of range or a placement on a square not laid."""
    if not 0 <= action < ACTION_COUNT:
        return None
    if action < SHIFT_BASE:
        colours = game.table.colours
        return PLACES[colours[action], action] if action < len(colours) else None
    return _FIXED[action]


def _move_id(move: Move, rows: int) -> int:
    """The id of ``move`` (a checked move) on a table of ``rows`` strips."""
    if isinstance(move, Place):
        return move.square.index
    if isinstance(move, Shift):
        return SHIFT_BASE + SQUARE_COUNT * move.source.index + move.target.index
    if isinstance(move, LayPlace):
        end = _END[move.end] if rows else 0
        return LAY_PLACE_BASE + 6 * _ORDER[move.strip] + 3 * end + _COLOUR[move.colour]
    if isinstance(move, LayShift):
        end = _END[move.end] if rows else 0
        return LAY_SHIFT_BASE + SQUARE_COUNT * (2 * _ORDER[move.strip] + end) + move.source.index
    assert isinstance(move, Pass)  # every move is one of the five kinds
    return PASS_ACTION


class PlankEncoding:
    """Plank's actions and observations for ``players`` seats (the tables in
    this module's text).

    ``rules`` (a :class:`huegames.plank.Rules` or None) only scales the two
    draw counters of the observation.
    """

    game = "plank"
    action_count = ACTION_COUNT
    observation_dtype = np.dtype(np.float32)
    observation_low = 0.0
    """Every number of an observation is at least 0 ..."""
    observation_high = 1.0
    """... and at most 1."""

    def __init__(self, players: int = 2, rules: Rules | None = None) -> None:
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be plank.Rules, not {type(rules).__name__}")
        self.players = check_players(players)
        self.rules = rules or Rules()
        p = self.players
        self._tokens = 3 * SQUARE_COUNT
        self._hands = self._tokens + SQUARE_COUNT * p
        self._off = self._hands + 3 * p
        self._to_move = self._off + 3 * p
        self._turns = self._to_move + p
        self.observation_shape: tuple[int, ...] = (self._turns + 3,)
        self._rel: dict[tuple[tuple[str, ...], int], tuple[int, ...]] = {}

    def _check(self, view: View) -> Game:
        if not isinstance(view, View):
            raise TypeError(f"not a plank.View: {type(view).__name__}")
        if view.players != self.players:
            raise ValueError(f"a {view.players}-player view for a {self.players}-player encoding")
        return view.game

    def legal_actions(self, view: View) -> list[int]:
        """The action ids of the seat's legal moves, ascending (none when it is not to move)."""
        ids: list[int] = np.sort(_legal_ids(self._check(view), view.player)).tolist()
        return ids

    def action_mask(self, view: View) -> np.ndarray:
        """An ``int8`` array of 1801: 1 where the action is legal."""
        mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        mask[_legal_ids(self._check(view), view.player)] = 1
        return mask

    def move_to_action(self, view: View, move: Any) -> int:
        """The action id of ``move`` (a Move or its text), which must be legal in ``view``."""
        game = self._check(view)
        move = Move.coerce(move)
        played = game.legal_form(move) if game.current_player == view.player else None
        if played is None:
            raise ValueError(f"move {move} is not legal for seat {view.player} here")
        return _move_id(played, game.table.rows)

    def action_to_move(self, view: View, action: int) -> Move:
        """The move of action id ``action``, which must be legal in ``view``."""
        game = self._check(view)
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"an action id is an integer, not {action!r}")
        move = _move_of(game, int(action))
        # the moves of legal ids are the legal moves (a lay on the empty table at "T")
        if move is None or game.current_player != view.player or move not in game.legal_moves():
            raise ValueError(f"action {int(action)} is not legal for seat {view.player} here")
        return move

    def _relative(self, game: Game, seat: int) -> tuple[int, ...]:
        """Each seat's place in turn order counted from ``seat`` (0 for ``seat``)."""
        key = (game.deal.letters, seat)
        rel = self._rel.get(key)
        if rel is None:
            letters, p = game.deal.letters, self.players
            me = LETTERS.index(letters[seat])
            rel = tuple((LETTERS.index(letters[s]) - me) % p for s in range(p))
            self._rel[key] = rel
        return rel

    def observation(self, view: View) -> np.ndarray:
        """The numbers of the module's table, for the view's seat."""
        game = self._check(view)
        p = self.players
        rel = self._relative(game, view.player)
        table = game.table
        tokens = self._tokens
        # the squares' colours, then the tokens: one index list, one write
        ones = [slot for r, strip in enumerate(table.strips) for slot in _COLOUR_SLOTS[strip][r]]
        ones += [
            tokens + SQUARE_COUNT * rel[owner] + i
            for i, owner in enumerate(table.owners)
            if owner >= 0
        ]
        tail = [0.0] * (7 * p + 3)
        for seat in range(p):
            k = 3 * rel[seat]
            held, off = game.strip_counts(seat), game.tokens_off(seat)
            tail[k], tail[k + 1], tail[k + 2] = held[0] / 4, held[1] / 4, held[2] / 4
            k += 3 * p
            tail[k], tail[k + 1], tail[k + 2] = off[0] / 2, off[1] / 2, off[2] / 2
        mover = game.current_player
        over = mover is None
        if mover is not None:
            tail[6 * p + rel[mover]] = 1.0
        rules = game.rules
        if rules.turn_limit is not None:
            tail[7 * p] = len(game.history) / rules.turn_limit
        if rules.repetition is not None:
            tail[7 * p + 1] = game.repetitions() / rules.repetition
        if over:
            tail[7 * p + 2] = 1.0
        out = np.zeros(self.observation_shape, dtype=np.float32)
        out[ones] = 1.0
        out[self._hands :] = tail
        return out
