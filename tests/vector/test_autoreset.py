"""Autoreset: how a finished env starts its next game in each mode.

- ``same-step``: the step that ends a game returns its last observation in
  ``final_obs`` and its scores in ``final_info``, and already the next
  game's start (episode ``k + 1``'s) as the observation;
- ``next-step``: the step that ends a game returns its last observation;
  the step after ignores the action and starts the next game;
- ``disabled``: a finished env stays finished (stepping it is refused,
  naming it) until ``reset(options={"reset_mask": ...})`` starts the next
  game of the envs it selects, and only theirs.

Every trajectory is held to the single environment's games
(:func:`vector.replay.play_along`).
"""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from huegames import vector
from huegames.vector.batch import game_seed
from vector.replay import PLAYERS, Replay, backends, play_along, replays_of

MODES = vector.AUTORESET_MODES
SHORT = {"linja": 2, "plank": 3, "hue": 2, "hues-and-cues": 3}
"""A player count of each game whose games are quick."""


def cases(games):
    return [
        pytest.param(game, mode, backend, id=f"{game}-{mode}-{backend}")
        for game in games
        for mode in MODES
        for backend in backends(game)
    ]


def first_end(envs, limit=2000):
    """Step ``envs`` with random actions until a game ends: that step's results."""
    for _ in range(limit):
        results = envs.step(envs.random_actions())
        if results[2].any():
            return results
    raise AssertionError("no game ended")


@pytest.mark.parametrize(("game", "mode", "backend"), cases(["linja", "plank"]))
@pytest.mark.parametrize("opponents", [None, "greedy"])
def test_every_mode_plays_each_envs_episodes_in_order(game, mode, backend, opponents):
    players = SHORT[game]
    settings = {"opponents": opponents} if opponents else {}
    envs = vector.make(
        game, 5, players=players, seed=3, autoreset_mode=mode, backend=backend, **settings
    )
    finished = play_along(
        envs, replays_of(game, players, 3, 5, **settings), 120, np.random.default_rng(3)
    )
    assert finished >= 5


@pytest.mark.parametrize(("game", "mode", "backend"), cases(["hue", "hues-and-cues"]))
def test_every_mode_plays_each_envs_episodes_in_order_in_the_slower_games(game, mode, backend):
    players = SHORT[game]
    envs = vector.make(
        game, 2, players=players, seed=4, autoreset_mode=mode, backend=backend, opponents="random"
    )
    replays = replays_of(game, players, 4, 2, opponents="random")
    assert play_along(envs, replays, 30, np.random.default_rng(4)) >= 1


def test_same_step_keeps_the_final_observation_and_starts_episode_k_plus_one():
    envs = vector.make("linja", 4, seed=8, opponents="random")
    envs.reset()
    observations, rewards, terminated, _, infos = first_end(envs)
    (i,) = np.flatnonzero(terminated)[:1]
    assert infos["_final_obs"].tolist() == infos["_final_info"].tolist() == terminated.tolist()
    assert not infos["final_obs"]["action_mask"][i].any()
    scores = infos["final_info"]["scores"][i]
    assert rewards[i] == scores[0] - scores[1]  # the agent's score minus the other's
    nxt = Replay("linja", 2, 8, int(i), opponents="random")
    nxt.start(1)
    assert nxt.game.seed == game_seed(8, int(i), 1)
    np.testing.assert_array_equal(observations["observation"][i], nxt.observed()[0])
    np.testing.assert_array_equal(observations["action_mask"][i], nxt.observed()[1])
    assert observations["action_mask"][i].any() and infos["to_move"][i] == 0


def same_results(first, second):
    """Two steps' results are equal, array for array."""
    (obs_a, rew_a, term_a, trunc_a, info_a), (obs_b, rew_b, term_b, trunc_b, info_b) = first, second
    for key in obs_a:
        np.testing.assert_array_equal(obs_a[key], obs_b[key])
    for a, b in ((rew_a, rew_b), (term_a, term_b), (trunc_a, trunc_b)):
        np.testing.assert_array_equal(a, b)
    assert info_a.keys() == info_b.keys()
    np.testing.assert_array_equal(info_a["to_move"], info_b["to_move"])


@pytest.mark.parametrize("backend", backends("linja"))
def test_next_step_ignores_the_action_of_the_step_after_the_end(backend):
    made = [
        vector.make(
            "linja", 4, seed=6, autoreset_mode="next-step", opponents="greedy", backend=backend
        )
        for _ in range(2)
    ]
    for envs in made:
        envs.reset()
    ends = [first_end(envs) for envs in made]
    same_results(*ends)
    observations, rewards, terminated, _, infos = ends[0]
    assert "final_obs" not in infos and "final_info" in infos
    ended = np.flatnonzero(terminated)
    assert (infos["to_move"][ended] == -1).all()
    assert not observations["action_mask"][ended].any()
    actions = made[0].random_actions()
    assert (actions[ended] == 0).all()  # nothing legal in a finished game: 0
    odd = actions.copy()
    odd[ended] = -7  # not even an action: ignored all the same
    steps = [made[0].step(actions), made[1].step(odd)]
    same_results(*steps)
    observations, rewards, terminated, _, infos = steps[0]
    assert not terminated[ended].any() and not rewards[ended].any()
    assert (infos["to_move"][ended] == 0).all()  # the next game, at the agent's turn
    for i in ended:
        start = Replay("linja", 2, 6, int(i), opponents="greedy")
        start.start(1)
        np.testing.assert_array_equal(observations["observation"][i], start.observed()[0])


@pytest.mark.parametrize("backend", backends("linja"))
def test_disabled_refuses_a_finished_env_until_reset_mask_restarts_it(backend):
    envs = vector.make("linja", 6, seed=12, autoreset_mode="disabled", backend=backend)
    envs.reset()
    observations, _, terminated, _, infos = first_end(envs)
    ended = np.flatnonzero(terminated)
    actions = envs.random_actions()
    with pytest.raises(ValueError, match=f"env {ended[0]}: its game is over"):
        envs.step(actions)
    np.testing.assert_array_equal(envs.random_actions()[ended], 0)
    # restart one finished env: only its row changes, to episode 1's start
    mask = np.zeros(6, bool)
    mask[ended[0]] = True
    again, infos = envs.reset(options={"reset_mask": mask})
    others = ~mask
    np.testing.assert_array_equal(again["observation"][others], observations["observation"][others])
    np.testing.assert_array_equal(again["action_mask"][others], observations["action_mask"][others])
    start = Replay("linja", 2, 12, int(ended[0]))
    start.start(1)
    np.testing.assert_array_equal(again["observation"][ended[0]], start.observed()[0])
    np.testing.assert_array_equal(again["action_mask"][ended[0]], start.observed()[1])
    assert infos["to_move"][ended[0]] == 0
    if len(ended) > 1:  # the others still refused
        with pytest.raises(ValueError, match=f"env {ended[1]}: its game is over"):
            envs.step(envs.random_actions())
    envs.reset(options={"reset_mask": terminated})
    envs.step(envs.random_actions())


def test_reset_mask_must_be_bools_one_per_env_of_a_started_batch():
    envs = vector.make("linja", 3, seed=1, autoreset_mode="disabled")
    with pytest.raises(ValueError, match="reset_mask"):
        envs.reset(options={"reset_mask": np.ones(3, bool)})  # before the first reset
    envs.reset()
    for bad in (np.ones(3, int), np.ones(2, bool), [[True] * 3], np.ones(4, bool)):
        with pytest.raises(ValueError, match="reset_mask"):
            envs.reset(options={"reset_mask": bad})
    with pytest.raises(ValueError, match="reset_mask"):
        envs.reset(seed=3, options={"reset_mask": np.ones(3, bool)})
    observations, _ = envs.reset(options={"reset_mask": [False, False, False]})
    assert observations["action_mask"].any(axis=1).all()


def test_reset_refuses_options_other_than_reset_mask_and_changes_nothing():
    envs = vector.make("linja", 3, seed=1)
    observations, _ = envs.reset()
    for bad, error, message in [
        ({"reset_maks": np.ones(3, bool)}, ValueError, "unknown reset options \\['reset_maks'\\]"),
        ({"reset_mask": np.ones(3, bool), "seed": 2}, ValueError, "the one option is 'reset_mask'"),
        (5, TypeError, "options must be a dict, not 5"),
        ([("reset_mask", None)], TypeError, "options must be a dict"),
    ]:
        with pytest.raises(error, match=message):
            envs.reset(options=bad)
    twin = vector.make("linja", 3, seed=1)  # never offered the options
    twin.reset()
    for _ in range(40):  # the same games: no refused call started another
        actions = twin.random_actions()
        np.testing.assert_array_equal(envs.random_actions(), actions)
        stepped, expected = envs.step(actions), twin.step(actions)
        for key in observations:
            np.testing.assert_array_equal(stepped[0][key], expected[0][key])
    observations, _ = envs.reset(options={})  # no option: every env's next game
    assert observations["action_mask"].any(axis=1).all()


def test_reset_without_a_seed_starts_every_envs_next_episode():
    envs = vector.make("linja", 3, seed=21, opponents="random")
    first, _ = envs.reset()
    second, _ = envs.reset()
    for i in range(3):
        for episode, observations in enumerate((first, second)):
            replay = Replay("linja", 2, 21, i, opponents="random")
            replay.start(episode)
            np.testing.assert_array_equal(observations["observation"][i], replay.observed()[0])
    third, _ = envs.reset(seed=21)  # a seed starts episode 0 again
    np.testing.assert_array_equal(third["observation"], first["observation"])


@pytest.mark.parametrize(("game", "mode", "backend"), cases(list(PLAYERS)))
def test_an_env_to_move_always_has_a_legal_action(game, mode, backend):
    players = max(PLAYERS[game]) if game != "hues-and-cues" else 4
    steps = {"linja": 400, "plank": 300, "hue": 40, "hues-and-cues": 50}[game]
    for opponents in (None, "random"):
        envs = vector.make(
            game,
            4,
            players=players,
            seed=9,
            opponents=opponents,
            autoreset_mode=mode,
            backend=backend,
        )
        observations, infos = envs.reset()
        for _ in range(steps):
            masks, to_move = observations["action_mask"], infos["to_move"]
            assert masks[to_move >= 0].any(axis=1).all()
            assert not masks[to_move < 0].any()
            if opponents is not None:
                assert np.isin(to_move, [0, -1]).all()
            observations, _, terminated, _, infos = envs.step(envs.random_actions())
            if mode == "disabled" and terminated.any():
                observations, infos = envs.reset(options={"reset_mask": terminated})


@pytest.mark.parametrize("mode", MODES)
def test_gymnasiums_episode_statistics_count_each_envs_episodes(mode):
    """Against bots (one reward an env, as Gymnasium's wrappers expect)."""
    made = vector.make("linja", 5, seed=2, autoreset_mode=mode, opponents="greedy")
    envs = RecordEpisodeStatistics(made)
    envs.reset()
    lengths, pending, episodes = np.zeros(5, int), np.zeros(5, bool), 0
    while episodes < 12:
        _, rewards, terminated, _, infos = envs.step(made.random_actions())
        lengths[~pending] += 1  # next-step: the step starting a game is no episode's
        if terminated.any():
            episodes += int(terminated.sum())
            assert (infos["_episode"] == terminated).all()
            np.testing.assert_array_equal(infos["episode"]["l"][terminated], lengths[terminated])
            np.testing.assert_array_equal(infos["episode"]["r"][terminated], rewards[terminated])
            lengths[terminated] = 0
        else:
            assert "episode" not in infos
        pending = terminated & (mode == "next-step")
        if mode == "disabled" and terminated.any():
            envs.reset(options={"reset_mask": terminated})
