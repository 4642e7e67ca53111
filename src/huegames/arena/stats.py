"""Tournament statistics, pure functions with no I/O: Elo and the SPRT from
game pairs, and multi-seat ratings from finishing orders.

Two seats.  A tournament plays each deal twice, the seats swapped, so a
*pair* of games scores 0, 1/2, 1, 3/2 or 2 points for the first bot; the
five counts of those outcomes are its *pentanomial* (:class:`Pentanomial`).
Pairs, not games, are the independent samples: the luck of a deal cancels
within its pair, which narrows the interval.

- :func:`elo_estimate`: logistic Elo with its 95% interval and the
  likelihood of superiority, as Fishtest's ``get_elo`` estimates them (the
  score's normal interval mapped through the Elo curve).
- :class:`SPRT`: the generalized sequential probability ratio test on
  *normalized* Elo from the pentanomial counts, as Fishtest defines it
  (``LLR_normalized`` in ``server/fishtest/stats/LLRcalc.py`` of
  https://github.com/official-stockfish/fishtest, after M. Van den Bergh,
  "Normalized Elo", https://www.cantate.be/Fishtest/normalized_elo_practical.pdf,
  section 4.1): each hypothesis's distribution is the maximum-likelihood
  distribution of pair scores with the hypothesis's t-value, and the LLR is
  the pairs' log-likelihood ratio between the two.  The bounds are Wald's,
  ``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``, with no
  overshoot correction (a tournament checks after every pair).

More seats: :func:`plackett_luce` rates every bot from each game's
finishing order through the ``openskill`` package's Plackett-Luce model,
sides of several seats (Plank's teams) rated as teams.

Needs ``huegames[arena]`` (numpy and openskill) for the SPRT and the
multi-seat ratings; the Elo estimate needs nothing.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, Final

from ..records import brief

__all__ = [
    "NELO_PER_T",
    "PAIR_SCORES",
    "SPRT",
    "EloEstimate",
    "Finish",
    "Pentanomial",
    "Rating",
    "elo_estimate",
    "finishing_ranks",
    "llr",
    "plackett_luce",
    "ranked",
    "rating_history",
]

PAIR_SCORES: Final = (0.0, 0.5, 1.0, 1.5, 2.0)
"""The points a bot can take from a pair of games, the pentanomial's bins."""

NELO_PER_T: Final = 800 / math.log(10)
"""Normalized Elo per unit of t-value (score above 1/2 over its standard
deviation per game), Fishtest's ``nelo_divided_by_nt``: about 347.4."""

_EMPTY_BIN: Final = 1e-3
"""What an empty pentanomial bin counts as (Fishtest's regularization), so
that a short or one-sided match has a finite Elo and LLR."""


@dataclass(frozen=True)
class Pentanomial:
    """How many game pairs the first bot scored 0, 1/2, 1, 3/2 and 2 points in.

    >>> from huegames.arena.stats import Pentanomial
    >>> counts = Pentanomial.of([2, 1.5, 2, 1])
    >>> counts
    Pentanomial(counts=(0, 0, 1, 1, 2))
    >>> counts.pairs, counts.score
    (4, 0.8125)
    """

    counts: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    def __post_init__(self) -> None:
        counts = self.counts
        if (
            not isinstance(counts, tuple)
            or len(counts) != 5
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)
        ):
            raise ValueError(
                f"a pentanomial is five counts of pairs, at least 0: not {brief(counts)}"
            )

    @classmethod
    def of(cls, pair_scores: Iterable[float]) -> Pentanomial:
        """The counts of pairs scoring each of :data:`PAIR_SCORES` (ValueError for others)."""
        counts = [0] * 5
        for score in pair_scores:
            if score not in PAIR_SCORES:
                raise ValueError(f"a pair scores one of {PAIR_SCORES}, not {brief(score)}")
            counts[PAIR_SCORES.index(score)] += 1
        return cls((counts[0], counts[1], counts[2], counts[3], counts[4]))

    def add(self, pair_score: float) -> Pentanomial:
        """These counts and one more pair."""
        one = Pentanomial.of([pair_score]).counts
        return Pentanomial(
            (
                self.counts[0] + one[0],
                self.counts[1] + one[1],
                self.counts[2] + one[2],
                self.counts[3] + one[3],
                self.counts[4] + one[4],
            )
        )

    @property
    def pairs(self) -> int:
        """The number of pairs counted."""
        return sum(self.counts)

    @property
    def score(self) -> float:
        """The first bot's mean score per game (1/2 before any pair)."""
        if not self.pairs:
            return 0.5
        return sum(n * points for n, points in zip(self.counts, PAIR_SCORES, strict=False)) / (
            2 * self.pairs
        )


def _distribution(counts: Sequence[int]) -> tuple[list[float], int]:
    """The empirical distribution of pair scores (empty bins regularized) and the pairs."""
    regular = [float(n) if n else _EMPTY_BIN for n in counts]
    total = sum(regular)
    return [n / total for n in regular], sum(counts)


def _elo(score: float) -> float:
    """Logistic Elo of a mean score, the score kept within [0.001, 0.999] as Fishtest does."""
    score = min(max(score, _EMPTY_BIN), 1 - _EMPTY_BIN)
    return -400 * math.log10(1 / score - 1) + 0.0  # + 0.0: an even score is 0, not -0


@dataclass(frozen=True)
class EloEstimate:
    """The first bot's strength over the second from their game pairs.

    ``elo`` is logistic Elo, ``low``..``high`` its interval, ``los`` the
    likelihood of superiority (the chance the first bot is the stronger),
    ``nelo`` normalized Elo (what :class:`SPRT` tests).
    """

    elo: float
    low: float
    high: float
    los: float
    nelo: float

    def __str__(self) -> str:
        return f"{self.elo:+.1f} ({self.low:+.1f} to {self.high:+.1f}), LOS {100 * self.los:.1f}%"


def elo_estimate(counts: Pentanomial, confidence: float = 0.95) -> EloEstimate:
    """Elo, its interval and the likelihood of superiority from a pentanomial.

    The mean score per game and its standard error come from the pairs (the
    independent samples); the interval is the score's normal interval mapped
    to Elo.  Empty bins count as 0.001 pairs, so the Elo stays finite.

    >>> from huegames.arena.stats import Pentanomial, elo_estimate
    >>> estimate = elo_estimate(Pentanomial((5, 20, 50, 30, 10)))
    >>> round(estimate.elo, 1), round(estimate.low, 1), round(estimate.high, 1)
    (30.3, -0.3, 61.4)
    >>> round(estimate.los, 3)
    0.974
    >>> print(estimate)
    +30.3 (-0.3 to +61.4), LOS 97.4%
    """
    if not isinstance(counts, Pentanomial):
        raise TypeError(f"counts must be a Pentanomial, not {brief(counts)}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {brief(confidence)}")
    if not counts.pairs:
        return EloEstimate(0.0, -math.inf, math.inf, 0.5, 0.0)
    probabilities, pairs = _distribution(counts.counts)
    points = [score / 2 for score in PAIR_SCORES]
    mean = sum(p * a for p, a in zip(probabilities, points, strict=False))
    variance = sum(p * (a - mean) ** 2 for p, a in zip(probabilities, points, strict=False))
    error = math.sqrt(variance / pairs)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    return EloEstimate(
        elo=_elo(mean),
        low=_elo(mean - z * error),
        high=_elo(mean + z * error),
        los=NormalDist().cdf((mean - 0.5) / error),
        nelo=(mean - 0.5) / math.sqrt(2 * variance) * NELO_PER_T,
    )


def llr(counts: Any, nelo0: float, nelo1: float) -> Any:
    """The generalized log-likelihood ratio of H1 (normalized Elo ``nelo1``)
    over H0 (``nelo0``) given the pentanomial ``counts``, as Fishtest's
    ``LLR_normalized`` defines it (see the module's notes).

    ``counts`` is a :class:`Pentanomial`, five counts, or a numpy array of
    shape ``(..., 5)`` (many matches at once: the answer has shape ``(...)``).

    >>> from huegames.arena.stats import Pentanomial, llr
    >>> round(llr(Pentanomial((10, 20, 40, 30, 20)), 0, 5), 3)
    0.487
    >>> llr(Pentanomial((0, 0, 0, 0, 0)), 0, 5) == 0
    True
    """
    import numpy as np

    array = np.asarray(counts.counts if isinstance(counts, Pentanomial) else counts, dtype=float)
    if array.shape[-1:] != (5,) or (array < 0).any():
        raise ValueError(f"counts must be five counts of pairs, at least 0: not {brief(counts)}")
    regular = np.where(array > 0, array, _EMPTY_BIN)
    probabilities = regular / regular.sum(axis=-1, keepdims=True)
    # pairs scored as a fraction of their 2 points; a t-value per game is sqrt(2) per pair
    t0, t1 = (math.sqrt(2) * nelo / NELO_PER_T for nelo in (nelo0, nelo1))
    fitted0 = _fit_t_value(probabilities, t0)
    fitted1 = _fit_t_value(probabilities, t1)
    per_pair = (probabilities * (np.log(fitted1) - np.log(fitted0))).sum(axis=-1)
    # times the regularized count, as Fishtest does; no pairs, no evidence
    result = np.where(array.sum(axis=-1) > 0, regular.sum(axis=-1) * per_pair, 0.0)
    return float(result) if result.ndim == 0 else result


_POINTS: Final = (0.0, 0.25, 0.5, 0.75, 1.0)
"""A pair's score as a fraction of its two points, bin by bin."""


def _fit_t_value(probabilities: Any, t: float) -> Any:
    """The distribution over :data:`_POINTS` nearest (most likely) to the
    empirical ``probabilities`` whose t-value ``(mean - 1/2) / sd`` is ``t``.

    Van den Bergh's fixed point (section 4.1 of the note the module cites):
    with the mean ``m`` and deviation ``s`` of the current guess, the next is
    ``p_i / (1 + x b_i)`` where ``b_i = a_i - 1/2 - t s (1 + ((m - a_i)/s)^2) / 2``
    and ``x`` is the root of ``sum p_i b_i / (1 + x b_i) = 0`` (which makes the
    guess sum to 1); a few rounds converge (at most ten, to within 1e-9, as
    Fishtest's ``MLE_t_value`` stops).
    """
    import numpy as np

    points = np.asarray(_POINTS)
    fitted = np.full_like(probabilities, 1 / len(_POINTS))
    root = np.zeros(probabilities.shape[:-1])
    for _ in range(10):  # Fishtest's rounds and tolerance
        mean = (fitted * points).sum(axis=-1, keepdims=True)
        deviation = np.sqrt((fitted * (points - mean) ** 2).sum(axis=-1, keepdims=True))
        shifts = points - 0.5 - t * deviation * (1 + ((mean - points) / deviation) ** 2) / 2
        root = _secular_root(probabilities, shifts, root)
        previous, fitted = fitted, probabilities / (1 + root[..., None] * shifts)
        if np.abs(fitted - previous).max() < 1e-9:
            break
    return fitted


def _secular_root(probabilities: Any, shifts: Any, start: Any) -> Any:
    """The root ``x`` of ``f(x) = sum_i p_i b_i / (1 + x b_i)`` (over the last
    axis) between its poles ``-1/max b`` and ``-1/min b``, where ``f`` falls
    from plus to minus infinity: Newton's steps from ``start`` (the last
    round's root; 0 where that is outside the poles), kept inside a
    bisected bracket.  (Written out, vectorised, because scipy's
    element-wise root finder costs a millisecond a call, and a tournament
    asks after every pair.)"""
    import numpy as np

    lowest, highest = shifts.min(axis=-1), shifts.max(axis=-1)
    if (lowest >= 0).any() or (highest <= 0).any():
        raise ValueError("no distribution of pair scores has this t-value")
    low, high = -1 / highest, -1 / lowest
    x = np.where((start > low) & (start < high), start, 0.0)
    for _ in range(100):
        terms = shifts / (1 + x[..., None] * shifts)
        value = (probabilities * terms).sum(axis=-1)
        slope = -(probabilities * terms**2).sum(axis=-1)
        low = np.where(value > 0, x, low)
        high = np.where(value < 0, x, high)
        step = x - value / slope
        inside = (step > low) & (step < high)
        x, previous = np.where(inside, step, (low + high) / 2), x
        if np.all(np.abs(x - previous) <= 1e-14 * np.maximum(1, np.abs(x))):
            break
    return x


@dataclass(frozen=True)
class SPRT:
    """A sequential probability ratio test of H0 (normalized Elo ``elo0``)
    against H1 (``elo1``) with error rates ``alpha`` (accepting H1 when H0
    holds) and ``beta`` (accepting H0 when H1 holds).

    >>> from huegames.arena.stats import SPRT, Pentanomial
    >>> test = SPRT.parse("elo0=0,elo1=5,alpha=0.05,beta=0.05")
    >>> [round(bound, 3) for bound in test.bounds]
    [-2.944, 2.944]
    >>> test.decision(Pentanomial((0, 2, 10, 60, 150)))
    'H1'
    >>> test.decision(Pentanomial((2000, 4000, 8000, 4000, 2000)))
    'H0'
    >>> test.decision(Pentanomial((10, 20, 40, 30, 20))) is None
    True
    """

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        for name in ("elo0", "elo1", "alpha", "beta"):
            value = getattr(self, name)
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not math.isfinite(value)
            ):
                raise ValueError(f"SPRT {name} must be a number, not {brief(value)}")
        if not self.elo0 < self.elo1:
            raise ValueError(f"SPRT elo0 must be below elo1, not {self.elo0:g} and {self.elo1:g}")
        if not (self.elo0 >= -200 and self.elo1 <= 200):
            raise ValueError("SPRT elo0 and elo1 are normalized Elo between -200 and 200")
        for name in ("alpha", "beta"):
            if not 0 < getattr(self, name) < 0.5:
                raise ValueError(
                    f"SPRT {name} must be between 0 and 0.5, not {getattr(self, name):g}"
                )

    @classmethod
    def parse(cls, text: str) -> SPRT:
        """Read ``elo0=0,elo1=5,alpha=0.05,beta=0.05`` (any of them; the rest default).

        >>> from huegames.arena.stats import SPRT
        >>> SPRT.parse("elo1=10")
        SPRT(elo0=0.0, elo1=10.0, alpha=0.05, beta=0.05)
        >>> SPRT.parse("elo=3")
        Traceback (most recent call last):
        ...
        ValueError: bad SPRT setting 'elo=3': write elo0=0,elo1=5,alpha=0.05,beta=0.05
        """
        if not isinstance(text, str):
            raise TypeError(f"an SPRT is text, not {brief(text)}")
        values: dict[str, float] = {}
        for item in filter(None, (part.strip() for part in text.split(","))):
            key, _, value = item.partition("=")
            try:
                if key.strip() not in ("elo0", "elo1", "alpha", "beta") or key.strip() in values:
                    raise ValueError
                values[key.strip()] = float(value)
            except ValueError:
                raise ValueError(
                    f"bad SPRT setting {brief(item)}: write elo0=0,elo1=5,alpha=0.05,beta=0.05"
                ) from None
        return cls(**values)

    def __str__(self) -> str:
        return f"elo0={self.elo0:g},elo1={self.elo1:g},alpha={self.alpha:g},beta={self.beta:g}"

    @property
    def bounds(self) -> tuple[float, float]:
        """The LLR below which H0 is accepted and above which H1 is."""
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def llr(self, counts: Pentanomial) -> float:
        """The log-likelihood ratio of H1 over H0 given these pairs (see :func:`llr`)."""
        return float(llr(counts, self.elo0, self.elo1))

    def decision(self, counts: Pentanomial) -> str | None:
        """``"H1"`` or ``"H0"`` once the LLR is past a bound, else None (play on)."""
        value = self.llr(counts)
        lower, upper = self.bounds
        if value >= upper:
            return "H1"
        if value <= lower:
            return "H0"
        return None


# -- more seats ----------------------------------------------------------------------


@dataclass(frozen=True)
class Finish:
    """One game's finishing order: each side's bots (one bot a side, or a
    team's) and its rank, 1 the first; sides that tie share a rank."""

    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.sides) != len(self.ranks) or len(self.sides) < 2:
            raise ValueError("a finish has a rank for each of at least two sides")


def finishing_ranks(
    scores: Sequence[float],
    winners: Sequence[int],
    *,
    lower_scores_win: bool = False,
    forfeit: int | None = None,
) -> list[int]:
    """Each seat's rank, 1 the first: the winners first, then the others by
    score (fewest first when ``lower_scores_win``), equal scores sharing a
    rank; a seat that forfeited last, alone.

    >>> from huegames.arena.stats import finishing_ranks
    >>> finishing_ranks([10, 25, 17, 25], winners=[1, 3])
    [4, 1, 3, 1]
    >>> finishing_ranks([10, 25, 17], winners=[], forfeit=1)
    [2, 3, 1]
    """
    sign = 1 if lower_scores_win else -1

    def key(seat: int) -> tuple[int, int, float]:
        return (seat == forfeit, seat not in winners, sign * scores[seat])

    keys = [key(seat) for seat in range(len(scores))]
    return [1 + sum(other < own for other in keys) for own in keys]


@dataclass(frozen=True)
class Rating:
    """A bot's Plackett-Luce skill: ``mu`` and its uncertainty ``sigma``;
    ``ordinal`` (``mu - 3 sigma``) is the cautious score a leaderboard sorts by."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """``mu - 3 * sigma``: a skill the bot has with about 99.7% confidence."""
        return self.mu - 3 * self.sigma

    def __str__(self) -> str:
        return f"{self.mu:.2f} ± {self.sigma:.2f}"


def plackett_luce(finishes: Iterable[Finish]) -> dict[str, Rating]:
    """Every bot's rating after the games' finishing orders, in the order given,
    through ``openskill``'s Plackett-Luce model (default mu 25, sigma 25/3).

    >>> from huegames.arena.stats import Finish, plackett_luce
    >>> games = [Finish((("a",), ("b",), ("c",)), (1, 2, 3))] * 20
    >>> ratings = plackett_luce(games)
    >>> ratings["a"].mu > ratings["b"].mu > ratings["c"].mu
    True
    >>> ratings["a"].sigma < 25 / 3
    True
    """
    last = deque(_rated(finishes), maxlen=1)
    return _plain(last[0]) if last else {}


def rating_history(
    finishes: Sequence[Finish], points: int = 100
) -> list[tuple[int, dict[str, Rating]]]:
    """``(games, ratings)`` after about ``points`` evenly spaced numbers of the
    games, the last after all of them (for a plot of the ratings over a run).

    >>> from huegames.arena.stats import Finish, rating_history
    >>> history = rating_history([Finish((("a",), ("b",)), (1, 2))] * 10, points=5)
    >>> [games for games, _ in history]
    [2, 4, 6, 8, 10]
    """
    step = max(1, -(-len(finishes) // points))
    return [
        (games, _plain(ratings))
        for games, ratings in enumerate(_rated(finishes), 1)
        if games % step == 0 or games == len(finishes)
    ]


def _plain(ratings: Mapping[str, Any]) -> dict[str, Rating]:
    """openskill's ratings as :class:`Rating` values."""
    return {bot: Rating(float(rating.mu), float(rating.sigma)) for bot, rating in ratings.items()}


def _rated(finishes: Iterable[Finish]) -> Iterator[dict[str, Any]]:
    """openskill's ratings after each game, in turn (one dictionary, updated)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for finish in finishes:
        teams = [
            [ratings.setdefault(bot, model.rating(name=bot)) for bot in side]
            for side in finish.sides
        ]
        rated = model.rate(teams, ranks=list(finish.ranks))
        for side, team in zip(finish.sides, rated, strict=True):
            for bot, rating in zip(side, team, strict=True):
                ratings[bot] = rating
        yield {
            bot: Rating(float(rating.mu), float(rating.sigma)) for bot, rating in ratings.items()
        }


def ranked(ratings: Mapping[str, Rating]) -> list[tuple[str, Rating]]:
    """The bots best first, by :attr:`Rating.ordinal`."""
    return sorted(ratings.items(), key=lambda item: -item[1].ordinal)
