"""huegames.rl.openspiel: every game and player count as an OpenSpiel game.

OpenSpiel's own random-simulation test (serialisation included), the game
types, the setup from the seed's bytes, what a seat sees (never another
seat's hidden cards), the utilities, and bots of either side playing whole
games against the other.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import engine, hues_and_cues
from profiles import examples

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("huegames.rl.openspiel")
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

GAMES = ["hue", "linja", "plank", "hues-and-cues"]
HIDDEN = {"hue", "hues-and-cues"}
CASES = [
    pytest.param(name, players, id=f"{name}-{players}")
    for name in GAMES
    for players in range(engine.game_spec(name).min_players, engine.game_spec(name).max_players + 1)
]
Type = pyspiel.GameType


def _load(name: str, players: int, **params):
    spec = engine.game_spec(name)
    if spec.encoding is None:
        pytest.skip(f"{spec.title} has no encoding yet (GameSpec.encoding is None)")
    return openspiel.load_game(name, players=players, **params)


def _set_up(game, seed: int):
    state = game.new_initial_state()
    for byte in openspiel.seed_actions(seed):
        state.apply_action(byte)
    return state


def _play_randomly(state, rng: random.Random, moves: int):
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# -- importing -------------------------------------------------------------------------


def test_importing_huegames_never_imports_pyspiel():
    code = (
        "import sys, huegames, huegames.encoding, huegames.engine\n"
        "from huegames import hue, linja, plank, hues_and_cues\n"
        "for name in ('hue', 'linja', 'plank', 'hues-and-cues'):\n"
        "    huegames.engine.game_spec(name)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('pyspiel', 'open_spiel'))\n"
        "print(loaded)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert result.stdout.strip() == "[]"


def test_importing_the_adapter_registers_every_game_and_exits_cleanly():
    # A factory that OpenSpiel keeps until exit must not crash the interpreter there.
    code = (
        "import pyspiel\nfrom huegames.rl import openspiel\n"
        "game = openspiel.load_game('linja')\nstate = game.new_initial_state()\n"
        "print(sorted(n for n in pyspiel.registered_names() if n.startswith('python_huegames')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(sorted(openspiel.registered().values()))
    assert openspiel.registered() == {
        "hue": "python_huegames_hue",
        "linja": "python_huegames_linja",
        "plank": "python_huegames_plank",
        "hues-and-cues": "python_huegames_hues_and_cues",
    }


# -- the game types --------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_game_type(name):
    spec = engine.game_spec(name)
    game = _load(name, spec.min_players)
    kind = game.get_type()
    assert (
        kind.short_name == openspiel.game_name(name) == "python_huegames_" + name.replace("-", "_")
    )
    assert kind.dynamics == Type.Dynamics.SEQUENTIAL
    assert kind.chance_mode == Type.ChanceMode.EXPLICIT_STOCHASTIC
    expected = (
        Type.Information.IMPERFECT_INFORMATION
        if name in HIDDEN
        else Type.Information.PERFECT_INFORMATION
    )
    assert kind.information == expected
    assert kind.utility == Type.Utility.ZERO_SUM
    assert kind.reward_model == Type.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (spec.min_players, spec.max_players)
    assert kind.provides_information_state_string and kind.provides_observation_string
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor
    assert game.utility_sum() == 0.0
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.max_chance_outcomes() == 256


@pytest.mark.parametrize(("name", "players"), CASES)
def test_game_info_follows_the_encoding(name, players):
    game = _load(name, players)
    code = game.encoding
    assert game.num_players() == players
    assert game.num_distinct_actions() == code.action_count
    assert game.observation_tensor_shape() == list(code.observation_shape)
    assert game.information_state_tensor_shape() == list(code.observation_shape)
    assert game.max_chance_nodes_in_history() == openspiel.SETUP_DRAWS


def test_max_game_lengths():
    """The bounds each game's rules give (see the proofs in the adapter)."""
    lengths = {
        name: [
            _load(name, n).max_game_length()
            for n in range(
                engine.game_spec(name).min_players, engine.game_spec(name).max_players + 1
            )
        ]
        for name in GAMES
    }
    assert lengths["hue"] == [10, 15, 20, 20]  # the cards dealt, less one score card a seat
    assert lengths["linja"] == [3 * 126 + 1]  # 126 steps forward from the start
    assert lengths["plank"] == [200, 200, 200]  # Rules.turn_limit
    rounds = [6, 8, 10, 12, 7, 8, 9, 10]  # each seat gives cues twice (3-6 players) or once
    assert lengths["hues-and-cues"] == [
        (r + hues_and_cues.TIE_BREAK_ROUNDS) * (2 * n + 1)
        for n, r in zip(range(3, 11), rounds, strict=True)
    ]


# -- OpenSpiel's random-simulation test -----------------------------------------------


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_simulation(name, players):
    game = _load(name, players)
    # Hues and Cues is the slowest (hundreds of legal guesses and cues a move).
    sims = 1 if name == "hues-and-cues" else 3
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_random_simulation_of_a_fixed_setup_and_of_score_utilities(name):
    spec = engine.game_spec(name)
    fixed = _load(name, spec.min_players, seed=3, utility="score")
    state = fixed.new_initial_state()
    assert not state.is_chance_node()
    assert state.huegames_game.to_dict() == spec.new_game(spec.min_players, seed=3).to_dict()
    assert fixed.min_utility() < 0 < fixed.max_utility()
    pyspiel.random_sim_test(fixed, num_sims=1, serialize=True, verbose=False)


# -- the setup -------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_setup_bytes_are_the_seed(name, players):
    game = _load(name, players)
    spec = engine.game_spec(name)
    state = game.new_initial_state()
    assert state.huegames_game is None
    for number, byte in enumerate(openspiel.seed_actions(123456789)):
        assert state.is_chance_node()
        assert state.chance_outcomes() == [(b, 1 / 256) for b in range(256)]
        assert state.legal_actions() == list(range(256))
        state.apply_action(byte)
        assert state.history()[-1] == byte and len(state.history()) == number + 1
    assert not state.is_chance_node()
    assert state.huegames_game.to_dict() == spec.new_game(players, seed=123456789).to_dict()
    assert state.current_player() == state.huegames_game.current_player


def test_seed_actions():
    assert openspiel.seed_actions(0) == [0] * 8
    assert openspiel.seed_actions(2**63 - 1) == [127] + [255] * 7
    with pytest.raises(ValueError, match="0 to 2"):
        openspiel.seed_actions(-1)
    with pytest.raises(TypeError):
        openspiel.seed_actions(1.0)


# -- serialisation ---------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_serialisation_is_the_record(name):
    spec = engine.game_spec(name)
    game = _load(name, spec.min_players)
    state = _play_randomly(_set_up(game, 5), random.Random(1), 5)
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state)
    assert again.huegames_game.to_dict() == state.huegames_game.to_dict()
    assert again.legal_actions() == state.legal_actions()
    assert str(again_game) == str(game)
    # and it plays on like the original
    action = state.legal_actions()[0]
    state.apply_action(action)
    again.apply_action(action)
    assert str(again) == str(state)


def test_a_clone_is_independent():
    game = _load("hue", 2)
    state = _set_up(game, 1)
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert len(state.huegames_game.history) == 0 and len(twin.huegames_game.history) == 1


# -- what a seat sees ------------------------------------------------------------------


def _seen(state, seat):
    """Everything OpenSpiel shows ``seat``: strings, and tensors as bytes."""
    return (
        state.information_state_string(seat),
        state.observation_string(seat),
        np.asarray(state.information_state_tensor(seat), np.float32).tobytes(),
        np.asarray(state.observation_tensor(seat), np.float32).tobytes(),
    )


def _hue_hidden_twin(game, state, seat, rng):
    """The same table and ``seat``'s hand, the other hands dealt again."""
    position = state.huegames_game
    while True:
        twin = game.state_at(position.view(seat).sample(rng))
        if any(
            twin.huegames_game.hand(s) != position.hand(s) for s in range(game.players) if s != seat
        ):
            return twin


@pytest.mark.parametrize("players", range(2, 6))
def test_hue_strings_and_tensors_hide_the_other_hands(players):
    game = _load("hue", players)
    rng = random.Random(players)
    state = _set_up(game, 7)
    for _ in range(2):  # at the start and after a move
        for seat in range(players):
            twin = _hue_hidden_twin(game, state, seat, rng)
            assert _seen(twin, seat) == _seen(state, seat)
            differs = next(
                s
                for s in range(players)
                if twin.huegames_game.hand(s) != state.huegames_game.hand(s)
            )
            # the test can fail: the seat whose hand differs sees the difference
            assert twin.information_state_string(differs) != state.information_state_string(differs)
            assert twin.observation_string(differs) != state.observation_string(differs)
        state.apply_action(rng.choice(state.legal_actions()))
    hand = " ".join(state.huegames_game.hand(0))
    assert f"hand {hand}" in state.information_state_string(0)
    assert f"hand {hand}" not in state.information_state_string(1)


@pytest.mark.parametrize("name", [name for name in GAMES if engine.game_spec(name).encoding])
def test_make_observation_fills_one_numpy_array_without_lists(name):
    """The fast way to a tensor (docs/learning.md): ``make_observation(game)``
    is the adapter's own observer, whose ``tensor`` is one numpy array that
    ``set_from`` fills in place; it holds what ``observation_tensor`` gives
    as a list, with no list made."""
    from open_spiel.python.observation import make_observation

    spec = engine.game_spec(name)
    game = _load(name, spec.min_players)
    observation = make_observation(game)
    assert isinstance(observation, openspiel.Observer)
    tensor = observation.tensor
    assert isinstance(tensor, np.ndarray) and tensor.dtype == np.float32
    state = _set_up(game, 3)
    rng = random.Random(3)
    for _ in range(4):
        if state.is_terminal():
            break
        seat = state.current_player()
        observation.set_from(state, seat)
        assert observation.tensor is tensor  # filled in place, not made anew
        assert np.array_equal(tensor, np.asarray(state.observation_tensor(seat), np.float32))
        state.apply_action(rng.choice(state.legal_actions()))


def _hc_play_to(game, seed, phase_moves, rng):
    """A state ``phase_moves`` moves into the first round (the target chosen)."""
    state = _set_up(game, seed)
    for _ in range(phase_moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [3, 4, 10])
@pytest.mark.backend_independent  # Hues and Cues has no C core
def test_hues_and_cues_guessers_do_not_see_the_target(players):
    from huegames import hues_and_cues as hc

    game = _load("hues-and-cues", players)
    rng = random.Random(players)
    state = _set_up(game, 11)
    position = state.huegames_game
    card = position.round.card
    giver = position.round.giver
    twins = []
    for square in card.squares[:2]:  # two games differing only in the target
        copy = position.copy()
        copy.play(hc.Move.target(square))
        twins.append(game.state_at(copy))
    first = twins[0]
    for number in range(players + 1):  # the cue, the first guesses, a second cue
        actions = first.legal_actions()
        if number == players:
            actions = [a for a in actions if first.action_to_string(a).startswith("cue ")]
        action = rng.choice(actions)
        for twin in twins:
            twin.apply_action(action)
    a, b = twins
    assert a.huegames_game.round.target != b.huegames_game.round.target
    for seat in range(players):
        if seat == giver:
            assert a.information_state_string(seat) != b.information_state_string(seat)
            assert str(card) in a.information_state_string(seat)
        else:
            assert _seen(a, seat) == _seen(b, seat)
            assert str(card) not in a.information_state_string(seat)
    # and a game dealt again for a guesser (another seed: other cards to come) looks the same
    guesser = a.current_player()
    assert guesser != giver
    other = game.state_at(openspiel.determinize(a.view(guesser), rng))
    assert other.huegames_game.seed != a.huegames_game.seed
    assert _seen(other, guesser) == _seen(a, guesser)


@pytest.mark.parametrize("name", sorted(HIDDEN))
def test_the_setup_bytes_are_hidden_in_hidden_information_games(name):
    game = _load(name, engine.game_spec(name).min_players)
    first, second = game.new_initial_state(), game.new_initial_state()
    first.apply_action(3)
    second.apply_action(200)
    for seat in range(game.num_players()):
        assert _seen(first, seat) == _seen(second, seat)
    assert first.observation_tensor(0) == [0.0] * game.observation_tensor_size()


@pytest.mark.parametrize("name", ["linja", "plank"])
def test_perfect_information_strings(name):
    game = _load(name, engine.game_spec(name).min_players)
    state = _play_randomly(_set_up(game, 4), random.Random(2), 6)
    info = state.information_state_string(0)
    assert "moves " in info and "moves " not in state.observation_string(0)
    for move in state.huegames_game.history:
        assert str(move) in info
    first, second = game.new_initial_state(), game.new_initial_state()
    first.apply_action(3)
    second.apply_action(200)
    assert first.information_state_string(0) != second.information_state_string(0)


def test_an_observer_of_a_hidden_game_gives_one_seat_view_only():
    game = _load("hue", 2)
    everything = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="one seat's view"):
        game.make_py_observer(everything)
    with pytest.raises(ValueError, match="parameters"):
        game.make_py_observer(None, {"x": 1})


@pytest.mark.parametrize(("name", "players"), CASES)
def test_determinize_gives_a_game_the_seat_cannot_tell_apart(name, players):
    game = _load(name, players)
    rng = random.Random(3)
    state = _set_up(game, 8)
    for _ in range(3):
        seat = state.current_player()
        twin = game.state_at(openspiel.determinize(state.view(seat), rng))
        assert _seen(twin, seat) == _seen(state, seat)
        assert twin.legal_actions() == state.legal_actions()
        _play_randomly(state, rng, 2 * players + 1)
        if state.is_terminal():
            break


# -- utilities -------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), CASES)
def test_returns_add_up_to_zero_and_follow_the_outcome(name, players):
    spec = engine.game_spec(name)
    game, scored = _load(name, players), _load(name, players, utility="score")
    state = _play_randomly(_set_up(game, 2), random.Random(4), 10_000)
    assert state.is_terminal()
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    final = state.huegames_game
    winners = (
        final.outcome().winners
        if final.is_over
        else tuple(s for s, x in enumerate(final.scores()) if x == max(final.scores()))
    )
    for seat in range(players):
        assert (returns[seat] > 0) == (seat in winners and len(winners) < players)
    again = scored.state_at(final)
    points = again.returns()
    assert sum(points) == pytest.approx(0.0)
    assert scored.min_utility() <= min(points) <= max(points) <= scored.max_utility()
    sign = -1 if players in spec.lower_scores_win else 1
    scores = final.scores()
    for seat in range(players):
        others = [sign * scores[s] for s in range(players) if s != seat]
        assert points[seat] == pytest.approx(sign * scores[seat] - sum(others) / len(others))


def test_utilities():
    from huegames import hues_and_cues as hc
    from huegames import linja, plank

    spec = hc.SPEC
    game = hc.new_game(players=3, seed=7)
    for text in ["target N10", "cue mint", "guess N11", "guess M10", "cue sea", "guess N10"]:
        game.play(text)
    game.play("guess O12")
    assert game.scores() == [6, 3, 5] and not game.is_over  # stopped: the best score wins
    assert openspiel.utilities(spec, game) == [1.0, -0.5, -0.5]
    assert openspiel.utilities(spec, game, "score") == [2.0, -2.5, 0.5]
    with pytest.raises(ValueError, match="utility"):
        openspiel.utilities(spec, game, "money")
    start = linja.new_game(seed=1)
    assert start.scores() == [6, 6]  # stopped at the start: equal points, a shared win
    assert openspiel.utilities(linja.SPEC, start) == [0.0, 0.0]
    for seed in range(20):
        three = plank.new_game(players=3, seed=seed)
        engine.play_game(three, [plank.GreedyBot(seed=s) for s in range(3)])
        if three.winning_line is not None:
            break
    penalties = three.scores()
    winner = three.outcome().winners[0]
    assert penalties[winner] == 0 and sorted(penalties) == [0, 1, 2]
    points = openspiel.utilities(plank.SPEC, three, "score")
    assert points[winner] == 1.5 and max(points) == 1.5  # fewest penalty points best
    assert openspiel.utilities(plank.SPEC, three) == [
        1.0 if s == winner else -0.5 for s in range(3)
    ]


@pytest.mark.backend_independent  # Hues and Cues has no C core
def test_a_hues_and_cues_game_still_tied_stops_at_the_length_bound():
    game = _load("hues-and-cues", 3, tie_break_rounds=0)
    assert game.max_game_length() == 6 * 7
    rng = random.Random(0)
    for seed in range(200):
        state = _play_randomly(_set_up(game, seed), rng, 10_000)
        if not state.huegames_game.is_over:
            break
    else:
        pytest.fail("no random game needed a tie-break")
    assert state.is_terminal() and len(state.history()) == 8 + game.max_game_length()
    scores = state.huegames_game.scores()
    best = [s for s in range(3) if scores[s] == max(scores)]
    assert 1 < len(best) < 3
    assert [r > 0 for r in state.returns()] == [s in best for s in range(3)]


# -- parameters ------------------------------------------------------------------------


def test_rule_options_are_parameters():
    assert _load("plank", 3, turn_limit=50).max_game_length() == 50
    game = pyspiel.load_game("python_huegames_plank(players=3,repetition=0,turn_limit=40)")
    assert game.rules.repetition is None and game.rules.turn_limit == 40
    assert game.num_players() == 3
    assert _load("linja", 2, tie_break="goal").rules.tie_break == "goal"
    assert _load("hue", 2, covering=False).rules.covering is False
    hc = _load("hues-and-cues", 4, tie_breaks=False, rounds_per_giver=1)
    assert hc.rules.rounds_per_giver == 1 and hc.max_game_length() == 4 * 9
    with pytest.raises(ValueError, match="turn limit"):
        _load("plank", 2, turn_limit=0)
    with pytest.raises(ValueError, match="tie_break_rounds"):
        _load("hues-and-cues", 3, tie_break_rounds=-1)
    with pytest.raises(ValueError, match="utility"):
        _load("hue", 2, utility="money")
    with pytest.raises(ValueError, match="seed"):
        _load("hue", 2, seed=-5)
    with pytest.raises(ValueError, match="for 2 to 5 players"):
        openspiel.load_game("hue", players=6)
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("python_huegames_hue(colour=red)")


def _othergame():
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parents[1]))
    try:
        import othergame
    finally:
        sys.path.pop(0)
    return othergame


def test_another_game_registers_from_what_its_game_spec_declares():
    spec = _othergame().SPEC  # Linja's facts under another name
    name = openspiel.register(spec)
    assert name == "python_huegames_linja_elsewhere"
    assert openspiel.register(spec) == name  # again: a no-op
    game = openspiel.load_game(spec)
    assert game.max_game_length() == spec.longest_game(2) == 379
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert openspiel.load_game(spec, utility="score").max_utility() == 5.0 * 12


def test_another_game_registers_with_what_its_game_spec_leaves_out():
    spec = engine.register(
        dataclasses.replace(
            _othergame().SPEC,
            name="linja-undeclared",
            perfect_information=None,
            longest_game=None,
            score_bounds=None,
        )
    )
    try:
        with pytest.raises(ValueError, match=r"hidden=\.\.\. and max_game_length"):
            openspiel.register(spec)
        name = openspiel.register(spec, hidden=False, max_game_length=379)
        assert name == "python_huegames_linja_undeclared"
        game = openspiel.load_game(spec)
        assert game.max_game_length() == 379
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
        with pytest.raises(ValueError, match="score_range"):
            openspiel.load_game(spec, utility="score")
    finally:
        engine._REGISTRY.pop(spec.name, None)


# -- bots ------------------------------------------------------------------------------

STRONG = {"hue": "greedy", "linja": "greedy", "plank": "greedy", "hues-and-cues": "random"}
"""The huegames bots the OpenSpiel bots meet (Hues and Cues' lexicon bots are
slow for a test of every player count: one test below plays one)."""
ROLLOUT = 40
"""Moves per MCTS rollout: whole games of Hues and Cues are long."""


def _opponent(name: str, players: int) -> str:
    """The stronger bot at the fewest players, the random one beyond (for speed)."""
    return STRONG[name] if players == engine.game_spec(name).min_players else "random"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_an_openspiel_mcts_bot_plays_through_the_huegames_bots_interface(name, players):
    spec = engine.game_spec(name)
    _load(name, players)
    bots = [openspiel.OpenSpielBot(seed=1, simulations=4, rollout_moves=ROLLOUT)]
    bots += [spec.bot(_opponent(name, players), seed=seat) for seat in range(1, players)]
    game = engine.play_game(spec.new_game(players, seed=players), bots)
    assert game.is_over


@pytest.mark.parametrize("name", sorted(HIDDEN))
def test_an_openspiel_ismcts_bot_plays_through_the_huegames_bots_interface(name):
    spec = engine.game_spec(name)
    players = spec.min_players
    _load(name, players)
    bots = [spec.bot(STRONG[name], seed=seat) for seat in range(players - 1)]
    bots.append(openspiel.OpenSpielBot(seed=2, algorithm="ismcts", simulations=8))
    game = engine.play_game(spec.new_game(players, seed=5), bots)
    assert game.is_over


def test_the_lexicon_bot_against_openspiel_bots():
    spec = engine.game_spec("hues-and-cues")
    game = _load("hues-and-cues", 3)
    bots = [openspiel.OpenSpielBot(seed=1, simulations=3), spec.bot("xkcd", seed=1)]
    bots.append(openspiel.OpenSpielBot(seed=2, algorithm="ismcts", simulations=3))
    assert engine.play_game(spec.new_game(3, seed=3), bots).is_over
    inside = [openspiel.HuegamesBot(game, 0, "xkcd", seed=0), pyspiel.make_uniform_random_bot(1, 1)]
    inside.append(openspiel.HuegamesBot(game, 2, "css", seed=2))
    returns = evaluate_bots.evaluate_bots(
        game.new_initial_state(), inside, np.random.RandomState(4)
    )
    assert sum(returns) == pytest.approx(0.0)


def test_an_openspiel_bot_from_a_bot_spec():
    spec = engine.game_spec("plank")
    _load("plank", 2)
    bot = engine.BotSpec.parse("huegames.rl.openspiel:OpenSpielBot:simulations=3:algorithm=random")
    game = engine.play_game(spec.new_game(2, seed=1), [bot.build(spec, 1), spec.bot("greedy", 2)])
    assert game.is_over
    with pytest.raises(ValueError, match="algorithm"):
        openspiel.OpenSpielBot(algorithm="alphazero")
    game = spec.new_game(2, seed=1)
    with pytest.raises(engine.NotYourTurnError):
        openspiel.OpenSpielBot(seed=1).choose(game.view(1 - game.current_player))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_huegames_bot_plays_inside_openspiel(name, players):
    game = _load(name, players)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0), max_length=ROLLOUT)
    bots = [mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=np.random.RandomState(1))]
    bots += [
        openspiel.HuegamesBot(game, seat, _opponent(name, players), seed=seat)
        for seat in range(1, players)
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(2))
    assert len(returns) == players and sum(returns) == pytest.approx(0.0)


def test_a_huegames_bot_sees_only_its_view():
    game = _load("hue", 3)
    seen = []

    class Spy:
        def choose(self, view):
            seen.append(view)
            return view.legal_moves()[0]

    bot = openspiel.HuegamesBot(game, 1, Spy())
    state = _set_up(game, 3)
    state.apply_action(state.legal_actions()[0])
    action = bot.step(state)
    assert seen[0].player == 1 and not hasattr(seen[0], "_hands")
    assert action in state.legal_actions()
    assert bot.provides_policy() is False
    with pytest.raises(ValueError, match="no seat"):
        openspiel.HuegamesBot(game, 3, "random")


COPIERS = {
    "pickle": lambda thing: pickle.loads(pickle.dumps(thing)),
    "deepcopy": copy.deepcopy,
}


@pytest.mark.parametrize("how", list(COPIERS))
@pytest.mark.parametrize("name", GAMES)
def test_a_game_and_its_states_pickle_and_copy_and_play_on_alike(name, how):
    game = _load(name, engine.game_spec(name).min_players)
    twin_game = COPIERS[how](game)
    assert type(twin_game) is type(game)
    assert twin_game.get_parameters() == game.get_parameters()
    assert twin_game.num_distinct_actions() == game.num_distinct_actions()
    rng = random.Random(5)
    state = _play_randomly(_set_up(game, 5), rng, 4)
    twin = COPIERS[how](state)
    while not state.is_terminal():
        assert twin.legal_actions() == state.legal_actions()
        assert twin.history() == state.history() and str(twin) == str(state)
        assert twin.observation_tensor(0) == state.observation_tensor(0)
        action = rng.choice(state.legal_actions())
        before = str(state)
        twin.apply_action(action)
        assert str(state) == before, "the copy is its own"
        state.apply_action(action)
    assert twin.returns() == state.returns()


@settings(max_examples=examples(50))
@given(number=st.one_of(st.integers(max_value=-(2**31) - 1), st.integers(min_value=2**31)))
def test_an_integer_parameter_past_32_bits_is_a_value_error_naming_it(number):
    for key in ("seed", "turn_limit"):
        with pytest.raises(ValueError, match=f"parameter '{key}' must be within"):
            openspiel.load_game("plank", **{key: number})
