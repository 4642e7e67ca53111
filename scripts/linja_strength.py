"""Linja bot strength: seeded games with sides swapped, on 2 worker processes.

Every seed is played twice, once with each bot as red (seat 0); the seed
also draws who starts, so both bots start equally often.  Prints a markdown
table: wins, draws and the win rate with its 95% Wilson interval.

    PYTHONPATH=src python scripts/linja_strength.py              # about 5 minutes on 2 cores
    PYTHONPATH=src python scripts/linja_strength.py --games 200 --nodes 40
"""

from __future__ import annotations

import argparse
import time
from multiprocessing import Pool

from huegames import linja
from huegames.batch import wilson_interval

BOTS = {
    "Random": lambda seed, nodes: linja.RandomBot(seed),
    "Greedy": lambda seed, nodes: linja.GreedyBot(seed),
    "Search": lambda seed, nodes: linja.SearchBot(seed, nodes=nodes),
}
PAIRINGS = [("Greedy", "Random"), ("Search", "Greedy")]


def play_pair(task: tuple[str, str, int, int]) -> tuple[int, int, int]:
    """Game ``seed`` played twice with sides swapped: (first's wins, second's wins, draws)."""
    first, second, seed, nodes = task
    wins, draws = [0, 0], 0
    for swap in (False, True):
        bots = [BOTS[first](2 * seed, nodes), BOTS[second](2 * seed + 1, nodes)]
        if swap:
            bots.reverse()
        game = linja.play_game(linja.new_game(seed=seed), bots)
        if game.winner is None:
            draws += 1
        else:
            wins[(game.winner == 1) != swap] += 1
    return wins[0], wins[1], draws


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (even)")
    parser.add_argument("--nodes", type=int, default=100, help="SearchBot node budget per turn")
    parser.add_argument("--seed", type=int, default=4, help="first game seed")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    rows = []
    with Pool(args.workers) as pool:
        for first, second in PAIRINGS:
            start = time.perf_counter()
            tasks = [(first, second, args.seed + k, args.nodes) for k in range(args.games // 2)]
            results = pool.map(play_pair, tasks, chunksize=10)
            a, b, draws = (sum(column) for column in zip(*results, strict=True))
            games = 2 * len(tasks)
            low, high = wilson_interval(a, games)
            rows.append(
                f"| {first} vs {second} | {games} | {a} | {b} | {draws} | {a / games:.1%} | "
                f"{low:.1%} to {high:.1%} | {time.perf_counter() - start:.0f} s |"
            )
    print(f"Linja, seeds {args.seed}+, sides swapped, SearchBot node budget {args.nodes}\n")
    print("| pairing (A vs B) | games | A wins | B wins | draws | A win rate | 95% CI | wall |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
