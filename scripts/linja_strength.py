"""Linja bot strength: seeded games with sides swapped, on 2 worker processes.

Every deal (the seed also draws who starts) is played twice, once with each
bot as red (seat 0), so both bots start equally often
(``simulate(..., seat_swap=True)``).  Prints a markdown table: wins, draws
and the win rate with its 95% Wilson interval.

    python scripts/linja_strength.py              # about 10 seconds (the C kernel)
    python scripts/linja_strength.py --games 200 --nodes 40
"""

from __future__ import annotations

import argparse
import time

import huegames

BOTS = {"Random": "random", "Greedy": "greedy", "Search": "search:nodes={nodes}"}
"""Display name -> bot spec (``{nodes}`` filled in from the command line)."""
PAIRINGS = [("Greedy", "Random"), ("Search", "Greedy")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (even)")
    parser.add_argument("--nodes", type=int, default=100, help="SearchBot node budget per turn")
    parser.add_argument("--seed", type=int, default=4, help="run seed (the deals)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    rows = []
    for first, second in PAIRINGS:
        a_spec, b_spec = (BOTS[name].format(nodes=args.nodes) for name in (first, second))
        start = time.perf_counter()
        try:
            summary = huegames.simulate(
                "linja", [a_spec, b_spec], games=args.games, seed=args.seed, seat_swap=True,
                workers=args.workers,
            ).summary  # fmt: skip
        except ValueError as error:
            parser.error(str(error))
        a, b = summary.bot(a_spec), summary.bot(b_spec)
        low, high = a.win_interval()
        rows.append(
            f"| {first} vs {second} | {summary.games} | {a.wins} | {b.wins} | {summary.draws} | "
            f"{a.win_rate:.1%} | {low:.1%} to {high:.1%} | {time.perf_counter() - start:.0f} s |"
        )
    print(f"Linja, run seed {args.seed}, sides swapped, SearchBot node budget {args.nodes}\n")
    print("| pairing (A vs B) | games | A wins | B wins | draws | A win rate | 95% CI | wall |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
