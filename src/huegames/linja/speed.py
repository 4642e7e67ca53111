"""What ``huegames bench`` times for Linja: the API calls and whole random
games on every backend, against the C kernel's random game.

:func:`hot_paths` gives the timing cases; the command line times them (best
of three, rotating over the positions) and prints each backend's time
against C's.
"""

from __future__ import annotations

import random

from .. import _speed
from . import c_state, kernel
from .board import Board
from .game import Game, draw_first_player
from .rules import Rules
from .turns import next_states


def backends() -> tuple[str, ...]:
    """The backends that run here: ``"c"`` first when the core is loaded."""
    return _speed.backends(c_state.available)


def positions(count: int, backend: str) -> list[Game]:
    """``count`` seeded games part way through, each a different position."""
    games = []
    for seed in range(count):
        rng = random.Random(seed)
        game = Game(first_player=draw_first_player(seed), seed=seed, backend=backend)
        for _ in range(rng.randrange(5, 60)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.is_over:
            game.undo()
        games.append(game)
    return games


def random_game(case: tuple[int, str]) -> list[int]:
    """A whole game through the API: ``Game``, ``legal_moves``, ``play`` to the end, ``scores``."""
    seed, backend = case
    rng = random.Random(seed)
    game = Game(first_player=draw_first_player(seed), seed=seed, backend=backend)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game.scores()


def hot_paths(count: int) -> list[_speed.Case]:
    """``(what, backend, inputs, call)`` for Linja's API calls and whole random
    games on each backend that runs here, over ``count`` seeded positions;
    and the kernel's random game (``huegames.linja.kernel``), where it runs."""
    cases: list[_speed.Case] = []
    for backend in backends():
        games = positions(count, backend)
        new_game = ("Game() at the start", [backend] * count, _new_game)
        cases += _speed.api_cases(backend, count, games, random_game, new_game)
        states = [(game.board, game.state.current_player, backend) for game in games]
        cases.append(("next_states() of a position", backend, states, _next_states))
    if c_state.available:
        cases.append((_speed.RANDOM_GAME, "kernel", list(range(count)), _kernel))
    return cases


def _new_game(backend: str) -> Game:
    return Game(backend=backend)


def _next_states(case: tuple[Board, int, str]) -> int:
    board, seat, backend = case
    return len(next_states(board, seat, rules=_RULES, backend=backend))


_RULES = Rules()


def _kernel(seed: int) -> list[int]:
    return kernel.random_scores(seed)
