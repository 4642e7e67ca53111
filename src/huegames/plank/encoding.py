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

import operator
import struct
from typing import Any

import numpy as np

from .. import engine
from ..encoding import check_action
from ..errors import IllegalMoveError
from . import c_state
from .components import COLOURS, MAX_ROWS, ORDERS, check_players
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
# The Place of each square id on a row of each order: _PLACES[order][i].
_PLACES = tuple(
    tuple(PLACES[ORDERS[o][i % 3], i] for i in range(SQUARE_COUNT)) for o in range(len(ORDERS))
)
_BOTTOM = frozenset(
    [LAY_PLACE_BASE + 6 * o + 3 + c for o in range(len(ORDERS)) for c in range(len(COLOURS))]
    + [
        LAY_SHIFT_BASE + SQUARE_COUNT * (2 * o + 1) + s
        for o in range(len(ORDERS))
        for s in range(SQUARE_COUNT)
    ]
)
"""The ids of the lays at the bottom: not legal on the empty table (its lays are at "T")."""

_POSITION = struct.Struct("=3i4s12s36s12s12s")
"""A position as the core's ``plank_position`` holds it: the players, the
rows, the turns played, the turn order, each row's order, each square's
owner (-1: none), each seat's tokens off the table by colour and strips in
hand by pattern (seats beyond the players: 0)."""
_ROWS_AT, _STRIPS_AT, _OWNERS_AT, _OFF_AT, _HELD_AT = 4, 16, 28, 64, 76
if c_state.available and (
    c_state.ffi.sizeof("plank_position") != _POSITION.size
    or [
        c_state.ffi.offsetof("plank_position", name)
        for name in ("rows", "strips", "owners", "off", "held")
    ]
    != [_ROWS_AT, _STRIPS_AT, _OWNERS_AT, _OFF_AT, _HELD_AT]
):  # pragma: no cover
    raise ImportError("huegames.plank._plank_core: unexpected plank_position layout")
_KEPT = 1 << 14


class _Colours(dict[bytes, bytes]):
    """The first 108 numbers of an observation as bytes (0 or 1) by the
    orders of the rows laid (their bytes in a position), made when first
    met (a lay makes a new one); at most :data:`_KEPT` are kept."""

    def __missing__(self, strips: bytes) -> bytes:
        if len(self) >= _KEPT:
            self.clear()
        made = self[strips] = b"".join(
            b"".join([rows[order] for order in strips]).ljust(SQUARE_COUNT, b"\0")
            for rows in _ROW_COLOURS
        )
        return made


_ROW_COLOURS = tuple(
    tuple(bytes(int(c == colour) for c in order) for order in ORDERS) for colour in COLOURS
)
"""Each colour's plane on a row of each order: ``_ROW_COLOURS[c][order]``, 3 bytes of 0 or 1."""


class _Seat:
    """What one seat's observation needs of a turn order, made once: for
    each seat in turn order from this one (``k = 0, 1, ...``) a table giving
    a square's owner byte 1 where it is that seat's; a getter of those
    seats' strips in hand and tokens off from the position's bytes; the last
    bytes (to move, the draw counters' 0s, over) by the turns played modulo
    the players; and the scale of each number (the counts' 1/4 and 1/2)."""

    __slots__ = ("counts", "over", "owned", "scale", "to_move")

    def __init__(self, turn_order: tuple[int, ...], seat: int) -> None:
        p = len(turn_order)
        me = turn_order.index(seat)
        seats = [turn_order[(me + k) % p] for k in range(p)]
        self.owned = tuple(bytes(int(b == s) for b in range(256)) for s in seats)
        held = [_HELD_AT + 3 * s + n for s in seats for n in range(3)]
        off = [_OFF_AT + 3 * s + n for s in seats for n in range(3)]
        self.counts = operator.itemgetter(*held, *off)
        ones = [bytes(int(k == (t - me) % p) for k in range(p)) + bytes(3) for t in range(p)]
        self.to_move = tuple(ones)
        self.over = bytes(p + 2) + b"\x01"
        hands = 3 * SQUARE_COUNT + SQUARE_COUNT * p
        scale = np.ones(hands + 7 * p + 3, dtype=np.float32)
        scale[hands : hands + 3 * p] = 1 / 4
        scale[hands + 3 * p : hands + 6 * p] = 1 / 2
        self.scale = scale


_COLOURS = _Colours()
_SEATS: dict[tuple[tuple[int, ...], int], _Seat] = {}


def _position(game: Game) -> bytes:
    """The game's position as :data:`_POSITION` lays it out: read from the
    core on the C backend, packed from the game's table on the Python one."""
    c = game.core_state
    if c is not None:
        return c.position()
    table, p = game.table, game.players
    seats = range(p)
    return _POSITION.pack(
        p,
        table.rows,
        len(game.history),
        bytes(game.turn_order),
        bytes(_ORDER[strip] for strip in table.strips),
        bytes(owner & 0xFF for owner in table.owners).ljust(SQUARE_COUNT, b"\xff"),
        bytes(n for seat in seats for n in game.tokens_off(seat)),
        bytes(n for seat in seats for n in game.strip_counts(seat)),
    )


def _observation(game: Game, seat: int, position: bytes) -> np.ndarray:
    """Seat ``seat``'s observation of ``game`` (the module's table), whose
    ``position`` is given, as a new array: its bytes (0, 1 and the counts)
    put together, then scaled, then the two draw counters."""
    order = game.turn_order
    look = _SEATS.get((order, seat))
    if look is None:
        look = _SEATS[order, seat] = _Seat(order, seat)
    owners = position[_OWNERS_AT:_OFF_AT]
    turns = len(game.history)
    data = b"".join(
        (
            _COLOURS[position[_STRIPS_AT : _STRIPS_AT + position[_ROWS_AT]]],
            *[owners.translate(owned) for owned in look.owned],
            bytes(look.counts(position)),
            look.over if game.is_over else look.to_move[turns % len(order)],
        )
    )
    out: np.ndarray = look.scale * np.frombuffer(data, dtype=np.uint8)
    rules = game.rules
    if rules.turn_limit is not None:
        out[-3] = turns / rules.turn_limit
    if rules.repetition is not None:
        out[-2] = game.repetitions() / rules.repetition
    return out


_PLACE_COLOUR = np.uint32(c_state.PLACE_COLOUR if c_state.available else 1)
"""A move's core code is its action id plus this times a Place's colour (a
numpy number: a remainder by it is a numpy one, the quicker)."""


def _legal_ids(game: Game, seat: int) -> np.ndarray:
    """The legal action ids of ``seat`` in ``game``: its legal moves' ids
    (:meth:`Game.legal_moves`, the one move generator), in their order.  On
    C they are the core's move codes less the colour of a Place."""
    if game.current_player != seat:
        return np.zeros(0, dtype=np.intp)
    moves = game.legal_moves()
    if isinstance(moves, c_state.LegalMoves):
        return np.frombuffer(moves.codes, dtype=np.uint32) % _PLACE_COLOUR
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


def _legal_mask(game: Game, seat: int) -> np.ndarray:
    """The mask of seat ``seat``'s legal actions in ``game`` (all 0 unless it
    is to move), a new array."""
    mask = np.zeros(ACTION_COUNT, dtype=np.int8)
    mask.put(_legal_ids(game, seat), 1)
    return mask


class PlankEncoding:
    """Plank's actions and observations for ``players`` seats (the tables in
    this module's text).

    ``rules`` (a :class:`huegames.plank.Rules` or None) changes neither:
    the draw counters are scaled by the game's own rules.  Observations and
    masks are new arrays; :meth:`observe_seat` and :meth:`play_seat` read a
    seat's from the game itself (no view, which copies the game).
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
        self.observation_shape: tuple[int, ...] = (111 + 43 * self.players,)

    def _check(self, view: View) -> Game:
        if not isinstance(view, View):
            raise TypeError(f"not a plank.View: {type(view).__name__}")
        if view.players != self.players:
            raise ValueError(f"a {view.players}-player view for a {self.players}-player encoding")
        return view.game

    def _check_game(self, game: Game, seat: object) -> None:
        """A TypeError or ValueError unless ``game`` is a Game of this many
        players and ``seat`` one of its seats."""
        if not isinstance(game, Game):
            raise TypeError(f"expected a plank.Game, not {type(game).__name__}")
        if game.players != self.players:
            raise ValueError(f"a {game.players}-player game for a {self.players}-player encoding")
        if not 0 <= engine.check_int(seat, "seat") < self.players:
            raise ValueError(f"no seat {seat}: seats are 0 to {self.players - 1}")

    def legal_actions(self, view: View) -> list[int]:
        """The action ids of the seat's legal moves, ascending (none when it is not to move)."""
        ids: list[int] = np.sort(_legal_ids(self._check(view), view.player)).tolist()
        return ids

    def action_mask(self, view: View) -> np.ndarray:
        """An ``int8`` array of 1801: 1 where the action is legal."""
        return _legal_mask(self._check(view), view.player)

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
        move = _move_of(game, check_action(action))
        # the moves of legal ids are the legal moves (a lay on the empty table at "T")
        if move is None or game.current_player != view.player or move not in game.legal_moves():
            raise ValueError(f"action {int(action)} is not legal for seat {view.player} here")
        return move

    def observation(self, view: View) -> np.ndarray:
        """The numbers of the module's table, for the view's seat."""
        game = self._check(view)
        return _observation(game, view.player, _position(game))

    def observe_seat(self, game: Game, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """``(observation(view), action_mask(view))`` of ``view = game.view(seat)``,
        read from the game without the copy a view makes (on C, from the
        bytes of the core's position and its legal moves)."""
        if type(seat) is not int or type(game) is not Game or game.players != self.players:
            self._check_game(game, seat)
        elif not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat}: seats are 0 to {self.players - 1}")
        return _observation(game, seat, _position(game)), _legal_mask(game, seat)

    def play_seat(self, game: Game, seat: int, action: int) -> Move:
        """Play action ``action`` of seat ``seat`` on ``game`` and return its move:
        ``game.play(self.action_to_move(game.view(seat), action))`` without
        the view's copy; a ValueError, and nothing played, unless the action
        is legal for that seat now (the game checks the move: in one call on C)."""
        if type(action) is not int or not 0 <= action < ACTION_COUNT:
            action = check_action(action, ACTION_COUNT)  # raises, or an action id of another type
        if type(game) is not Game or game.players != self.players:
            self._check_game(game, seat)
        if type(seat) is not int or seat != game.current_player:
            self._check_game(game, seat)
            raise ValueError(f"action {action} is not legal for seat {seat} here")
        move = _FIXED[action]
        if move is None or action in _BOTTOM:  # a Place, or a lay that needs a strip laid
            c = game.core_state
            if c is None:
                rows, move = game.table.rows, _move_of(game, action)
            else:
                position = c.position()
                rows = position[_ROWS_AT]
                if move is None and action // 3 < rows:
                    move = _PLACES[position[_STRIPS_AT + action // 3]][action]
            if move is None or not rows:
                raise ValueError(f"action {action} is not legal for seat {seat} here")
        try:
            return game.play(move)
        except IllegalMoveError:
            raise ValueError(f"action {action} is not legal for seat {seat} here") from None
