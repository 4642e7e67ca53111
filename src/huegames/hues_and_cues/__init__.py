"""Hues and Cues (Scott Brady, The Op, 2020): the rules engine.

>>> from huegames import hues_and_cues as hc
>>> game = hc.new_game(players=4, seed=7)
>>> game.round.card
Card(squares=(Square.parse('N10'), Square.parse('K24'), Square.parse('N16'), Square.parse('H4')))
>>> game.play("target N10")
Move.parse('target N10')
>>> game.play("cue mint")
Move.parse('cue mint')
>>> game.current_player, game.view(1).round.target  # guessers do not see the target
(1, None)
"""

from ..errors import IllegalMoveError, InvalidMoveError
from .board import COLUMNS, ROWS, SQUARES, Board, Square, default_board
from .cards import Card, default_deck, make_deck
from .cues import BASIC_COLOURS, RELATIVE_WORDS, cue_problem
from .game import MAX_PLAYERS, MIN_PLAYERS, Game, Phase, Round, Rules, guess_points, new_game
from .lexicon import Lexicon, lexicon
from .moves import Action, Move
from .render import board_png, board_svg
from .view import View

__all__ = [
    "BASIC_COLOURS",
    "COLUMNS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RELATIVE_WORDS",
    "ROWS",
    "SQUARES",
    "Action",
    "Board",
    "Card",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Lexicon",
    "Move",
    "Phase",
    "Round",
    "Rules",
    "Square",
    "View",
    "board_png",
    "board_svg",
    "cue_problem",
    "default_board",
    "default_deck",
    "guess_points",
    "lexicon",
    "make_deck",
    "new_game",
]
