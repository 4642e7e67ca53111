"""The compiled backend: ``Grid`` over the C core (``csrc/hue_core.h``).

Same names, signatures and results as :mod:`huegames.hue._python_grid`,
which is the specification.  The table is kept in a ``hue_cell[]`` buffer
that covers every occupied cell with a margin of ``MARGIN`` empty cells on
each side, so every legal anchor's footprint lies inside it; the buffer
grows by copying, with some slack.  Table coordinates are unbounded Python
ints, but one board may span at most ``HUE_MAX_SIDE`` (4096) cells across,
margins included; beyond that ``set`` raises ValueError.

Importing fails with ImportError when the extension is missing or was
built from another version of the header, and ``_backend`` falls back.
"""

from __future__ import annotations

import struct
import threading
from collections.abc import Iterable, Sequence
from itertools import repeat

from . import cells
from ._hue_core import ffi, lib

Candidate = tuple[int, int, bool, Sequence[int]]

CORE_VERSION = 1
if lib.hue_core_version() != CORE_VERSION:
    raise ImportError(
        f"huegames.hue._hue_core is version {lib.hue_core_version()}, expected {CORE_VERSION}; "
        "rebuild the package"
    )

MARGIN = 3  # empty cells around every occupied one: legal footprints fit
SLACK = 3  # extra cells when a side grows, so the next card fits too
MAX_SIDE = lib.HUE_MAX_SIDE

# hue_candidate packed by hand: x, y, three cells, horizontal, padding.
_CANDIDATE = struct.Struct("=iiHHHBx")
if ffi.sizeof("hue_candidate") != _CANDIDATE.size or ffi.offsetof("hue_candidate", "shape") != 8:
    raise ImportError("huegames.hue._hue_core: unexpected hue_candidate layout")

_VALID_CODES = frozenset(
    [cells.EMPTY]
    + [
        cells.encode(layout, (c0, c1, c2), skull)
        for layout in (cells.SOLID, cells.VERTICAL, cells.HORIZONTAL)
        for c0 in range(cells.COLOURS)
        for c1 in range(cells.COLOURS)
        for c2 in range(cells.COLOURS)
        for skull in (False, True)
    ]
)

_ERRORS = {
    lib.HUE_E_ARGUMENT: "argument out of range",
    lib.HUE_E_WORKSPACE: "workspace too small",
    lib.HUE_E_CELL: "invalid cell code",
    lib.HUE_E_BOUNDS: "candidate footprint outside the grid",
    lib.HUE_E_CAPACITY: "output buffer too small",
}

# Scratch buffers, one set per thread (the C calls release the GIL), kept
# at the largest size asked for so calls do not allocate.
_scratch = threading.local()


def _array(name: str, ctype: str, length: int):  # -> cdata
    array = getattr(_scratch, name, None)
    if array is None or len(array) < length:
        array = ffi.new(f"{ctype}[]", length)
        setattr(_scratch, name, array)
    return array


def _check(status: int, what: str) -> int:
    if status < 0:
        raise ValueError(f"{what}: {_ERRORS.get(status, f'error {status}')} (C core)")
    return status


def _span(lo: int, hi: int, old_lo: int, old_hi: int) -> tuple[int, int]:
    """A buffer span on one axis holding [lo, hi], slack added on the sides
    that pass the old span [old_lo, old_hi]; at most MAX_SIDE cells."""
    if hi - lo + 1 > MAX_SIDE:
        raise ValueError(
            f"the C backend holds boards at most {MAX_SIDE} cells across (margins included); "
            f"this one would span {lo}..{hi}"
        )
    new_lo = lo - SLACK if lo < old_lo else lo
    new_hi = hi + SLACK if hi > old_hi else hi
    if new_hi - new_lo + 1 > MAX_SIDE:
        return lo, hi
    return new_lo, new_hi


class Grid:
    """Cell codes of the visible layer of a table at most 4096 cells across."""

    __slots__ = ("_box", "_cells", "_count", "_height", "_width", "_x0", "_y0")

    def __init__(self) -> None:
        self._cells = ffi.new("hue_cell[]", 1)
        self._x0 = self._y0 = 0  # table coordinates of buffer cell 0
        self._width = self._height = 1
        self._count = 0  # occupied cells
        self._box: tuple[int, int, int, int] | None = None  # covers every occupied cell

    def copy(self) -> Grid:
        twin = Grid.__new__(Grid)
        size = self._width * self._height
        twin._cells = ffi.new("hue_cell[]", size)
        ffi.memmove(twin._cells, self._cells, 2 * size)
        twin._x0, twin._y0 = self._x0, self._y0
        twin._width, twin._height = self._width, self._height
        twin._count, twin._box = self._count, self._box
        return twin

    def get(self, x: int, y: int) -> int:
        """The code on cell (x, y); 0 when the cell is empty."""
        bx, by = x - self._x0, y - self._y0
        if 0 <= bx < self._width and 0 <= by < self._height:
            return self._cells[by * self._width + bx]
        return cells.EMPTY

    def set(self, x: int, y: int, code: int) -> None:
        """Show ``code`` on cell (x, y); code 0 empties the cell.

        Raises ValueError for an invalid code, or when the board would span
        more than 4096 cells (``HUE_MAX_SIDE``) across, margins included.
        """
        if code not in _VALID_CODES:
            raise ValueError(f"invalid cell code {code!r}")
        bx, by = x - self._x0, y - self._y0
        width = self._width
        if code == cells.EMPTY:
            if 0 <= bx < width and 0 <= by < self._height and self._cells[by * width + bx]:
                self._cells[by * width + bx] = cells.EMPTY
                self._count -= 1
                if not self._count:
                    self._box = None
            return
        if not (MARGIN <= bx < width - MARGIN and MARGIN <= by < self._height - MARGIN):
            self._cover(x - MARGIN, y - MARGIN, x + MARGIN, y + MARGIN)
            bx, by, width = x - self._x0, y - self._y0, self._width
        at = by * width + bx
        if not self._cells[at]:
            self._count += 1
        self._cells[at] = code
        box = self._box
        if box is None:
            self._box = (x, y, x, y)
        elif not (box[0] <= x <= box[2] and box[1] <= y <= box[3]):
            self._box = (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))

    def is_empty(self) -> bool:
        return not self._count

    def _cover(self, x0: int, y0: int, x1: int, y1: int) -> None:
        """Reallocate the buffer to hold table cells [x0, x1] x [y0, y1] as
        well as every occupied cell with its margin."""
        if self._box is not None:
            bx0, by0, bx1, by1 = self._box
            x0, y0 = min(x0, bx0 - MARGIN), min(y0, by0 - MARGIN)
            x1, y1 = max(x1, bx1 + MARGIN), max(y1, by1 + MARGIN)
        old_x0, old_y0, old_width = self._x0, self._y0, self._width
        nx0, nx1 = _span(x0, x1, old_x0, old_x0 + old_width - 1)
        ny0, ny1 = _span(y0, y1, old_y0, old_y0 + self._height - 1)
        width, height = nx1 - nx0 + 1, ny1 - ny0 + 1
        grown = ffi.new("hue_cell[]", width * height)
        if self._box is not None:
            # Copy the occupied box, row by row; it lies inside both buffers.
            bx0, by0, bx1, by1 = self._box
            length = 2 * (bx1 - bx0 + 1)
            for y in range(by0, by1 + 1):
                ffi.memmove(
                    grown + ((y - ny0) * width + bx0 - nx0),
                    self._cells + ((y - old_y0) * old_width + bx0 - old_x0),
                    length,
                )
        self._cells, self._x0, self._y0 = grown, nx0, ny0
        self._width, self._height = width, height

    # -- scoring (rules §5) -------------------------------------------------

    def colour_values(self) -> tuple[int, int, int, int, int]:
        """Each colour's largest area worth anything, in points (G R Y P B)."""
        if not self._count:
            return (0, 0, 0, 0, 0)
        size = lib.hue_workspace_size(self._width, self._height)
        workspace = _array("workspace", "char", size)
        values = _array("values", "int32_t", 5)
        _check(
            lib.hue_colour_values(self._cells, self._width, self._height, workspace, size, values),
            "colour_values",
        )
        return tuple(ffi.unpack(values, 5))  # type: ignore[return-value]

    def colour_values_after(
        self, candidates: Iterable[Candidate]
    ) -> list[tuple[int, int, int, int, int]]:
        """Colour values after each candidate placement, each tried alone.

        The buffer grows to hold any candidate that does not fit it yet.
        """
        candidates = candidates if isinstance(candidates, (list, tuple)) else list(candidates)
        count = len(candidates)
        if not count:
            return []
        packed = _array("candidates", "hue_candidate", count)
        if not self._pack(candidates, ffi.buffer(packed)):
            self._pack(candidates, ffi.buffer(packed))  # the buffer grew to hold them
        size = lib.hue_workspace_size(self._width, self._height)
        workspace = _array("workspace", "char", size)
        values = _array("values", "int32_t", 5 * count)
        _check(
            lib.hue_colour_values_after(
                self._cells, self._width, self._height, packed, count, workspace, size, values
            ),
            "colour_values_after",
        )
        flat = iter(ffi.unpack(values, 5 * count))
        return list(zip(flat, flat, flat, flat, flat, strict=True))

    def _pack(self, candidates: Sequence[Candidate], into: memoryview) -> bool:
        """Write the candidates as hue_candidate records in buffer coordinates.

        When some do not fit the buffer, grows it to hold them all (and what
        it held) and returns False: the records are stale then, pack again.
        """
        x0, y0, width, height = self._x0, self._y0, self._width, self._height
        pack_into, size = _CANDIDATE.pack_into, _CANDIDATE.size
        needed = None  # the old buffer and every footprint that leaves it
        for at, (x, y, horizontal, (c0, c1, c2)) in enumerate(candidates):
            bx, by = x - x0, y - y0
            if horizontal:
                fits = 0 <= bx < width - 2 and 0 <= by < height
                last_x, last_y = x + 2, y
            else:
                fits = 0 <= bx < width and 0 <= by < height - 2
                last_x, last_y = x, y + 2
            if fits:
                try:
                    pack_into(into, size * at, bx, by, c0, c1, c2, 1 if horizontal else 0)
                except struct.error:
                    raise ValueError(f"invalid cell code in {(c0, c1, c2)!r}") from None
            else:
                if needed is None:
                    needed = (x0, y0, x0 + width - 1, y0 + height - 1)
                needed = (
                    min(needed[0], x),
                    min(needed[1], y),
                    max(needed[2], last_x),
                    max(needed[3], last_y),
                )
        if needed is None:
            return True
        self._cover(*needed)
        return False

    # -- legal placements (rules §4) ----------------------------------------

    def legal_placements(
        self, rotations: Sequence[int], allow_cover: bool
    ) -> list[tuple[int, int, int, int]]:
        """Every legal ``(card index, x, y, rotation)`` for a hand.

        ``rotations[i]`` is 4 for card i, or 2 when its rotations r and r+2
        look the same (then only 0 and 1 are listed).  Order: card,
        rotation, y, x.
        """
        if any(count not in (2, 4) for count in rotations):
            raise ValueError(f"rotations must be 2 or 4 per card, got {list(rotations)}")
        if not self._count or not rotations:
            return []
        # Legality depends on the orientation only: ask the core for one
        # two-rotation card (the vertical anchors, then the horizontal ones)
        # and relabel them for every card and rotation here.
        width, height = self._width, self._height
        capacity = lib.hue_legal_capacity(width, height, 1)
        out = _array("placements", "hue_placement", capacity)
        count = _check(
            lib.hue_legal_placements(
                self._cells, width, height, b"\x02", 1, 1 if allow_cover else 0, out, capacity
            ),
            "legal_placements",
        )
        flat = ffi.unpack(ffi.cast("int32_t *", out), 4 * count)
        xs = list(map(self._x0.__add__, flat[1::4]))
        ys = list(map(self._y0.__add__, flat[2::4]))
        vertical = flat[3::4].count(0)
        blocks = (
            (xs[:vertical], ys[:vertical], vertical),
            (xs[vertical:], ys[vertical:], count - vertical),
        )
        placements: list[tuple[int, int, int, int]] = []
        for card, turns in enumerate(rotations):
            for rotation in range(turns):
                block_xs, block_ys, n = blocks[rotation % 2]
                placements += zip(
                    repeat(card, n), block_xs, block_ys, repeat(rotation, n), strict=False
                )
        return placements
