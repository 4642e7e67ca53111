"""huegames: rules engines for Hue, Linja, Plank and Hues and Cues.

Every game has the same shape (``new_game``, ``legal_moves``, ``play``,
``undo``, ``copy``, ``view``, ``to_dict``/``from_dict``); Hue's hot path
runs in a small C core with a pure-Python twin.
"""

from .errors import IllegalMoveError, InvalidMoveError
from .simulate import Result, Summary, simulate

# ``huegames.simulate`` is the function; its module's other names (GAMES,
# read_records, ...) are reached by ``from huegames.simulate import ...``.

__version__ = "0.1.0"
__all__ = ["IllegalMoveError", "InvalidMoveError", "Result", "Summary", "__version__", "simulate"]
