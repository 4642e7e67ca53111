"""Hostile input for Plank: moves (whole ones only), move texts, squares and
seats (ints only) against live hands, in both phases.

Every refusal goes through :func:`hostile.refused`: only ValueError or
TypeError escapes, with a short message, and the hand is exactly as it was.
A move that is not one of the five kinds, or one built half-way (with
``object.__new__``) or changed after it was built, is refused as an
InvalidMoveError, never read half-way (an AttributeError before).  Every
legal move the hand lists plays.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hostile import fuzz_settings, refused
from huegames import InvalidMoveError, plank
from huegames.plank import LayPlace, LayShift, Pass, Place, Shift, Square


def position(players: int, seed: int, moves: int) -> plank.Game:
    """A seeded hand ``moves`` random moves in (perhaps over)."""
    game = plank.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def movement_phase(seed: int = 1) -> plank.Game:
    """A hand where the seat to move has all six tokens down."""
    for attempt in range(seed, seed + 200):
        game = plank.new_game(2, attempt)
        rng = random.Random(attempt)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            if not game.is_placing(seat):
                return game
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no seed reached the movement phase")


games = st.one_of(
    st.builds(position, st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 40)),
    st.builds(movement_phase, st.integers(0, 20)),
)


def snapshot(game: plank.Game) -> tuple[Any, ...]:
    return game.to_dict(), list(game.table.owners), list(game.table.strips)


def half_built(kind: type[plank.Move], **fields: object) -> plank.Move:
    """A move of ``kind`` with only ``fields`` set: what ``object.__new__`` gives."""
    move = object.__new__(kind)
    for name, value in fields.items():
        object.__setattr__(move, name, value)
    return move


squares = st.builds(Square, st.integers(0, 11), st.integers(0, 2))
hostile_values = st.sampled_from(
    [None, 1.0, True, 0, -1, 2**63, "", "a1", "RR", "X", "GWR", "T", (0, 0), [0, 0], 10**5000]
)
colours = st.sampled_from("GRW")
strips = st.sampled_from(["GRW", "GWR", "RGW", "RWG", "WGR", "WRG"])
ends = st.sampled_from("TB")

built_moves = st.one_of(
    st.builds(Place, colours, squares),
    st.tuples(squares, squares).filter(lambda pair: pair[0] != pair[1]).map(lambda p: Shift(*p)),
    st.builds(LayPlace, strips, ends, colours),
    st.builds(LayShift, strips, ends, squares),
    st.just(plank.Move.PASS),
)


@st.composite
def broken_moves(draw: st.DrawFn) -> plank.Move:
    """A move of one of the kinds with a field missing or of the wrong type."""
    kind, names = draw(
        st.sampled_from(
            [
                (Place, ("colour", "square")),
                (Shift, ("source", "target")),
                (LayPlace, ("strip", "end", "colour")),
                (LayShift, ("strip", "end", "source")),
            ]
        )
    )
    good = {
        "colour": "R",
        "square": Square(0, 0),
        "source": Square(0, 0),
        "target": Square(0, 1),
        "strip": "RWG",
        "end": "T",
    }
    fields = {name: good[name] for name in names}
    for name in draw(st.lists(st.sampled_from(names), min_size=1, unique=True)):
        if draw(st.booleans()):
            del fields[name]
        else:
            fields[name] = draw(hostile_values)
    return half_built(kind, **fields)


square_texts = st.builds(
    "{}{}".format,
    st.sampled_from("abcdABCD"),
    st.one_of(st.integers(-1, 14), st.sampled_from("٣३০０𝟑²①")),
)
move_texts = st.one_of(
    st.text(max_size=12),
    square_texts,
    st.builds("{}{}".format, st.sampled_from("GRWXgr"), square_texts),
    st.builds("{}-{}".format, square_texts, square_texts),
    st.builds("{} {} {}".format, ends, strips, st.one_of(colours, square_texts)),
    st.sampled_from(["pass", "PASS", "T GWR", "t gwr r", "x" * 10**5, "Ra" + "1" * 5000]),
)
moves = st.one_of(built_moves, broken_moves(), move_texts, hostile_values)
seats = st.one_of(st.integers(-1, 5), hostile_values)


@fuzz_settings
@given(games, moves, st.one_of(st.none(), seats))
def test_a_hostile_move_is_refused_cleanly_or_is_legal(game, move, seat):
    legal, mover = game.legal_moves(), game.current_player
    message = refused(lambda: game.play(move, player=seat), lambda: snapshot(game))
    if message is None:  # it played: a legal move (a first strip at "B" is one at "T")
        assert game.history[-1] in legal
        assert seat is None or (type(seat) is int and seat == mover)


@fuzz_settings
@given(games, seats)
def test_a_hostile_seat_is_refused_cleanly(game, seat):
    for read in (game.view, game.strips, game.off_table, game.letter, game.threats):
        message = refused(lambda read=read: read(seat), lambda: snapshot(game))
        assert (message is None) == (type(seat) is int and 0 <= seat < game.players)


@fuzz_settings
@given(games, st.data())
def test_every_legal_move_plays_and_undoes(game, data):
    if game.is_over:
        assert game.legal_moves() == []
        return
    before = snapshot(game)
    move = data.draw(st.sampled_from(game.legal_moves()))
    assert game.play(str(move), player=game.current_player) == move
    game.undo()
    assert snapshot(game) == before


# -- no AttributeError from a move that is not whole -------------------------------------


def test_plank_bare_move_is_not_a_move():
    with pytest.raises(TypeError, match=r"plank\.Move is not a kind of move"):
        plank.Move()
    game = movement_phase()
    for move in (object.__new__(plank.Move), object()):
        with pytest.raises(InvalidMoveError, match="not a Plank move"):
            game.play(move)


@pytest.mark.parametrize(
    ("move", "match"),
    [
        (half_built(Shift), "a plank.Shift without its source is not a move"),
        (half_built(LayShift, strip="RWG", end="T"), "without its source"),
        (half_built(Place, colour="R"), "without its square"),
        (half_built(Shift, source=Square(0, 0), target=(0, 1)), "target must be a plank.Square"),
        (half_built(LayShift, strip="RWG", end="X", source=Square(0, 0)), "top 'T' or the bottom"),
    ],
)
def test_plank_half_built_move_in_the_movement_phase(move, match):
    game = movement_phase()
    before = snapshot(game)
    with pytest.raises(InvalidMoveError, match=match):
        game.play(move)
    assert snapshot(game) == before


def test_plank_a_move_changed_after_it_was_built_is_checked_again():
    game = movement_phase()
    move = game.legal_moves()[0]
    assert isinstance(move, (Shift, LayShift, Pass))
    if isinstance(move, Pass):
        return
    changed = Shift(Square(0, 0), Square(0, 1))
    object.__setattr__(changed, "target", Square(0, 0))
    with pytest.raises(InvalidMoveError, match="a token must move to another square"):
        game.play(changed)


@pytest.mark.parametrize("text", ["a\u0663", "Ra\u0969", "a1-b\u09e6", "B RWG \uff101"])
def test_plank_squares_take_ascii_digits_only(text):
    """``\\d`` alone would read the Arabic-Indic ``a٣`` as ``a3``."""
    with pytest.raises(InvalidMoveError, match="expected a column a-c and a row 1-12"):
        plank.Square.parse(text.split()[-1].lstrip("R").split("-")[-1])
    with pytest.raises(InvalidMoveError):
        plank.Move.parse(text)


# -- seats are ints -----------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0.0, 1.0, True, False])
def test_plank_seats_are_ints(seat):
    game = plank.new_game(2, seed=1)
    with pytest.raises(TypeError, match="a seat is an integer"):
        game.play(game.legal_moves()[0], player=seat)
    with pytest.raises(TypeError, match="a seat is an integer"):
        game.view(seat)


def test_plank_record_players_is_an_int():
    record = plank.new_game(2, seed=1).to_dict()
    with pytest.raises(TypeError, match="players must be an integer"):
        plank.Game.from_dict({**record, "players": 2.0})
    with pytest.raises(TypeError, match="players must be an integer"):
        plank.new_game(2.0, seed=1)
