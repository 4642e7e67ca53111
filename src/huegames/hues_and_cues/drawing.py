"""Pictures of Hues and Cues: the board of 480 colours, the players' pieces,
the scoring frame and the cues and scores, as SVG, PNG or coloured text.

:func:`svg` draws a :class:`~.game.Game`, a seat's :class:`~.view.View` or a
bare :class:`~.board.Board` the way the table looks: the 16 x 30 squares
with their letters and numbers on the edges, each guesser's first guess as
a piece and the second as a cone (a piece on a wider base), in the seat's
colour with its number on it (and, with the colour-blind palette, in the
seat's shape). The 3 x 3 scoring frame is drawn only where the picture may
show it (rules §6): around the target of a scored round, for the cue giver's
own view (dashed: the target only that seat knows), or around a ``target=``
given for a bare board.  Between rounds, while the next cue giver picks a
target, the picture still shows the round just scored.

>>> from huegames import hues_and_cues as hc
>>> game = hc.new_game(players=3, seed=7)
>>> for text in ["target N10", "cue mint", "guess N11"]:
...     _ = game.play(text)
>>> picture = hc.svg(game, size=16)
>>> picture.count('class="square"'), picture.count('class="piece"'), 'class="frame"' in picture
(480, 1, False)
>>> 'class="frame"' in hc.svg(game.view(0))  # the cue giver knows the target
True
>>> print(hc.console(game.view(1)).splitlines()[-4])  # the caption, in rich markup
Round 1 of 6 · cue giver: seat 0 · cues: mint
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .. import pictures
from ..records import brief
from .board import COLUMNS, ROW_LETTERS, ROWS, Board, Square, as_square
from .game import Game
from .rounds import Phase, Round
from .view import View

__all__ = ["board_png", "board_svg", "console", "png", "svg"]

Subject = Game | View | Board
"""What can be drawn: a game, one seat's view of it, or a bare board."""
Pieces = Mapping[Square | str, int]
"""Pieces put on a bare board: square to seat."""


@dataclass(frozen=True)
class _Piece:
    seat: int
    square: Square
    cone: bool  # a second guess


@dataclass(frozen=True)
class _Table:
    """What a picture shows, read once from its subject."""

    board: Board
    pieces: tuple[_Piece, ...] = ()
    target: Square | None = None
    revealed: bool = True  # False: the giver's secret target, not yet scored
    card: tuple[Square, ...] = ()  # squares the giver picks the target from
    lines: tuple[str, ...] = ()  # caption lines above the scores
    scores: tuple[int, ...] = ()  # empty for a bare board
    points: tuple[int, ...] | None = None  # of the round shown, once scored


def _shown_round(current: Round | None, rounds: tuple[Round, ...]) -> Round | None:
    """The round whose pieces lie on the table: the one in play, or, while
    the next target is picked and once the game is over, the last scored."""
    if current is not None and current.phase is not Phase.TARGET:
        return current
    return rounds[-1] if rounds else current


def _table(subject: object, target: Square | str | None, pieces: Pieces | None) -> _Table:
    if isinstance(subject, Board):
        placed = tuple(
            _Piece(_seat(seat), as_square(square), False) for square, seat in (pieces or {}).items()
        )
        return _Table(subject, placed, None if target is None else as_square(target))
    if not isinstance(subject, (Game, View)):
        raise TypeError(
            f"Hues and Cues draws a Game, a View or a Board, not {type(subject).__name__}"
        )
    if target is not None or pieces is not None:
        raise ValueError(
            "target= and pieces= are for a bare Board: a Game or View shows its own "
            "pieces, and its target when the view may see it"
        )
    current, rounds = subject.round, subject.rounds
    if isinstance(subject, Game):
        scores, viewer = tuple(subject.scores()), None
    else:
        scores, viewer = subject.scores, subject.player
    players, shown = subject.players, _shown_round(current, rounds)
    placed = () if shown is None else _pieces(shown, players)
    known = None if shown is None else shown.target
    if shown is not None and shown.phase is not Phase.SCORED and viewer is None:
        known = None  # a Game shows the table: the target only once revealed
    card: tuple[Square, ...] = ()
    if (
        current is not None
        and current.phase is Phase.TARGET
        and current.card is not None
        and viewer == current.giver
    ):
        card = current.card.squares
    return _Table(
        board=subject.board,
        pieces=placed,
        target=known,
        revealed=shown is not None and shown.phase is Phase.SCORED,
        card=card,
        lines=_caption(subject, shown, viewer, card, scores),
        scores=scores,
        points=None if shown is None else shown.points,
    )


def _seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise TypeError(f"a piece's seat is an int from 0, not {brief(seat)}")
    return seat


def _pieces(round_: Round, players: int) -> tuple[_Piece, ...]:
    """A round's guesses: the first ``players - 1`` are pieces, the rest cones."""
    return tuple(
        _Piece(seat, square, index >= players - 1)
        for index, (seat, square) in enumerate(round_.guesses)
    )


def _caption(
    subject: Game | View,
    shown: Round | None,
    viewer: int | None,
    card: tuple[Square, ...],
    scores: tuple[int, ...],
) -> tuple[str, ...]:
    """Two lines: the round on the table (its cues, the target once known),
    and what happens next."""
    scheduled = subject.rules.rounds_for(subject.players)
    lines = []
    if shown is not None and shown.phase is not Phase.TARGET:
        number = f"Round {shown.number + 1}" + (
            " (tie-break)" if shown.tie_break else f" of {scheduled}"
        )
        parts = [number, f"cue giver: seat {shown.giver}"]
        if shown.cues:
            cues = ", ".join(shown.cues)
            parts.append(f"cues: {cues}" + (" (no second cue)" if shown.skipped else ""))
        if shown.target is not None and (shown.phase is Phase.SCORED or viewer is not None):
            secret = shown.phase is not Phase.SCORED
            parts.append(f"target {shown.target}" + (" (only you know it)" if secret else ""))
        lines.append(" · ".join(parts))
    current, mover = subject.round, subject.current_player
    seen = "" if viewer is None else f"Seat {viewer}'s view · "
    if current is None:
        top = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == top]
        if len(winners) == 1:
            lines.append(f"{seen}Game over: seat {winners[0]} wins with {top}")
        else:
            shared = ", ".join(map(str, winners))
            lines.append(f"{seen}Game over: a shared win for seats {shared} with {top}")
    elif current.phase is Phase.TARGET:
        pick = f"{seen}Round {current.number + 1}: seat {mover} picks a target"
        if card:
            pick += " from the card " + " ".join(map(str, card))
        lines.append(pick)
    else:
        doing = {
            Phase.FIRST_CUE: "to give the first cue (one word)",
            Phase.FIRST_GUESSES: "to guess (first guesses)",
            Phase.SECOND_CUE: "to give a second cue (one or two words) or skip",
            Phase.SECOND_GUESSES: "to guess (second guesses, the cones)",
        }[current.phase]
        lines.append(f"{seen}Seat {mover} {doing}")
    return tuple(lines)


# -- SVG --------------------------------------------------------------------------------


def svg(
    subject: Subject,
    *,
    size: int = 32,
    coordinates: bool = True,
    flip: bool = False,
    palette: str | pictures.Palette = "standard",
    target: Square | str | None = None,
    pieces: Pieces | None = None,
) -> str:
    """A picture of a game, a seat's view or a board, as an SVG document.

    ``size`` is a square's width in pixels; ``coordinates`` puts the row
    letters and column numbers on the edges; ``flip`` turns the board round
    (P30 at the top left); ``palette`` is ``"standard"`` or
    ``"colour-blind"`` (pieces also in each seat's shape).  ``target`` and
    ``pieces`` (square to seat) are for a bare :class:`~.board.Board` only:
    a game or a view shows its own pieces, and its target only when the
    picture may show it.

    Each square is a ``<rect class="square" data-square="H15">`` filled
    with the board's colour; each piece a ``<g class="piece">`` with
    ``data-seat``, ``data-square`` and ``data-guess`` (``first``, or
    ``second`` for a cone); the frame a ``<g class="frame"
    data-target="H15">``.

    >>> from huegames import hues_and_cues as hc
    >>> board = hc.Board.default()
    >>> picture = hc.svg(board, size=8, coordinates=False, target="A1", pieces={"B2": 1})
    >>> picture[40:86]  # 30 x 16 squares of 8 pixels and a 2-pixel margin
    'width="244" height="132" viewBox="0 0 244 132"'
    >>> f'data-square="A1" fill="{board["A1"]}"' in picture, 'data-target="A1"' in picture
    (True, True)
    >>> hc.svg(hc.new_game(3, seed=1), target="A1")
    Traceback (most recent call last):
    ...
    ValueError: target= and pieces= are for a bare Board: a Game or View shows its own pieces, ...
    """
    look = pictures.style(size=size, coordinates=coordinates, flip=flip, palette=palette)
    return _draw(_table(subject, target, pieces), look)


def _draw(table: _Table, look: pictures.Style) -> str:
    s, colours = look.size, look.palette
    margin = s if look.coordinates else max(2, s // 4)
    line = round(s * 0.75)
    caption = (len(table.lines) + 1) * line + s // 4 if table.scores else 0
    width, board_height = 2 * margin + COLUMNS * s, 2 * margin + ROWS * s
    doc = pictures.Svg(width, board_height + caption, class_="huegames-hues-and-cues")
    doc.rect(0, 0, width, board_height + caption, fill="#ffffff", class_="background")

    def corner(square: Square) -> tuple[float, float]:
        row, column = square.row, square.column
        if look.flip:
            row, column = ROWS - 1 - row, COLUMNS - 1 - column
        return margin + column * s, margin + row * s

    doc.open(class_="board", shape_rendering="crispEdges")
    for row in range(ROWS):
        for column in range(COLUMNS):
            square = Square(row, column)
            x, y = corner(square)
            doc.rect(
                x, y, s, s, class_="square", data_square=square, fill=table.board.rows[row][column]
            )
    doc.close()
    if look.coordinates:
        doc.open(class_="coordinates", fill="#444444")
        font = round(s * 0.42, 1)
        for column in range(COLUMNS):
            x = corner(Square(0, column))[0] + s / 2
            for y in (margin / 2, board_height - margin / 2):
                doc.text(x, y, str(column + 1), size=font, class_="coordinate")
        for row in range(ROWS):
            y = corner(Square(row, 0))[1] + s / 2
            for x in (margin / 2, width - margin / 2):
                doc.text(x, y, ROW_LETTERS[row], size=font, class_="coordinate")
        doc.close()
    for square in table.card:
        x, y = corner(square)
        inset = s * 0.08
        doc.rect(
            x + inset,
            y + inset,
            s - 2 * inset,
            s - 2 * inset,
            fill="none",
            stroke="#000000",
            stroke_width=max(1, s * 0.08),
            stroke_dasharray=f"{s * 0.16:.1f}",
            class_="card",
            data_square=square,
        )
    if table.target is not None:
        _frame(doc, table.target, table.revealed, corner, s)
    for piece in table.pieces:
        x, y = corner(piece.square)
        _piece(doc, piece, x + s / 2, y + s / 2, s, colours)
    if table.scores:
        _legend(doc, table, margin, board_height, line, colours, s)
    return doc.render()


def _frame(
    doc: pictures.Svg,
    target: Square,
    revealed: bool,
    corner: Callable[[Square], tuple[float, float]],
    s: int,
) -> None:
    """The 3 x 3 frame around ``target``, cut at the board's edge, and the target's own square."""
    covered = list(target.within(1))
    xs = [corner(square)[0] for square in covered]
    ys = [corner(square)[1] for square in covered]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs) + s, max(ys) + s
    tx, ty = corner(target)
    state = "revealed" if revealed else "secret"
    doc.open(class_="frame", data_target=target, data_state=state, fill="none")
    doc.title(f"target {target}" + ("" if revealed else " (only the cue giver knows it)"))
    dash = None if revealed else f"{s * 0.3:.1f} {s * 0.15:.1f}"
    for stroke, weight in (("#000000", 0.16), ("#ffffff", 0.06)):
        doc.rect(
            x0, y0, x1 - x0, y1 - y0, stroke=stroke, stroke_width=s * weight, stroke_dasharray=dash
        )
    for stroke, weight in (("#000000", 0.08), ("#ffffff", 0.03)):
        inset = s * 0.1
        doc.rect(
            tx + inset,
            ty + inset,
            s - 2 * inset,
            s - 2 * inset,
            stroke=stroke,
            stroke_width=s * weight,
            class_="target",
        )
    doc.close()


def _piece(
    doc: pictures.Svg, piece: _Piece, cx: float, cy: float, s: int, colours: pictures.Palette
) -> None:
    """A seat's piece: its colour, its number, its shape with the colour-blind palette;
    a cone (a second guess) stands on a wider disc."""
    fill = colours.seat(piece.seat)
    shape = colours.seat_mark(piece.seat) if colours.marks else "circle"
    edge = {"stroke": "#1a1a1a", "stroke_width": max(1.0, round(s * 0.05, 1))}
    doc.open(
        class_="piece",
        data_seat=piece.seat,
        data_square=piece.square,
        data_guess="second" if piece.cone else "first",
        data_mark=shape,
        fill=fill,
    )
    guess = "second guess (cone)" if piece.cone else "first guess"
    doc.title(f"seat {piece.seat}: {guess} on {piece.square}")
    if piece.cone:
        doc.circle(cx, cy, s * 0.46, **edge)
    if piece.cone:  # the cone's top: a ring of the contrasting ink on its base
        edge = {**edge, "stroke": pictures.ink(fill)}
    _shape(doc, shape, cx, cy, s * (0.3 if piece.cone else 0.38), fill, edge)
    font = round(s * (0.34 if piece.cone else 0.42), 1)
    _number(doc, cx, cy, str(piece.seat), font, fill, shape)
    doc.close()


_OPEN_SHAPES = frozenset({"ring", "cross", "plus", "star", "bar"})
"""Seat marks whose middle is too thin to hold a number on their own colour."""


def _shape(
    doc: pictures.Svg,
    shape: str,
    cx: float,
    cy: float,
    r: float,
    fill: str,
    edge: dict[str, object],
) -> None:
    if shape == "ring":
        doc.circle(cx, cy, r, fill=fill, **edge)
        doc.circle(cx, cy, r * 0.55, fill="#ffffff", **edge)
    else:
        doc.mark(shape, cx, cy, r, fill=fill, **edge)


def _number(
    doc: pictures.Svg, cx: float, cy: float, text: str, font: float, fill: str, shape: str
) -> None:
    """The seat's number on its piece, haloed where the shape is thin."""
    if shape in _OPEN_SHAPES:
        ink = "#000000" if shape == "ring" else pictures.ink(fill)
        halo = "#ffffff" if ink == "#000000" else "#000000"
        doc.text(
            cx,
            cy,
            text,
            size=font,
            fill=ink,
            stroke=halo,
            stroke_width=round(font * 0.25, 1),
            paint_order="stroke",
            font_weight="bold",
        )
    else:
        doc.text(cx, cy, text, size=font, fill=pictures.ink(fill), font_weight="bold")


def _legend(
    doc: pictures.Svg,
    table: _Table,
    margin: int,
    top: int,
    line: int,
    colours: pictures.Palette,
    s: int,
) -> None:
    """The caption lines, then each seat's piece and score (and this round's points)."""
    font = round(s * 0.42, 1)
    doc.open(class_="caption", fill="#1a1a1a")
    for index, text in enumerate(table.lines):
        doc.text(margin, top + (index + 0.5) * line, text, size=font, text_anchor="start")
    doc.close()
    y = top + (len(table.lines) + 0.5) * line
    doc.open(class_="scores")
    doc.text(margin, y, "Scores", size=font, text_anchor="start", fill="#1a1a1a")
    start = margin + 2.6 * s
    step = min(3.0 * s, (COLUMNS * s - start + margin) / max(1, len(table.scores)))
    for seat, score in enumerate(table.scores):
        x = start + seat * step + s * 0.35
        doc.open(class_="score", data_seat=seat, data_score=score)
        _piece_icon(doc, seat, x, y, s, colours)
        gained = "" if table.points is None else f" (+{table.points[seat]})"
        doc.text(
            x + s * 0.45, y, f"{score}{gained}", size=font, text_anchor="start", fill="#1a1a1a"
        )
        doc.close()
    doc.close()


def _piece_icon(
    doc: pictures.Svg, seat: int, cx: float, cy: float, s: int, colours: pictures.Palette
) -> None:
    fill = colours.seat(seat)
    shape = colours.seat_mark(seat) if colours.marks else "circle"
    edge = {"stroke": "#1a1a1a", "stroke_width": max(1.0, round(s * 0.04, 1))}
    _shape(doc, shape, cx, cy, s * 0.3, fill, edge)
    _number(doc, cx, cy, str(seat), round(s * 0.34, 1), fill, shape)


def png(
    subject: Subject,
    *,
    scale: float = 1.0,
    size: int = 32,
    coordinates: bool = True,
    flip: bool = False,
    palette: str | pictures.Palette = "standard",
    target: Square | str | None = None,
    pieces: Pieces | None = None,
) -> bytes:
    """:func:`svg`'s picture as PNG bytes, ``scale`` times its size, through
    resvg (``pip install "huegames[png]"``)."""
    picture = svg(
        subject,
        size=size,
        coordinates=coordinates,
        flip=flip,
        palette=palette,
        target=target,
        pieces=pieces,
    )
    return pictures.png(picture, scale=scale)


def board_svg(
    board: Board,
    *,
    pieces: Pieces | None = None,
    target: Square | str | None = None,
    cell: int = 24,
) -> str:
    """The board as SVG, ``cell`` pixels a square: :func:`svg` of a bare
    board, kept under its older name."""
    return svg(board, size=cell, pieces=pieces, target=target)


def board_png(
    board: Board,
    *,
    pieces: Pieces | None = None,
    target: Square | str | None = None,
    cell: int = 24,
) -> bytes:
    """The board as PNG bytes: :func:`png` of a bare board, kept under its older name."""
    return png(board, size=cell, pieces=pieces, target=target)


# -- text -------------------------------------------------------------------------------


def console(subject: Subject) -> str:
    """A coloured text picture in rich console markup: the board as blocks of
    colour with the row letters and column numbers, each piece as its seat's
    number on the seat's colour (``3`` a first guess, ``3'`` a cone), the
    target's frame (``<>`` on the target, dots around it) when the subject
    may show it, then the cues and the scores.

    A view shows only what its seat may see.

    >>> from huegames import hues_and_cues as hc
    >>> text = hc.console(hc.Board.default())
    >>> lines = text.splitlines()
    >>> len(lines), lines[2][:37]  # two header lines, then 16 rows
    (18, ' A [on #ff002b]  [/][on #ff003c]  [/]')
    """
    table = _table(subject, None, None)
    at = {piece.square: piece for piece in table.pieces}
    frame = set() if table.target is None else set(table.target.within(1))
    tens = "".join(f"{(column + 1) // 10 or ' ':>2}" for column in range(COLUMNS))
    units = "".join(f"{(column + 1) % 10:>2}" for column in range(COLUMNS))
    lines = [f"   {tens}", f"   {units}"]
    for row in range(ROWS):
        cells = []
        for column in range(COLUMNS):
            square = Square(row, column)
            colour = table.board.rows[row][column]
            piece = at.get(square)
            if piece is not None:
                fill = _seat_fill(piece.seat)
                mark = f"{piece.seat}'" if piece.cone else f" {piece.seat}"
                cells.append(f"[bold {pictures.ink(fill)} on {fill}]{mark[-2:]}[/]")
            elif square == table.target:
                cells.append(f"[bold {pictures.ink(colour)} on {colour}]<>[/]")
            elif square in frame:
                cells.append(f"[bold {pictures.ink(colour)} on {colour}] ·[/]")
            elif square in table.card:
                cells.append(f"[bold {pictures.ink(colour)} on {colour}] *[/]")
            else:
                cells.append(f"[on {colour}]  [/]")
        letter = ROW_LETTERS[row]
        lines.append(f" {letter} {''.join(cells)} {letter}")
    for text in table.lines:
        lines.append(pictures.console_text(text))
    if table.scores:
        scores = []
        for seat, score in enumerate(table.scores):
            fill = _seat_fill(seat)
            gained = "" if table.points is None else f" (+{table.points[seat]})"
            scores.append(f"[bold {pictures.ink(fill)} on {fill}] {seat} [/] {score}{gained}")
        lines.append("Scores: " + "  ".join(scores))
        lines.append("Pieces: 3 is seat 3's first guess, 3' its second (the cone)")
    return "\n".join(lines)


def _seat_fill(seat: int) -> str:
    return pictures.STANDARD.seat(seat)
