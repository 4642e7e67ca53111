"""The C kernel's whole random games: games per second on one core.

Each round plays a batch of games from the next seed of a rotation, so no
two rounds replay the same games.  The ratio table (per game) compares the
kernel with the obvious alternative, the same kind of random game played
move by move through ``hue.Game`` on the active grid backend.  Each
benchmark's ``extra_info["games_per_second"]`` holds the throughput.

pip install ".[bench]" && python -m pytest bench/test_bench_kernel.py --benchmark-only
"""

from __future__ import annotations

import itertools
import random

import pytest

import huegames
from conftest import record
from huegames import hue
from huegames.hue import kernel

if not kernel.available:
    pytest.skip("the kernel needs the C backend", allow_module_level=True)

BATCH = 2000
players = pytest.mark.parametrize("players", [2, 3, 4, 5])


def record_per_game(benchmark, players: int, backend: str, games: int) -> None:
    """conftest.record with the mean time per game: one call plays ``games``."""
    group = f"{players}-player random game (per game)"
    record(benchmark, group, backend, unit="game", per=games)


@players
def test_kernel_scores_only(benchmark, players):
    seeds = itertools.count(1)
    benchmark.pedantic(
        lambda: kernel.random_scores(players, BATCH, next(seeds)), rounds=20, warmup_rounds=1
    )
    record_per_game(benchmark, players, "c", BATCH)


@players
def test_kernel_full_records(benchmark, players):
    """Deal, moves and scores as Python objects (KernelGame)."""
    seeds = itertools.count(1)
    batch = BATCH // 4
    benchmark.pedantic(
        lambda: kernel.random_games(players, batch, next(seeds)), rounds=10, warmup_rounds=1
    )
    record_per_game(benchmark, players, "c records", batch)


@players
def test_engine_random_game(benchmark, players):
    seeds = itertools.count(1)

    def one_game():
        seed = next(seeds)
        game = hue.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_moves()
            game.play(legal[rng.randrange(len(legal))])
        return game.winner

    benchmark.pedantic(one_game, rounds=40, warmup_rounds=2)
    record_per_game(benchmark, players, f"engine on {hue.backend} grid", 1)


# -- real bots through the runner's kernel path -----------------------------------

BOT_RUNS = {"greedy vs random": ("greedy,random", 200, 5), "random vs random": ("random", 2000, 1)}


@pytest.mark.parametrize("pairing", list(BOT_RUNS))
@pytest.mark.parametrize("engine", ["kernel", "python"])
def test_runner_bots(benchmark, pairing, engine):
    """Whole games through huegames.simulate on one core: the kernel path
    (``engine="kernel"``) against the Python engine (``engine="python"``),
    each round a run of the next seed, so no two rounds play the same games."""
    bots, games, rounds = BOT_RUNS[pairing]
    if engine == "python":  # the same runs, far fewer games: ratios are per game
        games = max(1, games // 50)
    seeds = itertools.count(1)

    def run() -> None:
        huegames.simulate("hue", bots, games=games, seed=next(seeds), workers=1, engine=engine)

    benchmark.pedantic(run, rounds=rounds, warmup_rounds=1)
    backend = "c" if engine == "kernel" else "python engine"
    record(benchmark, f"hue {pairing} through the runner (per game)", backend, "game", games)
