"""Thousands of games stepped at once, for learning and for evaluating
policies written with numpy (``pip install "huegames[gymnasium]"``).

- :func:`make`: a :class:`gymnasium.vector.VectorEnv` of ``num_envs`` games
  of Hue, Linja, Plank or Hues and Cues; the games with a C core step
  every env in one call into it.
- :func:`evaluate`: a batched policy ``policy(observations, masks) ->
  actions`` against the built-in bots, summarised as
  :func:`huegames.simulate` summarises a run.

>>> from huegames import vector
>>> envs = vector.make("linja", num_envs=4, seed=1)
>>> observations, infos = envs.reset()
>>> observations["observation"].shape, observations["action_mask"].shape
((4, 25), (4, 29))
>>> observations, rewards, terminated, truncated, infos = envs.step(envs.random_actions())
>>> rewards.shape, infos["to_move"].shape
((4, 2), (4,))
"""

from __future__ import annotations

from .batch import AUTORESET_MODES, game_seed
from .env import VectorEnv, make
from .evaluate import PolicyError, evaluate, load_policy

__all__ = [
    "AUTORESET_MODES",
    "PolicyError",
    "VectorEnv",
    "evaluate",
    "game_seed",
    "load_policy",
    "make",
]
