"""Parity: Linja's C core (``csrc/linja_core.h``) and the Python engine agree.

Each example plays a random game (from the start or from a random legal
board, under random rule options) move by move on both, and checks at every
state -- initial moves, following moves, bonus turns -- the same single
moves in the same order, the same whole turns (moves, board, seat to move,
end) in the same order, the same state after each move, and the same
result.  The C greedy and search policies pick the very turn the Python
bots pick from the same seed, and the C generator draws what
``random.Random`` draws.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from huegames.linja import Board, GreedyBot, Rules, SearchBot, Termination
from huegames.linja.game import Game, State
from huegames.linja.moves import Move

core = pytest.importorskip("huegames.linja._linja_core")
ffi, lib = core.ffi, core.lib

TERMINATIONS = {None: lib.LINJA_ONGOING, Termination.PASSED: lib.LINJA_PASSED,
                Termination.BLOCKADE: lib.LINJA_BLOCKADE}  # fmt: skip


def c_rules(rules: Rules):
    return ffi.new(
        "linja_rules *",
        {
            "goal_bonus": int(rules.goal_bonus),
            "tie_break": int(rules.tie_break == "goal"),
            "blockade": int(rules.blockade == "draw"),
        },
    )


def c_state(state: State):
    return ffi.new(
        "linja_state *",
        {
            "board": {"red": list(state.board.red), "black": list(state.board.black)},
            "player": state.current_player,
            "following": state.following,
            "bonus": int(state.bonus),
            "termination": TERMINATIONS[state.termination],
        },
    )


def python_state(state) -> tuple:
    board = Board(tuple(state.board.red), tuple(state.board.black))
    codes = {code: termination for termination, code in TERMINATIONS.items()}
    return (board, state.player, state.following, bool(state.bonus), codes[state.termination])


def move_of(move) -> Move:
    return Move.PASS if move.src < 0 else Move(move.src, move.dst)


def c_moves(state) -> list[Move]:
    out = ffi.new("linja_move[]", lib.LINJA_MAX_MOVES)
    count = lib.linja_legal_moves(state, out)
    assert count >= 0
    return [move_of(out[i]) for i in range(count)]


def c_turns(state, rules) -> list:
    out = ffi.new("linja_turn[]", lib.LINJA_MAX_TURNS)
    count = lib.linja_turns(state, rules, out, lib.LINJA_MAX_TURNS)
    assert count >= 0
    return out, count


@st.composite
def boards(draw) -> Board:
    """A legal board: the start, or 12 pieces a side anywhere (rows of 6 at most)."""
    if draw(st.booleans()):
        return Board.start()
    counts = []
    for _ in range(2):
        spots = draw(st.lists(st.integers(0, 7), min_size=12, max_size=12))
        counts.append(tuple(spots.count(p) for p in range(8)))
    board = Board(counts[0], counts[1])
    if any(board.count(p) > 6 for p in range(1, 7)):
        board = Board.start()
    return board


@st.composite
def rule_sets(draw) -> Rules:
    return Rules(
        goal_bonus=draw(st.booleans()),
        tie_break=draw(st.sampled_from(["draw", "goal"])),
        blockade=draw(st.sampled_from(["score", "draw"])),
    )


@given(st.data())
def test_c_and_python_agree_move_by_move(data):
    rules = data.draw(rule_sets(), label="rules")
    game = Game(data.draw(boards(), label="board"), data.draw(st.integers(0, 1)), rules=rules)
    game = game.with_backend("python")  # the specification, against the core's functions
    crules = c_rules(rules)
    state = c_state(game.state)
    assert lib.linja_check_state(state) == 0
    while True:
        assert python_state(state) == tuple(game.state)
        board = ffi.addressof(state, "board")
        assert [lib.linja_points(board, seat) for seat in (0, 1)] == game.scores()
        legal = game.legal_moves()
        assert c_moves(state) == legal
        out, count = c_turns(state, crules)
        outcomes = game.turn_outcomes()
        assert game.backend == "python" and count == len(outcomes)
        for i, outcome in enumerate(outcomes):
            turn = out[i]
            assert [move_of(turn.moves[k]) for k in range(turn.count)] == list(outcome.turn)
            board = Board(tuple(turn.board.red), tuple(turn.board.black))
            assert (board, turn.player, bool(turn.over)) == outcome[1:]
        if game.is_over:
            winner = lib.linja_winner(state, crules)
            assert (None if winner < 0 else winner) == game.winner
            return
        move = data.draw(st.sampled_from(legal), label="move")
        game.play(move)
        assert lib.linja_play(state, {"src": move.src, "dst": move.dst}, crules) == 0


@given(st.data())
def test_c_refuses_illegal_moves_and_leaves_the_state(data):
    game = Game(data.draw(boards()), data.draw(st.integers(0, 1))).with_backend("python")
    state = c_state(game.state)
    before = python_state(state)
    legal = game.legal_moves()
    move = data.draw(st.tuples(st.integers(-1, 7), st.integers(-1, 7)))
    status = lib.linja_play(state, {"src": move[0], "dst": move[1]}, c_rules(Rules()))
    allowed = (Move.PASS if move == (-1, -1) else Move(*move)) in legal and not game.is_over
    assert status == (0 if allowed else lib.HG_ERR_ILLEGAL)
    if not allowed:
        assert python_state(state) == before


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(1, 5000), min_size=1, max_size=40))
def test_the_c_generator_draws_what_random_draws(seed, sizes):
    rng = ffi.new("linja_rng *")
    lib.linja_rng_seed(rng, seed)
    python = random.Random(seed)
    assert [lib.linja_rng_below(rng, n) for n in sizes] == [python.choice(range(n)) for n in sizes]


def chosen_by_c(game: Game, policy: int, seed: int, nodes: int = 0, max_depth: int = 1) -> Move:
    state, crules = c_state(game.state), c_rules(game.rules)
    out, count = c_turns(state, crules)
    rng = ffi.new("linja_rng *")
    lib.linja_rng_seed(rng, seed)
    bot = ffi.new("linja_bot *", {"policy": policy, "nodes": nodes, "max_depth": max_depth})
    workspace, _keep = new_workspace(nodes)
    index = lib.linja_choose_turn(state, crules, bot, rng, workspace, out, count)
    assert 0 <= index < count, index
    turn = out[index]
    return [move_of(turn.moves[k]) for k in range(turn.count)]


def new_workspace(nodes: int):
    """A search workspace with room for ``nodes`` expansions."""
    most = lib.LINJA_MAX_TURNS
    ws = ffi.new("linja_workspace *")
    keep = [
        ffi.new("linja_turn[]", most),
        ffi.new("linja_child[]", most),
        ffi.new("double[]", most),
        ffi.new("double[]", most),
        ffi.new("int32_t[]", most),
    ]
    ws.turns, ws.roots, ws.values, ws.deeper, ws.turn_root = keep
    children = (nodes + most + 1) * 200
    table = 1 << (2 * (nodes + most + 2)).bit_length()
    keep += [ffi.new("linja_child[]", children), ffi.new("linja_entry[]", table)]
    keep.append(ffi.new("linja_seen[]", 8192))
    ws.children, ws.table, ws.seen = keep[5:]
    ws.children_capacity, ws.table_size, ws.seen_size = children, table, 8192
    return ws, keep


def positions(seed: int, plies: int) -> Game:
    """A game after ``plies`` random single moves (a whole turn's start)."""
    game, rng = Game(Board.start(), seed % 2).with_backend("python"), random.Random(seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    while not game.is_over and (game.following or game.state.bonus):
        game.play(rng.choice(game.legal_moves()))
    return game


@given(st.integers(0, 10**6), st.integers(0, 90), st.integers(0, 2**63 - 1))
def test_c_greedy_picks_the_python_greedy_turn(position, plies, seed):
    game = positions(position, plies)
    if game.is_over:
        return
    python = GreedyBot(seed=seed).choose_turn(game.view(game.state.current_player))
    assert chosen_by_c(game, lib.LINJA_POLICY_GREEDY, seed) == list(python)


@given(st.integers(0, 10**6), st.integers(0, 90), st.integers(0, 2**63 - 1), st.data())
def test_c_search_picks_the_python_search_turn(position, plies, seed, data):
    game = positions(position, plies)
    if game.is_over:
        return
    nodes = data.draw(st.integers(0, 150), label="nodes")
    depth = data.draw(st.integers(1, 5), label="max_depth")
    python = SearchBot(seed=seed, nodes=nodes, max_depth=depth)
    turn = python.choose_turn(game.view(game.state.current_player))
    assert chosen_by_c(game, lib.LINJA_POLICY_SEARCH, seed, nodes, depth) == list(turn)


def test_bad_arguments_are_refused():
    state = ffi.new("linja_state *")
    assert lib.linja_start(state, 2) == lib.HG_ERR_ARGUMENT
    assert lib.linja_start(state, 0) == 0
    out = ffi.new("linja_turn[]", 3)
    assert lib.linja_turns(state, c_rules(Rules()), out, 3) == lib.HG_ERR_CAPACITY
    state.board.red[0] = 7  # 13 red pieces
    assert lib.linja_check_state(state) == lib.HG_ERR_STATE
    assert lib.linja_legal_moves(state, ffi.new("linja_move[]", 7)) == lib.HG_ERR_ARGUMENT
    bots_ = ffi.new("linja_bot[]", [{"policy": 9}, {"policy": 0}])
    status = lib.linja_play_games(
        c_rules(Rules()), 1, ffi.new("uint64_t[]", [1]), bots_, ffi.NULL,
        ffi.new("int32_t[]", 2), ffi.new("int8_t[]", 1), ffi.NULL, ffi.NULL,
    )  # fmt: skip
    assert status == lib.HG_ERR_ARGUMENT


def distinct_states(out, count: int) -> list[bytes]:
    """The bytes of each distinct (board, player, over) of ``count`` turn records, in order."""
    found = (
        bytes(ffi.buffer(ffi.addressof(out[i], "board"))) + bytes([out[i].player, out[i].over])
        for i in range(count)
    )
    return list(dict.fromkeys(found))


def c_next_states(state, rules, capacity: int) -> tuple[int, list[bytes]]:
    """``linja_next_states``' status and records, ``out`` holding exactly ``capacity``."""
    out = ffi.new("linja_next[]", max(capacity, 1))
    status = lib.linja_next_states(state, rules, out, capacity)
    size = ffi.sizeof("linja_next")
    data = ffi.buffer(out)[:]
    return status, [data[i * size : (i + 1) * size] for i in range(max(status, 0))]


@given(st.data())
def test_c_next_states_are_the_distinct_turns_in_order_at_every_state(data):
    # linja_next_states, at every state of a random game (initial and
    # following moves, bonus turns, the end), lists what de-duplicating
    # linja_turns' records lists, and exactly fills a buffer of that size.
    rules = data.draw(rule_sets(), label="rules")
    game = Game(data.draw(boards(), label="board"), data.draw(st.integers(0, 1)), rules=rules)
    game = game.with_backend("python")
    crules = c_rules(rules)
    while True:
        state = c_state(game.state)
        out, count = c_turns(state, crules)
        expected = distinct_states(out, count)
        assert c_next_states(state, crules, lib.LINJA_MAX_TURNS) == (len(expected), expected)
        assert c_next_states(state, crules, len(expected)) == (len(expected), expected)
        if expected:
            assert c_next_states(state, crules, len(expected) - 1)[0] == lib.HG_ERR_CAPACITY
        if game.is_over:
            assert expected == []
            return
        game.play(data.draw(st.sampled_from(game.legal_moves()), label="move"))


def test_c_next_states_refuse_bad_arguments_and_write_nothing():
    state, rules = ffi.new("linja_state *"), c_rules(Rules())
    assert lib.linja_start(state, 0) == 0
    count = lib.linja_next_states(state, rules, ffi.new("linja_next[]", 33), 33)
    assert count == 33  # red's distinct states from the start
    out = ffi.new("linja_next[]", lib.LINJA_MAX_TURNS)
    ffi.memmove(out, b"\xa5" * len(ffi.buffer(out)), len(ffi.buffer(out)))
    untouched = ffi.buffer(out)[:]

    def refused(status: int, *args) -> None:
        assert lib.linja_next_states(*args) == status
        assert ffi.buffer(out)[:] == untouched

    refused(lib.HG_ERR_CAPACITY, state, rules, out, 32)  # one short
    refused(lib.HG_ERR_CAPACITY, state, rules, out, 0)
    refused(lib.HG_ERR_ARGUMENT, state, rules, out, -1)
    refused(lib.HG_ERR_ARGUMENT, ffi.NULL, rules, out, 33)
    refused(lib.HG_ERR_ARGUMENT, state, ffi.NULL, out, 33)
    assert lib.linja_next_states(state, rules, ffi.NULL, 33) == lib.HG_ERR_ARGUMENT
    for field, value in [("player", 2), ("following", 8), ("bonus", 2), ("termination", 3)]:
        bad = ffi.new("linja_state *", state[0])
        setattr(bad, field, value)
        refused(lib.HG_ERR_ARGUMENT, bad, rules, out, 33)
    bad = ffi.new("linja_state *", state[0])
    bad.board.red[0] = 7  # 13 red pieces
    refused(lib.HG_ERR_ARGUMENT, bad, rules, out, 33)
    over = ffi.new("linja_state *", state[0])
    over.termination = lib.LINJA_BLOCKADE
    refused(0, over, rules, out, 0)  # a game that is over leads nowhere
    size = ffi.sizeof("linja_next")
    assert lib.linja_next_states(state, rules, out, lib.LINJA_MAX_TURNS) == 33
    assert ffi.buffer(out)[33 * size :] == untouched[33 * size :]  # only the states written


def test_c_next_states_of_a_position_of_many_states():
    # 189 distinct states: more than half the 256 slots the core's table
    # starts with, so it grows in the middle of the walk.
    board = Board.of((3, 2, 2, 1, 0, 2, 2, 0), (1, 1, 2, 2, 0, 0, 0, 6))
    state, rules = c_state(State(board, 0, 0, False, None)), c_rules(Rules())
    out, count = c_turns(state, rules)
    expected = distinct_states(out, count)
    assert len(expected) == 189
    assert c_next_states(state, rules, lib.LINJA_MAX_TURNS) == (189, expected)
    assert c_next_states(state, rules, 189) == (189, expected)
    assert c_next_states(state, rules, 188) == (lib.HG_ERR_CAPACITY, [])
