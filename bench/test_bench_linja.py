"""Linja's speed (issue 14): whole games through the runner, and perft.

- Games per second on one core, as ``huegames simulate linja --bots A,B
  --workers 1`` plays them: in the C kernel (``engine="kernel"``, "c") and
  on the Python engine (``engine="python"``, "python", the old path), in
  the same run.  Each round plays the next run seed, so no two rounds
  replay the same games; the kernel's games are the Python ones, move for
  move (tests/linja/test_kernel.py).
- Perft: the distinct states after 3 whole turns from the start (79,023;
  red and black first in turn), by the Python engine's turn generator, against python-chess's own
  pure-Python perft (leaf nodes after 4 plies from the start, 197,281) as
  the reference for a well-made Python engine.  Both report nodes per second
  in ``extra_info``.

pip install ".[bench]" && python -m pytest bench/test_bench_linja.py --benchmark-only
"""

from __future__ import annotations

import itertools

import pytest

from conftest import record
from huegames import linja, simulate
from huegames.linja import kernel

# (bots, games per round on the kernel, games per round on Python)
ROWS = {
    "random vs random": ("random,random", 2000, 40),
    "greedy vs greedy": ("greedy,greedy", 1000, 10),
    "search vs search (100 nodes)": ("search:nodes=100,search:nodes=100", 40, 1),
}
ENGINES = ["kernel", "python"] if kernel.available else ["python"]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("row", list(ROWS))
def test_runner_games(benchmark, row, engine):
    bots, fast, slow = ROWS[row]
    games = fast if engine == "kernel" else slow
    seeds = itertools.count(1)

    def play() -> None:
        result = simulate("linja", bots, games=games, seed=next(seeds), workers=1, engine=engine)
        assert result.summary.games == games

    rounds = 5 if engine == "kernel" or games > 1 else 3
    benchmark.pedantic(play, rounds=rounds, warmup_rounds=1)
    record(
        benchmark,
        f"linja {row}, runner, 1 core (per game)",
        "c" if engine == "kernel" else "python",
        unit="game",
        per=games,
    )


LINJA_PERFT = {3: 79023}
CHESS_PERFT = {4: 197281}


def linja_perft(depth: int, first: int = linja.RED) -> int:
    """Distinct (board, seat to move, over) after ``depth`` whole turns, ``first`` to move."""
    layer = {(linja.Board.start(), first, False)}
    for _ in range(depth):
        after = {state for state in layer if state[2]}
        for board, seat, over in layer:
            if not over:
                after.update(linja.next_states(board, seat))
        layer = after
    return len(layer)


def chess_perft(board, depth: int) -> int:
    """Leaf nodes of python-chess's legal move tree (the classic perft)."""
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def test_linja_perft(benchmark):
    firsts = itertools.cycle([linja.RED, linja.BLACK])  # the same count, mirrored
    nodes = benchmark.pedantic(lambda: linja_perft(3, next(firsts)), rounds=4, warmup_rounds=1)
    assert nodes == LINJA_PERFT[3]
    record(benchmark, "perft, nodes (pure Python)", "linja (3 turns)", unit="node", per=nodes)


def test_chess_perft(benchmark):
    chess = pytest.importorskip("chess")
    nodes = benchmark.pedantic(lambda: chess_perft(chess.Board(), 4), rounds=3, warmup_rounds=1)
    assert nodes == CHESS_PERFT[4]
    group = "perft, nodes (pure Python)"
    record(benchmark, group, "python-chess (4 plies)", unit="node", per=nodes)
