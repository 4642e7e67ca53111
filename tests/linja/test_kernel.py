"""Linja's C kernel through the runner: the same games as the Python
engine, records that replay, statistics that agree, and Python where C cannot play."""

from __future__ import annotations

import math

import pytest

import userbots
from huegames import _cores, linja, simulate
from huegames.linja import kernel
from huegames.run.runner import RunSpec, play_chunk

needs_core = pytest.mark.skipif(not kernel.available, reason="the Linja C core is not loaded")


def test_the_kernel_is_there_exactly_when_the_core_loads():
    try:
        import huegames.linja._linja_core  # noqa: F401
    except ImportError:
        built = False
    else:
        built = True
    assert kernel.available == (built and _cores.CHOICE != "python")
    assert linja.SPEC.kernel_player() is kernel.play_games
    run = RunSpec.build("linja", "random", games=3, seed=1)
    assert (kernel.play_games(run, 0, 3) is None) == (not kernel.available)


@needs_core
@pytest.mark.parametrize(
    ("bots", "games"),
    [
        ("random,random", 12),
        ("greedy,random", 12),
        ("greedy,greedy", 6),
        ("search:nodes=30,greedy", 4),
        ("search:nodes=12:max_depth=3,search:nodes=0:max_depth=2", 4),
        ("search", 2),
    ],
)
def test_kernel_games_are_the_python_games(bots, games):
    """Same seeds, same choices: each record is RunSpec.play's, moves and all."""
    run = RunSpec.build("linja", bots, games=games, seed=11, record_moves=True, seat_swap=True)
    records = kernel.play_games(run, 0, games)
    assert records is not None
    assert [{**run.play(n), "engine": "kernel"} for n in range(games)] == records


@needs_core
def test_kernel_records_replay_on_the_python_engine():
    run = RunSpec.build("linja", "search:nodes=5,random", games=150, seed=4, record_moves=True)
    records = play_chunk(run, 0, 150)
    assert all(record["engine"] == "kernel" for record in records)
    for record in records:
        game = linja.new_game(seed=record["seed"])
        for move in record["moves"]:
            game.play(move)
        assert game.is_over
        assert game.scores() == record["scores"]
        assert game.outcome() is not None
        assert list(game.outcome().winners) == record["winners"]


def proportion_z(a: int, n: int, b: int, m: int) -> float:
    pooled = (a + b) / (n + m)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m)) or 1.0
    return (a / n - b / m) / spread


def mean_z(x: list[int], y: list[int]) -> float:
    def moments(values: list[int]) -> tuple[float, float]:
        mean = sum(values) / len(values)
        return mean, sum((v - mean) ** 2 for v in values) / (len(values) - 1)

    (mx, vx), (my, vy) = moments(x), moments(y)
    return (mx - my) / math.sqrt(vx / len(x) + vy / len(y))


@needs_core
def test_kernel_and_python_statistics_agree():
    """Two independent samples (different run seeds) of random against random:
    red's win rate and both seats' mean scores agree (|z| < 5: a true
    difference this small could not be told apart, a broken kernel would)."""
    games = 2000
    fast = simulate("linja", "random", games=games, seed=1, workers=1, engine="kernel").records
    slow = simulate("linja", "random", games=games, seed=2, workers=1, engine="python").records
    assert all(r["engine"] == "kernel" for r in fast) and all("engine" not in r for r in slow)
    red_wins = [sum(0 in r["winners"] for r in records) for records in (fast, slow)]
    assert abs(proportion_z(red_wins[0], games, red_wins[1], games)) < 5
    for seat in (0, 1):
        scores = [[r["scores"][seat] for r in records] for records in (fast, slow)]
        assert abs(mean_z(*scores)) < 5


@needs_core
def test_bots_without_a_c_policy_play_on_python():
    class Cautious(linja.GreedyBot):
        """A subclass may rank otherwise: not the C greedy policy."""

    huge = RunSpec.build("linja", "search:nodes=2000000", games=2)  # more than the C table takes
    assert kernel.play_games(huge, 0, 2) is None
    for bots in ([userbots.WanderBot, "random"], [Cautious, "greedy"]):
        run = RunSpec.build("linja", bots, games=2, seed=1)
        assert kernel.play_games(run, 0, 2) is None
        assert all("engine" not in record for record in play_chunk(run, 0, 2))
    with pytest.raises(ValueError, match="the Linja kernel cannot play"):
        RunSpec.build("linja", [userbots.WanderBot, "random"], engine="kernel")


@needs_core
def test_simulate_plays_in_the_kernel_by_default():
    result = simulate("linja", "greedy,random", games=6, seed=3, workers=1)
    assert [record["engine"] for record in result.records] == ["kernel"] * 6
    python = simulate("linja", "greedy,random", games=6, seed=3, workers=1, engine="python")
    assert [{**r, "engine": "kernel"} for r in python.records] == result.records
    assert kernel.play_games(RunSpec.build("linja", "greedy"), 5, 5) == []
