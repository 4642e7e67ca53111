"""A user's own Hue bot through ``simulate`` against the kernel's random game,
in one run (the speed page's "A user's own bot" row).

The bot is written as a user would write one: ``choose(view)`` returns
``view.legal_moves()[0]``, and it keeps a ``random.Random(seed)`` as a
seeded bot does.  Each round plays 2,000 two-player games through
``huegames.simulate(..., workers=1)`` (a fresh run seed each round) and
then times the kernel's random game (``hue.kernel.random_scores``, 64 games
a call); the best of five rounds of each is kept, in CPU time of this
thread.

    python scripts/user_bot_rate.py [--profile]

``--profile`` adds a cProfile of 3,000 games, sorted by internal time.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
import time
from typing import Any

import huegames
from huegames.hue import kernel

GAMES = 2000
KERNEL_CALLS = 200
KERNEL_BATCH = 64
ROUNDS = 5


class FirstMoveBot:
    """Plays the first legal move (a user's bot: seeded, but never random)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Any:
        return view.legal_moves()[0]


def bot_game(seed: int, games: int = GAMES) -> float:
    """Seconds a game of two FirstMoveBots through ``simulate`` on one worker."""
    start = time.thread_time()
    huegames.simulate("hue", [FirstMoveBot, FirstMoveBot], games=games, workers=1, seed=seed)
    return (time.thread_time() - start) / games


def kernel_game(seed: int) -> float:
    """Seconds a game of the kernel's random game (64 games a call)."""
    start = time.thread_time()
    for call in range(KERNEL_CALLS):
        kernel.random_scores(2, games=KERNEL_BATCH, seed=seed * KERNEL_CALLS + call)
    return (time.thread_time() - start) / (KERNEL_CALLS * KERNEL_BATCH)


def main() -> None:
    if not kernel.available:
        raise SystemExit("the Hue C core is not built here: nothing to compare with")
    bot_game(0, 200)  # what a process builds once
    bot = min(bot_game(round_ + 1) for round_ in range(ROUNDS))
    fast = min(kernel_game(round_ + 1) for round_ in range(ROUNDS))
    print(f"first-legal-move bot through simulate: {bot * 1e6:.1f} us a game")
    print(f"kernel's random game: {fast * 1e6:.2f} us a game")
    print(f"the bot's game is {bot / fast:.1f}x the kernel's")
    if "--profile" in sys.argv[1:]:
        profile = cProfile.Profile()
        profile.runcall(bot_game, 99, 3000)
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)


if __name__ == "__main__":
    main()
