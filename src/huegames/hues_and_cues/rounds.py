"""A round of Hues and Cues: its phases (rules §3), who moves, its legal
moves and its scoring (§4).

Both :mod:`.game` and :mod:`.view` build on this module, so neither needs
the other's internals.
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from .board import COLUMNS, SQUARES, Square
from .cards import Card
from .cues import cue_problem, repeats, steering_word
from .lexicon import vocabulary
from .moves import Move
from .rules import Rules


class Phase(Enum):
    """Where a round stands; the cue giver or a guesser moves in each."""

    TARGET = "target"  # the cue giver picks the target from the card
    FIRST_CUE = "first cue"
    FIRST_GUESSES = "first guesses"  # clockwise from the cue giver's left
    SECOND_CUE = "second cue"  # or skip
    SECOND_GUESSES = "second guesses"  # counter-clockwise from the cue giver's right
    SCORED = "scored"  # a finished round


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

    def text(self) -> str:
        """The round as one line of text, ``?`` for what is hidden."""
        guesses = " ".join(f"{seat}@{square}" for seat, square in self.guesses)
        parts = [
            f"round {self.number}{' (tie-break)' if self.tie_break else ''}",
            f"giver {self.giver}",
            self.phase.value,
            f"card {self.card if self.card is not None else '?'}",
            f"target {self.target if self.target is not None else '?'}",
            f"cues {' / '.join(self.cues)}{' (skipped)' if self.skipped else ''}",
            f"guesses {guesses}",
        ]
        if self.points is not None:
            parts.append(f"points {' '.join(map(str, self.points))}")
        return ", ".join(parts)


def guess_points(distance: int) -> int:
    """A guesser's piece: 3 on the target, 2 inside the frame, 1 touching it (§4).

    ``distance`` is :meth:`Square.distance` from the target.

    >>> from huegames.hues_and_cues import guess_points
    >>> [guess_points(distance) for distance in range(5)]
    [3, 2, 1, 0, 0]
    """
    return (3, 2, 1)[distance] if distance <= 2 else 0


@lru_cache(maxsize=256)
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


@lru_cache(maxsize=8)
def _plain_cues(colours: tuple[str, ...], stems: bool) -> tuple[Move, ...]:
    """Vocabulary cues of 1 or 2 words that break no rule but repeats and steering."""
    return tuple(
        Move.cue(text)
        for text in vocabulary()
        if cue_problem(text.split(), second=True, colours=colours, stems=stems, relative=()) is None
    )


def legal_moves_of(round_: Round, used: Set[str], rules: Rules) -> list[Move]:
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
