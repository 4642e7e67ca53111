"""examples/reinforce_linja.py: REINFORCE through huegames.vector learns to
beat Linja's random bot, seeded, the same on either backend."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "reinforce_linja.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    """The example, imported from its path (examples/ is not a package)."""
    spec = importlib.util.spec_from_file_location("reinforce_linja", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_training_beats_the_untrained_policy_against_random(example):
    # Training seeds 1 to 8 of this run win 79% to 88% of these 600 games, the
    # untrained policy (a uniformly random legal move) 50%: a margin of 20
    # points is 7 standard deviations of the difference away from no learning.
    params = example.train(updates=40, envs=64, seed=1, log=None)
    untrained = example.against_random(np.zeros_like(params), games=600, seed=7)
    trained = example.against_random(params, games=600, seed=7)
    assert untrained.games == trained.games == 600
    assert abs(untrained.win_rate - 0.5) < 0.06  # about the random bot's strength
    assert trained.win_rate > untrained.win_rate + 0.2, (untrained.win_rate, trained.win_rate)
    assert trained.win_interval()[0] > untrained.win_interval()[1]
    assert trained.mean_score > untrained.mean_score


def test_training_is_seeded(example):
    first = example.train(updates=3, envs=8, seed=5, log=None)
    assert np.array_equal(first, example.train(updates=3, envs=8, seed=5, log=None))
    assert not np.array_equal(first, example.train(updates=3, envs=8, seed=6, log=None))


def test_the_policy_plays_only_legal_actions(example):
    rng = np.random.default_rng(0)
    params = rng.normal(size=(example.FEATURES, 29)) * 3
    observations = rng.random((500, 25)).astype(np.float32)
    masks = (rng.random((500, 29)) < 0.1).astype(np.int8)
    masks[np.arange(500), rng.integers(0, 29, 500)] = 1
    for greedy in (False, True):
        actions = example.policy_of(params, seed=1, greedy=greedy)(observations, masks)
        assert actions.shape == (500,)
        assert masks[np.arange(500), actions].all()


def test_the_command_line_trains_then_reports_both_win_rates(example, capsys):
    example.main(["--seed", "2", "--updates", "2", "--envs", "8", "--games", "20"])
    out = capsys.readouterr().out
    assert "update    2/2:" in out
    for name in ("untrained vs random", "trained vs random", "greedy vs random"):
        assert f"{name}: won" in out and "of 20 games" in out
