"""Pictures of Plank: the stacked strips, the tokens and the strips in hand,
as SVG, PNG or console text.

The table is drawn as it lies: the strips top to bottom in the order of
:attr:`Table.strips <huegames.plank.board.Table.strips>`, each a paper
strip of three coloured squares, with the column letters ``a``-``c`` and
the row numbers ``1``, ``2``, ... of the move notation on the edges.  A
token has the colour of the square it stands on, so its seat is told by
shape and letter: each seat's token is its seat mark
(:meth:`Palette.seat_mark <huegames.pictures.Palette.seat_mark>`: seat 0 a
circle, 1 a square, 2 a triangle, 3 a diamond) with its set's letter A-D
on it, and reads in greyscale.  Beside the table, for a game or a view
(everything in Plank is public), each seat's strips still in hand and
tokens still off the table; below it whose turn it is and the last move.
The last move's squares are outlined and a winning line is struck through.

Every table square is a ``<rect class="square" data-row data-column
data-colour data-square>`` (row and column from 0, ``data-square`` the
notation ``b2``), every token a ``<g class="token" data-seat data-letter
data-square>``, every strip in hand a ``<g class="hand-strip" data-seat
data-strip>``.

>>> from huegames import plank
>>> game = plank.new_game(players=2, seed=7)
>>> for text in ["T GWR R", "T RWG R", "T GRW W", "Wb3"]:
...     _ = game.play(text)
>>> picture = plank.svg(game, size=24)
>>> picture.count('class="square"'), picture.count('class="token"')
(9, 4)
>>> plank.console(game).splitlines()[1]
' 1 [#1a1a1a on #2e9e44] g  [/][#1a1a1a on #d7262e] r  [/][bold #1a1a1a on #f7f5ef] wA [/]'
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import pictures
from .board import EMPTY, Table
from .components import COLOUR_NAMES
from .game import Game
from .moves import LayPlace, LayShift, Place, Shift
from .view import View

__all__ = ["LastMove", "console", "last_move", "png", "status", "svg"]

Subject = Game | View | Table
"""What the pictures draw: a game, one seat's view of it, or a bare table."""

_TABLE = "#6f5a43"
_PAPER = "#fbf8f0"
_EDGE = "#4b3f31"
_INK = "#2b2b2b"
_FAINT = "#8a8070"
_TOKEN_EDGE = "#1a1a1a"
_LIGHT = "#ffd54a"
_GOLD = "#f2b600"
_COLUMNS = "abc"

# Geometry, in units of the style's size (one square's side).
_TOKEN = 0.36
"""A token's radius."""
_HAND = 0.42
"""A square of a strip in hand."""
_HAND_GAP = 0.24
_PANEL = 5.6
"""Width of the panel of hands beside the table."""


@dataclass(frozen=True, slots=True)
class LastMove:
    """Where the last move acted, as square indices of the table as it
    stands now (row-major, ``3 * row + col``): the token's ``target``, its
    ``source`` for a move of a token already down (else None), and the
    ``laid`` strip's row (else None)."""

    seat: int
    target: int
    source: int | None
    laid: int | None


def last_move(game: Game) -> LastMove | None:
    """The squares of the last move played, in the table as it stands now;
    None before the first move and after a pass.

    >>> from huegames import plank
    >>> game = plank.new_game(players=2, seed=7)
    >>> _ = game.play("T GWR R"), game.play("T RWG R")
    >>> plank.drawing.last_move(game)  # the new top strip R W G: its red square
    LastMove(seat=1, target=0, source=None, laid=0)
    """
    if not game.history:
        return None
    move = game.history[-1]
    seat = _mover(game)
    rows, colours = game.table.rows, game.table.colours
    if isinstance(move, Place):
        return LastMove(seat, move.square.index, None, None)
    if isinstance(move, Shift):
        return LastMove(seat, move.target.index, move.source.index, None)
    if isinstance(move, (LayPlace, LayShift)):
        row = 0 if move.end == "T" else rows - 1
        if isinstance(move, LayPlace):
            return LastMove(seat, 3 * row + move.strip.index(move.colour), None, row)
        source = move.source.index + (3 if move.end == "T" else 0)
        return LastMove(seat, 3 * row + move.strip.index(colours[source]), source, row)
    return None


def _mover(game: Game) -> int:
    """The seat that played the last move: the one before the seat to move now."""
    copy = game.copy()
    copy.undo()
    seat = copy.current_player
    assert seat is not None  # a move was played from there
    return seat


def _parts(subject: Subject) -> tuple[Table, Game | None, int | None]:
    """The table, the game (None for a bare table) and the viewing seat."""
    if isinstance(subject, Table):
        return subject, None, None
    if isinstance(subject, Game):
        return subject.table, subject, None
    if isinstance(subject, View):
        game = subject.to_game()
        return game.table, game, subject.player
    raise TypeError(
        f"a Plank picture draws a plank.Game, View or Table, not {type(subject).__name__}"
    )


def _letter(game: Game | None, seat: int) -> str:
    """A seat's token set letter; a bare table knows only seat numbers."""
    return game.letter(seat) if game is not None else str(seat)


def status(game: Game, viewer: int | None = None) -> list[str]:
    """The lines under a game's picture: whose turn and phase (or how the
    hand ended, with its points), and the last move.

    >>> from huegames import plank
    >>> game = plank.new_game(players=2, seed=7)
    >>> _ = game.play("T GWR R")
    >>> for line in plank.drawing.status(game, viewer=0):
    ...     print(line)
    B (seat 1) to move: placement phase · you are A
    last move by A: T GWR R
    """
    lines = []
    outcome = game.outcome()
    name = {seat: f"{game.letter(seat)} (seat {seat})" for seat in range(game.players)}
    if outcome is None:
        seat = game.current_player
        assert seat is not None  # the hand goes on
        phase = "placement" if game.is_placing(seat) else "movement"
        lines.append(f"{name[seat]} to move: {phase} phase")
    elif game.winning_line is None:
        lines.append(f"hand drawn by {outcome.termination.value}")
    else:
        line = game.winning_line
        if len(outcome.winners) > 1:
            team = "+".join(sorted(game.letter(seat) for seat in outcome.winners))
            lines.append(f"team {team} wins: {name[line.seat]} completed a line")
        else:
            lines.append(f"{name[line.seat]} wins with a line")
        lines[-1] += ": " + " ".join(str(square) for square in line.squares)
    if viewer is not None:
        lines[0] += f" · you are {game.letter(viewer)}"
    if outcome is not None:
        kind = "penalty points" if game.players == 3 else "points"
        scores = " · ".join(
            f"{game.letter(seat)} {points}" for seat, points in enumerate(game.scores())
        )
        lines.append(f"{kind}: {scores}")
    if game.history:
        mover = _mover(game)
        lines.append(f"last move by {game.letter(mover)}: {game.history[-1]}")
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
    """An SVG picture of a Plank game, view or table (see the module's text).

    ``size`` is a square's side in pixels, ``coordinates`` writes the
    column letters and row numbers of the notation on the edges, ``flip``
    turns the table round (the bottom strip on top, column c on the
    left), ``palette`` picks the colours (``"colour-blind"`` also letters
    every square G, R or W), ``last_move`` outlines the last move's squares.

    >>> from huegames import plank
    >>> from huegames.plank.board import Table
    >>> table = Table()
    >>> _ = table.lay("RWG", "T")
    >>> picture = plank.svg(table, palette="colour-blind")
    >>> picture.count('class="square"'), picture.count('data-colour="red"')
    (3, 1)
    """
    look = pictures.style(size=size, coordinates=coordinates, flip=flip, palette=palette)
    table, game, viewer = _parts(subject)
    return _Picture(look, table, game, viewer, last_move).render()


def png(subject: Subject, **options: object) -> bytes:
    """The :func:`svg` picture as PNG bytes (needs the ``png`` extra)."""
    return pictures.png(svg(subject, **options))  # type: ignore[arg-type]


class _Picture:
    """One drawing: the layout worked out once, then drawn element by element."""

    def __init__(
        self,
        look: pictures.Style,
        table: Table,
        game: Game | None,
        viewer: int | None,
        highlight: bool,
    ) -> None:
        self.look, self.table, self.game, self.viewer = look, table, game, viewer
        self.move = last_move(game) if game is not None and highlight else None
        s = look.size
        margin = 0.6 if look.coordinates else 0.25
        self.x0, self.y0 = margin * s, margin * s
        self.rows = table.rows
        self.x1 = self.x0 + 3 * s
        self.y1 = self.y0 + max(self.rows, 1) * s
        self.panel_x = self.x1 + 0.7 * s
        self.blocks: list[tuple[int, float, float]] = []
        width, bottom = self.x1 + margin * s, self.y1 + margin * s
        if game is not None:
            y = self.y0 - 0.1 * s
            for seat in range(game.players):
                height = self._block_height(seat)
                self.blocks.append((seat, y, height))
                y += height
            width = self.panel_x + _PANEL * s
            bottom = max(bottom, y)
        self.lines = status(game, viewer) if game is not None else []
        self.status_y = bottom + 0.1 * s
        height = self.status_y + (0.5 * len(self.lines) + 0.15) * s
        self.doc = pictures.Svg(width, height, class_="huegames-plank")

    # -- where things go -----------------------------------------------------

    def _cell(self, index: int) -> tuple[float, float]:
        """The top-left corner of table square ``index``, flipped if asked."""
        row, col = divmod(index, 3)
        if self.look.flip:
            row, col = self.rows - 1 - row, 2 - col
        s = self.look.size
        return self.x0 + col * s, self.y0 + row * s

    def _centre(self, index: int) -> tuple[float, float]:
        x, y = self._cell(index)
        half = self.look.size / 2
        return x + half, y + half

    def _block_height(self, seat: int) -> float:
        assert self.game is not None
        strips = len(self.game.strips(seat))
        lines = max(1, -(-strips // 3))
        return (0.6 + lines * (_HAND + 0.2) + 0.6 + 0.3) * self.look.size

    # -- drawing ---------------------------------------------------------------

    def render(self) -> str:
        doc, s = self.doc, self.look.size
        doc.title(self._title())
        doc.rect(
            self.x0 - 0.15 * s,
            self.y0 - 0.15 * s,
            3.3 * s,
            self.y1 - self.y0 + 0.3 * s,
            rx=0.1 * s,
            fill=_TABLE,
            class_="table",
        )
        if not self.rows:
            doc.rect(
                self.x0,
                self.y0,
                3 * s,
                s,
                fill="none",
                stroke=_PAPER,
                stroke_dasharray=f"{0.15 * s:.1f}",
                stroke_width=max(1, 0.04 * s),
            )
            doc.text(
                self.x0 + 1.5 * s, self.y0 + 0.5 * s, "no strip yet", size=0.3 * s, fill=_PAPER
            )
        for row in range(self.rows):
            self._strip(row)
        if self.move is not None:
            self._last_move(self.move)
        self._winning_line()
        for index, owner in enumerate(self.table.owners):
            if owner != EMPTY:
                x, y = self._centre(index)
                colour = COLOUR_NAMES[self.table.colours[index]]
                self._token(x, y, _TOKEN * s, owner, colour, _square_name(index), class_="token")
        if self.look.coordinates:
            self._coordinates()
        for seat, top, height in self.blocks:
            self._hand(seat, top, height)
        for number, line in enumerate(self.lines):
            doc.text(
                0.25 * s,
                self.status_y + (0.5 * number + 0.25) * s,
                line,
                size=0.36 * s,
                text_anchor="start",
                fill=_INK,
                font_weight="bold" if number == 0 else None,
                class_="status",
            )
        return doc.render()

    def _title(self) -> str:
        text = f"Plank: {self.rows} strips " + " ".join(self.table.strips)
        return text + (" | " + self.lines[0] if self.lines else "")

    def _strip(self, row: int) -> None:
        doc, s, palette = self.doc, self.look.size, self.look.palette
        left = min(self._cell(3 * row)[0], self._cell(3 * row + 2)[0])
        top = self._cell(3 * row)[1]
        doc.rect(
            left,
            top,
            3 * s,
            s,
            fill=_PAPER,
            class_="strip",
            data_row=row,
            data_strip=self.table.strips[row],
        )
        inset = 0.06 * s
        for col in range(3):
            index = 3 * row + col
            x, y = self._cell(index)
            letter = self.table.colours[index]
            colour = COLOUR_NAMES[letter]
            doc.rect(
                x + inset,
                y + inset,
                s - 2 * inset,
                s - 2 * inset,
                fill=palette.colour(colour),
                stroke="#000000",
                stroke_opacity=0.2,
                stroke_width=max(1, 0.02 * s),
                class_="square",
                data_row=row,
                data_column=col,
                data_colour=colour,
                data_square=_square_name(index),
            )
            if palette.marks:
                doc.text(
                    x + 0.2 * s,
                    y + 0.2 * s,
                    letter,
                    size=0.2 * s,
                    fill=_ink_on(colour),
                    font_weight="bold",
                    class_="colour-mark",
                )
        doc.rect(left, top, 3 * s, s, fill="none", stroke=_EDGE, stroke_width=max(1, 0.04 * s))

    def _token(
        self,
        x: float,
        y: float,
        r: float,
        seat: int,
        colour: str,
        square: str | None,
        **attributes: object,
    ) -> None:
        """A seat's token: its seat mark in the token's colour, its letter on it."""
        doc, palette = self.doc, self.look.palette
        letter = _letter(self.game, seat)
        doc.open(
            data_seat=seat, data_letter=letter, data_colour=colour, data_square=square, **attributes
        )
        shape = palette.seat_mark(seat)
        doc.mark(shape, x + r * 0.08, y + r * 0.12, r, fill="#000000", fill_opacity=0.33)
        doc.mark(
            shape,
            x,
            y,
            r,
            fill=palette.colour(colour),
            stroke=_TOKEN_EDGE,
            stroke_width=max(1, r * 0.18),
            stroke_linejoin="round",
        )
        lift = r * 0.2 if shape == "triangle" else 0
        doc.text(
            x,
            y + lift,
            letter,
            size=r * (0.95 if shape == "triangle" else 1.15),
            fill=_ink_on(colour),
            font_weight="bold",
        )
        doc.close()

    def _last_move(self, move: LastMove) -> None:
        doc, s = self.doc, self.look.size
        width = max(1.5, 0.09 * s)
        if move.laid is not None:
            left = min(self._cell(3 * move.laid)[0], self._cell(3 * move.laid + 2)[0])
            top = self._cell(3 * move.laid)[1]
            doc.rect(
                left - width / 2,
                top + width / 2,
                3 * s + width,
                s - width,
                fill="none",
                stroke=_LIGHT,
                stroke_width=width,
                stroke_dasharray=f"{0.3 * s:.1f}",
                class_="last",
                data_role="laid",
                data_row=move.laid,
            )
        for index, role in ((move.source, "from"), (move.target, "to")):
            if index is None:
                continue
            x, y = self._cell(index)
            inset = 1.5 * width
            dashes = f"{0.12 * s:.1f}" if role == "from" else None
            doc.open(class_="last", data_role=role, data_square=_square_name(index))
            for stroke, thick in ((_TOKEN_EDGE, 1.8 * width), (_LIGHT, width)):
                doc.rect(
                    x + inset,
                    y + inset,
                    s - 2 * inset,
                    s - 2 * inset,
                    fill="none",
                    stroke=stroke,
                    stroke_width=thick,
                    stroke_dasharray=dashes,
                )
            doc.close()

    def _winning_line(self) -> None:
        line = self.game.winning_line if self.game is not None else None
        if line is None:
            return
        doc, s = self.doc, self.look.size
        doc.open(
            class_="winning-line",
            data_seat=line.seat,
            data_squares=" ".join(str(square) for square in line.squares),
        )
        ends = [self._centre(line.squares[0].index), self._centre(line.squares[2].index)]
        (x1, y1), (x2, y2) = ends
        doc.line(x1, y1, x2, y2, stroke=_TOKEN_EDGE, stroke_width=0.34 * s, stroke_linecap="round")
        doc.line(x1, y1, x2, y2, stroke=_GOLD, stroke_width=0.2 * s, stroke_linecap="round")
        for square in line.squares:
            x, y = self._cell(square.index)
            doc.rect(
                x + 0.03 * s,
                y + 0.03 * s,
                0.94 * s,
                0.94 * s,
                fill="none",
                stroke=_GOLD,
                stroke_width=0.06 * s,
                class_="winning",
                data_square=str(square),
            )
        doc.close()

    def _coordinates(self) -> None:
        doc, s = self.doc, self.look.size
        for col in range(3):
            x = self._cell(col)[0] + s / 2
            for y in (self.y0 - 0.38 * s, self.y1 + 0.38 * s):
                doc.text(x, y, _COLUMNS[col], size=0.34 * s, fill=_FAINT, class_="coordinate")
        for row in range(self.rows):
            y = self._cell(3 * row)[1] + s / 2
            doc.text(
                self.x0 - 0.36 * s, y, str(row + 1), size=0.34 * s, fill=_FAINT, class_="coordinate"
            )

    def _hand(self, seat: int, top: float, height: float) -> None:
        """One seat's block beside the table: its token, strips in hand, tokens off."""
        game, doc, s, palette = self.game, self.doc, self.look.size, self.look.palette
        assert game is not None
        x = self.panel_x
        doc.open(class_="hand", data_seat=seat)
        if seat == self.viewer:
            doc.rect(
                x - 0.15 * s,
                top + 0.05 * s,
                _PANEL * s,
                height - 0.1 * s,
                rx=0.1 * s,
                fill="#f1ead8",
                class_="own-hand",
            )
        if seat == game.current_player:
            doc.rect(
                x - 0.15 * s,
                top + 0.05 * s,
                0.08 * s,
                height - 0.1 * s,
                fill=_GOLD,
                class_="to-move",
            )
        self._token(x + 0.3 * s, top + 0.4 * s, 0.25 * s, seat, "white", None)
        words = [f"{game.letter(seat)} · seat {seat}"]
        if game.players == 4:
            words.append("team " + "+".join(sorted(game.letter(t) for t in game.team(seat))))
        if seat == game.current_player:
            words.append("to move")
        if seat == self.viewer:
            words.append("you")
        doc.text(
            x + 0.7 * s,
            top + 0.4 * s,
            " · ".join(words),
            size=0.32 * s,
            fill=_INK,
            text_anchor="start",
            font_weight="bold",
        )
        y = top + 0.75 * s
        strips = game.strips(seat)
        doc.text(x, y + _HAND * s / 2, "strips", size=0.26 * s, fill=_FAINT, text_anchor="start")
        if not strips:
            doc.text(
                x + 1.0 * s,
                y + _HAND * s / 2,
                "none left",
                size=0.26 * s,
                fill=_FAINT,
                text_anchor="start",
            )
        for k, pattern in enumerate(strips):
            sx = x + 1.0 * s + (k % 3) * (3 * _HAND + _HAND_GAP) * s
            sy = y + (k // 3) * (_HAND + 0.2) * s
            doc.open(class_="hand-strip", data_seat=seat, data_strip=pattern)
            doc.rect(
                sx - 0.03 * s, sy - 0.03 * s, (3 * _HAND + 0.06) * s, (_HAND + 0.06) * s, fill=_EDGE
            )
            for col, letter in enumerate(pattern):
                colour = COLOUR_NAMES[letter]
                doc.rect(
                    sx + col * _HAND * s,
                    sy,
                    _HAND * s,
                    _HAND * s,
                    fill=palette.colour(colour),
                    stroke=_EDGE,
                    stroke_width=max(1, 0.02 * s),
                    class_="hand-square",
                    data_colour=colour,
                )
                if palette.marks:
                    doc.text(
                        sx + (col + 0.5) * _HAND * s,
                        sy + _HAND * s / 2,
                        letter,
                        size=0.22 * s,
                        fill=_ink_on(colour),
                        font_weight="bold",
                    )
            doc.close()
        lines = max(1, -(-len(strips) // 3))
        y += lines * (_HAND + 0.2) * s + 0.3 * s
        doc.text(x, y, "tokens", size=0.26 * s, fill=_FAINT, text_anchor="start")
        k = 0
        for letter, off in game.off_table(seat).items():
            for _ in range(off):
                self._token(
                    x + (1.2 + 0.55 * k) * s,
                    y,
                    0.21 * s,
                    seat,
                    COLOUR_NAMES[letter],
                    None,
                    class_="hand-token",
                )
                k += 1
        if not k:
            doc.text(
                x + 1.0 * s, y, "all on the table", size=0.26 * s, fill=_FAINT, text_anchor="start"
            )
        doc.close()


def _square_name(index: int) -> str:
    """The notation of square ``index``: ``a1`` is the top strip's left square."""
    return f"{_COLUMNS[index % 3]}{index // 3 + 1}"


def _ink_on(colour: str) -> str:
    """Text colour that reads on a square of ``colour``."""
    return _TOKEN_EDGE if colour == "white" else "#ffffff"


def console(subject: Subject) -> str:
    r"""The table as coloured text in rich console markup: one line per
    strip, each square its colour with the colour's letter (``g``, ``r``,
    ``w``) and the letter of the token set standing there; then, for a
    game or a view, each seat's strips in hand and tokens off the table,
    whose turn it is and the last move.

    >>> import re
    >>> from huegames import plank
    >>> game = plank.new_game(players=2, seed=7)
    >>> for text in ["T GWR R", "T RWG R", "T GRW W", "Wb3"]:
    ...     _ = game.play(text)
    >>> print(re.sub(r"\[[^]]*]", "", plank.console(game)))  # doctest: +NORMALIZE_WHITESPACE
        a   b   c
     1  g   r   wA
     2  rB  w   g
     3  g   wB  rA
    <BLANKLINE>
    A seat 0 (to move): strips RGW RGW RGW GRW; tokens off the table  G   G   R   W
    B seat 1: strips RWG RWG RGW GRW GRW; tokens off the table  G   G   R   W
    <BLANKLINE>
    A (seat 0) to move: placement phase
    last move by B: Wb3
    """
    table, game, viewer = _parts(subject)
    palette = pictures.STANDARD
    fill = {letter: palette.colour(name) for letter, name in COLOUR_NAMES.items()}

    won = game.winning_line if game is not None else None
    winning = {square.index for square in won.squares} if won is not None else set()

    def square(index: int) -> str:
        letter, owner = table.colours[index], table.owners[index]
        token = " " if owner == EMPTY else _letter(game, owner)
        style = ("bold " if owner != EMPTY else "") + ("reverse " if index in winning else "")
        return f"[{style}{_TOKEN_EDGE} on {fill[letter]}] {letter.lower()}{token} [/]"

    lines = ["    a   b   c"]
    for row in range(table.rows):
        lines.append(f"{row + 1:>2} " + "".join(square(3 * row + col) for col in range(3)))
    if not table.rows:
        lines.append("   (no strip yet)")
    if game is None:
        return "\n".join(lines)
    lines.append("")
    for seat in range(game.players):
        strips = (
            " ".join(
                "".join(f"[{_TOKEN_EDGE} on {fill[c]}]{c}[/]" for c in pattern)
                for pattern in game.strips(seat)
            )
            or "none"
        )
        off = game.off_table(seat)
        tokens = (
            " ".join(
                f"[{_TOKEN_EDGE} on {fill[c]}] {c} [/]" for c, n in off.items() for _ in range(n)
            )
            or "all on the table"
        )
        marks = [" (to move)" if seat == game.current_player else ""]
        marks.append(" (you)" if seat == viewer else "")
        lines.append(
            f"{game.letter(seat)} seat {seat}{''.join(marks)}: strips {strips}; "
            f"tokens off the table {tokens}"
        )
    lines.append("")
    lines += status(game, viewer)
    return "\n".join(lines)
