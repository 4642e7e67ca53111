"""Linja moves as data (rules §4): a single move, a pass, and a whole turn."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import ClassVar

from ..errors import InvalidMoveError
from ..records import brief
from ..text import quoted
from .board import POSITIONS

PASS_TEXT = "pass"
_MOVE = re.compile(r"([0-9]{1,3})-([0-9]{1,3})")
"""``src-dst`` in ASCII digits (``isdigit`` takes ``²`` and ``①``, which ``int`` refuses)."""
MAX_TURN_MOVES = 4
"""A turn is an initial move, a following move and, in a bonus turn, both again."""


@dataclass(frozen=True, slots=True)
class Move:
    """One piece moved from position ``src`` to position ``dst`` (0..7), or a pass.

    Pieces of a colour are interchangeable, so the two positions say all.
    Text form ``"src-dst"``, e.g. ``"0-1"``; :attr:`PASS` is ``"pass"``.
    The constructor trusts its input; :meth:`parse` and :meth:`of` check it.

    >>> from huegames.linja import Move
    >>> move = Move.parse("0-1")
    >>> move, str(move), move.length
    (Move.parse('0-1'), '0-1', 1)
    >>> Move.of(7, 6) == Move.parse(" 7-6 "), Move.PASS, Move.PASS.is_pass
    (True, Move.parse('pass'), True)
    >>> Move.parse("8-9")
    Traceback (most recent call last):
    ...
    huegames.errors.InvalidMoveError: move src 8 is not a position 0..7
    """

    src: int
    dst: int

    PASS: ClassVar[Move]

    @property
    def is_pass(self) -> bool:
        """True for :attr:`PASS`, the move of a player who has no move."""
        return self.src == self.dst == -1

    @property
    def length(self) -> int:
        """Positions covered (0 for a pass)."""
        return abs(self.dst - self.src)

    def __str__(self) -> str:
        return PASS_TEXT if self.is_pass else f"{self.src}-{self.dst}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"src-dst"`` or ``"pass"``; raise InvalidMoveError when malformed.

        Positions are ASCII digits: ``"①-2"`` and ``"²-3"`` are not moves.
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move text must be a string, not {type(text).__name__}")
        cleaned = text.strip().lower()
        if cleaned == PASS_TEXT:
            return cls.PASS
        match = _MOVE.fullmatch(cleaned)
        if match is None:
            raise InvalidMoveError(
                f"move {quoted(text)}: expected 'src-dst' such as '0-1', or 'pass'"
            )
        return cls.of(int(match[1]), int(match[2]))

    @classmethod
    def of(cls, src: object, dst: object) -> Move:
        """A checked move: two different positions in 0..7."""
        for name, value in (("src", src), ("dst", dst)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidMoveError(f"move {name} must be an integer, not {brief(value)}")
            if not 0 <= value < POSITIONS:
                raise InvalidMoveError(f"move {name} {value} is not a position 0..7")
        if src == dst:
            raise InvalidMoveError(f"move {src}-{dst} does not move: src and dst are equal")
        return cls(src, dst)  # type: ignore[arg-type]

    @classmethod
    def coerce(cls, move: Move | str) -> Move:
        """A Move (checked, and passed through) or its text parsed; anything else
        is InvalidMoveError."""
        if isinstance(move, Move):
            if move is Move.PASS or _is_made(move):
                return move
            if not move.is_pass:
                cls.of(move.src, move.dst)  # raises for a move built from bad positions
            return move
        if isinstance(move, str):
            return cls.parse(move)
        raise InvalidMoveError(f"not a Linja move: {brief(move)}")


Move.PASS = Move(-1, -1)

MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(src, dst) for dst in range(POSITIONS)) for src in range(POSITIONS)
)
"""``MOVES[src][dst]``: every move made once (``src == dst`` unused), so the
hot paths build none and :meth:`Move.coerce` knows them checked."""


def _is_made(move: Move) -> bool:
    """Whether ``move`` is one of :data:`MOVES` (of two different positions)."""
    src, dst = move.src, move.dst
    return (
        type(src) is int
        and type(dst) is int
        and 0 <= src < POSITIONS
        and 0 <= dst < POSITIONS
        and src != dst
        and MOVES[src][dst] is move
    )


@dataclass(frozen=True, slots=True)
class Turn:
    """A whole turn: its single moves in order (initial, following, and a bonus turn's).

    Text form: the moves' texts separated by spaces, e.g. ``"1-2 2-4 0-1 1-3"``.

    >>> from huegames.linja import Turn
    >>> turn = Turn.parse("1-2 2-4 0-1 1-3")
    >>> len(turn), turn.moves[0], str(turn)
    (4, Move.parse('1-2'), '1-2 2-4 0-1 1-3')
    >>> Turn.of(["6-7", "5-6"]) == Turn.parse("6-7 5-6")
    True
    """

    moves: tuple[Move, ...]

    def __str__(self) -> str:
        return " ".join(str(move) for move in self.moves)

    def __repr__(self) -> str:
        return f"Turn.parse({str(self)!r})"

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    @classmethod
    def parse(cls, text: str) -> Turn:
        """Read space-separated moves; raise InvalidMoveError when malformed."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a turn text must be a string, not {type(text).__name__}")
        return cls.of(Move.parse(part) for part in text.split())

    @classmethod
    def of(cls, moves: Iterable[Move | str]) -> Turn:
        """A turn from moves or move texts: one to four of them (an endless
        iterable is refused after the fifth)."""
        checked = tuple(Move.coerce(move) for move in islice(moves, MAX_TURN_MOVES + 1))
        if not 1 <= len(checked) <= MAX_TURN_MOVES:
            count = "more than 4" if len(checked) > MAX_TURN_MOVES else "0"
            raise InvalidMoveError(f"a turn holds 1 to {MAX_TURN_MOVES} moves, not {count}")
        return cls(checked)

    @classmethod
    def coerce(cls, turn: Turn | str | Iterable[Move | str]) -> Turn:
        """A Turn from a Turn, its text, or its moves (or their texts); else InvalidMoveError."""
        if isinstance(turn, Turn):
            return cls.of(turn.moves)
        if isinstance(turn, str):
            return cls.parse(turn)
        if isinstance(turn, Iterable):
            return cls.of(turn)
        raise InvalidMoveError(f"not a Linja turn: {brief(turn)}")
