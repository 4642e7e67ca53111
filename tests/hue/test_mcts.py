"""MCTSBot: legal, reproducible, blind to hidden cards, and stronger than random.

Runs on both backends: on the pure-Python one the playouts run in Python,
so the budgets there are tiny.
"""

from __future__ import annotations

import random

import pytest

from huegames import NotYourTurnError, engine, hue, simulate
from huegames.hue import kernel
from huegames.hue.bots import RandomBot, random_position
from huegames.hue.mcts import MCTSBot, python_playout

FAST = hue.backend == "c" and kernel.available
BUDGET = {"playouts": 200} if FAST else {"playouts": 6, "candidates": 3}


def position(seed: int, players: int = 2, moves: int = 3) -> hue.Game:
    return random_position(players, seed, moves)


def test_registered_with_its_playouts_setting():
    entry = hue.SPEC.bot_entry("mcts")
    assert entry.factory is MCTSBot
    assert entry.settings["playouts"] == 1000
    assert entry.description.startswith("Determinized Monte Carlo search")
    bot = engine.game_spec("hue").bot("mcts:playouts=200", seed=7)
    assert isinstance(bot, MCTSBot) and bot.playouts == 200


@pytest.mark.parametrize(("players", "moves"), [(2, 0), (2, 7), (3, 4), (5, 18)])
def test_plays_legal_moves(players, moves):
    game = position(players * 10 + moves, players, moves)
    bot = MCTSBot(seed=1, **BUDGET)
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        move = bot.choose(view)
        assert move in view.legal_moves()
        game.play(move)


def test_reproducible_from_its_seed():
    game = position(3, moves=2)
    view = game.view(game.current_player)
    first = [MCTSBot(42, **BUDGET).choose(view) for _ in range(2)]
    assert first[0] == first[1]
    bot_a, bot_b = MCTSBot(42, **BUDGET), MCTSBot(42, **BUDGET)
    assert [bot_a.choose(view) for _ in range(3)] == [bot_b.choose(view) for _ in range(3)]


@pytest.mark.parametrize("seed", range(3))
def test_blind_to_hidden_cards(seed):
    """The same view over different hidden cards gives the same choice."""
    game = position(seed, players=3, moves=4)
    seat = game.current_player
    other = game.view(seat).sample(random.Random(seed))  # other hands, other set-aside
    assert other.hand(seat) == game.hand(seat)
    assert [other.hand(s) for s in range(3)] != [game.hand(s) for s in range(3)]
    assert MCTSBot(seed, **BUDGET).choose(other.view(seat)) == MCTSBot(seed, **BUDGET).choose(
        game.view(seat)
    )


def test_a_seconds_budget():
    game = position(4)
    view = game.view(game.current_player)
    assert MCTSBot(1, seconds=0.02, candidates=3).choose(view) in view.legal_moves()


def test_mcts_bot_refuses_out_of_turn():
    game = position(5)
    view = game.view((game.current_player + 1) % 2)
    with pytest.raises(NotYourTurnError, match="no move: it is seat"):
        MCTSBot(seed=1).choose(view)


def test_mcts_bot_refuses_once_the_game_is_over():
    game = random_position(2, seed=5)
    for seat in range(2):
        with pytest.raises(NotYourTurnError, match="game is over"):
            MCTSBot(seed=1, **BUDGET).choose(game.view(seat))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"playouts": 0},
        {"playouts": 1.5},
        {"seconds": 0},
        {"candidates": 0},
        {"margin": "big"},
        {"rollout": "x"},
    ],
)
def test_bad_arguments(kwargs):
    with pytest.raises(ValueError):
        MCTSBot(seed=1, **kwargs)


def test_python_playout_plays_to_the_end():
    game = position(6, players=3, moves=4)
    hands = [list(game.hand(seat)) for seat in range(3)]
    scores = python_playout(game.board, hands, game.current_player, None, random.Random(1))
    assert len(scores) == 3 and all(score >= 0 for score in scores)


@pytest.mark.skipif(not FAST, reason="a strength check needs the C kernel's speed")
def test_beats_random():
    wins = 0
    for number in range(16):
        game = hue.new_game(2, seed=number)
        bots = [MCTSBot(seed=number, playouts=100), RandomBot(seed=number)]
        if number % 2:
            bots.reverse()
        engine.play_game(game, bots)
        wins += isinstance(bots[game.winner], MCTSBot)
    assert wins >= 12


@pytest.mark.skipif(not FAST, reason="needs the C kernel's speed")
def test_through_the_batch_runner():
    result = simulate("hue", ["mcts", "random"], players=2, games=2, seed=1, workers=1)
    assert result.summary.games == 2


@pytest.mark.slow  # greedy playouts on the Python backend take half a minute
def test_greedy_rollouts_choose_legal_moves():
    """Late positions, so the Python backend's greedy playouts stay quick."""
    for players, moves in [(2, 7), (3, 12)]:
        game = position(players + moves, players, moves)
        bot = MCTSBot(seed=1, rollout="greedy", **BUDGET)
        assert bot.rollout == "greedy"
        while not game.is_over:
            game.play(bot.choose(game.view(game.current_player)))
