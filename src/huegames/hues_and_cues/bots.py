"""Bots: ``bot.choose(view) -> Move``.

:class:`RandomBot` plays uniformly among the listed legal moves.
:class:`LexiconBot` plays both roles from a colour lexicon: as cue giver it
takes the card colour it can describe best and the cue that leads its own
guessing to it; as guesser it reads a cue as a colour and places where the
expected score is highest.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from functools import cache

from .board import SQUARES, Board, Square
from .colour import oklab
from .cues import colour_word_in, cue_problem, position_reference
from .game import Phase, Round, Rules, guess_points
from .lexicon import Lab, Lexicon, lexicon
from .moves import Move
from .view import View

SECOND_CUE_WEIGHT = 2.0  # the second cue counts double: it refines the first
SPREAD = 0.04  # OKLab distance at which a square is e^-1 as likely as a perfect match
SHORTLIST = 12  # cues simulated per candidate target
# A cue is judged by where readers land who understand it a little
# differently: its colour, and that colour moved this far along each OKLab axis.
MISREADING = 0.03
_OFFSETS = (
    (0.0, 0.0, 0.0),
    *(
        tuple(sign * MISREADING * (axis == i) for i in range(3))
        for axis in range(3)
        for sign in (1, -1)
    ),
)
_ENDINGS = re.compile(r"(?:ish|ey|y|es|s)$")


class RandomBot:
    """A uniformly random listed legal move, from a seed."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        return self.rng.choice(view.legal_moves())


@cache
def _board_labs(board: Board) -> tuple[Lab, ...]:
    return tuple(oklab(board[square]) for square in SQUARES)


@cache
def _plain_cues(source: str, colours: tuple[str, ...], stems: bool) -> tuple[tuple[str, Lab], ...]:
    """The lexicon's names of 1-2 words and the last words of its names (the
    nouns: "rose" of "dusty rose") that break no colour-word or position
    rule, with the colour each one means."""
    words = lexicon(source)
    texts = {name for name in words.names if len(name.split()) <= 2}
    texts |= {name.split()[-1] for name in words.names}
    cues = []
    for text in sorted(texts):
        if any(colour_word_in(w, colours, stems) or position_reference(w) for w in text.split()):
            continue
        lab = words.labs.get(text) or words.words.get(text)
        if lab is not None:
            cues.append((text, lab))
    return tuple(cues)


class LexiconBot:
    """Cue giver and guesser from the ``"xkcd"``, ``"css"`` or ``"all"`` lexicon."""

    def __init__(self, source: str = "xkcd") -> None:
        self.lexicon: Lexicon = lexicon(source)

    def choose(self, view: View) -> Move:
        round_ = view.round
        if round_ is None or view.current_player != view.player:
            raise ValueError(f"seat {view.player} has no move in this view")
        if round_.phase is Phase.TARGET:
            return Move.target(self.pick_target(view))
        if round_.phase is Phase.FIRST_CUE:
            return self.give_cue(view) or Move.cue(self._fallback_cue(view))
        if round_.phase is Phase.SECOND_CUE:
            return self.give_cue(view) or Move.skip()
        return Move.guess(self.place(view, self.read(round_.cues)))

    # -- guessing ---------------------------------------------------------------------

    def read_cue(self, text: str) -> Lab | None:
        """The colour a cue means, or None when no word of it is known.

        A known name means its colour.  Otherwise the longest known name
        that ends the cue, moved by the :attr:`Lexicon.shifts` of the words
        before it ("medium aquamarine"); failing that, the mean of the known
        words' colours.  Plurals and -ish/-y endings are dropped.
        """
        words = [self._word(word) for word in text.casefold().split()]
        for start in range(len(words)):
            name = " ".join(words[start:])
            if name in self.lexicon.labs:
                lab = list(self.lexicon.labs[name])
                for word in words[:start]:
                    shift = self.lexicon.shifts.get(word, (0.0, 0.0, 0.0))
                    lab = [a + b for a, b in zip(lab, shift, strict=True)]
                return tuple(lab)  # type: ignore[return-value]
        labs = [self.lexicon.words[word] for word in words if word in self.lexicon.words]
        if not labs:
            return None
        return tuple(sum(lab[i] for lab in labs) / len(labs) for i in range(3))  # type: ignore[return-value]

    def _word(self, word: str) -> str:
        """``word``, or its stem without a plural or -ish/-y ending when only that is known."""
        if word in self.lexicon.words:
            return word
        stem = _ENDINGS.sub("", word)
        return stem if stem in self.lexicon.words else word

    def read(self, cues: Sequence[str]) -> Lab | None:
        """The colour meant by a round's cues, the second weighted double."""
        weighted = [
            (lab, SECOND_CUE_WEIGHT if number else 1.0)
            for number, lab in enumerate(self.read_cue(cue) for cue in cues)
            if lab is not None
        ]
        if not weighted:
            return None
        total = sum(weight for _, weight in weighted)
        return tuple(sum(lab[i] * w for lab, w in weighted) / total for i in range(3))  # type: ignore[return-value]

    def place(self, view: View, meant: Lab | None) -> Square:
        """The free square with the highest expected points when the target's
        likelihood falls off with its colour's distance from ``meant`` (the
        board's mean colour when the cue meant nothing known)."""
        assert view.round is not None
        labs = _board_labs(view.board)
        if meant is None:  # nothing known: the board's average colour is the safest bet
            meant = tuple(sum(lab[i] for lab in labs) / len(labs) for i in range(3))  # type: ignore[assignment]
        likely = [math.exp(-((math.dist(lab, meant) / SPREAD) ** 2)) for lab in labs]
        taken = {square for _, square in view.round.guesses}
        best, best_value = None, -1.0
        for square in SQUARES:
            if square in taken:
                continue
            value = sum(
                likely[other.row * 30 + other.column] * guess_points(square.distance(other))
                for other in square.within(2)
            )
            if value > best_value:
                best, best_value = square, value
        assert best is not None
        return best

    # -- giving cues -------------------------------------------------------------------

    def _nearest(self, board: Board, meant: Lab) -> Square:
        labs = _board_labs(board)
        return SQUARES[min(range(len(labs)), key=lambda i: math.dist(labs[i], meant))]

    def expected_points(self, board: Board, target: Square, meant: Lab) -> float:
        """Mean points of readers who go to the square nearest to ``meant``,
        or to a slightly misread colour (:data:`MISREADING`)."""
        return sum(
            guess_points(
                self._nearest(
                    board, tuple(m + o for m, o in zip(meant, offset, strict=True))
                ).distance(target)  # type: ignore[arg-type]
            )
            for offset in _OFFSETS
        ) / len(_OFFSETS)

    def _candidates(
        self, view: View, target: Square, cues: tuple[str, ...]
    ) -> list[tuple[float, float, str]]:
        """Legal cues for the next cue slot, best first: ``(-expected points,
        ΔE of the meant colour from the target's, text)``."""
        rules: Rules = view.rules
        second = len(cues) == 1
        goal = oklab(view.board[target])
        options = []
        for text, lab in _plain_cues(self.lexicon.source, rules.colour_words, rules.colour_stems):
            if not second and " " in text:
                continue
            meant = self.read([*cues, text]) if second else lab
            assert meant is not None
            options.append((math.dist(meant, goal), text))
        options.sort()
        ranked = []
        for error, text in options:
            if cue_problem(
                text.split(),
                second=second,
                used=view.used_cues,
                colours=rules.colour_words,
                stems=rules.colour_stems,
                relative=rules.relative_words,
            ):
                continue
            meant = self.read([*cues, text])
            assert meant is not None
            ranked.append((-self.expected_points(view.board, target, meant), error, text))
            if len(ranked) == SHORTLIST:
                break
        ranked.sort()
        return ranked

    def pick_target(self, view: View) -> Square:
        """The card's square whose best first cue leads nearest to it."""
        round_: Round | None = view.round
        assert (round_ is not None and round_.card is not None) or view.rules.free_target
        squares = SQUARES if round_.card is None else round_.card.squares  # type: ignore[union-attr]
        scored = []
        for square in squares:
            ranked = self._candidates(view, square, ())
            if ranked:
                scored.append((ranked[0][:2], square))
        return min(scored)[1] if scored else squares[0]

    def give_cue(self, view: View) -> Move | None:
        """The best legal cue for the target, or None when there is none (or,
        at the second cue, when every first guess is already in the frame)."""
        round_ = view.round
        assert round_ is not None and round_.target is not None
        if round_.cues and all(square.distance(round_.target) <= 1 for _, square in round_.guesses):
            return None
        ranked = self._candidates(view, round_.target, round_.cues)
        return Move.cue(ranked[0][2]) if ranked else None

    def _fallback_cue(self, view: View) -> str:
        """A legal first cue when the lexicon has none left (long games)."""
        for move in view.legal_moves():
            return move.text
        raise ValueError("no legal first cue is known")
