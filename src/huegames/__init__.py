"""huegames: rules engines for Hue, Linja, Plank and Hues and Cues.

Every game keeps one contract (:mod:`huegames.engine`): ``new_game``,
``legal_moves``, ``play``, ``undo``, ``copy``, ``view``, ``outcome``,
``to_dict``/``from_dict``, registered by name in one registry; Hue's hot
path runs in a small C core with a pure-Python twin.  :func:`simulate`
plays many seeded games between bots, on one core or a cluster:

>>> import huegames
>>> result = huegames.simulate("linja", ["greedy", "random"], games=4, seed=1, workers=1)
>>> [(bot.name, bot.wins) for bot in result.summary.bots]
[('greedy', 4), ('random', 0)]
"""

from .engine import BotSpec
from .errors import IllegalMoveError, InvalidMoveError, NotYourTurnError
from .run import Result, RunSpec, Summary, read_records, simulate

__version__ = "0.1.0"
__all__ = [
    "BotSpec",
    "IllegalMoveError",
    "InvalidMoveError",
    "NotYourTurnError",
    "Result",
    "RunSpec",
    "Summary",
    "__version__",
    "read_records",
    "simulate",
]
