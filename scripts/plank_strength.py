"""Plank bot strength: seeded 2-player hands with seats swapped, on 2 workers.

Each pairing plays ``--hands`` hands: every deal is played twice, once with
each bot in seat 0, so both bots open equally often
(``simulate(..., seat_swap=True)``).  Prints a markdown table of win rates
over decided hands with 95% Wilson intervals.

    python scripts/plank_strength.py            # a few minutes on 2 cores
    python scripts/plank_strength.py --hands 200 --nodes 200
"""

from __future__ import annotations

import argparse
import time

import huegames
from huegames.run.stats import wilson_interval

BOTS = {"Random": "random", "Greedy": "greedy", "Search": "search:nodes={nodes}"}
"""Display name -> bot spec (``{nodes}`` filled in from the command line)."""
PAIRINGS = [("Greedy", "Random"), ("Search", "Greedy"), ("Search", "Random")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per pairing (even)")
    parser.add_argument(
        "--nodes", "--budget", type=int, default=1000, help="SearchBot nodes per move"
    )
    parser.add_argument("--seed", type=int, default=20240501, help="run seed (the deals)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    rows = []
    for first, second in PAIRINGS:
        a_spec, b_spec = (BOTS[name].format(nodes=args.nodes) for name in (first, second))
        start = time.perf_counter()
        try:
            summary = huegames.simulate(
                "plank", [a_spec, b_spec], players=2, games=args.hands, seed=args.seed,
                seat_swap=True, workers=args.workers,
            ).summary  # fmt: skip
        except ValueError as error:
            parser.error(str(error))
        a, b = summary.bot(a_spec).wins, summary.bot(b_spec).wins
        low, high = wilson_interval(a, a + b)
        rate = a / (a + b) if a + b else float("nan")
        rows.append(
            f"| {first} vs {second} | {summary.games} | {a} | {b} | {summary.draws} | "
            f"{rate:.1%} | {low:.1%} to {high:.1%} | {time.perf_counter() - start:.0f} s |"
        )
    print(f"Plank, 2 players, run seed {args.seed}, seats swapped, SearchBot {args.nodes} nodes\n")
    print("| pairing (A vs B) | hands | A wins | B wins | draws | A win rate (decided) "
          "| 95% CI | wall time |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
