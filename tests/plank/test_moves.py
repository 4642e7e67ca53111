"""Plank move notation: every move reads back from its text."""

import pytest

from huegames.errors import InvalidMoveError
from huegames.plank import LayPlace, LayShift, Move, Pass, Place, Shift, Square
from huegames.plank.moves import LAY_PLACES, LAY_SHIFTS, PLACES, SHIFTS


def every_move():
    yield Pass()
    yield from PLACES.values()
    yield from (move for row in SHIFTS for move in row if move is not None)
    yield from LAY_PLACES.values()
    yield from LAY_SHIFTS.values()


def test_notation_round_trips_for_every_move():
    moves = list(every_move())
    assert len(set(moves)) == len(moves) == 1 + 108 + 36 * 35 + 36 + 432
    for move in moves:
        assert Move.parse(str(move)) == move
        assert eval(repr(move)) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Rb2", Place("R", Square(1, 1))),
        ("b2-c12", Shift(Square(1, 1), Square(11, 2))),
        ("T GWR R", LayPlace("GWR", "T", "R")),
        ("B RWG b2", LayShift("RWG", "B", Square(1, 1))),
        ("pass", Pass()),
        ("  t  gwr  w ", LayPlace("GWR", "T", "W")),
        ("RB2", Place("R", Square(1, 1))),
    ],
)
def test_notation_examples(text, move):
    assert Move.parse(text) == move


def test_notation_every_kind_parses_every_move():
    assert Place.parse("Ga1") == Place("G", Square(0, 0))
    assert Place.parse("a1-b1") == Shift(Square(0, 0), Square(0, 1))
    with pytest.raises(InvalidMoveError):
        Place.parse("a1 b1")
