"""Squares ``A1``..``P30`` and the board of 480 colours (rules §1).

The default board is generated here, deterministically, in Okhsl (Björn
Ottosson's perceptual HSL built on OKLab, hue as in OKLCh): hue runs
clockwise around the edge, saturation grows from a pale grey centre at I15
to the most vivid colour of each hue at the edge.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from os import PathLike

from .. import engine
from ..errors import InvalidMoveError
from ..records import brief
from ..text import quoted
from .colour import Color, delta_e, normalise_hex

ROWS = 16
"""Rows of the colour board, lettered A to P."""
COLUMNS = 30
"""Columns of the colour board, numbered 1 to 30."""
ROW_LETTERS = "ABCDEFGHIJKLMNOP"
_SQUARE_TEXT = re.compile(r"([A-Pa-p])\s?([1-9][0-9]?)")


@dataclass(frozen=True, slots=True, order=True)
class Square:
    """A board square: ``row`` 0-15 (letters A-P, top to bottom), ``column``
    0-29 (numbers 1-30, left to right).  ``str(Square(7, 14)) == "H15"``.

    >>> from huegames.hues_and_cues import Square
    >>> square = Square.parse("h 15")
    >>> square, str(square), (square.row, square.column)
    (Square.parse('H15'), 'H15', (7, 14))
    >>> square.distance(Square.parse("J13"))  # two rows down: outside the scoring frame
    2
    >>> [str(near) for near in Square.parse("A1").within(1)]  # cut at the board's edge
    ['A1', 'A2', 'B1', 'B2']
    >>> Square.parse("Q1")
    Traceback (most recent call last):
    ...
    huegames.errors.InvalidMoveError: 'Q1' is not a square: a row A-P and a column 1-30, e.g. 'H15'
    """

    row: int
    column: int

    def __post_init__(self) -> None:
        for name, value, size in (("row", self.row, ROWS), ("column", self.column, COLUMNS)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
                raise InvalidMoveError(
                    f"square {name} must be an integer 0-{size - 1}, not {brief(value)}"
                )

    def __str__(self) -> str:
        return f"{ROW_LETTERS[self.row]}{self.column + 1}"

    def __repr__(self) -> str:
        return f"Square.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Square:
        """Read ``"H15"`` (any case, ``"H 15"`` too); InvalidMoveError when malformed."""
        match = _SQUARE_TEXT.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None or not 1 <= int(match[2]) <= COLUMNS:
            shown = quoted(text) if isinstance(text, str) else brief(text)
            raise InvalidMoveError(
                f"{shown} is not a square: a row A-P and a column 1-30, e.g. 'H15'"
            )
        return cls(ROW_LETTERS.index(match[1].upper()), int(match[2]) - 1)

    def distance(self, other: Square) -> int:
        """Chebyshev distance: the larger of the row and column differences."""
        return max(abs(self.row - other.row), abs(self.column - other.column))

    def within(self, distance: int) -> Iterator[Square]:
        """The squares at most ``distance`` away that exist on the board."""
        for row in range(max(0, self.row - distance), min(ROWS, self.row + distance + 1)):
            for column in range(
                max(0, self.column - distance), min(COLUMNS, self.column + distance + 1)
            ):
                yield SQUARES[row * COLUMNS + column]


SQUARES: tuple[Square, ...] = tuple(Square(r, c) for r in range(ROWS) for c in range(COLUMNS))


def as_square(value: Square | str) -> Square:
    """A Square from a Square or its text."""
    return value if isinstance(value, Square) else Square.parse(value)


@dataclass(frozen=True, slots=True)
class Board:
    """480 sRGB hex colours, ``rows[r][c]`` for square ``Square(r, c)``.

    Index a board by a square or its text; any 16 rows of 30 colours make
    one, such as a CSV file of a printed board.

    >>> from huegames.hues_and_cues import Board
    >>> board = Board.default()
    >>> board["I15"], board["A1"]  # the pale centre, a vivid corner
    ('#d5cccb', '#ff002b')
    >>> board.is_default(), len(board.rows), len(board.rows[0])
    (True, 16, 30)
    >>> text = board.to_csv()
    >>> text[:24], Board.parse_csv(text) == board
    ('#ff002b,#ff003c,#ff0049,', True)
    >>> Board(board.rows[:15])
    Traceback (most recent call last):
    ...
    ValueError: a board has 16 rows of colours, this one has 15
    """

    rows: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", _checked_rows(self.rows))

    def __getitem__(self, square: Square | str) -> str:
        square = as_square(square)
        return self.rows[square.row][square.column]

    @classmethod
    def default(cls) -> Board:
        """The package's own board (rules §1, "The default board")."""
        return default_board()

    def is_default(self) -> bool:
        """True when this board has the default board's colours (a record then
        stores no board)."""
        return self == default_board()

    @classmethod
    def parse_csv(cls, text: str) -> Board:
        """A board from CSV text: 16 lines of 30 hex colours (``#`` optional).

        A leading byte-order mark (Excel's "CSV UTF-8") is skipped.
        """
        if not isinstance(text, str):
            raise TypeError(f"board CSV must be text (str), not {type(text).__name__}")
        try:
            lines = [
                row
                for row in csv.reader(io.StringIO(text.removeprefix("\ufeff")))
                if any(cell.strip() for cell in row)
            ]
        except csv.Error as error:
            raise ValueError(f"board CSV is not readable: {brief(str(error))}") from None
        return cls(tuple(tuple(row) for row in lines))

    @classmethod
    def from_csv(cls, path: str | PathLike[str]) -> Board:
        """A board from a CSV file of 16 rows of 30 hex colours, in UTF-8 (with
        or without a byte-order mark); ValueError naming the encoding problem
        for a file in another encoding."""
        with open(path, "rb") as file:
            data = file.read()
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ValueError(
                f"board file {brief(str(path))} is not UTF-8 text: byte "
                f"{data[error.start : error.start + 1]!r} at offset {error.start} "
                "(save the CSV as UTF-8)"
            ) from None
        return cls.parse_csv(text)

    def to_csv(self) -> str:
        """The board as CSV text, 16 lines of 30 hex colours, which
        :meth:`parse_csv` reads back."""
        return "".join(",".join(row) + "\n" for row in self.rows)

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: :func:`huegames.hues_and_cues.svg` of this
        board, through the game's registry entry (this module does not import the drawing)."""
        return engine.picture("hues-and-cues", self)

    def neighbour_delta_e(self, method: str = "ok") -> tuple[float, float]:
        """The smallest and largest ΔE between orthogonal neighbours."""
        values = [
            delta_e(self[square], self[other], method)
            for square in SQUARES
            for other in (
                SQUARES[i]
                for i, ok in (
                    (square.row * COLUMNS + square.column + 1, square.column + 1 < COLUMNS),
                    ((square.row + 1) * COLUMNS + square.column, square.row + 1 < ROWS),
                )
                if ok
            )
        ]
        return min(values), max(values)


def _checked_rows(rows: object) -> tuple[tuple[str, ...], ...]:
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
        raise ValueError("a board is 16 rows of 30 hex colours")
    if len(rows) != ROWS:
        raise ValueError(f"a board has {ROWS} rows of colours, this one has {len(rows)}")
    checked = []
    for number, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or len(row) != COLUMNS:
            size = len(row) if isinstance(row, Sequence) else "no"
            raise ValueError(
                f"board row {ROW_LETTERS[number]} has {size} colours, expected {COLUMNS}"
            )
        cells = []
        for column, cell in enumerate(row):
            try:
                cells.append(normalise_hex(cell))
            except ValueError as error:
                raise ValueError(
                    f"board square {ROW_LETTERS[number]}{column + 1}: {error}"
                ) from None
        checked.append(tuple(cells))
    return tuple(checked)


# -- the default board ---------------------------------------------------------------

CENTRE = Square(8, 14)  # I15: the palest square
# Hue (OKLCh degrees) at the corners A1, A30, P30, P1, going clockwise and down.
CORNER_HUES = (25.0, -65.0, -125.0, -225.0, -335.0)
CENTRE_LIGHTNESS = 0.84
EDGE_LIGHTNESS = (0.5, 0.86)  # the edge takes each hue's most vivid lightness, clamped
CENTRE_CHROMA = 0.04  # share of the most chroma at I15, so the centre is not one grey
CHROMA_POWER = 1.3


def layout(square: Square) -> tuple[float, float]:
    """``(hue, rho)`` of a square on the default board.

    ``rho`` is 0 at the centre and 1 on every edge (Chebyshev rings scaled to
    the four edges); ``hue`` interpolates the corner hues along the ring.
    """
    dr, dc = square.row - CENTRE.row, square.column - CENTRE.column
    v = dr / (CENTRE.row if dr < 0 else ROWS - 1 - CENTRE.row)
    u = dc / (CENTRE.column if dc < 0 else COLUMNS - 1 - CENTRE.column)
    rho = max(abs(u), abs(v))
    if rho == 0:
        return CORNER_HUES[0] % 360, 0.0
    u, v = u / rho, v / rho
    if v == -1:  # top edge, left to right
        s = (u + 1) / 2
    elif u == 1:  # right edge, top to bottom
        s = 1 + (v + 1) / 2
    elif v == 1:  # bottom edge, right to left
        s = 2 + (1 - u) / 2
    else:  # left edge, bottom to top
        s = 3 + (1 - v) / 2
    side = min(int(s), 3)
    start, end = CORNER_HUES[side], CORNER_HUES[side + 1]
    return (start + (end - start) * (s - side)) % 360, rho


def square_colour(square: Square) -> str:
    """The default board's colour of one square.

    On the straight OKLCh line from the centre's grey to the edge colour of
    its hue: that hue's most vivid colour, its lightness clamped.
    """
    hue, rho = layout(square)
    vivid = Color("okhsv", [hue, 1, 1]).convert("okhsl")["lightness"]
    low, high = EDGE_LIGHTNESS
    edge_lightness, edge_chroma, _ = (
        Color("okhsl", [hue, 1, min(max(vivid, low), high)]).convert("oklch").coords()
    )
    grey = Color("okhsl", [hue, 0, CENTRE_LIGHTNESS]).convert("oklch")["lightness"]
    share = CENTRE_CHROMA + (1 - CENTRE_CHROMA) * rho**CHROMA_POWER
    colour = Color("oklch", [grey + (edge_lightness - grey) * share, edge_chroma * share, hue])
    return colour.convert("srgb").fit().to_string(hex=True)


@cache
def default_board() -> Board:
    """The default board, computed once (about 0.1 s)."""
    return Board(
        tuple(
            tuple(square_colour(Square(row, column)) for column in range(COLUMNS))
            for row in range(ROWS)
        )
    )
