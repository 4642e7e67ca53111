"""Hue's Game on the C core (``huegames.hue.c_state``) against the Python engine.

The Python engine (``backend="python"``: a Board on the pure-Python grid and
the game's own lists) is the specification; every method of the API gives
the same answers on a game whose state lives in C, move for move, and bad
moves are refused with the same error and message, leaving both as they were.
"""

from __future__ import annotations

import random

import pytest

from huegames import hue
from huegames.errors import IllegalMoveError
from huegames.hue import c_state

pytestmark = pytest.mark.skipif(not c_state.available, reason="needs the C core")

SEATS = (2, 3, 4, 5)


def twins(players: int, seed: int, **options: object) -> tuple[hue.Game, hue.Game]:
    """The same new game on C and on the Python engine."""
    c_game = hue.new_game(players, seed=seed, backend="c", **options)
    py_game = hue.new_game(players, seed=seed, backend="python", **options)
    assert c_game.backend == "c" and py_game.backend == "python"
    assert py_game.board.backend == "python"
    return c_game, py_game


def observed(game: hue.Game) -> dict[str, object]:
    """Everything the API tells of a game, as plain data."""
    seen: dict[str, object] = {
        "record": game.to_dict(),
        "current": game.current_player,
        "over": game.is_over,
        "sizes": game.hand_sizes,
        "hands": [game.hand(seat) for seat in range(game.players)],
        "legal": [tuple(move) for move in game.legal_moves()],
        "values": game.colour_values(),
        "scores": game.scores(),
        "outcome": game.outcome(),
        "winner": game.winner,
        "score_cards": game.score_cards(),
        "placements": game.board.placements,
        "cells": game.board.cells(),
        "bounds": game.board.bounds(),
        "repr": repr(game),
    }
    for seat in range(game.players):
        view = game.view(seat)
        seen[f"view {seat}"] = (
            view.hand,
            view.hand_sizes,
            view.current_player,
            view.history,
            view.opening,
            [tuple(move) for move in view.legal_moves()],
            view.board.placements,
            view.unseen_cards(),
            view.text(),
        )
    return seen


def refusal(game: hue.Game, move: object, **options: object) -> tuple[str, str] | None:
    """The error ``game.play(move)`` raises, as (type, message), or None
    (the move was played: it is taken back)."""
    try:
        game.play(move, **options)  # type: ignore[arg-type]
    except (IllegalMoveError, ValueError, TypeError) as error:
        return type(error).__name__, str(error)
    game.undo()
    return None


@pytest.mark.parametrize("players", SEATS)
@pytest.mark.parametrize("covering", [True, False])
def test_random_games_agree_on_every_method(players, covering):
    rules = hue.Rules(covering=covering)
    for seed in range(3):
        c_game, py_game = twins(players, seed, rules=rules)
        rng = random.Random(seed)
        while True:
            assert observed(c_game) == observed(py_game)
            if c_game.is_over:
                break
            moves = c_game.legal_moves()
            assert list(moves) == list(py_game.legal_moves())  # the same order
            move = moves[rng.randrange(len(moves))]
            assert move in moves and move in py_game.legal_moves()
            if rng.random() < 0.3:  # a move, taken back, leaves no trace
                c_game.play(move)
                py_game.play(move)
                assert c_game.undo() == py_game.undo() == move
                assert observed(c_game) == observed(py_game)
            assert c_game.play(move) == py_game.play(move)


@pytest.mark.parametrize("players", [2, 4])
def test_every_placement_near_the_table_is_judged_alike(players):
    """Every card of the mover's hand, every rotation and every anchor
    within four cells of the table: played on both, refused on both with
    the same words, and the game unchanged after a refusal."""
    c_game, py_game = twins(players, 11)
    rng = random.Random(players)
    for _ in range(3):
        before = observed(c_game)
        min_x, min_y, max_x, max_y = c_game.board.bounds()
        mover = c_game.current_player
        for card_id in (*c_game.hand(mover), c_game.board.placements[0].card, "nope"):
            for rotation in range(4):
                for x in range(min_x - 4, max_x + 3):
                    for y in range(min_y - 4, max_y + 3):
                        move = hue.Move(card_id, x, y, rotation)
                        assert refusal(c_game, move) == refusal(py_game, move), move
        assert observed(c_game) == before == observed(py_game)
        moves = c_game.legal_moves()
        move = moves[rng.randrange(len(moves))]
        c_game.play(move)
        py_game.play(move)


def test_bad_moves_and_calls_are_refused_alike():
    c_game, py_game = twins(3, 4)
    mover = c_game.current_player
    other = (mover + 1) % 3
    bad = [
        "X9 0 0 0",
        ("D0", 0, 0),
        ("D0", 0, 0, 7),
        ("D0", "0", 0, 0),
        (c_game.hand(other)[1], 0, -3, 0),
        (c_game.hand(mover)[1], 10**30, 0, 0),
        (c_game.hand(mover)[1], 0, -(10**30), 1),
        (c_game.hand(mover)[1], 2**63, 0, 1),
        (c_game.hand(mover)[1], 0, 0, 0),
        (c_game.hand(mover)[1], 40, 40, 0),
        (c_game.board.placements[1].card, 0, -3, 0),
        object(),
        None,
    ]
    before = observed(c_game)
    for move in bad:
        assert refusal(c_game, move) == refusal(py_game, move), move
        assert refusal(c_game, move) is not None
    legal = c_game.legal_moves()[0]
    assert refusal(c_game, legal, player=other) == refusal(py_game, legal, player=other)
    assert refusal(c_game, legal, player=9) == refusal(py_game, legal, player=9)
    for call in (lambda g: g.undo(), lambda g: g.hand(7), lambda g: g.view(-1)):
        errors = []
        for game in (c_game, py_game):
            with pytest.raises((IllegalMoveError, ValueError, TypeError)) as caught:
                call(game)
            errors.append((caught.type, str(caught.value)))
        assert errors[0] == errors[1]
    assert observed(c_game) == before == observed(py_game)


def test_a_finished_game_refuses_more_moves_alike():
    c_game, py_game = twins(2, 8)
    while not c_game.is_over:
        move = c_game.legal_moves()[-1]
        c_game.play(move)
        py_game.play(move)
    assert refusal(c_game, "D0 0 -3 0") == refusal(py_game, "D0 0 -3 0") is not None
    assert c_game.legal_moves() == py_game.legal_moves() == []
    assert observed(c_game) == observed(py_game)


def test_rotations_that_look_alike_come_back_as_the_listed_one():
    # every standard card alike end to end (G R G): rotation 2 looks like 0
    deck = hue.Deck(
        [
            (
                card.id,
                card.kind.value,
                "GRG" if card.kind.standard else "".join(colour.name for colour in card.colours),
            )
            for card in hue.Deck(hue.default_deck()).cards
        ]
    )
    c_game, py_game = twins(2, 2, deck=deck)
    mover = c_game.current_player
    solid = next(c for c in c_game.hand(mover) if c_game.deck[c].rotations == 2)
    move = next(m for m in c_game.legal_moves() if m.card == solid and m.rotation == 1)
    turned = move._replace(rotation=3)
    assert c_game.play(turned) == py_game.play(turned) == move
    assert c_game.history == py_game.history == [move]


def test_a_view_shares_the_table_and_keeps_its_moment():
    game = hue.new_game(3, seed=5, backend="c")
    view = game.view(0)
    assert view.backend == "c"
    assert view.table.hands == []  # the table alone: no hand reaches a view
    legal = list(view.legal_moves())
    placements = view.board.placements
    game.play(legal[0])  # the game copies the table before changing it
    assert list(view.legal_moves()) == legal
    assert game.view(0).legal_moves() == []  # seat 1 moves now
    assert view.board.placements == placements
    fresh = game.view(1)
    assert len(fresh.board.placements) == len(placements) + 1
    game.undo()
    assert list(game.legal_moves()) == legal
    view.board.place(view.board.legal_placements(view.hand[-1])[0])  # the view's own board
    assert len(game.board.placements) == len(placements)


def test_a_game_copies_its_table_only_while_a_view_of_it_lives():
    game = hue.new_game(2, seed=5, backend="c")
    state = game._c
    move = game.view(0).legal_moves()[0]  # the view is gone once its moves are read
    game.play(move)
    assert game._c is state  # no view left to keep the old table: nothing copied
    kept, other = game.view(0), game.view(1)
    game.play(game.legal_moves()[0])
    assert game._c is not state  # a live view keeps the old table
    assert kept.board.placements == other.board.placements == game.board.placements[:-1]
    del kept, other
    state = game._c
    game.undo()
    assert game._c is state


def test_copies_and_backends_are_independent():
    game = hue.new_game(4, seed=9, backend="c")
    for move in list(game.legal_moves())[:1]:
        game.play(move)
    twin = game.copy()
    python = game.with_backend("python")
    back = python.with_backend("c")
    assert twin.backend == back.backend == "c" and python.backend == "python"
    assert observed(twin) == observed(game) == observed(python) == observed(back)
    twin.play(twin.legal_moves()[3])
    assert len(game.history) == 1 and len(twin.history) == 2
    assert observed(back) == observed(python)


@pytest.mark.parametrize("players", SEATS)
def test_samples_of_a_view_agree(players):
    c_game, py_game = twins(players, 13)
    rng = random.Random(players)
    for _ in range(players + 1):
        moves = c_game.legal_moves()
        move = moves[rng.randrange(len(moves))]
        c_game.play(move)
        py_game.play(move)
    for seat in range(players):
        c_world = c_game.view(seat).sample(random.Random(seat))
        py_world = py_game.view(seat).sample(random.Random(seat))
        assert c_world.backend == "c" and py_world.backend == "python"
        assert observed(c_world) == observed(py_world)


def test_a_given_opening_and_deck_agree():
    deck = hue.Deck(hue.default_deck()[::-1])
    rules = hue.Rules(opening=["S0 5 -7 1", "S1 8 -7 3"], covering=False)
    c_game, py_game = twins(2, 21, rules=rules, deck=deck)
    rng = random.Random(3)
    while not c_game.is_over:
        assert observed(c_game) == observed(py_game)
        moves = c_game.legal_moves()
        move = moves[rng.randrange(len(moves))]
        c_game.play(move)
        py_game.play(move)
    assert observed(c_game) == observed(py_game)


def test_an_opening_that_cannot_be_laid_is_refused_alike():
    rules = hue.Rules(opening=["S0 0 0 0", "S1 9 9 0"])
    errors = []
    for backend in ("c", "python"):
        with pytest.raises(ValueError) as caught:
            hue.new_game(2, seed=1, rules=rules, backend=backend)
        errors.append(str(caught.value))
    assert errors[0] == errors[1] and "the opening cannot be laid" in errors[0]


def test_records_replay_on_either_backend():
    game = hue.new_game(3, seed=17, backend="python")
    rng = random.Random(17)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    record = game.to_dict()
    replayed = hue.Game.from_dict(record)
    assert replayed.backend == ("c" if c_state.default else "python")
    assert replayed.to_dict() == record
    assert replayed.scores() == game.scores()


def test_the_deal_drawn_in_c_is_deal_cards_deal():
    deck = hue.new_game(2, seed=0).deck
    for players in SEATS:
        for seed in (*range(40), 2**32 + 7, 2**63 - 1, 2**64 - 1):
            expected = hue.game.deal_cards(deck, players, random.Random(seed), hue.Rules())
            assert hue.new_game(players, seed=seed, backend="c").deal == expected


def test_an_unknown_backend_is_refused():
    with pytest.raises(ValueError, match="unknown backend"):
        hue.new_game(2, seed=1, backend="fortran")
    with pytest.raises(ValueError, match="unknown backend"):
        hue.new_game(2, seed=1).with_backend("fortran")
