"""Moves of Hues and Cues and their text: ``target H15``, ``cue pig``,
``cue cotton candy``, ``skip``, ``guess H15``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..errors import InvalidMoveError
from ..records import brief
from ..text import quoted
from .board import Square, as_square
from .cues import split_cue


class Action(Enum):
    """What a move does; each phase of a round takes one or two of them."""

    TARGET = "target"  # the cue giver picks the round's colour from the card
    CUE = "cue"  # the cue giver's first or second cue
    SKIP = "skip"  # the cue giver gives no second cue
    GUESS = "guess"  # a guesser puts a piece on a square


@dataclass(frozen=True, slots=True)
class Move:
    """One action; build with :meth:`target`, :meth:`cue`, :meth:`skip`,
    :meth:`guess`, :meth:`parse` or :meth:`coerce`.  ``words`` keep the case
    they were given in; ``Move.parse(str(move)) == move``.

    >>> from huegames.hues_and_cues import Move
    >>> texts = ("target h15", "cue Cotton  Candy", "skip", "guess H 15")
    >>> [str(Move.parse(text)) for text in texts]
    ['target H15', 'cue Cotton Candy', 'skip', 'guess H15']
    >>> move = Move.cue("sea foam")
    >>> move.action, move.words, move.text, str(move)
    (<Action.CUE: 'cue'>, ('sea', 'foam'), 'sea foam', 'cue sea foam')
    >>> Move.target("H15") == Move.parse("target H15"), Move.guess("A1").square
    (True, Square.parse('A1'))
    >>> Move.parse("cue red!")
    Traceback (most recent call last):
    ...
    huegames.errors.InvalidMoveError: cue 'red!': 'red!' is not a word (letters, ...)
    """

    action: Action
    square: Square | None = None
    words: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.action, Action):
            raise InvalidMoveError(f"move action must be an Action, not {brief(self.action)}")
        needs_square = self.action in (Action.TARGET, Action.GUESS)
        if needs_square != isinstance(self.square, Square):
            raise InvalidMoveError(
                f"a {self.action.value} move {'needs' if needs_square else 'has no'} square"
            )
        if (self.action is Action.CUE) != bool(self.words):
            raise InvalidMoveError(
                "a cue move needs words" if self.action is Action.CUE else "only cues have words"
            )
        if self.words and split_cue(" ".join(self.words)) != self.words:
            raise InvalidMoveError(f"cue words {brief(self.words)} are not single words")

    def __str__(self) -> str:
        if self.action is Action.CUE:
            return f"cue {self.text}"
        if self.square is None:
            return self.action.value
        return f"{self.action.value} {self.square}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def text(self) -> str:
        """A cue's words joined by single spaces."""
        return " ".join(self.words)

    @classmethod
    def target(cls, square: Square | str) -> Move:
        """The cue giver's choice of the round's target, a square on the card."""
        return cls(Action.TARGET, as_square(square))

    @classmethod
    def guess(cls, square: Square | str) -> Move:
        """A guesser's piece placed on ``square``."""
        return cls(Action.GUESS, as_square(square))

    @classmethod
    def cue(cls, text: str) -> Move:
        """A cue of one or more words (the rules on words are checked by ``play``)."""
        try:
            words = split_cue(text)
        except ValueError as error:
            raise InvalidMoveError(str(error)) from None
        if not words:
            raise InvalidMoveError("a cue needs at least one word")
        return cls(Action.CUE, words=words)

    @classmethod
    def skip(cls) -> Move:
        """The cue giver gives no second cue: the round is scored at once."""
        return cls(Action.SKIP)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move's text; InvalidMoveError when malformed."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move text must be a string, not {type(text).__name__}")
        head, _, rest = text.strip().partition(" ")
        action = head.lower()
        if action == "skip" and not rest.strip():
            return cls.skip()
        if action == "cue":
            return cls.cue(rest)
        if action in ("target", "guess"):
            return cls(Action(action), Square.parse(rest))
        raise InvalidMoveError(
            f"move {quoted(text)}: expected 'target H15', 'cue WORDS', 'skip' or 'guess H15'"
        )

    @classmethod
    def coerce(cls, move: Move | str) -> Move:
        """A Move as it is, or read from its text; InvalidMoveError for anything else."""
        if isinstance(move, Move):
            return move
        if isinstance(move, str):
            return cls.parse(move)
        raise InvalidMoveError(f"a move must be a Move or its text, not {type(move).__name__}")
