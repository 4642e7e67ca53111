"""Measure the Hues and Cues bots: mean points per guess when one lexicon gives the cues.

Each pairing plays seeded 4-player games with ``simulate``: one seat gives
cues with one lexicon, the three others guess with another, the seats
turned one place each game.  Every game is replayed from its record, and
each round in which the first lexicon's seat was cue giver is scored:
points per guess (all, first, second guesses) and the share of rounds whose
giver skipped the second cue.  When both lexicons are the same, every
round counts.

    python scripts/hues_and_cues_strength.py                 # 100 games per pairing
    python scripts/hues_and_cues_strength.py --games 20 --workers 1
"""

from __future__ import annotations

import argparse
import time

import huegames
from huegames import engine, records
from huegames.hues_and_cues import guess_points

PLAYERS = 4
PAIRS = (
    ("en", "en"),
    ("es", "es"),
    ("xkcd", "xkcd"),
    ("css", "css"),
    ("en", "es"),
    ("es", "en"),
    ("en", "xkcd"),
    ("xkcd", "en"),
    ("en", "css"),
    ("css", "xkcd"),
    ("xkcd", "css"),
    ("en", "random"),
)
"""(cue giver's bot, guessers' bot), named from the game's catalogue."""


def measure(giver: str, guesser: str, games: int, seed: int, workers: int) -> tuple[float, ...]:
    """Points per guess (all, first, second), the share of skipped second cues, and rounds."""
    spec = engine.game_spec("hues-and-cues")
    result = huegames.simulate(
        "hues-and-cues", [giver] + [guesser] * (PLAYERS - 1), players=PLAYERS, games=games,
        seed=seed, workers=workers, record_moves=True,
    )  # fmt: skip
    points = {False: 0, True: 0}
    guesses = {False: 0, True: 0}
    skipped = rounds = 0
    for record in result.records or ():
        game = records.replay(spec.new_game(players=PLAYERS, seed=record["seed"]), record["moves"])
        for scored in game.rounds:
            if record["seats"][scored.giver] != giver:
                continue
            rounds += 1
            skipped += scored.skipped
            for number, (_, square) in enumerate(scored.guesses):
                second = number >= PLAYERS - 1
                points[second] += guess_points(square.distance(scored.target))
                guesses[second] += 1
    return (
        (points[False] + points[True]) / (guesses[False] + guesses[True]),
        points[False] / guesses[False],
        points[True] / guesses[True] if guesses[True] else float("nan"),
        skipped / rounds,
        rounds,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--seed", type=int, default=0, help="run seed (the deals)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    print(f"{args.games} seeded games per pairing, {PLAYERS} players (1 cue giver, 3 guessers)\n")
    print(
        "| cue giver | guessers | points per guess | first guesses | second guesses | skips "
        "| rounds |"
    )
    print("|---|---|---|---|---|---|---|")
    for giver, guesser in PAIRS:
        start = time.perf_counter()
        try:
            every, first, second, skips, rounds = measure(
                giver, guesser, args.games, args.seed, args.workers
            )
        except ValueError as error:
            parser.error(str(error))
        print(
            f"| {giver} | {guesser} | {every:.2f} | {first:.2f} | {second:.2f} | {skips:.0%} "
            f"| {rounds} |",
            f"<!-- {time.perf_counter() - start:.0f} s -->",
            flush=True,
        )


if __name__ == "__main__":
    main()
