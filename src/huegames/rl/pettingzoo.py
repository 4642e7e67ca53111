"""Every game as a PettingZoo AEC environment (``pip install "huegames[pettingzoo]"``).

One environment class serves all four games, built on the engine contract
and the game's :mod:`encoding <huegames.encoding>`:

- agents ``"player_0"`` .. ``"player_{n-1}"``, one per seat;
- ``action_space(agent)``: ``Discrete(action_count)``, the encoding's action ids;
- ``observation_space(agent)``: ``Dict(observation=Box(...),
  action_mask=Box(0, 1, (action_count,), int8))`` as in PettingZoo's classic
  games; the observation is built from that seat's view alone (never another
  seat's hidden cards), and the mask is all zeros for a seat not to move;
- ``reset(seed=...)`` deals ``new_game(players, seed)``, the same game as
  ``huegames`` itself deals from that seed (None: a fresh seed); each later
  ``reset()`` without a seed deals the next game of that seed's sequence;
- rewards come at the end only (``reward="score-difference"`` or
  ``"win-loss"``, see :func:`env`); every agent is terminated then, and
  never truncated (every game ends by its rules);
- ``render_mode="ansi"``: the table as text; ``"rgb_array"``: the game's
  picture as an array (needs ``huegames[png]`` and Pillow).

>>> from huegames.rl import pettingzoo
>>> aec = pettingzoo.env("linja")
>>> aec.reset(seed=3)
>>> aec.agent_selection, aec.action_space("player_0")
('player_0', Discrete(29))
>>> final = {}
>>> for agent in aec.agent_iter():
...     observation, reward, terminated, truncated, info = aec.last()
...     if terminated:
...         final[agent] = reward
...         aec.step(None)
...     else:
...         aec.step(int(observation["action_mask"].argmax()))  # the first legal action
>>> aec.agents, final, info["scores"]
([], {'player_0': 3.0, 'player_1': -3.0}, [33, 30])
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from .. import engine
from ..encoding import check_action
from ..records import brief
from . import _envs

__all__ = ["REWARDS", "env", "raw_env"]

REWARDS = _envs.REWARDS
"""The reward schemes :func:`env` takes: ``"score-difference"`` and ``"win-loss"``."""

ILLEGAL_REWARD = -1.0
"""What :func:`env`'s environment gives a seat that plays an illegal action
(the game ends there, as in PettingZoo's classic games)."""


def env(
    game: str | engine.GameSpec,
    players: int | None = None,
    render_mode: str | None = None,
    reward: str = "score-difference",
    seed: int | None = None,
    **rules: Any,
) -> AECEnv:
    """A game as a PettingZoo AEC environment, wrapped as the classic games are.

    ``game`` is a registry name (``"hue"``, ``"linja"``, ``"plank"``,
    ``"hues-and-cues"``) or a :class:`~huegames.engine.GameSpec`;
    ``players`` defaults to the fewest the game allows; ``rules`` are the
    game's ``Rules`` settings (``env("linja", tie_break="goal")``).

    ``reward="score-difference"`` (the default): each seat's final score
    minus the mean of the other seats' final scores, so the rewards add up
    to 0; where lower scores win (Plank with 3 players: penalties) it is
    negated, so more is always better.  ``reward="win-loss"``: +1 for each
    winner (a shared or team win included), -1 for each other seat, 0 for
    every seat in a draw.

    ``seed``: the first ``reset()`` without a seed deals from this one.

    As in PettingZoo's classic games, an illegal action ends the game with
    :data:`ILLEGAL_REWARD` for the seat that played it and 0 for the others
    (``TerminateIllegalWrapper``'s rule), an action outside the action space
    is an AssertionError (``AssertOutOfBoundsWrapper``'s), and the calls
    must come in order, reset first (``OrderEnforcingWrapper``, the one
    wrapper used: the other two rules are built into :class:`raw_env`, as
    every wrapper layer costs each attribute read a lookup through it).
    """
    made = raw_env(
        game,
        players,
        render_mode=render_mode,
        reward=reward,
        seed=seed,
        illegal_reward=ILLEGAL_REWARD,
        **rules,
    )
    return _OrderEnforcing(made)


def _forward(name: str) -> property:
    def read(self: wrappers.OrderEnforcingWrapper) -> Any:
        if not self._has_reset:  # as OrderEnforcingWrapper: not before reset
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(read, doc=f"The environment's ``{name}``.")


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` with ``last()`` and the
    attributes read every step passed straight through: its ``__getattr__``
    fallback costs each read a failed lookup first (``last()`` through it took
    three times as long), and ``step()`` goes to the environment's without
    the base wrapper's call between."""

    agent_selection = _forward("agent_selection")
    agents = _forward("agents")
    rewards = _forward("rewards")
    terminations = _forward("terminations")
    truncations = _forward("truncations")
    infos = _forward("infos")
    _cumulative_rewards = _forward("_cumulative_rewards")

    @property
    def num_agents(self) -> int:
        """How many agents are still in the game."""
        return len(self.agents)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation and info."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        """Play the selected agent's action, checked as ``OrderEnforcingWrapper.step``
        checks it (reset first; once no agent is left, a warning instead)."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if self.env.agents:
            self.env.step(action)
        else:
            EnvLogger.warn_step_after_terminated_truncated()

    def __str__(self) -> str:
        return str(self.env)


class raw_env(AECEnv):  # PettingZoo's name for the unwrapped environment
    """A game as a PettingZoo AEC environment, without the order check of :func:`env`.

    ``illegal_reward=None`` (the default): an illegal action raises a
    ValueError naming it (``action 1 is not legal for seat 0 here``) and
    leaves the game as it was; a number: the game ends there with that reward for the seat that
    played it, 0 for the others (what :func:`env` does).  An action outside
    the action space is an AssertionError.  ``game``, ``players``,
    ``render_mode``, ``reward``, ``seed`` and ``rules`` are as for :func:`env`.
    The game in progress is :attr:`game` (a huegames state: ``scores()``,
    ``to_dict()`` for a record of the episode, ...).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 -- AECEnv's own annotation
        "render_modes": list(_envs.RENDER_MODES),
        "name": "huegames_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str | engine.GameSpec,
        players: int | None = None,
        render_mode: str | None = None,
        reward: str = "score-difference",
        seed: int | None = None,
        illegal_reward: float | None = None,
        **rules: Any,
    ) -> None:
        super().__init__()
        self.illegal_reward = None if illegal_reward is None else float(illegal_reward)
        self.game_spec, count, self.rules = _envs.resolve(game, players, rules)
        self.metadata = {**type(self).metadata, "name": f"huegames_{self.game_spec.name}_v0"}
        self.render_mode = _envs.check_render_mode(render_mode)
        self.reward = _envs.check_choice(reward, _envs.REWARDS, "reward")
        self.encoding = _envs.build_encoding(self.game_spec, count, self.rules)
        """The game's :class:`~huegames.encoding.Encoding` for this many players."""
        self.possible_agents = [f"player_{seat}" for seat in range(count)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # one space object per agent, each with its own random stream
        self.observation_spaces = {
            agent: _envs.observation_space(self.encoding) for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.encoding.action_count) for agent in self.possible_agents
        }
        self._mask_off = np.zeros(self.encoding.action_count, dtype=np.int8)
        # the encoding's own way to a seat's observation and mask, and to play
        # its action, without a view (HueEncoding's), when it has them
        self._observe_seat = getattr(self.encoding, "observe_seat", None)
        self._play_seat = getattr(self.encoding, "play_seat", None)
        self._next_seed = None if seed is None else engine.check_seed(seed)
        self._deals = 0
        self._views: dict[int, Any] = {}
        self.game: engine.State[Any] | None = None
        """The game being played (None before the first ``reset()``)."""

    # -- spaces ------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.Space[Any]:
        """``Dict(observation=Box(...), action_mask=Box(0, 1, (n,), int8))``
        (the same object each call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space[Any]:
        """``Discrete(action_count)`` (the same object each call)."""
        return self.action_spaces[agent]

    # -- the episode -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed`` when given (the game ``new_game(players,
        seed)`` deals), else the next of the last seed's sequence, else a fresh seed."""
        if seed is not None:
            self._next_seed, self._deals = engine.check_seed(seed), 0
        if self._next_seed is None:
            game_seed = engine.fresh_seed()
        else:
            base, self._deals = self._next_seed, self._deals + 1
            game_seed = base if self._deals == 1 else engine.derive_seed(base, self._deals - 1)
        self.game = self.game_spec.new_game(
            len(self.possible_agents), seed=game_seed, rules=self.rules
        )
        self._views = {}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        seat = self.game.current_player
        if seat is None:  # a game over before its first move: end it here
            self._finish(0)
        else:
            self.agent_selection = self.agents[seat]

    def _view(self, seat: int) -> Any:
        view = self._views.get(seat)
        if view is None:
            assert self.game is not None
            view = self._views[seat] = self.game.view(seat)
        return view

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent``'s seat sees: ``{"observation": ..., "action_mask": ...}``
        (the mask is all zeros when that seat is not to move)."""
        assert self.game is not None, "call reset() first"
        seat = self._seats[agent]
        if self._observe_seat is not None:
            observation, mask = self._observe_seat(self.game, seat)
            return {"observation": observation, "action_mask": mask}
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(seat)
        code = self.encoding
        # the view's current_player is the game's: the view is of this move
        mask = code.action_mask(view) if seat == view.current_player else self._mask_off.copy()
        return {"observation": code.observation(view), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play the selected agent's action (None for an agent whose game is
        over, which takes it out of :attr:`agents`)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None
        seat = self._seats[agent]
        if action is None:
            raise ValueError(f"{agent} is to move: None is an action only once the game is over")
        try:
            action = check_action(action)  # an integer: not a string, a float or a bool
        except ValueError:
            raise AssertionError(f"action is not in action space: {brief(action)}") from None
        assert 0 <= action < self.encoding.action_count, "action is not in action space"
        try:
            if self._play_seat is not None:
                self._play_seat(game, seat, action)
            else:
                view = self._views.get(seat)
                if view is None:
                    view = self._views[seat] = game.view(seat)
                game.play(self.encoding.action_to_move(view, action))
        except ValueError:
            if self.illegal_reward is None:
                raise
            self._illegal(agent, action)
            return
        self._views = {}
        self._cumulative_rewards[agent] = 0.0
        following = game.current_player
        if following is None:
            self._finish(seat)
        else:
            self.agent_selection = self.agents[following]

    def _illegal(self, agent: str, action: int) -> None:
        """End the game as PettingZoo's ``TerminateIllegalWrapper`` does."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = float(self.illegal_reward or 0.0)
        self.infos[agent] = {**self.infos[agent], "illegal_action": action}
        self._accumulate_rewards()
        self._deads_step_first()

    def _finish(self, last: int) -> None:
        """The game is over: every agent's final reward and termination."""
        game = self.game
        assert game is not None
        outcome = game.outcome()
        scores = game.scores()
        rewards = _envs.final_rewards(self.game_spec, game, self.reward, scores, outcome)
        winners = list(outcome.winners) if outcome is not None else []
        for seat, agent in enumerate(self.agents):
            self.rewards[agent] = rewards[seat]
            self.terminations[agent] = True
            self.infos[agent] = {"scores": list(scores), "winners": list(winners)}
        self._accumulate_rewards()
        self.agent_selection = self.agents[(last + 1) % len(self.agents)]

    # -- pictures --------------------------------------------------------------------

    def render(self) -> str | np.ndarray | None:
        """The table (every hand shown): text for ``render_mode="ansi"``, a
        ``uint8`` array of height x width x 3 for ``"rgb_array"``; None (with
        a warning) without a render mode."""
        return _envs.render(self.game_spec, self.game, self.render_mode)

    def close(self) -> None:
        """Nothing to release (no window is ever opened)."""

    def __repr__(self) -> str:
        players = len(self.possible_agents)
        return f"<huegames.rl.pettingzoo.raw_env {self.game_spec.name}, {players} players>"

    def __str__(self) -> str:
        return str(self.metadata["name"])
