"""``vector.evaluate``: a batched numpy policy against the bots, summarised
as ``huegames.simulate`` summarises a run (games, wins and their interval,
mean scores), its seat turning game by game, the same seed the same
summary; a policy that fails, or gives bad actions, stops the run with a
PolicyError naming the policy, the game, its seat and the seed."""

from __future__ import annotations

import math

import numpy as np
import pytest

from huegames import engine, vector
from huegames.run.stats import Summary
from huegames.vector.evaluate import POLICY_NAME


def random_policy(seed):
    """A policy playing a uniformly random legal action in each row, from
    ``np.random.default_rng(seed)``; it keeps the batch sizes it was given."""
    rng = np.random.default_rng(seed)

    def policy(observations, masks):
        assert isinstance(observations, np.ndarray) and isinstance(masks, np.ndarray)
        assert len(observations) == len(masks)
        policy.calls.append((len(masks), observations[0].copy()))
        return np.array([rng.choice(np.flatnonzero(row)) for row in masks])

    policy.calls = []
    return policy


CASES = [
    pytest.param(game, players, against, id=f"{game}-{players}-{against}")
    for game, players in (("linja", 2), ("plank", 2), ("plank", 3))
    for against in ("random", "greedy")
]


@pytest.mark.parametrize(("game", "players", "against"), CASES)
def test_a_random_policy_against_the_bots_is_summarised(game, players, against):
    summary = vector.evaluate(
        random_policy(1), game, against=against, games=31, players=players, seed=5, num_envs=8
    )
    assert isinstance(summary, Summary)
    assert (summary.game, summary.players, summary.games) == (game, players, 31)
    assert summary.lower_scores_win == (players in engine.game_spec(game).lower_scores_win)
    assert {bot.name for bot in summary.bots} == {POLICY_NAME, against}
    bots = {bot.name: bot for bot in summary.bots}
    assert bots[POLICY_NAME].games == 31 and bots[against].games == 31 * (players - 1)
    assert sum(bot.wins for bot in summary.bots) >= 31 - summary.draws
    for bot in summary.bots:
        low, high = bot.win_interval()
        assert 0 <= low <= bot.win_rate <= high + 1e-12 and high <= 1  # (1 - 1e-16 at 100%)
        assert math.isfinite(bot.mean_score) and bot.score_std >= 0
    assert "31 games" in summary.table()


@pytest.mark.parametrize(("game", "players", "against"), CASES[:2] + CASES[4:])
def test_the_policys_seat_turns_game_by_game(game, players, against):
    policy = random_policy(2)
    summary = vector.evaluate(policy, game, against=against, games=7, players=players, seed=9)
    assert summary.games == 7
    # seat s plays games s, s + players, ...: a batch of that many envs a
    # seat, in seat order, seeded derive_seed(seed, seat)
    sizes = [len(range(seat, 7, players)) for seat in range(players)]
    calls, at = policy.calls, 0
    for seat, size in enumerate(sizes):
        envs = vector.make(game, size, players=players, opponents=against, seat=seat,
                           seed=engine.derive_seed(9, seat))  # fmt: skip
        observations, infos = envs.reset()
        assert (infos["to_move"] == seat).all()
        first = observations["observation"][0]
        starts = [i for i in range(at, len(calls)) if calls[i][0] == size]
        starts = [i for i in starts if np.array_equal(calls[i][1], first)]
        assert starts, f"seat {seat}: its first observation never reached the policy"
        assert seat or starts[0] == 0
        at = starts[0] + 1


def test_the_same_seed_gives_the_same_summary():
    runs = [
        vector.evaluate(
            random_policy(4),
            "linja",
            against="greedy",
            games=40,
            seed=seed,
            num_envs=6,
            threads=threads,
        )
        for seed, threads in ((3, 1), (3, 2), (4, 1))
    ]
    assert runs[0].to_dict() == runs[1].to_dict()
    assert runs[0].to_dict() != runs[2].to_dict()
    again = vector.evaluate(
        random_policy(4), "linja", against="greedy", games=40, seed=3, num_envs=6
    )
    assert again.to_dict() == runs[0].to_dict()


def test_the_policy_is_named_as_asked():
    summary = vector.evaluate(
        random_policy(1), "linja", against="random", games=4, seed=1, name="mine"
    )
    assert {bot.name for bot in summary.bots} == {"mine", "random"}
    two = vector.evaluate(
        random_policy(1), "plank", against=["greedy", "random"], players=3, games=6, seed=1
    )
    assert {bot.name: bot.games for bot in two.bots} == {POLICY_NAME: 6, "greedy": 6, "random": 6}


def bad(output):
    """A policy giving ``output(masks)``."""
    return lambda observations, masks: output(masks)


@pytest.mark.parametrize(
    ("policy", "match"),
    [
        (
            bad(lambda masks: np.zeros(len(masks) + 1, np.int64)),
            r"bad actions: expected one action per env, shape \(4,\)",
        ),
        (bad(lambda masks: np.zeros((len(masks), 1), np.int64)), "shape"),
        (bad(lambda masks: masks.argmin(axis=1)), r"bad actions: env 0: action \d+ is not legal"),
        (
            bad(lambda masks: np.full(len(masks), 10**6)),
            r"bad actions: env 0: action 1000000 is not in",
        ),
        (
            bad(lambda masks: masks.argmax(axis=1).astype(float)),
            "bad actions: actions are integer action ids",
        ),
        (bad(lambda masks: None), "bad actions"),
        (bad(lambda masks: 1 / 0), "it raised ZeroDivisionError"),
    ],
)
def test_a_policy_that_fails_stops_the_run_with_a_clear_error(policy, match):
    with pytest.raises(vector.PolicyError, match=match) as caught:
        vector.evaluate(policy, "linja", against="random", games=8, seed=12, num_envs=4)
    message = str(caught.value)
    assert message.startswith("the policy policy failed in linja (seat 0, seed 12): ")
    assert isinstance(caught.value, ValueError)


def test_a_policy_illegal_only_later_is_caught_in_its_seat():
    def late(observations, masks):
        late.calls += 1
        return masks.argmax(axis=1) if late.calls < 3 else masks.argmin(axis=1)

    late.calls = 0
    with pytest.raises(vector.PolicyError, match=r"seat 0, seed 2\): it gave bad actions: env 0"):
        vector.evaluate(late, "plank", against="greedy", games=4, seed=2)


@pytest.mark.parametrize(
    ("settings", "error", "match"),
    [
        ({"games": 0}, ValueError, "games must be at least 1"),
        ({"games": 2.0}, TypeError, "games"),
        ({"num_envs": 0}, ValueError, "num_envs must be at least 1"),
        ({"against": "nobody"}, ValueError, "nobody"),
        ({"players": 3}, ValueError, "players"),
        ({"seed": "1"}, TypeError, "seed"),
    ],
)
def test_bad_evaluate_arguments(settings, error, match):
    with pytest.raises(error, match=match):
        vector.evaluate(random_policy(0), "linja", **settings)


def test_load_policy_finds_a_function_by_its_name():
    assert vector.load_policy("numpy:argmax") is np.argmax
    assert vector.load_policy("json:decoder.JSONDecoder.decode").__name__ == "decode"


@pytest.mark.parametrize(
    ("path", "error", "match"),
    [
        ("numpy", ValueError, "name a policy as package.module:function, not 'numpy'"),
        ("numpy:", ValueError, "name a policy as"),
        (":argmax", ValueError, "name a policy as"),
        (
            "no_such_module_here:act",
            ValueError,
            "cannot import the policy 'no_such_module_here:act'",
        ),
        ("numpy:no_such_function", ValueError, "cannot import the policy"),
        ("numpy:argmax.", ValueError, "cannot import the policy"),
        (".agent:act", ValueError, r"cannot import the policy '\.agent:act'"),
        ("numpy:pi", ValueError, "the policy 'numpy:pi' is not a function"),
        (3, TypeError, "a policy is named package.module:function, not 3"),
    ],
)
def test_load_policy_refuses_a_name_that_is_no_function(path, error, match):
    with pytest.raises(error, match=match):
        vector.load_policy(path)
