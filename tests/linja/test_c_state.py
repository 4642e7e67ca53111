"""Linja's ``Game`` on the C core (``huegames.linja.c_state``) against the same
game on the pure-Python engine, its specification: every method of the API,
at every state of random games under random rule options, with random undos,
refused moves, copies, views and records; and the whole-turn functions on
both backends."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames.errors import IllegalMoveError
from huegames.linja import Board, Game, Move, Rules, c_state, next_states, turn_outcomes
from huegames.linja.c_state import CState
from profiles import examples

pytestmark = pytest.mark.skipif(not c_state.available, reason="the Linja C core is not loaded")

SETTINGS = settings(max_examples=examples(60), deadline=None)

rule_sets = st.builds(
    Rules,
    goal_bonus=st.booleans(),
    tie_break=st.sampled_from(["draw", "goal"]),
    blockade=st.sampled_from(["score", "draw"]),
)


@st.composite
def boards(draw) -> Board:
    """The start, or 12 pieces a side anywhere (rows of 6 at most)."""
    if draw(st.booleans()):
        return Board.start()
    counts = []
    for _ in range(2):
        spots = draw(st.lists(st.integers(0, 7), min_size=12, max_size=12))
        counts.append(tuple(spots.count(p) for p in range(8)))
    board = Board(counts[0], counts[1])
    return Board.start() if any(board.count(p) > 6 for p in range(1, 7)) else board


def observed(game: Game) -> tuple:
    """Everything the API says about a game, for comparing the two backends."""
    return (
        game.state,
        game.board,
        game.current_player,
        game.following,
        game.bonus,
        game.is_over,
        game.scores(),
        game.outcome(),
        game.winner,
        game.legal_moves(),
        game.turn_outcomes(),
        game.legal_turns(),
        list(game.history),
        game.to_dict(),
        repr(game),
        [game.view(seat).legal_moves() for seat in (0, 1)],
    )


def refusal(game: Game, move: object) -> str | None:
    """The error ``game.play(move)`` raises (its type and message), or None."""
    before = observed(game)
    try:
        game.play(move)  # type: ignore[arg-type]
    except (IllegalMoveError, TypeError, ValueError) as error:
        assert observed(game) == before, "a refused move changed the game"
        return f"{type(error).__name__}: {error}"
    game.undo()
    return None


@SETTINGS
@given(st.data())
def test_the_c_game_is_the_python_game_move_by_move(data):
    rules = data.draw(rule_sets, label="rules")
    start = data.draw(boards(), label="board")
    first = data.draw(st.integers(0, 1), label="first")
    c = Game(start, first, rules=rules, seed=data.draw(st.integers(0, 2**20)))
    python = c.with_backend("python")
    assert (c.backend, python.backend) == ("c", "python")
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    while True:
        assert observed(c) == observed(python)
        wrong = rng.choice([Move(rng.randrange(8), rng.randrange(8)), Move.PASS, "3-9", 7])
        assert refusal(c, wrong) == refusal(python, wrong)
        if c.is_over:
            break
        if c.history and rng.random() < 0.2:
            assert c.undo() == python.undo()
            continue
        move = rng.choice(c.legal_moves())
        if rng.random() < 0.3:  # an equal move made elsewhere, or its text
            move = rng.choice([Move(move.src, move.dst), str(move)])
        assert c.play(move) == python.play(move)
    assert Game.from_dict(c.to_dict()).to_dict() == python.to_dict()
    while c.history:  # back to the start, one step at a time
        assert c.undo() == python.undo()
        assert observed(c) == observed(python)
    with pytest.raises(IllegalMoveError) as on_c:
        c.undo()
    with pytest.raises(IllegalMoveError) as on_python:
        python.undo()
    assert str(on_c.value) == str(on_python.value)


@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 80))
def test_copies_and_whole_turns_agree(seed, plies):
    rng = random.Random(seed)
    c = Game(Board.start(), seed % 2)
    for _ in range(plies):
        if c.is_over:
            break
        c.play(rng.choice(c.legal_moves()))
    python = c.with_backend("python")
    twin, python_twin = c.copy(), python.copy()
    assert twin.backend == "c" and observed(twin) == observed(python)
    if not c.is_over:
        turn = rng.choice(c.legal_turns())
        assert c.play_turn(turn) == python.play_turn(turn)
        assert observed(c) == observed(python)
        assert observed(twin) == observed(python_twin)  # the copies did not move


@SETTINGS
@given(boards(), st.integers(0, 1), st.integers(0, 3), st.booleans(), rule_sets)
def test_turn_functions_agree_on_both_backends(board, seat, following, bonus, rules):
    args = (board, seat, following, bonus, rules)
    assert turn_outcomes(*args, backend="c") == turn_outcomes(*args, backend="python")
    assert next_states(*args, backend="c") == next_states(*args, backend="python")
    assert turn_outcomes(*args) == turn_outcomes(*args, backend="python")  # C by default


def test_with_backend_refuses_what_it_cannot_do():
    game = Game()
    with pytest.raises(ValueError, match="unknown backend"):
        game.with_backend("rust")
    with pytest.raises(ValueError, match="unknown backend"):
        turn_outcomes(Board.start(), 0, backend="rust")
    assert game.with_backend("python").with_backend("c").backend == "c"


def test_setting_the_state_sets_it_on_both_backends():
    game = Game()
    game.play_turn("0-1 0-2")
    other = Game()
    for backend in ("c", "python"):
        fresh = other.with_backend(backend)
        fresh.state = game.state
        assert fresh.state == game.state and fresh.legal_moves() == game.legal_moves()
    with pytest.raises(TypeError, match=r"linja\.State"):
        other.state = (1, 2)  # type: ignore[assignment]


def test_a_line_longer_than_its_first_room_grows_and_undoes_on_both_backends():
    # Setting the state back to the start keeps the history: the line of
    # positions outgrows its first 128 (c_state._FIRST_CAPACITY), then undoes
    # through the point where it grew, copied on the way.
    c, rng = Game(), random.Random(5)
    python = c.with_backend("python")
    copies = []
    while len(c.history) < 3 * c_state._FIRST_CAPACITY:
        if c.is_over:
            c.state = python.state = Game().state
        move = rng.choice(c.legal_moves())
        assert c.play(move) == python.play(move)
        if len(c.history) % 97 == 0:
            copies.append((c.copy(), python.copy()))
    for twin, python_twin in copies:
        assert observed(twin) == observed(python_twin)
        twin.play(twin.legal_moves()[-1])
        python_twin.play(python_twin.legal_moves()[-1])
        assert observed(twin) == observed(python_twin)
    while c.history:
        assert c.undo() == python.undo()
        assert c.state == python.state and c.legal_moves() == python.legal_moves()


KEYS: dict[int, tuple] = {}
LISTS: dict[tuple, int] = {}
"""Each moves key met, with its list, and each list with its key (across examples)."""


@SETTINGS
@given(boards(), st.integers(0, 1), st.integers(0, 7), st.booleans())
def test_equal_moves_keys_list_equal_moves(board, seat, following, bonus):
    # linja_moves_key names a position's legal moves: the key of a list is
    # the same wherever the list is met, and no other list has it.
    ffi, lib = c_state.ffi, c_state.lib
    state = ffi.new("linja_state *")
    c_state._write(state, board, seat, following, bonus, 0)
    moves = ffi.new("linja_move[]", lib.LINJA_MAX_MOVES)
    count = lib.linja_legal_moves(state, moves)
    key = lib.linja_moves_key(state)
    assert 0 < key <= lib.LINJA_MAX_MOVES_KEY
    listed = tuple((moves[k].src, moves[k].dst) for k in range(count))
    assert KEYS.setdefault(key, listed) == listed
    assert LISTS.setdefault(listed, key) == key


def test_the_line_refuses_what_it_cannot_play_and_writes_nothing():
    ffi, lib = c_state.ffi, c_state.lib
    line = ffi.new("linja_state[]", 3)
    lib.linja_start(line, 0)
    rules = c_state.c_rules(Rules())
    before = ffi.buffer(line)[:]
    forward, backward = ffi.new("linja_move *", (0, 1))[0], ffi.new("linja_move *", (1, 0))[0]
    assert lib.linja_line_play(line, 3, 0, backward, rules) == lib.HG_ERR_ILLEGAL
    assert lib.linja_line_play(line, 3, -1, forward, rules) == lib.HG_ERR_ARGUMENT
    assert lib.linja_line_play(line, 3, 3, forward, rules) == lib.HG_ERR_ARGUMENT
    assert lib.linja_line_play(line, 3, 2, forward, rules) == lib.HG_ERR_CAPACITY
    assert lib.linja_line_play(line, 3, 0, forward, ffi.NULL) == lib.HG_ERR_ARGUMENT
    assert ffi.buffer(line)[:] == before
    key = lib.linja_line_play(line, 3, 0, forward, rules)
    assert key == lib.linja_moves_key(line + 1) > 0
    assert ffi.buffer(line)[: ffi.sizeof("linja_state")] == before[: ffi.sizeof("linja_state")]


@SETTINGS
@given(boards(), st.integers(0, 1), rule_sets, st.integers(0, 2**32))
def test_next_states_agree_on_both_backends_at_every_state_of_a_game(board, first, rules, seed):
    # At every state of a random game, to its end: a turn's start, a pending
    # following move, a bonus turn, the last turns before the sides have
    # passed. The C list is the Python one: the same tuples (a bool end
    # flag) in the same order, the turn outcomes' distinct states, first
    # found first; and a CState lists them too.
    game = Game(board, first, rules=rules, backend="python")
    line = CState(game.state, rules)
    rng = random.Random(seed)
    while not game.is_over:
        args = (game.board, game.current_player, game.following, game.bonus, rules)
        python = next_states(*args, backend="python")
        assert next_states(*args, backend="c") == python == line.next_states()
        assert all(type(player) is int and type(over) is bool for _, player, over in python)
        outcomes = turn_outcomes(*args, backend="python")
        assert python == list(dict.fromkeys((o.board, o.player, o.over) for o in outcomes))
        move = rng.choice(game.legal_moves())
        game.play(move)
        assert line.play(move)
    assert line.next_states() == []
