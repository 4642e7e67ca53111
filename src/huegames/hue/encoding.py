"""Hue as fixed-size numbers (:class:`huegames.encoding.Encoding`): a spatial encoding.

**The frame.**  Every game of Hue plays ``P = players * d`` cards after the
opening (``d`` = 5 standard cards dealt with 2-4 players, 4 with 5; the
deck does not change ``P``: every seat plays all but its score card).  Let
``B_k = [x0, x1] x [y0, y1]`` be the box of the occupied cells after ``k``
plays, ``W_k = x1 - x0`` and ``H_k = y1 - y0``; ``B_0`` is the opening's
(the staircase of rules §3 always fills ``x`` 0..2, ``y`` 0..4: ``W_0 = 2``,
``H_0 = 4``).  Positions are counted from the box's top-left cell
``(x0, y0)``, so the frame moves with the table, and it is small because
the table cannot grow both ways at once:

- A legal placement on a non-empty table has a footprint cell that is
  occupied or shares a side with an occupied cell, and the card reaches at
  most 2 cells further along its length.  So a horizontal card's anchor has
  ``x0 - 3 <= x <= x1 + 1``, ``y0 - 1 <= y <= y1 + 1``, a vertical card's
  ``x0 - 1 <= x <= x1 + 1``, ``y0 - 3 <= y <= y1 + 1``: relative to
  ``(x0, y0)``, every anchor lies in ``-3 <= dx <= W + 1``, ``-3 <= dy <= H + 1``.
- A play grows ``W + H`` by at most 3: a card beside the box's side (its
  touching cell one step off the box) adds 1 across and at most 2 along its
  length; one off the box's end, in line with a row or column, adds at
  most 3 along and nothing across; one that covers a square, at most 2.
- So ``W_k + H_k <= W_0 + H_0 + 3k``, and as neither shrinks, ``W_k <=
  W_0 + 3k`` and ``H_k <= H_0 + 3k``.  Play ``j`` (1..P) is made on
  ``B_{j-1}``: over a whole game the **anchor frame** is ``-3 <= dx <=
  W_0 + 3P - 2``, ``-3 <= dy <= H_0 + 3P - 2``; for the staircase,
  ``dx`` in ``-3..3P`` and ``dy`` in ``-3..3P+2``: ``3P + 4`` columns and
  ``3P + 6`` rows.

The bound is exact: ``dx = -3`` and ``dy = -3`` are open at every turn (a
card laid off the box's left or top end), and ``dx = 3P`` (``dy = 3P + 2``)
is the last play of a game whose every play pushes the table right (down).
A user-given opening (``Rules(opening=...)``) has its own ``W_0`` and
``H_0``; the covering variant only removes placements.  The observation's
**cell frame** holds the table's cells, ``0 <= dx <= W_0 + 3P`` and
``0 <= dy <= H_0 + 3P``, and its ``origin`` part says where the box's corner
lies from the opening's (at most ``3P`` left and up), so nothing of the
absolute position is lost.

| players | plays P | hand slots S | anchor frame (cols x rows) | action_count |
| --- | --- | --- | --- | --- |
| 2 | 10 | 6 | 34 x 36 | 29,376 |
| 3 | 15 | 6 | 49 x 51 | 59,976 |
| 4 | 20 | 6 | 64 x 66 | 101,376 |
| 5 | 20 | 5 | 64 x 66 | 84,480 |

**Actions** (``Discrete(S * 4 * rows * cols)``): laying the card in hand
slot ``s`` (the seat's hand in deck order, as ``view.hand`` holds it; at
most ``S = d + 1`` cards) with its anchor at ``(x, y)`` in rotation ``r``
is action ``((s * 4 + r) * rows + (y - y0 + 3)) * cols + (x - x0 + 3)``,
where ``(x0, y0)`` is the top-left corner of the view's table (its
:meth:`~huegames.hue.Board.bounds`).  A card that looks the same
turned half round (``card.rotations == 2``) is listed only in rotations 0
and 1 (rules §2, ``Card.canonical_rotation``): the ids of its rotations 2
and 3 are never legal (masked, and ``action_to_move`` refuses them), while
``move_to_action`` of such a look-alike move gives the id of the listed
move, which is the same placement.  So every legal move has exactly one
id and every legal id one move; ascending ids follow ``view.legal_moves()``
(hand order, then rotation, then ``y``, then ``x``): ``legal_actions(view)[i]``
is the id of ``view.legal_moves()[i]``.

**Observation** (``uint8``, every value 0 or 1, one flat vector; :meth:`HueEncoding.parts`
cuts it into named, shaped views, :attr:`HueEncoding.layout` gives the offsets):

| part | shape | meaning |
| --- | --- | --- |
| ``planes`` | ``(20, rows - 1, cols - 1)`` | the visible table over the cell frame, cell \
``(x, y)`` at ``[:, y - y0, x - x0]``: plane ``3c + k`` (colour ``c`` of G R Y P B, \
``k`` 0..2) is 1 where stripe ``k`` shows colour ``c`` (a solid square sets its colour \
in all three); 15 solid, 16 vertical stripes (``k`` left to right), 17 horizontal \
stripes (``k`` top to bottom), 18 skull, 19 occupied |
| ``origin`` | ``(2, 3P + 1)`` | how far the table's corner ``(x0, y0)`` lies left of \
and above the opening's, one-hot (row 0: columns, row 1: rows) |
| ``hand`` | ``(S, 20)`` | slot ``s``: 1 when it holds a card, its kind one-hot \
(starting, poison, solid, striped), then its three colours one-hot (``5 + 5i + c``) |
| ``cards`` | ``(len(deck), 3 + players)`` | each deck card, in deck order, one-hot: \
unseen (another hand or set aside), in my hand, in the opening, played by relative \
seat 0..players-1 |
| ``hand_sizes`` | ``(players, S + 1)`` | relative seat ``i`` (seat ``(me + i) % players``: \
0 is me, then turn order) holds ``n`` cards, one-hot |
| ``to_move`` | ``(players,)`` | the relative seat to move, one-hot (all 0 once over) |
| ``seat`` | ``(players,)`` | my seat number, one-hot (seat 0 wins ties) |
| ``over`` | ``(1,)`` | 1 once the game is over |

The planes are lossless: they give back every cell code (layout, colours,
skull), and :meth:`HueEncoding.sub_cells` draws from them the 3x3
sub-cells of rules §5 that the areas are made of.

**The compact observation** (``HueEncoding(..., observation="compact")``,
``huegames.vector.make("hue", n, observation="compact")``) has the same
parts but one: in place of ``planes``, a ``cells`` part of shape ``(rows - 1,
cols - 1)`` holds one byte per cell of the cell frame, ``0`` for an empty
cell, else ``1 + i`` where ``i`` is the index of the cell's 16-bit code
(``csrc/hue_core.h``'s: layout, colours, skull) among the distinct codes of
the deck's squares, ascending: :attr:`HueEncoding.cell_codes` ``[v]`` is the
code of value ``v`` (``cell_codes[0] == 0``; 71 values with the default
deck, so ``observation_high`` is 70), and :meth:`HueEncoding.planes` decodes
the part back to the 20 planes.  It is 20 times smaller than the planes (1,506
bytes instead of 23,451 at 2 players), for fast batches.

**Batches.**  :meth:`HueEncoding.parts` also cuts a batch of observations
``(N, size)`` (a :class:`huegames.vector.VectorEnv`'s ``observation``) into
views without a copy: ``parts(batch)["planes"]`` is ``(N, 20, rows - 1, cols - 1)``,
image-shaped for a convolutional network.

Everything comes from ``view(seat)``; another seat's hand or the set-aside
cards never reach it.  The order of the placements and covered squares
are not in it (the table shows what is visible, ``cards`` who laid what).

>>> from huegames import hue
>>> from huegames.hue.encoding import HueEncoding
>>> code = HueEncoding(players=3)
>>> code.frame
Frame(left=-3, top=-3, cols=49, rows=51, plays=15)
>>> code.action_count, code.observation_shape
(59976, (48420,))
>>> game = hue.new_game(players=3, seed=7)
>>> view = game.view(0)
>>> actions = code.legal_actions(view)
>>> len(actions) == len(view.legal_moves()), code.action_to_move(view, actions[0])
(True, Move.parse('X4 0 -3 0'))
>>> code.move_to_action(view, "X4 0 -3 0") == actions[0]
True
>>> parts = code.parts(code.observation(view))
>>> parts["planes"].shape, int(parts["planes"][19].sum())  # 3 staircase cards
((20, 50, 48), 9)
>>> parts["hand"][:, 0].tolist(), parts["to_move"].tolist()
([1, 1, 1, 1, 1, 1], [1, 0, 0])
"""

from __future__ import annotations

import operator
import sys
import threading
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn, cast

import numpy as np

from .. import _cores
from ..encoding import check_action
from ..errors import IllegalMoveError
from ..records import brief
from . import cells
from .board import Board
from .cards import Card, Deck, Kind, as_deck
from .game import MAX_PLAYERS, MIN_PLAYERS, Game, staircase, standard_cards_dealt
from .moves import Move
from .rules import Rules
from .view import View

if TYPE_CHECKING:
    from .grid.c_grid import Grid as CGrid

__all__ = [
    "HAND_FEATURES",
    "OBSERVATIONS",
    "PLANES",
    "Frame",
    "HueEncoding",
    "frame_of",
    "hand_slots",
    "opening_box",
    "plays",
]

PLANES = 20
"""Planes of the table per cell: 15 stripe colours, solid, vertical,
horizontal, skull, occupied (the module's table)."""
HAND_FEATURES = 20
"""Numbers per hand slot: present, 4 kinds, 3 x 5 colours."""
OBSERVATIONS = ("full", "compact")
"""The observations an encoding makes: the 20 planes, or one cell value a cell."""

_SOLID_PLANE, _VERTICAL_PLANE, _HORIZONTAL_PLANE, _SKULL_PLANE, _OCCUPIED_PLANE = range(15, 20)
_KINDS = (Kind.STARTING, Kind.POISON, Kind.SOLID, Kind.STRIPED)


def plays(players: int) -> int:
    """Cards played in a game of ``players`` after the opening: every seat
    plays all its standard cards and its poison but one card.

    >>> from huegames.hue.encoding import plays
    >>> [plays(n) for n in range(2, 6)]
    [10, 15, 20, 20]
    """
    return players * standard_cards_dealt(players)


def hand_slots(players: int) -> int:
    """The largest hand of a game of ``players``: the poison and the standard cards dealt."""
    return 1 + standard_cards_dealt(players)


def opening_box(rules: Rules | None = None) -> cells.Box:
    """``(min_x, min_y, max_x, max_y)`` of the opening the rules lay.

    The staircase of rules §3 always fills the same cells, whichever cards
    and rotations are drawn:

    >>> from huegames import hue
    >>> from huegames.hue.encoding import opening_box
    >>> opening_box(), opening_box(hue.Rules(opening=["S0 0 0 1"]))
    ((0, 0, 2, 4), (0, 0, 2, 0))
    """
    opening = None if rules is None else rules.opening
    if opening is None:
        opening = staircase(("S0", "S1", "S2"), (0, 0, 0))
    box: cells.Box | None = None
    for move in opening:
        box = cells.union(box, move.box)
    assert box is not None  # Rules refuses an empty opening
    return box


class Frame(NamedTuple):
    """The anchor frame, counted from the table's top-left corner ``(x0, y0)``:
    anchors ``x0 + left <= x < x0 + left + cols``, ``y0 + top <= y < y0 + top + rows``.

    It holds the anchor of every legal placement of every game of ``plays``
    plays after an opening (this module's argument); the cell frame of the
    observation is its columns and rows from ``(x0, y0)`` on, one fewer of each.
    """

    left: int
    top: int
    cols: int
    rows: int
    plays: int

    @property
    def right(self) -> int:
        """The largest anchor ``x - x0``."""
        return self.left + self.cols - 1

    @property
    def bottom(self) -> int:
        """The largest anchor ``y - y0``."""
        return self.top + self.rows - 1


def frame_of(players: int, rules: Rules | None = None) -> Frame:
    """The anchor frame of every game of ``players`` under ``rules``, from the
    table's corner: ``-3 <= dx <= W_0 + 3P - 2``, ``-3 <= dy <= H_0 + 3P - 2``
    (``P`` = :func:`plays`, ``W_0 x H_0`` the opening's box less one each way).

    >>> from huegames.hue.encoding import frame_of
    >>> frame_of(2)
    Frame(left=-3, top=-3, cols=34, rows=36, plays=10)
    """
    count = plays(players)
    min_x, min_y, max_x, max_y = opening_box(rules)
    right, bottom = max_x - min_x + 3 * count - 2, max_y - min_y + 3 * count - 2
    return Frame(-3, -3, right + 4, bottom + 4, count)


def _code_table() -> np.ndarray:
    """Per cell code (0..4095): its 20 plane values."""
    table = np.zeros((1 << 12, PLANES), dtype=np.uint8)
    for code in cells.VALID_CODES:
        if code == cells.EMPTY:
            continue
        layout = cells.layout_of(code)
        for k, colour in enumerate(cells.colours_of(code)):
            table[code, 3 * colour + k] = 1
        table[code, 14 + layout] = 1  # solid 15, vertical 16, horizontal 17
        table[code, _SKULL_PLANE] = cells.is_skull(code)
        table[code, _OCCUPIED_PLANE] = 1
    return table


_CODE_TABLE = _code_table()
_CARD_OF = operator.itemgetter(0)
"""A Move's card id (its first field)."""
_C_DECK_LIMIT = 256
"""The most cards ``hue_observe`` takes (it reads deck positions as bytes)."""
_NEAR_LIMIT = cells.MAX_COORDINATE - 6
"""A table within this of the origin lies well inside the table's limits:
the board filters none of its next anchors."""


def _card_features(card: Card) -> np.ndarray:
    """A hand slot holding ``card``: present, kind one-hot, colours one-hot."""
    features = np.zeros(HAND_FEATURES, dtype=np.uint8)
    features[0] = 1
    features[1 + _KINDS.index(card.kind)] = 1
    for i, colour in enumerate(card.colours):
        features[5 + 5 * i + colour] = 1
    return features


class HueEncoding:
    """Hue's actions and observations for ``players`` seats under ``rules``
    (the tables in this module's text).

    ``deck`` (default :func:`~huegames.hue.default_deck`) fixes the
    ``cards`` part of the observation; the frame and the actions do not
    depend on it (every game plays the same number of cards, whatever the
    deck).  A view of a game with another player count or deck is refused
    with a ValueError, and so is a table that reaches beyond the frame
    (only a game laid out against these rules can: another opening, say).

    A view is taken as the snapshot it is: the legal placements of the
    last view asked about are kept, so its mask, legal actions and
    ``action_to_move`` enumerate them once.  Masks and observations are
    new arrays to the caller (a few are recycled, but only once nothing
    refers to them any more).  :meth:`observe_seat` and :meth:`play_seat`
    do the same for a seat of a game, read from the game itself (what the
    PettingZoo and Gymnasium adapters call: no view to build).
    """

    game = "hue"
    """The registry name."""
    observation_dtype = np.dtype(np.uint8)
    """Every observation is ``uint8`` (0 or 1)."""
    observation_low = 0
    """The least value of an observation (for a ``Box`` space)."""
    observation_high = 1
    """The largest value of an observation (the compact one's: the largest cell value)."""

    def __init__(
        self,
        players: int = MIN_PLAYERS,
        rules: Rules | None = None,
        *,
        deck: Deck | Sequence[Card] | None = None,
        observation: str = "full",
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"players must be an integer, not {brief(players)}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(
                f"Hue is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {brief(players)}"
            )
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be a hue.Rules or None, not {brief(rules)}")
        self.players = players
        """The player count."""
        self.rules = rules or Rules()
        """The rules the frame was worked out for."""
        self.deck = as_deck(deck)
        """The deck of the ``cards`` part."""
        if observation not in OBSERVATIONS:
            raise ValueError(
                f"observation must be one of {', '.join(OBSERVATIONS)}, not {brief(observation)}"
            )
        self.observation_kind = observation
        """``"full"`` (the 20 planes) or ``"compact"`` (one cell value a cell)."""
        codes = sorted(
            {code for card in self.deck.cards for shape in card.shapes for code in shape}
        )
        self.cell_codes = np.array([cells.EMPTY, *codes], dtype=np.uint16)
        """The cell code of each value of the compact ``cells`` part: ``cell_codes[0]``
        is 0 (empty), then the deck's squares' codes ascending."""
        if observation == "compact":
            if len(self.cell_codes) > 256:
                raise ValueError(
                    f"the deck shows {len(codes)} distinct squares: the compact observation "
                    "takes at most 255"
                )
            self._table = np.zeros((1 << 12, 1), dtype=np.uint8)
            self._table[codes, 0] = np.arange(1, len(codes) + 1)
            self.observation_high = len(codes)
        else:
            self._table = _CODE_TABLE
        self._table_at: Any = None  # the table's uint8_t * for the core, made on first use
        self.frame = frame_of(players, self.rules)
        """The anchor frame (:class:`Frame`)."""
        self.slots = hand_slots(players)
        """Hand slots: the largest hand a seat holds."""
        cols, rows = self.frame.cols, self.frame.rows
        self._area = cols * rows
        self.action_count = self.slots * 4 * self._area
        """``slots * 4 * cols * rows``."""
        self.cell_shape = (rows - 1, cols - 1)
        """``(rows, cols)`` of the cell frame of the planes."""
        self._opening_corner = opening_box(self.rules)[:2]
        # _check_table's largest W and H, and the origin part's reach: the
        # next anchors reach dx = W + 1 (the module's argument), the cell
        # frame's cells dx = right + 2.
        f = self.frame
        self._spans = {
            True: (f.right - 1, f.bottom - 1, 3 * f.plays),
            False: (f.right + 2, f.bottom + 2, 3 * f.plays),
        }
        shapes: dict[str, tuple[int, ...]] = {
            **(
                {"cells": self.cell_shape}
                if observation == "compact"
                else {"planes": (PLANES, *self.cell_shape)}
            ),
            "origin": (2, 3 * self.frame.plays + 1),
            "hand": (self.slots, HAND_FEATURES),
            "cards": (len(self.deck), 3 + players),
            "hand_sizes": (players, self.slots + 1),
            "to_move": (players,),
            "seat": (players,),
            "over": (1,),
        }
        layout: dict[str, tuple[int, tuple[int, ...]]] = {}
        offset = 0
        for name, shape in shapes.items():
            layout[name] = (offset, shape)
            offset += int(np.prod(shape))
        self.layout = layout
        """Each part's ``(offset, shape)`` in the flat observation."""
        self.observation_shape = (offset,)
        """``(size,)``: the parts one after another."""
        self._position = {card.id: at for at, card in enumerate(self.deck.cards)}
        # Precomputed offsets of observation(): a card's hand features at
        # slot 0 and each slot's step; a card's row of the cards part; the
        # stride of its "unseen" column; per seat, the column of the relative
        # seat of play number n (no game plays more cards than the deck
        # holds), and each relative seat's hand-size row with its seat.
        hand_at = layout["hand"][0]
        self._hand_hot = {
            card.id: tuple(hand_at + at for at in np.flatnonzero(_card_features(card)).tolist())
            for card in self.deck.cards
        }
        self._slot_steps = range(0, self.slots * HAND_FEATURES, HAND_FEATURES)
        cards_at, width = layout["cards"][0], 3 + players
        self._card_cells = {
            card_id: cards_at + at * width for card_id, at in self._position.items()
        }
        self._unseen = slice(cards_at, cards_at + len(self._position) * width, width)
        self._played_columns = [
            [3 + (number - me) % players for number in range(len(self._position))]
            for me in range(players)
        ]
        sizes_at = layout["hand_sizes"][0]
        self._size_bases = [
            [(sizes_at + i * (self.slots + 1), (me + i) % players) for i in range(players)]
            for me in range(players)
        ]
        self._origin_at = layout["origin"][0]
        self._to_move_at = layout["to_move"][0]
        self._seat_at = layout["seat"][0]
        self._over_at = layout["over"][0]
        self._observations = _Pool(offset, np.uint8, "uint8_t[]")
        self._c_layout: tuple[Any, Any] | None = None  # hue_observe's, made on first use
        self._state_encoder: _StateEncoder | None = None  # hue_state_encode's, likewise
        self._vector_encoding: tuple[Any, dict[str, Any]] | None = None  # c_state_encoding's
        self._opening_memo: tuple[Any, bytes] = (None, b"")  # an opening, its positions
        self._masks = _Pool(self.action_count, np.int8, "int8_t[]")
        self._anchor_maps = _Pool(2 * self._area, np.int8, "int8_t[]")  # the _Legal anchors
        self._rotations = {card.id: card.rotations for card in self.deck.cards}
        self._cache: tuple[Any, int, _Legal] = (None, -1, _NO_MOVES)
        self._checked: Any = None  # the last view _check_view passed
        self._checked_game: Any = None  # the last game _check_game passed

    def __repr__(self) -> str:
        return f"<HueEncoding {self.players} players: {self.action_count} actions>"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its settings: its pools, caches and C
        buffers are made again, for the process that loads it."""
        return _encoding, (self.players, self.rules, self.deck, self.observation_kind)

    # -- checks -------------------------------------------------------------------

    def _check_view(self, view: View) -> None:
        if view is self._checked:  # a view is frozen: checked once is checked
            return
        if not isinstance(view, View):
            raise TypeError(f"expected a hue.View, not {brief(view)}")
        self._check_players_and_deck("the view's game", view.players, view.deck)
        if len(view.hand) > self.slots:
            raise ValueError(f"the view's hand holds {len(view.hand)} cards; at most {self.slots}")
        self._checked = view

    def _check_game(self, game: Game) -> None:
        if game is self._checked_game:  # a game keeps its players and deck
            return
        if not isinstance(game, Game):
            raise TypeError(f"expected a hue.Game, not {brief(game)}")
        self._check_players_and_deck("the game", game.players, game.deck)
        self._checked_game = game

    def _check_players_and_deck(self, whose: str, players: int, deck: Deck) -> None:
        """ValueError unless ``whose`` (a game, a view's game) has this encoding's
        player count and deck."""
        if players != self.players:
            raise ValueError(f"this encoding is for {self.players} players, {whose} has {players}")
        if deck is not self.deck and deck != self.deck:
            raise ValueError(
                f"{whose} has another deck: build HueEncoding(players, rules, deck=...)"
            )

    def _check_table(self, board: Board, anchors: bool) -> cells.Box:
        """The table's box; a ValueError for a table whose cells (or, with
        ``anchors``, whose next placements' anchors) could fall outside the
        frame, or whose corner lies beyond the ``origin`` part's reach."""
        box = board.bounds()
        if box is None:
            raise ValueError("the table is empty: no game the rules allow gets here")
        min_x, min_y, max_x, max_y = box
        widest, tallest, reach = self._spans[anchors]
        corner_x, corner_y = self._opening_corner
        if not (
            max_x - min_x <= widest
            and max_y - min_y <= tallest
            and 0 <= corner_x - min_x <= reach
            and 0 <= corner_y - min_y <= reach
        ):
            raise ValueError(
                f"the table spans {box}, beyond this encoding's frame {self.frame}: "
                "not a game laid out by these rules"
            )
        return box

    # -- actions ------------------------------------------------------------------

    def _corner(self, board: Board) -> tuple[int, int]:
        """The table cell ``(x, y)`` of the frame's position 0 on ``board``."""
        box = board.bounds()
        min_x, min_y = (0, 0) if box is None else box[:2]
        return min_x + self.frame.left, min_y + self.frame.top

    def _legal(self, view: View) -> _Legal:
        """The view's legal placements (kept for the last view asked about, while
        its board holds the same cards)."""
        board = view.board
        cache = self._cache
        if cache[0] is view and cache[1] == board.stamp:
            return cache[2]
        self._check_view(view)
        return self._legal_of(
            view, board, view.player, view.current_player, view.hand_sizes, view.hand
        )

    def _legal_of(
        self,
        key: object,
        board: Board,
        player: int,
        current: int | None,
        sizes: tuple[int, ...],
        hand: Sequence[str],
    ) -> _Legal:
        """The legal placements of seat ``player`` holding ``hand`` on ``board``,
        kept for ``key`` (a view, or the game whose mover that seat is) while
        the board holds the same cards."""
        cache = self._cache
        if cache[0] is key and cache[1] == board.stamp:
            return cache[2]
        if player != current or sizes.count(1) == len(sizes):  # or over
            legal = _NO_MOVES
        else:
            min_x, min_y, max_x, max_y = self._check_table(board, anchors=True)
            f = self.frame
            left, top = min_x + f.left, min_y + f.top
            rotations = bytes(map(self._rotations.__getitem__, hand))
            mask: np.ndarray | None = None
            # Straight from the C core when the table lies well inside its
            # limits (where the board filters no anchor).
            inside = min(min_x, min_y) > -_NEAR_LIMIT and max(max_x, max_y) < _NEAR_LIMIT
            if inside and board.backend == "c":
                anchors, anchors_at = self._anchor_maps.take_pointer(clear=True)
                mask, mask_at = self._masks.take_pointer(clear=True)
                _on_c(board).mark_actions(
                    board.covering,
                    (left, top),
                    (f.cols, f.rows),
                    rotations,
                    mask_at,
                    mask.size,
                    anchors_at,
                )
            else:  # the mask is made from the anchors when asked for
                anchors = self._anchor_maps.take()
                # LegalMoves keeps one flat anchor list per orientation, shared
                # by every card, and every card lists rotations 0 and 1 first.
                legal_anchors = board.legal_placements_of(hand).anchors  # view.legal_moves()
                for orientation in (0, 1):
                    pairs = np.array(legal_anchors[orientation], dtype=np.int64)
                    positions = (pairs[1::2] - top) * f.cols + (pairs[0::2] - left)
                    anchors[orientation * self._area + positions] = 1
            legal = _Legal(anchors.reshape(2, self._area), mask, rotations, (left, top))
        self._cache = (key, board.stamp, legal)
        return legal

    def legal_actions(self, view: View) -> list[int]:
        """The ids of the seat's legal moves, ascending: ``legal_actions(view)[i]``
        is the id of ``view.legal_moves()[i]`` (none when the seat is not to move)."""
        return self._legal(view).ids().tolist()  # type: ignore[no-any-return]

    def action_mask(self, view: View) -> np.ndarray:
        """An ``int8`` array of :attr:`action_count`: 1 where the action is legal."""
        legal = self._legal(view)
        mask = legal.fresh_mask
        if mask is not None:  # the first caller takes the one made with the anchors
            legal.fresh_mask = None
            return mask
        mask = self._masks.take()
        mask[legal.ids()] = 1
        return mask

    def action_to_move(self, view: View, action: int) -> Move:
        """The move of action id ``action``; ValueError unless it is legal in ``view``.

        >>> from huegames import hue
        >>> from huegames.hue.encoding import HueEncoding
        >>> code, view = HueEncoding(players=2), hue.new_game(players=2, seed=1).view(0)
        >>> code.action_to_move(view, 0)
        Traceback (most recent call last):
        ...
        ValueError: action 0 (X2 at -3 -3 rotation 0) is not legal for seat 0 here
        """
        action = check_action(action, self.action_count)
        return self._move_of(self._legal(view), view.board, view.player, view.hand, action)

    def _move_of(
        self, legal: _Legal, board: Board, player: int, hand: Sequence[str], action: int
    ) -> Move:
        """The move of ``action`` (checked to be an id) among ``legal``, seat
        ``player``'s placements of ``hand`` on ``board``; ValueError unless listed."""
        slot, rest = divmod(action, 4 * self._area)
        rotation, position = divmod(rest, self._area)
        row, col = divmod(position, self.frame.cols)
        left, top = legal.corner if legal is not _NO_MOVES else self._corner(board)
        x, y = col + left, row + top
        if not legal.has(action):
            card = hand[slot] if slot < len(hand) else f"slot {slot}"
            raise ValueError(
                f"action {action} ({card} at {x} {y} rotation {rotation}) "
                f"is not legal for seat {player} here"
            )
        return Move(hand[slot], x, y, rotation)

    def observe_seat(self, game: Game, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """``(observation(view), action_mask(view))`` of ``view = game.view(seat)``,
        read from the game without building the view: on the C backend in
        one call straight from the game's state in the core
        (``hue_state_encode``), else from the game's board."""
        self._check_game(game)
        c = game.core_state
        if c is None:
            return self._observe_board(game, seat)
        encoder = self._state_encoder or self._make_state_encoder()
        observation, at = self._observations.take_pointer(clear=False)
        mask, mask_at = self._masks.take_pointer(clear=False)
        try:
            status = encoder.encode(
                c.state_pointer,
                c.hands_pointer,
                seat,
                encoder.encoding,
                at,
                mask_at,
                self.action_count,
            )
        except (TypeError, OverflowError):  # not a seat number
            status = _c_core().lib.HG_ERR_ARGUMENT
        if status < 0:
            self._refuse_seat(game, seat, status)
        return observation, mask

    def _observe_board(self, game: Game, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`observe_seat` of a game on the Python backend, from its board."""
        hand = self._seat_hand(game, seat)
        board, sizes, current = game.board, game.hand_sizes, game.current_player
        if seat == current:
            legal = self._legal_of(game, board, seat, current, sizes, hand)
            mask = legal.fresh_mask
            if mask is None:
                mask = self._masks.take()
                mask[legal.ids()] = 1
            else:  # the first caller takes the one made with the anchors
                legal.fresh_mask = None
        else:
            mask = self._masks.take()
        observation = self._observation_of(
            board, seat, current, hand, sizes, game.deal.opening, game.history
        )
        return observation, mask

    def _refuse_seat(self, game: Game, seat: int, status: int) -> NoReturn:
        """Raise why the core would not encode seat ``seat`` of ``game``
        (``status``): what the Python path says (no such seat, a hand over
        the slots, a table beyond the frame), else the core's reason."""
        self._seat_hand(game, seat)
        most = max(game.hand_sizes)
        if most > self.slots:
            raise ValueError(f"a seat holds {most} cards; at most {self.slots}")
        self._check_table(game.board, anchors=seat == game.current_player)
        raise ValueError(f"seat {seat}: {_cores.error_message(_c_core(), status)}")

    def _make_state_encoder(self) -> _StateEncoder:
        """The ``hue_state_encoding`` that :meth:`observe_seat` passes the core."""
        ffi = _c_core().ffi
        layout, features = self._c_layout or self._make_c_layout()
        rotations = ffi.new("uint8_t[]", [card.rotations for card in self.deck.cards])
        f = self.frame
        fields = {
            "layout": layout,
            "table": self._table_pointer(),
            "features": features,
            "rotations": rotations,
            "cols": f.cols,
            "rows": f.rows,
            "left": f.left,
            "top": f.top,
            "corner_x": self._opening_corner[0],
            "corner_y": self._opening_corner[1],
        }
        # hue_state_legal asks room for fewer pairs than two a frame position
        # of a table that fits the frame (the core checks the fit first).
        self._state_encoder = _StateEncoder(fields, 2 * self._area)
        return self._state_encoder

    def c_state_encoding(self) -> Any:
        """This encoding's ``hue_state_encoding *`` for the C core's vector
        environments (:mod:`huegames.hue.vector`), made once: its ``pairs``
        are NULL (each call of the core brings its own scratch); it and
        what it points to live as long as the encoding."""
        if self._vector_encoding is None:
            ffi = _c_core().ffi
            fields = (self._state_encoder or self._make_state_encoder()).fields
            pointer = ffi.new("hue_state_encoding *", {**fields, "pairs": ffi.NULL, "capacity": 0})
            self._vector_encoding = (pointer, fields)
        return self._vector_encoding[0]

    def _seat_hand(self, game: Game, seat: int) -> tuple[str, ...]:
        """The hand of seat ``seat`` of ``game``, once the game and seat are checked
        (the checks of :meth:`_check_view`)."""
        self._check_game(game)
        hand = game.hand(seat)
        if len(hand) > self.slots:
            raise ValueError(f"seat {seat} holds {len(hand)} cards; at most {self.slots}")
        return hand

    def play_seat(self, game: Game, seat: int, action: int) -> Move:
        """Play action ``action`` of seat ``seat`` on ``game`` and return its move:
        ``game.play(self.action_to_move(game.view(seat), action))`` without
        building the view; a ValueError, and nothing played, unless the
        action is legal for that seat now.  On the C backend the move is
        worked out from the table's corner in the game's state and the game
        checks it (one call into the core); else it is found among the
        seat's legal placements on the game's board and laid unchecked."""
        hand = self._seat_hand(game, seat)
        action = check_action(action, self.action_count)
        current = game.current_player
        if seat != current:  # not this seat's turn: no action of it is legal
            return game.play(self.action_to_move(game.view(seat), action))
        c = game.core_state
        if c is None:
            board = game.board
            legal = self._legal_of(game, board, seat, current, game.hand_sizes, hand)
            move = self._move_of(legal, board, seat, hand, action)
            game.play_legal(move)
            return move
        state = c.state_pointer
        x0, y0, x1, y1 = state.box
        min_x, min_y = state.origin_x + x0, state.origin_y + y0
        widest, tallest, reach = self._spans[True]
        corner_x, corner_y = self._opening_corner
        if not (
            x1 - x0 <= widest
            and y1 - y0 <= tallest
            and 0 <= corner_x - min_x <= reach
            and 0 <= corner_y - min_y <= reach
        ):
            self._check_table(game.board, anchors=True)  # raises: the table is beyond the frame
        f = self.frame
        slot, rest = divmod(action, 4 * self._area)
        rotation, position = divmod(rest, self._area)
        row, col = divmod(position, f.cols)
        x, y = min_x + f.left + col, min_y + f.top + row
        if slot < len(hand) and rotation < self._rotations[hand[slot]]:
            try:
                return game.play(Move(hand[slot], x, y, rotation))
            except IllegalMoveError:
                pass
        card = hand[slot] if slot < len(hand) else f"slot {slot}"
        raise ValueError(
            f"action {action} ({card} at {x} {y} rotation {rotation}) "
            f"is not legal for seat {seat} here"
        )

    def move_to_action(self, view: View, move: Move | tuple[str, int, int, int] | str) -> int:
        """The id of ``move`` (a Move, tuple or text), which must be legal in
        ``view`` (ValueError).  A rotation that looks like a listed one gives
        the listed move's id: the same placement."""
        move = Move.coerce(move)
        self._check_view(view)
        if move.card not in view.hand:
            raise ValueError(f"{move.describe()}: that card is not in seat {view.player}'s hand")
        slot = view.hand.index(move.card)
        rotation = view.deck[move.card].canonical_rotation(move.rotation)
        legal = self._legal(view)
        left, top = self._corner(view.board)
        col, row = move.x - left, move.y - top
        if not (0 <= col < self.frame.cols and 0 <= row < self.frame.rows):
            raise ValueError(f"{move.describe()} is not legal for seat {view.player} here")
        action = ((slot * 4 + rotation) * self.frame.rows + row) * self.frame.cols + col
        if not legal.has(action):
            raise ValueError(f"{move.describe()} is not legal for seat {view.player} here")
        return action

    # -- observations ---------------------------------------------------------------

    def observation(self, view: View) -> np.ndarray:
        """What the view's seat sees, as the flat ``uint8`` vector of the module's table."""
        self._check_view(view)
        return self._observation_of(
            view.board,
            view.player,
            view.current_player,
            view.hand,
            view.hand_sizes,
            view.opening,
            view.history,
        )

    def _observation_of(
        self,
        board: Board,
        me: int,
        current: int | None,
        hand: Sequence[str],
        sizes: tuple[int, ...],
        opening: Sequence[Move],
        history: Sequence[Move],
    ) -> np.ndarray:
        """:meth:`observation` of what seat ``me`` sees: the board, its hand,
        the hand sizes, the seat to move, the opening and the plays."""
        box = self._check_table(board, anchors=False)
        if board.backend == "c" and len(self.deck) <= _C_DECK_LIMIT:
            return self._c_observation(board, me, current, hand, sizes, opening, history, box)
        min_x, min_y = box[0], box[1]
        out = self._observations.take()
        rows, cols = self.cell_shape
        count = self._table.shape[1]
        planes = out[: count * rows * cols].reshape(count, rows, cols)
        _paint(planes, board, min_x, min_y, self._table, self._table_pointer)

        features = self._hand_hot
        steps = zip(self._slot_steps, hand, strict=False)  # hand: at most the slots
        hot = [step + at for step, card_id in steps for at in features[card_id]]
        cells = self._card_cells
        mine = [cells[card_id] for card_id in hand]
        opening_at = [cells[move.card] for move in opening]
        played = [cells[move.card] for move in history]
        out[self._unseen] = 1  # every card unseen, then the seen ones moved
        out[mine + opening_at + played] = 0
        hot += [at + 1 for at in mine]
        hot += [at + 2 for at in opening_at]
        hot += [at + column for at, column in zip(played, self._played_columns[me], strict=False)]
        hot += [base + sizes[seat] for base, seat in self._size_bases[me]]
        if current is not None:
            hot.append(self._to_move_at + (current - me) % self.players)
        hot.append(self._seat_at + me)
        width = 3 * self.frame.plays + 1  # the origin part's rows
        hot.append(self._origin_at + self._opening_corner[0] - min_x)
        hot.append(self._origin_at + width + self._opening_corner[1] - min_y)
        if sizes.count(1) == len(sizes):  # the game is over
            hot.append(self._over_at)
        out[hot] = 1
        return out

    def _c_observation(
        self,
        board: Board,
        me: int,
        current: int | None,
        hand: Sequence[str],
        sizes: tuple[int, ...],
        opening: Sequence[Move],
        history: Sequence[Move],
        box: cells.Box,
    ) -> np.ndarray:
        """:meth:`_observation_of` in one call to the C core (``hue_observe``):
        the same vector, for a board on the C grid."""
        c_layout = self._c_layout or self._make_c_layout()
        position = self._position.__getitem__
        memo = self._opening_memo
        if memo[0] is not opening:
            memo = self._opening_memo = (opening, bytes(map(position, map(_CARD_OF, opening))))
        held = bytes(map(position, hand))
        played = bytes(map(position, map(_CARD_OF, history)))
        out, pointer = self._observations.take_pointer(clear=False)
        corner_x, corner_y = self._opening_corner
        view = {
            "hand": held,
            "hand_count": len(held),
            "opening": memo[1],
            "opening_count": len(memo[1]),
            "history": played,
            "history_count": len(played),
            "sizes": bytes(sizes),
            "me": me,
            "to_move": -1 if current is None else current,
            "origin_x": corner_x - box[0],
            "origin_y": corner_y - box[1],
        }
        _on_c(board).observe(box, self._table_pointer(), c_layout[1], c_layout[0], view, pointer)
        return out

    def _make_c_layout(self) -> tuple[Any, Any]:
        """The ``hue_observation_layout`` and the hand features (a row of
        :data:`HAND_FEATURES` bytes per deck card) that ``hue_observe`` reads."""
        ffi = _c_core().ffi
        layout = self.layout
        rows, cols = self.cell_shape
        features = np.array([_card_features(card) for card in self.deck.cards], dtype=np.uint8)
        fields = {
            "planes": self._table.shape[1],
            "rows": rows,
            "cols": cols,
            "origin_at": layout["origin"][0],
            "origin_width": layout["origin"][1][1],
            "hand_at": layout["hand"][0],
            "slots": self.slots,
            "features": HAND_FEATURES,
            "cards_at": layout["cards"][0],
            "deck_size": len(self.deck),
            "sizes_at": layout["hand_sizes"][0],
            "to_move_at": layout["to_move"][0],
            "seat_at": layout["seat"][0],
            "over_at": layout["over"][0],
            "players": self.players,
            "size": self.observation_shape[0],
        }
        # the features array lives as long as the pointer made from it
        self._c_layout = (
            ffi.new("hue_observation_layout *", fields),
            ffi.from_buffer("uint8_t[]", features),
        )
        return self._c_layout

    def parts(self, observation: np.ndarray) -> dict[str, np.ndarray]:
        """The observation cut into named views of their shapes (the module's table).

        ``observation`` is one observation, or a batch of them: an array whose
        last axis is an observation, ``(N, size)`` say (a vector
        environment's), whose parts are then views of ``(N, *shape)``, the
        planes ``(N, 20, rows, cols)`` -- no copy (an array whose last axis
        is not contiguous is copied first).

        >>> import numpy as np
        >>> from huegames import hue
        >>> from huegames.hue.encoding import HueEncoding
        >>> code = HueEncoding(players=2)
        >>> batch = np.stack([code.observation(hue.new_game(2, seed=s).view(0)) for s in (1, 2)])
        >>> planes = code.parts(batch)["planes"]
        >>> planes.shape, np.shares_memory(planes, batch)
        ((2, 20, 35, 33), True)
        """
        array = np.asarray(observation)
        size = self.observation_shape[0]
        if array.ndim == 0 or array.shape[-1] != size:
            if array.size != size:
                raise ValueError(
                    f"expected {size} numbers (or a batch of shape (..., {size})), "
                    f"not {array.shape}"
                )
            array = array.reshape(-1)
        lead = array.shape[:-1]
        parts = {}
        for name, (offset, shape) in self.layout.items():
            piece = array[..., offset : offset + int(np.prod(shape))]
            parts[name] = piece.reshape(*lead, *shape)
        return parts

    def planes(self, observation: np.ndarray) -> np.ndarray:
        """The 20 planes of one observation ``(20, rows, cols)``, or of a batch
        ``(..., 20, rows, cols)`` (:meth:`parts`): a view of the full
        observation's, or decoded from the compact one's cell values (a new array).

        >>> from huegames import hue
        >>> from huegames.hue.encoding import HueEncoding
        >>> full, compact = HueEncoding(2), HueEncoding(2, observation="compact")
        >>> view = hue.new_game(players=2, seed=1).view(0)
        >>> planes = compact.planes(compact.observation(view))
        >>> bool((planes == full.planes(full.observation(view))).all())
        True
        """
        parts = self.parts(observation)
        if "planes" in parts:
            return parts["planes"]
        decoded = _CODE_TABLE[self.cell_codes[parts["cells"]]]  # (..., rows, cols, planes)
        return np.ascontiguousarray(np.moveaxis(decoded, -1, -3))

    def variant(self, observation: str) -> HueEncoding:
        """This encoding with the observation ``observation`` (``"full"`` or
        ``"compact"``): the same players, rules and deck."""
        if observation == self.observation_kind:
            return self
        return HueEncoding(self.players, self.rules, deck=self.deck, observation=observation)

    def _table_pointer(self) -> Any:
        """The code table as the ``uint8_t *`` the core reads (kept with the encoding)."""
        if self._table_at is None:
            self._table_at = _c_core().ffi.from_buffer("uint8_t[]", self._table)
        return self._table_at

    def sub_cells(self, observation: np.ndarray) -> np.ndarray:
        """The table as rules §5 splits it: ``(7, 3 * rows, 3 * cols)`` ``uint8``
        planes over the cell frame's sub-cells, one per colour (G R Y P B),
        then skull and occupied.

        >>> from huegames import hue
        >>> from huegames.hue.encoding import HueEncoding
        >>> code = HueEncoding(players=2)
        >>> view = hue.new_game(players=2, seed=1).view(0)
        >>> picture = code.sub_cells(code.observation(view))
        >>> picture.shape, int(picture[:5].sum()), int(picture[6].sum())  # 9 squares of 9
        ((7, 105, 99), 81, 81)
        """
        planes = self.planes(observation)
        rows, cols = self.cell_shape
        stripes = planes[:15].reshape(5, 3, rows, cols)  # colour, stripe, y, x
        across = stripes.transpose(0, 2, 1, 3)[:, :, :, :, None]  # stripe k = sub-row
        along = stripes.transpose(0, 2, 3, 1)[:, :, None, :, :]  # stripe k = sub-column
        horizontal = planes[_HORIZONTAL_PLANE].astype(bool)[None, :, None, :, None]
        colours = np.where(horizontal, across, along)  # (5, y, sub-row, x, sub-column)
        colours = np.broadcast_to(colours, (5, rows, 3, cols, 3)).reshape(5, 3 * rows, 3 * cols)
        rest = np.repeat(np.repeat(planes[[_SKULL_PLANE, _OCCUPIED_PLANE]], 3, axis=1), 3, axis=2)
        return np.concatenate([colours, rest]).astype(np.uint8)


class _Legal:
    """One view's legal placements: ``anchors[o, row * cols + col]`` is 1 where
    orientation ``o`` (0 vertical, 1 horizontal) has a legal anchor, the
    rotations each hand slot lists (a byte per slot), ``corner`` (the table cell ``(x, y)`` of
    the frame's position 0), and ``fresh_mask``: a mask of the legal ids made
    with them, not yet handed to anyone (None once it is)."""

    __slots__ = ("_anchors", "_ids", "_rotations", "corner", "fresh_mask")

    def __init__(
        self,
        anchors: np.ndarray,
        fresh_mask: np.ndarray | None,
        rotations: bytes,
        corner: tuple[int, int],
    ) -> None:
        self._anchors = anchors
        self.fresh_mask = fresh_mask
        self._rotations = rotations
        self.corner = corner
        self._ids: np.ndarray | None = None

    def ids(self) -> np.ndarray:
        """Every legal id, ascending: by slot, rotation, then position."""
        if self._ids is None:
            area = self._anchors.shape[1]
            positions = [np.flatnonzero(self._anchors[o].view(np.bool_)) for o in (0, 1)]
            bases, pieces = [], []
            for slot, count in enumerate(self._rotations):
                for rotation in range(count):
                    bases.append((slot * 4 + rotation) * area)
                    pieces.append(positions[rotation & 1])
            if pieces:
                ids = np.repeat(np.array(bases, dtype=np.int64), [len(p) for p in pieces])
                ids += np.concatenate(pieces)
            else:
                ids = np.zeros(0, dtype=np.int64)
            self._ids = ids
        return self._ids

    def has(self, action: int) -> bool:
        """Whether ``action`` (within the action space) is legal."""
        area = self._anchors.shape[1]
        slot, rest = divmod(action, 4 * area)
        rotation, position = divmod(rest, area)
        if slot >= len(self._rotations) or rotation >= self._rotations[slot]:
            return False
        return bool(self._anchors[rotation & 1, position])


_NO_MOVES = _Legal(np.zeros((2, 1), dtype=np.int8), None, b"", (0, 0))


def _on_c(board: Board) -> CGrid:
    """The C grid of a board whose backend is ``"c"``."""
    return cast("CGrid", board.grid)


def _c_core() -> ModuleType:
    """The C core, for boards on the C grid (whatever backend is the default)."""
    return _cores.core(cells.CORE, cells.CORE_VERSION)


def _encoding(players: int, rules: Rules, deck: Deck, observation: str) -> HueEncoding:
    """The encoding :meth:`HueEncoding.__reduce__` took apart."""
    return HueEncoding(players, rules, deck=deck, observation=observation)


class _StateEncoder(threading.local):
    """``hue_state_encode`` and the ``hue_state_encoding`` of one encoding,
    one per thread: its scratch (the legal anchors' pairs) is the thread's own.

    ``fields`` are the struct's fields but the scratch (the pointers they
    hold stay valid while it keeps them).
    """

    def __init__(self, fields: dict[str, Any], capacity: int) -> None:
        core = _c_core()
        self.fields = fields
        self.pairs = core.ffi.new("int64_t[]", 2 * capacity)
        self.encoding = core.ffi.new(
            "hue_state_encoding *", {**fields, "pairs": self.pairs, "capacity": capacity}
        )
        self.encode = core.lib.hue_state_encode


class _Pool:
    """Arrays of one size, each reused once nothing else refers to it.

    A fresh array of a few hundred kilobytes costs page faults on every
    call (the allocator maps new pages for it), far more than clearing one
    whose pages are mapped; an array is handed out again only when the
    pool holds the sole reference (views and buffers of it refer to it
    too), so no caller ever sees its array change.  ``ctype`` (a cffi
    array type) lets :meth:`take_pointer` hand out a C pointer to the
    array with it, made once per array and kept by the pool.
    """

    __slots__ = ("_alone", "_arrays", "_ctype", "_dtype", "_lock", "_pointed", "_pointers", "_size")

    KEEP = 4
    """Arrays kept for reuse; beyond them a call allocates a new one."""

    def __init__(self, size: int, dtype: Any, ctype: str | None = None) -> None:
        self._size, self._dtype, self._ctype = size, dtype, ctype
        self._arrays: list[np.ndarray] = [np.zeros(1, dtype=dtype)]
        # The reference count of an array only the pool holds, measured the
        # way _free() reads it (the count differs between Python versions).
        self._alone = sys.getrefcount(self._arrays[0])
        self._arrays.clear()
        self._pointers: list[Any] = []  # per array: its C pointer, or None
        self._pointed = -1  # the references a pointer adds (measured on first use)
        self._lock = threading.Lock()

    def _free(self) -> int:
        """The index of an array no one else holds, or -1 (under the lock)."""
        arrays, pointers, alone = self._arrays, self._pointers, self._alone
        for index in range(len(arrays)):
            held = alone if pointers[index] is None else alone + self._pointed
            if sys.getrefcount(arrays[index]) <= held:
                return index
        return -1

    def _new(self) -> int:
        """A new zeroed array, kept at the index returned when there is room (-1:
        it is at ``_arrays[-1]`` only until the caller takes it; under the lock)."""
        array = np.zeros(self._size, dtype=self._dtype)
        self._arrays.append(array)
        self._pointers.append(None)
        return len(self._arrays) - 1

    def take(self) -> np.ndarray:
        """A zeroed array that no one else holds."""
        with self._lock:
            index = self._free()
            if index < 0:
                index = self._new()
                array = self._arrays[index]
                if index >= self.KEEP:
                    del self._arrays[index], self._pointers[index]
                return array
            array = self._arrays[index]
            array.fill(0)
            return array

    def take_pointer(self, clear: bool) -> tuple[np.ndarray, Any]:
        """An array that no one else holds and a ``ctype`` pointer to it;
        zeroed with ``clear``, else as it was (the caller writes every byte)."""
        with self._lock:
            index = self._free()
            if index < 0:
                index = self._new()
            array, pointer = self._arrays[index], self._pointers[index]
            if pointer is None:
                before = sys.getrefcount(array)
                pointer = _c_core().ffi.from_buffer(self._ctype, array)
                if self._pointed < 0:
                    self._pointed = sys.getrefcount(array) - before
                if index < self.KEEP:
                    self._pointers[index] = pointer
            if index >= self.KEEP:
                del self._arrays[index], self._pointers[index]
            elif clear:
                array.fill(0)
            return array, pointer


def _paint(
    planes: np.ndarray, board: Board, left: int, top: int, code_table: np.ndarray, pointer: Any
) -> None:
    """Write every occupied cell's planes, cell ``(x, y)`` at ``[:, y - top, x - left]``.

    ``left`` and ``top`` are the table's corner.  The cell codes come
    straight from the board's grid: the C core reads its buffer over the
    occupied box (``hue_paint_planes``), numpy the Python grid's dict.
    """
    box = board.bounds()  # the grid's own box may be larger after an undo
    if box is None:
        return
    if board.backend == "c":
        out = _c_core().ffi.from_buffer("uint8_t[]", planes)
        rows, cols = planes.shape[1:]
        _on_c(board).paint_planes(box, pointer(), (planes.shape[0], rows, cols), out)
        return
    table = board.grid.codes()
    count = len(table)
    xs = np.fromiter((x for x, _ in table), dtype=np.int64, count=count)
    ys = np.fromiter((y for _, y in table), dtype=np.int64, count=count)
    codes = np.fromiter(table.values(), dtype=np.int64, count=count)
    planes[:, ys - top, xs - left] = code_table[codes].T
