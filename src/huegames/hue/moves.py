"""A Hue move: one card laid at an anchor in a rotation (rules §2)."""

from __future__ import annotations

from typing import NamedTuple

from ..errors import InvalidMoveError
from ..records import brief
from ..text import quoted, shown


def footprint(x: int, y: int, horizontal: bool) -> tuple[tuple[int, int], ...]:
    """The three cells a card covers from its top-left anchor."""
    if horizontal:
        return ((x, y), (x + 1, y), (x + 2, y))
    return ((x, y), (x, y + 1), (x, y + 2))


def _short(card_id: str) -> str:
    """A card id as an error message shows it: as it is when short and
    printable (``D1``), else :func:`~huegames.text.quoted`."""
    return card_id if len(card_id) <= 40 and shown(card_id) == card_id else quoted(card_id)


class Move(NamedTuple):
    """Card ``card`` with its top-left cell at ``(x, y)``, turned ``rotation``
    quarter turns clockwise (0-3).

    A move is a plain tuple ``(card, x, y, rotation)``, so it compares equal
    to the placement tuples of :attr:`Board.placements`.  Its text form is
    the rules' ``card x y rotation``, e.g. ``"D1 1 0 1"``.

    >>> from huegames.hue import Move
    >>> move = Move.parse("D1 1 0 1")
    >>> move
    Move.parse('D1 1 0 1')
    >>> str(move), move.card, move.horizontal
    ('D1 1 0 1', 'D1', True)
    >>> move == ("D1", 1, 0, 1)
    True
    """

    card: str
    x: int
    y: int
    rotation: int

    def __str__(self) -> str:
        return f"{self.card} {self.x} {self.y} {self.rotation}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"card x y rotation"``; raise InvalidMoveError when malformed.

        >>> from huegames.hue import Move
        >>> Move.parse("X4 0 -3 0")
        Move.parse('X4 0 -3 0')
        >>> Move.parse("D1 1 0")
        Traceback (most recent call last):
        ...
        huegames.errors.InvalidMoveError: move 'D1 1 0': expected 'card x y rotation', ...
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move text must be a string, not {type(text).__name__}")
        parts = text.split()
        if len(parts) != 4:
            raise InvalidMoveError(
                f"move {quoted(text)}: expected 'card x y rotation', e.g. 'D1 1 0 1'"
            )
        card, *numbers = parts
        try:
            x, y, rotation = (int(number) for number in numbers)
        except ValueError:
            raise InvalidMoveError(
                f"move {quoted(text)}: x, y and rotation must be integers"
            ) from None
        return cls.of(card, x, y, rotation)

    @classmethod
    def coerce(cls, value: object) -> Move:
        """A Move from a Move, a ``(card, x, y, rotation)`` sequence or a text.

        A Move is checked again like any tuple (the plain constructor does
        not check), so a bad rotation never reaches the board.

        >>> from huegames.hue import Move
        >>> Move.coerce(("D1", 1, 0, 1)) == Move.coerce("D1 1 0 1")
        True
        >>> Move.coerce(Move("D1", 1, 0, 4))
        Traceback (most recent call last):
        ...
        huegames.errors.InvalidMoveError: move D1: rotation must be 0-3, not 4
        """
        if type(value) is cls:  # the common case, checked without a new tuple
            card, x, y, rotation = value
            if (
                type(card) is str
                and card
                and type(x) is int
                and type(y) is int
                and type(rotation) is int
                and 0 <= rotation <= 3
            ):
                return value
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, (tuple, list)) and len(value) == 4:
            return cls.of(*value)
        raise InvalidMoveError(
            "a move must be a Move, a (card, x, y, rotation) tuple or a 'card x y rotation' "
            f"text, not {brief(value)}"
        )

    @classmethod
    def of(cls, card: object, x: object, y: object, rotation: object) -> Move:
        """A checked move from loose values (types and the rotation range)."""
        if not isinstance(card, str) or not card:
            raise InvalidMoveError(f"move card must be a card id string, not {brief(card)}")
        for name, value in (("x", x), ("y", y), ("rotation", rotation)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidMoveError(
                    f"move {_short(card)}: {name} must be an integer, not {brief(value)}"
                )
        if not 0 <= rotation <= 3:  # type: ignore[operator]
            raise InvalidMoveError(
                f"move {_short(card)}: rotation must be 0-3, not {brief(rotation)}"
            )
        return cls(card, x, y, rotation)  # type: ignore[arg-type]

    @property
    def horizontal(self) -> bool:
        """Odd rotations lie across the table, even ones along it."""
        return self.rotation % 2 == 1

    def describe(self) -> str:
        """The move's text for an error message: ``str(move)``, with a card
        id or a coordinate too long to print shortened."""
        if max(abs(self.x), abs(self.y)).bit_length() <= 128:
            return f"{_short(self.card)} {self.x} {self.y} {self.rotation}"
        return " ".join([_short(self.card), *(brief(value) for value in self[1:])])

    @property
    def box(self) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` of the three cells it covers."""
        if self.rotation % 2 == 1:
            return (self.x, self.y, self.x + 2, self.y)
        return (self.x, self.y, self.x, self.y + 2)

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """The three table cells this move covers, in footprint order.

        >>> from huegames.hue import Move
        >>> Move.parse("D1 1 0 1").cells
        ((1, 0), (2, 0), (3, 0))
        >>> Move.parse("D1 1 0 2").cells
        ((1, 0), (1, 1), (1, 2))
        """
        return footprint(self.x, self.y, self.rotation % 2 == 1)
