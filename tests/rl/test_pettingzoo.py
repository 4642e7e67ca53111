"""huegames.rl.pettingzoo: every game and player count as a PettingZoo AEC
environment, through PettingZoo's own api_test and seed_test, a whole
random game without max_cycles, rewards, seeds, illegal actions and render
modes.  A game whose encoding has not landed yet is skipped, saying so."""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
import warnings

import numpy as np
import pytest

with warnings.catch_warnings():  # api_test imports connect_four_v3 the old way
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

from huegames import engine
from huegames.rl import _envs
from huegames.rl import pettingzoo as hz

CASES = [
    pytest.param(name, players, id=f"{name}-{players}")
    for name in engine.game_names()
    for players in range(engine.game_spec(name).min_players, engine.game_spec(name).max_players + 1)
]
"""Every game with every player count it allows."""

# Inherent to PettingZoo's classic shape (a Dict of observation and mask);
# api_test knows only its own games by name.
DICT_WARNINGS = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


def needs_encoding(name: str) -> None:
    """Skip while the game has no encoding yet (and only then)."""
    spec = engine.game_spec(name)
    if spec.encoding is None:
        pytest.skip(f"{spec.title} has no encoding yet (GameSpec.encoding is None)")


def random_game(aec, rng: random.Random) -> int:
    """Play ``aec`` to its end with random legal actions, no max_cycles; the steps."""
    steps = 0
    for agent in aec.agent_iter():
        observation, _reward, terminated, truncated, _info = aec.last()
        assert aec.observation_space(agent).contains(observation)
        assert not truncated
        if terminated:
            aec.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert legal.size, f"{agent} is to move with no legal action"
        aec.step(int(rng.choice(legal.tolist())))
        steps += 1
    return steps


@pytest.mark.parametrize(("name", "players"), CASES)
@DICT_WARNINGS[0]
@DICT_WARNINGS[1]
def test_api_test(name, players):
    needs_encoding(name)
    api_test(hz.env(name, players), num_cycles=50, verbose_progress=False)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_seed_test(name, players):
    needs_encoding(name)
    seed_test(lambda: hz.env(name, players), num_cycles=50)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_random_game_terminates_without_max_cycles(name, players):
    needs_encoding(name)
    aec = hz.env(name, players)
    aec.reset(seed=players)
    steps = random_game(aec, random.Random(players))
    game = aec.unwrapped.game
    assert game.is_over and aec.agents == []
    assert steps == len(game.to_dict()["moves"]) > 0


@pytest.mark.parametrize(("name", "players"), CASES)
def test_each_step_plays_the_encoded_move_and_observes_the_seat(name, players):
    needs_encoding(name)
    raw = hz.raw_env(name, players)
    raw.reset(seed=11)
    code, game, rng = raw.encoding, raw.game, random.Random(3)
    for _ in range(30):
        if game.is_over:
            break
        seat = game.current_player
        assert raw.agent_selection == f"player_{seat}"
        for agent, other in raw._seats.items():
            seen = raw.observe(agent)
            view = game.view(other)
            np.testing.assert_array_equal(seen["observation"], code.observation(view))
            assert seen["observation"].dtype == np.dtype(code.observation_dtype)
            if other == seat:
                np.testing.assert_array_equal(seen["action_mask"], code.action_mask(view))
            else:
                assert not seen["action_mask"].any()
        action = rng.choice(code.legal_actions(game.view(seat)))
        move = code.action_to_move(game.view(seat), action)
        before = len(game.to_dict()["moves"])
        raw.step(np.int64(action))
        moves = game.to_dict()["moves"]
        assert len(moves) == before + 1 and moves[-1] == str(move)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_rewards_at_the_end_only(name, players):
    needs_encoding(name)
    for reward in hz.REWARDS:
        raw = hz.raw_env(name, players, reward=reward)
        raw.reset(seed=5)
        rng = random.Random(5)
        totals = dict.fromkeys(raw.possible_agents, 0.0)
        while not raw.game.is_over:
            assert all(value == 0 for value in raw.rewards.values())
            observation = raw.observe(raw.agent_selection)
            raw.step(int(rng.choice(np.flatnonzero(observation["action_mask"]).tolist())))
            for agent, value in raw.rewards.items():
                totals[agent] += value
        game, spec = raw.game, raw.game_spec
        expected = _envs.final_rewards(spec, game, reward)
        assert [totals[agent] for agent in raw.possible_agents] == expected
        assert all(raw.terminations.values()) and not any(raw.truncations.values())
        assert raw.infos["player_0"]["scores"] == game.scores()
        assert raw.infos["player_0"]["winners"] == list(game.outcome().winners)
        if reward == "score-difference":
            assert sum(expected) == pytest.approx(0)
        else:
            winners = set(game.outcome().winners)
            assert expected == [
                0.0 if not winners else 1.0 if seat in winners else -1.0 for seat in range(players)
            ]


class _Ended:
    """A finished game's scores and outcome, to check reward arithmetic."""

    def __init__(self, scores, winners):
        self.players, self._scores, self._winners = len(scores), scores, tuple(winners)

    def scores(self):
        return list(self._scores)

    def outcome(self):
        from huegames import plank

        return engine.Outcome(plank.Termination.LINE, self._winners)


def test_score_difference_is_negated_where_lower_scores_win():
    plank = engine.game_spec("plank")
    assert 3 in plank.lower_scores_win
    ended = _Ended([0, 2, 1], [0])
    # penalties: seat 0 (0 points) won, so it gets the best reward
    assert _envs.final_rewards(plank, ended, "score-difference") == [1.5, -1.5, 0.0]
    assert _envs.final_rewards(plank, _Ended([0, 1], [1]), "score-difference") == [-1.0, 1.0]
    assert _envs.final_rewards(plank, _Ended([0, 1, 1, 0], [1, 2]), "win-loss") == [-1, 1, 1, -1]
    assert _envs.final_rewards(plank, _Ended([1, 1], []), "win-loss") == [0.0, 0.0]


@pytest.mark.parametrize("name", engine.game_names())
def test_reset_seed_deals_the_huegames_game_of_that_seed(name):
    needs_encoding(name)
    spec = engine.game_spec(name)
    raw = hz.raw_env(name)
    raw.reset(seed=42)
    assert raw.game.to_dict() == spec.new_game(spec.min_players, seed=42).to_dict()
    later = []
    for _ in range(2):
        raw.reset()
        later.append(raw.game.to_dict())
    assert later[0] != later[1]
    again = hz.raw_env(name, seed=42)  # seed= at construction: the same sequence
    again.reset()
    assert again.game.to_dict() == spec.new_game(spec.min_players, seed=42).to_dict()
    again.reset()
    assert again.game.to_dict() == later[0]
    fresh = hz.raw_env(name)
    fresh.reset()
    assert fresh.game.seed != raw.game.seed


@pytest.mark.parametrize("name", engine.game_names())
def test_only_an_integer_is_an_action_and_a_refused_one_changes_nothing(name):
    needs_encoding(name)
    raw = hz.raw_env(name)
    raw.reset(seed=3)
    mask = raw.observe(raw.agent_selection)["action_mask"]
    legal = int(np.flatnonzero(mask)[0])
    before = raw.game.to_dict()
    for bad in (str(legal), float(legal), np.float64(legal), True, [legal]):
        with pytest.raises(AssertionError, match="action is not in action space"):
            raw.step(bad)
        assert raw.game.to_dict() == before
    raw.step(np.int64(legal))  # numpy's integers are actions
    assert raw.game.to_dict() != before


@pytest.mark.parametrize("name", engine.game_names())
def test_an_illegal_action_ends_the_game_for_the_wrapped_env(name, caplog):
    needs_encoding(name)
    aec = hz.env(name)
    aec.reset(seed=1)
    observation, *_ = aec.last()
    illegal = np.flatnonzero(observation["action_mask"] == 0)
    if not illegal.size:
        pytest.skip("every action is legal in the first position")
    agent = aec.agent_selection
    aec.step(int(illegal[0]))
    assert "Illegal move" in caplog.text
    assert all(aec.terminations.values())
    assert aec.rewards[agent] == hz.ILLEGAL_REWARD
    assert sum(abs(value) for value in aec.rewards.values()) == 1
    assert aec.infos[agent]["illegal_action"] == int(illegal[0])
    final = {}
    for dead in aec.agent_iter():  # every agent steps out with None, no max_cycles
        _, final[dead], terminated, _, _ = aec.last()
        assert terminated
        aec.step(None)
    assert aec.agents == [] and final[agent] == hz.ILLEGAL_REWARD
    assert sum(final.values()) == hz.ILLEGAL_REWARD
    raw = hz.raw_env(name)
    raw.reset(seed=1)
    before = raw.game.to_dict()
    with pytest.raises(ValueError):
        raw.step(int(illegal[0]))
    assert raw.game.to_dict() == before
    with pytest.raises(AssertionError, match="action space"):
        aec.reset(seed=1)
        aec.step(raw.encoding.action_count)


@pytest.mark.parametrize("name", engine.game_names())
def test_render_modes(name):
    needs_encoding(name)
    spec = engine.game_spec(name)
    text = hz.env(name, render_mode="ansi")
    text.reset(seed=2)
    picture = text.render()
    assert isinstance(picture, str) and picture.strip()
    assert "[/" not in picture and "[on #" not in picture
    if spec.console is not None:
        assert picture == _envs.strip_markup(spec.console(text.unwrapped.game))
    rgb = hz.env(name, render_mode="rgb_array")
    rgb.reset(seed=2)
    array = rgb.render()
    assert isinstance(array, np.ndarray) and array.dtype == np.uint8
    assert array.ndim == 3 and array.shape[2] == 3 and min(array.shape[:2]) > 50
    assert len(np.unique(array.reshape(-1, 3), axis=0)) > 3  # a picture, not a blank
    quiet = hz.env(name)
    quiet.reset(seed=2)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


@pytest.mark.parametrize("name", engine.game_names())
def test_markup_is_stripped_as_rich_strips_it_without_rich(name, monkeypatch):
    spec = engine.game_spec(name)
    if spec.console is None:
        pytest.skip(f"{spec.title} has no console picture")
    markup = spec.console(spec.new_game(spec.max_players, seed=3))
    with_rich = _envs.strip_markup(markup)
    monkeypatch.setitem(sys.modules, "rich.text", None)  # import rich.text now fails
    assert _envs.strip_markup(markup) == with_rich
    for tricky in [
        "a \\[b] c",
        "[bold]x[/] \\\\[red]y[/]",
        "[1, 2] [bold]x[/bold] [#fff on #000]y[/]",
    ]:
        monkeypatch.delitem(sys.modules, "rich.text")
        from rich.text import Text

        expected = Text.from_markup(tricky).plain
        monkeypatch.setitem(sys.modules, "rich.text", None)
        assert _envs.strip_markup(tricky) == expected


def test_bad_arguments():
    with pytest.raises(ValueError, match="reward"):
        hz.env("linja", reward="points")
    with pytest.raises(ValueError, match="render_mode"):
        hz.env("linja", render_mode="human")
    with pytest.raises(ValueError, match="players"):
        hz.env("linja", players=3)
    with pytest.raises(ValueError, match="unknown game"):
        hz.env("chess")
    with pytest.raises(TypeError):
        hz.env("linja", no_such_rule=True)
    with pytest.raises(TypeError, match="seed"):
        hz.raw_env("linja").reset(seed=1.5)


def test_rules_reach_the_game():
    raw = hz.raw_env("linja", tie_break="goal")
    raw.reset(seed=1)
    assert raw.game.rules.tie_break == "goal"
    assert str(raw) == "huegames_linja_v0"
    assert repr(raw) == "<huegames.rl.pettingzoo.raw_env linja, 2 players>"


def test_importing_huegames_imports_no_adapter_dependency():
    code = (
        "import sys\n"
        "import huegames, huegames.engine, huegames.encoding\n"
        "from huegames import engine\n"
        "for name in engine.game_names(): engine.game_spec(name)\n"
        "import huegames.hue, huegames.linja, huegames.plank, huegames.hues_and_cues\n"
        "loaded = {name.split('.')[0] for name in sys.modules}\n"
        "bad = {'numpy', 'pettingzoo', 'gymnasium', 'pyspiel'} & loaded\n"
        "assert not bad, bad\n"
        "import huegames.rl.pettingzoo\n"
        "assert 'numpy' in sys.modules and 'pettingzoo' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_the_order_is_enforced():
    from pettingzoo.utils import wrappers

    aec = hz.env("linja")
    assert isinstance(aec, wrappers.OrderEnforcingWrapper)
    for name in ["agents", "agent_selection", "terminations", "rewards", "infos", "num_agents"]:
        with pytest.raises(AttributeError, match="before reset"):
            getattr(aec, name)
    with pytest.raises(AssertionError, match="before step"):
        aec.step(0)
    with pytest.raises(AssertionError, match="before observe"):
        aec.last()
    aec.reset(seed=1)
    raw = aec.unwrapped
    assert aec.agents is raw.agents and aec.terminations is raw.terminations
    assert aec.num_agents == 2 and aec.last()[1:] == raw.last()[1:]
    assert str(aec) == "huegames_linja_v0"


COPIERS = {
    "pickle": lambda thing: pickle.loads(pickle.dumps(thing)),
    "deepcopy": copy.deepcopy,
}


def observed(aec):
    """What ``aec`` shows now: the agent to act and its ``last()``, arrays as lists."""
    observation, reward, terminated, truncated, info = aec.last()
    arrays = {key: np.asarray(value).tolist() for key, value in observation.items()}
    return aec.agent_selection, arrays, reward, terminated, truncated, info


@pytest.mark.parametrize("how", list(COPIERS))
@pytest.mark.parametrize("name", engine.game_names())
def test_an_env_pickles_and_copies_and_steps_on_alike(name, how):
    needs_encoding(name)
    aec = hz.env(name)
    aec.reset(seed=4)
    rng = random.Random(4)
    for _ in range(3):
        aec.step(int(rng.choice(np.flatnonzero(aec.last()[0]["action_mask"]).tolist())))
    twin = COPIERS[how](aec)
    for agent in aec.agent_iter():
        assert observed(twin) == observed(aec)
        _observation, _reward, terminated, truncated, _info = aec.last()
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(aec.last()[0]["action_mask"]).tolist()))
        before = observed(aec)
        twin.step(action)
        assert agent == before[0] and observed(aec) == before, "the copy is its own"
        aec.step(action)
    assert twin.agents == aec.agents == []
