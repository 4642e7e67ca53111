"""Pictures of Hue: the table as the cards lie on it, as SVG, PNG or coloured text.

:func:`svg` draws every card still showing on the table the way the
printed cards look: white cards of three squares, solid squares in one
colour, striped squares as three stripes (turning with the card), the
skull on a poison card's middle square, and only the top card where cards
overlap.  Table coordinates (the ``x`` and ``y`` of a :class:`Move`) run
along the edges.  Options: ``last_move`` outlines the last card played,
``areas`` outlines each colour's largest area that scores and labels it
with the colour's value.  A :class:`Game` adds a line saying who is to move
and how many cards each hand holds; a :class:`View` adds its own seat's
hand, and nothing of any other.

>>> from huegames import hue
>>> game = hue.new_game(players=3, seed=7)
>>> picture = hue.svg(game, size=24)
>>> picture.startswith("<svg"), picture.count('class="card"')
(True, 3)
>>> print(hue.console(game.board).splitlines()[0])
        -1     0     1     2     3
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import pictures
from ..records import brief
from . import cells
from .board import Board
from .cards import Card, Colour
from .game import Game
from .grid.python_grid import areas
from .moves import Move
from .view import View

__all__ = ["console", "png", "svg"]

Subject = Game | View | Board
"""What the pictures draw: a game, one seat's view of it, or a bare table."""

COLOUR_NAMES: Mapping[int, str] = {
    Colour.G: "green",
    Colour.R: "red",
    Colour.Y: "yellow",
    Colour.P: "purple",
    Colour.B: "blue",
}
"""The palette name of each of Hue's colours (:data:`huegames.pictures.COLOUR_NAMES`)."""

_TABLE = "#e4dfd2"  # the table's felt
_BACKGROUND = "#f6f4ee"  # around the table, under the labels
_GRID = "#d5cfbf"
_CARD = "#fdfdfb"
_CARD_EDGE = "#8f8a7e"
_INK = "#262626"
_BONE = "#f7f5ef"
_LABEL = "#5b574e"
_HIGHLIGHT = "#1b1b1b"


# -- what is on the table ------------------------------------------------------------


def _parts(subject: object) -> tuple[Board, Game | View | None]:
    """The subject's board, and the game or view around it (None for a board)."""
    if isinstance(subject, Board):
        return subject, None
    if isinstance(subject, (Game, View)):
        return subject.board, subject
    raise TypeError(f"Hue draws a hue.Game, a hue.View or a hue.Board, not {brief(subject)}")


def _codes(board: Board) -> dict[tuple[int, int], int]:
    """The cell code (:mod:`.cells`) of every visible square, from the board's
    public data: which square of which card shows there, and how it lies."""
    laid = {move.card: move for move in board.placements}
    codes = {}
    for cell, (card_id, square) in board.cells().items():
        codes[cell] = board.deck[card_id].shapes[laid[card_id].rotation][square]
    return codes


def _last_move(board: Board, around: Game | View | None) -> Move | None:
    """The last card played: a game's or view's last move (the opening is no
    move), or a bare board's last placement."""
    if around is None:
        placements = board.placements
        return placements[-1] if placements else None
    return around.history[-1] if around.history else None


def _largest_areas(codes: Mapping[tuple[int, int], int]) -> dict[int, frozenset[tuple[int, int]]]:
    """Each colour's largest area worth anything, as its sub-cells ``(3x + column,
    3y + row)``: the same areas ``Board.colour_values`` counts (rules §5) —
    4-connected sub-cells of one colour, and none touching a visible skull.
    A colour with no such area is left out; of equal areas the first found
    scanning sub-cells in order is kept."""
    best: dict[int, frozenset[tuple[int, int]]] = {}
    for colour, area, poisoned in areas(codes):
        kept = best.get(colour)
        if poisoned or (kept and (len(area), min(kept)) <= (len(kept), min(area))):
            continue
        best[colour] = frozenset(area)
    return best


# -- geometry ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Frame:
    """Where table cells land in the picture: the cells drawn, their pixel
    size, the table's top-left corner and whether it is turned round."""

    x0: int
    y0: int
    x1: int
    y1: int
    unit: int
    left: float
    top: float
    flip: bool

    @property
    def width(self) -> float:
        return (self.x1 - self.x0 + 1) * self.unit

    @property
    def height(self) -> float:
        return (self.y1 - self.y0 + 1) * self.unit

    def at(self, tx: float, ty: float) -> tuple[float, float]:
        """The pixel of table point ``(tx, ty)`` (cell ``(x, y)`` spans x..x+1)."""
        if self.flip:
            tx, ty = self.x1 + 1 - tx + self.x0, self.y1 + 1 - ty + self.y0
        return self.left + (tx - self.x0) * self.unit, self.top + (ty - self.y0) * self.unit

    def box(
        self, tx0: float, ty0: float, tx1: float, ty1: float
    ) -> tuple[float, float, float, float]:
        """``(x, y, width, height)`` in pixels of a box of the table."""
        (ax, ay), (bx, by) = self.at(tx0, ty0), self.at(tx1, ty1)
        return min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay)


def _shade(fill: str, keep: float = 0.55) -> str:
    """``fill`` (``#rrggbb``) darkened: ``keep`` of each channel."""
    red, green, blue = (round(int(fill[k : k + 2], 16) * keep) for k in (1, 3, 5))
    return f"#{red:02x}{green:02x}{blue:02x}"


def _text_width(text: str, size: float) -> float:
    """A generous guess at the width of ``text`` in a sans-serif font."""
    return 0.6 * size * len(text)


# -- drawing ---------------------------------------------------------------------------------


def _skull(doc: pictures.Svg, cx: float, cy: float, side: float) -> None:
    """A skull of plain shapes, ``side`` the square it sits on."""
    line = side * 0.04
    doc.open(class_="skull")
    # The outline first (the shapes grown by the line), then the bone on top,
    # so no line runs where cranium and jaw meet.
    for grow, fill in ((line, _INK), (0.0, _BONE)):
        doc.circle(cx, cy - side * 0.07, side * 0.27 + grow, fill=fill)
        doc.rect(
            cx - side * 0.15 - grow,
            cy + side * 0.08 - grow,
            side * 0.30 + 2 * grow,
            side * 0.17 + 2 * grow,
            rx=side * 0.04,
            fill=fill,
        )
    for dx in (-0.11, 0.11):
        doc.circle(cx + dx * side, cy - side * 0.06, side * 0.075, fill=_INK)
    doc.polygon(
        [
            (cx, cy + side * 0.03),
            (cx - side * 0.045, cy + side * 0.11),
            (cx + side * 0.045, cy + side * 0.11),
        ],
        fill=_INK,
    )
    for dx in (-0.05, 0.05):
        x = cx + dx * side
        doc.line(x, cy + side * 0.16, x, cy + side * 0.25, stroke=_INK, stroke_width=line * 0.7)
    doc.close()


def _square(
    doc: pictures.Svg,
    code: int,
    box: tuple[float, float, float, float],
    palette: pictures.Palette,
    *,
    reverse: bool,
    css: str,
    data: Mapping[str, object],
) -> None:
    """One visible square in ``box`` (pixels): a solid colour, or three stripes
    (in reverse order when the table is turned round), the skull and the
    colour letters (when the palette asks for marks)."""
    x, y, width, height = box
    layout = cells.layout_of(code)
    colours = cells.colours_of(code)
    if layout == cells.SOLID:
        name = COLOUR_NAMES[colours[0]]
        fill = palette.colour(name)
        doc.rect(x, y, width, height, fill=fill, class_=css, data_colour=name, **data)
        if cells.is_skull(code):
            _skull(doc, x + width / 2, y + height / 2, min(width, height))
        if palette.marks:
            skull = cells.is_skull(code)
            size = width * (0.26 if skull else 0.46)
            cx, cy = (x + size * 0.5, y + size * 0.55) if skull else (x + width / 2, y + height / 2)
            doc.text(
                cx,
                cy,
                palette.letters[name],
                size=size,
                fill=pictures.ink(fill, dark=_INK),
                font_weight="bold",
                class_="mark",
            )
        return
    vertical = layout == cells.VERTICAL
    for k, colour in enumerate(colours):
        place = 2 - k if reverse else k
        if vertical:
            stripe = (x + width * place / 3, y, width / 3, height)
        else:
            stripe = (x, y + height * place / 3, width, height / 3)
        name = COLOUR_NAMES[colour]
        fill = palette.colour(name)
        sx, sy, sw, sh = stripe
        doc.rect(sx, sy, sw, sh, fill=fill, class_=css, data_colour=name, data_stripe=k, **data)
        if palette.marks:
            doc.text(
                sx + sw / 2,
                sy + sh / 2,
                palette.letters[name],
                size=min(sw, sh) * 0.8,
                fill=pictures.ink(fill, dark=_INK),
                font_weight="bold",
                class_="mark",
            )


def _card_box(frame: _Frame, move: Move, pad: float) -> tuple[float, float, float, float]:
    """The pixel box of a placed card's footprint, ``pad`` pixels inside it."""
    min_x, min_y, max_x, max_y = move.box
    x, y, width, height = frame.box(min_x, min_y, max_x + 1, max_y + 1)
    return x + pad, y + pad, width - 2 * pad, height - 2 * pad


def _table(
    doc: pictures.Svg,
    board: Board,
    frame: _Frame,
    look: pictures.Style,
    last: Move | None,
    areas: bool,
) -> None:
    """The felt, the cards in the order laid (so each cell shows its top card),
    the areas and, over them, the last move's outline."""
    unit = frame.unit
    doc.rect(frame.left, frame.top, frame.width, frame.height, fill=_TABLE, class_="table")
    for x in range(frame.x0, frame.x1 + 2):
        (px, _), (_, py) = frame.at(x, frame.y0), frame.at(x, frame.y1 + 1)
        doc.line(px, frame.top, px, frame.top + frame.height, stroke=_GRID, stroke_width=1)
    for y in range(frame.y0, frame.y1 + 2):
        _, py = frame.at(frame.x0, y)
        doc.line(frame.left, py, frame.left + frame.width, py, stroke=_GRID, stroke_width=1)

    codes = _codes(board)
    owners = board.cells()
    pad = max(0.5, unit * 0.03)  # between neighbouring cards
    inset = max(1.0, unit * 0.08)  # the white around each square
    for move in board.placements:
        squares = [
            (square, cell)
            for square, cell in enumerate(move.cells)
            if owners.get(cell) == (move.card, square)
        ]
        if not squares:
            continue  # wholly covered
        card = board.deck[move.card]
        doc.open(
            class_="card",
            data_card=move.card,
            data_x=move.x,
            data_y=move.y,
            data_rotation=move.rotation,
        )
        doc.title(f"{move} ({card.kind.value} card)")
        doc.rect(
            *_card_box(frame, move, pad),
            rx=unit * 0.1,
            fill=_CARD,
            stroke=_CARD_EDGE,
            stroke_width=max(0.5, unit / 40),
            class_="card-body",
        )
        for square, (x, y) in squares:
            px, py, width, height = frame.box(x, y, x + 1, y + 1)
            box = (px + inset, py + inset, width - 2 * inset, height - 2 * inset)
            data = {"data_x": x, "data_y": y, "data_card": move.card, "data_square": square}
            if cells.is_skull(codes[x, y]):
                data["data_skull"] = "true"
            _square(doc, codes[x, y], box, look.palette, reverse=look.flip, css="square", data=data)
        doc.close()

    if areas:
        _areas(doc, codes, frame, look.palette)
    if last is not None:
        doc.rect(
            *_card_box(frame, last, pad),
            rx=unit * 0.1,
            fill="none",
            stroke=_HIGHLIGHT,
            stroke_width=max(2.0, unit * 0.1),
            class_="last-move",
            data_card=last.card,
        )


def _areas(
    doc: pictures.Svg,
    codes: Mapping[tuple[int, int], int],
    frame: _Frame,
    palette: pictures.Palette,
) -> None:
    """Each colour's largest scoring area outlined in a dark shade of its
    colour over a white line, with its value on a disc of the colour."""
    unit = frame.unit
    areas = sorted(_largest_areas(codes).items())
    for colour, area in areas:
        name = COLOUR_NAMES[colour]
        path = " ".join(
            "M{:.2f},{:.2f}L{:.2f},{:.2f}".format(*frame.at(*a), *frame.at(*b))
            for a, b in _outline(area)
        )
        doc.open(class_="area-outline", data_colour=name)
        for stroke, width in (
            ("#ffffff", unit * 0.12),
            (_shade(palette.colour(name)), unit * 0.06),
        ):
            doc.element(
                "path",
                d=path,
                fill="none",
                stroke=stroke,
                stroke_width=max(1.0, width),
                stroke_linecap="round",
            )
        doc.close()
    # The discs on top of every outline, each kept clear of those before it.
    placed: list[tuple[int, int]] = []
    for colour, area in areas:
        name = COLOUR_NAMES[colour]
        value = len(area) // 3
        i, j = _badge_place(area, placed)
        placed.append((i, j))
        cx, cy = frame.at((i + 0.5) / 3, (j + 0.5) / 3)
        fill = palette.colour(name)
        doc.open(class_="area", data_colour=name, data_value=value)
        doc.title(f"{name}: {value} points")
        doc.circle(
            cx, cy, unit * 0.3, fill=fill, stroke="#ffffff", stroke_width=max(1.0, unit * 0.06)
        )
        doc.text(
            cx,
            cy,
            str(value),
            size=unit * (0.34 if value < 10 else 0.28),
            fill=pictures.ink(fill, dark=_INK),
            font_weight="bold",
            class_="area-value",
        )
        doc.close()


def _badge_place(
    area: frozenset[tuple[int, int]], placed: list[tuple[int, int]]
) -> tuple[int, int]:
    """The sub-cell of ``area`` for its value's disc: the one nearest the
    area's middle that keeps clear of the discs ``placed`` already."""
    centre_i = sum(i for i, _ in area) / len(area)
    centre_j = sum(j for _, j in area) / len(area)
    ranked = sorted(
        area, key=lambda sub: ((sub[0] - centre_i) ** 2 + (sub[1] - centre_j) ** 2, sub)
    )
    for i, j in ranked:
        if all((i - a) ** 2 + (j - b) ** 2 >= 2.2**2 for a, b in placed):
            return i, j
    return ranked[0]


def _outline(
    area: frozenset[tuple[int, int]],
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The edges between ``area`` and the rest, in table units, each straight
    run of sub-cell sides joined into one segment."""
    rows: dict[int, list[int]] = {}  # horizontal edges: y -> x of each unit edge
    columns: dict[int, list[int]] = {}  # vertical edges: x -> y of each unit edge
    for i, j in area:
        if (i, j - 1) not in area:
            rows.setdefault(j, []).append(i)
        if (i, j + 1) not in area:
            rows.setdefault(j + 1, []).append(i)
        if (i - 1, j) not in area:
            columns.setdefault(i, []).append(j)
        if (i + 1, j) not in area:
            columns.setdefault(i + 1, []).append(j)
    segments = []
    for horizontal, lines in ((True, rows), (False, columns)):
        for fixed, starts in sorted(lines.items()):
            for first, last in _runs(starts):
                if horizontal:
                    segments.append(((first / 3, fixed / 3), ((last + 1) / 3, fixed / 3)))
                else:
                    segments.append(((fixed / 3, first / 3), (fixed / 3, (last + 1) / 3)))
    return segments


def _runs(values: Iterable[int]) -> list[tuple[int, int]]:
    """``(first, last)`` of each run of consecutive integers in ``values``.

    The same unit edge may come twice (the sides of two sub-cells that both
    lie outside a thin gap); a set keeps it once.
    """
    runs: list[tuple[int, int]] = []
    for value in sorted(set(values)):
        if runs and runs[-1][1] == value - 1:
            runs[-1] = (runs[-1][0], value)
        else:
            runs.append((value, value))
    return runs


def _coordinates(doc: pictures.Svg, frame: _Frame, band: float) -> None:
    """Each column's x above and below the table, each row's y on both sides."""
    size = max(8.0, min(band * 0.6, frame.unit * 0.4))
    for x in range(frame.x0, frame.x1 + 1):
        cx, _ = frame.at(x + 0.5, 0)
        for cy in (frame.top - band / 2, frame.top + frame.height + band / 2):
            doc.text(cx, cy, str(x), size=size, fill=_LABEL, class_="coordinate", data_x=x)
    for y in range(frame.y0, frame.y1 + 1):
        _, cy = frame.at(0, y + 0.5)
        for cx in (frame.left - band / 2, frame.left + frame.width + band / 2):
            doc.text(cx, cy, str(y), size=size, fill=_LABEL, class_="coordinate", data_y=y)


def _status(around: Game | View) -> str:
    """Who is to move and the hand sizes, or the end."""
    sizes = " ".join(str(size) for size in around.hand_sizes)
    if isinstance(around, Game):
        if around.is_over:
            scores = " ".join(str(score) for score in around.scores())
            return f"Game over · scores {scores} · player {around.winner} wins"
        return f"Player {around.current_player} to move · cards in hand {sizes}"
    if around.current_player is None:
        return f"Game over · seat {around.player}'s view"
    return f"Player {around.current_player} to move · cards in hand {sizes}"


def _hand(
    doc: pictures.Svg,
    cards: list[Card],
    left: float,
    top: float,
    unit: float,
    palette: pictures.Palette,
    text_size: float,
) -> None:
    """The cards of a hand side by side, each upright as dealt (rotation 0),
    its id below."""
    step = unit * 1.5
    inset = max(1.0, unit * 0.08)
    for number, card in enumerate(cards):
        x = left + number * step
        doc.open(class_="hand-card", data_card=card.id)
        doc.title(f"{card.id} ({card.kind.value} card)")
        doc.rect(
            x,
            top,
            unit,
            unit * 3,
            rx=unit * 0.1,
            fill=_CARD,
            stroke=_CARD_EDGE,
            stroke_width=max(0.5, unit / 40),
        )
        for square, code in enumerate(card.shapes[0]):
            box = (x + inset, top + square * unit + inset, unit - 2 * inset, unit - 2 * inset)
            data = {"data_card": card.id, "data_square": square}
            _square(doc, code, box, palette, reverse=False, css="hand-square", data=data)
        doc.text(x + unit / 2, top + unit * 3 + text_size * 0.9, card.id, size=text_size, fill=_INK)
        doc.close()


def _legend(
    doc: pictures.Svg,
    values: Mapping[str, int],
    left: float,
    middle: float,
    size: float,
    palette: pictures.Palette,
) -> None:
    """Each colour's value after a swatch, on one line (``text_size * 17.6``
    wider than the word "Values")."""
    doc.text(left, middle, "Values", size=size, fill=_INK, text_anchor="start", class_="legend")
    x = left + _text_width("Values", size) + size * 0.6
    for colour in Colour:
        name = COLOUR_NAMES[colour]
        fill = palette.colour(name)
        doc.rect(x, middle - size * 0.55, size * 1.1, size * 1.1, rx=size * 0.15, fill=fill)
        if palette.marks:
            doc.text(
                x + size * 0.55,
                middle,
                palette.letters[name],
                size=size * 0.8,
                fill=pictures.ink(fill, dark=_INK),
            )
        doc.text(
            x + size * 1.4,
            middle,
            str(values[colour.name]),
            size=size,
            fill=_INK,
            text_anchor="start",
            class_="legend-value",
            data_colour=name,
        )
        x += size * 3.4


# -- the three pictures ---------------------------------------------------------------------


def svg(
    subject: Subject,
    *,
    size: int = 32,
    coordinates: bool = True,
    flip: bool = False,
    palette: str | pictures.Palette = "standard",
    last_move: bool = True,
    areas: bool = False,
) -> str:
    """The table of a :class:`Game`, a :class:`View` or a :class:`Board` as an SVG document.

    ``size`` is the pixels of a square; ``coordinates`` labels every column
    (x) and row (y) drawn, one empty cell beyond the cards on every side;
    ``flip`` turns the table half round; ``palette`` is ``"standard"`` or
    ``"colour-blind"`` (a colour letter on every square and stripe), see
    :func:`huegames.pictures.style`.  ``last_move`` (on by default, as
    in every game's picture) outlines the last card played (a bare board's
    last placement); ``areas`` outlines each
    colour's largest area that scores and writes its value on it, with
    every colour's value below the table.  A game adds who is to move and
    the hand sizes; a view adds its own seat's hand.

    Each visible square (each stripe of a striped one) is a
    ``<rect class="square">`` with ``data-x``, ``data-y``, ``data-colour``
    (a palette name), ``data-card`` and ``data-square`` (and ``data-stripe``,
    ``data-skull``); each card showing is a ``<g class="card">``.

    >>> from huegames import hue
    >>> board = hue.Board.from_placements(["S0 0 0 0", "X1 1 1 3"])
    >>> picture = hue.svg(board, areas=True)
    >>> picture.count('class="square"'), picture.count('class="skull"')
    (12, 1)
    >>> picture.count('class="area"'), hue.svg(board, coordinates=False).count("coordinate")
    (3, 0)
    """
    look = pictures.style(size=size, coordinates=coordinates, flip=flip, palette=palette)
    for name, value in (("last_move", last_move), ("areas", areas)):
        if type(value) is not bool:
            raise TypeError(f"{name} must be True or False, not {brief(value)}")
    board, around = _parts(subject)
    unit = look.size
    box = board.bounds() or (0, 0, 0, 0)
    band = max(14.0, unit * 0.7) if look.coordinates else max(4.0, unit * 0.25)
    frame = _Frame(box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1, unit, band, band, look.flip)
    text_size = max(10.0, unit * 0.42)
    line = text_size * 1.8
    width = frame.width + 2 * band
    height = frame.height + 2 * band

    # Below the table: the status line, the values, a view's own hand.
    below: list[tuple[str, float]] = []
    if around is not None:
        below.append(("status", line))
    if areas:
        below.append(("legend", line))
    hand_unit = max(8.0, unit * 0.8)
    hand: list[Card] = []
    if isinstance(around, View):
        hand = [board.deck[card_id] for card_id in around.hand]
        below.append(("caption", line))
        below.append(("hand", hand_unit * 3 + text_size * 2))
        width = max(width, band + len(hand) * hand_unit * 1.5 + band)
    status = _status(around) if around is not None else ""
    legend = _text_width("Values", text_size) + text_size * 17.6 if areas else 0.0
    width = max(width, 2 * band + _text_width(status, text_size), 2 * band + legend)
    doc = pictures.Svg(
        round(width),
        round(height + sum(h for _, h in below) + (band if below else 0)),
        class_="huegames-hue",
    )
    doc.rect(0, 0, doc.width, doc.height, fill=_BACKGROUND)
    _table(doc, board, frame, look, _last_move(board, around) if last_move else None, areas)
    if look.coordinates:
        _coordinates(doc, frame, band)

    top = height
    for part, part_height in below:
        middle = top + part_height / 2
        if part == "status":
            doc.text(
                band,
                middle,
                status,
                size=text_size,
                fill=_INK,
                text_anchor="start",
                class_="status",
            )
        elif part == "legend":
            _legend(doc, board.colour_values(), band, middle, text_size, look.palette)
        elif part == "caption":
            assert isinstance(around, View)
            whose = f"Seat {around.player}'s hand"
            if around.current_player == around.player:
                whose += " (to move)"
            doc.text(
                band,
                middle,
                whose,
                size=text_size,
                fill=_INK,
                text_anchor="start",
                class_="caption",
            )
        else:
            _hand(doc, hand, band, top, hand_unit, look.palette, text_size)
        top += part_height
    return doc.render()


def png(subject: Subject, *, scale: float = 1.0, **options: Any) -> bytes:
    """:func:`svg` of ``subject`` as PNG bytes (``pip install "huegames[png]"``),
    ``scale`` times its size; ``options`` are :func:`svg`'s."""
    return pictures.png(svg(subject, **options), scale=scale)


def console(subject: Subject, *, palette: str | pictures.Palette = "standard") -> str:
    """The table as coloured blocks in rich console markup, for a terminal.

    Each square is six characters by three lines, a colour letter on every
    solid square and stripe and ``☠`` on a skull; x runs along the top, y
    down the left, one empty cell beyond the cards on every side.  A game
    adds who is to move and the hand sizes; a view adds its own hand, each
    card by id with its three colours (nothing of any other seat's).

    >>> from huegames import hue
    >>> text = hue.console(hue.Board.from_placements(["S0 0 0 1"]))
    >>> print(text.splitlines()[0])
        -1     0     1     2     3
    >>> "[#ffffff on #d7262e]" in text
    True
    """
    colours = pictures.style(palette=palette).palette
    board, around = _parts(subject)
    codes = _codes(board)
    min_x, min_y, max_x, max_y = board.bounds() or (0, 0, 0, 0)
    xs = range(min_x - 1, max_x + 2)
    ys = range(min_y - 1, max_y + 2)
    label = max(len(str(y)) for y in ys) + 1
    lines = [" " * label + "".join(f"{x:^6}" for x in xs).rstrip()]
    for y in ys:
        for row in range(3):
            start = f"{y:>{label - 1}} " if row == 1 else " " * label
            lines.append(
                start + "".join(_console_cell(codes.get((x, y)), row, colours) for x in xs)
            )
    if around is not None:
        lines.append("")
        lines.append(pictures.console_text(_status(around)))
    if isinstance(around, View):
        whose = f"Seat {around.player}'s hand"
        if around.current_player == around.player:
            whose += " (to move)"
        lines.append(pictures.console_text(whose) + ":")
        for card_id in around.hand:
            lines.append("  " + _console_card(board.deck[card_id], colours))
    return "\n".join(lines)


def _block(text: str, name: str, palette: pictures.Palette) -> str:
    """``text`` on colour ``name``'s fill, in rich markup."""
    fill = palette.colour(name)
    return f"[{pictures.ink(fill, dark=_INK)} on {fill}]{text}[/]"


def _console_cell(code: int | None, row: int, palette: pictures.Palette) -> str:
    """Line ``row`` (0-2) of a cell, six characters wide: two per sub-cell."""
    if code is None:
        return "  ·   " if row == 1 else "      "
    layout = cells.layout_of(code)
    colours = cells.colours_of(code)
    if layout == cells.SOLID:
        name = COLOUR_NAMES[colours[0]]
        letter = palette.letters[name]
        if row == 1:
            text = "  ☠   " if cells.is_skull(code) else f"  {letter}   "
        elif row == 0 and cells.is_skull(code):
            text = f"{letter}     "
        else:
            text = "      "
        return _block(text, name, palette)
    if layout == cells.VERTICAL:
        return "".join(
            _block(
                palette.letters[COLOUR_NAMES[c]] + " " if row == 1 else "  ",
                COLOUR_NAMES[c],
                palette,
            )
            for c in colours
        )
    name = COLOUR_NAMES[colours[row]]
    return _block(f"  {palette.letters[name]}   ", name, palette)


def _console_card(card: Card, palette: pictures.Palette) -> str:
    """A hand's card: its id, kind and three colours as coloured blocks."""
    blocks = []
    for square, colour in enumerate(card.colours):
        name = COLOUR_NAMES[colour]
        skull = card.kind.value == "poison" and square == 1
        blocks.append(_block(f" {palette.letters[name]}{'☠' if skull else ' '}", name, palette))
    kind = "stripes" if card.kind.striped else "squares"
    letters = "".join(colour.name for colour in card.colours)
    name = pictures.console_text(card.id)
    return f"{name:<4}{''.join(blocks)}  {card.kind.value} ({kind} {letters})"
