"""Plank moves (rules §5) and their short text notation.

=============  ==============================================================
``Rb2``        place a red token on square b2 (placement phase)
``b2-c4``      move the token on b2 to c4 (movement phase)
``T GWR R``    lay a strip reading G, W, R left to right at the top (``T``)
               and place a red token on it (placement phase)
``B RWG b2``   lay a strip R, W, G at the bottom (``B``) and move the token
               on b2 onto the square of its colour there (movement phase)
``pass``       the player has no legal action (:attr:`Move.PASS`)
=============  ==============================================================

A square is a column ``a``-``c`` and a row ``1``-``12`` counted from the
top strip of the table as it stands before the move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar

from ..errors import InvalidMoveError
from ..records import brief
from ..text import quoted
from .components import COLOURS, MAX_ROWS, ORDERS

MoveT = TypeVar("MoveT", bound="Move")

ENDS = ("T", "B")
"""Where a strip joins the stack: the top or the bottom."""

_SQUARE = re.compile(r"([abc])([0-9]{1,2})", re.IGNORECASE | re.ASCII)
"""A square's text in ASCII only: ``\\d`` alone would also read ``a٣`` as ``a3``."""


@dataclass(frozen=True, slots=True)
class Square:
    """A square of the table: ``row`` from the top strip (0-11), ``col`` 0-2.

    Its text is the column letter and the row number from 1: ``b2``.

    >>> from huegames.plank import Square
    >>> square = Square.parse("b2")
    >>> square, str(square), square.index
    (Square(row=1, col=1), 'b2', 4)
    >>> Square.parse("d1")
    Traceback (most recent call last):
    ...
    huegames.errors.InvalidMoveError: square 'd1': expected a column a-c and a row 1-12
    """

    row: int
    col: int

    def __post_init__(self) -> None:
        if not (
            all(isinstance(v, int) and not isinstance(v, bool) for v in (self.row, self.col))
            and 0 <= self.row < MAX_ROWS
            and 0 <= self.col < 3
        ):
            raise InvalidMoveError(
                f"a square has a row 0-11 and a col 0-2, not ({brief(self.row)}, {brief(self.col)})"
            )

    def __str__(self) -> str:
        return f"{'abc'[self.col]}{self.row + 1}"

    @property
    def index(self) -> int:
        """The square's place in a row-major list of the table's squares."""
        return 3 * self.row + self.col

    @classmethod
    def parse(cls, text: str) -> Square:
        """Read ``"b2"`` (column a-c, row 1-12); raise InvalidMoveError when malformed."""
        match = _SQUARE.fullmatch(text) if isinstance(text, str) else None
        if match is None or not 1 <= int(match[2]) <= MAX_ROWS:
            raise InvalidMoveError(f"square {quoted(text)}: expected a column a-c and a row 1-12")
        return cls(int(match[2]) - 1, "abc".index(match[1].lower()))


def _check_square(square: object, name: str) -> None:
    if not isinstance(square, Square):
        raise InvalidMoveError(f"{name} must be a plank.Square, not {brief(square)}")


def _check_colour(colour: object) -> None:
    if colour not in COLOURS:
        raise InvalidMoveError(
            f"token colour must be one of {', '.join(COLOURS)}, not {brief(colour)}"
        )


def _check_lay(strip: object, end: object) -> None:
    if strip not in ORDERS:
        raise InvalidMoveError(
            f"a strip must read as three colours such as 'GWR', not {brief(strip)}"
        )
    if end not in ENDS:
        raise InvalidMoveError(f"a strip joins at the top 'T' or the bottom 'B', not {brief(end)}")


class Move:
    """A Plank move: a :class:`Place`, :class:`Shift`, :class:`LayPlace`,
    :class:`LayShift` or :class:`Pass` (:attr:`Move.PASS`).

    All are frozen and hashable, and read back from their text:
    ``Move.parse(str(move)) == move``.  ``Move`` itself is only their common
    type: it cannot be built (``Move()`` raises TypeError).  The kinds share
    its :meth:`parse` and :meth:`coerce`, so ``type(move).parse`` reads any
    move's text (``Place.parse("a1-b1")`` is a Shift).

    >>> from huegames.plank import Move, Place, Square
    >>> [type(Move.parse(text)).__name__ for text in ("Rb2", "b2-c4", "T GWR R", "B RWG b2")]
    ['Place', 'Shift', 'LayPlace', 'LayShift']
    >>> move = Move.parse("t gwr r")
    >>> move, str(move), move.strip, move.end, move.colour
    (Move.parse('T GWR R'), 'T GWR R', 'GWR', 'T', 'R')
    >>> Place("R", Square(1, 1)) == Move.parse("Rb2"), Move.parse("pass") is Move.PASS
    (True, True)
    >>> Move.parse("Xb2")
    Traceback (most recent call last):
    ...
    huegames.errors.InvalidMoveError: move 'Xb2': expected 'Rb2', 'b2-c4', 'T GWR R', ...
    """

    __slots__ = ()

    PASS: ClassVar[Pass]
    """The one pass: the move of a player with no legal action."""

    def __new__(cls: type[MoveT], *args: Any, **kwargs: Any) -> MoveT:
        if cls not in KINDS:
            raise TypeError(
                f"plank.{cls.__name__} is not a kind of move: build a Place, Shift, LayPlace,"
                " LayShift or Pass, or read one with Move.parse(text)"
            )
        return super().__new__(cls)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the text notation; raise InvalidMoveError when malformed."""
        return _parse(text)

    @classmethod
    def coerce(cls, move: Move | str) -> Move:
        """A move from a move (checked, and returned as it is) or its text
        (parsed); anything else raises InvalidMoveError.

        A move is checked again here, as the kind's constructor checks it:
        one made with ``object.__new__`` or changed with
        ``object.__setattr__`` is refused, never half-read by ``play``.
        """
        if isinstance(move, str):
            return _parse(move)
        if type(move) not in KINDS:
            raise InvalidMoveError(f"not a Plank move: {brief(move)}")
        for name in _FIELDS[type(move)]:
            if not hasattr(move, name):
                raise InvalidMoveError(
                    f"a plank.{type(move).__name__} without its {name} is not a move"
                )
        move._check()
        return move

    def _check(self) -> None:
        """Raise InvalidMoveError unless the fields make a move of this kind."""


@dataclass(frozen=True, slots=True, repr=False)
class Place(Move):
    """Placement phase: put an off-table token of ``colour`` on ``square``."""

    colour: str
    square: Square

    def __post_init__(self) -> None:
        self._check()

    def _check(self) -> None:
        _check_colour(self.colour)
        _check_square(self.square, "square")

    def __str__(self) -> str:
        return f"{self.colour}{self.square}"


@dataclass(frozen=True, slots=True, repr=False)
class Shift(Move):
    """Movement phase: move the own token on ``source`` to ``target``."""

    source: Square
    target: Square

    def __post_init__(self) -> None:
        self._check()

    def _check(self) -> None:
        _check_square(self.source, "source")
        _check_square(self.target, "target")
        if self.source == self.target:
            raise InvalidMoveError(
                f"a token must move to another square, not stay on {self.source}"
            )

    def __str__(self) -> str:
        return f"{self.source}-{self.target}"


@dataclass(frozen=True, slots=True, repr=False)
class LayPlace(Move):
    """Placement phase: lay a strip reading ``strip`` at ``end`` and put an
    off-table token of ``colour`` on its square of that colour."""

    strip: str
    end: str
    colour: str

    def __post_init__(self) -> None:
        self._check()

    def _check(self) -> None:
        _check_lay(self.strip, self.end)
        _check_colour(self.colour)

    def __str__(self) -> str:
        return f"{self.end} {self.strip} {self.colour}"


@dataclass(frozen=True, slots=True, repr=False)
class LayShift(Move):
    """Movement phase: lay a strip reading ``strip`` at ``end`` and move the
    own token on ``source`` (named before the lay) onto its colour there."""

    strip: str
    end: str
    source: Square

    def __post_init__(self) -> None:
        self._check()

    def _check(self) -> None:
        _check_lay(self.strip, self.end)
        _check_square(self.source, "source")

    def __str__(self) -> str:
        return f"{self.end} {self.strip} {self.source}"


@dataclass(frozen=True, slots=True, repr=False)
class Pass(Move):
    """No action: only when the player has no legal action (§5)."""

    def __str__(self) -> str:
        return "pass"


KINDS: frozenset[type[Move]] = frozenset({Place, Shift, LayPlace, LayShift, Pass})
"""Every kind of move; a Move of any other class is refused."""

_FIELDS = {kind: tuple(field.name for field in fields(kind)) for kind in KINDS}  # type: ignore[arg-type]

Move.PASS = Pass()


def _parse(text: object) -> Move:
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move text must be a string, not {type(text).__name__}")
    parts = text.split()
    if len(parts) == 1:
        word = parts[0]
        if word.lower() == "pass":
            return Move.PASS
        if "-" in word:
            source, _, target = word.partition("-")
            return Shift(Square.parse(source), Square.parse(target))
        if len(word) > 1 and word[0].upper() in COLOURS:
            return Place(word[0].upper(), Square.parse(word[1:]))
    elif len(parts) == 3:
        end, strip, token = parts[0].upper(), parts[1].upper(), parts[2]
        _check_lay(strip, end)
        if len(token) == 1:
            return LayPlace(strip, end, token.upper())
        return LayShift(strip, end, Square.parse(token))
    raise InvalidMoveError(
        f"move {quoted(text)}: expected 'Rb2', 'b2-c4', 'T GWR R', 'B GWR b2' or 'pass'"
    )


# Every move there is, made once: move generation looks them up.
SQUARES = tuple(Square(i // 3, i % 3) for i in range(3 * MAX_ROWS))
PLACES = {(c, i): Place(c, square) for c in COLOURS for i, square in enumerate(SQUARES)}
SHIFTS = [[Shift(s, t) if s != t else None for t in SQUARES] for s in SQUARES]
LAY_PLACES = {(o, e, c): LayPlace(o, e, c) for o in ORDERS for e in ENDS for c in COLOURS}
LAY_SHIFTS = {
    (o, e, i): LayShift(o, e, s) for o in ORDERS for e in ENDS for i, s in enumerate(SQUARES)
}


@dataclass(frozen=True, slots=True)
class Line:
    """The line that won a hand: the ``seat`` that completed it and its
    three ``squares``, named as the table stood at the end."""

    seat: int
    squares: tuple[Square, Square, Square]
