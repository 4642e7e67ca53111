"""Hue (Chris Handy, 2014): the rules engine.

>>> from huegames import hue
>>> game = hue.new_game(players=3, seed=7)
>>> while not game.is_over:
...     game.play(game.legal_moves()[0])
>>> game.winner in range(3)
True
"""

from ..errors import IllegalMoveError, InvalidMoveError
from ._backend import name as backend
from .board import Board, ColourValues, LegalMoves
from .cards import Card, Colour, Deck, Kind, default_deck
from .game import MAX_PLAYERS, MIN_PLAYERS, Deal, Game, Rules, new_game
from .moves import Move
from .view import HiddenCards, View

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Board",
    "Card",
    "Colour",
    "ColourValues",
    "Deal",
    "Deck",
    "Game",
    "HiddenCards",
    "IllegalMoveError",
    "InvalidMoveError",
    "Kind",
    "LegalMoves",
    "Move",
    "Rules",
    "View",
    "backend",
    "default_deck",
    "new_game",
]
