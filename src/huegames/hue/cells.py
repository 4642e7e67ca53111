"""The 16-bit cell code shared by both backends (see ``csrc/hue_core.h``).

A cell code describes the visible square on one cell of the table:

- bits 0-1: layout (0 empty, 1 solid, 2 vertical stripes, 3 horizontal stripes)
- bits 2-4, 5-7, 8-10: colours 0, 1, 2 (solid colour; stripes left to right
  or top to bottom)
- bit 11: skull (the middle square of a poison card)
"""

from __future__ import annotations

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
    return code & LAYOUT_MASK


def colours_of(code: int) -> tuple[int, int, int]:
    return tuple((code >> (COLOUR_SHIFT + 3 * k)) & 0x7 for k in range(3))  # type: ignore[return-value]


def is_skull(code: int) -> bool:
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
