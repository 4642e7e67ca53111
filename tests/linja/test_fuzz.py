"""Hostile input for Linja: moves, move texts (digits only ASCII), turns and
seats (ints only) against live games.

Every refusal goes through :func:`hostile.refused`: only ValueError or
TypeError escapes, with a short message, and the game is exactly as it was
(its record and its state).  Every legal move and turn the game lists plays.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hostile import fuzz_settings, refused
from huegames import InvalidMoveError, linja


def position(seed: int, moves: int, goal_bonus: bool) -> linja.Game:
    """A seeded game ``moves`` random single moves in (perhaps over)."""
    game = linja.new_game(seed=seed, rules=linja.Rules(goal_bonus=goal_bonus))
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


games = st.builds(position, st.integers(0, 2**32), st.integers(0, 60), st.booleans())


def snapshot(game: linja.Game) -> tuple[Any, ...]:
    return game.to_dict(), game.state, list(game.history)


# Digits that str.isdigit (or \d) takes but a Linja position is not written in.
LOOKALIKE_DIGITS = "①②⑦²³¹٠١٣۷߁०३০৩੧૧୩௧౩೩൩๓໓༣၃႓០᠓０１７𝟎𝟏𝟕"

integers = st.one_of(
    st.integers(-3, 10),
    st.sampled_from([2**31, 2**63, -(2**63), 10**5000]),
)
not_ints = st.sampled_from([1.0, 0.0, 7.0, True, False, None, "1", b"1", 1 + 0j, float("nan")])

move_texts = st.one_of(
    st.text(max_size=12),
    st.builds(
        "{}-{}".format,
        st.one_of(st.integers(-2, 10), st.sampled_from(LOOKALIKE_DIGITS)),
        st.one_of(st.integers(-2, 10), st.sampled_from(LOOKALIKE_DIGITS)),
    ),
    st.sampled_from(
        ["pass", " PASS ", "0-1-2", "0 - 1", "-1", "1-", "7" * 5000 + "-1", "x" * 10**5]
    ),
)
moves = st.one_of(
    move_texts,
    st.builds(linja.Move, integers, integers),
    st.builds(linja.Move, not_ints, integers),
    st.builds(linja.Move, integers, not_ints),
    st.tuples(integers, integers),
    not_ints,
    st.just(linja.Move.PASS),
    st.builds(lambda text: linja.Turn.parse(text), st.sampled_from(["0-1", "0-1 1-2"])),
)
seats = st.one_of(st.sampled_from([0, 1]), integers, not_ints)


@fuzz_settings
@given(games, moves, st.one_of(st.none(), seats))
def test_a_hostile_move_is_refused_cleanly_or_is_legal(game, move, seat):
    legal, mover = game.legal_moves(), game.current_player
    message = refused(lambda: game.play(move, player=seat), lambda: snapshot(game))
    if message is None:  # it played: it was a legal move, by the seat to move
        assert game.history[-1] in legal
        assert seat is None or (type(seat) is int and seat == mover)


@fuzz_settings
@given(games, st.one_of(st.lists(moves, max_size=6), move_texts, moves))
def test_a_hostile_turn_is_refused_cleanly_or_is_legal(game, turn):
    legal = game.legal_turns()
    message = refused(lambda: game.play_turn(turn), lambda: snapshot(game))
    if message is None:
        assert linja.Turn.coerce(turn) in legal


@fuzz_settings
@given(games, seats)
def test_a_hostile_seat_for_a_view_is_refused_cleanly(game, seat):
    message = refused(lambda: game.view(seat), lambda: snapshot(game))
    assert (message is None) == (type(seat) is int and seat in (0, 1))


@fuzz_settings
@given(games, st.data())
def test_every_legal_move_and_turn_plays(game, data):
    if game.is_over:
        assert game.legal_moves() == [] and game.legal_turns() == []
        return
    before = snapshot(game)
    move = data.draw(st.sampled_from(game.legal_moves()))
    assert game.play(str(move), player=game.current_player) == move
    game.undo()
    assert snapshot(game) == before
    turn = data.draw(st.sampled_from(game.legal_turns()))
    game.play_turn(str(turn))
    for _ in turn:
        game.undo()
    assert snapshot(game) == before


# -- digits that isdigit takes and int refuses ------------------------------------------


@pytest.mark.parametrize(
    "text", ["①-2", "²-3", "0-²", "٣-4", "\uff10-\uff11", "\U0001d7ce-\U0001d7cf"]
)
def test_linja_move_text_takes_ascii_digits_only(text):
    with pytest.raises(InvalidMoveError, match=f"move {text!r}: expected 'src-dst'"):
        linja.Move.parse(text)
    game = linja.new_game(seed=1)
    assert refused(lambda: game.play(text), game.to_dict) is not None


@pytest.mark.parametrize("text", ["0-²", "0-1 ①-2", "0-1 1-2 ²-3"])
def test_linja_turn_text_takes_ascii_digits_only(text):
    with pytest.raises(InvalidMoveError, match="expected 'src-dst'"):
        linja.Turn.parse(text)


def test_linja_move_text_with_thousands_of_digits_is_an_invalid_move():
    with pytest.raises(InvalidMoveError, match=r"expected 'src-dst'"):
        linja.Move.parse("1" * 5000 + "-1")


def test_linja_an_endless_turn_is_refused():
    game = linja.new_game(seed=1)
    message = refused(lambda: game.play_turn(itertools.repeat("0-1")), game.to_dict)
    assert message == "a turn holds 1 to 4 moves, not more than 4"


# -- seats are ints ---------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0.0, 1.0, True, False])
def test_linja_play_player_is_an_int_seat(seat):
    game = linja.new_game(seed=1)
    with pytest.raises(TypeError, match="player must be a seat number"):
        game.play(game.legal_moves()[0], player=seat)
    with pytest.raises(TypeError, match="player must be a seat number"):
        game.view(seat)
    with pytest.raises(TypeError, match="first_player must be a seat number"):
        linja.Game(None, seat)
