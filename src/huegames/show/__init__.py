"""Showing games on the contract: the replay page and the terminal player.

:func:`replay_html` turns any game's record into one self-contained HTML
page; :mod:`~huegames.show.play` is the terminal player behind
``huegames play``.  Each game draws itself (its ``drawing`` module, on the
shared toolkit :mod:`huegames.pictures`); these know the games only
through the registry.
"""

from .replay import Replay, read_record, replay_html

__all__ = ["Replay", "read_record", "replay_html"]
