"""The table (rules §3): a stack of aligned strips and the tokens on them."""

from __future__ import annotations

import functools

from .. import engine
from .components import MAX_ROWS

EMPTY = -1


class Table:
    """The laid strips, top to bottom, and who owns the token on each square.

    Squares are numbered row-major from the top strip: square ``3 * row +
    col``.  ``colours[i]`` is square i's colour, ``owners[i]`` the seat whose
    token stands there or ``EMPTY``.  ``lines`` lists every line of three
    squares that can win (§2): each strip, and each column of three
    consecutive strips whose colours differ.

    >>> from huegames.plank.board import Table
    >>> table = Table()
    >>> table.lay("RWG", "T"), table.lay("GRW", "B"), table.lay("RGW", "T")
    (0, 3, 0)
    >>> table.rows, table.strips
    (3, ['RGW', 'RWG', 'GRW'])
    >>> table.lines  # three strips, and the one column whose colours differ
    [(0, 1, 2), (3, 4, 5), (6, 7, 8), (1, 4, 7)]
    """

    __slots__ = ("colours", "lines", "lines_at", "owners", "strips")

    def __init__(self) -> None:
        self.strips: list[str] = []
        self.colours: list[str] = []
        self.owners: list[int] = []
        self.lines: list[tuple[int, int, int]] = []
        self.lines_at: list[list[tuple[int, int, int]]] = []

    @classmethod
    def of(cls, strips: list[str], owners: list[int]) -> Table:
        """The table of ``strips`` (top to bottom) with ``owners`` on its squares."""
        table = cls.__new__(cls)
        table.strips, table.owners = strips, owners
        table.colours = list("".join(strips))
        table.lines, table.lines_at = _lines(tuple(strips))
        return table

    def copy(self) -> Table:
        """An independent table with the same strips and tokens."""
        table = Table.__new__(Table)
        table.strips = self.strips.copy()
        table.colours = self.colours.copy()
        table.owners = self.owners.copy()
        table.lines, table.lines_at = self.lines, self.lines_at
        return table

    @property
    def rows(self) -> int:
        """The number of strips laid so far."""
        return len(self.strips)

    def lay(self, strip: str, end: str) -> int:
        """Add ``strip`` at the top ("T") or bottom ("B"); returns its first square."""
        if len(self.strips) >= MAX_ROWS:
            raise ValueError("all the strips are on the table")
        if end == "T":
            self.strips.insert(0, strip)
            self.colours[0:0] = strip
            self.owners[0:0] = (EMPTY, EMPTY, EMPTY)
            base = 0
        else:
            base = len(self.owners)
            self.strips.append(strip)
            self.colours.extend(strip)
            self.owners.extend((EMPTY, EMPTY, EMPTY))
        self._index()
        return base

    def unlay(self, end: str) -> None:
        """Take back the strip at ``end`` (with no token left on it)."""
        if end == "T":
            del self.strips[0], self.colours[0:3], self.owners[0:3]
        else:
            del self.strips[-1], self.colours[-3:], self.owners[-3:]
        self._index()

    def _index(self) -> None:
        self.lines, self.lines_at = _lines(tuple(self.strips))

    def line_through(self, square: int, seat: int) -> tuple[int, int, int] | None:
        """A line through ``square`` made only of ``seat``'s tokens, if any."""
        owners = self.owners
        for line in self.lines_at[square]:
            a, b, c = line
            if owners[a] == seat and owners[b] == seat and owners[c] == seat:
                return line
        return None

    def _repr_svg_(self) -> str:
        """The strips and tokens as an SVG picture (:func:`huegames.plank.svg`)."""
        return engine.picture("plank", self)


Lines = list[tuple[int, int, int]]


@functools.lru_cache(maxsize=4096)
def _lines(strips: tuple[str, ...]) -> tuple[Lines, list[Lines]]:
    """The lines of a stack of strips, and the lines through each square.

    Cached (shared by every table with that stack, never changed): a
    search lays and takes back the same strips again and again.
    """
    colours = "".join(strips)
    size = len(colours)
    lines = [(i, i + 1, i + 2) for i in range(0, size, 3)]
    lines += [
        (i, i + 3, i + 6)
        for i in range(size - 6)
        if len({colours[i], colours[i + 3], colours[i + 6]}) == 3
    ]
    lines_at: list[Lines] = [[] for _ in range(size)]
    for line in lines:
        for i in line:
            lines_at[i].append(line)
    return lines, lines_at
