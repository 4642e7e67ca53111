"""Parity: the C core and the pure-Python backend agree on random legal boards.

Each example lays a whole random game's worth of cards (the default deck or
a random custom one, anywhere on the table, in three styles: uniform, heavy
covering and long lines) and checks after every placement that both
backends give the same colour values, the same legal anchors in the same
order, and the same values after a batch of candidates.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from huegames.hue import Kind, Move, default_deck
from huegames.hue._python_grid import Grid as PythonGrid
from huegames.hue.cards import Card, Colour

c_grid = pytest.importorskip("huegames.hue._c_grid", reason="the C core is not built")
CGrid = c_grid.Grid


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


def lay(grids, card: Card, move: Move) -> None:
    for grid in grids:
        for (x, y), code in zip(move.cells, card.shapes[move.rotation], strict=True):
            grid.set(x, y, code)


def pick(data, legal: list[tuple[int, int, int, int]], style: str, grid) -> int:
    """An index into ``legal``, drawn in the example's style."""
    if style == "cover":
        covering = [
            i
            for i, (_, x, y, r) in enumerate(legal)
            if any(grid.get(*cell) for cell in Move("", x, y, r).cells)
        ]
        if covering:
            return data.draw(st.sampled_from(covering))
    if style == "line":
        return max(range(len(legal)), key=lambda i: (legal[i][1] + legal[i][2], i))
    return data.draw(st.integers(min_value=0, max_value=len(legal) - 1))


@given(st.data())
def test_backends_agree_on_random_legal_boards(data):
    deck = data.draw(decks(), label="deck")
    order = data.draw(st.permutations(range(len(deck))), label="order")
    cards = [deck[i] for i in order]
    covering = data.draw(st.booleans(), label="covering")
    style = data.draw(st.sampled_from(["uniform", "cover", "line"]), label="style")
    far = st.integers(min_value=-(10**6), max_value=10**6)
    origin = data.draw(st.tuples(far, far) | st.just((0, 0)), label="origin")

    python_grid, c_grid = PythonGrid(), CGrid()
    first = cards[0]
    lay((python_grid, c_grid), first, Move(first.id, *origin, data.draw(st.integers(0, 3))))
    for step in range(1, len(cards)):
        hand = cards[step : step + 6]  # the card to lay, and a hand to value
        anchors = python_grid.legal_anchors(covering)
        assert c_grid.legal_anchors(covering) == anchors
        legal = [
            (index, x, y, rotation)
            for index, card in enumerate(hand)
            for rotation in range(card.rotations)
            for x, y in zip(anchors[rotation % 2][0::2], anchors[rotation % 2][1::2], strict=True)
        ]
        assert legal, "the table is unbounded: there is always a legal placement"

        sample = data.draw(st.lists(st.sampled_from(legal), max_size=4), label="candidates")
        candidates = [
            (x, y, rotation % 2 == 1, hand[index].shapes[rotation])
            for index, x, y, rotation in sample
        ]
        assert c_grid.colour_values_after(candidates) == python_grid.colour_values_after(candidates)

        own = [placement for placement in legal if placement[0] == 0]
        _, x, y, rotation = own[pick(data, own, style, python_grid)]
        lay((python_grid, c_grid), hand[0], Move(hand[0].id, x, y, rotation))
        assert c_grid.colour_values() == python_grid.colour_values()
