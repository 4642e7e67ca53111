"""A round of Hues and Cues: its phases (rules §3), who moves, its legal
moves and its scoring (§4); and the rule options.

Both :mod:`.game` and :mod:`.view` build on this module, so neither needs
the other's internals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any

from .. import engine, records
from .board import COLUMNS, SQUARES, Square
from .cards import Card
from .cues import BASIC_COLOURS, RELATIVE_WORDS, cue_problem, repeats, steering_word
from .lexicon import vocabulary
from .moves import Move


class Phase(Enum):
    """Where a round stands; the cue giver or a guesser moves in each."""

    TARGET = "target"  # the cue giver picks the target from the card
    FIRST_CUE = "first cue"
    FIRST_GUESSES = "first guesses"  # clockwise from the cue giver's left
    SECOND_CUE = "second cue"  # or skip
    SECOND_GUESSES = "second guesses"  # counter-clockwise from the cue giver's right
    SCORED = "scored"  # a finished round


@dataclass(frozen=True, slots=True)
class Rules:
    """Rule options; the defaults are the rules.

    - ``free_target``: the rulebook's variant for younger players: the cue
      giver picks any square instead of one of the card's four.
    - ``rounds_per_giver``: None for the rule (2 with up to 6 players, 1 with 7+).
    - ``giver_points``: points to the cue giver per piece in the frame; None
      for the rule (2 with 3 players or 2, else 1).
    - ``tie_breaks``: play tie-break rounds; False makes a tie a shared win.
    - ``colour_words``: the forbidden basic colour words; ``colour_stems``
      also refuses their forms and compounds (``reddish``, ``blueberry``).
    - ``relative_words``: words the second cue may not use.

    >>> from huegames.hues_and_cues import Rules
    >>> rules = Rules()
    >>> rules.rounds_for(4), rules.rounds_for(7)  # each seat gives cues twice, or once with 7+
    (8, 7)
    >>> rules.giver_points_for(3), rules.giver_points_for(4)
    (2, 1)
    >>> rules.colour_words[:3], rules.relative_words[:3]
    (('black', 'blue', 'brown'), ('lighter', 'darker', 'brighter'))
    >>> variant = Rules.from_dict({"free_target": True, "giver_points": 3})
    >>> variant.giver_points_for(4), Rules.from_dict(variant.to_dict()) == variant
    (3, True)
    >>> Rules(giver_points=0)
    Traceback (most recent call last):
    ...
    ValueError: Rules.giver_points must be a positive integer or None, not 0
    """

    free_target: bool = False
    rounds_per_giver: int | None = None
    giver_points: int | None = None
    tie_breaks: bool = True
    colour_words: tuple[str, ...] = BASIC_COLOURS
    colour_stems: bool = True
    relative_words: tuple[str, ...] = RELATIVE_WORDS

    def __post_init__(self) -> None:
        for name in ("free_target", "tie_breaks", "colour_stems"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"Rules.{name} must be True or False")
        for name in ("rounds_per_giver", "giver_points"):
            value = getattr(self, name)
            if value is not None and engine.check_int(value, f"Rules.{name}") < 1:
                shown = records.brief(value)
                raise ValueError(f"Rules.{name} must be a positive integer or None, not {shown}")
        for name in ("colour_words", "relative_words"):
            value = getattr(self, name)
            if not isinstance(value, (list, tuple)) or not all(
                isinstance(w, str) and w for w in value
            ):
                raise TypeError(f"Rules.{name} must be a list or tuple of words")
            object.__setattr__(self, name, tuple(w.casefold() for w in value))

    def rounds_for(self, players: int) -> int:
        """Scheduled rounds: each player is cue giver twice with 2-6 players, once with 7+."""
        per_giver = self.rounds_per_giver or (2 if players <= 6 else 1)
        return per_giver * players

    def giver_points_for(self, players: int) -> int:
        """The cue giver's points per piece in the frame: ``giver_points`` when
        set, else the rule's 2 with 2 or 3 players and 1 with more."""
        return self.giver_points or (2 if players <= 3 else 1)

    def to_dict(self) -> dict[str, Any]:
        """The options as plain data, the ``rules`` of a record."""
        return {
            "free_target": self.free_target,
            "rounds_per_giver": self.rounds_per_giver,
            "giver_points": self.giver_points,
            "tie_breaks": self.tie_breaks,
            "colour_words": list(self.colour_words),
            "colour_stems": self.colour_stems,
            "relative_words": list(self.relative_words),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict`'s mapping; a missing option takes its default,
        an unknown one is refused."""
        data = records.check_options(data, cls.__dataclass_fields__)
        values: dict[str, Any] = {
            k: tuple(v) if isinstance(v, list) else v for k, v in data.items()
        }
        return cls(**values)


@dataclass(frozen=True, slots=True)
class Round:
    """One round.  ``card`` and ``target`` are None where the viewer may not
    see them; ``guesses`` are ``(seat, square)`` in the order placed;
    ``points`` (per seat) only once the round is scored.
    """

    number: int
    giver: int
    phase: Phase
    card: Card | None
    target: Square | None = None
    cues: tuple[str, ...] = ()
    skipped: bool = False
    guesses: tuple[tuple[int, Square], ...] = ()
    points: tuple[int, ...] | None = None
    tie_break: bool = False

    def hidden(self) -> Round:
        """This round as a guesser sees it: no card, no target before scoring."""
        # built directly rather than by dataclasses.replace: a view hides every round
        return Round(
            self.number,
            self.giver,
            self.phase,
            None,
            self.target if self.phase is Phase.SCORED else None,
            self.cues,
            self.skipped,
            self.guesses,
            self.points,
            self.tie_break,
        )


def guess_points(distance: int) -> int:
    """A guesser's piece: 3 on the target, 2 inside the frame, 1 touching it (§4).

    ``distance`` is :meth:`Square.distance` from the target.

    >>> from huegames.hues_and_cues import guess_points
    >>> [guess_points(distance) for distance in range(5)]
    [3, 2, 1, 0, 0]
    """
    return (3, 2, 1)[distance] if distance <= 2 else 0


@cache
def guessing_order(giver: int, players: int, second: bool) -> tuple[int, ...]:
    """First guesses clockwise from the giver's left, second ones the other way."""
    step = -1 if second else 1
    return tuple((giver + step * k) % players for k in range(1, players))


def score_round(
    guesses: Iterable[tuple[int, Square]], target: Square, giver: int, players: int, per_piece: int
) -> tuple[int, ...]:
    """Each seat's points for a round (§4)."""
    points = [0] * players
    for seat, square in guesses:
        distance = square.distance(target)
        points[seat] += guess_points(distance)
        if distance <= 1:
            points[giver] += per_piece
    return tuple(points)


GUESSES = tuple(Move.guess(square) for square in SQUARES)


@cache
def _plain_cues(colours: tuple[str, ...], stems: bool) -> tuple[Move, ...]:
    """Vocabulary cues of 1 or 2 words that break no rule but repeats and steering."""
    return tuple(
        Move.cue(text)
        for text in vocabulary()
        if cue_problem(text.split(), second=True, colours=colours, stems=stems, relative=()) is None
    )


def legal_moves_of(round_: Round, used: frozenset[str], rules: Rules) -> list[Move]:
    """The legal moves of a round in play (shared by games and views).

    Cues are open text: at a cue phase this lists the legal cues of the
    package's colour vocabulary, but ``play`` takes any legal cue.
    """
    phase = round_.phase
    if phase is Phase.TARGET:
        squares = SQUARES if rules.free_target or round_.card is None else round_.card.squares
        return [Move.target(square) for square in squares]
    if phase in (Phase.FIRST_CUE, Phase.SECOND_CUE):
        second = phase is Phase.SECOND_CUE
        relative = rules.relative_words if second else ()
        cues = [
            move
            for move in _plain_cues(rules.colour_words, rules.colour_stems)
            if (second or len(move.words) == 1)
            and repeats(move.words, used) is None
            and not any(steering_word(word, relative) for word in move.words)
        ]
        return [Move.skip(), *cues] if second else cues
    if phase in (Phase.FIRST_GUESSES, Phase.SECOND_GUESSES):
        taken = {square.row * COLUMNS + square.column for _, square in round_.guesses}
        return [move for index, move in enumerate(GUESSES) if index not in taken]
    return []


def seat_to_move(round_: Round | None, players: int) -> int | None:
    """The seat to move in ``round_``: the cue giver, or the next guesser in
    the phase's order; None when there is no round (the game is over)."""
    if round_ is None:
        return None
    if round_.phase is Phase.FIRST_GUESSES:
        return guessing_order(round_.giver, players, False)[len(round_.guesses)]
    if round_.phase is Phase.SECOND_GUESSES:
        return guessing_order(round_.giver, players, True)[len(round_.guesses) - (players - 1)]
    return round_.giver
