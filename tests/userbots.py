"""Bots written the way a user of the package would, for the runner and CLI tests.

They live in a module of their own (not in a test file) so that worker
processes, Dask workers and ``--bots userbots:WanderBot`` import them by
name, as they would a user's module.
"""

from __future__ import annotations

import random
from typing import Any

from huegames import engine


class WanderBot:
    """Plays the first legal move, or a random one with probability ``wander``."""

    def __init__(self, seed: int | None = None, wander: float = 0.5) -> None:
        if not 0 <= wander <= 1:
            raise ValueError(f"wander must be between 0 and 1, not {wander}")
        self.rng, self.wander = random.Random(seed), wander

    def choose(self, view: Any) -> Any:
        engine.check_turn(view)
        moves = view.legal_moves()
        if self.rng.random() < self.wander:
            return moves[self.rng.randrange(len(moves))]
        return moves[0]


def first_move_bot(seed: int | None = None) -> WanderBot:
    """A factory function, not a class: a bot that always plays the first legal move."""
    return WanderBot(seed, wander=0.0)


class Mute:
    """Not a bot: it has no ``choose``."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed


class BrokenBot:
    """Plays the first legal move, except in a share ``odds`` of its games
    (drawn from its seed), where it fails at its first turn: ``how`` is
    ``raise`` (a RuntimeError) or ``illegal`` (a move text no game takes)."""

    def __init__(self, seed: int | None = None, odds: float = 1.0, how: str = "raise") -> None:
        if how not in ("raise", "illegal"):
            raise ValueError(f"how must be raise or illegal, not {how!r}")
        self.fails = random.Random(seed).random() < odds
        self.how = how

    def choose(self, view: Any) -> Any:
        if not self.fails:
            return view.legal_moves()[0]
        if self.how == "raise":
            raise RuntimeError("the bot's model file is missing\x1b[2J")
        return "no such move"
