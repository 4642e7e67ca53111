"""What ``huegames bench`` times for Hue: the API calls and whole random
games on every backend against the C kernel's random game, and the two hot
paths of the table (colour values, legal placements).

:func:`hot_paths` gives the timing cases; the command line times them (best
of three, rotating over the positions) and prints each backend's time
against C's.
"""

from __future__ import annotations

import random
from typing import Any

from .. import _speed
from . import c_state, kernel
from .board import Board
from .bots import random_position
from .game import Game, new_game
from .grid.backend import available

KERNEL_BATCH = 64
"""Games per call of the kernel's row: its time per game, as a batch runner plays them."""


def backends() -> tuple[str, ...]:
    """The backends a game runs on here: ``"c"`` first when the core was built."""
    return _speed.backends(c_state.available)


def positions(count: int, backend: str) -> list[Game]:
    """``count`` seeded 2-player games part way through, each a different position."""
    games = []
    for seed in range(count):
        rng = random.Random(seed)
        game = new_game(2, seed=seed, backend=backend)
        for _ in range(rng.randrange(0, 9)):
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
        games.append(game)
    return games


def random_game(case: tuple[int, str]) -> list[int]:
    """A whole 2-player game through the API: ``new_game``, ``legal_moves``
    and ``play`` (a uniform pick) to the end, then ``scores``."""
    seed, backend = case
    rng = random.Random(seed)
    game = new_game(2, seed=seed, backend=backend)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    return game.scores()


def hot_paths(count: int) -> list[_speed.Case]:
    """``(what, backend, inputs, call)`` for Hue's API calls and whole random
    games on each backend that runs here, over ``count`` seeded positions;
    the kernel's random game where it runs; and the colour values of
    finished games and the legal placements of a 6-card hand mid-game on
    each grid."""
    cases: list[_speed.Case] = []
    for backend in backends():
        seeds = [(seed, backend) for seed in range(count)]
        new_game = ("new_game()", seeds, _new_game)
        cases += _speed.api_cases(backend, count, positions(count, backend), random_game, new_game)
    if kernel.available:
        cases.append((_speed.RANDOM_GAME, "kernel", list(range(count)), _kernel, KERNEL_BATCH))
    end_boards = [random_position(4, seed).board for seed in range(count)]
    middles = []
    for seed in range(1000, 1000 + count):
        board = random_position(4, seed, moves=12).board
        free = [card.id for card in board.deck.cards if card.id not in board]
        middles.append((board, random.Random(seed).sample(free, 6)))
    for name in available():  # both grids in one run, each board copied onto it
        boards = [board.with_backend(name) for board in end_boards]
        cases.append(("colour values, end of game", name, boards, _colour_values))
        hands = [(board.with_backend(name), hand) for board, hand in middles]
        cases.append(("legal placements, 6-card hand", name, hands, _legal_of_hand))
    return cases


def _new_game(case: tuple[int, str]) -> Game:
    seed, backend = case
    return new_game(2, seed=seed, backend=backend)


def _kernel(seed: int) -> Any:
    return kernel.random_scores(2, games=KERNEL_BATCH, seed=seed)


def _colour_values(board: Board) -> Any:
    return board.colour_values()


def _legal_of_hand(case: tuple[Board, list[str]]) -> int:
    board, hand = case
    return len(board.legal_placements_of(hand))
