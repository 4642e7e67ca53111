"""Linja engine API: bad input, records, undo/copy, random playouts and perft."""

import json
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
    turn_outcomes,
)


def random_game(seed: int, moves: int | None = None) -> Game:
    """A seeded game of random single moves, to the end or ``moves`` moves."""
    game, rng = linja.new_game(seed=seed), random.Random(seed)
    while not game.is_over and (moves is None or len(game.history) < moves):
        game.play(rng.choice(game.legal_moves()))
    return game


# -- notation ----------------------------------------------------------------


def test_move_and_turn_notation_round_trips():
    for text in ("0-1", "7-6", "5-7", "pass"):
        assert str(Move.parse(text)) == text
        assert eval(repr(Move.parse(text))) == Move.parse(text)
    turn = Turn.parse("1-2 2-4 0-1 pass")
    assert str(turn) == "1-2 2-4 0-1 pass" and len(turn) == 4
    assert Turn.parse(str(turn)) == turn
    assert Turn.coerce(["1-2", Move(2, 4)]) == Turn.parse("1-2 2-4")
    assert Move.parse("pass").is_pass and not Move(0, 1).is_pass


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


# -- undo, copy, records --------------------------------------------------------


def test_undo_copy_and_record_round_trips():
    game = random_game(11)
    record = game.to_dict()
    assert Game.from_dict(json.loads(json.dumps(record))).to_dict() == record
    clone = game.copy()
    states = []
    replay = linja.new_game(seed=11)
    for move in game.history:
        states.append(replay.state)
        replay.play(move)
    assert replay.state == game.state
    for state in reversed(states):
        game.undo()
        assert game.state == state
    assert game.to_dict()["moves"] == [] and clone.to_dict() == record
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()


def test_record_of_a_custom_start_round_trips():
    rules = Rules(goal_bonus=True, tie_break="goal")
    game = Game(Board.of((6, 2, 2, 0, 0, 1, 1, 0), (1, 1, 1, 0, 0, 1, 1, 7)), 1, rules=rules)
    game.play_turn(game.legal_turns()[-1])
    again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.state == game.state and again.rules == rules


def test_view_is_the_full_state_of_its_own():
    game = random_game(2, moves=7)
    view = game.view(1)
    assert view.player == 1 and view.board == game.board
    assert view.game.to_dict() == game.to_dict() and view.game is not game
    if game.current_player == 1:
        assert view.legal_moves() == game.legal_moves()
    else:
        assert view.legal_moves() == [] and game.view(0).legal_moves() == game.legal_moves()
    with pytest.raises(ValueError):
        game.view(2)


# -- the generic random-playout check --------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_random_playouts_keep_every_invariant(seed):
    rng = random.Random(seed)
    game = linja.new_game(seed=seed, rules=Rules(goal_bonus=seed % 3 == 0))
    clone = game.copy()
    while not game.is_over:
        moves = game.legal_moves()
        assert moves and len(set(moves)) == len(moves)
        turns = game.legal_turns()
        assert turns and len(set(turns)) == len(turns)
        assert {turn.moves[0] for turn in turns} == set(moves)
        assert clone.to_dict() == game.to_dict() and clone.state == game.state
        assert Game.from_dict(game.to_dict()).state == game.state
        before = game.state
        move = rng.choice(moves)
        game.play(move)
        assert game.undo() == move and game.state == before
        if rng.random() < 0.3:  # a whole turn at once must reach a state its moves reach
            turn = rng.choice(turns)
            outcome = next(o for o in game.turn_outcomes() if o.turn == turn)
            game.play_turn(turn)
            assert (game.board, game.state.current_player, game.is_over) == outcome[1:]
            for single in turn:
                clone.play(single)
        else:
            game.play(move)
            clone.play(move)
        assert sum(game.board.red) == sum(game.board.black) == 12
        assert all(game.board.count(row) <= 6 for row in range(1, 7))
        assert all(0 <= score <= 60 for score in game.scores())
    assert game.legal_moves() == [] and game.winner in (0, 1, None)
    assert clone.state == game.state


# -- perft: distinct states after whole turns, by two independent methods ---------

PERFT = {1: 33, 2: 2263, 3: 79023}


def perft_by_turns(depth: int) -> list[int]:
    """States (board, seat to move, over) reached by whole turns from the turn generator."""
    layer = {(Board.start(), linja.RED, False)}
    counts = []
    for _ in range(depth):
        layer = {
            (o.board, o.player, o.over)
            for board, seat, over in layer
            for o in ([] if over else turn_outcomes(board, seat))
        } | {state for state in layer if state[2]}
        counts.append(len(layer))
    return counts


def perft_by_single_moves(depth: int) -> list[int]:
    """The same count by walking single moves with play/undo until the seat changes."""

    def walk(game: Game, seat: int, found: set) -> None:
        if game.is_over or game.current_player != seat:
            found.add((game.board, game.state.current_player, game.is_over))
            return
        for move in game.legal_moves():
            game.play(move)
            walk(game, seat, found)
            game.undo()

    layer = {(Board.start(), linja.RED, False)}
    counts = []
    for _ in range(depth):
        found: set = set()
        for board, seat, over in layer:
            game = Game(board, seat)
            assert game.is_over == over
            walk(game, seat, found)
        layer = found
        counts.append(len(found))
    return counts


def test_perft_distinct_states_after_whole_turns_agree_by_two_methods():
    expected = [PERFT[depth] for depth in sorted(PERFT)]
    assert perft_by_turns(3) == expected
    assert perft_by_single_moves(3) == expected
