"""What ``huegames bench`` times for Hue: its two hot paths on every backend.

:func:`hot_paths` gives the timing cases; the command line times them (best
of three, rotating over the positions) and prints each backend's time
against C's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .board import Board
from .bots import random_position
from .grid.backend import available


def hot_paths(positions: int) -> list[tuple[str, str, list[Any], Callable[[Any], Any]]]:
    """``(what, backend, inputs, call)`` for the colour values of finished
    games and the legal placements of a 6-card hand mid-game, on each
    backend that runs here, over ``positions`` seeded positions each."""
    end_boards = [random_position(4, seed).board for seed in range(positions)]
    middles = []
    for seed in range(1000, 1000 + positions):
        board = random_position(4, seed, moves=12).board
        free = [card.id for card in board.deck.cards if card.id not in board]
        middles.append((board, random.Random(seed).sample(free, 6)))
    cases: list[tuple[str, str, list[Any], Callable[[Any], Any]]] = []
    for name in available():  # both backends in one run, each board copied onto it
        boards = [board.with_backend(name) for board in end_boards]
        cases.append(("colour values, end of game", name, boards, _colour_values))
        hands = [(board.with_backend(name), hand) for board, hand in middles]
        cases.append(("legal placements, 6-card hand", name, hands, _legal_of_hand))
    return cases


def _colour_values(board: Board) -> Any:
    return board.colour_values()


def _legal_of_hand(case: tuple[Board, list[str]]) -> int:
    board, hand = case
    return len(board.legal_placements_of(hand))
