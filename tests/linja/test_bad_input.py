"""Linja's refusals: malformed move and turn text, illegal moves and turns,
bad records and rule options, each leaving the state unchanged."""

import random

import pytest

from huegames import linja
from huegames.linja import (
    Board,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Rules,
    Turn,
)


def random_game(seed: int, moves: int | None = None) -> Game:
    """A seeded game of random single moves, to the end or ``moves`` moves."""
    game, rng = linja.new_game(seed=seed), random.Random(seed)
    while not game.is_over and (moves is None or len(game.history) < moves):
        game.play(rng.choice(game.legal_moves()))
    return game


# -- malformed text ------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "x", "3-3", "9-1", "1-", "-1-2", "1-2-3", "pass2", "1 2"])
def test_malformed_move_text_raises_invalid_move_error(text):
    with pytest.raises(InvalidMoveError):
        Move.parse(text)


def test_malformed_turns_raise_invalid_move_error():
    for text in ("", "0-1 1-3 2-3 3-5 4-5"):
        with pytest.raises(InvalidMoveError):
            Turn.parse(text)
    with pytest.raises(InvalidMoveError):
        Game().play(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError):
        Game().play(Move(0, 9))


# -- bad input leaves the state unchanged --------------------------------------


def refused(game: Game, error: type[Exception], match: str, *moves, turn=False, **kwargs):
    """Each of ``moves`` raises ``error`` matching ``match`` and changes nothing."""
    for move in moves:
        before = game.to_dict()
        state = game.state
        with pytest.raises(error, match=match):
            if turn:
                game.play_turn(move, **kwargs)
            else:
                game.play(move, **kwargs)
        assert game.to_dict() == before and game.state == state


def test_move_for_the_wrong_side_is_refused():
    game = Game()  # red to move
    refused(game, IllegalMoveError, "not seat 1", "0-1", player=1)
    refused(game, IllegalMoveError, "backward move", "7-6")
    refused(game, IllegalMoveError, "not seat 1", "0-1", turn=True, player=1)


def test_backward_move_is_refused():
    refused(Game(), IllegalMoveError, "backward move: red moves towards 7", "2-1", "7-0")
    game = Game(first_player=linja.BLACK)
    refused(game, IllegalMoveError, "backward move: black moves towards 0", "1-2")


def test_move_from_an_empty_position_is_refused():
    game = Game()
    game.play("6-7")  # N = 1, and red has nothing left on 6
    refused(game, IllegalMoveError, "red has no piece on position 6", "6-7")
    refused(game, IllegalMoveError, "no pass while a move exists", "pass")


def test_move_into_a_full_row_is_refused():
    game = Game(Board.of((4, 1, 3, 1, 1, 1, 1, 0), (0, 1, 3, 1, 1, 1, 1, 4)))
    refused(game, IllegalMoveError, "row 2 is full", "1-2")


def test_wrong_following_length_is_refused():
    game = Game()
    game.play("0-1")
    refused(game, IllegalMoveError, "exactly 2 positions", "0-1", "1-4", "2-3")
    game.play("0-2")
    refused(game, IllegalMoveError, "an initial move goes exactly one", "6-4")


def test_anything_after_the_end_is_refused():
    game = random_game(3)
    assert game.is_over and game.legal_moves() == [] and game.legal_turns() == []
    refused(game, IllegalMoveError, "game is over", "0-1", "pass", "7-6")
    refused(game, IllegalMoveError, "game is over", "0-1 1-3", turn=True)


def test_incomplete_or_overlong_turn_is_refused():
    game = Game()
    refused(game, IllegalMoveError, "not complete", "0-1", turn=True)
    refused(game, IllegalMoveError, "complete after 2 moves", "0-1 0-2 7-6", turn=True)
    refused(game, IllegalMoveError, "row|exactly", "0-1 0-1", turn=True)
    assert game.play_turn("0-1 0-2") == Turn.parse("0-1 0-2")
    assert game.current_player == linja.BLACK


def test_bad_records_are_refused():
    record = random_game(4, moves=10).to_dict()
    bad = [
        {**record, "game": "hue"},
        {**record, "format": 99},
        {**record, "moves": [*record["moves"], "7-0"]},
        {**record, "setup": {"first_player": 2}},
        {**record, "rules": {"goal_bonus": "yes"}},
        {key: value for key, value in record.items() if key != "moves"},
    ]
    for data in bad:
        with pytest.raises((ValueError, TypeError)):
            Game.from_dict(data)


def test_bad_rule_options_are_refused():
    with pytest.raises(ValueError):
        Rules(tie_break="coin")
    with pytest.raises(ValueError):
        Rules(blockade="replay")
    with pytest.raises(TypeError):
        Rules(goal_bonus=1)  # type: ignore[arg-type]
