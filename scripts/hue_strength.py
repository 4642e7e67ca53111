"""Hue bot strength: seeded 2-player games with seats swapped, on 2 worker processes.

Every deal is played twice, once with each bot in seat 0 (the start
player), so seat advantage and deal luck cancel (``simulate(...,
seat_swap=True)``).  Prints a markdown table: wins, the win rate with its
95% Wilson interval, mean scores and wall time.  Ties go to the earlier
seat, as in the rules, so there are no draws.

    python scripts/hue_strength.py       # MCTS (both rollouts) vs Greedy, Greedy vs Random
    python scripts/hue_strength.py --games 200 --playouts 300
"""

from __future__ import annotations

import argparse
import time

import huegames
from huegames import hue

BOTS = {
    "Random": "random",
    "Greedy": "greedy",
    "MCTS": "mcts:playouts={playouts}",
    "MCTSgreedy": "mcts:playouts={playouts}:rollout=greedy",
}
"""Display name -> bot spec (``{playouts}`` filled in from the command line);
MCTSgreedy is MCTS whose playouts play the greedy policy."""
PAIRINGS = [("MCTS", "Greedy"), ("MCTSgreedy", "Greedy"), ("Greedy", "Random")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (even)")
    parser.add_argument("--playouts", type=int, default=1000, help="MCTS playouts per decision")
    parser.add_argument("--seed", type=int, default=2024, help="run seed (the deals)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pairings", default="all", help="'all', or e.g. MCTS-Greedy")
    args = parser.parse_args()
    pairings = (
        PAIRINGS
        if args.pairings == "all"
        else [tuple(p.split("-")) for p in args.pairings.split(",")]
    )

    rows = []
    for first, second in pairings:
        a_spec, b_spec = (BOTS[name].format(playouts=args.playouts) for name in (first, second))
        start = time.perf_counter()
        try:
            summary = huegames.simulate(
                "hue", [a_spec, b_spec], players=2, games=args.games, seed=args.seed,
                seat_swap=True, workers=args.workers,
            ).summary  # fmt: skip
        except ValueError as error:
            parser.error(str(error))
        a, b = summary.bot(a_spec), summary.bot(b_spec)
        low, high = a.win_interval()
        budget = f"{args.playouts} playouts" if first.startswith("MCTS") else "-"
        rows.append(
            f"| {first} vs {second} | {summary.games} | {a.wins} | {b.wins} | {a.win_rate:.1%} | "
            f"{low:.1%} to {high:.1%} | {a.mean_score:.1f} vs {b.mean_score:.1f} | "
            f"{budget} | {time.perf_counter() - start:.0f} s |"
        )
    print(
        f"Hue, 2 players, run seed {args.seed}, each deal played twice with seats swapped, "
        f"{args.workers} workers, {hue.backend} backend\n"
    )
    print(
        "| pairing (A vs B) | games | A wins | B wins | A win rate | 95% CI | mean score A vs B "
        "| A budget | wall |"
    )
    print("| --- | ---: | ---: | ---: | ---: | --- | --- | --- | ---: |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
