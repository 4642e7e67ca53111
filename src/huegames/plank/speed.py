"""What ``huegames bench`` times for Plank: the API calls and whole random
games on every backend, against the C kernel's random game.

:func:`hot_paths` gives the timing cases; the command line times them (best
of three, rotating over the positions) and prints each backend's time
against C's.
"""

from __future__ import annotations

import random

from .. import _speed
from . import c_state, kernel
from .game import Game, new_game


def backends() -> tuple[str, ...]:
    """The backends that run here: ``"c"`` first when the core is loaded."""
    return _speed.backends(c_state.available)


def positions(count: int, backend: str) -> list[Game]:
    """``count`` seeded 2-player hands part way through, each a different position."""
    games = []
    for seed in range(count):
        rng = random.Random(seed)
        game = _new_game((seed, backend))
        for _ in range(rng.randrange(2, 30)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.is_over:
            game.undo()
        games.append(game)
    return games


def random_game(case: tuple[int, str]) -> list[int]:
    """A whole 2-player hand through the API: the deal of ``new_game``,
    ``legal_moves`` and ``play`` (a uniform pick) to the end, then ``scores``."""
    seed, backend = case
    rng = random.Random(seed)
    game = new_game(2, seed, backend=backend)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game.scores()


def kernel_game(seed: int) -> list[int]:
    """The kernel's random game: the hand ``new_game(2, seed=seed)`` deals,
    seat ``s`` played by ``RandomBot(seed=seed + 1 + s)``, in C; its scores."""
    hands = kernel.play_hands(2, [seed], [[seed + 1, seed + 2]], [["random", "random"]])
    return hands.scores[0]


def hot_paths(count: int) -> list[_speed.Case]:
    """``(what, backend, inputs, call)`` for Plank's API calls and whole random
    games on each backend that runs here, over ``count`` seeded positions;
    and the kernel's random game (:func:`kernel_game`), where it runs."""
    cases: list[_speed.Case] = []
    for backend in backends():
        seeds = [(seed, backend) for seed in range(count)]
        new_game = ("new_game()", seeds, _new_game)
        cases += _speed.api_cases(backend, count, positions(count, backend), random_game, new_game)
    if kernel.available:
        cases.append((_speed.RANDOM_GAME, "kernel", list(range(count)), kernel_game))
    return cases


def _new_game(case: tuple[int, str]) -> Game:
    seed, backend = case
    return new_game(2, seed, backend=backend)
