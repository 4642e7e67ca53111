"""huegames.rl.gymnasium: one seat of every game against huegames bots, through
Gymnasium's own check_env for every game and player count, bot specs as
opponents, seeds, rewards and illegal actions.  A game whose encoding has
not landed yet is skipped, saying so."""

from __future__ import annotations

import copy
import pickle
import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import engine
from huegames.rl import _envs
from huegames.rl import gymnasium as hg
from profiles import examples

CASES = [
    pytest.param(name, players, id=f"{name}-{players}")
    for name in engine.game_names()
    for players in range(engine.game_spec(name).min_players, engine.game_spec(name).max_players + 1)
]
"""Every game with every player count it allows."""


def needs_encoding(name: str) -> None:
    """Skip while the game has no encoding yet (and only then)."""
    spec = engine.game_spec(name)
    if spec.encoding is None:
        pytest.skip(f"{spec.title} has no encoding yet (GameSpec.encoding is None)")


def episode(env, seed: int, rng: random.Random):
    """One episode with random legal actions: the observations' actions, the last step."""
    observation, info = env.reset(seed=seed)
    assert info == {}
    actions, terminated, reward = [], False, 0.0
    while not terminated:
        assert env.observation_space.contains(observation)
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        action = rng.choice(legal)
        actions.append(action)
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        if not terminated:
            assert reward == 0.0 and info == {}
    return actions, reward, info


@pytest.mark.parametrize(("name", "players"), CASES)
def test_check_env(name, players):
    needs_encoding(name)
    made = gymnasium.make(hg.env_id(name), players=players, seat=players - 1)
    check_env(made.unwrapped)  # with a spec: the render modes are checked too
    made.close()


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_whole_episode_against_random_bots(name, players):
    needs_encoding(name)
    seat = players // 2
    env = hg.Env(name, players, seat=seat, reward="win-loss")
    actions, reward, info = episode(env, seed=7, rng=random.Random(7))
    game = env.game
    assert game.is_over and actions
    assert info == {"scores": game.scores(), "winners": list(game.outcome().winners)}
    assert reward == _envs.final_rewards(env.game_spec, game, "win-loss")[seat]
    with pytest.raises(RuntimeError, match="reset"):
        env.step(actions[0])
    # the same seed and actions replay the same game
    again = hg.Env(name, players, seat=seat, reward="win-loss")
    assert episode(again, seed=7, rng=random.Random(7))[0] == actions
    assert again.game.to_dict() == game.to_dict()


@pytest.mark.parametrize(
    ("name", "opponents"),
    [
        ("linja", "greedy"),
        ("linja", "search"),
        ("plank", "search:nodes=40"),
        ("plank", ["greedy", "random", "search:nodes=20:max_depth=2"]),
        ("hue", "greedy"),
        ("hue", "mcts:playouts=20"),
        ("hues-and-cues", ["xkcd", "random", "css"]),
    ],
)
def test_bot_specs_as_opponents(name, opponents):
    needs_encoding(name)
    players = len(opponents) + 1 if isinstance(opponents, list) else None
    env = hg.Env(name, players, opponents=opponents)
    expected = [engine.BotSpec.of(bot).label for bot in opponents] if players else None
    if expected:
        assert [bot.label for bot in env.bots] == expected
    actions, _reward, info = episode(env, seed=3, rng=random.Random(3))
    assert env.game.is_over and "scores" in info
    record = env.game.to_dict()
    # each bot is seeded from the game's seed, as the runner seeds them
    replay = hg.Env(name, players, opponents=opponents)
    assert episode(replay, seed=3, rng=random.Random(3))[0] == actions
    assert replay.game.to_dict() == record


@pytest.mark.parametrize("name", engine.game_names())
def test_reset_plays_the_bots_until_the_agents_turn(name):
    needs_encoding(name)
    spec = engine.game_spec(name)
    for seat in range(spec.min_players):
        env = hg.Env(name, seat=seat)
        for seed in range(3):
            observation, _ = env.reset(seed=seed)
            assert env.game.current_player == seat
            assert env.game.seed == seed
            view = env.game.view(seat)
            np.testing.assert_array_equal(
                observation["observation"], env.encoding.observation(view)
            )
            np.testing.assert_array_equal(
                observation["action_mask"], env.encoding.action_mask(view)
            )
            assert env.action_masks().dtype == bool
            np.testing.assert_array_equal(env.action_masks(), observation["action_mask"] == 1)


@pytest.mark.parametrize("name", engine.game_names())
def test_an_illegal_action_ends_the_episode(name):
    needs_encoding(name)
    env = hg.Env(name)
    observation, _ = env.reset(seed=1)
    illegal = np.flatnonzero(observation["action_mask"] == 0)
    if not illegal.size:
        pytest.skip("every action is legal in the first position")
    before = env.game.to_dict()
    observation, reward, terminated, truncated, info = env.step(int(illegal[0]))
    assert (reward, terminated, truncated) == (hg.ILLEGAL_REWARD, True, False)
    assert info == {"illegal_action": int(illegal[0])}
    assert env.game.to_dict() == before
    with pytest.raises(RuntimeError):
        env.step(0)


@pytest.mark.parametrize("name", engine.game_names())
def test_only_an_integer_is_an_action_and_a_refused_one_changes_nothing(name):
    needs_encoding(name)
    env = hg.Env(name)
    observation, _ = env.reset(seed=2)
    legal = int(np.flatnonzero(observation["action_mask"])[0])
    before = env.game.to_dict()
    for bad in (str(legal), float(legal), np.float32(legal), True, None, [legal]):
        with pytest.raises(ValueError, match="an action id is an integer"):
            env.step(bad)
        assert env.game.to_dict() == before
    _, _, terminated, _, info = env.step(np.int16(legal))  # numpy's integers are actions
    assert "illegal_action" not in info and (terminated or env.game.to_dict() != before)


def test_a_game_over_before_the_agents_turn_ends_at_the_next_step():
    env = hg.Env("linja", opponents="greedy")
    env.reset(seed=4)
    bots = [engine.game_spec("linja").bot("random", seed=seat) for seat in range(2)]
    engine.play_game(env.game, bots)  # finished by hand, behind the environment's back
    observation, reward, terminated, truncated, info = env.step(0)
    assert terminated and not truncated and not observation["action_mask"].any()
    assert reward == _envs.final_rewards(env.game_spec, env.game, "score-difference")[0]
    assert info["scores"] == env.game.scores()


def test_unseeded_resets_follow_the_seeded_generator():
    first, second = hg.Env("linja"), hg.Env("linja")
    first.reset(seed=9)
    second.reset(seed=9)
    seeds = []
    for _ in range(3):
        first.reset()
        second.reset()
        assert first.game.to_dict() == second.game.to_dict()
        seeds.append(first.game.seed)
    assert len(set(seeds)) == 3


def test_bad_arguments():
    with pytest.raises(ValueError, match="seat"):
        hg.Env("linja", seat=2)
    with pytest.raises(TypeError, match="seat"):
        hg.Env("linja", seat=True)
    with pytest.raises(ValueError, match="one per seat"):
        hg.Env("linja", opponents=["greedy", "random"])
    with pytest.raises(ValueError, match="nobody"):
        hg.Env("linja", opponents="nobody")
    with pytest.raises(ValueError, match="setting"):
        hg.Env("linja", opponents="greedy:depth=3")
    with pytest.raises(TypeError, match="opponents"):
        hg.Env("linja", opponents=3)
    with pytest.raises(ValueError, match="reward"):
        hg.Env("linja", reward="points")
    with pytest.raises(ValueError, match="render_mode"):
        hg.Env("linja", render_mode="human")
    with pytest.raises(RuntimeError, match="reset"):
        hg.Env("linja").step(0)


def test_registered_ids_and_repr():
    assert hg.register_envs() == [hg.env_id(name) for name in engine.game_names()]
    for name in engine.game_names():
        assert hg.env_id(name) in gymnasium.registry
    env = hg.Env("linja", opponents="search")
    assert repr(env) == "<huegames.rl.gymnasium.Env linja, 2 players, seat 0 against search>"
    made = gymnasium.make("huegames/linja-v0", render_mode="ansi")
    made.reset(seed=1)
    assert "red" in made.render()


COPIERS = {
    "pickle": lambda thing: pickle.loads(pickle.dumps(thing)),
    "deepcopy": copy.deepcopy,
}


@pytest.mark.parametrize("how", list(COPIERS))
@pytest.mark.parametrize("name", engine.game_names())
def test_an_env_pickles_and_copies_and_steps_on_alike(name, how):
    needs_encoding(name)
    env = hg.Env(name, opponents="random")
    observation, _ = env.reset(seed=3)
    rng = random.Random(3)
    for _ in range(2):  # a step in, so the bots' generators have moved
        observation, *_ = env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    twin = COPIERS[how](env)
    terminated = False
    while not terminated:
        action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        before = env.game.to_dict()
        stepped = twin.step(action)
        assert env.game.to_dict() == before, "a step of the copy leaves the original alone"
        observation, reward, terminated, truncated, info = env.step(action)
        for key in observation:
            np.testing.assert_array_equal(stepped[0][key], observation[key])
        assert stepped[1:] == (reward, terminated, truncated, info)


@settings(max_examples=examples(50))
@given(seed=st.one_of(st.integers(max_value=-1), st.integers(min_value=2**64)))
def test_a_negative_or_huge_seed_is_a_value_error_or_a_deal(seed):
    env = hg.Env("linja", opponents="random")
    if seed < 0:
        with pytest.raises(ValueError, match="seed must be None or at least 0"):
            env.reset(seed=seed)
        assert env.game is None
    else:
        observation, _ = env.reset(seed=seed)
        assert observation["action_mask"].any()
