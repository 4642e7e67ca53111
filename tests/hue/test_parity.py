"""Parity: the C core and the pure-Python backend agree on random legal boards.

Each example lays a whole random game's worth of cards (the default deck or
a random custom one, anywhere on the table, in three styles: uniform, heavy
covering and long lines) on one board per backend (``Board.with_backend``)
and checks after every placement that both give the same colour values,
the same legal placements in the same order, and the same values after a
batch of candidates.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from huegames import hue
from huegames.hue import Board, Kind, Move, default_deck
from huegames.hue.cards import Card, Colour

pytestmark = pytest.mark.skipif("c" not in hue.backends(), reason="the C core is not built")


@st.composite
def decks(draw) -> list[Card]:
    if draw(st.booleans()):
        return list(default_deck())
    size = draw(st.integers(min_value=4, max_value=60))
    colours = st.tuples(*[st.sampled_from(list(Colour))] * 3)
    return [
        Card(f"C{number}", draw(st.sampled_from(list(Kind))), draw(colours))
        for number in range(size)
    ]


def pick(data, legal: list[Move], style: str, board: Board) -> Move:
    """One of ``legal``, drawn in the example's style."""
    if style == "cover":
        covering = [move for move in legal if any(board.visible(*cell) for cell in move.cells)]
        if covering:
            return data.draw(st.sampled_from(covering))
    if style == "line":
        return max(enumerate(legal), key=lambda item: (item[1].x + item[1].y, item[0]))[1]
    return data.draw(st.sampled_from(legal))


@given(st.data())
def test_backends_agree_on_random_legal_boards(data):
    deck = data.draw(decks(), label="deck")
    order = data.draw(st.permutations(range(len(deck))), label="order")
    cards = [deck[i] for i in order]
    covering = data.draw(st.booleans(), label="covering")
    style = data.draw(st.sampled_from(["uniform", "cover", "line"]), label="style")
    far = st.integers(min_value=-(10**6), max_value=10**6)
    origin = data.draw(st.tuples(far, far) | st.just((0, 0)), label="origin")

    empty = Board(deck, covering=covering)
    python_board, c_board = empty.with_backend("python"), empty.with_backend("c")
    assert (python_board.backend, c_board.backend) == ("python", "c")
    first = Move(cards[0].id, *origin, data.draw(st.integers(0, 3)))
    python_board.place(first)
    c_board.place(first)
    for step in range(1, len(cards)):
        hand = [card.id for card in cards[step : step + 6]]  # the card to lay, and a hand
        legal = list(python_board.legal_placements_of(hand))
        assert list(c_board.legal_placements_of(hand)) == legal
        assert legal, "the table is unbounded: there is always a legal placement"

        candidates = data.draw(st.lists(st.sampled_from(legal), max_size=4), label="moves")
        assert c_board.colour_values_after(candidates) == python_board.colour_values_after(
            candidates
        )

        own = [move for move in legal if move.card == hand[0]]
        move = pick(data, own, style, python_board)
        python_board.place(move)
        c_board.place(move)
        assert c_board.colour_values() == python_board.colour_values()
