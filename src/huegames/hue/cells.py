"""The 16-bit cell code and the table limits shared by both backends (see ``csrc/hue_core.h``).

A cell code describes the visible square on one cell of the table:

- bits 0-1: layout (0 empty, 1 solid, 2 vertical stripes, 3 horizontal stripes)
- bits 2-4, 5-7, 8-10: colours 0, 1, 2 (solid colour; stripes left to right
  or top to bottom)
- bit 11: skull (the middle square of a poison card)
"""

from __future__ import annotations

CORE = "huegames.hue._hue_core"
"""The compiled core's module (``csrc/hue_core.h``), loaded through :mod:`huegames._cores`."""
CORE_VERSION = (4, 3)
"""The ``HUE_CORE_VERSION_MAJOR`` and ``_MINOR`` of the header the C backend,
the kernel and the encoding are written against: a core built from another
is refused at import (:func:`huegames._cores.core`)."""

EMPTY = 0
SOLID = 1
VERTICAL = 2
HORIZONTAL = 3
LAYOUT_MASK = 0x3
COLOUR_SHIFT = 2
SKULL = 0x800
COLOURS = 5


def encode(layout: int, colours: tuple[int, int, int], skull: bool = False) -> int:
    """Pack a visible square into its cell code."""
    code = layout
    for k, colour in enumerate(colours):
        code |= colour << (COLOUR_SHIFT + 3 * k)
    return code | (SKULL if skull else 0)


def layout_of(code: int) -> int:
    """The code's layout: :data:`EMPTY`, :data:`SOLID`, :data:`VERTICAL` or :data:`HORIZONTAL`.

    >>> from huegames.hue import cells
    >>> code = cells.encode(cells.VERTICAL, (0, 1, 2))
    >>> cells.layout_of(code) == cells.VERTICAL, cells.colours_of(code)
    (True, (0, 1, 2))
    """
    return code & LAYOUT_MASK


def colours_of(code: int) -> tuple[int, int, int]:
    """The code's three colour indices (all three alike for a solid square)."""
    return tuple((code >> (COLOUR_SHIFT + 3 * k)) & 0x7 for k in range(3))  # type: ignore[return-value]


def is_skull(code: int) -> bool:
    """Whether the code shows a skull: the middle square of a poison card."""
    return bool(code & SKULL)


def sub_cell_colour(code: int, column: int, row: int) -> int:
    """Colour of sub-cell (column, row), each 0..2, of a non-empty square."""
    layout = code & LAYOUT_MASK
    if layout == SOLID:
        k = 0
    elif layout == VERTICAL:
        k = column
    else:
        k = row
    return (code >> (COLOUR_SHIFT + 3 * k)) & 0x7


VALID_CODES = frozenset(
    [EMPTY]
    + [
        encode(layout, (c0, c1, c2), skull)
        for layout in (SOLID, VERTICAL, HORIZONTAL)
        for c0 in range(COLOURS)
        for c1 in range(COLOURS)
        for c2 in range(COLOURS)
        for skull in (False, True)
    ]
)
"""Every code a cell may hold; anything else is refused by both backends."""


# -- the table's limits ----------------------------------------------------------

MAX_COORDINATE = 2**62 - 2**13
"""The largest ``|x|`` or ``|y|`` of an occupied cell: 2**62 - 8192.

A placement with a square beyond it is illegal (IllegalMoveError) and
never listed, on both backends: the C grid keeps table coordinates in
64-bit integers with margins around the cards, and this leaves room for
them.  A real game never comes near it."""

MAX_SPAN = 2**11
"""The most cells the occupied cells may span along each axis: 2048.

``max_x - min_x + 1`` and ``max_y - min_y + 1`` over the occupied cells
stay at most this.  A placement that would stretch the table further is
illegal (IllegalMoveError) and never listed, on both backends: so the C
grid (at most ``HUE_MAX_SIDE`` = 4096 cells a side, margins included) and
the kernel's playouts always hold the table.  A game with the default
deck spans at most about 90 cells."""

Box = tuple[int, int, int, int]
"""``(min_x, min_y, max_x, max_y)`` of some cells."""


def beyond_limits(box: Box) -> str | None:
    """Why cells filling ``box`` would break the table's limits, or None."""
    min_x, min_y, max_x, max_y = box
    if min(min_x, min_y) < -MAX_COORDINATE or max(max_x, max_y) > MAX_COORDINATE:
        return (
            "a square would lie beyond the table's coordinate limit "
            "+-hue.MAX_COORDINATE (2**62 - 8192)"
        )
    if max_x - min_x >= MAX_SPAN or max_y - min_y >= MAX_SPAN:
        return f"the table would span more than hue.MAX_SPAN ({MAX_SPAN}) cells across"
    return None


def union(box: Box | None, other: Box) -> Box:
    """The smallest box holding ``box`` (None: nothing) and ``other``."""
    if box is None:
        return other
    return (
        min(box[0], other[0]),
        min(box[1], other[1]),
        max(box[2], other[2]),
        max(box[3], other[3]),
    )
