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

from . import c_state, kernel
from .board import Board
from .bots import random_position
from .game import Game, new_game
from .grid.backend import available
from .moves import Move

Case = tuple[Any, ...]
"""``(what, backend, inputs, call)``, and for a kernel's batch how many games one call plays."""
KERNEL_BATCH = 64
"""Games per call of the kernel's row: its time per game, as a batch runner plays them."""


def backends() -> tuple[str, ...]:
    """The backends a game runs on here: ``"c"`` first when the core was built."""
    return ("c", "python") if c_state.available else ("python",)


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


def hot_paths(count: int) -> list[Case]:
    """``(what, backend, inputs, call)`` for Hue's API calls and whole random
    games on each backend that runs here, over ``count`` seeded positions;
    the kernel's random game where it runs; and the colour values of
    finished games and the legal placements of a 6-card hand mid-game on
    each grid."""
    cases: list[Case] = []
    for backend in backends():
        games = positions(count, backend)
        moves = [(game, game.legal_moves()[-1]) for game in games]
        cases += [
            ("a random game through the API", backend, [(s, backend) for s in range(count)],
             random_game),
            ("new_game()", backend, [(s, backend) for s in range(count)], _new_game),
            ("legal_moves()", backend, games, _legal_moves),
            ("play(move) and undo()", backend, moves, _play_and_undo),
            ("view(seat)", backend, games, _view),
            ("scores()", backend, games, _scores),
        ]  # fmt: skip
    if kernel.available:
        cases.append(
            ("a random game through the API", "kernel", list(range(count)), _kernel, KERNEL_BATCH)
        )
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


def _legal_moves(game: Game) -> int:
    return len(game.legal_moves())


def _play_and_undo(case: tuple[Game, Move]) -> None:
    game, move = case
    game.play(move)
    game.undo()


def _view(game: Game) -> Any:
    return game.view(game.current_player or 0)


def _scores(game: Game) -> list[int]:
    return game.scores()


def _kernel(seed: int) -> Any:
    return kernel.random_scores(2, games=KERNEL_BATCH, seed=seed)


def _colour_values(board: Board) -> Any:
    return board.colour_values()


def _legal_of_hand(case: tuple[Board, list[str]]) -> int:
    board, hand = case
    return len(board.legal_placements_of(hand))
