"""Plank rules (rules/plank.md), one test per rule, named after it."""

import pytest

from huegames import engine, plank
from huegames.plank import Deal, Game, LayShift, Pass, Place, Rules, Shift, Square, Termination

FULL = ("RWG", "RGW", "GRW")
TWO = Deal(("A", "B"), (FULL * 2, FULL * 2), first=0)
THREE = Deal(("A", "B", "C"), tuple((*FULL, extra) for extra in FULL), first=0)
FOUR = Deal(("A", "B", "C", "D"), (FULL,) * 4, first=0)

# Seed 0, two players: both seats reach the movement phase with no line.
BOTH_MOVING = [
    "T GRW G", "T GRW G", "Rb2", "Wc2", "T WRG G", "B GWR W",
    "B GWR W", "B RWG R", "B WRG W", "B WGR G", "Rc8", "Rc5",
]  # fmt: skip
SHUTTLE = ["c1-a4", "a2-a5", "a4-c1", "a5-a2"]
# Seed 0, four players: the seat to move then has no legal action.
STUCK = [
    "T GRW G", "Wc1", "Rb1", "T GRW G", "B GWR W", "Rc3", "Rb1", "Ga3", "Wc1",
    "B RGW W", "T GRW G", "B WGR R", "T RWG G", "Ra1", "Gb6", "Wb1", "Ra6",
    "Gb7", "B RGW W", "Wa7", "Rb2", "Gb8", "Wc2", "Ra8",
]  # fmt: skip


def played(game: Game, texts: list[str]) -> Game:
    for text in texts:
        game.play(text)
    return game


# -- setup (§4) ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "strips_each"), [(2, 6), (3, 4), (4, 3)])
def test_setup_per_player_count_letters_strips_and_first_player(players, strips_each):
    game = plank.new_game(players=players, seed=11)
    assert sorted(game.deal.letters) == list("ABCD"[:players])
    assert all(len(game.strips(seat)) == strips_each for seat in range(players))
    dealt = [p for seat in range(players) for p in game.strips(seat)]
    assert sorted(dealt) == sorted(plank.PATTERNS * 4)
    assert all(game.off_table(seat) == {"G": 2, "R": 2, "W": 2} for seat in range(players))
    assert game.letter(game.current_player) == "A"
    assert game.table.rows == 0


def test_setup_turns_go_clockwise_a_b_c_d():
    game = plank.new_game(players=4, seed=3)
    letters = []
    for _ in range(8):
        letters.append(game.letter(game.current_player))
        game.play(game.legal_moves()[0])
    assert letters == list("ABCDABCD")


def test_setup_four_player_teams_are_a_c_against_b_d():
    game = plank.new_game(players=4, seed=5)
    for seat in range(4):
        partners = {game.letter(s) for s in game.team(seat)}
        assert partners in ({"A", "C"}, {"B", "D"})


def test_setup_same_seed_same_game_and_seeds_differ():
    assert plank.new_game(3, seed=8).to_dict() == plank.new_game(3, seed=8).to_dict()
    deals = {plank.new_game(3, seed=s).deal for s in range(20)}
    assert len(deals) > 10


# -- the table (§3) and the first turn (§5) -----------------------------------


def test_first_turn_must_lay_a_strip():
    game = Game(TWO)
    assert all(isinstance(m, plank.LayPlace) for m in game.legal_moves())
    with pytest.raises(plank.IllegalMoveError, match="first turn must lay a strip"):
        game.play("Ra1")
    assert game.play("B RWG R") == plank.LayPlace("RWG", "T", "R")  # one place when empty


def test_strip_joins_only_top_or_bottom_in_either_direction():
    game = played(Game(TWO), ["T RWG R", "T GRW G"])
    assert game.table.strips == ["GRW", "RWG"]
    game.play("B WGR W")  # RGW turned round, at the bottom
    assert game.table.strips == ["GRW", "RWG", "WGR"]
    ends = {m.end for m in game.legal_moves() if isinstance(m, plank.LayPlace)}
    strips = {m.strip for m in game.legal_moves() if isinstance(m, plank.LayPlace)}
    assert ends == {"T", "B"}
    assert strips == set(plank.ORDERS)
    # the tokens stay on their squares: rows are named from the top
    assert game.table.owners[3:6] == [0, -1, -1]


def test_token_colour_must_match_its_square():
    game = played(Game(TWO), ["T RWG R"])
    with pytest.raises(plank.IllegalMoveError, match="red token must stand on a red square"):
        game.play("Rb1")
    assert all(game.table.colours[m.square.index] == m.colour for m in game.legal_moves()
               if isinstance(m, Place))  # fmt: skip


def test_one_token_per_square():
    game = played(Game(TWO), ["T RWG R"])
    with pytest.raises(plank.IllegalMoveError, match="already holds a token"):
        game.play("Ra1")
    assert Place("R", Square(0, 0)) not in game.legal_moves()


# -- lines (§2) -----------------------------------------------------------------


def test_horizontal_line_on_one_strip_wins():
    game = played(Game(TWO), ["T RWG R", "B RGW R", "Wb1", "Gb2", "Gc1"])
    assert game.outcome() == engine.Outcome(Termination.LINE, (0,))
    assert game.winning_line == plank.Line(0, (Square(0, 0), Square(0, 1), Square(0, 2)))
    assert game.winner == 0 and game.scores() == [1, 0]


def test_vertical_line_over_three_consecutive_strips_wins():
    game = played(Game(TWO), ["T RWG R", "B RGW W", "T GRW G", "Gb3"])
    assert not game.is_over
    game.play("T WGR W")  # column a now reads W, G, R: all seat 0's
    assert game.winning_line.squares == (Square(0, 0), Square(1, 0), Square(2, 0))
    assert game.winner == 0


def test_vertical_line_completed_in_the_middle_wins():
    game = played(Game(TWO), ["T RWG R", "B GRW W", "B WGR W", "Gb3"])
    game.play("Ga2")  # column a reads R, G, W
    assert game.winning_line.squares == (Square(0, 0), Square(1, 0), Square(2, 0))


def test_vertical_line_needs_three_different_colours():
    game = played(Game(TWO), ["T RWG R", "B GRW W", "B RGW R", "Wb1", "Ga2"])
    assert game.table.owners[0::3] == [0, 0, 0]  # column a reads R, G, R
    assert not game.is_over


def test_no_diagonal_win():
    game = played(Game(TWO), ["T RWG R", "B RGW R", "Gb2", "B GRW G", "Wc3"])
    assert game.table.owners[0] == game.table.owners[4] == game.table.owners[8] == 0
    assert not game.is_over


def test_no_mixed_partner_line_in_four_players():
    game = played(Game(FOUR), ["T RWG R", "B RGW R", "Wb1", "Gb2", "Gc1"])
    assert game.team(0) == (0, 2)
    assert game.table.owners[0:3] == [0, 2, 0]  # A, C, A across strip 1
    assert not game.is_over


def test_four_player_line_of_one_player_wins_for_the_team():
    moves = ["T RWG R", "B RGW R", "B GRW G", "Gb2", "Wb1", "Gc1", "Rb3", "Wc2", "B WGR W", "Gb4"]
    game = played(Game(FOUR), moves)
    game.play("Wc3")  # C completes strip 3 alone
    assert game.winning_line.seat == 2
    assert game.outcome().winners == (0, 2) and game.winner is None
    assert game.scores() == [1, 0, 1, 0]


# -- phases (§5) ------------------------------------------------------------------


def test_movement_phase_starts_per_player_only_after_all_six_tokens_are_down():
    game = played(plank.new_game(2, seed=0), BOTH_MOVING[:11])
    assert (game.is_placing(0), game.is_placing(1), game.current_player) == (False, True, 1)
    assert {type(m) for m in game.legal_moves()} == {Place, plank.LayPlace}
    with pytest.raises(plank.IllegalMoveError, match="placement phase"):
        game.play("c5-a4")
    game.play(BOTH_MOVING[11])
    assert {type(m) for m in game.legal_moves()} == {Shift, LayShift}
    with pytest.raises(plank.IllegalMoveError, match="movement phase"):
        game.play("Ra4")


def test_move_goes_to_any_empty_square_of_its_colour():
    game = played(plank.new_game(2, seed=0), BOTH_MOVING)
    colours, owners = game.table.colours, game.table.owners
    for source in (i for i, owner in enumerate(owners) if owner == 0):
        targets = {m.target.index for m in game.legal_moves()
                   if isinstance(m, Shift) and m.source.index == source}  # fmt: skip
        assert targets == {
            i for i, c in enumerate(colours) if c == colours[source] and owners[i] == -1
        }


def test_laying_a_strip_in_the_movement_phase_moves_a_token_onto_it():
    game = played(plank.new_game(2, seed=0), BOTH_MOVING)
    rows, off = game.table.rows, game.off_table(0)
    source = Square(0, 2)  # c1: seat 0's green token
    assert game.table.owners[source.index] == 0 and game.table.colours[source.index] == "G"
    game.play(LayShift("RGW", "T", source))
    assert game.table.rows == rows + 1 and game.table.strips[0] == "RGW"
    assert game.table.owners[1] == 0  # onto the new strip's green square, b1
    assert game.table.owners[source.index + 3] == -1  # c1 is c2 now, and empty
    assert game.off_table(0) == off and game.strips(0) == ("RWG",)


def test_player_without_strips_can_only_place_or_move():
    moves = ["T RWG R", "B RGW R", "Wb1", "Gb2", "T GRW G", "Rb1", "Wc1", "Gc2", "T RGW G"]
    game = played(Game(FOUR), [*moves, "Wc1", "Ra1", "B RWG R"])
    assert game.strips(0) == () and game.current_player == 0
    assert game.legal_moves() and all(isinstance(m, Place) for m in game.legal_moves())


def test_pass_only_when_no_action_exists():
    moves = ["T RWG R", "B RGW R", "Wb1", "Gb2", "T GRW G", "Rb1", "Wc1", "Gc2", "T RGW G"]
    game = played(Game(FOUR), [*moves, "Wc1", "Ra1"])
    with pytest.raises(plank.IllegalMoveError, match="has a legal action"):
        game.play("pass")
    game.play("Wc4")
    assert game.strips(0) == () and game.legal_moves() == [Pass()]
    assert game.play("pass") == Pass() and game.current_player == 1


def test_pass_in_the_movement_phase_when_no_square_is_free():
    game = played(plank.new_game(4, seed=0), STUCK)
    seat = game.current_player
    assert not game.is_placing(seat) and game.strips(seat) == ()
    assert game.legal_moves() == [Pass()]
    game.play("pass")
    assert not game.is_over


# -- the end of a hand: scores and draws (§5, §6) -------------------------------


def test_three_player_penalty_scoring_next_seat_two_the_one_after_one():
    moves = ["T RWG R", "B RGW R", "Wb1", "Gc1", "Gb2", "B GRW G", "Rb3", "Wc2"]
    game = played(Game(THREE), moves)
    assert game.winner == 1  # B
    assert game.scores() == [1, 0, 2]  # A 1, B (winner) 0, C (after B) 2
    shuffled = Deal(("C", "A", "B"), THREE.strips, first=1)
    game = played(Game(shuffled), moves)
    assert game.letter(game.winner) == "B"
    assert game.scores() == [2, 1, 0]  # turn order follows letters, not seats


def test_two_player_hand_scores_one_point_to_the_winner():
    game = played(Game(TWO), ["T RWG R", "B RGW R", "Wb1", "Gb2", "Gc1"])
    assert game.scores() == [1, 0]


def test_draw_by_threefold_repetition():
    game = played(plank.new_game(2, seed=0), BOTH_MOVING + SHUTTLE)
    assert not game.is_over  # the position has occurred twice
    played(game, SHUTTLE[:3])
    assert not game.is_over
    game.play(SHUTTLE[3])
    assert game.outcome() == engine.Outcome(Termination.REPETITION, ())
    assert game.winner is None and game.scores() == [0, 0]
    with pytest.raises(plank.IllegalMoveError, match="drawn by repetition"):
        game.play(game.history[-4])


def test_draw_repetition_count_is_a_rule_option():
    game = played(plank.new_game(2, seed=0, rules=Rules(repetition=2)), BOTH_MOVING + SHUTTLE)
    assert game.outcome().termination is Termination.REPETITION
    game = plank.new_game(2, seed=0, rules=Rules(repetition=None))
    played(game, BOTH_MOVING + SHUTTLE * 3)
    assert not game.is_over


def test_draw_by_turn_limit():
    assert Rules().turn_limit == 200 and Rules().repetition == 3
    game = plank.new_game(2, seed=4, rules=Rules(turn_limit=4))
    for _ in range(4):
        game.play(game.legal_moves()[0])
    assert game.outcome() == engine.Outcome(Termination.TURN_LIMIT, ())
    assert game.scores() == [0, 0] and game.legal_moves() == []


def test_line_on_the_last_turn_beats_the_turn_limit():
    game = Game(TWO, rules=Rules(turn_limit=5))
    played(game, ["T RWG R", "B RGW R", "Wb1", "Gb2", "Gc1"])
    assert game.outcome().termination is Termination.LINE


def test_draw_rules_cannot_both_be_off():
    with pytest.raises(ValueError, match="may never end"):
        Rules(repetition=None, turn_limit=None)
    with pytest.raises(ValueError):
        Rules(turn_limit=0)
