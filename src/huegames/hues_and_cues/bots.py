"""Bots: ``bot.choose(view) -> Move``.

:class:`RandomBot` plays uniformly among the listed legal moves.
:class:`LexiconBot` plays both roles from a vocabulary of words and the
colours they evoke (:mod:`~huegames.hues_and_cues.vocabulary`): everyday
English (``"en"``, the default), Spanish (``"es"``), or one of the colour
lexicons (``"xkcd"``, ``"css"``, ``"all"``).

As guesser it reads the cues as a probability over the squares
(:mod:`~huegames.hues_and_cues.reading`), takes the other players' pieces as
evidence, and places on the free square of highest expected points under the
scoring frame.  A cue it cannot read leaves the other pieces as its guide
or, before any, where people typically guess (never the board's mean colour).

As cue giver it reads its own cues the same way: it takes the card colour
whose best legal one-word cue would bring a guesser's pieces nearest
(expected points, plus the points of the square a guesser reading it like
the giver would land on), and, after the first guesses, the second cue that
best moves the guessers' reading — the cue and the pieces placed — onto the
target, or skips when every first guess is in the frame or no cue improves
on them.  The package's ``SPEC.bots`` names them for the runner: ``random``,
``en``, ``es``, ``xkcd``, ``css``, ``all`` and ``lexicon`` (``lexicon:source=es``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from .. import engine
from . import reading
from .board import COLUMNS, SQUARES, Board, Square
from .cues import cue_problem, repeats
from .moves import Move
from .rounds import Phase
from .view import View
from .vocabulary import Vocabulary, vocabulary

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

LANDING_WEIGHT = 1.0
"""How much the square a like-minded guesser lands on counts in a cue's value,
beside the expected points of guessers who read it more loosely."""
SECOND_OPINIONS: dict[str, tuple[tuple[str, float], ...]] = {
    "en": (("xkcd", 1.0), ("css", 1.0)),
    "xkcd": (("css", 2.0), ("en", 1.0)),
    "css": (("xkcd", 2.0), ("en", 1.0)),
    "all": (("en", 1.0),),
}
"""Readers of other vocabularies a first cue should also reach, with their
weights against the giver's own reading (:data:`OWN_WEIGHT`): an everyday word
that the colour lexicons read the same way; a colour name that the other
lexicon, the reader most unlike the giver, and everyday readers know too.
(Spanish cues have no second opinion: "en" reads them as Spanish anyway.)"""
FALSE_FRIEND = 0.1
"""How far apart (OKLab) two languages' readings of one word are for a giver
never to say it: a bilingual table would misread it."""
OWN_WEIGHT = 1.0
"""How much the giver's own reading counts against each second opinion's."""
FIRST_CANDIDATES = 16
"""First cues sorted at once for a target, enough for one that is legal."""
SECOND_CANDIDATES = 40
"""Second cues weighed: the legal words whose own reading best fits the target..."""
SHORTLIST = 12
"""... and of those, the ones whose reading with the first cue and the pieces
fits it best, whose landing square is worked out too."""
CUE_NAMES = 12
"""The fewest colour names a word of ``"en"`` or ``"es"`` is pooled from (or
counts as: a curated entry or an everyday thing counts as 12) to be given as a
cue (rarer words are read, never said)."""


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


def _index(square: Square) -> int:
    return square.row * COLUMNS + square.column


@dataclass(frozen=True, slots=True, eq=False)
class _CueTable:
    """The cues a giver may say, read on one board: ``texts``, each one's
    probability over the squares as the giver reads it (rows of
    ``probability``), and its ``value`` for each target square: the expected
    points of loose readers plus those of the square a like-minded guesser
    lands on, averaged over the giver's and the second opinions' readers."""

    texts: tuple[str, ...]
    probability: npt.NDArray[np.float64]
    value: npt.NDArray[np.float64]
    rows: Mapping[str, int]
    """Each text's row."""


def _cue_texts(words: Vocabulary) -> tuple[str, ...]:
    """The single words a giver of this vocabulary says: plain letters, at
    least 3 of them; for ``"en"`` and ``"es"``, everyday words pooled from
    :data:`CUE_NAMES` names or more, or counted as that many (curated
    entries, the everyday things of :mod:`~huegames.hues_and_cues.concepts`),
    and no false friend (:func:`_false_friend`): a word known from one or two
    paint names is read, never said."""
    chosen = [
        text
        for text, colour in words.words.items()
        if not words.other
        or (colour.common and colour.names >= CUE_NAMES and not _false_friend(words, text))
    ]
    return tuple(text for text in chosen if text.isascii() and text.isalpha() and len(text) >= 3)


def _false_friend(words: Vocabulary, text: str) -> bool:
    """True when a reader of the other language reads ``text`` as a word
    of another colour (:data:`FALSE_FRIEND` apart): ``red`` is a net to a
    Spanish reader, ``pie`` a foot, ``tuna`` a prickly pear."""
    ours = words.read(text)
    theirs = vocabulary(words.other).read(text)
    return bool(ours and theirs) and math.dist(ours[0].lab, theirs[0].lab) > FALSE_FRIEND


@lru_cache(maxsize=reading.BOARDS)
def _cue_table(source: str, board: Board) -> _CueTable:
    """The cue texts of ``source`` on ``board``, each valued by how its own
    readers and the :data:`SECOND_OPINIONS` would land (a word that readers
    of another vocabulary do not know counts as their :meth:`prior`)."""
    import numpy as np

    own = reading.table(source, board)
    texts = _cue_texts(own.vocabulary)
    probability = np.array([own.word(own.vocabulary.words[text]) for text in texts])
    points = reading.points_table()
    value = np.zeros_like(probability)
    readers = ((source, OWN_WEIGHT), *SECOND_OPINIONS.get(source, ()))
    total = sum(weight for _, weight in readers)
    for name, weight in readers:
        table = reading.table(name, board)
        rows = probability
        if name != source:
            read = [table.cue(text) for text in texts]
            rows = np.array([table.prior() if row is None else row for row in read])
        expected = reading.expected_points(rows)
        landing = points[expected.argmax(axis=1)]
        value += (expected + LANDING_WEIGHT * landing) * (weight / total)
    return _CueTable(texts, probability, value, {text: row for row, text in enumerate(texts)})


@lru_cache(maxsize=2 * reading.BOARDS)
def _allowed(
    source: str,
    board: Board,
    second: bool,
    colours: tuple[str, ...],
    stems: bool,
    relative: tuple[str, ...],
) -> npt.NDArray[np.bool_]:
    """Which cue texts of the table break no cue rule but the repeat rule
    (:func:`cue_problem` with nothing used yet), for a first or ``second`` cue."""
    import numpy as np

    return np.array(
        [
            cue_problem((text,), second=second, colours=colours, stems=stems, relative=relative)
            is None
            for text in _cue_table(source, board).texts
        ]
    )


def _best_first(values: npt.NDArray[np.float64], wanted: int) -> Iterator[int]:
    """Row indices by decreasing value (ties: the first row first): the best
    ``4 * wanted`` sorted, then, should a caller need more, all the others."""
    import numpy as np

    order = np.arange(len(values))
    if len(values) > 4 * wanted:
        order = np.argpartition(-values, 4 * wanted)
    head, tail = order[: 4 * wanted], order[4 * wanted :]
    for part in (head, tail):
        part = part[np.lexsort((part, -values[part]))]
        yield from (int(row) for row in part)


class LexiconBot:
    """Cues and guesses from a vocabulary: ``source`` en (everyday English,
    the default), es (Spanish), xkcd, css or all (colour-name lexicons).

    Deterministic: ``seed`` is taken, as every bot takes one, and unused.

    >>> from huegames import hues_and_cues as hc
    >>> game = hc.new_game(players=3, seed=7)
    >>> giver = hc.LexiconBot("en")
    >>> game.play(giver.choose(game.view(0)))  # the card colour it can cue best
    Move.parse('target N10')
    >>> game.play(giver.choose(game.view(0)))
    Move.parse('cue aquamarine')
    >>> hc.LexiconBot("es").choose(game.view(1))  # a Spanish reader follows English too
    Move.parse('guess O10')
    >>> [word.word for word in hc.LexiconBot("xkcd").vocabulary.read("cucumber")]  # not umber
    []
    """

    def __init__(self, source: str = "en", *, seed: int | None = None) -> None:
        if not isinstance(source, str):
            raise TypeError(f"source must be a vocabulary name, not {type(source).__name__}")
        self.source = source
        self.vocabulary: Vocabulary = vocabulary(source)
        self._board: Board | None = None  # the last board played on, and its tables
        self._reading: reading.Table | None = None
        self._cues: _CueTable | None = None
        self._masks: dict[tuple[object, ...], npt.NDArray[np.bool_]] = {}

    def _read_on(self, board: Board) -> reading.Table:
        """The vocabulary read on ``board``, kept for the board last played
        on (with its cue table and masks): no board is hashed on every move."""
        if board is not self._board or self._reading is None:
            self._board, self._reading = board, reading.table(self.source, board)
            self._cues, self._masks = None, {}
        return self._reading

    def _tables(self, board: Board) -> tuple[reading.Table, _CueTable]:
        """:meth:`_read_on` and the cue table, built when a cue is first given."""
        table = self._read_on(board)
        if self._cues is None:
            self._cues = _cue_table(self.source, board)
        return table, self._cues

    def choose(self, view: View) -> Move:
        """The move for the phase: :meth:`pick_target`, :meth:`give_cue` (or a
        skip), or a guess placed by :meth:`place`."""
        engine.check_turn(view)
        round_ = view.round
        assert round_ is not None  # a game in play has a round
        if round_.phase is Phase.TARGET:
            return Move.target(self.pick_target(view))
        if round_.phase is Phase.FIRST_CUE:
            return self.give_cue(view) or Move.cue(self._fallback_cue(view))
        if round_.phase is Phase.SECOND_CUE:
            return self.give_cue(view) or Move.skip()
        return Move.guess(self.place(view))

    # -- guessing ---------------------------------------------------------------------

    def place(self, view: View) -> Square:
        """The free square with the highest expected points, the target
        distributed as the round's cues and the other players' pieces say
        (:meth:`huegames.hues_and_cues.reading.Table.cues`)."""
        round_ = view.round
        assert round_ is not None
        others = [square for seat, square in round_.guesses if seat != view.player]
        probability = self._read_on(view.board).cues(round_.cues, others)
        taken = [square for _, square in round_.guesses]
        return SQUARES[reading.best_square(probability, taken)]

    # -- giving cues -------------------------------------------------------------------

    def _first_cues(self, view: View, target: Square) -> list[tuple[float, str]]:
        """Legal first cues for ``target``, best first, as (value, text): the
        first few only, enough to find one legal."""
        _, cues = self._tables(view.board)
        for text in self._ranked(view, target, second=False):
            return [(float(cues.value[cues.rows[text], _index(target)]), text)]
        return []

    def _ranked(self, view: View, target: Square, *, second: bool) -> Iterator[str]:
        """The cue texts a giver may say now, by decreasing value for ``target``:
        the table's rules-legal cues (:func:`_allowed`) that repeat no cue used."""
        import numpy as np

        _, cues = self._tables(view.board)
        rules = view.rules
        key = (second, rules.colour_words, rules.colour_stems, rules.relative_words)
        allowed = self._masks.get(key)
        if allowed is None:
            if len(self._masks) >= 16:
                self._masks.clear()
            allowed = self._masks[key] = _allowed(self.source, view.board, *key)
        values = np.where(allowed, cues.value[:, _index(target)], -np.inf)
        for row in _best_first(values, SECOND_CANDIDATES if second else FIRST_CANDIDATES):
            if not allowed[row]:
                return
            if repeats((cues.texts[row],), view.used_cues) is None:
                yield cues.texts[row]

    def pick_target(self, view: View) -> Square:
        """The card's square with the best legal first cue (ties: card order)."""
        round_ = view.round
        assert round_ is not None  # at the target phase: the card, or any square
        squares = SQUARES if round_.card is None else round_.card.squares
        best, best_value = squares[0], -1.0
        for square in squares:
            ranked = self._first_cues(view, square)
            if ranked and ranked[0][0] > best_value:
                best, best_value = square, ranked[0][0]
        return best

    def give_cue(self, view: View) -> Move | None:
        """The best legal cue for the target, or None when there is none (or,
        at the second cue, when every first guess is already in the frame or
        no cue would bring the guessers nearer)."""
        round_ = view.round
        assert round_ is not None and round_.target is not None
        if not round_.cues:
            ranked = self._first_cues(view, round_.target)
            return Move.cue(ranked[0][1]) if ranked else None
        if all(square.distance(round_.target) <= 1 for _, square in round_.guesses):
            return None
        return self._second_cue(view, round_.target)

    def _second_cue(self, view: View, target: Square) -> Move | None:
        """The word that, read with the first cue and the pieces placed,
        gives the second guessers the most expected points at ``target``."""
        import numpy as np

        round_ = view.round
        assert round_ is not None
        table, cues = self._tables(view.board)
        pieces = [square for _, square in round_.guesses]
        base = table.cues(round_.cues, pieces)
        goal = _index(target)
        points = reading.points_table()[:, goal].astype(np.float64)
        taken = np.zeros(len(SQUARES), dtype=bool)
        taken[[_index(square) for square in pieces]] = True

        def worth(probability: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
            """Expected points of loose readers plus those of the landing square, per row."""
            expected = reading.expected_points(probability)
            expected[..., taken] = -1.0
            landing = expected.argmax(axis=-1)
            return np.asarray(probability @ points + LANDING_WEIGHT * points[landing])

        rows = []
        for text in self._ranked(view, target, second=True):
            rows.append(cues.rows[text])
            if len(rows) == SECOND_CANDIDATES:
                break
        if not rows:
            return None
        floor = reading.FLOOR / len(SQUARES)
        mixed = (cues.probability[rows] + floor) * (base + floor)
        mixed /= mixed.sum(axis=1, keepdims=True)
        shortlist = np.argsort(-(mixed @ points), kind="stable")[:SHORTLIST]
        values = worth(mixed[shortlist])
        best = int(np.argmax(values))
        if values[best] <= worth(base):
            return None
        return Move.cue(cues.texts[rows[shortlist[best]]])

    def _fallback_cue(self, view: View) -> str:
        """A legal first cue when the vocabulary has none left (long games)."""
        for move in view.legal_moves():
            return move.text
        raise ValueError("no legal first cue is known")
