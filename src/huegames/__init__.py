"""huegames: rules engines for Hue, Linja, Plank and Hues and Cues.

Every game has the same shape (``new_game``, ``legal_moves``, ``play``,
``undo``, ``copy``, ``view``, ``to_dict``/``from_dict``); Hue's hot path
runs in a small C core with a pure-Python twin.
"""

from .batch import Result, Summary, simulate
from .errors import IllegalMoveError, InvalidMoveError, NotYourTurnError

__version__ = "0.1.0"
__all__ = [
    "IllegalMoveError",
    "InvalidMoveError",
    "NotYourTurnError",
    "Result",
    "Summary",
    "__version__",
    "simulate",
]
