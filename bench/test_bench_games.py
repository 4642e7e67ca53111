"""Whole games of Hue through the public API, on each backend, in one run.

The backend is chosen once at import (``HUEGAMES_BACKEND``); to measure both
in the same run, each benchmark swaps ``huegames.hue._backend.Grid`` -- the
one class that differs between the backends, used by every ``Board`` made
while the swap lasts -- for the named backend's grid.  Everything else (the
game logic, the move lists, the bots) is the same Python code, exactly as
with ``HUEGAMES_BACKEND`` set.  Each round plays a whole seeded game, the
seeds rotated over 64 games.

pip install ".[bench]" && python -m pytest bench --benchmark-only
"""

from __future__ import annotations

import random

import pytest

from conftest import BACKENDS, POSITIONS, record
from huegames import hue
from huegames.batch import Spec, play_one
from huegames.hue import _backend

backends = pytest.mark.parametrize("backend", sorted(BACKENDS))


@pytest.fixture
def on(monkeypatch):
    """Make every Board built from now on (in this test) live on the given backend."""

    def swap(backend: str) -> None:
        monkeypatch.setattr(_backend, "Grid", BACKENDS[backend])
        assert type(hue.new_game(2, seed=0).board._grid) is BACKENDS[backend]

    return swap


def _seeds():
    seeds = iter(range(10**9))
    return lambda: next(seeds) % POSITIONS


@backends
def test_whole_random_game(benchmark, backend, on):
    """new_game, legal_moves and play to the end, then scores: 4 players, random moves."""
    on(backend)
    next_seed = _seeds()

    def play_a_game():
        seed = next_seed()
        game = hue.new_game(4, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_moves()
            game.play(legal[rng.randrange(len(legal))])
        return game.scores(), game.winner

    benchmark.pedantic(play_a_game, rounds=64 if backend == "python" else 320, warmup_rounds=4)
    record(benchmark, "whole random game, 4 players", backend, unit="game")


@backends
def test_runner_game_random_bots(benchmark, backend, on):
    """One game of the batch runner (views, RandomBot.choose, the record): 2 players."""
    on(backend)
    spec = Spec("hue", ("random", "random"), 2, seed=1)
    next_seed = _seeds()
    benchmark.pedantic(
        lambda: play_one(spec, next_seed()),
        rounds=64 if backend == "python" else 320,
        warmup_rounds=4,
    )
    record(benchmark, "runner game, random vs random", backend, unit="game")
