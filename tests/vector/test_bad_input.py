"""Bad input: actions of the wrong type or shape, out of range or illegal in
env ``k`` (named in the message), a finished env in disabled mode, a step
before ``reset()``, and bad ``make()`` arguments.  A refused step changes
no env: the refused batch goes on exactly as a twin that never got the bad
call (its observations, masks, seats to move, random actions and every
result after)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import vector
from profiles import examples
from vector.replay import PLAYERS, backends

GAMES = [
    pytest.param(game, backend, id=f"{game}-{backend}")
    for game in PLAYERS
    for backend in backends(game)
]


class Twins:
    """Two batches made alike: ``bad`` gets the refused calls, ``good`` never.

    ``bad`` returns views (``copy=False``), so its rows can be read after a
    refused call without a step."""

    def __init__(self, game, num_envs=4, **settings):
        self.bad = vector.make(game, num_envs, seed=17, copy=False, **settings)
        self.good = vector.make(game, num_envs, seed=17, **settings)
        self.observations, self.infos = self.bad.reset()
        self.good.reset()

    def step(self, actions=None):
        """The same step on both; their results are equal."""
        if actions is None:
            actions = self.good.random_actions()
            np.testing.assert_array_equal(self.bad.random_actions(), actions)
        bad, good = self.bad.step(actions), self.good.step(actions)
        for key in good[0]:
            np.testing.assert_array_equal(bad[0][key], good[0][key])
        for a, b in zip(bad[1:4], good[1:4], strict=True):
            np.testing.assert_array_equal(a, b)
        assert bad[4].keys() == good[4].keys()
        for key, value in good[4].items():
            if isinstance(value, dict):
                for part in value:
                    np.testing.assert_array_equal(bad[4][key][part], value[part])
            else:
                np.testing.assert_array_equal(bad[4][key], value)
        self.observations, self.infos = bad[0], bad[4]
        ended = good[2]
        if self.good.autoreset_mode == "disabled" and ended.any():  # restart the finished envs
            self.good.reset(options={"reset_mask": ended})
            self.observations, self.infos = self.bad.reset(options={"reset_mask": ended})
        return good

    def refuse(self, actions, error, match):
        """``actions`` refused on ``bad`` with ``error``; nothing changed."""
        before = {key: value.copy() for key, value in self.observations.items()}
        with pytest.raises(error, match=match):
            self.bad.step(actions)
        for key, value in before.items():
            np.testing.assert_array_equal(self.observations[key], value)
        for _ in range(3):
            self.step()  # the same results as the twin's, random actions and all


def legal_actions(observations):
    return np.array([int(np.flatnonzero(row)[0]) for row in observations["action_mask"]])


@pytest.mark.parametrize(("game", "backend"), GAMES)
def test_actions_that_are_not_integers_are_a_type_error(game, backend):
    twins = Twins(game, backend=backend, opponents="random")
    legal = legal_actions(twins.observations)
    odd = [*legal.tolist()[:-1], 0.5]
    for bad in (legal.astype(float), legal.astype(bool), odd, legal.astype(str),
                np.array(legal, object), legal.astype(np.complex64)):  # fmt: skip
        twins.refuse(bad, TypeError, "integer action ids")


@pytest.mark.parametrize(("game", "backend"), GAMES)
def test_actions_of_the_wrong_shape_are_a_value_error(game, backend):
    twins = Twins(game, backend=backend)
    legal = legal_actions(twins.observations)
    for bad in (legal[:-1], legal[:, None], np.concatenate([legal, legal]), legal[0], legal[:0]):
        twins.refuse(bad, ValueError, r"one action per env, shape \(4,\)")
    twins.step(legal_actions(twins.observations).astype(np.uint32))  # any integer dtype will do
    twins.step(legal_actions(twins.observations).astype(np.int32))
    twins.step(legal_actions(twins.observations).tolist())


@pytest.mark.parametrize(("game", "backend"), GAMES)
def test_an_action_out_of_range_or_illegal_names_its_env(game, backend):
    twins = Twins(game, backend=backend, opponents="random")
    count = twins.good.encoding.action_count

    def legal_but(env, value):
        actions = legal_actions(twins.observations)
        actions[env] = value
        return actions

    for env in (0, 3, 1):
        for value in (-1, count, 2**40):
            message = rf"^env {env}: action {value} is not in 0\.\.{count - 1}$"
            twins.refuse(legal_but(env, value), ValueError, message)
        illegal = np.flatnonzero(twins.observations["action_mask"][env] == 0)
        if len(illegal):
            message = rf"^env {env}: action {illegal[-1]} is not legal for seat 0 here$"
            twins.refuse(legal_but(env, illegal[-1]), ValueError, message)
        twins.refuse(np.full(4, -5), ValueError, "^env 0: ")  # the first env at fault


@settings(max_examples=examples(80))
@given(
    num_envs=st.integers(1, 8),
    data=st.data(),
    mode=st.sampled_from(vector.AUTORESET_MODES),
    opponents=st.sampled_from([None, "greedy"]),
    before=st.integers(0, 30),
)
def test_a_refused_linja_step_changes_no_env(num_envs, data, mode, opponents, before):
    twins = Twins("linja", num_envs, autoreset_mode=mode, opponents=opponents)
    for _ in range(before):
        twins.step()
    masks = twins.observations["action_mask"]
    live = np.flatnonzero(masks.any(axis=1))
    if not len(live):
        return
    env = data.draw(st.sampled_from(live.tolist()), label="env")
    actions = twins.good.random_actions()
    np.testing.assert_array_equal(twins.bad.random_actions(), actions)
    illegal = np.flatnonzero(masks[env] == 0).tolist()
    value = data.draw(st.sampled_from([-1, -(2**62), 29, 10**6, *illegal]), label="action")
    bad = actions.copy()
    bad[env] = value
    twins.refuse(bad, ValueError, f"^env {env}: action {value} ")  # the others are legal


def test_disabled_mode_refuses_every_step_while_an_env_is_over():
    made = [
        vector.make("plank", 5, seed=3, autoreset_mode="disabled", opponents="greedy")
        for _ in range(2)
    ]
    for envs in made:
        envs.reset()
    refused, twin = made
    while True:
        actions = twin.random_actions()
        refused.random_actions()
        ended = [envs.step(actions)[2] for envs in made][1]
        if ended.any():
            break
    first = int(np.flatnonzero(ended)[0])
    for actions in (np.zeros(5, np.int64), np.full(5, -1), np.arange(5)):
        with pytest.raises(ValueError, match=f"^env {first}: its game is over"):
            refused.step(actions)
    starts = [envs.reset(options={"reset_mask": ended}) for envs in made]
    assert starts[0][0]["action_mask"].any(axis=1).all()
    np.testing.assert_array_equal(starts[0][0]["observation"], starts[1][0]["observation"])
    for _ in range(5):  # nothing the refused steps asked for was played
        actions = twin.random_actions()
        np.testing.assert_array_equal(refused.random_actions(), actions)
        results = [envs.step(actions) for envs in made]
        np.testing.assert_array_equal(results[0][0]["observation"], results[1][0]["observation"])
        np.testing.assert_array_equal(results[0][1], results[1][1])
        if results[1][2].any():
            for envs in made:
                envs.reset(options={"reset_mask": results[1][2]})


def test_a_step_before_reset_is_a_runtime_error():
    envs = vector.make("linja", 2, seed=1)
    with pytest.raises(RuntimeError, match="reset"):
        envs.step(np.zeros(2, np.int64))
    with pytest.raises(RuntimeError, match="reset"):
        envs.random_actions()
    with pytest.raises(TypeError, match="seed"):
        envs.reset(seed=1.0)
    with pytest.raises(RuntimeError, match="reset"):  # a refused reset starts nothing
        envs.step(np.zeros(2, np.int64))
    observations, _ = envs.reset()
    assert observations["action_mask"].any(axis=1).all()


@pytest.mark.parametrize(
    ("settings", "error", "match"),
    [
        ({"num_envs": 0}, ValueError, "num_envs must be at least 1, not 0"),
        ({"num_envs": -3}, ValueError, "num_envs"),
        ({"num_envs": 2.0}, TypeError, "num_envs"),
        ({"num_envs": True}, TypeError, "num_envs"),
        ({"threads": 0}, ValueError, r"threads must be 1 to num_envs \(4\), not 0"),
        ({"threads": 5}, ValueError, r"threads must be 1 to num_envs \(4\), not 5"),
        ({"threads": 2.0}, TypeError, "threads"),
        ({"autoreset_mode": "sometimes"}, ValueError, "autoreset_mode must be one of"),
        ({"autoreset_mode": None}, ValueError, "autoreset_mode"),
        ({"backend": "cuda"}, ValueError, "backend must be one of 'auto', 'c', 'python'"),
        ({"copy": 1}, TypeError, "copy must be True or False, not 1"),
        ({"copy": "no"}, TypeError, "copy"),
        ({"copy": None}, TypeError, "copy"),
        ({"opponents": "greedy", "seat": 2}, ValueError, "seat must be 0 to 1, not 2"),
        ({"opponents": "greedy", "seat": -1}, ValueError, "seat must be 0 to 1"),
        ({"opponents": "greedy", "seat": True}, TypeError, "seat"),
        ({"opponents": "greedy", "seat": 1.0}, TypeError, "seat"),
        ({"opponents": "nobody"}, ValueError, "nobody"),
        ({"opponents": 3}, TypeError, "opponents"),
        ({"opponents": ["greedy", "random"]}, ValueError, "one per seat"),
        ({"opponents": "greedy:depth=3"}, ValueError, "setting"),
        ({"players": 3}, ValueError, "2 players"),
        ({"seed": 1.5}, TypeError, "seed"),
        ({"seed": "1"}, TypeError, "seed"),
        ({"rules": {"no_such_rule": 1}}, (TypeError, ValueError), "no_such_rule"),
    ],
)
def test_bad_make_arguments(settings, error, match):
    arguments = {"num_envs": 4, **settings}
    with pytest.raises(error, match=match):
        vector.make("linja", **arguments)


def test_bad_make_arguments_of_other_games():
    with pytest.raises(ValueError, match="unknown game"):
        vector.make("chess", 2)
    with pytest.raises(ValueError, match="seat must be 0 to 3"):
        vector.make("plank", 2, players=4, opponents="random", seat=4)
    with pytest.raises(ValueError, match="greedy"):
        vector.make("hues-and-cues", 2, opponents="greedy")
    with pytest.raises(ValueError, match="3 other seats"):
        vector.make("hue", 2, players=4, opponents=["random", "greedy"])
    with pytest.raises(ValueError, match="players"):
        vector.make("hues-and-cues", 2, players=11)


@pytest.mark.parametrize(("game", "backend"), GAMES)
def test_a_step_mask_reads_only_the_actions_of_the_envs_it_selects(game, backend):
    twins = Twins(game, backend=backend, opponents="random")
    chosen = np.array([True, False, True, False])
    actions = legal_actions(twins.observations)
    for mask in (chosen.astype(np.int8), chosen[:3], [1, 1, 1, 1]):
        with pytest.raises(ValueError, match=r"^step_mask must be a bool array of \(4,\)$"):
            twins.bad.step(actions, step_mask=mask)
    actions[1], actions[3] = -1, 10**9  # unread: those envs are left out
    illegal = actions.copy()
    illegal[2] = -1
    with pytest.raises(ValueError, match=r"^env 2: action -1 is not in"):
        twins.bad.step(illegal, step_mask=chosen)
    results = [envs.step(actions, step_mask=chosen) for envs in (twins.good, twins.bad)]
    for key in results[0][0]:
        np.testing.assert_array_equal(results[0][0][key], results[1][0][key])
    for _ in range(3):
        twins.step()  # the refused calls changed nothing


def test_disabled_mode_steps_on_while_the_envs_over_are_left_out():
    envs = vector.make("plank", 5, seed=3, autoreset_mode="disabled", opponents="greedy")
    envs.reset()
    over = np.zeros(5, np.bool_)
    for _ in range(200):
        _, _, terminated, _, _ = envs.step(envs.random_actions(), step_mask=~over)
        over |= terminated
        if over.all():
            break
    assert over.all()  # each env's game ended once, and no step was refused
    with pytest.raises(ValueError, match=r"^env 0: its game is over"):
        envs.step(np.zeros(5, np.int64), step_mask=np.ones(5, np.bool_))
