"""A batched numpy policy against the built-in bots (:func:`evaluate`)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import engine
from ..records import brief
from ..rl import _envs
from ..run.stats import Summary
from .env import VectorEnv

__all__ = ["POLICY_NAME", "Policy", "PolicyError", "evaluate", "load_policy"]

Policy = Callable[[np.ndarray, np.ndarray], Any]
"""``policy(observations, masks) -> actions``: a batch of observations
``(n, *shape)`` and legal-action masks ``(n, action_count)`` in, one action
id per row out."""
POLICY_NAME = "policy"
"""How the summary names the policy."""


class PolicyError(ValueError):
    """The policy failed while it played: it raised, or gave actions that are
    not one legal action id per env.  The message names the policy, the game,
    the seat it played and the run's seed."""


def load_policy(path: str) -> Policy:
    """The policy ``"package.module:function"`` names (``function`` may be a
    dotted path, ``module:Agent.act``); a ValueError when it cannot be
    imported or is not callable.

    >>> from huegames.vector.evaluate import load_policy
    >>> load_policy("numpy:argmax").__name__
    'argmax'
    """
    if not isinstance(path, str):
        raise TypeError(f"a policy is named package.module:function, not {brief(path)}")
    module_name, separator, attribute = path.partition(":")
    if not separator or not module_name or not attribute:
        raise ValueError(f"name a policy as package.module:function, not {brief(path)}")
    try:
        target: Any = importlib.import_module(module_name)
        for name in attribute.split("."):
            target = getattr(target, name)
    except (ImportError, AttributeError, TypeError, ValueError) as error:  # TypeError: ".x:f"
        raise ValueError(f"cannot import the policy {brief(path)}: {error}") from None
    if not callable(target):
        raise ValueError(f"the policy {brief(path)} is not a function")
    return target  # type: ignore[no-any-return]


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
    scores), the policy named ``name``, each bot by its label.  The policy
    reads the batch's own arrays, read-only (``make(copy=False)``): one that
    needs to change them works on a copy.  A policy that raises, or gives
    anything but one legal action id per env, stops the run with a
    :class:`PolicyError`.
    """
    games = engine.check_int(games, "games")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {brief(games)}")
    num_envs = engine.check_int(num_envs, "num_envs")
    if num_envs < 1:
        raise ValueError(f"num_envs must be at least 1, not {brief(num_envs)}")
    seed = engine.fresh_seed() if seed is None else engine.check_seed(seed)
    spec, count, _ = _envs.resolve(
        game, players, dict(rules or {})
    )  # the first batch checks the rest
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
            copy=False,
            autoreset_mode="disabled",  # an env starts a game only when it has one to play
        )
        labels = [name if bot is None else bot.label for bot in envs.setup.bots]
        try:
            _play(policy, envs, wanted, labels, summary)
        except PolicyError as error:
            raise PolicyError(
                f"the policy {name} failed in {spec.name} (seat {seat}, seed {seed}): {error}"
            ) from error.__cause__
        finally:
            envs.close()
    return summary


def _play(
    policy: Policy, envs: VectorEnv, wanted: int, labels: list[str], summary: Summary
) -> None:
    """Play ``wanted`` games in ``envs`` and add them to ``summary`` (in the
    order they end, all at once after the last): env ``i`` plays games
    ``i``, ``i + num_envs``, ... of them, so which games count does not
    depend on how long any lasts.  An env starts its next
    game only while it has games to play, an env that has played its share
    is stepped no more (``step_mask``), and the policy sees only the rows of
    the envs still playing."""
    observations, _ = envs.reset()
    quota = np.array([len(range(env, wanted, envs.num_envs)) for env in range(envs.num_envs)])
    playing = quota > 0
    actions = np.zeros(envs.num_envs, np.int64)
    scores: list[np.ndarray] = []  # the finished games' rows, in the order they end
    winners: list[np.ndarray] = []
    while playing.any():
        rows = None if playing.all() else np.flatnonzero(playing)
        shown, masks = observations["observation"], observations["action_mask"]
        if rows is not None:
            shown, masks = shown[rows], masks[rows]
        try:
            chosen = policy(shown, masks)
        except Exception as error:  # the user's code: any failure is the policy's
            raise PolicyError(f"it raised {type(error).__name__}: {error}") from error
        try:
            given = chosen if rows is None else _spread(chosen, rows, actions)
            observations, _, terminated, _, infos = envs.step(given, step_mask=playing)
        except (TypeError, ValueError) as error:
            raise PolicyError(f"it gave bad actions: {error}") from error
        ended = np.flatnonzero(terminated)
        if not len(ended):
            continue
        final = infos["final_info"]
        scores.append(final["scores"][ended])
        winners.append(final["winners"][ended])
        quota[ended] -= 1
        playing = quota > 0
        again = np.zeros(envs.num_envs, np.bool_)
        again[ended] = playing[ended]
        if again.any():
            observations, _ = envs.reset(options={"reset_mask": again})
    summary.add_games(labels, np.concatenate(scores), np.concatenate(winners))


def _spread(chosen: Any, rows: np.ndarray, into: np.ndarray) -> np.ndarray:
    """The policy's actions for ``rows`` placed in those rows of ``into``
    (the others 0, unread); a TypeError or ValueError for anything but one
    integer per row (the step then checks each is legal in its env)."""
    array = np.asarray(chosen)
    if array.dtype == np.bool_ or array.dtype.kind not in "iu":
        raise TypeError(f"actions are integer action ids, not an array of {array.dtype}")
    if array.shape != rows.shape:
        raise ValueError(
            f"expected one action per env still playing, shape {rows.shape}, not {array.shape}"
        )
    into[:] = 0
    into[rows] = array
    return into
