"""Plank's ``Game`` with its position mirrored in the C core
(``huegames.plank.c_state``) against the same hand on the pure-Python engine,
its specification: every method of the API at every position of random
hands (2, 3 and 4 players, draws by repetition and by the turn limit
included), with random undos, refused moves, copies, views and records."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import plank
from huegames.errors import IllegalMoveError, InvalidMoveError
from huegames.plank import Game, Move, c_state
from profiles import examples

pytestmark = pytest.mark.skipif(not c_state.available, reason="the Plank C core is not loaded")

SETTINGS = settings(max_examples=examples(30), deadline=None)


def observed(game: Game) -> tuple:
    """Everything the API says about a hand, for comparing the two backends."""
    seats = range(game.players)
    return (
        game.table.rows,
        game.table.strips,
        game.table.colours,
        game.table.lines,
        tuple(game.table.owners),
        [game.off_table(seat) for seat in seats],
        [game.tokens_off(seat) for seat in seats],
        [game.strips(seat) for seat in seats],
        [game.strip_counts(seat) for seat in seats],
        [game.is_placing(seat) for seat in seats],
        [game.gives_a_line(move) for move in list(game.legal_moves())[:8]],
        [game.threats(seat) for seat in seats],
        game.legal_moves(),
        game.winning_moves(),
        game.current_player,
        game.is_over,
        game.outcome(),
        game.winning_line,
        game.scores(),
        game.repetitions(),
        list(game.history),
        game.to_dict(),
        repr(game),
        [game.view(seat).legal_moves() for seat in seats],
    )


def refusal(game: Game, move: object) -> str | None:
    """The error ``game.play(move)`` raises (its type and message), or None."""
    before = observed(game)
    try:
        game.play(move)  # type: ignore[arg-type]
    except (IllegalMoveError, InvalidMoveError, TypeError, ValueError) as error:
        assert observed(game) == before, "a refused move changed the hand"
        return f"{type(error).__name__}: {error}"
    game.undo()
    return None


@SETTINGS
@given(st.integers(2, 4), st.integers(0, 2**32), st.sampled_from([None, 2, 3]), st.data())
def test_the_c_game_is_the_python_game_move_by_move(players, seed, repetition, data):
    limit = data.draw(st.sampled_from([None, 30, 120] if repetition else [30, 120]))
    rules = plank.Rules(turn_limit=limit, repetition=repetition)
    c = plank.new_game(players=players, seed=seed, rules=rules)
    python = c.with_backend("python")
    assert (c.backend, python.backend) == ("c", "python")
    rng = random.Random(seed)
    every = list(c_state.MOVES.values())
    while True:
        assert observed(c) == observed(python)
        wrong = rng.choice([rng.choice(every), "a1-z9", 7, "pass"])
        assert refusal(c, wrong) == refusal(python, wrong)
        if c.is_over or len(c.history) > 160:
            break
        if c.history and rng.random() < 0.15:
            assert c.undo() == python.undo()
            continue
        legal = c.legal_moves()
        for move in rng.sample(legal, min(3, len(legal))):
            assert c.gives_a_line(move) == python.gives_a_line(move)
        move = rng.choice(legal)
        if rng.random() < 0.3:  # the move's text, or an equal move made elsewhere
            move = rng.choice([str(move), Move.parse(str(move))])
        assert c.play(move) == python.play(move)
    assert plank.Game.from_dict(c.to_dict()).to_dict() == python.to_dict()
    while c.history:
        assert c.undo() == python.undo()
    assert observed(c) == observed(python)


@SETTINGS
@given(st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 40))
def test_copies_are_independent_and_agree(players, seed, plies):
    c = plank.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if c.is_over:
            break
        c.play(rng.choice(c.legal_moves()))
    python = c.with_backend("python")
    twin, python_twin = c.copy(), python.copy()
    assert twin.backend == "c" and observed(twin) == observed(python)
    if not c.is_over:
        move = rng.choice(c.legal_moves())
        assert c.play(move) == python.play(move)
        assert observed(c) == observed(python)
        assert observed(twin) == observed(python_twin)


def test_with_backend_refuses_what_it_cannot_do():
    game = plank.new_game(players=2, seed=1)
    with pytest.raises(ValueError, match="unknown backend"):
        game.with_backend("rust")
    assert game.with_backend("python").with_backend("c").backend == "c"


def test_legal_moves_on_c_are_a_sequence_equal_to_the_python_list():
    c = plank.new_game(3, seed=11)
    python = c.with_backend("python")
    for move in ["T RWG G", "T GRW R", "T RGW W", "Wb3"]:
        c.play(move)
        python.play(move)
    moves, listed = c.legal_moves(), python.legal_moves()
    assert isinstance(moves, c_state.LegalMoves) and isinstance(listed, list)
    assert moves == listed and listed == moves and list(moves) == listed
    assert len(moves) == len(listed) and moves[3] == listed[3] and moves[-1] == listed[-1]
    assert moves[2:9] == listed[2:9] and list(reversed(moves)) == listed[::-1]
    assert listed[5] in moves and plank.Move.parse(str(listed[5])) in moves
    assert plank.Move.PASS not in moves and "Wb3" not in moves and [1] not in moves
    assert moves != listed[:-1] and moves != set(listed)
    assert repr(moves) == repr(listed)
    with pytest.raises(TypeError):
        moves[0] = listed[1]  # type: ignore[index]
    with pytest.raises(IndexError):
        moves[len(listed)]
    played = moves[0]
    c.play(played)
    assert moves[0] is played and len(moves) == len(listed)  # a list made before stays


LONG = plank.Rules(repetition=None, turn_limit=1000)


def long_hand(seed: int, turns: int) -> list[plank.Move]:
    """``turns`` moves of a 2-player hand that neither seat wins: each plays
    a move that completes no line (no draw by repetition under its rules)."""
    game = plank.new_game(2, seed=seed, rules=LONG, backend="python")
    rng = random.Random(seed)
    while len(game.history) < turns:
        winning = game.winning_moves()
        safe = [move for move in game.legal_moves() if move not in winning]
        game.play(rng.choice(safe or list(game.legal_moves())))
        assert not game.is_over
    return list(game.history)


def test_a_line_that_outgrows_its_first_capacity_copies_and_undoes_across_it():
    first = c_state._FIRST_CAPACITY
    moves = long_hand(seed=5, turns=2 * first + 10)
    c = plank.new_game(2, seed=5, rules=LONG)
    python = c.with_backend("python")
    copies = []
    for k, move in enumerate(moves, 1):
        assert c.play(move) == python.play(move)
        if k in (first - 2, first - 1, first, first + 1, 2 * first):
            copies.append((c.copy(), python.copy()))
            assert observed(c) == observed(python)
    for twin, python_twin in copies:  # each copy goes its own way, the hand stays
        move = twin.legal_moves()[-1]
        assert twin.play(move) == python_twin.play(move)
        assert observed(twin) == observed(python_twin)
    assert observed(c) == observed(python)
    while len(c.history) > first - 5:  # back across every growth
        assert c.undo() == python.undo()
    assert observed(c) == observed(python)
    for move in moves[first - 5 :]:  # and forward again
        c.play(move)
        python.play(move)
    assert observed(c) == observed(python) and c.copy().repetitions() == python.repetitions()


def test_new_game_takes_a_backend_and_deals_hand_0_in_c():
    assert plank.new_game(2, seed=3, backend="python").backend == "python"
    game = plank.new_game(3, seed=3, backend="c")
    assert game.backend == "c" and game.deal == plank.deal_hand(3, 3)
    assert observed(game) == observed(plank.new_game(3, seed=3, backend="python"))
    later = plank.new_game(3, seed=3, hand=2, backend="c")  # dealt in Python, played in C
    assert later.backend == "c" and later.deal == plank.deal_hand(3, 3, hand=2)
    for seed in (-1, 2**64, 2**80):  # random.Random's seeds that plank_deal does not take
        assert plank.new_game(2, seed=seed, backend="c").deal == plank.deal_hand(2, seed)
    with pytest.raises(ValueError, match="unknown backend"):
        plank.new_game(2, seed=3, backend="rust")
    with pytest.raises(TypeError, match=r"rules must be plank\.Rules"):
        plank.new_game(2, seed=3, rules={"repetition": 2}, backend="c")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="hand must be"):
        plank.new_game(2, seed=3, hand=-1, backend="c")
