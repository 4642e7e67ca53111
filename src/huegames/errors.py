"""Exceptions shared by every game and both Hue backends.

All three are ValueErrors, so code that catches ValueError for bad input
catches them too; a refused move leaves the game as it was.

>>> from huegames import hue
>>> game = hue.new_game(players=2, seed=1)
>>> try:
...     game.play("D0 100 100 0")
... except hue.IllegalMoveError as error:
...     print(type(error).__name__, isinstance(error, ValueError), len(game.history))
IllegalMoveError True 0
"""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow in this state."""


class InvalidMoveError(ValueError):
    """A move or move text that is malformed (not a move of this game at all)."""


class NotYourTurnError(ValueError):
    """A bot asked to move for a seat that is not to move, or after the game is over."""
