"""Plank through the runner: games per second on one core, kernel and Python paths.

Each round plays a batch from the next run seed of a rotation, so no two
rounds replay the same hands.  ``huegames simulate plank --bots A,B
--workers 1`` does the same; the ratio table compares the C kernel
("c") with the Python engine playing the same hands ("python",
``engine="python"``), measured in this one run.  The Python engine's move
generation is measured on its own too.

pip install ".[bench]" && python -m pytest bench/test_bench_plank.py --benchmark-only
"""

from __future__ import annotations

import itertools

import pytest

from conftest import record
from huegames import plank, simulate
from huegames.plank import kernel

BOTS = pytest.mark.parametrize("bots", ["random,random", "greedy,greedy"])
GAMES = {"random,random": (2000, 100), "greedy,greedy": (500, 10)}
"""Games per round: kernel, Python path."""


def _rounds(bots: str, engine: str, games: int, benchmark) -> None:
    seeds = itertools.count(1)
    benchmark.pedantic(
        lambda: simulate("plank", bots, games=games, seed=next(seeds), workers=1, engine=engine),
        rounds=5,
        warmup_rounds=1,
    )
    backend = "c" if engine == "kernel" else "python"
    record(benchmark, f"plank {bots} through the runner (per game)", backend, "game", games)


@BOTS
def test_runner_kernel(benchmark, bots):
    if not kernel.available:
        pytest.skip("the Plank C core is not loaded")
    _rounds(bots, "kernel", GAMES[bots][0], benchmark)


@BOTS
def test_runner_python(benchmark, bots):
    _rounds(bots, "python", GAMES[bots][1], benchmark)


def test_legal_moves(benchmark):
    """The Python engine's legal moves, rotating over positions of random hands."""
    positions = []
    for seed in range(64):
        game = plank.new_game(players=2, seed=seed)
        bots = [plank.RandomBot(seed=seed), plank.RandomBot(seed=seed + 1)]
        for _ in range(10 + seed % 30):
            if game.is_over:
                break
            seat = game.current_player
            assert seat is not None
            game.play(bots[seat].choose(game.view(seat)))
        positions.append(game)
    cycle = itertools.cycle(positions)
    benchmark(lambda: next(cycle).legal_moves())
    record(benchmark, "plank legal moves (per position)", "python", "position")
