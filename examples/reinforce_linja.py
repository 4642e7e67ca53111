"""REINFORCE on Linja: a linear softmax policy learns to beat the random bot.

The policy scores each of Linja's 29 actions with a linear function of the
25-number observation (:mod:`huegames.linja.encoding`) plus a bias, and
plays the softmax of those scores over the legal actions only.  It learns
by REINFORCE with a baseline: many games are played at once in
:func:`huegames.vector.make` against the ``"random"`` bot, each move's
log-probability is pushed up or down by how much the game's final reward
(our score minus the bot's) beat the batch's mean, and Adam takes the step.
At the end :func:`huegames.vector.evaluate` plays the untrained policy
(all weights zero: a uniformly random legal move) and the trained one
against the random bot on the same seeds.

    python examples/reinforce_linja.py --seed 1 --updates 150 --envs 256

Only numpy and huegames.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

import numpy as np

from huegames import vector
from huegames.linja.encoding import ACTION_COUNT, OBSERVATION_SHAPE
from huegames.run.stats import BotSummary

Params = np.ndarray
"""The policy's weights: ``(features, 29)``, one column of scores per action
(the 25 observation numbers and a constant 1 as the features)."""
FEATURES = OBSERVATION_SHAPE[0] + 1


def features(observations: np.ndarray) -> np.ndarray:
    """The observations ``(n, 25)`` with a constant 1 appended (the bias): ``(n, 26)``."""
    return np.concatenate([observations, np.ones((len(observations), 1))], axis=1)


def probabilities(params: Params, x: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """The softmax of the scores ``x @ params`` over each row's legal actions
    (``masks`` non-zero), 0 for the others: ``(n, 29)``."""
    scores = np.where(masks > 0, x @ params, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    return weights / weights.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


def sample(probs: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action per row, drawn from that row's probabilities (never one of 0)."""
    cumulative = probs.cumsum(axis=1)
    draws = rng.random(len(probs))[:, None] * cumulative[:, -1:]
    actions: np.ndarray = np.minimum((cumulative <= draws).sum(axis=1), ACTION_COUNT - 1)
    return actions


def policy_of(
    params: Params, seed: int = 0, greedy: bool = False
) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """The batched policy ``policy(observations, masks) -> actions`` that
    :func:`huegames.vector.evaluate` plays: sampled from the softmax (seeded
    by ``seed``), or its most likely legal action when ``greedy``."""
    rng = np.random.default_rng(seed)

    def policy(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        probs = probabilities(params, features(observations), masks)
        return probs.argmax(axis=1) if greedy else sample(probs, rng)

    return policy


def returns(rewards: np.ndarray, ended: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each move's return, the final reward of its game (the only reward),
    from a rollout's ``(steps, envs)`` rewards and game ends; and which
    moves have one (their game ended within the rollout)."""
    future = np.zeros(rewards.shape[1])
    known = np.zeros(rewards.shape[1], np.bool_)
    out, has = np.zeros_like(rewards), np.zeros_like(ended)
    for step in reversed(range(len(rewards))):
        future = np.where(ended[step], rewards[step], future)
        known |= ended[step]
        out[step], has[step] = future, known
    return out, has


def policy_gradient(
    xs: np.ndarray,
    probs: np.ndarray,
    actions: np.ndarray,
    game_returns: np.ndarray,
    counted: np.ndarray,
    finished: np.ndarray,
) -> np.ndarray:
    """REINFORCE's estimate of the gradient of the expected reward with
    respect to the weights, from a rollout's features ``(steps, envs, 26)``,
    probabilities and actions, each move's return and whether it has one,
    and the rewards of the games that ended: each counted move's
    ``d log p(action) / d params``, weighted by its return less the
    baseline (the games' mean reward), divided by their spread."""
    advantages = np.where(counted, (game_returns - finished.mean()) / (finished.std() + 1e-8), 0)
    chosen = np.zeros_like(probs)
    np.put_along_axis(chosen, actions[..., None], 1.0, axis=2)
    # d log softmax(scores)[action] / d scores = one-hot(action) - probabilities
    signal = (chosen - probs) * advantages[..., None]
    gradient: np.ndarray = np.einsum("sef,sea->fa", xs, signal) / counted.sum()
    return gradient


class Adam:
    """Adam gradient ascent on one array (Kingma and Ba's defaults)."""

    def __init__(self, shape: tuple[int, ...], learning_rate: float) -> None:
        self.learning_rate = learning_rate
        self.mean, self.square = np.zeros(shape), np.zeros(shape)
        self.steps = 0

    def step(self, params: Params, gradient: np.ndarray) -> None:
        """Move ``params`` (in place) up ``gradient``."""
        self.steps += 1
        self.mean = 0.9 * self.mean + 0.1 * gradient
        self.square = 0.999 * self.square + 0.001 * gradient**2
        mean = self.mean / (1 - 0.9**self.steps)
        square = self.square / (1 - 0.999**self.steps)
        params += self.learning_rate * mean / (np.sqrt(square) + 1e-8)


def train(
    updates: int,
    envs: int,
    seed: int,
    *,
    steps: int = 64,
    learning_rate: float = 0.02,
    log: Callable[[str], object] | None = print,
) -> Params:
    """Train the policy for ``updates`` updates against the random bot and
    return its weights: each update plays ``steps`` moves in each of
    ``envs`` games (a finished game starts the next at once) and takes one
    REINFORCE step from the moves whose game ended.  The same arguments
    give the same weights; ``log`` (None: silent) gets a line every 10
    updates: the finished games' win rate and mean reward."""
    rng = np.random.default_rng(seed)
    env = vector.make("linja", envs, seed=seed, opponents="random")
    params = np.zeros((FEATURES, ACTION_COUNT))
    adam = Adam(params.shape, learning_rate)
    observations, _ = env.reset()
    started = time.perf_counter()
    for update in range(updates):
        xs = np.zeros((steps, envs, FEATURES))
        probs = np.zeros((steps, envs, ACTION_COUNT))
        actions = np.zeros((steps, envs), np.int64)
        rewards = np.zeros((steps, envs))
        ended = np.zeros((steps, envs), np.bool_)
        for step in range(steps):
            xs[step] = features(observations["observation"])
            probs[step] = probabilities(params, xs[step], observations["action_mask"])
            actions[step] = sample(probs[step], rng)
            observations, rewards[step], ended[step], _, _ = env.step(actions[step])
        finished = rewards[ended]  # the final reward of each game that ended
        if len(finished):
            gradient = policy_gradient(xs, probs, actions, *returns(rewards, ended), finished)
            adam.step(params, gradient)
        if log is not None and len(finished) and (update % 10 == 0 or update == updates - 1):
            log(
                f"update {update + 1:4d}/{updates}: {len(finished):4d} games,"
                f" won {np.mean(finished > 0):6.1%}, mean reward {np.mean(finished):+6.2f},"
                f" {time.perf_counter() - started:5.1f} s"
            )
    env.close()
    return params


def against_random(params: Params, games: int, seed: int, greedy: bool = False) -> BotSummary:
    """The policy's results (wins, win interval, scores) in ``games`` games
    against the random bot, half of them in each seat; seeded by ``seed``."""
    policy = policy_of(params, seed, greedy)
    summary = vector.evaluate(
        policy, "linja", against="random", games=games, seed=seed, name="reinforce"
    )
    return summary.bot("reinforce")


def main(argv: Sequence[str] | None = None) -> None:
    """Train (``--seed``, ``--updates``, ``--envs``), then evaluate untrained and trained."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--updates", type=int, default=150)
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--games", type=int, default=2000, help="games of each evaluation")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    params = train(args.updates, args.envs, args.seed)
    print(f"trained in {time.perf_counter() - started:.1f} s")
    untrained = np.zeros_like(params)
    for name, weights, greedy in [
        ("untrained", untrained, False),
        ("trained", params, False),
        ("trained, greedy", params, True),
    ]:
        result = against_random(weights, args.games, args.seed + 1, greedy)
        low, high = result.win_interval()
        print(
            f"{name:>16} vs random: won {result.win_rate:6.1%} (95% CI {low:.1%}-{high:.1%})"
            f" of {result.games} games, mean score {result.mean_score:.1f}"
        )


if __name__ == "__main__":
    main()
