"""Hue hot paths, each backend on the same rotated positions.

pip install ".[bench]" && python -m pytest bench --benchmark-only
"""

from __future__ import annotations

import pytest

from conftest import BACKENDS, grid_of, record, rotating

backends = pytest.mark.parametrize("backend", sorted(BACKENDS))


@backends
def test_colour_values_of_end_boards(benchmark, backend, end_boards):
    grids = [grid_of(board, BACKENDS[backend]) for board in end_boards]
    next_grid = rotating(grids)
    benchmark(lambda: next_grid().colour_values())
    record(benchmark, "colour values, end of game", backend)


@backends
def test_legal_placements_of_a_six_card_hand(benchmark, backend, mid_positions):
    cases = [
        (grid_of(board, BACKENDS[backend]), [card.rotations for card in hand])
        for board, hand in mid_positions
    ]
    next_case = rotating(cases)

    def enumerate_hand():
        grid, rotations = next_case()
        return grid.legal_placements(rotations, True)

    benchmark(enumerate_hand)
    record(benchmark, "legal placements, 6-card hand", backend)


@backends
def test_values_after_every_candidate_of_a_hand(benchmark, backend, mid_positions):
    cases = []
    for board, hand in mid_positions:
        candidates = [
            (move.x, move.y, move.horizontal, board.deck[move.card].shapes[move.rotation])
            for move in board.legal_placements_of([card.id for card in hand])
        ]
        cases.append((grid_of(board, BACKENDS[backend]), candidates))
    next_case = rotating(cases)

    def value_all():
        grid, candidates = next_case()
        return grid.colour_values_after(candidates)

    benchmark.pedantic(value_all, rounds=20 if backend == "python" else 200, warmup_rounds=2)
    record(benchmark, "values after every candidate", backend)
