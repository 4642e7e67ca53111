"""Exceptions shared by every game and both Hue backends."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow in this state."""


class InvalidMoveError(ValueError):
    """A move or move text that is malformed (not a move of this game at all)."""


class NotYourTurnError(ValueError):
    """A bot asked to move for a seat that is not to move, or after the game is over."""
