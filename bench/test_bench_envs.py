"""AEC environment steps per second: every game's PettingZoo environment side
by side with PettingZoo's own connect_four_v3 and chess_v6, in one run.

A step is what PettingZoo's ``performance_benchmark`` counts: ``last()``
(the observation and the action mask built), a random legal action drawn
from the mask, ``step(action)``; a finished game is reset (not counted as a
step) from the next of 64 rotating seeds.  The legal ids are read from the
mask seen as bools (``np.flatnonzero(mask.view(np.bool_))``): numpy's
``nonzero`` on the ``int8`` mask itself takes about 14 times as long, 0.17 ms
on Hue's 92,232 actions, more than the environment's whole step.  Every environment is the wrapped
one a user gets from ``env()``.  Each game is measured at its fewest and its
most players; Hue on the backend loaded (``HUEGAMES_BACKEND``).  The table
at the end gives each rate and its ratio to connect_four_v3.

pip install ".[bench]" && python -m pytest bench/test_bench_envs.py --benchmark-only
"""

from __future__ import annotations

import warnings

import pytest

from conftest import STEP_BASELINE, aec_stepper, record_steps
from huegames import engine, hue
from huegames.rl import pettingzoo as hz

STEPS = 500
"""Steps per measured call."""


def _classic(name: str):
    """PettingZoo's own environment ``name`` (skipped without chess or pygame)."""
    pytest.importorskip("pygame")
    if name == "chess_v6":
        pytest.importorskip("chess")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from pettingzoo.classic import chess_v6, connect_four_v3
    return {"connect_four_v3": connect_four_v3, "chess_v6": chess_v6}[name].env()


@pytest.mark.parametrize("name", [STEP_BASELINE, "chess_v6"])
def test_pettingzoo_classic(benchmark, name):
    """The reference: PettingZoo's own classic environments."""
    steps = aec_stepper(_classic(name), STEPS)
    benchmark.pedantic(steps, rounds=5 if name == "chess_v6" else 20, warmup_rounds=1)
    record_steps(benchmark, name, STEPS)


GAMES = [
    pytest.param(name, players, id=f"{name}-{players}")
    for name in engine.game_names()
    for players in sorted({engine.game_spec(name).min_players, engine.game_spec(name).max_players})
]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_huegames_env(benchmark, name, players):
    """Each game's ``huegames.rl.pettingzoo.env(name, players)``."""
    spec = engine.game_spec(name)
    if spec.encoding is None:
        pytest.skip(f"{spec.title} has no encoding yet")
    steps = aec_stepper(hz.env(name, players), STEPS)
    benchmark.pedantic(steps, rounds=20, warmup_rounds=1)
    label = f"huegames {name}, {players} players"
    if name == "hue":
        label += f" ({hue.backend} backend)"
    record_steps(benchmark, label, STEPS)
