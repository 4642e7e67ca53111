"""Hue hot paths, each backend on the same rotated positions.

pip install ".[bench]" && python -m pytest bench --benchmark-only
"""

from __future__ import annotations

import pytest

from conftest import BACKENDS, record, rotating

backends = pytest.mark.parametrize("backend", BACKENDS)


@backends
def test_colour_values_of_end_boards(benchmark, backend, end_boards):
    next_board = rotating([board.with_backend(backend) for board in end_boards])
    benchmark(lambda: next_board().colour_values())
    record(benchmark, "colour values, end of game", backend)


def test_colour_values_with_scipy_label(benchmark, end_boards):
    """The obvious NumPy alternative: the sub-cell picture kept as arrays, labelled per colour.

    Painting is left out (as if the arrays were kept up to date move by
    move): this is scipy's best case.
    """
    scipy_scoring = pytest.importorskip("scipy_scoring", reason="needs numpy and scipy")
    next_picture = rotating([scipy_scoring.Picture(board) for board in end_boards])
    benchmark(lambda: next_picture().colour_values())
    record(benchmark, "colour values, end of game", "scipy")


def test_colour_values_with_scipy_label_painting_too(benchmark, end_boards):
    """The same, painting the picture from the board's placements each time."""
    scipy_scoring = pytest.importorskip("scipy_scoring", reason="needs numpy and scipy")
    next_board = rotating(end_boards)
    benchmark(lambda: scipy_scoring.colour_values(next_board()))
    record(benchmark, "colour values, end of game", "scipy, painting too")


@backends
def test_legal_placements_of_one_card(benchmark, backend, mid_positions):
    """The enumeration itself: where one card may go (the anchors; no Move is made)."""
    cases = [(board.with_backend(backend), hand[0].id) for board, hand in mid_positions]
    next_case = rotating(cases)

    def enumerate_card():
        board, card = next_case()
        return board.legal_placements(card)

    benchmark(enumerate_card)
    record(benchmark, "legal placements of one card (the enumeration)", backend)


@backends
def test_legal_placements_of_a_six_card_hand(benchmark, backend, mid_positions):
    """End to end: the LegalMoves of a hand, as a bot gets them."""
    cases = [(board.with_backend(backend), [c.id for c in hand]) for board, hand in mid_positions]
    next_case = rotating(cases)

    def enumerate_hand():
        board, hand = next_case()
        return board.legal_placements_of(hand)

    benchmark(enumerate_hand)
    record(benchmark, "legal placements of a 6-card hand", backend)


@backends
def test_values_after_every_candidate_of_a_hand(benchmark, backend, mid_positions):
    cases = []
    for board, hand in mid_positions:
        fast = board.with_backend(backend)
        cases.append((fast, fast.legal_placements_of([card.id for card in hand])))
    next_case = rotating(cases)

    def value_all():
        board, moves = next_case()
        return board.colour_values_after(moves)

    benchmark.pedantic(value_all, rounds=20 if backend == "python" else 200, warmup_rounds=2)
    record(benchmark, "values after every candidate", backend)
