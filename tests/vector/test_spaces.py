"""Spaces: a batch's single spaces are the single environment's, its batched
spaces hold every observation and action it returns, and its metadata names
Gymnasium's autoreset mode; every game with every player count it allows."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from huegames import vector
from huegames.rl import gymnasium as hg
from vector.replay import PLAYERS, backends

CASES = [
    pytest.param(game, players, backend, id=f"{game}-{players}-{backend}")
    for game, counts in PLAYERS.items()
    for players in counts
    for backend in backends(game)
]

MODES = {
    "same-step": AutoresetMode.SAME_STEP,
    "next-step": AutoresetMode.NEXT_STEP,
    "disabled": AutoresetMode.DISABLED,
}


@pytest.mark.parametrize(("game", "players", "backend"), CASES)
def test_the_spaces_are_the_single_environments_batched(game, players, backend):
    single = hg.Env(game, players)
    for opponents in (None, "random"):
        envs = vector.make(game, 3, players=players, opponents=opponents, backend=backend, seed=2)
        assert envs.single_observation_space == single.observation_space
        assert (
            envs.single_action_space
            == single.action_space
            == spaces.Discrete(single.encoding.action_count)
        )
        assert envs.observation_space == batch_space(single.observation_space, 3)
        assert envs.action_space == batch_space(single.action_space, 3)
        assert envs.num_envs == 3
        observations, _ = envs.reset()
        for _ in range(4):
            assert envs.observation_space.contains(observations)
            for i in range(3):
                row = {key: value[i] for key, value in observations.items()}
                assert envs.single_observation_space.contains(row)
            actions = envs.random_actions()
            assert envs.action_space.contains(actions)
            observations, rewards, terminated, truncated, infos = envs.step(actions)
            assert rewards.dtype == np.float64
            assert rewards.shape == ((3, players) if opponents is None else (3,))
            assert terminated.dtype == truncated.dtype == np.bool_
            assert infos["to_move"].shape == (3,)
        envs.close()


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("game", list(PLAYERS))
def test_metadata_names_gymnasiums_autoreset_mode(game, mode):
    envs = vector.make(game, 2, autoreset_mode=mode)
    assert envs.metadata["autoreset_mode"] is MODES[mode]
    assert isinstance(envs.metadata["autoreset_mode"], AutoresetMode)
    assert envs.autoreset_mode == mode
    assert tuple(MODES) == vector.AUTORESET_MODES


def test_the_final_observations_are_in_the_spaces():
    envs = vector.make("linja", 16, seed=5, opponents="greedy")
    envs.reset()
    ended = 0
    while ended < 16:
        observations, _, terminated, _, infos = envs.step(envs.random_actions())
        assert envs.observation_space.contains(observations)
        if terminated.any():
            ended += int(terminated.sum())
            assert envs.observation_space.contains(infos["final_obs"])
            assert not infos["final_obs"]["action_mask"][terminated].any()


def test_the_batched_spaces_are_made_once_when_read_and_can_be_replaced():
    """A wrapper may set the batched spaces; reading them builds them once."""
    envs = vector.make("linja", 2, seed=1)
    first = envs.observation_space
    assert envs.observation_space is first
    assert envs.action_space is envs.action_space
    replaced = spaces.MultiDiscrete([envs.single_action_space.n] * 2)
    envs.action_space = replaced
    assert envs.action_space is replaced
    assert envs.observation_space is first
