"""The pure-Python backend: the executable specification of the C core.

Both backends provide a ``Grid``: a mutable map from table cells ``(x, y)``
to cell codes (:mod:`huegames.hue.cells`) with the three hot operations of
Hue -- colour values, colour values after each of many candidate
placements, and the legal anchors of a vertical and a horizontal card.  This one is written to be
read next to ``rules/hue.md`` §4-5; the C one must agree with it exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar

from .. import cells
from ..moves import footprint

Candidate = tuple[int, int, bool, Sequence[int]]
"""A placement to try: anchor x, anchor y, horizontal?, its three cell codes."""

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


class Grid:
    """Cell codes of the visible layer of an unbounded table."""

    __slots__ = ("_cells",)
    backend: ClassVar[str] = "python"

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], int] = {}

    def copy(self) -> Grid:
        """An independent grid with the same cells."""
        twin = Grid()
        twin._cells = dict(self._cells)
        return twin

    def get(self, x: int, y: int) -> int:
        """The code on cell (x, y); 0 when the cell is empty."""
        return self._cells.get((x, y), cells.EMPTY)

    def set(self, x: int, y: int, code: int) -> None:
        """Show ``code`` on cell (x, y); code 0 empties the cell."""
        if code not in cells.VALID_CODES:
            raise ValueError(f"invalid cell code {code!r}")
        if code == cells.EMPTY:
            self._cells.pop((x, y), None)
        else:
            self._cells[(x, y)] = code

    def write(self, writes: Sequence[tuple[int, int, int]]) -> None:
        """Show each ``(x, y, code)`` in order, all or none: a bad code
        raises ValueError before any cell changes."""
        for _, _, code in writes:
            if code not in cells.VALID_CODES:
                raise ValueError(f"invalid cell code {code!r}")
        for x, y, code in writes:
            self.set(x, y, code)

    def codes(self) -> Mapping[tuple[int, int], int]:
        """Every written cell's code, by ``(x, y)`` (a read-only view)."""
        return MappingProxyType(self._cells)

    def is_empty(self) -> bool:
        """True while no cell is written."""
        return not self._cells

    # -- scoring (rules §5) -------------------------------------------------

    def colour_values(self) -> tuple[int, int, int, int, int]:
        """Each colour's largest area worth anything, in points (G R Y P B)."""
        return _colour_values(self._cells)

    def colour_values_after(
        self, candidates: Iterable[Candidate]
    ) -> list[tuple[int, int, int, int, int]]:
        """Colour values after each candidate placement, each tried alone."""
        results = []
        for x, y, horizontal, codes in candidates:
            trial = dict(self._cells)
            for cell, code in zip(footprint(x, y, horizontal), codes, strict=True):
                if code not in cells.VALID_CODES:
                    raise ValueError(f"invalid cell code {code!r}")
                if code == cells.EMPTY:
                    trial.pop(cell, None)
                else:
                    trial[cell] = code
            results.append(_colour_values(trial))
        return results

    # -- legal placements (rules §4) ----------------------------------------

    def legal_anchors(self, allow_cover: bool) -> tuple[list[int], list[int]]:
        """Anchors where a vertical card, and where a horizontal card, may go,
        as flat ``[x0, y0, x1, y1, ...]`` lists sorted by (y, x) (the C
        core's layout, which spares a tuple per anchor).

        Legality depends on the footprint only (rules §4), so this is every
        legal placement of every card.
        """
        return self._anchors(False, allow_cover), self._anchors(True, allow_cover)

    def _anchors(self, horizontal: bool, allow_cover: bool) -> list[int]:
        if not self._cells:
            return []
        xs = [x for x, _ in self._cells]
        ys = [y for _, y in self._cells]
        legal: list[int] = []
        for y in range(min(ys) - 3, max(ys) + 2):
            for x in range(min(xs) - 3, max(xs) + 2):
                if self._is_legal(footprint(x, y, horizontal), allow_cover):
                    legal += (x, y)
        return legal

    def _is_legal(self, cells_under: tuple[tuple[int, int], ...], allow_cover: bool) -> bool:
        covered = sum(cell in self._cells for cell in cells_under)
        if covered == 1:
            return allow_cover
        if covered > 1:
            return False
        return any(
            (cx + dx, cy + dy) in self._cells for cx, cy in cells_under for dx, dy in NEIGHBOURS
        )


def areas(table: Mapping[tuple[int, int], int]) -> Iterator[tuple[int, set[tuple[int, int]], bool]]:
    """Every area of the sub-cell picture of ``table`` (rules §5): its colour,
    its 4-connected sub-cells ``(3x + column, 3y + row)`` of that colour, and
    whether it touches a visible skull."""
    paint: dict[tuple[int, int], int] = {}
    skulls: set[tuple[int, int]] = set()
    for (x, y), code in table.items():
        for row in range(3):
            for column in range(3):
                sub = (3 * x + column, 3 * y + row)
                paint[sub] = cells.sub_cell_colour(code, column, row)
                if cells.is_skull(code):
                    skulls.add(sub)

    seen: set[tuple[int, int]] = set()
    for start, colour in paint.items():
        if start in seen:
            continue
        seen.add(start)
        area, poisoned, frontier = {start}, False, [start]
        while frontier:
            sx, sy = frontier.pop()
            poisoned = poisoned or (sx, sy) in skulls
            for dx, dy in NEIGHBOURS:
                neighbour = (sx + dx, sy + dy)
                if neighbour not in seen and paint.get(neighbour) == colour:
                    seen.add(neighbour)
                    area.add(neighbour)
                    frontier.append(neighbour)
        yield colour, area, poisoned


def _colour_values(table: dict[tuple[int, int], int]) -> tuple[int, int, int, int, int]:
    """Flood-fill the sub-cell picture of ``table`` and value each colour."""
    values = [0] * cells.COLOURS
    for colour, area, poisoned in areas(table):
        if not poisoned:
            values[colour] = max(values[colour], len(area) // 3)
    return tuple(values)  # type: ignore[return-value]
