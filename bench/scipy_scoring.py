"""Hue's colour values the way a NumPy user would write them: ``scipy.ndimage.label``.

The sub-cell picture of the table (each cell is 3x3 sub-cells, rules §5) is
painted into a NumPy array; each colour is labelled into 4-connected areas,
areas that touch a skull are zeroed, and a colour's value is its largest
remaining area divided by 3.  This is the obvious alternative the
benchmarks (``bench/``, ``huegames bench``) compare the engine with, and a
test checks that it agrees with the engine on many boards.  It needs numpy
and scipy (``pip install "huegames[bench]"``).
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage

from huegames.hue import cells
from huegames.hue.board import Board
from huegames.hue.cards import Colour

_COLOURS = [colour.name for colour in Colour]


def _tables() -> tuple[np.ndarray, np.ndarray]:
    """Per cell code: its 3x3 sub-cell colours (-1 when empty), and whether it is a skull."""
    paint = np.full((cells.SKULL << 1, 3, 3), -1, dtype=np.int8)
    skull = np.zeros(cells.SKULL << 1, dtype=bool)
    for code in cells.VALID_CODES - {cells.EMPTY}:
        for row in range(3):
            for column in range(3):
                paint[code, row, column] = cells.sub_cell_colour(code, column, row)
        skull[code] = cells.is_skull(code)
    return paint, skull


_PAINT, _SKULL = _tables()


def cell_codes(board: Board) -> dict[tuple[int, int], int]:
    """The code showing on each occupied cell, from the placements in the order laid."""
    codes: dict[tuple[int, int], int] = {}
    for placement in board.placements:
        shape = board.deck[placement.card].shapes[placement.rotation]
        codes.update(zip(placement.cells, shape, strict=True))
    return codes


class Picture:
    """The sub-cell picture of a table as two arrays: colour (-1 empty) and skull."""

    __slots__ = ("paint", "skull")

    def __init__(self, board: Board) -> None:
        codes = cell_codes(board)
        xs = [x for x, _ in codes]
        ys = [y for _, y in codes]
        grid = np.zeros((max(ys) - min(ys) + 1, max(xs) - min(xs) + 1), dtype=np.intp)
        for (x, y), code in codes.items():
            grid[y - min(ys), x - min(xs)] = code
        height, width = grid.shape
        # (h, w, 3, 3) -> (h, 3, w, 3) -> (3h, 3w): sub-cell rows and columns
        self.paint = _PAINT[grid].transpose(0, 2, 1, 3).reshape(3 * height, 3 * width)
        self.skull = np.repeat(np.repeat(_SKULL[grid], 3, axis=0), 3, axis=1)

    def colour_values(self) -> dict[str, int]:
        """``{"G": ..., "R": ..., "Y": ..., "P": ..., "B": ...}``, as ``Board.colour_values``."""
        values = {}
        for colour, name in enumerate(_COLOURS):
            labels, count = ndimage.label(self.paint == colour)
            if not count:
                values[name] = 0
                continue
            sizes = np.bincount(labels.ravel())
            sizes[0] = 0
            sizes[labels[self.skull]] = 0  # every area that touches a skull
            values[name] = int(sizes.max()) // 3
        return values


def colour_values(board: Board) -> dict[str, int]:
    """Paint ``board`` and value it: what a one-off NumPy scoring costs.

    >>> from huegames import hue
    >>> from scipy_scoring import colour_values
    >>> board = hue.Board.from_placements(["S0 0 0 1", "T0 3 0 3"])
    >>> colour_values(board)
    {'G': 6, 'R': 6, 'Y': 3, 'P': 3, 'B': 0}
    >>> colour_values(board) == board.colour_values()
    True
    """
    return Picture(board).colour_values()
