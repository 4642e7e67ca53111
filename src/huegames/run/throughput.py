"""Games per second through the runner, on one core: the batch-speed table.

Each :class:`Row` is a run of ``huegames simulate GAME --bots ... --workers 1``
as a balance study or a tournament makes it.  :func:`measure` times a row on
one engine (``"python"``: the Python engines and bots; ``"kernel"``: the
game's C kernel, where every seat's bot has a kernel policy), over runs of
growing size, each from the next seed, until a time budget is spent.
``huegames bench --games`` prints :func:`table`; ``bench/test_bench_runner.py``
measures the same rows with pytest-benchmark.

>>> from huegames.run import throughput
>>> [row.label for row in throughput.ROWS][:2]
['hue, random vs random', 'hue, greedy vs random']
>>> rate = throughput.measure(throughput.ROWS[0], "python", budget=0.05)
>>> rate > 0
True
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .. import engine
from .runner import RunSpec, simulate

__all__ = ["ENGINES", "ROWS", "Row", "kernel_applies", "measure", "table"]

ENGINES: Final = ("python", "kernel")
"""The engines a row is measured on: the Python path, and the C kernel."""


@dataclass(frozen=True)
class Row:
    """One line of the table: ``game`` between ``bots`` (a runner spec text),
    ``players`` seats (None: the game's fewest).

    ``before`` is the rate the issue that set the table measured on this
    project's machine (games per second; for a row with ``per_move``, the
    milliseconds one move of the first seat took).  ``per_move`` rows time
    the first seat's moves, not whole games.
    """

    label: str
    game: str
    bots: str
    players: int | None = None
    before: float | None = None
    per_move: bool = False

    @classmethod
    def of(cls, game: str, lineup: engine.Lineup) -> Row:
        """The row of one of a game's :attr:`~huegames.engine.GameSpec.lineups`."""
        return cls(lineup.label, game, lineup.bots, lineup.players, lineup.before, lineup.per_move)


ROWS: Final = tuple(
    Row.of(spec.name, lineup) for spec in engine.game_specs() for lineup in spec.lineups
)
"""Every registered game's lineups (:attr:`~huegames.engine.GameSpec.lineups`):
the table of issue 14, one row per run (and Hue's MCTS with greedy rollouts)."""


def kernel_applies(row: Row) -> bool:
    """Whether the row's game has a C kernel that plays every one of its seats here."""
    try:
        RunSpec.build(row.game, row.bots, row.players, games=1, engine="kernel")
    except ValueError:
        return False
    return True


def measure(row: Row, engine: str, budget: float = 1.0, seed: int = 1) -> float:
    """The row's rate on ``engine`` (``"python"`` or ``"kernel"``): games per
    second, or for a ``per_move`` row milliseconds a move of its first seat.

    Each run is what ``huegames simulate`` does: it keeps only the summary,
    not the records.  One untimed game first builds what a process builds
    once (the tables a bot caches, imports).  Runs then double in size until
    one takes a tenth of ``budget``; timing stops once ``budget`` seconds
    are spent.  Run ``i`` plays from ``seed + i``, so no two runs repeat a
    game.  ValueError when the engine cannot play the row.
    """
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    spec = RunSpec.build(row.game, row.bots, row.players, games=1, engine=engine)

    def run(games: int, seed: int) -> None:
        simulate(
            row.game,
            row.bots,
            row.players,
            games=games,
            seed=seed,
            workers=1,
            engine=engine,
            keep_records=False,
        )

    run(1, seed - 1)
    games = 0
    size, spent = 1, 0.0
    for number in itertools.count():
        start = time.perf_counter()
        run(size, seed + number)
        took = time.perf_counter() - start
        spent += took
        games += size
        if spent >= budget:
            break
        if took < budget / 10:
            size *= 2
    if not row.per_move:
        return games / spent
    return 1e3 * spent / (games * _moves_of_first_bot(spec))


def _moves_of_first_bot(spec: RunSpec) -> float:
    """Moves the run's first bot makes per game (it plays every seat in turn)."""
    game = spec.game_spec.new_game(players=spec.players, seed=0)
    moves = 0
    while not game.is_over:
        game.play(game.legal_moves()[0])
        moves += 1
    return moves / spec.players


def table(budget: float = 1.0, rows: Sequence[Row] | None = None) -> list[str]:
    """The markdown table of ``rows`` (None: :data:`ROWS`), both engines where
    the kernel applies, measured now (``budget`` seconds a timing)."""
    lines = [
        "| run, one core | before | Python engine | C kernel | kernel vs Python |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for row in ROWS if rows is None else rows:
        python = measure(row, "python", budget)
        kernel = measure(row, "kernel", budget) if kernel_applies(row) else None
        ratio = "-"
        if kernel is not None:
            ratio = f"{python / kernel:,.1f}x" if row.per_move else f"{kernel / python:,.1f}x"
        before = "-" if row.before is None else f"{row.before:,}"
        lines.append(
            f"| {row.label} | {before} | {_rate(python)} | "
            f"{'-' if kernel is None else _rate(kernel)} | {ratio} |"
        )
    return lines


def _rate(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"
