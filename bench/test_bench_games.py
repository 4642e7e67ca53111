"""Whole games of Hue through the public API, on each backend, in one run.

Each game is dealt on the named backend (``hue.new_game(backend=...)``):
on "c" its table, cards laid and hands live in the C core
(``huegames.hue.c_state``), on "python" in the pure-Python engine, the
specification.  The bots are the same Python code on both.  Each round
plays a whole seeded game, the seeds rotated over 64 games.

pip install ".[bench]" && python -m pytest bench --benchmark-only
"""

from __future__ import annotations

import random

import pytest

from conftest import BACKENDS, POSITIONS, record
from huegames import engine, hue

backends = pytest.mark.parametrize("backend", BACKENDS)


def new_game(players: int, seed: int, backend: str) -> hue.Game:
    """``hue.new_game`` on the given backend."""
    return hue.new_game(players, seed=seed, backend=backend)


def _seeds():
    seeds = iter(range(10**9))
    return lambda: next(seeds) % POSITIONS


@backends
def test_whole_random_game(benchmark, backend):
    """new_game, legal_moves and play to the end, then scores: 4 players, random moves."""
    assert new_game(2, 0, backend).board.backend == backend
    next_seed = _seeds()

    def play_a_game():
        seed = next_seed()
        game = new_game(4, seed, backend)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_moves()
            game.play(legal[rng.randrange(len(legal))])
        return game.scores(), game.winner

    benchmark.pedantic(play_a_game, rounds=64 if backend == "python" else 320, warmup_rounds=4)
    record(benchmark, "whole random game, 4 players", backend, unit="game")


@backends
def test_random_bots_game(benchmark, backend):
    """One game of engine.play_game (views, RandomBot.choose): 2 players."""
    next_seed = _seeds()

    def play_a_game():
        seed = next_seed()
        bots = [hue.RandomBot(seed=2 * seed + seat) for seat in range(2)]
        return engine.play_game(new_game(2, seed, backend), bots).scores()

    benchmark.pedantic(play_a_game, rounds=64 if backend == "python" else 320, warmup_rounds=4)
    record(benchmark, "random bots game, 2 players", backend, unit="game")
