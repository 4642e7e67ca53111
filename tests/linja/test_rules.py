"""Linja rules (rules/linja.md): one test per rule, each named after it."""

import itertools

import pytest

from huegames import engine, linja
from huegames.linja import Board, Game, IllegalMoveError, Move, Rules, Termination


def position(red, black, first=linja.RED, rules=None) -> Game:
    return Game(Board.of(red, black), first, rules=rules)


def play(game: Game, *moves: str) -> Game:
    for move in moves:
        game.play(move)
    return game


# -- §1 board and pieces -------------------------------------------------------


def test_start_layout_and_counts():
    board = linja.new_game(seed=1).board
    assert board == Board.start()
    assert len(board.red) == len(board.black) == 8
    assert sum(board.red) == sum(board.black) == 12
    assert board.red[0] == 6 and board.black[7] == 6
    assert board.red[7] == 0 and board.black[0] == 0
    for row in range(1, 7):
        assert board.red[row] == board.black[row] == 1


def test_board_check_refuses_overfull_row_and_wrong_piece_count():
    with pytest.raises(ValueError, match="limit is 6"):
        Board.of((5, 0, 4, 0, 0, 0, 0, 3), (0, 0, 3, 0, 0, 0, 0, 9))
    with pytest.raises(ValueError, match="12"):
        Board.of((6, 1, 1, 1, 1, 1, 1, 1), Board.start().black)


def test_first_player_is_drawn_from_the_seed():
    firsts = {seed: linja.new_game(seed=seed).current_player for seed in range(40)}
    assert set(firsts.values()) == {0, 1}
    assert all(linja.new_game(seed=s).current_player == f for s, f in firsts.items())
    assert linja.new_game(seed=3, first_player=1).current_player == 1
    assert linja.new_game(players=2, seed=3).to_dict() == linja.new_game(seed=3).to_dict()
    with pytest.raises(ValueError, match="2 players"):
        linja.new_game(players=3, seed=3)


# -- §2 a turn -----------------------------------------------------------------


def test_initial_move_goes_one_position_forward():
    assert [str(m) for m in Game().legal_moves()] == [f"{p}-{p + 1}" for p in range(7)]
    assert [str(m) for m in Game(first_player=1).legal_moves()] == [
        f"{p}-{p - 1}" for p in range(1, 8)
    ]


def test_count_n_is_both_colours_in_the_entered_row_not_the_arrival():
    game = play(Game(), "0-1")  # row 1 held one red and one black
    assert game.following == 2
    assert all(move.length == 2 or move.dst == 7 for move in game.legal_moves())
    assert Move(0, 2) in game.legal_moves()


def test_goal_special_case_gives_exactly_one():
    game = play(Game(), "6-7")  # the goal holds black's 6 start pieces
    assert game.following == 1
    assert game.current_player == linja.RED
    assert {move.length for move in game.legal_moves()} == {1}


def test_empty_row_ends_the_turn():
    game = position((6, 1, 1, 2, 0, 1, 1, 0), (0, 1, 1, 1, 0, 1, 1, 7))
    play(game, "3-4")
    assert game.current_player == linja.BLACK and game.following == 0
    assert "3-4" in [str(turn) for turn in Game(game.start).legal_turns()]


ROW_2_FULL = ((4, 1, 3, 1, 1, 1, 1, 0), (0, 1, 3, 1, 1, 1, 1, 4))


def test_full_row_cannot_be_entered_by_an_initial_move():
    game = position(*ROW_2_FULL)
    assert Move(1, 2) not in game.legal_moves()
    assert Move(0, 1) in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="row 2 is full"):
        game.play("1-2")


def test_following_move_may_pass_a_full_row_but_not_end_in_it():
    game = play(position(*ROW_2_FULL), "0-1")  # row 1: one red, one black -> N = 2
    assert game.following == 2
    assert Move(1, 3) in game.legal_moves()  # passes full row 2
    assert Move(0, 2) not in game.legal_moves()  # would end in full row 2
    with pytest.raises(IllegalMoveError, match="row 2 is full"):
        game.play("0-2")


def test_overshoot_stops_in_the_goal_and_loses_the_extra_steps():
    game = play(Game(), "4-5")  # N = 2
    assert Move(6, 7) in game.legal_moves()  # 6 + 2 = 8: stops in goal 7
    assert Move(5, 7) in game.legal_moves()  # exact
    play(game, "6-7")
    assert game.board.red[7] == 1 and game.current_player == linja.BLACK


def test_following_move_must_have_the_exact_length():
    game = play(Game(), "0-1")
    with pytest.raises(IllegalMoveError, match="exactly 2 positions"):
        game.play("0-1")
    with pytest.raises(IllegalMoveError, match="exactly 2 positions"):
        game.play("1-4")


TWO_EMPTY_ROWS = ((6, 2, 2, 0, 0, 1, 1, 0), (1, 1, 1, 0, 0, 1, 1, 7))


def test_following_move_into_an_empty_row_earns_a_bonus_turn():
    game = play(position(*TWO_EMPTY_ROWS), "0-1", "0-3")  # N = 3, row 3 was empty
    assert game.current_player == linja.RED
    assert game.following == 0 and game.state.bonus


def test_bonus_turn_is_earned_once_only():
    game = play(position(*TWO_EMPTY_ROWS), "0-1", "0-3", "1-2")
    assert game.following == 3
    play(game, "1-4")  # row 4 was empty, but this is already a bonus turn
    assert game.current_player == linja.BLACK and not game.state.bonus
    assert max(len(turn) for turn in position(*TWO_EMPTY_ROWS).legal_turns()) == 4


GOAL_EMPTY = ((6, 1, 1, 1, 1, 1, 1, 0), (2, 2, 2, 2, 2, 1, 1, 0))


def test_goal_never_gives_a_bonus():
    game = play(position(*GOAL_EMPTY), "4-5", "5-7")  # red's goal was empty
    assert game.current_player == linja.BLACK


def test_goal_bonus_rule_option_treats_an_empty_goal_like_a_row():
    game = play(position(*GOAL_EMPTY, rules=Rules(goal_bonus=True)), "4-5", "5-7")
    assert game.current_player == linja.RED and game.state.bonus


def test_pass_when_no_initial_move_exists():
    game = position((0, 0, 0, 0, 0, 6, 0, 6), (5, 0, 0, 0, 1, 0, 6, 0))
    assert game.legal_moves() == [Move.PASS]
    assert [str(t) for t in game.legal_turns()] == ["pass"]
    board = game.board
    play(game, "pass")
    assert game.board == board and game.current_player == linja.BLACK


def test_following_move_skipped_when_none_is_legal():
    game = play(position((0, 0, 1, 1, 0, 0, 0, 10), (6, 0, 0, 0, 6, 0, 0, 0)), "2-3")
    assert game.following == 1  # but 3-4 would end in full row 4
    assert game.legal_moves() == [Move.PASS]
    with pytest.raises(IllegalMoveError, match="row 4 is full"):
        game.play("3-4")
    play(game, "pass")
    assert game.current_player == linja.BLACK


def test_a_legal_following_move_must_be_made():
    game = play(Game(), "0-1")
    with pytest.raises(IllegalMoveError, match="no pass while a move exists"):
        game.play("pass")


BLOCKADE = ((0, 0, 0, 0, 0, 6, 0, 6), (6, 0, 0, 0, 0, 0, 6, 0))


def test_mutual_blockade_ends_the_game_scored_as_it_stands():
    game = position(*BLOCKADE)
    assert game.is_over and game.outcome().termination is Termination.BLOCKADE
    assert game.legal_moves() == [] and game.legal_turns() == []
    assert game.scores() == [42, 30] and game.winner == linja.RED


def test_blockade_rule_option_draw():
    assert position(*BLOCKADE, rules=Rules(blockade="draw")).winner is None


def test_blocked_side_keeps_passing_while_the_other_moves():
    game = position((0, 0, 0, 0, 0, 6, 0, 6), (5, 0, 0, 0, 1, 0, 6, 0))
    play(game, "pass", "4-3")  # row 3 was empty: black's turn ends
    assert not game.is_over and game.current_player == linja.RED
    assert game.legal_moves() == [Move.PASS]


# -- §3 end and scoring ---------------------------------------------------------


def test_end_check_after_an_initial_move():
    game = position((0, 0, 0, 1, 2, 0, 0, 9), (9, 1, 1, 1, 0, 0, 0, 0))
    play(game, "3-4")  # row 4 held 2 pieces, yet no following move: the sides passed
    assert game.is_over and game.outcome().termination is Termination.PASSED
    assert game.legal_moves() == []
    assert game.scores() == [48, 51] and game.winner == linja.BLACK


def test_end_check_after_a_following_move():
    game = position((0, 0, 1, 0, 1, 1, 0, 9), (8, 2, 2, 0, 0, 0, 0, 0))
    play(game, "4-5")  # N = 1
    assert not game.is_over
    play(game, "2-3")
    assert game.is_over and game.outcome().termination is Termination.PASSED


def test_scores_seed_examples_43_and_42():
    game = position((0, 0, 0, 0, 2, 2, 2, 6), (5, 4, 3, 0, 0, 0, 0, 0))
    assert game.is_over
    assert game.scores() == [42, 43]  # red 5x6+3x2+2x2+1x2, black 5x5+3x4+2x3+1x0
    assert game.winner == linja.BLACK


def test_scoring_table_5_3_2_1():
    board = Board.of((0, 1, 2, 3, 1, 1, 1, 3), (2, 1, 1, 1, 3, 2, 1, 1))
    assert board.points(linja.RED) == 5 * 3 + 3 * 1 + 2 * 1 + 1 * 1
    assert board.points(linja.BLACK) == 5 * 2 + 3 * 1 + 2 * 1 + 1 * 1


EQUAL = ((0, 0, 0, 0, 0, 0, 5, 7), (10, 0, 0, 0, 2, 0, 0, 0))


def test_equal_points_is_a_draw():
    game = position(*EQUAL)
    assert game.is_over and game.scores() == [50, 50]
    assert game.winner is None


def test_tie_break_rule_option_more_pieces_in_the_goal():
    assert position(*EQUAL, rules=Rules(tie_break="goal")).winner == linja.BLACK


def test_match_loser_starts_the_next_game():
    games = linja.play_match([linja.GreedyBot(1), linja.RandomBot(2)], games=4, seed=9)
    for before, after in itertools.pairwise(games):
        if before.winner is None:
            assert after.first_player == 1 - before.first_player
        else:
            assert after.first_player == 1 - before.winner
    assert [g.winner for g in games] == [0, 0, 0, 0]
    assert [g.first_player for g in games][1:] == [1, 1, 1]


def test_same_seed_same_game():
    def record(seed):
        bots = [linja.RandomBot(seed), linja.RandomBot(seed + 1)]
        return engine.play_game(linja.new_game(seed=seed), bots).to_dict()

    assert record(5) == record(5)
    assert record(5) != record(6)
