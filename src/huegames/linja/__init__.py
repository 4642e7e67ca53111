"""Linja (Steffen Mühlhäuser, 2003): the rules engine.

>>> from huegames import linja
>>> game = linja.new_game(seed=7)
>>> game.play("0-1") if game.current_player == linja.RED else game.play("7-6")
Move.parse('7-6')
>>> game.following          # N: the pieces the initial move found in row 6
2
>>> linja.play_game(game, [linja.GreedyBot(seed=1), linja.SearchBot(seed=2)]).winner
1
"""

from ..errors import IllegalMoveError, InvalidMoveError
from .board import BLACK, RED, Board
from .bots import GreedyBot, RandomBot, SearchBot
from .game import MAX_PLAYERS, MIN_PLAYERS, Game, State, View, new_game
from .match import next_first_player, play_game, play_match
from .moves import Move, Turn
from .rules import Rules
from .turns import TurnOutcome, next_states, turn_outcomes

__all__ = [
    "BLACK",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RED",
    "Board",
    "Game",
    "GreedyBot",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "RandomBot",
    "Rules",
    "SearchBot",
    "State",
    "Turn",
    "TurnOutcome",
    "View",
    "new_game",
    "next_first_player",
    "next_states",
    "play_game",
    "play_match",
    "turn_outcomes",
]
