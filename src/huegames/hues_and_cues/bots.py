"""Bots: ``bot.choose(view) -> Move``.

:class:`RandomBot` plays uniformly among the listed legal moves.
:class:`LexiconBot` plays both roles from a colour lexicon: as cue giver it
takes the card colour it can describe best and the cue that leads its own
guessing to it; as guesser it reads a cue as a colour and places where the
expected score is highest.

Readers with another lexicon understand names differently (CSS ``khaki`` is
pale, XKCD ``khaki`` olive) or not at all (``gainsboro``), so the cue giver
plays it safe and learns from the table:

- it picks the card colour whose best cue still lands near it when misread
  by a wide margin: a colour in a part of the board where colours change
  fast, not in the pale, slowly changing middle;
- first cues (and second cues) are whole names of its lexicon, never a word
  only met inside a longer name ("wood" of "burly wood"), whose colour is
  its own inference;
- the second cue corrects the first: the pieces already placed show how the
  guessers read the first cue, and the second cue is the one whose colour,
  averaged with that reading (:data:`SECOND_CUE_WEIGHT`, which guessers
  apply the same way), lands nearest to the target.

Guessers understand compounds and near-forms of known words, follow the other
pieces when no word is known, and place on the free square with the highest
expected score.  The package's ``SPEC.bots`` names them for the runner:
``random``, ``xkcd``, ``css`` and ``lexicon`` (``lexicon:source=all``).
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Sequence
from functools import cache

from .. import engine
from .board import SQUARES, Board, Square
from .colour import oklab
from .cues import colour_word_in, cue_problem, position_reference
from .lexicon import Lab, Lexicon, lexicon
from .moves import Move
from .rounds import Phase, Rules, guess_points
from .view import View

SECOND_CUE_WEIGHT = 0.5  # the second cue corrects how the first was read (see give_cue)
SPREAD = 0.04  # OKLab distance at which a square is e^-1 as likely as a perfect match
SHORTLIST = 12  # cues simulated per candidate target
PREFIX = 4  # unknown words: a known word sharing more letters at either end stands in
# A cue is judged by where readers land who understand it a little
# differently: its colour, and that colour moved this far along each OKLab axis.
MISREADINGS = (0.03,)


def _lab(values: Iterable[float]) -> Lab:
    """Three OKLab coordinates as a :data:`Lab`."""
    lightness, a, b = values
    return (lightness, a, b)


def _offsets(radii: Sequence[float]) -> tuple[Lab, ...]:
    return (
        (0.0, 0.0, 0.0),
        *(
            _lab(sign * radius * (axis == i) for i in range(3))
            for radius in radii
            for axis in range(3)
            for sign in (1, -1)
        ),
    )


_OFFSETS = _offsets(MISREADINGS)
# A target is judged by its best cue read by strangers: misread this far.
_TARGET_OFFSETS = _offsets((0.06, 0.1))
_ENDINGS = re.compile(r"(?:ish|ey|y|es|s)$")


class RandomBot:
    """A uniformly random listed legal move (targets, vocabulary cues, skip, free squares).

    >>> from huegames import engine, hues_and_cues as hc
    >>> game = hc.new_game(players=3, seed=7)
    >>> bot = hc.RandomBot(seed=1)
    >>> bot.choose(game.view(0))
    Move.parse('target K24')
    >>> bot.choose(game.view(1))
    Traceback (most recent call last):
    ...
    huegames.errors.NotYourTurnError: seat 1 has no move: it is seat 0's turn
    >>> engine.play_game(game, [hc.RandomBot(seed=seat) for seat in range(3)]).outcome()
    Outcome(termination=<Termination.ROUNDS_PLAYED: 'rounds played'>, winners=(...))
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        """A random move among :meth:`View.legal_moves` for the seat to move."""
        engine.check_turn(view)
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


def _seen_reading(view: View) -> Lab | None:
    """The mean colour of the squares where this round's pieces stand: how
    the guessers read the cues so far (None before any piece)."""
    assert view.round is not None
    labs = _board_labs(view.board)
    seen = [labs[square.row * 30 + square.column] for _, square in view.round.guesses]
    if not seen:
        return None
    return _lab(sum(lab[i] for lab in seen) / len(seen) for i in range(3))


def _shared(first: str, second: str) -> int:
    """How many letters two words share at the start."""
    count = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        count += 1
    return count


@cache
def _known_form(source: str, word: str) -> str:
    known = lexicon(source).words
    if word in known:
        return word
    stem = _ENDINGS.sub("", word)
    if stem in known:
        return stem
    for cut in range(3, len(word) - 2):
        head, tail = word[:cut], word[cut:]
        if (head in known or head in lexicon(source).shifts) and tail in known:
            return f"{head} {tail}"
    best, best_length = word, PREFIX
    for other in sorted(known):
        shared = max(_shared(word, other), _shared(word[::-1], other[::-1]))
        if shared > best_length:
            best, best_length = other, shared
    return best


class LexiconBot:
    """Cues and guesses from a colour lexicon: source xkcd, css or all.

    Deterministic: ``seed`` is taken, as every bot takes one, and unused.

    >>> from huegames import hues_and_cues as hc
    >>> game = hc.new_game(players=3, seed=7)
    >>> giver = hc.LexiconBot(source="css")
    >>> game.play(giver.choose(game.view(0)))  # the card colour it can cue best
    Move.parse('target N10')
    >>> game.play(giver.choose(game.view(0)))
    Move.parse('cue aquamarine')
    >>> hc.LexiconBot(source="xkcd").choose(game.view(1))
    Move.parse('guess O12')
    >>> xkcd, css = hc.LexiconBot(source="xkcd"), hc.LexiconBot(source="css")
    >>> round(xkcd.read_cue("khaki")[0], 2), round(css.read_cue("khaki")[0], 2)  # OKLab lightness
    (0.71, 0.91)
    >>> xkcd.read_cue("gainsboro") is None  # no word of it known
    True
    """

    second_cue_weight = SECOND_CUE_WEIGHT
    names_only = True  # cues are whole names of the lexicon (first cue)...
    names_second = True  # ... and second cue
    follow_others = True  # no word known: read the cues as the other pieces did

    def __init__(self, *, seed: int | None = None, source: str = "xkcd") -> None:
        self.lexicon: Lexicon = lexicon(source)

    def choose(self, view: View) -> Move:
        """The move for the phase: :meth:`pick_target`, :meth:`give_cue` (or a
        skip), or a guess placed by :meth:`place` where :meth:`read` says the cues point."""
        engine.check_turn(view)
        round_ = view.round
        assert round_ is not None  # a game in play has a round
        if round_.phase is Phase.TARGET:
            return Move.target(self.pick_target(view))
        if round_.phase is Phase.FIRST_CUE:
            return self.give_cue(view) or Move.cue(self._fallback_cue(view))
        if round_.phase is Phase.SECOND_CUE:
            return self.give_cue(view) or Move.skip()
        meant = self.read(round_.cues)
        if meant is None and self.follow_others:
            meant = _seen_reading(view)  # no word known: the others' pieces show how they read it
        return Move.guess(self.place(view, meant))

    # -- guessing ---------------------------------------------------------------------

    def read_cue(self, text: str) -> Lab | None:
        """The colour a cue means, or None when no word of it is known.

        A known name means its colour.  Otherwise the longest known name
        that ends the cue, moved by the :attr:`Lexicon.shifts` of the words
        before it ("medium aquamarine"); failing that, the mean of the known
        words' colours.  Plurals and -ish/-y endings are dropped.
        """
        words = " ".join(self._word(word) for word in text.casefold().split()).split()
        for start in range(len(words)):
            name = " ".join(words[start:])
            if name in self.lexicon.labs:
                lab = list(self.lexicon.labs[name])
                for word in words[:start]:
                    shift = self.lexicon.shifts.get(word, (0.0, 0.0, 0.0))
                    lab = [a + b for a, b in zip(lab, shift, strict=True)]
                return _lab(lab)
        labs = [self.lexicon.words[word] for word in words if word in self.lexicon.words]
        if not labs:
            return None
        return _lab(sum(lab[i] for lab in labs) / len(labs) for i in range(3))

    def _word(self, word: str) -> str:
        """``word`` as this bot knows it: itself; its stem without a plural or
        -ish/-y ending; a compound split into two known words
        ("lightgoldenrod" → "light goldenrod"); or the known word sharing
        its longest beginning or end, of 5 letters or more ("tomatoes" →
        "tomato").  Unknown words are returned unchanged."""
        return _known_form(self.lexicon.source, word)

    def read(self, cues: Sequence[str], first: Lab | None = None) -> Lab | None:
        """The colour meant by a round's cues, the second weighted
        :attr:`second_cue_weight`; ``first``, when given, replaces this bot's
        reading of the first cue (a cue giver's estimate of how guessers read it)."""
        labs = [self.read_cue(cue) for cue in cues]
        if first is not None and labs:
            labs[0] = first
        weighted = [
            (lab, self.second_cue_weight if number else 1.0)
            for number, lab in enumerate(labs)
            if lab is not None
        ]
        if not weighted:
            return None
        total = sum(weight for _, weight in weighted)
        return _lab(sum(lab[i] * w for lab, w in weighted) / total for i in range(3))

    def place(self, view: View, meant: Lab | None) -> Square:
        """The free square with the highest expected points when the target's
        likelihood falls off with its colour's distance from ``meant`` (the
        board's mean colour when the cue meant nothing known)."""
        assert view.round is not None
        labs = _board_labs(view.board)
        if meant is None:  # nothing known: the board's average colour is the safest bet
            meant = _lab(sum(lab[i] for lab in labs) / len(labs) for i in range(3))
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

    def expected_points(
        self, board: Board, target: Square, meant: Lab, offsets: Sequence[Lab] = _OFFSETS
    ) -> float:
        """Mean points of readers who go to the square nearest to ``meant``,
        or to a slightly misread colour (:data:`MISREADINGS`)."""
        return sum(
            guess_points(
                self._nearest(
                    board, _lab(m + o for m, o in zip(meant, offset, strict=True))
                ).distance(target)
            )
            for offset in offsets
        ) / len(offsets)

    def _candidates(
        self, view: View, target: Square, cues: tuple[str, ...]
    ) -> list[tuple[float, float, str]]:
        """Legal cues for the next cue slot, best first: ``(-expected points,
        ΔE of the meant colour from the target's, text)``."""
        rules: Rules = view.rules
        second = len(cues) == 1
        goal = oklab(view.board[target])
        seen = _seen_reading(view) if second else None
        options = []
        for text, lab in _plain_cues(self.lexicon.source, rules.colour_words, rules.colour_stems):
            if not second and " " in text:
                continue
            if (
                self.names_only
                and text not in self.lexicon.labs
                and (not second or self.names_second)
            ):
                continue
            meant = self.read([*cues, text], seen) if second else lab
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
            meant = self.read([*cues, text], seen)
            assert meant is not None
            ranked.append((-self.expected_points(view.board, target, meant), error, text))
            if len(ranked) == SHORTLIST:
                break
        ranked.sort()
        return ranked

    def pick_target(self, view: View) -> Square:
        """The card's square whose best first cue still leads near it when
        read quite differently (:data:`_TARGET_OFFSETS`: a vivid colour in a
        fast-changing part of the board rather than a pale one in the slowly
        changing middle); ties go to the cue that leads nearest."""
        round_ = view.round
        assert round_ is not None  # at the target phase: the card, or any square
        squares = SQUARES if round_.card is None else round_.card.squares
        scored = []
        for square in squares:
            ranked = self._candidates(view, square, ())
            if ranked:
                meant = self.lexicon.labs.get(ranked[0][2]) or self.read_cue(ranked[0][2])
                assert meant is not None
                robust = self.expected_points(view.board, square, meant, _TARGET_OFFSETS)
                scored.append(((-robust, *ranked[0][:2]), square))
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
