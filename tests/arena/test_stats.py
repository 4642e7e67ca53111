"""The tournament statistics against simulations of known truth: Elo
intervals cover the true Elo at their stated rate, the SPRT errs at about
its alpha and beta, and Plackett-Luce ranks bots by how often they finish
ahead."""

from __future__ import annotations

import math

import numpy as np
import pytest

from huegames.arena.stats import (
    NELO_PER_T,
    SPRT,
    Finish,
    Pentanomial,
    elo_estimate,
    finishing_ranks,
    llr,
    plackett_luce,
    ranked,
)

pytestmark = pytest.mark.backend_independent  # no game is played

POINTS = np.array([0, 0.25, 0.5, 0.75, 1])  # a pair's score over its 2 points
EVEN = np.array([0.1, 0.2, 0.4, 0.2, 0.1])  # pair outcomes of two equal bots, deal luck and all


def tilted(nelo: float) -> np.ndarray:
    """Pair-outcome probabilities of the even match tilted (exponentially) to
    normalized Elo ``nelo``, found by bisection from the definition:
    ``(mean - 1/2) / (sqrt(2) * sd of a pair's score) * 800 / ln 10``."""

    def probabilities(tilt: float) -> np.ndarray:
        weights = EVEN * np.exp(tilt * POINTS)
        return weights / weights.sum()

    def normalized(p: np.ndarray) -> float:
        mean = (p * POINTS).sum()
        sd = math.sqrt((p * (POINTS - mean) ** 2).sum())
        return (mean - 0.5) / (math.sqrt(2) * sd) * 800 / math.log(10)

    low, high = -20.0, 20.0
    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if normalized(probabilities(middle)) < nelo else (low, middle)
    return probabilities(low)


def true_elo(p: np.ndarray) -> float:
    score = (p * POINTS).sum()
    return -400 * math.log10(1 / score - 1)


@pytest.mark.parametrize("nelo", [0, 40, -80])
def test_the_elo_interval_covers_the_true_elo_at_its_stated_rate(nelo):
    p = tilted(nelo)
    truth = true_elo(p)
    rng = np.random.default_rng(nelo + 1000)
    matches = 2000
    covered = 0
    for counts in rng.multinomial(200, p, size=matches):
        estimate = elo_estimate(Pentanomial(tuple(int(n) for n in counts)))
        covered += estimate.low <= truth <= estimate.high
    rate = covered / matches
    # 95% stated; three binomial standard deviations of 2,000 matches is 1.5%
    assert 0.93 <= rate <= 0.97, rate


def test_the_likelihood_of_superiority_follows_the_score():
    assert elo_estimate(Pentanomial((0, 1, 10, 30, 20))).los > 0.99
    assert elo_estimate(Pentanomial((20, 30, 10, 1, 0))).los < 0.01
    assert elo_estimate(Pentanomial((5, 10, 20, 10, 5))).los == pytest.approx(0.5)


def test_an_even_match_has_an_interval_around_zero_and_no_pairs_an_unbounded_one():
    estimate = elo_estimate(Pentanomial((5, 10, 20, 10, 5)))
    assert estimate.elo == pytest.approx(0) and estimate.low < 0 < estimate.high
    empty = elo_estimate(Pentanomial())
    assert (empty.low, empty.high) == (-math.inf, math.inf)


def simulated_sprts(nelo: float, test: SPRT, runs: int, seed: int, step: int = 4) -> np.ndarray:
    """The decision of ``runs`` SPRTs on pairs drawn at normalized Elo ``nelo``,
    the LLR checked every ``step`` pairs: 1 for H1, -1 for H0, 0 undecided."""
    p = tilted(nelo)
    rng = np.random.default_rng(seed)
    counts = np.zeros((runs, 5))
    decided = np.zeros(runs, dtype=int)
    lower, upper = test.bounds
    for _ in range(5000 // step):
        live = np.flatnonzero(decided == 0)
        if not len(live):
            break
        counts[live] += rng.multinomial(step, p, size=len(live))
        ratio = llr(counts[live], test.elo0, test.elo1)
        decided[live[ratio >= upper]] = 1
        decided[live[ratio <= lower]] = -1
    return decided


def test_the_sprt_errs_at_about_alpha_and_beta():
    test = SPRT(elo0=0, elo1=40, alpha=0.1, beta=0.1)
    false_h1 = simulated_sprts(0, test, runs=200, seed=1, step=8)
    false_h0 = simulated_sprts(40, test, runs=200, seed=2, step=8)
    assert (false_h1 != 0).all() and (false_h0 != 0).all()
    # about 10% each; 200 runs give a standard deviation of 2.1%
    assert 0.03 <= (false_h1 == 1).mean() <= 0.17
    assert 0.03 <= (false_h0 == -1).mean() <= 0.17


@pytest.mark.slow
@pytest.mark.parametrize(("alpha", "beta"), [(0.05, 0.05), (0.1, 0.2)])
def test_the_sprt_error_rates_are_close_to_alpha_and_beta_over_many_runs(alpha, beta):
    test = SPRT(elo0=0, elo1=30, alpha=alpha, beta=beta)
    false_h1 = (simulated_sprts(0, test, runs=1000, seed=3) == 1).mean()
    false_h0 = (simulated_sprts(30, test, runs=1000, seed=4) == -1).mean()
    # Wald's bounds keep each error at most about its rate (the overshoot past
    # a bound only lowers it); three standard deviations of 1,000 runs above
    assert alpha / 3 <= false_h1 <= alpha + 3 * math.sqrt(alpha * (1 - alpha) / 1000)
    assert beta / 3 <= false_h0 <= beta + 3 * math.sqrt(beta * (1 - beta) / 1000)


@pytest.mark.parametrize(
    ("counts", "nelo0", "nelo1", "expected"),
    [  # each computed with Fishtest's LLRcalc.LLR_normalized (server/fishtest/stats)
        ((39, 2226, 31451, 2412, 40), 0.764, 3.439, 2.16294087),
        ((10, 20, 40, 30, 20), 0, 5, 0.487462963),
        ((0, 2, 5, 20, 40), 0, 5, 1.152854805),
        ((0, 0, 447, 0, 0), 0, 20, -2.944506284),
    ],
)
def test_the_llr_is_fishtests(counts, nelo0, nelo1, expected):
    assert llr(Pentanomial(counts), nelo0, nelo1) == pytest.approx(expected, abs=1e-8)


def test_the_llr_takes_many_matches_at_once_and_agrees_with_one_at_a_time():
    counts = np.array([[10, 20, 40, 30, 20], [0, 0, 5, 0, 0], [3, 0, 0, 0, 1]])
    together = llr(counts, 0, 5)
    assert together.shape == (3,)
    assert together == pytest.approx(
        [llr(Pentanomial(tuple(int(n) for n in row)), 0, 5) for row in counts]
    )


def test_the_llr_grows_with_the_evidence_for_the_stronger_bot():
    assert llr((0, 0, 0, 0, 0), 0, 5) == 0
    assert llr((0, 5, 10, 30, 20), 0, 5) > 0 > llr((20, 30, 10, 5, 0), 0, 5)
    assert llr((0, 10, 20, 60, 40), 0, 5) > llr((0, 5, 10, 30, 20), 0, 5)


def test_the_bounds_are_walds():
    lower, upper = SPRT(alpha=0.05, beta=0.1).bounds
    assert lower == pytest.approx(math.log(0.1 / 0.95))
    assert upper == pytest.approx(math.log(0.9 / 0.05))


def test_normalized_elo_is_the_t_value_scaled():
    assert pytest.approx(347.4355855226) == NELO_PER_T
    p = tilted(25)
    counts = Pentanomial(tuple(round(n) for n in p * 100_000))
    assert elo_estimate(counts).nelo == pytest.approx(25, abs=0.1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("elo0=5,elo1=0", "below elo1"),
        ("alpha=0.7", "between 0 and 0.5"),
        ("elo1=x", "bad SPRT setting"),
        ("elo1=5,elo1=6", "bad SPRT setting"),
        ("gamma=1", "bad SPRT setting"),
        ("elo1=nan", "must be a number"),
    ],
)
def test_a_bad_sprt_is_refused_by_name(text, message):
    with pytest.raises(ValueError, match=message):
        SPRT.parse(text)


def test_bad_counts_are_refused():
    with pytest.raises(ValueError, match="five counts"):
        Pentanomial((1, 2, 3))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="five counts"):
        llr((1, -1, 0, 0, 0), 0, 5)
    with pytest.raises(ValueError, match="a pair scores"):
        Pentanomial.of([3])


def test_pairs_are_counted_by_their_score():
    counts = Pentanomial().add(2).add(0.5).add(2)
    assert counts == Pentanomial((0, 1, 0, 0, 2)) == Pentanomial.of([2, 0.5, 2])
    assert counts.pairs == 3 and counts.score == pytest.approx(4.5 / 6)


def test_finishing_ranks_put_winners_first_and_a_forfeit_last():
    assert finishing_ranks([3, 9, 5], winners=[1]) == [3, 1, 2]
    assert finishing_ranks([3, 9, 5], winners=[], lower_scores_win=True) == [1, 3, 2]
    assert finishing_ranks([1, 0, 1, 0], winners=[0, 2]) == [1, 3, 1, 3]
    assert finishing_ranks([7, 7, 2], winners=[], forfeit=0) == [3, 1, 2]


def test_plackett_luce_rates_by_finishing_order_with_uncertainty():
    rng = np.random.default_rng(5)
    strength = {"strong": 3.0, "middle": 1.5, "weak": 0.0, "weakest": -1.0}
    finishes = []
    for _ in range(300):  # Plackett-Luce draws: the next finisher in proportion to exp(strength)
        left = list(strength)
        order = []
        while left:
            weights = np.exp([strength[bot] for bot in left])
            order.append(left.pop(rng.choice(len(left), p=weights / weights.sum())))
        finishes.append(Finish(tuple((bot,) for bot in order), (1, 2, 3, 4)))
    ratings = plackett_luce(finishes)
    assert [bot for bot, _ in ranked(ratings)] == ["strong", "middle", "weak", "weakest"]
    assert all(rating.sigma < 25 / 3 for rating in ratings.values())


def test_plackett_luce_rates_teams_as_teams():
    finishes = [Finish((("a", "c"), ("b", "d")), (1, 2))] * 30
    ratings = plackett_luce(finishes)
    assert ratings["a"].mu == pytest.approx(ratings["c"].mu)
    assert ratings["a"].mu > ratings["b"].mu
