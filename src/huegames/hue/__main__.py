"""Demonstration: a few seeded games of Hue between simple bots.

python -m huegames.hue [--games 3] [--seed 1] [--players 3] [--board]
"""

from __future__ import annotations

import argparse

from .. import engine
from . import backend, new_game
from .bots import GreedyBot, RandomBot


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m huegames.hue", description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--board", action="store_true", help="print each final table")
    args = parser.parse_args(argv)

    print(f"huegames Hue demo on the {backend} backend")
    for number in range(args.games):
        seed = args.seed + number
        bots = [
            (GreedyBot if seat % 2 == 0 else RandomBot)(seed=seed * 10 + seat)
            for seat in range(args.players)
        ]
        game = engine.play_game(new_game(args.players, seed=seed), bots)
        names = [type(bot).__name__ for bot in bots]
        values = "  ".join(f"{colour}={value}" for colour, value in game.colour_values().items())
        print(f"\ngame {number + 1} (seed {seed}): colour values {values}")
        score_cards = game.score_cards() or []  # the game is over: one card per seat
        for seat, (name, card, score) in enumerate(
            zip(names, score_cards, game.scores(), strict=True)
        ):
            colours = "".join(colour.name for colour in card.colours)
            mark = "  <- winner" if seat == game.winner else ""
            print(f"  seat {seat} {name:<9} score card {card.id} ({colours}) {score:3d}{mark}")
        if args.board:
            print(game.board)


if __name__ == "__main__":
    main()
