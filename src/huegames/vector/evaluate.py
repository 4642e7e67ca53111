"""A batched numpy policy against the built-in bots (:func:`evaluate`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .. import engine
from ..records import brief
from ..run.stats import Summary
from .env import VectorEnv

__all__ = ["POLICY_NAME", "Policy", "evaluate"]

Policy = Callable[[np.ndarray, np.ndarray], Any]
"""``policy(observations, masks) -> actions``: a batch of observations
``(n, *shape)`` and legal-action masks ``(n, action_count)`` in, one action
id per row out."""
POLICY_NAME = "policy"
"""How the summary names the policy."""


def evaluate(
    policy: Policy,
    game: str | engine.GameSpec,
    *,
    against: Any = "greedy",
    games: int = 1000,
    players: int | None = None,
    seed: int | None = None,
    num_envs: int = 256,
    rules: dict[str, Any] | None = None,
    threads: int = 1,
    name: str = POLICY_NAME,
) -> Summary:
    """Play ``games`` games of ``policy`` against ``against`` (a bot for
    every other seat, or one per other seat) and summarise them.

    The policy's seat turns: game ``g`` seats it at ``g % players``, so
    ``games`` a multiple of ``players`` gives each seat its share.  The
    games of each seat run in a :func:`~huegames.vector.make` batch of up
    to ``num_envs`` envs, the bots inside the C core where the game's
    kernel plays them.  Returns the :class:`~huegames.run.stats.Summary`
    :func:`huegames.simulate` gives (win rates with their intervals, mean
    scores), the policy named ``name``, each bot by its label.
    """
    games = engine.check_int(games, "games")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {brief(games)}")
    num_envs = engine.check_int(num_envs, "num_envs")
    if num_envs < 1:
        raise ValueError(f"num_envs must be at least 1, not {brief(num_envs)}")
    seed = engine.fresh_seed() if seed is None else engine.check_seed(seed)
    probe = VectorEnv(game, 1, players=players, rules=rules, opponents=against, seed=seed)
    spec, count = probe.game_spec, probe.players
    summary = Summary(spec.name, count, lower_scores_win=count in spec.lower_scores_win)
    for seat in range(count):
        wanted = len(range(seat, games, count))
        if not wanted:
            continue
        envs = VectorEnv(
            spec,
            min(num_envs, wanted),
            players=count,
            rules=rules,
            opponents=against,
            seat=seat,
            seed=engine.derive_seed(seed, seat),
            threads=min(threads, min(num_envs, wanted)),
        )
        labels = [name if bot is None else bot.label for bot in envs.setup.bots]
        _play(policy, envs, wanted, labels, summary)
        envs.close()
    return summary


def _play(
    policy: Policy, envs: VectorEnv, wanted: int, labels: list[str], summary: Summary
) -> None:
    """Play ``wanted`` games in ``envs`` and add them to ``summary``: env
    ``i`` plays games ``i``, ``i + num_envs``, ... of them, so which games
    count does not depend on how long any lasts (an env that has played its
    share plays on uncounted until the others are done)."""
    observations, _ = envs.reset()
    quota = np.array([len(range(env, wanted, envs.num_envs)) for env in range(envs.num_envs)])
    while quota.any():
        actions = np.asarray(policy(observations["observation"], observations["action_mask"]))
        if actions.shape != (envs.num_envs,):
            raise ValueError(
                f"the policy gave actions of shape {actions.shape}, not ({envs.num_envs},)"
            )
        observations, _, terminated, _, infos = envs.step(actions)
        ended = np.flatnonzero(terminated & (quota > 0))
        if not len(ended):
            continue
        final = infos["final_info"]
        for env in ended:
            winners = np.flatnonzero(final["winners"][env]).tolist()
            summary.add(
                {"seats": labels, "scores": final["scores"][env].tolist(), "winners": winners}
            )
        quota[ended] -= 1
