"""Fixed-size numeric encodings of every game, for learning agents and search.

An :class:`Encoding` turns a game's moves into action ids ``0 ..
action_count - 1`` (one id for every legal move of every reachable state,
one move for every id) and a seat's :meth:`View <huegames.engine.View>`
into a numpy array of a fixed shape and dtype.  Observations are built from
the view alone, so they never hold another seat's hidden cards.  The
PettingZoo, Gymnasium and OpenSpiel adapters are written once against this
protocol.

Each game names its encoding in its :class:`~huegames.engine.GameSpec`
(``encoding="huegames.hue.encoding:HueEncoding"``), so importing a game
never imports numpy; :func:`encoding` builds one.

>>> from huegames import encoding, linja
>>> code = encoding.encoding("linja", players=2)
>>> game = linja.new_game(players=2, seed=1)
>>> view = game.view(game.current_player)
>>> action = code.move_to_action(view, game.legal_moves()[0])
>>> code.action_to_move(view, action) == game.legal_moves()[0]
True
>>> int(code.action_mask(view).sum()) == len(game.legal_moves())
True
"""

from __future__ import annotations

import importlib
import numbers
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from . import engine
from .records import brief

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Encoding", "check_action", "encoding"]


@runtime_checkable
class Encoding(Protocol):
    """A game's actions and observations as fixed-size numbers.

    ``players`` and ``rules`` are fixed when it is built: an encoding
    serves every game of that many players under those rules.

    An encoding may also have ``observe_seat(state, seat)``, giving
    ``(observation(view), action_mask(view))`` of ``view =
    state.view(seat)``, and ``play_seat(state, seat, action)``, playing as
    ``state.play(action_to_move(state.view(seat), action))`` does, both
    without building the view (Hue's and Linja's: straight from the
    game's state in its C core); the PettingZoo and Gymnasium adapters use
    them when they are there.
    """

    game: str
    """The registry name of the game (``"hue"``, ``"linja"``, ...)."""
    players: int
    """The player count it was built for."""
    action_count: int
    """The size ``n`` of the action space ``Discrete(n)``."""
    observation_shape: tuple[int, ...]
    """The shape of every :meth:`observation`."""
    observation_dtype: Any
    """The numpy dtype of every :meth:`observation`."""

    def move_to_action(self, view: Any, move: Any) -> int:
        """The action id of ``move``, a legal move in ``view``'s position
        (a ValueError when it is not)."""
        ...

    def action_to_move(self, view: Any, action: int) -> Any:
        """The move of action id ``action`` in ``view``'s position (a
        ValueError when that action is not legal there)."""
        ...

    def legal_actions(self, view: Any) -> list[int]:
        """The action ids of every legal move in ``view``'s position, ascending."""
        ...

    def action_mask(self, view: Any) -> np.ndarray:
        """An ``int8`` array of ``action_count``: 1 where the action is legal."""
        ...

    def observation(self, view: Any) -> np.ndarray:
        """What the seat of ``view`` sees, as an array of :attr:`observation_shape`."""
        ...


def encoding(game: str | engine.GameSpec, players: int, rules: Any = None) -> Encoding:
    """The encoding of ``game`` (a registry name or spec) for ``players`` seats.

    ``rules`` is the game's ``Rules`` (None for the default ones). Needs
    numpy (each adapter's extra pulls it in).
    """
    spec = game if isinstance(game, engine.GameSpec) else engine.game_spec(game)
    players = spec.check_players(players)
    if spec.encoding is None:
        raise ValueError(f"{spec.title} has no numeric encoding")
    module_name, _, class_name = spec.encoding.partition(":")
    try:
        factory = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as error:
        raise ValueError(
            f"{spec.title}'s encoding {brief(spec.encoding)} cannot be loaded: {error}"
        ) from error
    built = factory(players=players, rules=rules)
    if not isinstance(built, Encoding):
        raise TypeError(f"{spec.encoding} did not build an Encoding")
    return built


def check_action(action: object, count: int | None = None) -> int:
    """``action`` as an int when it is an action id: an integer (Python's or
    numpy's, not a bool) and, when ``count`` is given, in ``0 .. count - 1``;
    else a ValueError that says what was wrong.  Every encoding checks
    actions with it, so a bad one gets the same message in every game."""
    if type(action) is not int and (
        isinstance(action, bool) or not isinstance(action, numbers.Integral)
    ):
        raise ValueError(f"an action id is an integer, not {brief(action)}")
    if count is not None and not 0 <= action < count:  # type: ignore[operator]
        raise ValueError(f"action {action} is not in 0..{count - 1}")
    return int(action)  # type: ignore[call-overload]
