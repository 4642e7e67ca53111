"""Plank (Sid Sackson): the rules engine, match play and bots.

>>> from huegames import plank
>>> game = plank.new_game(players=2, seed=7)
>>> bots = [plank.GreedyBot(seed=1), plank.RandomBot(seed=2)]
>>> plank.play_hand(game, bots).is_over
True
"""

from ..errors import IllegalMoveError, InvalidMoveError
from .bots import Bot, GreedyBot, RandomBot, SearchBot, play_hand
from .components import (
    COLOURS,
    LETTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ORDERS,
    PATTERNS,
    Deal,
    deal_hand,
)
from .game import Game, Outcome, Rules, Termination, new_game
from .match import Match
from .moves import LayPlace, LayShift, Move, Pass, Place, Shift, Square
from .view import View

__all__ = [
    "COLOURS",
    "LETTERS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ORDERS",
    "PATTERNS",
    "Bot",
    "Deal",
    "Game",
    "GreedyBot",
    "IllegalMoveError",
    "InvalidMoveError",
    "LayPlace",
    "LayShift",
    "Match",
    "Move",
    "Outcome",
    "Pass",
    "Place",
    "RandomBot",
    "Rules",
    "SearchBot",
    "Shift",
    "Square",
    "Termination",
    "View",
    "deal_hand",
    "new_game",
    "play_hand",
]
