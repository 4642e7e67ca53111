"""The Linja table (rules §1) and its scoring (§3): two piece counts per position."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import engine
from ..records import brief

RED = 0
"""Seat 0, red: its pieces start at position 0 and move towards 7."""
BLACK = 1
"""Seat 1, black: its pieces start at position 7 and move towards 0."""
SEAT_NAMES = ("red", "black")
POSITIONS = 8
RED_GOAL, BLACK_GOAL = 7, 0
GOALS = (RED_GOAL, BLACK_GOAL)
ROW_LIMIT = 6
PIECES = 12
START = (6, 1, 1, 1, 1, 1, 1, 0)
POINTS = (0, 0, 0, 0, 1, 2, 3, 5)  # by distance covered: position for red, 7 - position for black


def passed(low: Sequence[int], high: Sequence[int]) -> bool:
    """Whether every piece of ``low`` (heading for 7) is above every piece of
    ``high`` (heading for 0): the end of the game (§3), in any frame."""
    first = 0
    while not low[first]:
        first += 1
    last = POSITIONS - 1
    while not high[last]:
        last -= 1
    return first > last


def forward(seat: int) -> int:
    """The direction a seat moves: +1 for red (towards 7), -1 for black (towards 0)."""
    return 1 if seat == RED else -1


def is_row(position: int) -> bool:
    """Positions 1..6 are rows; 0 and 7 are end zones."""
    return 0 < position < POSITIONS - 1


@dataclass(frozen=True, slots=True)
class Board:
    """Piece counts on the 8 positions: ``red[p]`` and ``black[p]`` for ``p`` in 0..7.

    Red's start zone is 0 and goal 7; black's start zone is 7 and goal 0.
    The constructor trusts its input; :meth:`check` validates a board from outside.

    >>> from huegames.linja import Board
    >>> board = Board.start()
    >>> print(board)
    r6 r1b1 r1b1 r1b1 r1b1 r1b1 r1b1 b6
    >>> board.red, board.count(3), board.points(0), board.passed
    ((6, 1, 1, 1, 1, 1, 1, 0), 2, 6, False)
    >>> Board.from_dict(board.to_dict()) == board
    True
    >>> Board.of([6, 1, 1, 1, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1, 1, 6])
    Traceback (most recent call last):
    ...
    ValueError: red has 13 pieces; each side has 12
    """

    red: tuple[int, ...]
    black: tuple[int, ...]

    @classmethod
    def start(cls) -> Board:
        """The start layout: 6 pieces in the own start zone and one in every row."""
        return cls(START, START[::-1])

    @classmethod
    def of(cls, red: Sequence[int], black: Sequence[int]) -> Board:
        """A checked board from two sequences of 8 counts."""
        board = cls(tuple(red), tuple(black))
        board.check()
        return board

    def check(self) -> None:
        """Raise ValueError unless this is a possible Linja position."""
        for name, counts in zip(SEAT_NAMES, (self.red, self.black), strict=True):
            if not isinstance(counts, tuple) or len(counts) != POSITIONS:
                raise ValueError(f"{name} must be {POSITIONS} piece counts, not {brief(counts)}")
            if any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts):
                raise ValueError(f"{name} counts must be integers >= 0, not {brief(counts)}")
            if sum(counts) != PIECES:
                raise ValueError(f"{name} has {brief(sum(counts))} pieces; each side has {PIECES}")
        for position in range(1, POSITIONS - 1):
            if self.count(position) > ROW_LIMIT:
                raise ValueError(
                    f"row {position} holds {self.count(position)} pieces; the limit is {ROW_LIMIT}"
                )

    def pieces(self, seat: int) -> tuple[int, ...]:
        """A seat's 8 counts."""
        return self.red if seat == RED else self.black

    def count(self, position: int) -> int:
        """Pieces of both colours on ``position``."""
        return self.red[position] + self.black[position]

    def points(self, seat: int) -> int:
        """A seat's points as the board stands (§3): 5, 3, 2, 1 by distance from its goal."""
        # POINTS written out (the hot path of every greedy and search decision)
        if seat == RED:
            red = self.red
            return red[4] + 2 * red[5] + 3 * red[6] + 5 * red[7]
        black = self.black
        return black[3] + 2 * black[2] + 3 * black[1] + 5 * black[0]

    @property
    def passed(self) -> bool:
        """True when the sides have passed each other: every red piece above every black one."""
        return passed(self.red, self.black)

    def to_dict(self) -> dict[str, list[int]]:
        """The board as plain JSON-able data: ``{"red": [...], "black": [...]}``."""
        return {"red": list(self.red), "black": list(self.black)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        """A checked board from :meth:`to_dict`'s mapping (a record's custom start)."""
        if not isinstance(data, Mapping) or set(data) != {"red", "black"}:
            raise ValueError("a board record must be a mapping with red and black")
        if not all(isinstance(data[k], list) for k in ("red", "black")):
            raise TypeError("board red and black must be lists of counts")
        return cls.of(data["red"], data["black"])

    def __str__(self) -> str:
        """One column per position, e.g. ``r6 r1b1 r1b1 ... b6``; ``.`` for empty."""
        cells = []
        for red, black in zip(self.red, self.black, strict=True):
            cell = (f"r{red}" if red else "") + (f"b{black}" if black else "")
            cells.append(cell or ".")
        return " ".join(cells)

    def _repr_svg_(self) -> str:
        """The board as an SVG picture (:func:`huegames.linja.svg`): what Jupyter shows."""
        return engine.picture("linja", self)
