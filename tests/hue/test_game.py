"""API behaviour of hue.Game and hue.Board: undo, copy, records, notation,
building boards, the batch helpers agreeing with the one-at-a-time ones, and
the engine contract (outcome, the seat to move, records, the registry; the
bots' side of it is in test_bots.py)."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from huegames import engine, hue, records
from huegames.hue.__main__ import main as demo
from huegames.hue.bots import GreedyBot, RandomBot, random_position
from huegames.hue.mcts import MCTSBot


def snapshot(game: hue.Game) -> dict:
    """Everything observable about a game, as plain comparable data."""
    return {
        "record": game.to_dict(),
        "placements": game.board.placements,
        "cells": game.board.cells(),
        "picture": str(game.board),
        "values": game.colour_values(),
        "hands": [game.hand(seat) for seat in range(game.players)],
        "hand_sizes": game.hand_sizes,
        "current": game.current_player,
        "legal": game.legal_moves(),
        "over": game.is_over,
        "scores": game.scores(),
        "winner": game.winner,
    }


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_undo_restores_exactly_at_every_step(players, seed):
    game = hue.new_game(players=players, seed=seed)
    start = snapshot(game)
    rng = random.Random(seed)
    while not game.is_over:
        before = snapshot(game)
        move = rng.choice(before["legal"])
        played = game.play(move)
        assert played == move
        after = snapshot(game)
        assert after != before
        assert game.undo() == move
        assert snapshot(game) == before
        game.play(move)
        assert snapshot(game) == after
    # take everything back: the game is as dealt
    while game.history:
        game.undo()
    assert snapshot(game) == start
    assert game.to_dict() == hue.new_game(players=players, seed=seed).to_dict()


def test_undo_of_a_covering_move_shows_the_covered_square_again():
    game = hue.new_game(players=2, seed=6)
    covering = [m for m in game.legal_moves() if any(game.board.visible(*cell) for cell in m.cells)]
    assert covering
    move = covering[0]
    shown = {cell: game.board.visible(*cell) for cell in move.cells}
    values = game.colour_values()
    game.play(move)
    assert all(game.board.visible(*cell)[0] == move.card for cell in move.cells)
    game.undo()
    assert {cell: game.board.visible(*cell) for cell in move.cells} == shown
    assert game.colour_values() == values


def test_copy_is_independent():
    game = hue.new_game(players=3, seed=12)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    original = snapshot(game)
    twin = game.copy()
    assert snapshot(twin) == original
    # mutate the copy: the original is untouched
    while not twin.is_over:
        twin.play(twin.legal_moves()[-1])
    assert snapshot(game) == original
    twin.undo()
    assert snapshot(game) == original
    # mutate the original: the copy is untouched
    twin_state = snapshot(twin)
    game.play(game.legal_moves()[1])
    game.undo()
    game.undo()
    assert snapshot(twin) == twin_state
    # copies of copies too
    third = twin.copy()
    third.undo()
    assert snapshot(twin) == twin_state


@pytest.mark.parametrize(
    ("players", "seed", "rules"),
    [
        (2, 0, None),
        (3, 1, hue.Rules(covering=False)),
        (5, 2, hue.Rules(opening=["S3 0 0 1", "S0 3 0 0"])),
    ],
)
def test_record_round_trip(players, seed, rules):
    game = hue.new_game(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while True:
        text = json.dumps(game.to_dict())
        again = hue.Game.from_dict(json.loads(text))
        assert snapshot(again) == snapshot(game)
        assert again.seed == game.seed
        assert again.rules == game.rules
        assert again.deal == game.deal
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    # the rebuilt game plays on like the original
    again.undo()
    game.undo()
    assert snapshot(again) == snapshot(game)


def test_record_round_trip_with_custom_deck():
    cards = [card.to_dict() for card in hue.default_deck()]
    cards[10]["colours"] = "GGG"  # D0, repeated colours allowed
    cards[20]["colours"] = "RYR"  # T0
    cards.append({"id": "extra", "kind": "striped", "colours": "BBP"})
    game = hue.new_game(players=4, seed=3, deck=cards)
    for _ in range(7):
        game.play(game.legal_moves()[0])
    record = json.loads(json.dumps(game.to_dict()))
    again = hue.Game.from_dict(record)
    assert snapshot(again) == snapshot(game)
    assert again.deck == game.deck
    assert again.deck["D0"].colours == game.deck["D0"].colours


def test_game_accepts_a_deck_given_as_data():
    """Like new_game, the Game constructor takes a deck as data (rules §1:
    "A user may supply any other deck ... as data")."""
    cards = [card.to_dict() for card in hue.default_deck()]
    dealt = hue.new_game(players=2, seed=4)
    as_data = hue.Game(2, dealt.deal, deck=cards)
    as_deck = hue.Game(2, dealt.deal, deck=hue.Deck(cards))
    assert as_data.legal_moves() == as_deck.legal_moves() == dealt.legal_moves()


def test_game_constructor_from_a_deal():
    dealt = hue.new_game(players=3, seed=44)
    game = hue.Game(3, dealt.deal, seed=44)
    assert game.to_dict() == dealt.to_dict()
    assert snapshot(game) == snapshot(dealt)


def test_move_text_round_trip():
    game = hue.new_game(players=2, seed=9)
    moves = game.legal_moves()
    assert any(m.x < 0 or m.y < 0 for m in moves)
    for move in moves:
        text = str(move)
        assert hue.Move.parse(text) == move
        assert text == f"{move.card} {move.x} {move.y} {move.rotation}"
    assert hue.Move.parse("  D1   -12 0\t3 ") == hue.Move("D1", -12, 0, 3)
    assert str(hue.Move("T9", -1, -2, 2)) == "T9 -1 -2 2"


def test_move_parse_coerce_and_str_round_trip():
    move = hue.Move.parse("D1 1 0 1")
    assert str(move) == "D1 1 0 1"
    assert hue.Move.coerce(move) == move and hue.Move.coerce("D1 1 0 1") == move
    assert hue.Move.coerce(("D1", 1, 0, 1)) == move
    assert hue.Move.parse(str(move)) == move and hash(hue.Move.parse(str(move))) == hash(move)
    for bad in (None, 3, 1.5, object(), "", "D1 1 0", "D1 1 0 4", ("D1", 1, 0, True)):
        with pytest.raises(hue.InvalidMoveError):
            hue.Move.coerce(bad)


def test_move_repr_pastes_back():
    move = hue.Move("T9", -1, -2, 2)
    assert repr(move) == "Move.parse('T9 -1 -2 2')"
    assert eval(repr(move), {"Move": hue.Move}) == move


def test_move_is_a_hashable_tuple_equal_to_placements():
    move = hue.Move("D1", 1, 0, 1)
    assert move == ("D1", 1, 0, 1)
    assert {move: 1}[("D1", 1, 0, 1)] == 1
    assert (move.card, move.x, move.y, move.rotation) == ("D1", 1, 0, 1)
    assert move.cells == ((1, 0), (2, 0), (3, 0))
    assert hue.Move("D1", 1, 0, 2).cells == ((1, 0), (1, 1), (1, 2))
    game = hue.new_game(players=2, seed=0)
    game.play(game.legal_moves()[0])
    assert all(isinstance(p, tuple) and len(p) == 4 for p in game.board.placements)


def test_play_accepts_text_tuple_and_move():
    game = hue.new_game(players=2, seed=5)
    first = game.legal_moves()[0]
    game.play(str(first))
    second = game.legal_moves()[0]
    game.play(tuple(second))
    third = game.legal_moves()[0]
    game.play(third, player=0)
    assert game.history == [first, second, third]


def test_board_from_placements_matches_the_game_board():
    game = random_position(4, seed=17)
    board = hue.Board.from_placements(game.board.placements)
    assert board.placements == game.board.placements
    assert board.cells() == game.board.cells()
    assert board.colour_values() == game.colour_values()
    assert str(board) == str(game.board)
    # text placements work too
    text = hue.Board.from_placements([str(p) for p in game.board.placements])
    assert text.cells() == game.board.cells()
    # and so does taking cards back
    while len(board) > 3:
        board.remove_last()
    assert board.placements == game.board.placements[:3]


def test_board_from_placements_checks_each_placement():
    with pytest.raises(hue.IllegalMoveError, match="touch"):
        hue.Board.from_placements([("S0", 0, 0, 0), ("S1", 5, 5, 0)])


@pytest.mark.parametrize(("players", "seed"), [(2, 20), (5, 21)])
def test_legal_placements_equal_the_legal_moves_of_that_card(players, seed):
    game = hue.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_moves()
        assert len(set(legal)) == len(legal)
        for card_id in game.hand(game.current_player):
            of_card = [m for m in legal if m.card == card_id]
            assert game.board.legal_placements(card_id) == of_card
            assert of_card
            for move in of_card:
                assert game.board.is_legal(move)
        game.play(rng.choice(legal))


def test_legal_moves_are_exactly_the_playable_moves_near_the_table():
    """Every placement in a window around the table is legal exactly when
    it is listed (with identical-looking rotations listed once)."""
    game = hue.new_game(players=2, seed=2)
    for move in [game.legal_moves()[5], None]:
        if move is not None:
            game.play(move)
        legal = set(game.legal_moves())
        card_id = game.hand(game.current_player)[0]
        min_x, min_y, max_x, max_y = game.board.bounds()
        for x in range(min_x - 4, max_x + 3):
            for y in range(min_y - 4, max_y + 3):
                for rotation in range(4):
                    move_here = hue.Move(card_id, x, y, rotation)
                    assert game.board.is_legal(move_here) == (move_here in legal), move_here


@pytest.mark.parametrize("seed", [30, 31])
def test_colour_values_after_equals_placing_each(seed):
    game = hue.new_game(players=3, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_moves()
        sample = rng.sample(legal, min(40, len(legal)))
        batch = game.board.colour_values_after(sample)
        assert len(batch) == len(sample)
        for move, values in zip(sample, batch, strict=True):
            board = game.board.copy()
            board.place(move)
            assert values == board.colour_values(), move
        # the board itself is untouched by the batch
        assert game.board.placements == game.board.copy().placements
        game.play(rng.choice(legal))
    assert game.board.colour_values_after([]) == []


def test_board_copy_is_independent():
    board = hue.Board.from_placements(["S0 0 0 0", "D1 1 0 1"])
    twin = board.copy()
    twin.place("T0 4 0 0")
    assert board.placements == [("S0", 0, 0, 0), ("D1", 1, 0, 1)]
    assert board.visible(4, 0) is None
    board.remove_last()
    assert twin.placements == [("S0", 0, 0, 0), ("D1", 1, 0, 1), ("T0", 4, 0, 0)]


def test_backend_is_named():
    assert hue.backend in ("c", "python")


def test_view_legal_moves_and_bots_interface():
    game = hue.new_game(players=3, seed=13)
    view = game.view(0)
    assert view.legal_moves() == game.legal_moves()
    assert game.view(1).legal_moves() == []
    assert view.player == 0 and view.players == 3 and view.current_player == 0


def test_scores_and_winner_at_the_end():
    game = random_position(3, seed=40)
    assert game.is_over
    scores = game.scores()
    assert len(scores) == 3
    assert game.winner == scores.index(max(scores))
    assert [card.id for card in game.score_cards()] == [game.hand(s)[0] for s in range(3)]


def test_legal_moves_is_a_lazy_sequence_that_agrees_with_its_list():
    """legal_moves() behaves as a sequence of Moves: length, indexing from
    both ends, slices, iteration and membership all agree with list()."""
    game = hue.new_game(players=3, seed=11)
    game.play(game.legal_moves()[5])
    moves = game.legal_moves()
    listed = list(moves)
    assert len(moves) == len(listed) == len(set(listed)) > 0
    assert [moves[i] for i in range(len(moves))] == listed
    assert moves[-1] == listed[-1] and moves[-len(moves)] == listed[0]
    assert moves[3:9] == listed[3:9]
    assert moves == listed and moves == tuple(listed) and moves != listed[:-1]
    assert all(move in moves for move in listed)
    assert all(game.board.is_legal(move) for move in listed)
    first = listed[0]
    assert first._replace(x=first.x + 1000) not in moves
    assert ("nonsense",) not in moves and "D1 0 0 0" not in moves
    for index in (len(moves), -len(moves) - 1):
        with pytest.raises(IndexError):
            moves[index]


def test_legal_moves_are_empty_at_the_end():
    game = hue.new_game(players=2, seed=3)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    assert len(game.legal_moves()) == 0 and not game.legal_moves()
    assert game.legal_moves() == []


# -- the engine contract -----------------------------------------------------------


def test_termination_has_one_member_hands_played():
    assert list(hue.Termination) == [hue.Termination.HANDS_PLAYED]
    assert hue.Termination.HANDS_PLAYED.value == "every hand holds only its score card"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_outcome_is_none_until_every_hand_holds_its_score_card(players):
    game = hue.new_game(players, seed=players)
    rng = random.Random(players)
    while not game.is_over:
        assert game.outcome() is None and game.winner is None
        game.play(rng.choice(game.legal_moves()))
    scores = game.scores()
    best = scores.index(max(scores))
    assert game.outcome() == engine.Outcome(hue.Termination.HANDS_PLAYED, (best,))


def test_winner_is_the_outcomes_one_winner():
    for seed in range(6):
        game = random_position(3, seed=seed)
        outcome = game.outcome()
        assert outcome is not None and len(outcome.winners) == 1 and not outcome.is_draw
        assert game.winner == outcome.winner == outcome.winners[0]


def test_current_player_is_none_once_the_game_is_over():
    game = random_position(3, seed=50, moves=14)
    assert game.current_player == 14 % 3
    game.play(game.legal_moves()[0])
    assert game.is_over
    assert game.current_player is engine.GAME_OVER is None
    for seat in range(3):
        view = game.view(seat)
        assert view.current_player is None and view.is_over and view.legal_moves() == []
    assert "over" in repr(game)


def test_undo_after_the_end_gives_the_card_back_to_the_seat_that_played_it():
    game = random_position(3, seed=51)
    last = game.history[-1]
    seat = (len(game.history) - 1) % 3
    assert game.undo() == last
    assert game.current_player == seat and last.card in game.hand(seat)
    assert game.play(last) == last and game.is_over


def test_new_game_takes_players_first_and_seed_second():
    game = hue.new_game()
    assert game.players == hue.MIN_PLAYERS == 2
    assert hue.new_game(4, 9).to_dict() == hue.new_game(players=4, seed=9).to_dict()


def test_new_game_without_a_seed_keeps_a_fresh_one_in_its_record():
    game = hue.new_game(3)
    assert isinstance(game.seed, int) and game.to_dict()["seed"] == game.seed
    assert hue.new_game(3, game.seed).to_dict() == game.to_dict()
    assert hue.new_game(3).seed != game.seed


def test_new_game_takes_rules_and_deck_as_keywords():
    with pytest.raises(TypeError):
        hue.new_game(2, 1, hue.Rules())
    cards = [card.to_dict() for card in hue.default_deck()]
    game = hue.new_game(2, 1, rules=hue.Rules(covering=False), deck=cards)
    assert game.rules.covering is False and game.deck == hue.Deck(cards)


def test_record_in_the_one_layout():
    game = random_position(2, seed=60, moves=3)
    record = game.to_dict()
    assert list(record) == ["format", "game", "players", "rules", "seed", "setup", "moves"]
    assert record["format"] == records.FORMAT and record["game"] == "hue"
    assert record["players"] == 2 and record["seed"] == 60
    assert record["rules"] == {"covering": True, "opening": None}
    assert list(record["setup"]) == ["deck", "hands", "opening", "set_aside"]
    assert record["setup"]["deck"] is None  # the default deck
    assert record["setup"]["hands"] == [list(hand) for hand in game.deal.hands]
    assert record["setup"]["opening"] == [str(move) for move in game.deal.opening]
    assert record["setup"]["set_aside"] == list(game.deal.set_aside)
    assert record["moves"] == [str(move) for move in game.history]
    assert records.check_record(record, "hue") is record
    assert hue.Game.from_dict(json.loads(json.dumps(record))).to_dict() == record


def test_record_of_a_game_set_up_by_hand_has_no_seed():
    dealt = hue.new_game(2, seed=61)
    record = hue.Game(2, dealt.deal).to_dict()
    assert record["seed"] is None
    assert hue.Game.from_dict(record).seed is None


def test_record_of_another_game_is_refused():
    record = hue.new_game(2, seed=1).to_dict()
    for other in ("linja", "plank", "hues-and-cues"):
        with pytest.raises(ValueError, match=f"this is a '{other}' record, not a 'hue' record"):
            hue.Game.from_dict({**record, "game": other})


def test_record_of_another_format_is_refused():
    record = hue.new_game(2, seed=1).to_dict()
    for version in (1, 3, None, "2"):
        with pytest.raises(ValueError, match="unsupported hue record format"):
            hue.Game.from_dict({**record, "format": version})


def test_registered_in_the_engine():
    spec = engine.game_spec("hue")
    assert spec is hue.SPEC
    assert (spec.name, spec.title, spec.min_players, spec.max_players) == ("hue", "Hue", 2, 5)
    assert spec.new_game is hue.new_game and spec.game_class is hue.Game
    assert spec.rules_class is hue.Rules and spec.lower_scores_win == frozenset()
    assert [(entry.name, entry.factory) for entry in spec.bots] == [
        ("random", RandomBot),
        ("greedy", GreedyBot),
        ("mcts", MCTSBot),
    ]
    assert all(entry.description for entry in spec.bots)
    assert spec.bot_entry("mcts").settings == {
        "playouts": 1000,
        "seconds": None,
        "candidates": 12,
        "margin": 0.2,
        "rollout": "keep_best",
    }
    game = engine.play_game(spec.new_game(3, 5), [spec.bot("greedy", seed=s) for s in range(3)])
    assert isinstance(game, hue.Game) and game.winner in range(3)
    assert spec.from_dict(game.to_dict()).to_dict() == game.to_dict()


def _imports_below_module_level(path: Path) -> list[str]:
    """Imports inside functions or classes (a hidden import loop's sign)."""
    tree = ast.parse(path.read_text())
    top = set()
    for node in tree.body:
        if isinstance(node, ast.If):  # if TYPE_CHECKING: imports for the type checker
            top.update(id(child) for child in node.body)
        top.add(id(node))
    return [
        ast.unparse(node)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top
    ]


def test_game_and_view_have_no_import_loop():
    package = Path(hue.__file__).parent
    for name in ("game.py", "view.py", "bots.py", "mcts.py", "__main__.py"):
        assert _imports_below_module_level(package / name) == [], name
    view_source = ast.parse((package / "view.py").read_text())
    runtime_imports = [node.module for node in view_source.body if isinstance(node, ast.ImportFrom)]
    assert "game" not in runtime_imports  # only under TYPE_CHECKING


def test_view_sample_builds_a_game_of_the_viewed_class():
    class MyGame(hue.Game):
        __slots__ = ()

    dealt = hue.new_game(3, seed=80)
    game = MyGame(3, dealt.deal)
    game.play(game.legal_moves()[0])
    sample = game.view(2).sample(1)
    assert type(sample) is MyGame
    assert sample.hand(2) == game.hand(2) and sample.history == game.history


def test_the_demo_plays_through_engine_play_game(capsys):
    demo(["--games", "1", "--seed", "3", "--players", "3"])
    out = capsys.readouterr().out
    assert "game 1 (seed 3)" in out and out.count("<- winner") == 1
    game = engine.play_game(
        hue.new_game(3, seed=3),
        [(GreedyBot if s % 2 == 0 else RandomBot)(seed=30 + s) for s in range(3)],
    )
    assert f"seat {game.winner} " in out.split("<- winner")[0].splitlines()[-1]


def test_scores_kept_for_a_table_follow_every_play_and_undo():
    """scores() is worked out once per position: asked again, after a play,
    an undo, or on a fresh copy, it is what the position gives; the list is
    the caller's."""
    game = hue.new_game(players=3, seed=11)
    rng = random.Random(11)
    while not game.is_over:
        assert game.scores() == game.copy().scores()
        game.play(rng.choice(game.legal_moves()))
    final = game.scores()
    final.append(99)
    assert game.scores() == game.copy().scores() == final[:-1]
    assert game.outcome().winners == (final.index(max(final[:-1])),)
    game.undo()
    assert game.scores() == game.copy().scores()
    game.play(game.legal_moves()[-1])
    assert game.scores() == game.copy().scores()
