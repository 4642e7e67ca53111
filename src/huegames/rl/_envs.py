"""What the PettingZoo and Gymnasium adapters share: the game and its rules,
the spaces, the final rewards and the pictures.

Imported by :mod:`huegames.rl.pettingzoo` and :mod:`huegames.rl.gymnasium` only
(it needs numpy and gymnasium's spaces), never by a game.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces

from .. import engine, pictures
from ..encoding import Encoding, encoding
from ..records import brief

REWARDS: Final = ("score-difference", "win-loss")
"""The reward schemes: see :func:`final_rewards`."""
RENDER_MODES: Final = ("ansi", "rgb_array")
"""What ``render()`` can return: text (``"ansi"``) or an RGB picture (``"rgb_array"``)."""


def resolve(
    game: str | engine.GameSpec, players: int | None, rules: dict[str, Any]
) -> tuple[engine.GameSpec, int, Any]:
    """The game's spec, the checked player count (None: the fewest the game
    allows) and its ``Rules`` built from keyword settings (None when none)."""
    spec = game if isinstance(game, engine.GameSpec) else engine.game_spec(game)
    count = spec.check_players(spec.min_players if players is None else players)
    made = spec.rules_class(**rules) if rules else None
    return spec, count, made


def check_choice(value: object, choices: tuple[str, ...], name: str) -> str:
    """``value`` when it is one of ``choices``, else a ValueError naming them."""
    if value not in choices:
        raise ValueError(
            f"{name} must be one of {', '.join(map(repr, choices))}, not {brief(value)}"
        )
    return value  # type: ignore[return-value]


def check_render_mode(mode: object) -> str | None:
    """``mode`` when it is None or one of :data:`RENDER_MODES`, else a ValueError."""
    if mode is None:
        return None
    return check_choice(mode, RENDER_MODES, "render_mode")


def observation_space(code: Encoding) -> spaces.Dict:
    """``Dict(observation=Box(...), action_mask=Box(0, 1, (n,), int8))``.

    The Box takes the encoding's ``observation_low`` and ``observation_high``
    when it has them (a number or an array of its shape); otherwise the
    bounds of its dtype (0 and 1 for bool, the whole range for integers,
    unbounded for floats).
    """
    dtype = np.dtype(code.observation_dtype)
    low = getattr(code, "observation_low", None)
    high = getattr(code, "observation_high", None)
    if low is None or high is None:
        if dtype == np.bool_:
            low, high = 0, 1
        elif np.issubdtype(dtype, np.integer):
            info = np.iinfo(dtype)
            low, high = info.min, info.max
        else:
            low, high = -np.inf, np.inf
    box = spaces.Box(low=low, high=high, shape=tuple(code.observation_shape), dtype=dtype)
    mask = spaces.Box(low=0, high=1, shape=(code.action_count,), dtype=np.int8)
    return spaces.Dict({"observation": box, "action_mask": mask})


def opponents(bots: Any, count: int) -> list[engine.BotSpec]:
    """One :class:`~huegames.engine.BotSpec` per other seat (``count``), in
    seat order, from one bot for all (a name, spec, class or factory) or a
    list of one per seat."""
    if isinstance(bots, (engine.BotSpec, str)) or callable(bots):
        return [engine.BotSpec.of(bots)] * count
    if isinstance(bots, Sequence):
        specs = [engine.BotSpec.of(bot) for bot in bots]
        if len(specs) != count:
            raise ValueError(f"{len(specs)} opponents for {count} other seats: give one per seat")
        return specs
    raise TypeError(f"opponents are a bot or a list of bots, not {brief(bots)}")


def build_encoding(spec: engine.GameSpec, players: int, rules: Any) -> Encoding:
    """The game's encoding, or a ValueError saying that it has none yet."""
    return encoding(spec, players, rules)


def final_rewards(
    spec: engine.GameSpec,
    game: engine.State[Any],
    reward: str,
    scores: Sequence[float] | None = None,
    outcome: engine.Outcome | None = None,
) -> list[float]:
    """Each seat's reward for a finished game (``scores`` and ``outcome``:
    the game's ``scores()`` and ``outcome()`` when the caller has them).

    ``"score-difference"``: the seat's final score minus the mean of the
    other seats' scores (so the rewards add up to 0), negated where lower
    scores win (Plank with 3 players, whose scores are penalties).
    ``"win-loss"``: +1 for each winner, -1 for each other seat, 0 for all
    in a draw.
    """
    players = game.players
    if reward == "win-loss":
        if outcome is None:
            outcome = game.outcome()
        winners = set(outcome.winners) if outcome is not None else set()
        if not winners:
            return [0.0] * players
        return [1.0 if seat in winners else -1.0 for seat in range(players)]
    if scores is None:
        scores = game.scores()
    total = sum(scores)
    sign = -1.0 if players in spec.lower_scores_win else 1.0
    return [sign * (players * score - total) / (players - 1) for score in scores]


_TAG: Final = re.compile(r"(\\*)\[([a-z#/@][^[]*?)]")


def strip_markup(markup: str) -> str:
    """Rich console markup as plain text: rich's own reading when rich is
    installed, else the same tags removed (``\\[`` stays a bracket)."""
    try:
        from rich.text import Text
    except ImportError:

        def plain(match: re.Match[str]) -> str:
            backslashes, escaped = divmod(len(match.group(1)), 2)
            # an odd backslash escapes the bracket: text, not a tag
            return "\\" * backslashes + (f"[{match.group(2)}]" if escaped else "")

        return _TAG.sub(plain, markup)
    return Text.from_markup(markup).plain


def render(spec: engine.GameSpec, game: engine.State[Any] | None, mode: str | None) -> Any:
    """What ``render()`` gives in ``mode``: the table as text (``"ansi"``), as a
    ``uint8`` array (``"rgb_array"``), or None with a warning (no mode)."""
    if mode is None:
        gymnasium.logger.warn("render() needs a render_mode: 'ansi' or 'rgb_array'")
        return None
    if game is None:
        raise RuntimeError("call reset() before render()")
    return render_ansi(spec, game) if mode == "ansi" else render_rgb(spec, game)


def render_ansi(spec: engine.GameSpec, game: engine.State[Any]) -> str:
    """A text picture of the whole table (every hand shown): the game's
    console picture without its colours, or ``str(game)`` for a game without one."""
    if spec.console is None:
        return str(game)
    return strip_markup(spec.console(game))


def render_rgb(spec: engine.GameSpec, game: engine.State[Any]) -> np.ndarray:
    """The game's picture (every hand shown) as a ``uint8`` array of height x
    width x 3, on white; needs resvg-py (``huegames[png]``) and Pillow."""
    if spec.svg is None:
        raise ValueError(f"{spec.title} has no picture to render")
    data = pictures.png(spec.svg(game))
    try:
        from PIL import Image
    except ImportError:
        raise ImportError('render_mode="rgb_array" needs Pillow: pip install Pillow') from None
    with Image.open(io.BytesIO(data)) as picture:
        rgba = picture.convert("RGBA")
    canvas = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    canvas.alpha_composite(rgba)
    return np.asarray(canvas.convert("RGB"), dtype=np.uint8).copy()
