"""Summary.add_games: a batch of games counted at once, to the same numbers as
Summary.add one record at a time."""

from __future__ import annotations

import numpy as np
import pytest

from huegames.run.stats import Summary

pytestmark = pytest.mark.backend_independent  # no game is played


def _one_at_a_time(summary: Summary, seats: list[str], scores, winners) -> None:
    for row, flags in zip(scores.tolist(), winners.tolist(), strict=True):
        won = [seat for seat, flag in enumerate(flags) if flag]
        summary.add({"seats": seats, "scores": row, "winners": won})


@pytest.mark.parametrize(
    "seats",
    [["policy", "greedy"], ["greedy", "policy", "greedy", "greedy"], ["a", "b", "a"]],
    ids=["two", "one bot in three seats", "interleaved"],
)
@pytest.mark.parametrize("kind", ["integers", "fractions"])
def test_add_games_gives_the_numbers_of_add(seats, kind):
    rng = np.random.default_rng(7)
    before = {"seats": seats[::-1], "scores": [0.1 * k for k in range(len(seats))], "winners": []}
    batched, looped = Summary("g", len(seats)), Summary("g", len(seats))
    for summary in (batched, looped):
        summary.add(before)  # sums already under way: the batch continues them
    for games in (1, 5, 300):
        if kind == "integers":
            scores = rng.integers(-40, 90, (games, len(seats))).astype(np.float64)
        else:
            scores = rng.standard_normal((games, len(seats))) * 1e3
        winners = rng.random((games, len(seats))) < 0.4
        batched.add_games(seats, scores, winners.astype(np.int8))
        _one_at_a_time(looped, seats, scores, winners)
    assert batched.to_dict() == looped.to_dict()
    assert [(b.score_sum, b.score_squares) for b in batched.bots] == [
        (b.score_sum, b.score_squares) for b in looped.bots
    ]


def test_add_games_of_no_games_changes_nothing():
    summary = Summary("g", 2)
    summary.add_games(["a", "b"], np.zeros((0, 2)), np.zeros((0, 2), np.int8))
    assert summary.to_dict() == Summary("g", 2).to_dict()


@pytest.mark.parametrize(
    ("scores", "winners"),
    [
        (np.zeros((3, 3)), np.zeros((3, 3))),
        (np.zeros((3, 2)), np.zeros((2, 2))),
        (np.zeros(2), np.zeros(2)),
    ],
    ids=["seats", "rows", "flat"],
)
def test_add_games_refuses_arrays_of_the_wrong_shape(scores, winners):
    summary = Summary("g", 2)
    with pytest.raises(ValueError, match="shape"):
        summary.add_games(["a", "b"], scores, winners)
    assert summary.games == 0 and not summary.bots
