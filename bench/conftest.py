"""Benchmark support: positions to rotate over, and the ratio table.

Every benchmark here measures one backend (``Board.with_backend``) on
inputs rotated over a set of pre-generated positions (a CPU learns a repeated input and flatters the
faster code).  At the end of the run the ratios between backends measured
in this same run are printed.
"""

from __future__ import annotations

import itertools
import random
from collections import defaultdict

import numpy as np
import pytest

from huegames import hue
from huegames.hue.bots import random_position

BACKENDS = hue.backends()
"""The backends measured, each on boards copied onto it with ``Board.with_backend``."""
POSITIONS = 64
_means: dict[str, dict[str, float]] = defaultdict(dict)


@pytest.fixture(scope="session")
def end_boards() -> list[hue.Board]:
    """End-of-game tables of 4-player random games (23 cards each)."""
    return [random_position(4, seed).board for seed in range(POSITIONS)]


@pytest.fixture(scope="session")
def mid_positions() -> list[tuple[hue.Board, list[hue.Card]]]:
    """Mid-game tables (15 cards down) with 6 cards not on them as the hand."""
    positions = []
    for seed in range(1000, 1000 + POSITIONS):
        board = random_position(4, seed, moves=12).board
        free = [card for card in board.deck.cards if card.id not in board]
        positions.append((board, random.Random(seed).sample(free, 6)))
    return positions


def rotating(inputs):
    """A zero-argument function returning the next input, round and round."""
    return itertools.cycle(inputs).__next__


def record(benchmark, group: str, backend: str, unit: str | None = None, per: int = 1) -> None:
    """Remember this benchmark's mean for the ratio table.

    ``backend`` names the implementation measured ("c", "python", "scipy",
    ...); ratios are taken against "c" measured in the same run.  ``unit``
    names what one call does (e.g. "game") to print a rate too, kept in
    ``extra_info`` as e.g. ``games_per_second``; ``per`` is how many units
    one call does (a batch of games), and the table shows the time per unit.
    """
    benchmark.group = group
    benchmark.extra_info["backend"] = backend
    if benchmark.stats is None:  # --benchmark-disable: run once, nothing measured
        return
    mean = benchmark.stats.stats.mean / per
    _means[group][backend] = mean
    if unit:
        _units[group] = unit
        benchmark.extra_info[f"{unit}s_per_second"] = 1 / mean


_units: dict[str, str] = {}
_ORDER = {"c": 0, "python": 1}


def _duration(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:,.2f} ms"
    return f"{seconds * 1e6:,.1f} us"


def ratio_table() -> list[str]:
    """The markdown table of every mean, rate and ratio measured in this run."""
    lines = [
        "| measured | implementation | mean per call | rate | time vs C |",
        "| --- | --- | --- | --- | --- |",
    ]
    for group, means in sorted(_means.items()):
        baseline = means.get("c")
        unit = _units.get(group, "call")
        for name, mean in sorted(means.items(), key=lambda item: (_ORDER.get(item[0], 2), item[0])):
            ratio = f"{mean / baseline:,.1f}x" if baseline else "-"
            lines.append(
                f"| {group} | {name} | {_duration(mean)} | {1 / mean:,.0f} {unit}s/s | {ratio} |"
            )
    return lines


def aec_stepper(aec, steps: int):
    """``steps`` random legal steps of ``aec`` per call, resetting from rotating seeds."""
    next_seed = rotating(range(POSITIONS))
    rng = random.Random(0)
    aec.reset(seed=next_seed())

    def run() -> None:
        for _ in range(steps):
            observation, _reward, _terminated, _truncated, _info = aec.last()
            legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
            aec.step(int(legal[rng.randrange(legal.size)]))
            if all(aec.terminations.values()) or all(aec.truncations.values()):
                aec.reset(seed=next_seed())

    return run


STEP_BASELINE = "connect_four_v3"
"""The environment every step rate is compared with (PettingZoo's own)."""
_step_rates: dict[str, float] = {}


def record_steps(benchmark, name: str, steps: int) -> None:
    """Remember an environment's AEC steps per second (``steps`` per call)
    for the step-rate table, in the order measured."""
    benchmark.group = "AEC steps, random legal actions"
    benchmark.extra_info["environment"] = name
    if benchmark.stats is None:  # --benchmark-disable: run once, nothing measured
        return
    rate = steps / benchmark.stats.stats.median  # the median: robust to a stalled round
    _step_rates[name] = rate
    benchmark.extra_info["steps_per_second"] = rate


def step_table() -> list[str]:
    """The markdown table of every step rate measured in this run, with its
    ratio to :data:`STEP_BASELINE`."""
    baseline = _step_rates.get(STEP_BASELINE)
    lines = [
        f"| environment | AEC steps/s | vs {STEP_BASELINE} |",
        "| --- | ---: | ---: |",
    ]
    for name, rate in _step_rates.items():
        ratio = f"{rate / baseline:,.2f}x" if baseline else "-"
        lines.append(f"| {name} | {rate:,.0f} | {ratio} |")
    return lines


_vector_rates: dict[str, dict[str, float]] = defaultdict(dict)
_vector_baselines: dict[str, str] = {}


def record_vector(benchmark, group: str, label: str, steps: int, *, baseline: bool = False) -> None:
    """Remember a rate of ``group`` (``steps`` steps or games per call),
    ``label`` saying what ran, for the vector table; the group's
    ``baseline`` (the same game's single AEC environment, or ``simulate``)
    is what its other rates are compared with."""
    benchmark.group = f"vector, {group}"
    benchmark.extra_info["ran"] = label
    if baseline:
        _vector_baselines[group] = label
    if benchmark.stats is None:  # --benchmark-disable: run once, nothing measured
        return
    rate = steps / benchmark.stats.stats.median
    _vector_rates[group][label] = rate
    benchmark.extra_info["per_second"] = rate


def vector_table() -> list[str]:
    """The markdown table of every vector rate of this run, each against
    its group's baseline measured in the same run."""
    lines = [
        "| game | what ran | per second | vs the baseline |",
        "| --- | --- | ---: | ---: |",
    ]
    for game, rates in _vector_rates.items():
        baseline = rates.get(_vector_baselines.get(game, ""))
        for label, rate in rates.items():
            ratio = f"{rate / baseline:,.1f}x" if baseline else "-"
            lines.append(f"| {game} | {label} | {rate:,.0f} | {ratio} |")
    return lines


def pytest_terminal_summary(terminalreporter):
    if _means:
        terminalreporter.section("huegames ratios (measured in this run)")
        for line in ratio_table():
            terminalreporter.write_line(line)
    if _step_rates:
        terminalreporter.section("AEC step rates (measured in this run)")
        for line in step_table():
            terminalreporter.write_line(line)
    if _vector_rates:
        terminalreporter.section("vector environment step rates (measured in this run)")
        for line in vector_table():
            terminalreporter.write_line(line)
