"""The batch-speed table through the runner on one core (``huegames.run.throughput``):
every row of the table, on the Python engine and, where every seat's bot
has a kernel policy, on the game's C kernel, in one run.

Each round plays a run of the row's games from the next seed
(``huegames.simulate(..., workers=1, engine=...)``), so no two rounds play
the same games.  The ratio table at the end gives each row's time per game
on both paths; ``huegames bench --games`` prints the same rows as games/s.

pip install ".[bench]" && python -m pytest bench/test_bench_runner.py --benchmark-only
"""

from __future__ import annotations

import itertools

import pytest

from conftest import record
from huegames import simulate
from huegames.run import throughput

GAMES = {"python": 4, "kernel": 400}
"""Games per round on each path (a per-move row plays one game a round)."""


def _batch(row: throughput.Row, engine: str) -> int:
    if row.per_move:
        return 1
    slow = row.before is not None and row.before < 5  # search, lexicon bots
    return 1 if slow and engine == "python" else GAMES[engine]


@pytest.mark.parametrize("engine", throughput.ENGINES)
@pytest.mark.parametrize("row", throughput.ROWS, ids=lambda row: row.label)
def test_runner_row(benchmark, row, engine):
    """One row of the table on one engine."""
    if engine == "kernel" and not throughput.kernel_applies(row):
        pytest.skip(f"{row.game} has no kernel policy for {row.bots}")
    games = _batch(row, engine)
    seeds = itertools.count(1)

    def run() -> None:
        simulate(
            row.game,
            row.bots,
            row.players,
            games=games,
            seed=next(seeds),
            workers=1,
            engine=engine,
        )

    benchmark.pedantic(run, rounds=3 if games == 1 else 5, warmup_rounds=1)
    record(benchmark, row.label, "c" if engine == "kernel" else "python", "game", games)
