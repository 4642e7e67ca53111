"""Cues read on a board: where the target probably is, and where to place.

A word's colour mixture (:class:`~huegames.hues_and_cues.vocabulary.WordColour`)
becomes a probability over the board's 480 squares; the cues of a round
multiply theirs; other players' pieces are evidence (a piece is likely
near the target); and the expected points of a piece on each square are that
probability summed over the 5 x 5 squares around it, weighted 3 / 2 / 1 as the
scoring frame scores (rules §4).  Every table is built once per vocabulary
and board (numpy, imported only by the bots that read cues).

>>> from huegames import hues_and_cues as hc
>>> from huegames.hues_and_cues import reading
>>> board = hc.default_board()
>>> table = reading.table("en", board)
>>> probability = table.cue("banana")
>>> round(float(probability.sum()), 6), hc.SQUARES[int(probability.argmax())]
(1.0, Square.parse('L1'))
>>> hc.SQUARES[reading.best_square(probability, taken=())]  # the frame's best centre
Square.parse('L2')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from .board import COLUMNS, ROWS, SQUARES, Board, Square
from .colour import oklab
from .vocabulary import Vocabulary, WordColour, vocabulary

if TYPE_CHECKING:  # numpy is imported by the functions, when a bot first reads a cue
    import numpy as np
    import numpy.typing as npt

    Array = npt.NDArray[np.float64]

BOARDS = 8
"""Boards whose tables are kept at once (each cache is bounded: memory stays flat)."""
CACHED_WORDS = 20000
"""Words a :class:`Table` keeps read beyond its vocabulary's own."""
NOISE = 0.035
"""OKLab reading noise added to every component's spread: how differently
two readers see the same colour."""
CHROMA = 1.3
"""How much more vivid than a word's pooled colour people pick: a mean of
many names is duller than any of them, and a board offers vivid squares.
(Measured on the held-out cases and on the XKCD survey's own colours, both
read best between 1.3 and 1.5.)"""
FLOOR = 1e-4
"""The least share of a cue's probability any square keeps (a cue is never
certain: a misread word must not rule the target out)."""
PIECE_REACH = 2.0
"""Board squares (standard deviation) within which another player's piece
is likely near the target."""
PIECE_DOUBT = 0.25
"""The likelihood of a piece far from the target, relative to one on it,
when this reader knows a word of the cues (others may read them otherwise)."""
BLIND_DOUBT = 0.01
""":data:`PIECE_DOUBT` when it knows none: then the pieces are the best guide."""


@lru_cache(maxsize=BOARDS)
def board_labs(board: Board) -> Array:
    """The board's OKLab colours, one row per square in :data:`SQUARES` order."""
    import numpy as np

    return np.array([oklab(board[square]) for square in SQUARES])


def expected_points(probability: Array) -> Array:
    """For each square, the expected points of a piece there when the target
    follows ``probability`` (480 values, or rows of them): the frame's 3 / 2 / 1
    summed, as the 5 x 5 box plus the 3 x 3 box plus the square itself."""
    import numpy as np

    grid = probability.reshape(-1, ROWS, COLUMNS)
    padded = np.zeros((len(grid), ROWS + 5, COLUMNS + 5))
    np.cumsum(grid, axis=1, out=padded[:, 3 : ROWS + 3, 3 : COLUMNS + 3])
    padded[:, ROWS + 3 :, 3 : COLUMNS + 3] = padded[:, ROWS + 2 : ROWS + 3, 3 : COLUMNS + 3]
    np.cumsum(padded, axis=2, out=padded)
    return np.asarray(
        (_box(padded, 2) + _box(padded, 1) + grid).reshape(probability.shape),
        dtype=np.float64,
    )


def _box(summed: Array, reach: int) -> Array:
    """Sums over the (2 reach + 1)-square boxes around each square, cut at the
    board's edges, from ``summed``: cumulative sums over rows and columns of
    the board, offset by 3 (zeros before, the last row and column repeated)."""
    import numpy as np

    top, bottom = 2 - reach, 3 + reach + ROWS
    left, right = 2 - reach, 3 + reach + COLUMNS
    rows_low, rows_high = slice(top, top + ROWS), slice(bottom - ROWS, bottom)
    columns_low, columns_high = slice(left, left + COLUMNS), slice(right - COLUMNS, right)
    return np.asarray(
        summed[:, rows_high, columns_high]
        - summed[:, rows_low, columns_high]
        - summed[:, rows_high, columns_low]
        + summed[:, rows_low, columns_low]
    )


def best_square(probability: Array, taken: Iterable[Square]) -> int:
    """The index (in :data:`SQUARES`) of the free square of highest expected
    points; ties go to the first square in board order."""
    points = expected_points(probability)
    for square in taken:
        points[square.row * COLUMNS + square.column] = -1.0
    return int(points.argmax())


@cache
def _grid_distances() -> Array:
    """Squared board distances (rows and columns) between every two squares."""
    import numpy as np

    rows = np.array([s.row for s in SQUARES], dtype=np.float64)
    columns = np.array([s.column for s in SQUARES], dtype=np.float64)
    return (rows[:, None] - rows[None, :]) ** 2 + (columns[:, None] - columns[None, :]) ** 2


@cache
def points_table() -> npt.NDArray[np.int8]:
    """``points_table()[s, t]``: the points of a piece on square ``s`` when the target is ``t``."""
    import numpy as np

    rows = np.array([s.row for s in SQUARES])
    columns = np.array([s.column for s in SQUARES])
    distance = np.maximum(
        np.abs(rows[:, None] - rows[None, :]), np.abs(columns[:, None] - columns[None, :])
    )
    return np.select([distance == 0, distance == 1, distance == 2], [3, 2, 1], 0).astype(np.int8)


def evidence(pieces: Iterable[Square], doubt: float = PIECE_DOUBT) -> Array:
    """How likely each square is the target given pieces that other players
    placed (each more likely near the target, :data:`PIECE_REACH`; ``doubt``
    the relative likelihood far from it)."""
    import numpy as np

    likelihood = np.ones(len(SQUARES))
    for square in pieces:
        likelihood *= doubt + (1 - doubt) * _nearness()[square.row * COLUMNS + square.column]
    return likelihood


@cache
def _nearness() -> Array:
    """``exp(-d² / 2 reach²)`` between every two squares (:data:`PIECE_REACH`)."""
    import numpy as np

    return np.asarray(np.exp(-_grid_distances() / (2 * PIECE_REACH**2)))


def _log_density(word: WordColour, labs: Array) -> Array:
    """The log probability (not normalised) of each board colour under a
    word's mixture, its chroma raised by :data:`CHROMA`."""
    import numpy as np

    logs = []
    for component in word.components:
        variance = component.spread**2 + NOISE**2
        lightness, a, b = component.lab
        squared = ((labs - np.array((lightness, a * CHROMA, b * CHROMA))) ** 2).sum(axis=1)
        logs.append(np.log(component.share) - 1.5 * np.log(variance) - squared / (2 * variance))
    stacked = np.array(logs)
    top = stacked.max(axis=0)
    return np.asarray(top + np.log(np.exp(stacked - top).sum(axis=0)))


def _normalised(log_probability: Array) -> Array:
    import numpy as np

    probability = np.exp(log_probability - log_probability.max())
    return np.asarray(probability / probability.sum())


@dataclass(frozen=True, slots=True, eq=False)
class Table:
    """One vocabulary read on one board: each word's probability over the
    squares, and :meth:`cue`, :meth:`cues` and :meth:`prior` built from them."""

    vocabulary: Vocabulary
    board: Board
    _words: dict[int, tuple[WordColour, Array]] = field(default_factory=dict, repr=False)
    """Each word read so far, by identity (it is kept, so its id stays its
    own): the table's own cache, with no board to hash on every read."""

    def word(self, word: WordColour) -> Array:
        """A word's probability over the squares (480 values summing to 1)."""
        known = self._words.get(id(word))
        if known is not None:
            return known[1]
        probability = _word_squares(self.board, word)
        if len(self._words) < CACHED_WORDS:
            self._words[id(word)] = (word, probability)
        return probability

    def cue(self, text: str) -> Array | None:
        """A cue's probability over the squares: the product of its known
        words' (floored by :data:`FLOOR`), or None when no word is known."""
        import numpy as np

        words = self.vocabulary.read(text)
        if not words:
            return None
        if len(words) == 1:
            return self.word(words[0])
        logs = sum(np.log(self.word(word) + FLOOR / len(SQUARES)) for word in words)
        return _normalised(np.asarray(logs))

    def cues(self, texts: Sequence[str], pieces: Iterable[Square] = ()) -> Array:
        """Where the target is after a round's cues and the pieces already
        placed (:func:`evidence`); the :meth:`prior` stands in for cues no
        word of which is known, and then the pieces count most (:data:`BLIND_DOUBT`)."""
        import numpy as np

        known = [p for p in (self.cue(text) for text in texts) if p is not None]
        log_probability = np.log(evidence(pieces, PIECE_DOUBT if known else BLIND_DOUBT))
        for probability in known or [self.prior()]:
            log_probability = log_probability + np.log(probability + FLOOR / len(SQUARES))
        return _normalised(log_probability)

    def prior(self) -> Array:
        """Where people guess when the cue means nothing known: the mean of
        every everyday word's probability over this board (its typical picks)."""
        return _prior(self.vocabulary.name, self.board)


@lru_cache(maxsize=16384)
def _word_squares(board: Board, word: WordColour) -> Array:
    probability = _normalised(_log_density(word, board_labs(board)))
    probability.setflags(write=False)
    return probability


@lru_cache(maxsize=BOARDS)
def _prior(name: str, board: Board) -> Array:
    import numpy as np

    total = np.zeros(len(SQUARES))
    words = vocabulary(name).words.values()
    everyday = [word for word in words if word.common] or list(words)
    for word in everyday:
        total += _normalised(_log_density(word, board_labs(board)))
    prior = total / total.sum()
    prior.setflags(write=False)
    return prior


@lru_cache(maxsize=BOARDS)
def table(name: str, board: Board) -> Table:
    """The :class:`Table` of vocabulary ``name`` on ``board`` (cached)."""
    return Table(vocabulary(name), board)
