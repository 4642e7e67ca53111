"""Every game's API calls on each backend, and its random game against the kernel's.

The cases are what ``huegames bench`` times, from every registered game that
names its hot paths (``GameSpec.hot_paths``): each API call (``new_game()``,
``legal_moves()``, ``play(move) and undo()``, ``view(seat)``, ``scores()``,
...) on "c" and on "python", and a whole random game through the API on
both and in the C kernel ("kernel", the game RandomBot against RandomBot
plays).  Each call of a round takes the next of 16 seeded inputs, round and
round, so the CPU cannot learn one.  The ratio table puts a game's call on
every backend in one group, each against C.

pip install ".[bench]" && python -m pytest bench/test_bench_api.py --benchmark-only
"""

from __future__ import annotations

import functools
import math
import timeit
from collections.abc import Callable
from typing import Any

import pytest

from conftest import record, rotating
from huegames import engine
from huegames._speed import RANDOM_GAME

INPUTS = 16
"""Seeded inputs per case, the positions or seeds a benchmark rotates over."""
BUDGET = 1.0
"""About how many seconds each case is timed for."""
SHORTEST_ROUND = 20e-6
"""Seconds a round lasts at least (calls repeated in it), well above the clock's resolution."""

Case = tuple[list[Any], Callable[[Any], Any], int]


@functools.cache
def cases(game: str) -> dict[tuple[str, str], Case]:
    """Game ``game``'s hot paths by ``(what, backend)``: the inputs, the call,
    and how many of ``what`` one call does (a kernel's batch of games)."""
    found = {}
    for what, backend, inputs, call, *per in engine.game_spec(game).hot_path_cases(INPUTS):
        found[what, backend] = inputs, call, per[0] if per else 1
    return found


CASES = [
    pytest.param(spec.name, what, backend, id=f"{spec.name}-{what}-{backend}")
    for spec in engine.game_specs()
    if spec.hot_paths is not None
    for what, backend in cases(spec.name)
]


@pytest.mark.parametrize(("game", "what", "backend"), CASES)
def test_api(benchmark: Any, game: str, what: str, backend: str) -> None:
    """One call on one backend, rotating over the inputs in whole passes;
    the rounds sized from one untimed pass, which also runs every input once."""
    inputs, call, per = cases(game)[what, backend]
    once = max(1e-9, timeit.timeit(lambda: [call(item) for item in inputs], number=1) / len(inputs))
    iterations = max(1, round(SHORTEST_ROUND / once))
    step = len(inputs) // math.gcd(len(inputs), iterations)  # rounds of whole passes
    rounds = step * max(1, round(BUDGET / (once * iterations * step)))
    next_input = rotating(inputs)
    benchmark.pedantic(lambda: call(next_input()), rounds=rounds, iterations=iterations)
    unit = "game" if what == RANDOM_GAME else None
    record(benchmark, f"{game}: {what}", backend, unit=unit, per=per)
