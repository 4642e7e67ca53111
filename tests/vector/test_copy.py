"""``copy=False``: the observations and masks returned are read-only views
of the environment's own arrays, rewritten by the next step; by default
every array returned is the caller's own, to keep or to write."""

from __future__ import annotations

import pickle
import weakref
from copy import deepcopy

import numpy as np
import pytest

from huegames import vector
from vector.replay import PLAYERS, backends

GAMES = [
    pytest.param(game, backend, id=f"{game}-{backend}")
    for game in PLAYERS
    for backend in backends(game)
]


@pytest.mark.parametrize(("game", "backend"), GAMES)
def test_without_copies_the_observations_are_read_only_views_of_the_next_step(game, backend):
    envs = vector.make(game, 3, seed=2, copy=False, backend=backend, opponents="random")
    twin = vector.make(game, 3, seed=2, backend=backend, opponents="random")
    observations, _ = envs.reset()
    expected, _ = twin.reset()
    assert envs.copy is False and twin.copy is True
    for key, array in observations.items():
        assert not array.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 1
        np.testing.assert_array_equal(array, expected[key])
    for _ in range(3):
        actions = twin.random_actions()
        np.testing.assert_array_equal(envs.random_actions(), actions)
        stepped = envs.step(actions)
        expected = twin.step(actions)[0]
        for key, array in stepped[0].items():
            assert array is observations[key] or np.shares_memory(array, observations[key])
            # the first reset's arrays now hold this step's rows
            np.testing.assert_array_equal(observations[key], expected[key])
            assert not array.flags.writeable
            assert array.shape == expected[key].shape and array.dtype == expected[key].dtype


@pytest.mark.parametrize(("game", "backend"), GAMES)
def test_by_default_every_array_returned_is_the_callers_own(game, backend):
    envs = vector.make(game, 3, seed=2, backend=backend, opponents="random")
    twin = vector.make(game, 3, seed=2, backend=backend, opponents="random")
    observations, infos = envs.reset()
    twin.reset()
    kept = []  # odd steps' arrays, with copies; even steps' are written over
    for step in range(60):
        returned = [*observations.values(), infos["to_move"]]
        for array in returned:
            assert array.flags.writeable
            if step % 2:
                kept.append((array, array.copy()))
            else:
                array[...] = 0  # the caller's to write: the environment is not changed
        actions = twin.random_actions()
        np.testing.assert_array_equal(envs.random_actions(), actions)
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        expected = twin.step(actions)
        for key, array in observations.items():
            np.testing.assert_array_equal(array, expected[0][key])
        np.testing.assert_array_equal(infos["to_move"], expected[4]["to_move"])
        for array in (rewards, terminated, truncated):
            assert array.flags.writeable
        if "final_info" in infos:
            for part in [*infos["final_info"].values(), *infos.get("final_obs", {}).values()]:
                part[...] = 0
        rewards[...], terminated[...] = 5, True
    for array, copy in kept:  # no later step rewrote what an earlier one returned
        np.testing.assert_array_equal(array, copy)
    assert len({id(array) for array, _ in kept}) == len(kept)


def test_without_copies_the_final_observations_are_read_only_views_zero_where_no_game_ended():
    envs = vector.make("linja", 16, seed=3, copy=False, opponents="greedy")
    twin = vector.make("linja", 16, seed=3, opponents="greedy")
    envs.reset()
    twin.reset()
    ends = 0
    while ends < 3:  # several steps that end games, so rows of earlier ends go stale
        actions = envs.random_actions()
        assert (actions == twin.random_actions()).all()
        _, _, terminated, _, infos = envs.step(actions)
        _, _, _, _, copied = twin.step(actions)
        if not terminated.any():
            assert "final_obs" not in infos
            continue
        ends += 1
        final = infos["final_obs"]
        for key, array in final.items():
            assert not array.flags.writeable
            np.testing.assert_array_equal(array, copied["final_obs"][key])
            assert not array[~terminated].any()


@pytest.mark.parametrize(("game", "backend"), GAMES)
def test_an_env_pickles_on_the_python_batch_and_refuses_clearly_on_the_c_one(game, backend):
    envs = vector.make(game, 3, seed=2, backend=backend, opponents="random")
    envs.reset()
    for copier in (lambda thing: pickle.loads(pickle.dumps(thing)), deepcopy):
        if backend == "c":
            with pytest.raises(TypeError, match="cannot be pickled or copied: its games live in C"):
                copier(envs)
            continue
        twin = copier(envs)
        for _ in range(20):
            actions = envs.random_actions()
            np.testing.assert_array_equal(twin.random_actions(), actions)
            expected, got = envs.step(actions), twin.step(actions)
            for key in expected[0]:
                np.testing.assert_array_equal(got[0][key], expected[0][key])
            np.testing.assert_array_equal(got[1], expected[1])


@pytest.mark.parametrize(("game", "backend"), GAMES)
def test_an_array_the_caller_keeps_only_a_view_of_is_never_written_again(game, backend):
    envs = vector.make(game, 3, seed=4, backend=backend)
    envs.reset()
    kept = []  # views of some steps' arrays; the arrays themselves are dropped
    for step in range(40):
        observations, _, _, _, infos = envs.step(envs.random_actions())
        parts = [*observations.values(), *infos.get("final_obs", {}).values()]
        if step % 3 == 0:
            kept += [(part[1:], part[1:].copy()) for part in parts]
    for view, copy in kept:
        np.testing.assert_array_equal(view, copy)


@pytest.mark.parametrize(("game", "backend"), GAMES)
def test_final_observations_the_caller_dropped_come_back_zero_where_no_game_ended(game, backend):
    """Same-step mode with copies: a step's final arrays go to the caller; once
    it drops them, a later step writes them again, its ends in their rows and
    zeros in every other row, never an earlier end's."""
    envs = vector.make(game, 4, seed=5, backend=backend, opponents="random")
    twin = vector.make(game, 4, seed=5, backend=backend, opponents="random", copy=False)
    envs.reset()
    twin.reset()
    ends = came_back = 0
    last = None  # a weak reference to the last final observations handed out
    for _ in range(400):
        actions = envs.random_actions()
        np.testing.assert_array_equal(twin.random_actions(), actions)
        _, _, terminated, _, infos = envs.step(actions)
        expected = twin.step(actions)[4]
        if "final_obs" not in infos:
            continue
        ends += 1
        came_back += last is not None and last() is infos["final_obs"]["observation"]
        _check_finals(infos["final_obs"], expected["final_obs"], terminated)
        last = weakref.ref(infos["final_obs"]["observation"])
        del infos  # the caller lets go of this step's arrays
        if ends == 6:
            break
    assert ends == 6 and came_back >= 1


def _check_finals(finals: dict, expected: dict, terminated: np.ndarray) -> None:
    for key, array in finals.items():
        assert array.flags.writeable
        np.testing.assert_array_equal(array, expected[key])
        assert not array[~terminated].any()
