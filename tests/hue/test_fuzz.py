"""Hostile input for Hue: moves, openings, decks, kernel arguments
and undo storms, on the active backend (the suite runs once per
``HUEGAMES_BACKEND``) and, where both are built, on both at once.

Every refusal goes through :func:`hostile.refused`: only ValueError or
TypeError escapes, with a short message, and the game is exactly as it was
-- its record, and also the cells on the table and the moves it lists, which
the record alone would not show (a refused move once left cells behind).
Positions are set up anywhere on the table, also hard against the
coordinate limits, so hostile coordinates hit both sides of
``hue.MAX_COORDINATE`` and ``hue.MAX_SPAN``.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hostile import fuzz_settings, refused
from huegames import hue
from huegames.hue import kernel

M = hue.MAX_COORDINATE

# -- positions -------------------------------------------------------------------

origins = st.one_of(
    st.integers(-6, 6),
    st.sampled_from([M - 2, M - 4, -M, -M + 1, M - hue.MAX_SPAN, 2**40]),
)


def snapshot(game: hue.Game) -> tuple[Any, ...]:
    """Everything a refused call must leave as it was."""
    return (
        game.to_dict(),
        game.board.cells(),
        game.board.bounds(),
        list(game.legal_moves()),
        game.colour_values(),
    )


def position(seed: int, x: int, y: int, rotation: int, moves: int) -> hue.Game:
    """A 2-3 player game whose opening card stands at (x, y), ``moves`` random moves in."""
    rules = hue.Rules(opening=[hue.Move("S0", x, y, rotation)])
    game = hue.new_game(2 + seed % 2, seed=seed, rules=rules)
    rng = random.Random(seed)
    while len(game.history) < moves and not game.is_over:
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    return game


positions = st.builds(
    position,
    seed=st.integers(0, 2**16),
    x=origins,
    y=origins,
    rotation=st.integers(0, 3),
    moves=st.integers(0, 6),
)

# -- hostile moves -----------------------------------------------------------------

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.binary(max_size=4),
    st.lists(st.integers(), max_size=3),
    st.sampled_from([2**20000, -(2**20000), "x" * 5000, [[[[[]]]]]]),
)
numbers = st.one_of(
    st.integers(-8, 8),
    st.integers(-(2**64), 2**64),
    st.sampled_from([M, M + 1, -M, -M - 1, M - 1, M + 2, 2**62, -(2**62), 2**63, 2**20000]),
)


def near(game: hue.Game) -> st.SearchStrategy[int]:
    """Coordinates around the opening card: where legal moves are."""
    first = game.deal.opening[0]
    return st.integers(-5, 5).map(lambda d: first.x + d) | st.integers(-5, 5).map(
        lambda d: first.y + d
    )


def card_ids(game: hue.Game) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(list(game.deck)),
        st.sampled_from(["", "Q9", "d1", "D1 ", "D 1", "x" * 10_000]),
        junk,
    )


@st.composite
def hostile_moves(draw: st.DrawFn, game: hue.Game) -> Any:
    """A move in any form a caller might pass: well-formed or not, legal or not."""
    if game.legal_moves() and draw(st.integers(0, 3)) == 0:  # a legal move, maybe nudged
        legal = game.legal_moves()
        card, x, y, rotation = legal[draw(st.integers(0, len(legal) - 1))]
        x += draw(st.sampled_from([0, 0, 1, -1, 3]))
        rotation += draw(st.sampled_from([0, 0, 2]))
    else:
        card = draw(card_ids(game))
        x = draw(numbers | near(game) | junk)
        y = draw(numbers | near(game) | junk)
        rotation = draw(st.integers(-2, 5) | junk)
    form = draw(st.integers(0, 6))
    if form == 0:
        return (card, x, y, rotation)
    if form == 1:
        return [card, x, y, rotation]
    if form == 2:
        return hue.Move(card, x, y, rotation)  # unchecked constructor
    if form == 3:
        return " ".join(map(text, (card, x, y, rotation)))
    if form == 4:
        return draw(st.lists(st.integers() | junk, max_size=6).map(tuple))
    if form == 5:
        return draw(st.text(max_size=30))
    return draw(junk)


def text(value: object) -> str:
    """``str(value)``, an int too long for ``str`` written out digit by digit."""
    if isinstance(value, int) and value.bit_length() > 10_000:
        return "9" * 5000
    return str(value)


def expected_legal(game: hue.Game, move: Any) -> bool:
    """Whether ``play`` should take ``move``: it reads as a move and its
    listed form (canonical rotation) is among the legal moves."""
    try:
        parsed = hue.Move.coerce(move)
    except ValueError:
        return False
    if parsed.card not in game.deck:
        return False
    rotation = game.deck[parsed.card].canonical_rotation(parsed.rotation)
    return parsed._replace(rotation=rotation) in game.legal_moves()


def assert_plays_exactly_when_listed(game: hue.Game, move: Any) -> None:
    before = snapshot(game)
    listed = expected_legal(game, move)
    message = refused(lambda: game.play(move), lambda: snapshot(game))
    assert (message is None) == listed, (move, message)
    if message is None:
        game.undo()
        assert snapshot(game) == before


@fuzz_settings
@given(data=st.data(), game=positions)
def test_hostile_moves(data, game):
    """Only documented errors escape; play takes exactly the listed moves."""
    for _ in range(5):
        assert_plays_exactly_when_listed(game, data.draw(hostile_moves(game)))


@fuzz_settings
@given(data=st.data(), game=positions)
def test_every_sampled_legal_move_plays(data, game):
    """``legal_moves()`` never lists a move that ``play`` refuses."""
    legal = game.legal_moves()
    if not legal:
        return
    for index in data.draw(st.lists(st.integers(0, len(legal) - 1), min_size=1, max_size=8)):
        move = legal[index]
        played = game.play(move)
        assert played == move
        low_x, low_y, high_x, high_y = game.board.bounds()
        assert min(low_x, low_y) >= -M and max(high_x, high_y) <= M
        assert high_x - low_x < hue.MAX_SPAN and high_y - low_y < hue.MAX_SPAN
        game.undo()


@fuzz_settings
@given(data=st.data(), game=positions, seat=st.one_of(st.integers(-2, 6), junk))
def test_hostile_seats(data, game, seat):
    move = data.draw(hostile_moves(game))
    refused(lambda: game.play(move, player=seat), lambda: snapshot(game)) is None and game.undo()
    refused(lambda: game.view(seat), game.to_dict)
    refused(lambda: game.hand(seat), game.to_dict)


settings_values = st.integers(-2, 3) | junk


@fuzz_settings
@given(
    seed=st.integers(-3, 2**70) | junk,
    playouts=settings_values,
    seconds=st.none() | settings_values | st.sampled_from([math.inf, -math.inf, math.nan, 1e-9]),
    candidates=settings_values,
    margin=settings_values,
    policy=st.sampled_from(kernel.POLICIES) | junk,
)
def test_hostile_bot_settings(seed, playouts, seconds, candidates, margin, policy):
    """Bots refuse bad seeds and settings up front (an infinite time budget too)."""
    for bot in (hue.RandomBot, hue.GreedyBot):
        refused(lambda bot=bot: bot(seed))
    settings = {"playouts": playouts, "candidates": candidates, "margin": margin}
    made = []
    refused(lambda: made.append(hue.MCTSBot(seed, seconds=seconds, rollout=policy, **settings)))
    for bot in made:
        assert bot.seconds is None or 0 < bot.seconds < math.inf
    game = hue.new_game(2, seed=1)
    refused(lambda: game.view(0).sample(seed), game.to_dict)


# -- undo storms -------------------------------------------------------------------


@fuzz_settings
@given(data=st.data(), game=positions, steps=st.lists(st.integers(0, 3), max_size=25))
def test_undo_storm(data, game, steps):
    """Legal moves, hostile moves and undos in any order: the game always
    equals a fresh replay of its history, and undoing everything returns
    to the start."""
    start = snapshot(game)
    depth = len(game.history)
    for step in steps:
        if step == 0 and game.legal_moves():
            legal = game.legal_moves()
            game.play(legal[data.draw(st.integers(0, len(legal) - 1))])
        elif step == 1:
            move = data.draw(hostile_moves(game))
            refused(lambda move=move: game.play(move), lambda: snapshot(game))
        elif len(game.history) > depth:
            game.undo()
        elif not game.history:
            assert refused(game.undo, lambda: snapshot(game)) is not None
    replayed = hue.Game.from_dict(game.to_dict())
    assert snapshot(replayed) == snapshot(game)
    while len(game.history) > depth:
        game.undo()
    assert snapshot(game) == start


# -- boards, openings and decks ----------------------------------------------------


placements = st.one_of(
    st.tuples(
        st.sampled_from(["S0", "S1", "S2", "D1", "X0", "Q1"]),
        numbers | st.integers(-4, 4),
        numbers | st.integers(-4, 4),
        st.integers(0, 3),
    ),
    junk,
)


@fuzz_settings
@given(items=st.lists(placements, max_size=5), covering=st.booleans())
def test_hostile_board_placements(items, covering):
    """Board.from_placements and place/remove_last: all or nothing."""
    refused(lambda: hue.Board.from_placements(items, covering=covering))
    board = hue.Board(covering=covering)
    for item in items:
        state = lambda: (board.placements, board.cells(), board.bounds())  # noqa: E731
        if refused(lambda item=item: board.place(item), state) is None:
            assert board.placements[-1].card == item[0]
    while len(board):
        board.remove_last()
    assert board.cells() == {} and board.bounds() is None


@fuzz_settings
@given(
    opening=st.one_of(st.lists(placements, max_size=4), junk),
    seed=st.integers(0, 100),
    covering=st.booleans(),
)
def test_hostile_openings(opening, seed, covering):
    """A user opening is refused with a documented error, or gives a game
    whose listed moves all play."""
    made: list[hue.Game] = []
    refused(
        lambda: made.append(
            hue.new_game(2, seed=seed, rules=hue.Rules(covering=covering, opening=opening))
        )
    )
    for game in made:
        legal = game.legal_moves()
        for move in list(legal)[:: max(1, len(legal) // 5)]:
            game.play(move)
            game.undo()


card_records = st.one_of(
    st.tuples(
        st.text(max_size=4) | junk,
        st.sampled_from(["starting", "poison", "solid", "striped", "wild", ""]) | junk,
        st.text(alphabet="GRYPBXg", max_size=4) | st.lists(st.integers(-1, 6), max_size=4) | junk,
    ),
    st.fixed_dictionaries(
        {"id": st.text(max_size=3)},
        optional={"kind": st.sampled_from(["solid", "poison"]), "colours": st.just("GRY")},
    ),
    junk,
)
decks = st.one_of(
    st.lists(card_records, max_size=6),
    st.lists(card_records, max_size=3).map(lambda extra: [*hue.default_deck(), *extra]),
    st.lists(st.sampled_from(hue.default_deck()), max_size=40),
    junk,
)


@fuzz_settings
@given(deck=decks, players=st.one_of(st.integers(0, 6), junk), seed=st.integers(0, 50))
def test_hostile_decks(deck, players, seed):
    refused(lambda: hue.Deck(deck))
    made: list[hue.Game] = []
    refused(lambda: made.append(hue.new_game(players, seed=seed, deck=deck)))
    for game in made:
        game.play(game.legal_moves()[0])


# -- the two backends side by side -------------------------------------------------


def outcome(board: hue.Board, move: Any) -> tuple[str, str | None]:
    """How ``board.place`` answers: the error type and message, or success."""
    try:
        placed = board.place(move)
    except (ValueError, TypeError) as error:
        return type(error).__name__, str(error)
    board.remove_last()
    return "placed", str(placed)


@pytest.mark.skipif(len(hue.backends()) < 2, reason="needs both backends")
@fuzz_settings
@given(data=st.data(), game=positions)
def test_backends_agree(data, game):
    """The same table on both backends: the same cells, values, legal moves,
    and the same answer to every hostile placement."""
    boards = [game.board.with_backend(name) for name in hue.backends()]
    hand = game.hand(game.current_player) if not game.is_over else ()
    first = boards[0]
    for board in boards[1:]:
        assert board.cells() == first.cells() and board.bounds() == first.bounds()
        assert board.colour_values() == first.colour_values()
        if hand:
            assert board.legal_placements_of(hand) == first.legal_placements_of(hand)
    for _ in range(4):
        move = data.draw(hostile_moves(game))
        answers = {outcome(board, move) for board in boards}
        assert len(answers) == 1, answers
    batch = data.draw(st.lists(hostile_moves(game), max_size=4))
    answers = {values_after(board, batch) for board in boards}
    assert len(answers) == 1, answers


def values_after(board: hue.Board, moves: list[Any]) -> tuple[str, str]:
    """How ``board.colour_values_after`` answers: the error, or the values."""
    try:
        return "values", repr(board.colour_values_after(moves))
    except (ValueError, TypeError) as error:
        return type(error).__name__, str(error)


# -- the kernel's arguments (C backend) -----------------------------------------------

ints = st.one_of(
    st.integers(-3, 3),
    st.sampled_from([2**31 - 1, 2**31, 2**40, 2**63, 2**64 - 1, 2**64, -(2**64)]),
    st.booleans(),
    st.floats(allow_nan=True),
    st.none(),
    st.text(max_size=2),
)
small_counts = st.integers(0, 2) | st.sampled_from([-1, 2**31, 2.0, True, None, "1"])
needs_kernel = pytest.mark.skipif(not kernel.available, reason="the kernel needs the C backend")


@needs_kernel
@fuzz_settings
@given(
    players=st.integers(1, 6) | ints,
    games=small_counts,
    seed=ints,
    first_game=ints,
    covering=st.booleans() | junk,
    deck=st.none() | decks,
)
def test_hostile_kernel_games(players, games, seed, first_game, covering, deck):
    for run in (kernel.random_games, kernel.random_scores):
        refused(
            lambda run=run: run(
                players, games, seed, deck=deck, covering=covering, first_game=first_game
            )
        )
    refused(lambda: kernel.moves_per_game(players))


@needs_kernel
@fuzz_settings
@given(
    data=st.data(),
    game=positions,
    players=st.integers(2, 3) | ints,
    to_move=st.integers(0, 2) | ints,
    policy=st.sampled_from(kernel.POLICIES) | junk,
    seed=ints,
    first_playout=ints,
)
def test_hostile_playouts(data, game, players, to_move, policy, seed, first_playout):
    made: list[kernel.Playouts] = []
    refused(lambda: made.append(kernel.Playouts(game.board, players, to_move, policy=policy)))
    refused(lambda: kernel.Playouts(data.draw(junk), 2, 0))
    if not made or game.is_over:
        return
    playouts = made[0]
    fair = [list(game.hand(seat)) for seat in range(game.players)]
    cards = st.sampled_from(list(game.deck)) | st.integers(-2, 31) | ints | junk
    hands = data.draw(
        st.one_of(
            st.just([fair] * data.draw(st.integers(0, 2))),
            st.lists(st.lists(st.lists(cards, max_size=7), max_size=4), max_size=2),
            junk,
        )
    )
    first = data.draw(st.none() | hostile_moves(game) | st.lists(hostile_moves(game), max_size=2))
    values = data.draw(st.booleans() | junk)
    refused(
        lambda: playouts.run(
            hands, first=first, seed=seed, first_playout=first_playout, values=values
        )
    )
