"""The benchmarks' alternative, ``bench/scipy_scoring.py``, scores Hue as the engine does."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest

from huegames import hue

BENCH = Path(__file__).resolve().parents[2] / "bench"


def scipy_scoring() -> ModuleType:
    """bench/scipy_scoring.py, imported from its path (bench/ is not a package)."""
    pytest.importorskip("scipy")
    spec = importlib.util.spec_from_file_location("scipy_scoring", BENCH / "scipy_scoring.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_scipy_scoring_agrees_with_the_engine():
    """bench/ compares the engine with a scipy scoring: it must be the same scoring."""
    colour_values = scipy_scoring().colour_values

    boards = 0
    for seed in range(60):
        game = hue.new_game(2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_moves()
            game.play(legal[rng.randrange(len(legal))])
            if len(game.history) % 3 == 0 or game.is_over:
                assert colour_values(game.board) == game.board.colour_values(), game.to_dict()
                boards += 1
    assert boards > 300  # positions of 60 games, every third move
