"""Plank bad input: a clear error and the state as it was."""

import pytest

from huegames import plank
from huegames.errors import IllegalMoveError, InvalidMoveError
from huegames.plank import Deal, Game, Place, Square

FULL = ("RWG", "RGW", "GRW")
TWO = Deal(("A", "B"), (("RWG",) + ("RGW",) * 4 + ("GRW",), ("RWG",) * 3 + ("GRW",) * 3), 0)
TWO_GIVEN = Deal(("A", "B"), (FULL * 2, FULL * 2), first=0)
BOTH_MOVING = [
    "T GRW G", "T GRW G", "Rb2", "Wc2", "T WRG G", "B GWR W",
    "B GWR W", "B RWG R", "B WRG W", "B WGR G", "Rc8", "Rc5",
]  # fmt: skip


def refused(game: Game, move, error: type[Exception], match: str | None) -> None:
    before = game.to_dict()
    legal = game.legal_moves()
    with pytest.raises(error, match=match):
        game.play(move)
    assert game.to_dict() == before
    assert game.legal_moves() == legal


def start(texts: list[str], deal: Deal = TWO_GIVEN) -> Game:
    game = Game(deal)
    for text in texts:
        game.play(text)
    return game


def test_bad_input_token_of_the_wrong_colour():
    game = start(["T RWG R"])
    refused(game, "Gb1", IllegalMoveError, "green token must stand on a green square; b1 is white")
    refused(game, Place("W", Square(0, 0)), IllegalMoveError, "a1 is red")


def test_bad_input_occupied_square():
    game = start(["T RWG R", "B RGW R"])
    refused(game, "Ra2", IllegalMoveError, "a2 already holds a token")


def test_bad_input_square_off_the_table():
    game = start(["T RWG R"])
    refused(game, "Ra2", IllegalMoveError, "no square a2: the table has 1 strips")


def test_bad_input_strip_the_player_does_not_hold():
    game = start(["T RWG R"], deal=TWO)
    refused(game, "B RGW R", IllegalMoveError, "holds no RGW strip")
    refused(game, "B WGR R", IllegalMoveError, "holds no RGW strip")


def test_bad_input_colour_with_no_token_left_off_the_table():
    game = start(["T RWG R", "T RWG R", "B RGW R", "Wb1"])
    refused(game, "B RWG R", IllegalMoveError, "no red token off the table")


def test_bad_input_move_in_the_wrong_phase():
    game = start(["T RWG R"])
    refused(game, "a1-a2", IllegalMoveError, "placement phase")
    refused(game, "T GRW a1", IllegalMoveError, "placement phase")
    game = plank.new_game(2, seed=0)
    for text in BOTH_MOVING:
        game.play(text)
    refused(game, "Ra4", IllegalMoveError, "movement phase")
    refused(game, "T RGW G", IllegalMoveError, "movement phase")


def test_bad_input_moving_a_token_that_is_not_the_players():
    game = plank.new_game(2, seed=0)
    for text in BOTH_MOVING:
        game.play(text)
    refused(game, "a2-a4", IllegalMoveError, "seat 0 has no token on a2")
    refused(game, "a9-a4", IllegalMoveError, "no token on a9")
    refused(game, "c1-c3", IllegalMoveError, "green token must stand on a green square")


def test_bad_input_move_after_the_hand_ended():
    game = start(["T RWG R", "B RGW R", "Wb1", "Gb2", "Gc1"])
    refused(game, "Wc2", IllegalMoveError, "the hand is over")
    refused(game, "pass", IllegalMoveError, "the hand is over")


def test_bad_input_wrong_seat():
    game = start([])
    before = game.to_dict()
    with pytest.raises(IllegalMoveError, match="seat 0's turn, not seat 1's"):
        game.play("T RWG R", player=1)
    assert game.to_dict() == before


@pytest.mark.parametrize(
    "text", ["", "R", "Rd1", "Ra0", "Ra13", "a1-a1", "a1-", "X RWG R", "T RRG R", "T RWG", 7]
)
def test_bad_input_malformed_text(text):
    refused(start(["T RWG R"]), text, InvalidMoveError, None)


def test_bad_input_not_a_move():
    refused(start([]), ("T", "RWG", "R"), InvalidMoveError, "not a Plank move")


def test_bad_input_malformed_move_objects():
    with pytest.raises(InvalidMoveError):
        Place("X", Square(0, 0))
    with pytest.raises(InvalidMoveError):
        Place("R", Square(0, 3))
    with pytest.raises(InvalidMoveError):
        plank.LayPlace("RWG", "top", "R")
    assert issubclass(InvalidMoveError, ValueError) and issubclass(IllegalMoveError, ValueError)


def test_bad_input_undo_with_nothing_played():
    game = start([])
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()


def test_bad_input_records():
    record = start(["T RWG R"]).to_dict()
    with pytest.raises(ValueError, match="this is a 'hue' record, not a 'plank' record"):
        Game.from_dict(record | {"game": "hue"})
    with pytest.raises(ValueError, match="record move 1"):
        Game.from_dict(record | {"moves": ["Ra1"]})
    with pytest.raises(ValueError, match="must hold 4 strips of each pattern"):
        Game.from_dict(record | {"setup": {"letters": ["A", "B"], "strips": [["RWG"] * 6] * 2,
                                           "first": 0}})  # fmt: skip
    with pytest.raises(ValueError, match="letters"):
        Deal(("A", "C"), TWO.strips, 0)
    with pytest.raises(ValueError, match="2 to 4 players"):
        plank.new_game(5, seed=1)


@pytest.mark.parametrize("name", ["repetition", "turn_limit"])
@pytest.mark.parametrize("value", [2**31, 10**5000], ids=["2**31", "10**5000"])
def test_a_rule_setting_beyond_32_bits_is_refused(name: str, value: int) -> None:
    """A setting no core holds and no record writes (JSON refuses ints of
    over 4,300 digits) is a ValueError, from Rules and from a record."""
    with pytest.raises(ValueError, match=f"Rules.{name} must be None or"):
        plank.Rules(**{name: value})
    record = plank.new_game(players=2, seed=1).to_dict()
    record["rules"][name] = value
    with pytest.raises(ValueError):
        Game.from_dict(record)
