"""Hue's C batch (huegames.hue.vector.HueBatch) against the Python batch, the
specification: step for step the same observations, masks, rewards, ends,
infos (final observations and scores included), seats to move and random
actions, for 2 to 5 players, in self-play and against the random and greedy
bots, in every autoreset mode, on one thread or two; the compact
observation against the full one (its cell values decode to the planes);
the planes of a batch as image-shaped views; and what the C batch refuses
or leaves to the Python one."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from huegames import hue, vector
from huegames.hue import c_state
from huegames.hue.encoding import PLANES, HueEncoding
from huegames.hue.vector import HueBatch
from vector.replay import same

pytestmark = pytest.mark.skipif(not c_state.default, reason="needs the Hue C core as the backend")

MODES = ("same-step", "next-step", "disabled")


def compare(
    players: int,
    opponents: Any = None,
    mode: str = "same-step",
    *,
    threads: int = 1,
    seat: int = 0,
    envs: int = 5,
    steps: int = 40,
    seed: int = 5,
    observation: str = "full",
    rules: dict[str, Any] | None = None,
) -> int:
    """Step a C and a Python batch alike; how many games ended."""
    made = [
        vector.make(
            "hue",
            envs,
            players=players,
            seed=seed,
            opponents=opponents,
            seat=seat,
            autoreset_mode=mode,
            threads=threads,
            rules=rules,
            backend=backend,
            observation=observation,
        )
        for backend in ("c", "python")
    ]
    c, python = made
    assert c.backend == "c" and isinstance(c.batch, HueBatch) and python.backend == "python"
    same(c.reset(), python.reset(), "reset")
    ended = 0
    for step in range(steps):
        actions = c.random_actions()
        same(actions, python.random_actions(), f"random_actions {step}")
        results = c.step(actions), python.step(actions)
        same(*results, f"step {step}")
        terminated = results[0][2]
        ended += int(terminated.sum())
        if mode == "disabled" and terminated.any():
            options = {"reset_mask": terminated}
            same(c.reset(options=options), python.reset(options=options), f"reset {step}")
        if step == steps // 2:  # every env's next game
            same(c.reset(), python.reset(), f"reset {step}")
    for env in made:
        env.close()
    return ended


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("opponents", [None, "random", "greedy"])
def test_two_players(opponents: Any, mode: str) -> None:
    threads = 2 if MODES.index(mode) % 2 else 1
    assert compare(2, opponents, mode, threads=threads) > 0


@pytest.mark.parametrize(
    ("players", "opponents", "mode", "seat"),
    [
        (3, None, "next-step", 0),
        (3, ["greedy", "random"], "same-step", 2),
        (3, "random", "disabled", 1),
    ],
)
def test_three_players(players: int, opponents: Any, mode: str, seat: int) -> None:
    assert compare(players, opponents, mode, seat=seat, threads=2, envs=4, steps=40) > 0


@pytest.mark.parametrize(
    ("players", "opponents", "mode"),
    [(4, None, "same-step"), (4, "greedy", "next-step"), (5, "random", "disabled")],
)
def test_four_and_five_players(players: int, opponents: Any, mode: str) -> None:
    steps = 50 if opponents is None else 16
    assert compare(players, opponents, mode, envs=3, steps=steps) > 0


def test_without_covering() -> None:
    assert compare(2, "greedy", rules={"covering": False}, envs=4, steps=16) > 0


@pytest.mark.parametrize("opponents", [None, "greedy"])
def test_compact_c_batch_plays_as_the_python_batch(opponents: Any) -> None:
    assert compare(2, opponents, observation="compact", threads=2) > 0
    assert compare(3, opponents, "next-step", observation="compact", envs=3) > 0


@pytest.mark.parametrize("players", [2, 4])
def test_the_compact_observation_decodes_to_the_full_one(players: int) -> None:
    full, compact = (
        vector.make("hue", 4, players=players, seed=9, opponents="random", observation=kind)
        for kind in ("full", "compact")
    )
    assert compact.encoding.observation_kind == "compact"
    codes = compact.encoding.cell_codes
    assert codes[0] == 0 and len(codes) == 71 and (np.diff(codes.astype(int)) > 0).all()
    space = compact.single_observation_space["observation"]
    assert space.shape == compact.encoding.observation_shape and space.high.max() == 70
    (one, _), (other, _) = full.reset(), compact.reset()
    for step in range(12):
        parts, small = (
            full.encoding.parts(one["observation"]),
            compact.encoding.parts(other["observation"]),
        )
        assert set(parts) - {"planes"} == set(small) - {"cells"}
        for name in set(parts) - {"planes"}:
            same(parts[name], small[name], f"{name} {step}")
        cells = small["cells"]
        assert cells.shape == (4, *full.encoding.cell_shape) and cells.dtype == np.uint8
        # each value is the index of the cell's code: its 20 planes
        planes = compact.encoding.planes(other["observation"])
        same(planes, parts["planes"], f"planes {step}")
        occupied = parts["planes"][:, 19].astype(bool)
        assert ((cells > 0) == occupied).all()
        same(one["action_mask"], other["action_mask"], f"mask {step}")
        assert compact.observation_space.contains(other)
        actions = full.random_actions()
        same(actions, compact.random_actions(), f"actions {step}")
        one, other = full.step(actions)[0], compact.step(actions)[0]


def test_the_compact_encoding_of_one_view() -> None:
    full, compact = HueEncoding(3), HueEncoding(3, observation="compact")
    assert full.variant("compact").observation_shape == compact.observation_shape
    assert compact.variant("compact") is compact
    game = hue.bots.random_position(3, seed=4, moves=5)
    for seat in range(3):
        view = game.view(seat)
        observation = compact.observation(view)
        same(compact.planes(observation), full.planes(full.observation(view)), f"view {seat}")
        same(compact.observe_seat(game, seat)[0], observation, f"seat {seat}")
        decoded = compact.cell_codes[compact.parts(observation)["cells"]]
        for (x, y), code in game.board.grid.codes().items():
            x0, y0 = game.board.bounds()[:2]
            assert decoded[y - y0, x - x0] == code
    with pytest.raises(ValueError, match="observation must be one of"):
        HueEncoding(2, observation="tiny")
    with pytest.raises(ValueError, match="only the full observation"):
        vector.make("linja", 2, observation="compact")


@pytest.mark.parametrize("copy", [True, False])
def test_the_planes_of_a_batch_are_views(copy: bool) -> None:
    env = vector.make("hue", 6, players=2, seed=3, copy=copy)
    observations, _ = env.reset()
    observations, *_ = env.step(env.random_actions())
    batch = observations["observation"]
    parts = env.encoding.parts(batch)
    rows, cols = env.encoding.cell_shape
    assert parts["planes"].shape == (6, PLANES, rows, cols)
    assert parts["hand"].shape == (6, env.encoding.slots, 20)
    for part in parts.values():
        assert np.shares_memory(part, batch)
        assert part.flags.writeable == copy
    for env_index in range(6):  # each row's parts are the single observation's
        one = env.encoding.parts(batch[env_index])
        for name, part in parts.items():
            same(part[env_index], one[name], name)
    same(env.encoding.planes(batch), parts["planes"], "planes")
    with pytest.raises(ValueError, match="expected"):
        env.encoding.parts(batch[:, :-1])


def test_copy_false_gives_read_only_views_of_the_batch() -> None:
    env = vector.make("hue", 3, players=2, seed=3, copy=False, observation="compact")
    observations, _ = env.reset()
    first = observations["observation"]
    observations, *_ = env.step(env.random_actions())
    assert observations["observation"] is first or np.shares_memory(
        observations["observation"], first
    )
    assert not observations["action_mask"].flags.writeable


def test_settings_the_c_batch_leaves_to_python() -> None:
    assert vector.make("hue", 2, opponents="mcts").backend == "python"
    assert vector.make("hue", 2, opponents="greedy").backend == "c"
    assert vector.make("hue", 2, players=5, opponents="random").backend == "c"
    opening = {"opening": ["S0 0 0 0"]}
    assert vector.make("hue", 2, rules=opening).backend == "python"
    with pytest.raises(ValueError, match="no C batch"):
        vector.make("hue", 2, rules=opening, backend="c")


def test_threads_give_the_same_games() -> None:
    runs = []
    for threads in (1, 2, 3):
        env = vector.make("hue", 7, players=3, seed=11, opponents="greedy", threads=threads)
        env.reset()
        run = []
        for _ in range(15):
            observations, rewards, terminated, _, infos = env.step(env.random_actions())
            run.append((observations, rewards, terminated, infos["to_move"]))
        env.close()
        runs.append(run)
    for run in runs[1:]:
        for one, other in zip(runs[0], run, strict=True):
            same(one, other, "threads")


def test_the_core_refuses_what_the_env_would_not_pass() -> None:
    env = vector.make("hue", 3, players=2, seed=2)
    observations, _ = env.reset()
    batch = env.batch
    masks = observations["action_mask"]
    before = observations["observation"].copy()
    illegal = np.array([int(np.flatnonzero(row == 0)[0]) for row in masks], np.int64)
    with pytest.raises(RuntimeError, match="illegal"):
        batch.step(illegal, 0)
    with pytest.raises(RuntimeError, match="Hue C core refused"):
        batch.step(np.full(3, env.encoding.action_count, np.int64), 0)
    with pytest.raises(RuntimeError, match="Hue C core refused"):
        batch.step(np.full(3, -1, np.int64), 0)
    # nothing changed: the env goes on as the Python batch does
    same(env._observations()["observation"], before, "unchanged")
    python = vector.make("hue", 3, players=2, seed=2, backend="python")
    python.reset()
    for step in range(12):
        actions = env.random_actions()
        same(actions, python.random_actions(), f"actions {step}")
        same(env.step(actions), python.step(actions), f"step {step}")
