"""Pictures of Linja: the board as it lies on the table, as SVG, PNG or console text.

The eight positions run across the picture, separated by the seven bamboo
sticks: red's start zone 0 at the bottom (black's goal), black's start
zone 7 at the top (red's goal), rows 1 to 6 between them.  Red's pieces
stand in the left half of each position, black's in the right half, with
their number beside them when there are four or more.  Each side's points
per piece (:data:`~huegames.linja.board.POINTS`) run along its edge: red's
on the left, black's on the right.  ``flip=True`` turns the board round
(black's view: 0 at the top, black on the left).  A game or a view also
says whose turn it is, the points so far and the last move, whose two
positions are lit.

Every position is a ``<rect class="square" data-position="p">`` (the end
zones also ``data-goal="red"`` or ``"black"``: whose goal they are), every
piece a ``<circle class="piece" data-seat="0|1" data-position="p">``.

>>> from huegames import linja
>>> game = linja.new_game(seed=1)
>>> _ = game.play_turn("6-7 5-6")
>>> picture = linja.svg(game, size=24)
>>> picture.count('class="piece"'), 'class="huegames-linja"' in picture
(24, True)
>>> print(linja.console(game).splitlines()[0])
pos  pts  red        black      pts
"""

from __future__ import annotations

from .. import pictures
from .board import BLACK, GOALS, POINTS, POSITIONS, RED, ROW_LIMIT, SEAT_NAMES, Board
from .game import Game
from .view import View

__all__ = ["console", "last_move", "png", "points", "status", "svg"]

Subject = Game | View | Board
"""What the pictures draw: a game, one seat's view of it, or a bare board."""

_WOOD = "#dcc595"
_ROW = "#f2e7cb"
_GOAL = "#e4d2a3"
_STICK = "#b59a3c"
_NODE = "#7d6a24"
_INK = "#3a3226"
_FAINT = "#8a7d64"
_LIGHT = "#ffd54a"
_SEAT_LETTERS = ("R", "B")

# Geometry, in units of the style's size (one row's height).
_PITCH = 0.8
"""Distance between neighbouring pieces."""
_RADIUS = 0.32
_SLOTS = 7
"""Places in each half of a position: six pieces and the count beside them."""
_PAD = 0.2
_BOARD = 2 * (_PAD + _SLOTS * _PITCH)
_END = 2.4
"""Height of an end zone: two lines of six pieces and the goal's name."""
_COUNT_FROM = 4
"""Groups of this many pieces or more also show their number."""


def _parts(subject: Subject) -> tuple[Board, Game | None, int | None]:
    """The board, the game (None for a bare board) and the viewing seat."""
    if isinstance(subject, Board):
        return subject, None, None
    if isinstance(subject, Game):
        return subject.board, subject, None
    if isinstance(subject, View):
        return subject.board, subject.game, subject.player
    raise TypeError(
        f"a Linja picture draws a linja.Game, View or Board, not {type(subject).__name__}"
    )


def points(seat: int, position: int) -> int:
    """What one of ``seat``'s pieces on ``position`` scores (rules §3).

    >>> from huegames.linja import drawing, RED, BLACK
    >>> [drawing.points(RED, p) for p in range(8)]
    [0, 0, 0, 0, 1, 2, 3, 5]
    >>> drawing.points(BLACK, 0), drawing.points(BLACK, 7)
    (5, 0)
    """
    return POINTS[position] if seat == RED else POINTS[POSITIONS - 1 - position]


def _goal_of(position: int) -> int | None:
    """The seat whose goal ``position`` is, or None for a row."""
    return GOALS.index(position) if position in GOALS else None


def last_move(game: Game) -> tuple[int, int, int] | None:
    """The last move played as ``(seat, src, dst)``; None before the first
    move and after a pass.  Red moves up (towards 7), black down.

    >>> from huegames import linja
    >>> game = linja.new_game(seed=1)
    >>> drawing = linja.drawing
    >>> drawing.last_move(game) is None
    True
    >>> _ = game.play("0-1")
    >>> drawing.last_move(game)
    (0, 0, 1)
    """
    if not game.history or game.history[-1].is_pass:
        return None
    move = game.history[-1]
    return (RED if move.dst > move.src else BLACK), move.src, move.dst


def status(game: Game, viewer: int | None = None) -> list[str]:
    """The lines under a game's picture: whose turn (or how it ended), the
    points so far and the last move.

    >>> from huegames import linja
    >>> game = linja.new_game(seed=1)
    >>> _ = game.play("0-1")
    >>> for line in linja.drawing.status(game, viewer=1):
    ...     print(line)
    red to play a following move of 2 · you are black
    points: red 6 · black 6
    last move by red: 0-1
    """
    lines = []
    outcome = game.outcome()
    if outcome is None:
        seat = game.state.current_player
        stage = f"a following move of {game.following}" if game.following else "an initial move"
        bonus = " in a bonus turn" if game.state.bonus else ""
        lines.append(f"{SEAT_NAMES[seat]} to play {stage}{bonus}")
    else:
        how = outcome.termination.value
        result = f"{SEAT_NAMES[outcome.winners[0]]} wins" if outcome.winners else "a draw"
        lines.append(f"game over ({how}): {result}")
    if viewer is not None:
        lines[0] += f" · you are {SEAT_NAMES[viewer]}"
    red, black = game.scores()
    lines.append(f"points: red {red} · black {black}")
    move = last_move(game)
    if move is not None:
        seat, src, dst = move
        lines.append(f"last move by {SEAT_NAMES[seat]}: {src}-{dst}")
    elif game.history:
        before = game.copy()
        before.undo()
        lines.append(f"last move by {SEAT_NAMES[before.state.current_player]}: pass")
    return lines


def svg(
    subject: Subject,
    *,
    size: int = 32,
    coordinates: bool = True,
    flip: bool = False,
    palette: str | pictures.Palette = "standard",
    last_move: bool = True,
) -> str:
    """An SVG picture of a Linja game, view or board (see the module's text).

    ``size`` is the height of a row in pixels, ``coordinates`` numbers the
    positions along the left edge, ``flip`` turns the board round,
    ``palette`` picks the colours (``"colour-blind"`` also letters each
    piece R or B), ``last_move`` lights the last move's two positions.

    >>> from huegames import linja
    >>> picture = linja.svg(linja.Board.start(), coordinates=False, palette="colour-blind")
    >>> picture.count('class="square"'), picture.count(">R</text>"), picture.count(">B</text>")
    (8, 12, 12)
    """
    look = pictures.style(size=size, coordinates=coordinates, flip=flip, palette=palette)
    board, game, viewer = _parts(subject)
    return _Picture(look, board, game, viewer, last_move).render()


def png(subject: Subject, **options: object) -> bytes:
    """The :func:`svg` picture as PNG bytes (needs the ``png`` extra)."""
    return pictures.png(svg(subject, **options))  # type: ignore[arg-type]


class _Picture:
    """One drawing: the layout worked out once, then drawn element by element."""

    def __init__(
        self,
        look: pictures.Style,
        board: Board,
        game: Game | None,
        viewer: int | None,
        highlight: bool,
    ) -> None:
        self.look, self.board, self.game, self.viewer = look, board, game, viewer
        self.move = last_move(game) if game is not None and highlight else None
        s = look.size
        self.order = list(range(POSITIONS)) if look.flip else list(range(POSITIONS - 1, -1, -1))
        left_labels = 0.7 if look.coordinates else 0.2
        self.x0 = (left_labels + 1.0) * s
        self.x1 = self.x0 + _BOARD * s
        self.y0 = 0.7 * s
        self.tops: dict[int, float] = {}
        y = self.y0
        for position in self.order:
            self.tops[position] = y
            y += self._height(position)
        self.y1 = y
        self.lines = status(game, viewer) if game is not None else []
        height = self.y1 + (0.25 + 0.5 * len(self.lines) + 0.1) * s if self.lines else y + 0.3 * s
        self.doc = pictures.Svg(self.x1 + 1.2 * s, height, class_="huegames-linja")

    def _height(self, position: int) -> float:
        return (_END if position in GOALS else 1.0) * self.look.size

    def _on_left(self, seat: int) -> bool:
        """Whether ``seat``'s pieces and points are on the left (red, unless flipped)."""
        return (seat == RED) != self.look.flip

    def _slot_x(self, seat: int, slot: int) -> float:
        offset = (_PAD + (slot + 0.5) * _PITCH) * self.look.size
        return self.x0 + offset if self._on_left(seat) else self.x1 - offset

    def _outer_is_top(self, position: int) -> bool:
        return position == self.order[0]

    def _line_y(self, position: int, line: int) -> float:
        """Centre height of line ``line`` of pieces (end zones have two)."""
        s, top = self.look.size, self.tops[position]
        if position not in GOALS:
            return top + 0.5 * s
        from_inner = (0.55 + _PITCH * line) * s
        return top + _END * s - from_inner if self._outer_is_top(position) else top + from_inner

    def render(self) -> str:
        doc, s = self.doc, self.look.size
        doc.title(self._title())
        doc.rect(
            self.x0 - 0.12 * s,
            self.y0 - 0.12 * s,
            self.x1 - self.x0 + 0.24 * s,
            self.y1 - self.y0 + 0.24 * s,
            rx=0.2 * s,
            fill=_WOOD,
            stroke=_NODE,
            stroke_width=max(1, 0.04 * s),
            class_="board",
        )
        for position in self.order:
            self._position(position)
        for position in self.order[1:]:
            self._stick(self.tops[position])
        for position in self.order:
            for seat in (RED, BLACK):
                self._pieces(position, seat)
        self._edges()
        for number, line in enumerate(self.lines):
            y = self.y1 + (0.25 + 0.5 * number + 0.25) * s
            weight = "bold" if number == 0 else None
            doc.text(
                0.2 * s,
                y,
                line,
                size=0.36 * s,
                text_anchor="start",
                fill=_INK,
                font_weight=weight,
                class_="status",
            )
        return doc.render()

    def _title(self) -> str:
        text = f"Linja: {self.board}"
        if self.lines:
            text += " | " + self.lines[0]
        return text

    def _position(self, position: int) -> None:
        doc, s = self.doc, self.look.size
        top, height = self.tops[position], self._height(position)
        goal = _goal_of(position)
        attributes: dict[str, object] = {
            "class_": "square",
            "data_position": position,
            "data_red": self.board.red[position],
            "data_black": self.board.black[position],
        }
        if goal is not None:
            attributes["data_goal"] = SEAT_NAMES[goal]
        doc.rect(
            self.x0,
            top,
            self.x1 - self.x0,
            height,
            fill=_GOAL if goal is not None else _ROW,
            **attributes,
        )
        if self.move is not None and position in self.move[1:]:
            role = "from" if position == self.move[1] else "to"
            inset = 0.05 * s
            doc.rect(
                self.x0 + inset,
                top + inset,
                self.x1 - self.x0 - 2 * inset,
                height - 2 * inset,
                fill=_LIGHT,
                fill_opacity=0.3 if role == "from" else 0.6,
                stroke="#b08500",
                stroke_width=max(1, 0.08 * s),
                stroke_dasharray=f"{0.2 * s:.1f} {0.12 * s:.1f}" if role == "from" else None,
                class_="highlight",
                data_position=position,
                data_role=role,
            )
        if goal is not None:
            outer = top + 0.25 * s if self._outer_is_top(position) else top + height - 0.25 * s
            colour = self.look.palette.colour(SEAT_NAMES[goal])
            doc.text(
                (self.x0 + self.x1) / 2,
                outer,
                f"{SEAT_NAMES[goal]}'s goal",
                size=0.34 * s,
                fill=colour,
                font_weight="bold",
                letter_spacing=0.05 * s,
                class_="goal",
                data_seat=goal,
            )
            starter = 1 - goal
            left = self._on_left(starter)
            doc.text(
                self.x0 + 0.3 * s if left else self.x1 - 0.3 * s,
                outer,
                f"{SEAT_NAMES[starter]}'s start",
                size=0.26 * s,
                fill=_FAINT,
                text_anchor="start" if left else "end",
            )

    def _stick(self, y: float) -> None:
        """A bamboo stick along the boundary at height ``y``, with its nodes."""
        doc, s = self.doc, self.look.size
        thick = 0.2 * s
        doc.rect(
            self.x0 - 0.2 * s,
            y - thick / 2,
            self.x1 - self.x0 + 0.4 * s,
            thick,
            rx=thick / 2,
            fill=_STICK,
            stroke=_NODE,
            stroke_width=max(1, 0.03 * s),
            class_="stick",
        )
        for k in range(1, 6):
            x = self.x0 + (self.x1 - self.x0) * (k / 6 - 0.04 * (k % 2))
            doc.line(
                x, y - thick / 2, x, y + thick / 2, stroke=_NODE, stroke_width=max(1, 0.05 * s)
            )

    def _pieces(self, position: int, seat: int) -> None:
        doc, s, palette = self.doc, self.look.size, self.look.palette
        count = self.board.pieces(seat)[position]
        colour = palette.colour(SEAT_NAMES[seat])
        per_line = ROW_LIMIT
        for k in range(count):
            cx, cy = self._slot_x(seat, k % per_line), self._line_y(position, k // per_line)
            doc.circle(
                cx,
                cy,
                _RADIUS * s,
                fill=colour,
                stroke="#000000",
                stroke_width=max(1, 0.04 * s),
                class_="piece",
                data_seat=seat,
                data_position=position,
            )
            doc.circle(
                cx,
                cy,
                _RADIUS * 0.62 * s,
                fill="none",
                stroke="#ffffff",
                stroke_opacity=0.3,
                stroke_width=max(1, 0.04 * s),
            )
            if palette.marks:
                doc.text(
                    cx, cy, _SEAT_LETTERS[seat], size=0.34 * s, fill="#ffffff", font_weight="bold"
                )
        if count >= _COUNT_FROM:
            lines = (count - 1) // per_line + 1
            cy = (self._line_y(position, 0) + self._line_y(position, lines - 1)) / 2
            doc.text(
                self._slot_x(seat, _SLOTS - 1),
                cy,
                str(count),
                size=0.42 * s,
                fill=colour,
                font_weight="bold",
                class_="count",
                data_seat=seat,
                data_position=position,
            )

    def _edges(self) -> None:
        """Each side's points per position along its edge, and the position numbers."""
        doc, s, palette = self.doc, self.look.size, self.look.palette
        for seat in (RED, BLACK):
            x = self.x0 - 0.6 * s if self._on_left(seat) else self.x1 + 0.6 * s
            colour = palette.colour(SEAT_NAMES[seat])
            doc.text(x, 0.3 * s, SEAT_NAMES[seat], size=0.3 * s, fill=colour, font_weight="bold")
            for position in self.order:
                value = points(seat, position)
                if not value:
                    continue
                cy = self.tops[position] + self._height(position) / 2
                doc.circle(
                    x,
                    cy,
                    0.3 * s,
                    fill="#ffffff",
                    stroke=colour,
                    stroke_width=max(1, 0.06 * s),
                    class_="points",
                    data_seat=seat,
                    data_position=position,
                    data_points=value,
                )
                doc.text(x, cy, str(value), size=0.34 * s, fill=colour, font_weight="bold")
        if self.look.coordinates:
            for position in self.order:
                cy = self.tops[position] + self._height(position) / 2
                doc.text(
                    0.4 * s,
                    cy,
                    str(position),
                    size=0.36 * s,
                    fill=_FAINT,
                    class_="coordinate",
                    data_position=position,
                )


def console(subject: Subject) -> str:
    r"""The board as coloured text in rich console markup, one line per
    position: its number, each side's pieces (a dot each, and their
    number) and each side's points per piece there; then, for a game or a
    view, whose turn, the points so far and the last move.  A view of
    black turns the board round (black's start at the bottom).

    >>> import re
    >>> from huegames import linja
    >>> text = linja.console(linja.Board.start())
    >>> print(text.splitlines()[1])
     7     5  [dim]·        [/]  [bold #ffffff on #262626]●●●●●●[/]  6       red's goal
    >>> print(re.sub(r"\[[^]]*]", "", text))  # without the colours
    pos  pts  red        black      pts
     7     5  ·          ●●●●●●  6       red's goal
     6     3  ●       1  ●       1
     5     2  ●       1  ●       1
     4     1  ●       1  ●       1
     3        ●       1  ●       1    1
     2        ●       1  ●       1    2
     1        ●       1  ●       1    3
     0        ●●●●●●  6  ·            5  black's goal
    """
    board, game, viewer = _parts(subject)
    palette = pictures.STANDARD
    red, black = palette.colour("red"), palette.colour("black")
    highlight = last_move(game) if game is not None else None
    order = range(POSITIONS) if viewer == BLACK else range(POSITIONS - 1, -1, -1)
    width = ROW_LIMIT + 3
    lines = [f"pos  pts  {'red':<{width}}  {'black':<{width}}  pts"]
    for position in order:
        cells = []
        for seat, colour in ((RED, red), (BLACK, black)):
            count = board.pieces(seat)[position]
            if count:
                dots = "●" * min(count, ROW_LIMIT)
                cell = f"[bold #ffffff on {colour}]{dots}[/]" + " " * (ROW_LIMIT - len(dots))
                cells.append(cell + f"{count:>3}")
            else:
                cells.append(f"[dim]{'·':<{ROW_LIMIT + 3}}[/]")
        notes = []
        goal = _goal_of(position)
        if goal is not None:
            notes.append(f"{SEAT_NAMES[goal]}'s goal")
        if highlight is not None and position in highlight[1:]:
            word = "from" if position == highlight[1] else "to"
            notes.append(f"[bold #000000 on {_LIGHT}] last move {word} [/]")
        red_points = points(RED, position) or ""
        black_points = points(BLACK, position) or ""
        line = f"{position:^3}  {red_points:>3}  {cells[0]}  {cells[1]}  {black_points:>3}"
        lines.append((line + "  " + " ".join(notes)).rstrip())
    if game is not None:
        lines.append("")
        lines += status(game, viewer)
    return "\n".join(lines)
