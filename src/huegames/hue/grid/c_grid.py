"""The compiled backend: ``Grid`` over the C core (``csrc/hue_core.h``).

Same names, signatures and results as :mod:`huegames.hue.grid.python_grid`,
which is the specification.  The table is kept in a ``hue_cell[]`` buffer
that covers every occupied cell with a margin of ``MARGIN`` empty cells on
each side, so every legal anchor's footprint lies inside it; the buffer
grows by copying, with some slack.  The buffer may span at most
``HUE_MAX_SIDE`` (4096) cells across, margins included, within about
+-2**62 of the origin; beyond that ``set`` and ``write`` raise ValueError.
A Board never gets there: it keeps its cards within
:data:`cells.MAX_COORDINATE` and :data:`cells.MAX_SPAN`, well inside.

Importing fails with ImportError when the extension is missing or was
built from another version of the header, and ``backend`` falls back.
"""

from __future__ import annotations

import struct
import threading
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from ... import _cores
from .. import cells
from .python_grid import Candidate

_core = _cores.core(cells.CORE, cells.CORE_VERSION)  # ImportError when missing or stale
ffi: Any = _core.ffi
"""The core's cffi ``FFI``, for callers that hand it buffers (the encoding)."""
lib: Any = _core.lib

MARGIN = 3  # empty cells around every occupied one: legal footprints fit
SLACK = 8  # extra cells when a side grows, so the next card fits too
MAX_SIDE: int = lib.HUE_MAX_SIDE
MAX_ORIGIN: int = lib.HUE_MAX_ORIGIN
EMPTY: int = lib.HUE_EMPTY
COLOURS: int = lib.HUE_COLOURS
CELL_BYTES: int = ffi.sizeof("hue_cell")

# hue_candidate packed by hand: x, y, three cells, horizontal, padding.
_CANDIDATE = struct.Struct("=iiHHHBx")
if ffi.sizeof("hue_candidate") != _CANDIDATE.size or ffi.offsetof("hue_candidate", "shape") != 8:
    raise ImportError("huegames.hue._hue_core: unexpected hue_candidate layout")

# Scratch buffers, one set per thread (the C calls release the GIL), kept
# at the largest size asked for so calls do not allocate.
_scratch = threading.local()


def _array(name: str, ctype: str, length: int) -> Any:  # cdata
    array = getattr(_scratch, name, None)
    if array is None or len(array) < length:
        array = ffi.new(f"{ctype}[]", length)
        setattr(_scratch, name, array)
    return array


def _check(status: int, what: str) -> int:
    if status < 0:
        raise ValueError(f"{what}: {_cores.error_message(_core, status)}")
    return status


def _span(lo: int, hi: int, old_lo: int, old_hi: int) -> tuple[int, int]:
    """A buffer span on one axis holding [lo, hi], slack added on the sides
    that pass the old span [old_lo, old_hi]; at most MAX_SIDE cells."""
    if lo < -MAX_ORIGIN + MAX_SIDE or hi > MAX_ORIGIN - MAX_SIDE:
        raise ValueError(
            f"the C backend holds coordinates within +-2**62 less {MAX_SIDE}; got {lo}..{hi}"
        )
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


def _footprints_box(candidates: Sequence[Candidate]) -> tuple[int, int, int, int]:
    """The smallest box (x0, y0, x1, y1) that holds every candidate's cells."""
    xs = [x for x, _, _, _ in candidates]
    ys = [y for _, y, _, _ in candidates]
    x_ends = [x + 2 if horizontal else x for x, _, horizontal, _ in candidates]
    y_ends = [y if horizontal else y + 2 for _, y, horizontal, _ in candidates]
    return min(xs), min(ys), max(x_ends), max(y_ends)


class Grid:
    """Cell codes of the visible layer of a table at most 4096 cells across."""

    __slots__ = ("_box", "_cells", "_count", "_height", "_width", "_x0", "_y0")
    backend: ClassVar[str] = "c"

    def __init__(self) -> None:
        self._cells = ffi.new("hue_cell[]", 1)
        self._x0 = self._y0 = 0  # table coordinates of buffer cell 0
        self._width = self._height = 1
        self._count = 0  # occupied cells
        self._box: tuple[int, int, int, int] | None = None  # covers every occupied cell

    def __getstate__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its cells' bytes and its frame."""
        size = self._width * self._height
        cells = ffi.buffer(self._cells, CELL_BYTES * size)[:]
        return cells, self._x0, self._y0, self._width, self._height, self._count, self._box

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        cells, self._x0, self._y0, self._width, self._height, self._count, self._box = state
        self._cells = ffi.new("hue_cell[]", self._width * self._height)
        ffi.memmove(self._cells, cells, len(cells))

    def copy(self) -> Grid:
        """An independent grid with the same cells."""
        twin = Grid.__new__(Grid)
        size = self._width * self._height
        twin._cells = ffi.new("hue_cell[]", size)
        ffi.memmove(twin._cells, self._cells, CELL_BYTES * size)
        twin._x0, twin._y0 = self._x0, self._y0
        twin._width, twin._height = self._width, self._height
        twin._count, twin._box = self._count, self._box
        return twin

    def get(self, x: int, y: int) -> int:
        """The code on cell (x, y); 0 when the cell is empty."""
        bx, by = x - self._x0, y - self._y0
        if 0 <= bx < self._width and 0 <= by < self._height:
            code: int = self._cells[by * self._width + bx]
            return code
        return EMPTY

    def set(self, x: int, y: int, code: int) -> None:
        """Show ``code`` on cell (x, y); code 0 empties the cell.

        Raises ValueError for an invalid code, or when the board would span
        more than 4096 cells (``HUE_MAX_SIDE``) across, margins included.
        """
        self.write(((x, y, code),))

    def write(self, writes: Sequence[tuple[int, int, int]]) -> None:
        """Show each ``(x, y, code)`` in order, all or none: the codes are
        checked and the buffer grown to hold every cell first, so a
        ValueError (a bad code, a table too wide) leaves the grid as it was.

        One pass checks and boxes the painted cells, one writes them.
        """
        painted = None
        for x, y, code in writes:
            if code not in cells.VALID_CODES:
                raise ValueError(f"invalid cell code {code!r}")
            if code != EMPTY:
                if painted is None:
                    painted = [x, y, x, y]
                else:
                    if x < painted[0]:
                        painted[0] = x
                    elif x > painted[2]:
                        painted[2] = x
                    if y < painted[1]:
                        painted[1] = y
                    elif y > painted[3]:
                        painted[3] = y
        if painted is not None:
            x0, y0, x1, y1 = painted
            ox, oy = self._x0, self._y0
            inside_x = ox + MARGIN <= x0 and x1 < ox + self._width - MARGIN
            inside_y = oy + MARGIN <= y0 and y1 < oy + self._height - MARGIN
            if not (inside_x and inside_y):
                self._cover(x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN)
        buffer, ox, oy = self._cells, self._x0, self._y0
        width, height = self._width, self._height
        count, box = self._count, self._box
        for x, y, code in writes:
            bx, by = x - ox, y - oy
            if code == EMPTY:
                if 0 <= bx < width and 0 <= by < height and buffer[by * width + bx]:
                    buffer[by * width + bx] = EMPTY
                    count -= 1
                    if not count:
                        box = None
                continue
            at = by * width + bx
            if not buffer[at]:
                count += 1
            buffer[at] = code
            if box is None:
                box = (x, y, x, y)
            elif not (box[0] <= x <= box[2] and box[1] <= y <= box[3]):
                box = (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))
        self._count, self._box = count, box

    def codes(self) -> Mapping[tuple[int, int], int]:
        """Every written cell's code, by ``(x, y)`` (a new dict)."""
        if self._box is None:
            return {}
        x0, y0, x1, y1 = self._box
        get = self.get
        return {
            (x, y): code
            for y in range(y0, y1 + 1)
            for x in range(x0, x1 + 1)
            if (code := get(x, y)) != EMPTY
        }

    def is_empty(self) -> bool:
        """True while no cell is written."""
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
            length = CELL_BYTES * (bx1 - bx0 + 1)
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
            return (0,) * COLOURS  # type: ignore[return-value]
        size = lib.hue_workspace_size(self._width, self._height)
        workspace = _array("workspace", "char", size)
        values = _array("values", "int32_t", COLOURS)
        _check(
            lib.hue_colour_values(self._cells, self._width, self._height, workspace, size, values),
            "colour_values",
        )
        return tuple(ffi.unpack(values, COLOURS))

    def colour_values_after(
        self, candidates: Iterable[Candidate]
    ) -> list[tuple[int, int, int, int, int]]:
        """Colour values after each candidate placement, each tried alone.

        The buffer grows to hold any candidate that does not fit it yet.
        """
        batch = candidates if isinstance(candidates, (list, tuple)) else list(candidates)
        count = len(batch)
        if not count:
            return []
        packed = _array("candidates", "hue_candidate", count)
        if not self._pack(batch, ffi.buffer(packed)):
            self._cover(*_footprints_box(batch))
            self._pack(batch, ffi.buffer(packed))
        size = lib.hue_workspace_size(self._width, self._height)
        workspace = _array("workspace", "char", size)
        values = _array("values", "int32_t", COLOURS * count)
        _check(
            lib.hue_colour_values_after(
                self._cells, self._width, self._height, packed, count, workspace, size, values
            ),
            "colour_values_after",
        )
        flat = iter(ffi.unpack(values, COLOURS * count))
        return list(zip(*[flat] * COLOURS, strict=True))

    def _pack(self, candidates: Sequence[Candidate], into: Any) -> bool:  # into: ffi.buffer
        """Write the candidates as hue_candidate records in buffer
        coordinates; False, having written junk, when one does not fit."""
        x0, y0, width, height = self._x0, self._y0, self._width, self._height
        pack_into, size = _CANDIDATE.pack_into, _CANDIDATE.size
        for at, (x, y, horizontal, (c0, c1, c2)) in enumerate(candidates):
            bx, by = x - x0, y - y0
            if horizontal:
                if not (0 <= bx < width - 2 and 0 <= by < height):
                    return False
            elif not (0 <= bx < width and 0 <= by < height - 2):
                return False
            try:
                pack_into(into, size * at, bx, by, c0, c1, c2, 1 if horizontal else 0)
            except struct.error:
                raise ValueError(f"invalid cell code in {(c0, c1, c2)!r}") from None
        return True

    # -- legal placements (rules §4) ----------------------------------------

    def legal_anchors(self, allow_cover: bool) -> tuple[list[int], list[int]]:
        """Anchors where a vertical card, and where a horizontal card, may go,
        as flat ``[x0, y0, x1, y1, ...]`` lists sorted by (y, x).

        Legality depends on the footprint only (rules §4), so this is every
        legal placement of every card.
        """
        if not self._count:
            return [], []
        width, height = self._width, self._height
        capacity = lib.hue_legal_capacity(width, height, 1) // 2
        pairs = _array("anchors", "int64_t", 2 * capacity)
        vertical = _array("vertical", "int64_t", 1)
        count = _check(
            lib.hue_legal_anchors(
                self._cells,
                width,
                height,
                1 if allow_cover else 0,
                self._x0,
                self._y0,
                pairs,
                capacity,
                vertical,
            ),
            "legal_anchors",
        )
        flat = ffi.unpack(pairs, 2 * count)
        return flat[: 2 * vertical[0]], flat[2 * vertical[0] :]

    # -- the encoder's doors (huegames.hue.encoding) --------------------------
    #
    # The encoding hands the whole table to the C core in one call; these
    # methods do it on this grid's buffer, so no caller reads its layout.
    # Pointers are cffi cdata the caller owns (numpy arrays through
    # ``ffi.from_buffer``); a refusal of the core is a ValueError.

    def _c_grid(self) -> Any:
        """The ``hue_grid`` of the buffer (valid until the buffer moves)."""
        return ffi.new("hue_grid *", (self._cells, self._width, self._height))

    def _c_box(self, box: cells.Box) -> Any:
        """``box`` (table coordinates) in buffer coordinates, as ``int32_t[4]``."""
        x0, y0 = self._x0, self._y0
        return ffi.new("int32_t[4]", (box[0] - x0, box[1] - y0, box[2] - x0, box[3] - y0))

    def mark_actions(
        self,
        allow_cover: bool,
        corner: tuple[int, int],
        frame: tuple[int, int],
        rotations: bytes,
        mask: Any,
        size: int,
        anchors: Any,
    ) -> int:
        """Mark the action ids of a hand's legal placements (``hue_mark_actions``).

        The frame is ``frame`` = (cols, rows) anchor positions, position
        (0, 0) being table cell ``corner``; ``rotations`` gives each hand
        slot's listed rotations (2 or 4).  Sets 1 in ``mask`` (``size``
        bytes, or NULL) at each legal id and in ``anchors`` (2 x rows x cols
        bytes, or NULL) at each legal anchor of each orientation; returns
        the number of legal placements.
        """
        width, height = self._width, self._height
        capacity = lib.hue_legal_capacity(width, height, 1) // 2
        pairs = _array("anchors", "int64_t", 2 * capacity)
        marks = ffi.new("hue_marks *", (mask, size, anchors, pairs, capacity))
        where = ffi.new("hue_frame *", (*frame, self._x0 - corner[0], self._y0 - corner[1]))
        status = lib.hue_mark_actions(
            self._c_grid(), 1 if allow_cover else 0, where, rotations, len(rotations), marks
        )
        return _check(status, "legal actions")

    def paint_planes(
        self, box: cells.Box, table: Any, planes: tuple[int, int, int], out: Any
    ) -> None:
        """Paint the cells of ``box`` (table coordinates, every occupied cell
        inside it) into ``planes`` = (count, rows, cols) planes at ``out``
        (``hue_paint_planes``): cell (x, y) at row y - box[1], column
        x - box[0], cell code c painting ``table[c * count + p]`` (4096 x
        count bytes) into plane p.  Empty cells are skipped (zero ``out``)."""
        painting = ffi.new("hue_planes *", (table, *planes))
        _check(lib.hue_paint_planes(self._c_grid(), self._c_box(box), painting, out), "planes")

    def observe(
        self,
        box: cells.Box,
        table: Any,
        features: Any,
        layout: Any,
        view: Mapping[str, Any],
        out: Any,
    ) -> None:
        """Write one seat's whole observation into ``out`` (``hue_observe``):
        the planes of ``box`` as :meth:`paint_planes` paints them, then the
        parts ``layout`` (a ``hue_observation_layout``) places, from
        ``view``, the fields of a ``hue_seat_view``, and ``features`` (a row
        of bytes per deck card)."""
        fields = {  # byte strings as pointers, alive for the call
            name: ffi.from_buffer("uint8_t[]", value) if isinstance(value, bytes) else value
            for name, value in view.items()
        }
        seat = ffi.new("hue_seat_view *", fields)
        status = lib.hue_observe(
            self._c_grid(), self._c_box(box), table, features, layout, seat, out
        )
        _check(status, "observation")
