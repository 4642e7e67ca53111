"""Vector environments: steps a second of ``huegames.vector.make`` batches
against the same game's single PettingZoo AEC environment, in one run; and
``vector.evaluate`` against ``simulate`` with a Python bot of the same policy.

- A vector step is ``envs.step(envs.random_actions())`` on 1,024 envs in
  self-play (every seat the caller's), counted as 1,024 steps; finished
  games start again inside the step (same-step autoreset), so the positions
  rotate by themselves.  Each batch is measured with ``copy=True`` (the
  default: every observation returned is the caller's copy) and
  ``copy=False`` (read-only views), on one thread and on two.
- The single environment is what ``test_bench_envs.py`` steps: ``last()``,
  a random legal action from the mask, ``step``.
- pgx's ``connect_four`` at the same batch size, jitted, stands beside
  them where pgx installs (``pip install pgx``; it needs jax).
- ``evaluate`` plays a seeded linear policy (numpy) against the greedy bot
  in the kernels; ``simulate`` plays the same policy as a Python bot
  (``choose(view)``: the encoding's observation and mask, the same numpy
  function on a batch of one) against the same bot, on one worker.  Run
  them with ``OPENBLAS_NUM_THREADS=1``: both sides make the same numpy
  product, and numpy's OpenBLAS would split only the batched one over
  threads, whose hand-overs on a busy machine cost more than they give,
  so the linear rows would measure BLAS's threads, not the engines.

pip install ".[bench]" && python -m pytest bench/test_bench_vector.py --benchmark-only
OPENBLAS_NUM_THREADS=1 python -m pytest bench/test_bench_vector.py --benchmark-only -k greedy
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

from conftest import aec_stepper, record_vector

pytest.importorskip("gymnasium")

from huegames import simulate, vector
from huegames.encoding import encoding
from huegames.rl import pettingzoo as hz

ENVS = 1024
STEPS = 100
"""Batch steps per measured call (``STEPS * ENVS`` env steps)."""
AEC_STEPS = 2000

GAMES = [("linja", 2), ("plank", 2), ("plank", 4), ("hue", 2)]
GAME_IDS = [f"{game}-{players}" for game, players in GAMES]


def _label(envs: vector.VectorEnv, copy: bool, threads: int) -> str:
    return (
        f"vector, {envs.num_envs} envs ({envs.backend}), {threads} thread"
        + ("s" if threads > 1 else "")
        + ("" if copy else ", copy=False")
    )


@pytest.mark.parametrize(("game", "players"), GAMES, ids=GAME_IDS)
def test_single_aec_env(benchmark, game, players):
    """The baseline: the game's single PettingZoo AEC environment."""
    run = aec_stepper(hz.env(game, players), AEC_STEPS)
    benchmark.pedantic(run, rounds=10, warmup_rounds=1)
    record_vector(benchmark, f"{game}, {players} players", "single AEC env", AEC_STEPS,
                  baseline=True)  # fmt: skip


BATCHES = [(game, players, "full") for game, players in GAMES] + [("hue", 2, "compact")]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("copy", [True, False], ids=["copy", "views"])
@pytest.mark.parametrize(
    ("game", "players", "observation"), BATCHES, ids=[f"{g}-{p}-{o}" for g, p, o in BATCHES]
)
def test_vector_env(benchmark, game, players, observation, copy, threads):
    """``ENVS`` games in one ``huegames.vector`` batch, random legal actions."""
    envs = vector.make(
        game, ENVS, players=players, seed=1, copy=copy, threads=threads, observation=observation
    )
    envs.reset()

    def run() -> None:
        for _ in range(STEPS):
            envs.step(envs.random_actions())

    benchmark.pedantic(run, rounds=5, warmup_rounds=1)
    record_vector(
        benchmark,
        f"{game}, {players} players",
        _label(envs, copy, threads) + ("" if observation == "full" else f", {observation}"),
        STEPS * ENVS,
    )
    envs.close()


def test_pgx_connect_four(benchmark):
    """pgx's connect_four at the same batch size (jitted vmap), for reference."""
    pgx = pytest.importorskip("pgx")
    import jax

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = pgx.make("connect_four")
    from pgx.experimental import auto_reset

    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(auto_reset(env.step, env.init)))  # a finished game starts anew

    @jax.jit
    def act(key, state):
        logits = jax.numpy.where(state.legal_action_mask, 0.0, -jax.numpy.inf)
        return jax.random.categorical(key, logits, axis=-1)

    key = jax.random.PRNGKey(0)
    key, sub = jax.random.split(key)
    state = init(jax.random.split(sub, ENVS))
    keys = iter(jax.random.split(key, 10**5))

    def run() -> None:
        nonlocal state
        for _ in range(STEPS):
            key_act, key_step = jax.random.split(next(keys))
            state = step(state, act(key_act, state), jax.random.split(key_step, ENVS))
        jax.block_until_ready(state)

    benchmark.pedantic(run, rounds=5, warmup_rounds=1)
    record_vector(benchmark, "connect_four (pgx)", f"pgx, {ENVS} envs", STEPS * ENVS)


class LinearPolicy:
    """A fixed linear policy: the legal action of the highest ``W @ observation``
    (Linja's and Plank's: Hue's weights would take 2.8 GB)."""

    def __init__(self, code: Any, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        size = (code.observation_shape[0], code.action_count)
        self.weights = rng.standard_normal(size).astype(np.float32)

    def __call__(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        values = observations.reshape(len(observations), -1).astype(np.float32) @ self.weights
        return np.where(masks != 0, values, -np.inf).argmax(axis=1)


def first_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """The lowest legal action id of every row: the engine's cost alone."""
    return masks.argmax(axis=1)


POLICIES = {"first legal": lambda code: first_legal, "linear": LinearPolicy}
EVALUATED = [
    ("linja", "first legal"), ("linja", "linear"), ("plank", "first legal"),
    ("plank", "linear"), ("hue", "first legal"),
]  # fmt: skip
EVALUATED_IDS = [f"{game}-{policy.replace(' ', '-')}" for game, policy in EVALUATED]


def _policy_bot(code: Any, policy: Any) -> Any:
    """The same policy as a Python bot of the engine, for ``simulate``: the
    encoding's observation and mask of the view, the policy on a batch of one."""

    class PolicyBot:
        def __init__(self, seed: int | None = None) -> None:
            self.seed = seed

        def choose(self, view: Any) -> Any:
            observation = code.observation(view)[None]
            mask = code.action_mask(view)[None]
            return code.action_to_move(view, int(policy(observation, mask)[0]))

    return PolicyBot


@pytest.mark.parametrize(("game", "policy_name"), EVALUATED, ids=EVALUATED_IDS)
def test_evaluate_against_greedy(benchmark, game, policy_name):
    """``vector.evaluate``: a numpy policy against the greedy bot, batched."""
    policy = POLICIES[policy_name](encoding(game, 2))
    games = 1024
    seeds = iter(range(10**6))
    benchmark.pedantic(
        lambda: vector.evaluate(policy, game, against="greedy", games=games, seed=next(seeds)),
        rounds=7,  # a steadier median: these rounds are short
        warmup_rounds=1,
    )
    record_vector(
        benchmark, f"evaluate {game}, {policy_name}", "vector.evaluate vs greedy (games)", games
    )


@pytest.mark.parametrize(("game", "policy_name"), EVALUATED, ids=EVALUATED_IDS)
def test_simulate_python_bot_against_greedy(benchmark, game, policy_name):
    """The baseline: the same policy as a Python bot through ``simulate``."""
    code = encoding(game, 2)
    bot = _policy_bot(code, POLICIES[policy_name](code))
    games = 16 if game == "hue" else 64
    seeds = iter(range(10**6))
    benchmark.pedantic(
        lambda: simulate(game, [bot, "greedy"], games=games, workers=1, seed=next(seeds)),
        rounds=7,  # a steadier median: these rounds are short
        warmup_rounds=1,
    )
    record_vector(
        benchmark,
        f"evaluate {game}, {policy_name}",
        "simulate, Python bot vs greedy (games)",
        games,
        baseline=True,
    )
