"""``gymnasium.make_vec`` on a huegames id builds the C vector environment
(the ids' ``vector_entry_point``): the single environment's settings,
batched, with :func:`huegames.vector.make`'s own options beside them."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import huegames.rl.gymnasium  # noqa: F401 -- registers the ids
from huegames import vector
from huegames.vector.env import VECTOR_OPTIONS
from vector.replay import PLAYERS


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_make_vec_gives_the_vector_environment_of_the_single_ones_settings(game):
    envs = gymnasium.make_vec(f"huegames/{game}-v0", num_envs=6, seed=3)
    single = gymnasium.make(f"huegames/{game}-v0")
    assert isinstance(envs, vector.VectorEnv)
    assert envs.num_envs == 6 and envs.seed == 3
    assert not envs.self_play and envs.agents.tolist() == [0] * 6  # seat 0 against "random"
    assert all(bot.label == "random" for bot in envs.setup.bots[1:])
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    observations, infos = envs.reset()
    for _ in range(30):  # a random-action loop: no live env is ever without a legal action
        assert (observations["action_mask"][infos["to_move"] >= 0].sum(axis=1) > 0).all()
        observations, rewards, _, truncated, infos = envs.step(envs.random_actions())
        assert rewards.shape == (6,) and not truncated.any()
    envs.close()


def test_make_vec_passes_on_seats_bots_rules_rewards_and_vector_options():
    envs = gymnasium.make_vec(
        "huegames/plank-v0",
        num_envs=4,
        players=3,
        seat=2,
        opponents=["greedy", "random"],
        reward="win-loss",
        turn_limit=30,
        seed=5,
        threads=2,
        autoreset_mode="next-step",
        copy=False,
    )
    assert (envs.players, envs.agents.tolist(), envs.reward) == (3, [2] * 4, "win-loss")
    assert [None if bot is None else bot.label for bot in envs.setup.bots] == [
        "greedy",
        "random",
        None,
    ]
    assert envs.rules.turn_limit == 30 and envs.threads == 2 and envs.copy is False
    assert envs.autoreset_mode == "next-step" and envs.seed == 5
    assert set(VECTOR_OPTIONS) <= set(vector.make.__kwdefaults__)
    envs.close()


def test_make_vec_self_play_and_the_other_vectorizations():
    envs = gymnasium.make_vec("huegames/linja-v0", num_envs=3, opponents=None)
    assert envs.self_play
    envs.reset(seed=1)
    assert envs.step(envs.random_actions())[1].shape == (3, 2)
    sync = gymnasium.make_vec("huegames/linja-v0", num_envs=2, vectorization_mode="sync")
    assert isinstance(sync, gymnasium.vector.SyncVectorEnv)


@pytest.mark.parametrize(
    ("settings", "error", "message"),
    [
        ({"render_mode": "ansi"}, ValueError, "does not render"),
        ({"reward": "points"}, ValueError, "reward"),
        ({"no_such_rule": 1}, TypeError, "no_such_rule"),
        ({"threads": 0}, ValueError, "threads must be"),
    ],
)
def test_make_vec_refuses_what_it_cannot_build(settings, error, message):
    with pytest.raises(error, match=message):
        gymnasium.make_vec("huegames/linja-v0", num_envs=2, **settings)


def test_win_loss_rewards_follow_the_winners():
    envs = vector.make("linja", 16, seed=2, reward="win-loss")
    envs.reset()
    ended = 0
    while ended < 5:
        _, rewards, terminated, _, infos = envs.step(envs.random_actions())
        if not terminated.any():
            assert not rewards.any()
            continue
        ended += int(terminated.sum())
        winners = infos["final_info"]["winners"]
        decided = winners.any(axis=1, keepdims=True)
        np.testing.assert_array_equal(rewards, np.where(decided, 2.0 * winners - 1.0, 0.0))
        assert not rewards[~terminated].any()
