"""Plank bot strength: seeded 2-player hands with seats swapped, on 2 workers.

Each pairing plays ``--hands`` hands: every seed is dealt twice, once with
each bot in seat 0, so both bots open equally often.  Prints a markdown
table of win rates over decided hands with 95% Wilson intervals.

    PYTHONPATH=src python scripts/plank_strength.py            # a few minutes on 2 cores
    PYTHONPATH=src python scripts/plank_strength.py --hands 200 --budget 200
"""

from __future__ import annotations

import argparse
import time
from multiprocessing import Pool

from huegames import plank
from huegames.batch import wilson_interval

BOTS = {
    "Random": lambda seed, budget: plank.RandomBot(seed),
    "Greedy": lambda seed, budget: plank.GreedyBot(seed),
    "Search": lambda seed, budget: plank.SearchBot(seed, budget=budget),
}
PAIRINGS = [("Greedy", "Random"), ("Search", "Greedy"), ("Search", "Random")]


def play_pair(task: tuple[str, str, int, int]) -> tuple[int, int, int]:
    """Hand ``seed`` dealt twice, seats swapped: (first's wins, second's wins, draws)."""
    first, second, seed, budget = task
    wins, draws = [0, 0], 0
    for swap in (False, True):
        bots = [BOTS[first](2 * seed, budget), BOTS[second](2 * seed + 1, budget)]
        if swap:
            bots.reverse()
        game = plank.play_hand(plank.new_game(players=2, seed=seed), bots)
        if game.winner is None:
            draws += 1
        else:
            wins[(game.winner == 1) != swap] += 1
    return wins[0], wins[1], draws


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per pairing (even)")
    parser.add_argument("--budget", type=int, default=1000, help="SearchBot nodes per move")
    parser.add_argument("--seed", type=int, default=20240501, help="first deal seed")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    rows = []
    with Pool(args.workers) as pool:
        for first, second in PAIRINGS:
            start = time.perf_counter()
            tasks = [(first, second, args.seed + k, args.budget) for k in range(args.hands // 2)]
            results = pool.map(play_pair, tasks, chunksize=10)
            a, b, draws = (sum(column) for column in zip(*results, strict=True))
            low, high = wilson_interval(a, a + b)
            rate = a / (a + b) if a + b else float("nan")
            rows.append(
                f"| {first} vs {second} | {2 * len(tasks)} | {a} | {b} | {draws} | "
                f"{rate:.1%} | {low:.1%} to {high:.1%} | {time.perf_counter() - start:.0f} s |"
            )
    print(f"Plank, 2 players, seeds {args.seed}+, seats swapped, SearchBot budget {args.budget}\n")
    print("| pairing (A vs B) | hands | A wins | B wins | draws | A win rate (decided) "
          "| 95% CI | wall time |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
