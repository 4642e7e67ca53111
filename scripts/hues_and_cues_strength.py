"""Measure the Hues and Cues bots: mean points per guess over seeded rounds.

Each round is the first round of a seeded 4-player game: seat 0 gives the
cues with one lexicon, seats 1-3 guess with another.  Run with
``PYTHONPATH=src python scripts/hues_and_cues_strength.py [ROUNDS]``.
"""

from __future__ import annotations

import sys
import time

from huegames import hues_and_cues as hc
from huegames.hues_and_cues.bots import LexiconBot, RandomBot

PAIRS = (
    ("xkcd", "xkcd"),
    ("css", "css"),
    ("css", "xkcd"),
    ("xkcd", "css"),
    ("xkcd", "random"),
)


def measure(giver: str, guesser: str, rounds: int) -> tuple[float, float, float, float]:
    """Points per guess (all, first, second) and the share of skipped second cues."""
    points = {False: 0, True: 0}
    guesses = {False: 0, True: 0}
    skipped = 0
    for seed in range(rounds):
        game = hc.new_game(4, seed=seed)
        bots = [LexiconBot(giver)] + [
            RandomBot(seed * 10 + seat) if guesser == "random" else LexiconBot(guesser)
            for seat in range(1, 4)
        ]
        while not game.rounds:
            seat = game.current_player
            game.play(bots[seat].choose(game.view(seat)))
        scored = game.rounds[0]
        skipped += scored.skipped
        for number, (_, square) in enumerate(scored.guesses):
            second = number >= game.players - 1
            points[second] += hc.guess_points(square.distance(scored.target))
            guesses[second] += 1
    return (
        (points[False] + points[True]) / (guesses[False] + guesses[True]),
        points[False] / guesses[False],
        points[True] / guesses[True] if guesses[True] else float("nan"),
        skipped / rounds,
    )


def main(rounds: int = 500) -> None:
    print(f"{rounds} seeded rounds, 4 players (1 cue giver, 3 guessers)\n")
    print("| cue giver | guessers | points per guess | first guesses | second guesses | skips |")
    print("|---|---|---|---|---|---|")
    for giver, guesser in PAIRS:
        start = time.perf_counter()
        every, first, second, skips = measure(giver, guesser, rounds)
        print(
            f"| {giver} | {guesser} | {every:.2f} | {first:.2f} | {second:.2f} | {skips:.0%} |",
            f"<!-- {time.perf_counter() - start:.0f} s -->",
            flush=True,
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
