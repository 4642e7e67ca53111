"""One seat of any game as a Gymnasium environment, the other seats played by
huegames bots (``pip install "huegames[gymnasium]"``).

The agent's observation is ``Dict(observation=Box(...), action_mask=Box(0,
1, (n,), int8))`` from its seat's view (never another seat's hidden cards)
and its action is an action id of the game's :mod:`encoding
<huegames.encoding>` (``Discrete(n)``).  ``reset()`` plays the bots until it
is the agent's turn; ``step(action)`` plays the agent's action, then the
bots until the agent's turn comes again or the game ends.  The reward comes
at the end only: the agent's final score minus the mean of the others'
(``reward="score-difference"``) or +1/-1/0 for a win, a loss or a draw
(``reward="win-loss"``), as in :func:`huegames.rl.pettingzoo.env`.  An illegal
action ends the episode with :data:`ILLEGAL_REWARD`; :meth:`Env.action_masks`
gives the legal ones (the name sb3-contrib's ``MaskablePPO`` looks for).

Each game is registered with Gymnasium as ``huegames/<game>-v0``:

>>> import gymnasium
>>> import huegames.rl.gymnasium
>>> env = gymnasium.make("huegames/linja-v0", opponents="greedy")
>>> observation, info = env.reset(seed=1)
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((25,), True)
>>> terminated = False
>>> while not terminated:
...     action = int(observation["action_mask"].argmax())
...     observation, reward, terminated, truncated, info = env.step(action)
>>> sorted(info)
['scores', 'winners']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from .. import engine
from ..encoding import check_action
from ..engine import BotSpec
from ..records import brief
from . import _envs

__all__ = ["ILLEGAL_REWARD", "REWARDS", "Env", "env_id", "register_envs"]

REWARDS = _envs.REWARDS
"""The reward schemes :class:`Env` takes: ``"score-difference"`` and ``"win-loss"``."""

ILLEGAL_REWARD = -1.0
"""The reward of an illegal action, which ends the episode (the game is left as it was)."""

Opponents = BotSpec | str | engine.BotFactory | Sequence[BotSpec | str | engine.BotFactory]
"""One bot for every other seat, or a list of one bot per other seat, in seat order."""


class Env(gymnasium.Env[dict[str, Any], np.int64]):
    """Seat ``seat`` of ``game`` against huegames bots.

    ``game`` is a registry name or :class:`~huegames.engine.GameSpec`;
    ``players`` defaults to the fewest the game allows; ``rules`` are the
    game's ``Rules`` settings.  ``opponents`` is any bot the runner takes (a
    catalogue name such as ``"greedy"``, a spec such as
    ``"mcts:playouts=200"``, a :class:`~huegames.engine.BotSpec`, a bot class
    or factory) for every other seat, or a list of them, one per other seat
    in seat order.  Each game's bots are built afresh from its seed (with
    :func:`~huegames.engine.derive_seed`, as the runner seeds them), so a
    seeded episode replays exactly.

    ``reset(seed=s)`` deals ``new_game(players, s)``, the game huegames
    itself deals from ``s``; ``reset()`` deals from the environment's random
    generator (Gymnasium's ``np_random``).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 -- gymnasium.Env's own annotation
        "render_modes": list(_envs.RENDER_MODES),
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str | engine.GameSpec,
        players: int | None = None,
        seat: int = 0,
        opponents: Opponents = "random",
        reward: str = "score-difference",
        render_mode: str | None = None,
        **rules: Any,
    ) -> None:
        self.game_spec, self.players, self.rules = _envs.resolve(game, players, rules)
        self.seat = engine.check_int(seat, "seat")
        if not 0 <= self.seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {brief(seat)}")
        self.reward = _envs.check_choice(reward, _envs.REWARDS, "reward")
        self.render_mode = _envs.check_render_mode(render_mode)
        self.bots = _envs.opponents(opponents, self.players - 1)
        """One :class:`~huegames.engine.BotSpec` per other seat, in seat order."""
        for bot in self.bots:
            bot.check(self.game_spec)
        self.encoding = _envs.build_encoding(self.game_spec, self.players, self.rules)
        """The game's :class:`~huegames.encoding.Encoding` for this many players."""
        self.observation_space = _envs.observation_space(self.encoding)
        self.action_space = spaces.Discrete(self.encoding.action_count)
        # the encoding's own way to the agent's observation and mask, and to
        # play its action, without a view (see huegames.encoding), if it has them
        self._observe_seat = getattr(self.encoding, "observe_seat", None)
        self._play_seat = getattr(self.encoding, "play_seat", None)
        self.game: engine.State[Any] | None = None
        """The game being played (None before the first ``reset()``)."""
        self._seated: list[engine.Bot | None] = []
        self._over = True
        self._view: Any = None  # the agent's view observed last, for step

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new game and play the bots until the agent is to move."""
        if seed is not None and engine.check_seed(seed) < 0:  # Gymnasium's seeding takes none
            raise ValueError(f"seed must be None or at least 0, not {brief(seed)}")
        super().reset(seed=seed)
        if seed is None:
            game_seed = int(self.np_random.integers(0, 2**63 - 1))
        else:
            game_seed = engine.check_seed(seed)
        self.game = self.game_spec.new_game(self.players, seed=game_seed, rules=self.rules)
        others = iter(self.bots)
        self._seated = [
            None
            if seat == self.seat
            else (bot := next(others)).build(
                self.game_spec, engine.derive_seed(game_seed, seat, bot.label)
            )
            for seat in range(self.players)
        ]
        self._over = False
        self._view = None
        self._play_bots()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play the agent's action, then the bots until the agent's turn or the end."""
        game = self.game
        if game is None or self._over:
            raise RuntimeError("the episode is over: call reset()")
        if game.is_over:  # over before the agent's turn (the bots, or a hand on env.game)
            self._over = True
            reward = _envs.final_rewards(self.game_spec, game, self.reward)[self.seat]
            return self._observe(), reward, True, False, self._info()
        action = check_action(action)  # a string or a float is no action: a ValueError
        try:
            if self._play_seat is not None:
                self._play_seat(game, self.seat, action)
            else:
                view = self._view if self._view is not None else game.view(self.seat)
                game.play(self.encoding.action_to_move(view, action))
        except (TypeError, ValueError):  # not an action, or not a legal one here
            self._over = True
            return self._observe(), ILLEGAL_REWARD, True, False, {"illegal_action": action}
        self._play_bots()
        reward = 0.0
        if game.is_over:
            self._over = True
            reward = _envs.final_rewards(self.game_spec, game, self.reward)[self.seat]
        return self._observe(), reward, game.is_over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as bools (for sb3-contrib's ``MaskablePPO``)."""
        assert self.game is not None, "call reset() first"
        return self.encoding.action_mask(self.game.view(self.seat)).astype(bool)

    def render(self) -> str | np.ndarray | None:  # type: ignore[override]
        """The table (every hand shown): text for ``render_mode="ansi"``, a
        ``uint8`` array of height x width x 3 for ``"rgb_array"``."""
        return _envs.render(self.game_spec, self.game, self.render_mode)

    def _play_bots(self) -> None:
        game = self.game
        assert game is not None
        while (seat := game.current_player) is not None and seat != self.seat:
            bot = self._seated[seat]
            assert bot is not None
            game.play(bot.choose(game.view(seat)))

    def _observe(self) -> dict[str, np.ndarray]:
        game = self.game
        assert game is not None
        if self._observe_seat is not None:
            observation, mask = self._observe_seat(game, self.seat)
            return {"observation": observation, "action_mask": mask}
        view = self._view = game.view(self.seat)
        code = self.encoding
        if game.current_player == self.seat:
            mask = code.action_mask(view)
        else:
            mask = np.zeros(code.action_count, dtype=np.int8)
        return {"observation": code.observation(view), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        game = self.game
        assert game is not None
        if not game.is_over:
            return {}
        outcome = game.outcome()
        return {
            "scores": list(game.scores()),
            "winners": list(outcome.winners) if outcome is not None else [],
        }

    def __repr__(self) -> str:
        bots = ", ".join(bot.label for bot in self.bots)
        return (
            f"<huegames.rl.gymnasium.Env {self.game_spec.name}, {self.players} players, "
            f"seat {self.seat} against {bots}>"
        )


def env_id(game: str) -> str:
    """The Gymnasium id of a game: ``huegames/<game>-v0``.

    >>> from huegames.rl.gymnasium import env_id
    >>> env_id("hues-and-cues")
    'huegames/hues-and-cues-v0'
    """
    return f"huegames/{engine.game_spec(game).name}-v0"


def register_envs() -> list[str]:
    """Register every game with Gymnasium (done on import); returns the ids."""
    ids = []
    for name in engine.game_names():
        ident = f"huegames/{name}-v0"
        if ident not in gymnasium.registry:
            gymnasium.register(
                id=ident,
                entry_point="huegames.rl.gymnasium:Env",
                vector_entry_point="huegames.vector.env:gymnasium_vector_env",
                kwargs={"game": name},
                disable_env_checker=False,
            )
        ids.append(ident)
    return ids


register_envs()
