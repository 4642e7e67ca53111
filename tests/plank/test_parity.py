"""Parity: the Plank C core and the Python engine agree on random positions.

Each example plays a random hand (any player count, rules, the moves drawn
by hypothesis) and checks at every position that the core lists the same
legal moves and winning moves in the same order, counts the same threats
for every seat, and that playing each legal move gives the same position,
line and all.  Deals and the generator are checked against ``deal_hand``
and ``random.Random``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from huegames import plank
from huegames.plank import kernel
from huegames.plank.components import ORDERS

if not kernel.available:
    pytest.skip("the Plank C core is not loaded", allow_module_level=True)

ffi, lib = kernel.ffi, kernel.lib
CODES = {move: code for code, move in kernel.MOVES.items()}


def position_of(game: plank.Game):
    """The game's position as the core's ``plank_position``."""
    position = ffi.new("plank_position *")
    position.players, position.rows, position.turn = (
        game.players,
        game.table.rows,
        len(game.history),
    )
    for k, seat in enumerate(game._turn_order):
        position.order[k] = seat
    for row, strip in enumerate(game.table.strips):
        position.strips[row] = ORDERS.index(strip)
    for square in range(36):
        owners = game.table.owners
        position.owners[square] = owners[square] if square < len(owners) else lib.PLANK_EMPTY
    for seat in range(game.players):
        for k in range(3):
            position.off[seat][k] = game._off[seat][k]
            position.held[seat][k] = game._strips[seat][k]
    return position


def python_game(**setup) -> plank.Game:
    """A new hand on the Python engine, the specification the core is checked against."""
    return plank.new_game(**setup).with_backend("python")


def fields(position) -> tuple:
    """Every field of a ``plank_position``, to compare two."""
    return (
        position.players,
        position.rows,
        position.turn,
        list(position.order),
        list(position.strips),
        list(position.owners),
        [list(row) for row in position.off],
        [list(row) for row in position.held],
    )


def codes_of(core_call, position) -> list[int]:
    out = ffi.new("uint32_t[]", lib.PLANK_MAX_MOVES)
    count = core_call(position, out)
    assert count >= 0
    return list(out[0:count])


def check_position(game: plank.Game) -> None:
    position = position_of(game)
    legal = game.legal_moves()
    assert codes_of(lib.plank_legal_moves, position) == [CODES[move] for move in legal]
    assert codes_of(lib.plank_winning_moves, position) == [
        CODES[move] for move in game.winning_moves()
    ]
    for seat in range(game.players):
        assert lib.plank_threats(position, seat) == game.threats(seat)
    for move in legal:
        after = ffi.new("plank_position *", position[0])
        line = lib.plank_play(after, CODES[move])
        game.play(move)
        try:
            assert fields(after) == fields(position_of(game))
            assert line == (game.winning_line is not None)
        finally:
            game.undo()


@given(
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    hand=st.integers(min_value=0, max_value=3),
    data=st.data(),
)
def test_core_agrees_with_the_engine_along_a_random_hand(players, seed, hand, data):
    game = python_game(players=players, seed=seed, hand=hand)
    while not game.is_over and len(game.history) < 80:
        check_position(game)
        game.play(data.draw(st.sampled_from(game.legal_moves())))


def test_core_agrees_on_long_movement_phases():
    """Hands played out to the turn limit, with the rows all laid, tokens on the move."""
    for seed in range(6):
        game = python_game(players=2 + seed % 3, seed=seed, rules=plank.Rules(turn_limit=150))
        rng = random.Random(seed)
        while not game.is_over:
            check_position(game)
            safe = [move for move in game.legal_moves() if move not in game.winning_moves()]
            game.play(rng.choice(safe or game.legal_moves()))


@given(players=st.integers(min_value=2, max_value=4), seed=st.integers(0, 2**64 - 1))
def test_deals_are_deal_hand(players, seed):
    position = ffi.new("plank_position *")
    assert lib.plank_deal(seed, players, position) == 0
    assert fields(position) == fields(position_of(plank.new_game(players=players, seed=seed)))


@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    n=st.one_of(st.integers(min_value=1, max_value=300), st.integers(1, 2**31)),
)
def test_choices_are_random_random(seed, n):
    out = ffi.new("uint32_t[]", 40)
    assert lib.plank_choices(seed, n, 40, out) == 0
    rng = random.Random(seed)
    assert list(out) == [rng.choice(range(n)) for _ in range(40)]


def test_codes_are_the_encoding_action_ids():
    encoding = pytest.importorskip("huegames.plank.encoding")
    assert (
        lib.PLANK_SHIFT_BASE,
        lib.PLANK_LAY_PLACE_BASE,
        lib.PLANK_LAY_SHIFT_BASE,
        lib.PLANK_PASS,
    ) == (
        encoding.SHIFT_BASE,
        encoding.LAY_PLACE_BASE,
        encoding.LAY_SHIFT_BASE,
        encoding.PASS_ACTION,
    )
    assert lib.plank_core_version() == lib.PLANK_CORE_VERSION
    game = plank.new_game(players=2, seed=3)
    code = encoding.PlankEncoding(players=2)
    for _ in range(12):
        view = game.view(game.current_player)
        for move in game.legal_moves():
            assert CODES[move] % lib.PLANK_PLACE_COLOUR == code.move_to_action(view, move)
        game.play(game.legal_moves()[-1])


def test_the_core_refuses_bad_arguments_and_leaves_the_position():
    game = plank.new_game(players=3, seed=1)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    position = position_of(game)
    before = fields(position)
    assert lib.plank_play(position, CODES[plank.Move.parse("a1-a2")]) == lib.HG_ERR_ILLEGAL
    assert lib.plank_play(position, 5000) == lib.HG_ERR_ILLEGAL
    assert fields(position) == before
    out = ffi.new("uint32_t[]", lib.PLANK_MAX_MOVES)
    for field, value in [
        ("players", 5),
        ("rows", 13),
        ("turn", -1),
        ("turn", 2**31 - 1),  # one more turn would overflow
        ("order", [0, 0, 1, 0]),
        ("owners", [3] + [-1] * 35),
        ("strips", [6] + [0] * 11),
    ]:
        bad = ffi.new("plank_position *", position[0])
        setattr(bad, field, value)
        assert lib.plank_legal_moves(bad, out) == lib.HG_ERR_STATE, field
    crowded = ffi.new("plank_position *", position[0])
    crowded.held[0][0] = 4  # more strips than the 12 there are: a lay could overflow
    crowded.held[1][0] = 4
    assert lib.plank_legal_moves(crowded, out) == lib.HG_ERR_STATE
    assert lib.plank_threats(position, 3) == lib.HG_ERR_ARGUMENT
    assert lib.plank_choices(1, 0, 1, out) == lib.HG_ERR_ARGUMENT
    assert lib.plank_deal(1, 5, position) == lib.HG_ERR_ARGUMENT
    assert lib.plank_workspace_size(0) == 0
    assert lib.plank_workspace_size(lib.PLANK_MAX_TURN_LIMIT + 1) == 0


@given(
    players=st.integers(min_value=2, max_value=4),
    rows=st.integers(min_value=0, max_value=12),
    turn=st.integers(min_value=0, max_value=2**31 - 2),
    data=st.data(),
)
def test_hostile_positions_in_range_stay_in_bounds(players, rows, turn, data):
    """Any position whose fields are in range, consistent or not (more tokens
    than a seat has, every square one seat's): the core answers within
    PLANK_MAX_MOVES, and never writes past its buffers (the sanitizer build
    checks that)."""
    position = ffi.new("plank_position *")
    position.players, position.rows, position.turn = players, rows, turn
    position.order[0:players] = data.draw(st.permutations(range(players)))
    position.strips[0:rows] = data.draw(st.lists(st.integers(0, 5), min_size=rows, max_size=rows))
    owners = st.integers(-1, players - 1)
    position.owners[0 : 3 * rows] = data.draw(
        st.lists(owners, min_size=3 * rows, max_size=3 * rows)
    )
    for square in range(3 * rows, 36):
        position.owners[square] = lib.PLANK_EMPTY
    spare = 12 - rows
    for seat in range(players):
        for k in range(3):
            position.off[seat][k] = data.draw(st.integers(0, 2))
            held = data.draw(st.integers(0, min(4, spare)))
            position.held[seat][k] = held
            spare -= held
    out = ffi.new("uint32_t[]", lib.PLANK_MAX_MOVES)
    legal = lib.plank_legal_moves(position, out)
    assert 1 <= legal <= lib.PLANK_MAX_MOVES
    assert 0 <= lib.plank_winning_moves(position, out) <= lib.PLANK_MAX_MOVES
    for seat in range(players):
        assert lib.plank_threats(position, seat) >= 0
    moves = ffi.new("uint32_t[]", lib.PLANK_MAX_MOVES)
    lib.plank_legal_moves(position, moves)
    for k in range(legal):
        after = ffi.new("plank_position *", position[0])
        assert lib.plank_play(after, moves[k]) in (0, 1)


# -- the Game API: C (a line of play) against Python ---------------------------------


@given(players=st.integers(min_value=2, max_value=4), seed=st.integers(0, 2**64 - 1))
def test_new_game_deals_in_c_the_deal_deal_hand_deals(players, seed):
    deal = plank.new_game(players, seed, backend="c").deal
    assert deal == plank.deal_hand(players, seed) == plank.new_game(players, seed).deal
    assert hash(deal) == hash(plank.deal_hand(players, seed))


def test_new_game_deals_in_c_as_in_python_for_many_seeds():
    for players in (2, 3, 4):
        for seed in [*range(300), 2**32 - 1, 2**32, 2**63, 2**64 - 1]:
            c = plank.new_game(players, seed, backend="c")
            assert c.deal == plank.deal_hand(players, seed), (players, seed)
            assert c.to_dict() == plank.new_game(players, seed, backend="python").to_dict()


def api(game: plank.Game) -> tuple:
    """What every Game method says of a hand, for the two backends."""
    seats = range(game.players)
    return (
        game.to_dict(),
        list(game.legal_moves()),
        list(game.winning_moves()),
        game.repetitions(),
        game.outcome(),
        game.winning_line,
        game.current_player,
        game.is_over,
        game.scores(),
        [game.threats(seat) for seat in seats],
        [(game.tokens_off(seat), game.strip_counts(seat)) for seat in seats],
        (game.table.strips, tuple(game.table.owners)),
        repr(game),
    )


def refused(game: plank.Game, move: object, player: int | None = None) -> str | None:
    """How ``game.play(move)`` refuses (its error and message), checking that
    the hand is as it was; None when it plays (and the move is taken back)."""
    before = api(game)
    try:
        game.play(move, player=player)  # type: ignore[arg-type]
    except (ValueError, TypeError) as error:
        assert api(game) == before, "a refused move changed the hand"
        return f"{type(error).__name__}: {error}"
    game.undo()
    return None


@given(
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    rules=st.sampled_from(
        [plank.Rules(), plank.Rules(repetition=2), plank.Rules(repetition=2, turn_limit=24)]
    ),
    data=st.data(),
)
def test_every_game_method_agrees_between_backends(players, seed, rules, data):
    """Random hands where tokens often go back where they stood, so hands are
    drawn by repetition as often as by the turn limit or won: both backends
    keep the same records, legal move orders, repetition counts and outcomes,
    refuse the same moves with the same messages, and a refusal changes nothing."""
    c = plank.new_game(players, seed, rules=rules, backend="c")
    python = plank.new_game(players, seed, rules=rules, backend="python")
    every = list(kernel.MOVES.values())
    rng = random.Random(seed)
    while True:
        assert api(c) == api(python)
        wrong = rng.choice(every)
        seat = data.draw(st.sampled_from([None, *range(players)]))
        assert refused(c, wrong, seat) == refused(python, wrong, seat)
        if c.is_over or len(c.history) > 120:
            break
        if c.history and rng.random() < 0.1:
            assert c.undo() == python.undo()
            continue
        legal = python.legal_moves()
        move = rng.choice(legal)
        last = c.history[-players] if len(c.history) >= players else None
        if isinstance(last, plank.Shift) and rng.random() < 0.6:  # take the last shift back
            back = plank.Shift(last.target, last.source)
            move = back if back in legal else move
        assert c.gives_a_line(move) == python.gives_a_line(move)
        assert c.play(move) == python.play(move)
    assert refused(c, c.history[-1]) == refused(python, python.history[-1])
    copy, python_copy = c.copy(), python.copy()
    while c.history:
        assert c.undo() == python.undo()
        assert api(c) == api(python)
    assert api(copy) == api(python_copy)
    assert plank.Game.from_dict(copy.to_dict()).to_dict() == python_copy.to_dict()
