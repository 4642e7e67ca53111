"""Plank's C batch (huegames.plank.vector.PlankBatch) against the Python batch,
the specification: step for step the same observations, masks, rewards,
ends, infos (final observations and scores included), seats to move and
random actions, for 2 to 4 players, in self-play and against the random and
greedy bots, in every autoreset mode, on one thread or two, under the rules'
draw options; and what the C batch refuses or leaves to the Python one."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from huegames import vector
from huegames.plank import c_state, kernel
from huegames.plank.vector import PlankBatch
from vector.replay import same

pytestmark = pytest.mark.skipif(
    not (c_state.available and kernel.available), reason="needs the Plank C core"
)

MODES = ("same-step", "next-step", "disabled")


def compare(
    players: int,
    opponents: Any = None,
    mode: str = "same-step",
    *,
    threads: int = 1,
    rules: dict[str, Any] | None = None,
    seat: int = 0,
    envs: int = 8,
    steps: int = 120,
    seed: int = 5,
    lowest: bool = False,
) -> dict[str, int]:
    """Step a C and a Python batch alike; how many hands ended, and how.
    ``lowest``: every other step each env's lowest legal action, not a
    random one (shifts to and fro: positions repeat)."""
    made = [
        vector.make(
            "plank",
            envs,
            players=players,
            seed=seed,
            opponents=opponents,
            seat=seat,
            autoreset_mode=mode,
            threads=threads,
            rules=rules,
            backend=backend,
        )
        for backend in ("c", "python")
    ]
    c, python = made
    assert c.backend == "c" and isinstance(c.batch, PlankBatch) and python.backend == "python"
    results = c.reset(), python.reset()
    same(*results, "reset")
    observations = results[0][0]
    ended = {"won": 0, "drawn": 0}
    for step in range(steps):
        if lowest and step % 2:
            actions = observations["action_mask"].argmax(axis=1).astype(np.int64)
        else:
            actions = c.random_actions()
            same(actions, python.random_actions(), f"random_actions {step}")
        results = c.step(actions), python.step(actions)
        observations = results[0][0]
        same(*results, f"step {step}")
        terminated, infos = results[0][2], results[0][4]
        if terminated.any():
            won = infos["final_info"]["winners"][terminated].any(axis=1)
            ended["won"] += int(won.sum())
            ended["drawn"] += int((~won).sum())
            if mode == "disabled":
                options = {"reset_mask": terminated}
                results = c.reset(options=options), python.reset(options=options)
                same(*results, f"reset {step}")
                observations = results[0][0]
        if step in (steps // 3, 2 * steps // 3):  # every env's next hand, then a new seed
            again = {} if step == steps // 3 else {"seed": seed + 1}
            results = c.reset(**again), python.reset(**again)
            same(*results, f"reset {step}")
            observations = results[0][0]
    for env in made:
        env.close()
    return ended


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("opponents", [None, "random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_c_batch_plays_as_the_python_batch(players: int, opponents: Any, mode: str) -> None:
    threads = 2 if (players + MODES.index(mode)) % 2 else 1
    ended = compare(players, opponents, mode, threads=threads)
    assert ended["won"] + ended["drawn"] > 0


@pytest.mark.parametrize(
    ("players", "rules", "opponents"),
    [
        (2, {"repetition": 2, "turn_limit": 30}, "greedy"),
        (3, {"repetition": None, "turn_limit": 12}, None),
        (4, {"repetition": 4, "turn_limit": 16}, "random"),
        (2, {"repetition": 3, "turn_limit": 24}, "random"),
    ],
)
def test_rules_pass_through(players: int, rules: dict[str, Any], opponents: Any) -> None:
    ended = compare(players, opponents, rules=rules, envs=8, steps=150)
    assert ended["drawn"] > 0  # the turn limit or a repetition drew hands


@pytest.mark.parametrize("mode", MODES)
def test_repetitions(mode: str) -> None:
    # the counter in the observations, and draws by repetition (no hand
    # reaches the turn limit)
    rules = {"repetition": 2, "turn_limit": 200}
    ended = compare(2, None, mode, rules=rules, envs=8, steps=150, lowest=True)
    assert ended["drawn"] > 0
    ended = compare(3, "greedy", mode, rules=rules, envs=6, steps=100, lowest=True)


@pytest.mark.parametrize(
    ("players", "seat", "opponents"),
    [(2, 1, "greedy"), (3, 2, ["greedy", "random"]), (4, 3, ["random", "greedy", "greedy"])],
)
def test_any_seat_against_mixed_bots(players: int, seat: int, opponents: Any) -> None:
    compare(players, opponents, "next-step", seat=seat, threads=2, envs=5, steps=60)


def test_threads_give_the_same_games() -> None:
    runs = []
    for threads in (1, 2, 3):
        env = vector.make("plank", 7, players=3, seed=11, opponents="greedy", threads=threads)
        env.reset()
        run = []
        for _ in range(40):
            observations, rewards, terminated, _, infos = env.step(env.random_actions())
            run.append((observations["observation"], rewards, terminated, infos["to_move"]))
        env.close()
        runs.append(run)
    for run in runs[1:]:
        for one, other in zip(runs[0], run, strict=True):
            same(one, other, "threads")


def test_settings_the_c_batch_leaves_to_python() -> None:
    assert vector.make("plank", 2, rules={"turn_limit": None}).backend == "python"
    assert vector.make("plank", 2, opponents="search").backend == "python"
    assert vector.make("plank", 2, opponents="greedy").backend == "c"
    with pytest.raises(ValueError, match="no C batch"):
        vector.make("plank", 2, rules={"turn_limit": None}, backend="c")
    # too long a history for the repetition rule (16 bytes a turn, each env)
    assert vector.make("plank", 3, rules={"turn_limit": 2**31 - 1}).backend == "python"
    assert vector.make("plank", 3, rules={"turn_limit": 10**6, "repetition": None}).backend == "c"


def test_bots_that_end_a_hand_before_the_caller_moves() -> None:
    # seat 1 moves second: a turn limit of 1 ends the hand on the bot's move
    for backend in ("c", "python"):
        env = vector.make(
            "plank", 4, seed=3, opponents="random", seat=1, rules={"turn_limit": 1}, backend=backend
        )
        if env.backend == "c":
            with pytest.raises(RuntimeError, match="Plank C core refused"):
                env.reset()
        else:
            with pytest.raises(RuntimeError):
                env.reset()


def test_the_core_refuses_what_the_env_would_not_pass() -> None:
    env = vector.make("plank", 3, players=2, seed=2)
    env.reset()
    batch = env.batch
    masks = batch.buffers.masks  # the arrays the batch writes
    observations = batch.buffers.observations.copy()
    illegal = np.array([int(np.flatnonzero(row == 0)[0]) for row in masks], np.int64)
    with pytest.raises(RuntimeError, match="illegal"):
        batch.step(illegal, 0)
    with pytest.raises(RuntimeError, match="argument"):
        batch.step(np.full(3, 1801, np.int64), 0)
    with pytest.raises(RuntimeError, match="argument"):
        batch.step(np.full(3, -1, np.int64), 0)
    np.testing.assert_array_equal(batch.buffers.observations, observations)
    for bad in (np.zeros(2, np.int64), np.zeros(3, np.int32), np.zeros(6, np.int64)[::2]):
        with pytest.raises(ValueError, match="int64"):
            batch.step(bad, 0)
        with pytest.raises(ValueError, match="int64"):
            batch.random_actions(bad)
    with pytest.raises(ValueError, match="envs"):
        batch.reset(2, np.ones(2, np.bool_))
    # the envs refused are unchanged: the env steps on
    env.step(env.random_actions())
    fresh = vector.make("plank", 2, seed=1, backend="c")
    with pytest.raises(RuntimeError, match="state"):  # never reset
        fresh.batch.step(np.zeros(2, np.int64), 0)
    with pytest.raises(ValueError, match="digits"):
        fresh.reset(seed=10**300)


def test_random_actions_are_the_specifications_on_any_mask() -> None:
    from huegames.vector.batch import random_action

    ffi, lib = c_state.ffi, c_state.lib
    rng = np.random.default_rng(1)
    count = 300
    masks = np.zeros((count, 1801), np.int8)
    for row in range(count):  # any bytes, few or many legal, in any block, or none
        legal = int(rng.integers(0, 80))
        low = 1700 if row % 5 == 0 else 0
        masks[row, rng.integers(low, 1801, size=legal)] = rng.integers(-128, 128, size=legal)
    envs = ffi.new("plank_env[]", count)
    states = [int(s) for s in rng.integers(0, 2**63, size=count)]
    for env, state in enumerate(states):
        envs[env].actions = state
    out = np.zeros(count, np.int64)
    for _ in range(3):
        status = lib.plank_vector_random_actions(
            envs, count, ffi.from_buffer("int8_t[]", masks), ffi.from_buffer("int64_t[]", out)
        )
        assert status == count
        for env in range(count):
            states[env], action = random_action(states[env], masks[env])
            assert (out[env], envs[env].actions) == (action, states[env])
