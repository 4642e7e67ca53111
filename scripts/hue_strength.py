"""Hue bot strength: seeded 2-player games with seats swapped, on 2 worker processes.

Every deal is played twice, once with each bot in seat 0 (the start
player), so seat advantage and deal luck cancel.  Prints a markdown table:
wins, the win rate with its 95% Wilson interval, mean scores and wall time.
Ties go to the earlier seat, as in the rules, so there are no draws.

    python scripts/hue_strength.py                    # MCTS vs Greedy, Greedy vs Random
    python scripts/hue_strength.py --games 200 --playouts 300
"""

from __future__ import annotations

import argparse
import time
from multiprocessing import Pool

from huegames import hue
from huegames.batch import derive_seed, wilson_interval
from huegames.hue.bots import GreedyBot, RandomBot
from huegames.hue.mcts import MCTSBot

BOTS = {
    "Random": lambda seed, playouts: RandomBot(seed),
    "Greedy": lambda seed, playouts: GreedyBot(seed),
    "MCTS": lambda seed, playouts: MCTSBot(seed, playouts=playouts),
}
PAIRINGS = [("MCTS", "Greedy"), ("Greedy", "Random")]


def play_pair(task: tuple[str, str, int, int]) -> tuple[int, int, int, int]:
    """Deal ``seed`` played twice with seats swapped: (first's wins, second's
    wins, first's total score, second's total score)."""
    first, second, seed, playouts = task
    wins, totals = [0, 0], [0, 0]
    for swap in (False, True):
        names = [first, second]
        bots = [BOTS[name](derive_seed(seed, swap, k), playouts) for k, name in enumerate(names)]
        if swap:
            bots.reverse()
        game = hue.new_game(2, seed=seed)
        while not game.is_over:
            seat = game.current_player
            game.play(bots[seat].choose(game.view(seat)))
        scores = game.scores()
        for k in (0, 1):  # k: index in (first, second)
            seat = k ^ swap
            totals[k] += scores[seat]
            wins[k] += game.winner == seat
    return wins[0], wins[1], totals[0], totals[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (even)")
    parser.add_argument("--playouts", type=int, default=1000, help="MCTS playouts per decision")
    parser.add_argument("--seed", type=int, default=2024, help="first deal seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pairings", default="all", help="'all', or e.g. MCTS-Greedy")
    args = parser.parse_args()
    pairings = (
        PAIRINGS
        if args.pairings == "all"
        else [tuple(p.split("-")) for p in args.pairings.split(",")]
    )

    rows = []
    with Pool(args.workers) as pool:
        for first, second in pairings:
            start = time.perf_counter()
            tasks = [(first, second, args.seed + k, args.playouts) for k in range(args.games // 2)]
            results = pool.map(play_pair, tasks, chunksize=5)
            a, b, score_a, score_b = (sum(column) for column in zip(*results, strict=True))
            games = 2 * len(tasks)
            low, high = wilson_interval(a, games)
            budget = f"{args.playouts} playouts" if "MCTS" in (first, second) else "-"
            rows.append(
                f"| {first} vs {second} | {games} | {a} | {b} | {a / games:.1%} | "
                f"{low:.1%} to {high:.1%} | {score_a / games:.1f} vs {score_b / games:.1f} | "
                f"{budget} | {time.perf_counter() - start:.0f} s |"
            )
    print(
        f"Hue, 2 players, deals {args.seed}+ each played twice with seats swapped, "
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
