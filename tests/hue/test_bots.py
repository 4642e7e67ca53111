"""Hue's bots (RandomBot, GreedyBot and MCTSBot) keep the engine contract: they
refuse to move out of turn or once the game is over, take a ``seed`` keyword and
replay from it.  MCTSBot's own tests are in test_mcts.py."""

from __future__ import annotations

import pytest

from huegames import NotYourTurnError, engine, hue
from huegames.hue import bots as hue_bots
from huegames.hue.bots import GreedyBot, RandomBot, random_position
from huegames.hue.mcts import MCTSBot

BOT_CLASSES = [RandomBot, GreedyBot, MCTSBot]
CHEAP = {MCTSBot: {"playouts": 6, "candidates": 3}}


def cheap(bot_class, seed):
    return bot_class(seed=seed, **CHEAP.get(bot_class, {}))


@pytest.mark.parametrize("bot_class", BOT_CLASSES)
def test_bots_refuse_to_move_out_of_turn(bot_class):
    game = hue.new_game(3, seed=70)
    for seat in (1, 2):
        with pytest.raises(NotYourTurnError, match=f"seat {seat} has no move: it is seat 0"):
            cheap(bot_class, 1).choose(game.view(seat))
    assert cheap(bot_class, 1).choose(game.view(0)) in game.legal_moves()


@pytest.mark.parametrize("bot_class", BOT_CLASSES)
def test_bots_refuse_to_move_once_the_game_is_over(bot_class):
    game = random_position(2, seed=71)
    for seat in range(2):
        with pytest.raises(NotYourTurnError, match="the game is over"):
            cheap(bot_class, 1).choose(game.view(seat))


@pytest.mark.parametrize("bot_class", BOT_CLASSES)
def test_bots_take_a_seed_keyword_and_replay_from_it(bot_class):
    def played(seed):
        bots = [cheap(bot_class, seed), cheap(bot_class, seed + 1)]
        return engine.play_game(hue.new_game(2, seed=72), bots).to_dict()

    assert played(1) == played(1)
    assert played(1) != played(3)


def test_bots_dict_is_gone():
    assert not hasattr(hue_bots, "BOTS")
