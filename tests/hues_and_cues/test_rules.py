"""Hues and Cues: every rule of rules/hues-and-cues.md by name."""

import itertools
import json
import random

import pytest

from huegames import IllegalMoveError, InvalidMoveError
from huegames import hues_and_cues as hc
from huegames.engine import Outcome
from huegames.hues_and_cues.colour import oklch
from huegames.hues_and_cues.rounds import guessing_order, score_round

pytestmark = pytest.mark.backend_independent  # the same on either backend

S = hc.Square.parse


def play_to_guesses(game, target=None, cue="lavender"):
    """Pick a target (the card's first square unless given) and give ``cue``."""
    game.play(hc.Move.target(target or game.round.card.squares[0]))
    game.play(hc.Move.cue(cue))


def free_rules(**options):
    return hc.Rules(free_target=True, **options)


def unchanged(game, move):
    before = game.to_dict()
    with pytest.raises(ValueError) as error:
        game.play(move)
    assert game.to_dict() == before
    return str(error.value)


# -- squares and the board (§1) -----------------------------------------------------


def test_coordinates_round_trip_for_every_square():
    for square in hc.SQUARES:
        assert S(str(square)) == square
    assert str(hc.Square(7, 14)) == "H15" and str(hc.Square(14, 25)) == "O26"
    assert S("h 15") == S("H15") and str(S("p30")) == "P30"


@pytest.mark.parametrize("text", ["Q1", "A0", "A31", "H", "15", "HH15", "", "A1.5"])
def test_malformed_coordinates_are_refused(text):
    with pytest.raises(InvalidMoveError):
        S(text)


def test_default_board_layout_hue_runs_around_the_edges():
    board = hc.default_board()
    top = [oklch(board.rows[0][c])[2] for c in range(30)]
    right = [oklch(board.rows[r][29])[2] for r in range(16)]
    bottom = [oklch(board.rows[15][c])[2] for c in range(30)]
    left = [oklch(board.rows[r][0])[2] for r in range(16)]
    # Clockwise round the edge the hue angle only falls (modulo 360).
    ring = top + right[1:] + bottom[::-1][1:] + left[::-1][1:-1]
    steps = [((b - a + 180) % 360) - 180 for a, b in itertools.pairwise(ring)]
    assert all(step < 0 for step in steps)
    assert all(h >= 280 or h <= 35 for h in top)  # reds, pinks and purples along row A
    assert all(225 <= h <= 300 for h in right)  # blues down the right edge
    assert all(125 <= h <= 240 for h in bottom)  # greens, teals and cyans along row P
    assert all(20 <= h <= 140 for h in left)  # yellows and oranges up the left edge


def test_default_board_layout_chroma_lowest_near_the_centre():
    board = hc.default_board()
    chroma = {square: oklch(board[square])[1] for square in hc.SQUARES}
    palest = min(chroma, key=chroma.get)
    assert 8 <= palest.row <= 10 and 12 <= palest.column <= 16  # rows I-K, columns 13-17
    centre = [chroma[s] for s in hc.SQUARES if 8 <= s.row <= 10 and 12 <= s.column <= 16]
    edge = [chroma[s] for s in hc.SQUARES if s.row in (0, 15) or s.column in (0, 29)]
    assert max(centre) < 0.06 < min(edge)


def test_default_board_neighbours_are_close_but_distinct():
    low, high = hc.default_board().neighbour_delta_e("2000")
    assert low > 1.0 and high < 15
    assert len({colour for row in hc.default_board().rows for colour in row}) == 480


def test_board_csv_round_trip(tmp_path):
    board = hc.default_board()
    path = tmp_path / "board.csv"
    path.write_text(board.to_csv())
    assert hc.Board.from_csv(path) == board
    assert hc.Board.parse_csv(board.to_csv().replace("#", "").upper()) == board


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda rows: rows[:15], "16 rows"),
        (lambda rows: [*rows, rows[0]], "16 rows"),
        (lambda rows: [rows[0][:29], *rows[1:]], "row A has 29 colours"),
        (lambda rows: [*rows[:3], [*rows[3][:4], "#12345g", *rows[3][5:]], *rows[4:]], "D5"),
        (lambda rows: [*rows[:1], [*rows[1][:2], "#1234", *rows[1][3:]], *rows[2:]], "B3"),
    ],
)
def test_board_csv_load_errors(tmp_path, change, message):
    rows = [list(row) for row in hc.default_board().rows]
    path = tmp_path / "bad.csv"
    path.write_text("\n".join(",".join(row) for row in change(rows)))
    with pytest.raises(ValueError, match=message):
        hc.Board.from_csv(path)


def test_board_renders_svg_and_png_with_edge_coordinates():
    svg = hc.board_svg(hc.default_board(), pieces={"H15": 0}, target="A1")
    assert svg.count('class="square"') == 480 and ">30</text>" in svg and ">P</text>" in svg
    assert 'data-target="A1"' in svg and 'data-square="H15" data-guess="first"' in svg
    pytest.importorskip("resvg_py")
    assert hc.board_png(hc.default_board(), cell=8).startswith(b"\x89PNG")


# -- cards ----------------------------------------------------------------------------


def test_default_deck_is_100_cards_of_4_distinct_squares():
    deck = hc.default_deck()
    assert len(deck) == 100 and deck == hc.default_deck()
    assert all(len(set(card.squares)) == 4 for card in deck)
    assert hc.default_deck(seed=1) != deck


def test_custom_deck_as_data():
    game = hc.new_game(3, seed=1, deck=["A1 A2 A3 A4"])
    assert game.round.card == hc.Card.parse("A1 A2 A3 A4")
    assert hc.Game.from_dict(json.loads(json.dumps(game.to_dict()))).deck == game.deck
    with pytest.raises(ValueError, match="4 distinct"):
        hc.make_deck(["A1 A1 A2 A3"])


# -- a round (§3) ---------------------------------------------------------------------


def test_card_draw_and_target_only_from_the_card():
    game = hc.new_game(4, seed=3)
    card = game.round.card
    assert game.legal_moves() == [hc.Move.target(s) for s in card.squares]
    other = next(s for s in hc.SQUARES if s not in card.squares)
    assert "on the card" in unchanged(game, hc.Move.target(other))
    free = hc.new_game(4, seed=3, rules=free_rules())
    assert len(free.legal_moves()) == 480


def test_same_seed_same_cards_and_fresh_seed_recorded():
    a, b = hc.new_game(5, seed=9), hc.new_game(5, seed=9)
    assert [a.card_for(n) for n in range(150)] == [b.card_for(n) for n in range(150)]
    assert len({a.card_for(n) for n in range(100)}) == 100  # each card once per pass
    assert isinstance(hc.new_game(3).seed, int)


def test_guess_order_first_clockwise_then_counter_clockwise():
    assert guessing_order(2, 5, second=False) == (3, 4, 0, 1)
    assert guessing_order(2, 5, second=True) == (1, 0, 4, 3)
    game = hc.new_game(5, seed=1)
    game.play(hc.Move.target(game.round.card.squares[0]))
    game.play(hc.Move.cue("lavender"))
    seen = []
    for square in ("A1", "A2", "A3", "A4"):
        seen.append(game.current_player)
        game.play(hc.Move.guess(square))
    game.play(hc.Move.cue("dusty rose"))
    for square in ("B1", "B2", "B3", "B4"):
        seen.append(game.current_player)
        game.play(hc.Move.guess(square))
    assert seen == [1, 2, 3, 4, 4, 3, 2, 1]


def test_one_piece_per_square():
    game = hc.new_game(4, seed=2)
    play_to_guesses(game)
    game.play("guess H15")
    assert hc.Move.guess("H15") not in game.legal_moves()
    assert "already on H15" in unchanged(game, "guess H15")


def test_skip_means_no_second_guesses():
    game = hc.new_game(4, seed=2, rules=free_rules())
    play_to_guesses(game, target="H15")
    for square in ("H14", "H16", "A1"):
        game.play(hc.Move.guess(square))
    assert hc.Move.skip() in game.legal_moves()
    game.play("skip")
    scored = game.rounds[0]
    assert scored.skipped and len(scored.guesses) == 3 and scored.cues == ("lavender",)
    assert game.round.number == 1 and game.round.giver == 1
    assert scored.points == (2, 2, 2, 0)


def test_wrong_kind_of_move_for_the_phase_is_refused():
    game = hc.new_game(3, seed=2)
    assert "must target" in unchanged(game, "guess A1")
    assert "must target" in unchanged(game, "skip")
    play_to_guesses(game)
    assert "must guess" in unchanged(game, "cue salmon")
    with pytest.raises(IllegalMoveError, match="seat 1's turn, not seat 2's"):
        game.play("guess A1", player=2)


# -- scoring (§4) ---------------------------------------------------------------------


@pytest.mark.parametrize(("distance", "points"), [(0, 3), (1, 2), (2, 1), (3, 0), (9, 0)])
def test_guessers_score_3_2_1_0_by_distance(distance, points):
    assert hc.guess_points(distance) == points


@pytest.mark.parametrize(
    ("target", "frame"),
    [("H15", 9), ("A15", 6), ("H1", 6), ("A1", 4), ("P30", 4)],
)
def test_frame_scoring_at_the_centre_an_edge_and_a_corner(target, frame):
    """The frame covers the 3x3 squares round the target that exist."""
    centre = S(target)
    inside = [s for s in hc.SQUARES if s.distance(centre) <= 1]
    assert len(inside) == frame
    guesses = [(1 + i % 3, s) for i, s in enumerate(inside)]
    points = score_round(guesses, centre, giver=0, players=4, per_piece=1)
    assert points[0] == frame  # the cue giver: one per piece in the frame
    assert sum(points[1:]) == 3 + 2 * (frame - 1)
    touching = [s for s in hc.SQUARES if s.distance(centre) == 2]
    assert sum(score_round([(1, s) for s in touching], centre, 0, 4, 1)) == len(touching)


def test_cue_giver_points_one_per_piece_in_the_frame():
    game = hc.new_game(4, seed=5, rules=free_rules())
    play_to_guesses(game, target="H15")
    for square in ("H15", "G14", "J15"):  # in, in, touching
        game.play(hc.Move.guess(square))
    game.play("cue dusty rose")
    for square in ("I16", "A1", "H17"):  # seats 3, 2, 1: in, out, touching
        game.play(hc.Move.guess(square))
    assert game.rounds[0].points == (3, 3 + 1, 2 + 0, 1 + 2)
    assert game.scores() == [3, 4, 2, 3]


def test_cue_giver_points_double_in_a_3_player_game():
    game = hc.new_game(3, seed=5, rules=free_rules())
    play_to_guesses(game, target="H15")
    game.play("guess H15")
    game.play("guess H16")
    game.play("skip")
    assert game.rounds[0].points == (4, 3, 2)
    assert hc.Rules().giver_points_for(4) == 1 and hc.Rules(giver_points=3).giver_points_for(3) == 3


def test_cue_giver_scores_at_most_9_a_round():
    game = hc.new_game(10, seed=5, rules=free_rules())
    play_to_guesses(game, target="H15")
    frame = [s for s in hc.SQUARES if s.distance(S("H15")) <= 1]
    for square in frame:
        game.play(hc.Move.guess(square))
    game.play("skip")
    assert game.rounds[0].points[0] == 9


# -- length and the end (§2, §5) --------------------------------------------------------


def finish_round(game, target="H15", hits=()):
    """Play one round: seats in ``hits`` put both pieces on/next to the target."""
    giver = game.round.giver
    game.play(hc.Move.target(target))
    game.play(next(m for m in game.legal_moves()))  # a fresh legal one-word cue
    far = iter(s for s in hc.SQUARES if s.distance(S(target)) > 2)
    near = iter(s for s in hc.SQUARES if s.distance(S(target)) == 1)
    for _ in range(game.players - 1):
        seat = game.current_player
        game.play(hc.Move.guess(next(near) if seat in hits else next(far)))
    game.play("skip")
    return giver


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 6), (4, 8), (6, 12), (7, 7), (10, 10)])
def test_rounds_per_player_count(players, rounds):
    game = hc.new_game(players, seed=1, rules=free_rules())
    givers = []
    while game.round is not None and len(game.rounds) < rounds:
        givers.append(finish_round(game))
    assert givers == [n % players for n in range(rounds)]
    # nobody scored: a shared win
    assert game.outcome() == Outcome(hc.Termination.ROUNDS_PLAYED, tuple(range(players)))
    assert game.is_over and game.winner is None


def test_rounds_per_giver_option():
    assert hc.Rules(rounds_per_giver=3).rounds_for(4) == 12


def test_tie_break_rounds_skip_tied_cue_givers():
    game = hc.new_game(4, seed=1, rules=free_rules(rounds_per_giver=1))
    finish_round(game, hits=(1, 2))  # giver 0 scores 2, seats 1 and 2 score 2 each
    finish_round(game)  # giver 1
    finish_round(game)  # giver 2
    finish_round(game)  # giver 3
    assert game.scores() == [2, 2, 2, 0]
    assert not game.is_over and game.round.tie_break and game.round.giver == 3
    finish_round(game)  # seat 3 again: 0, 1, 2 are tied
    assert game.round.tie_break and game.round.giver == 3
    finish_round(game, hits=(1,))  # seat 1 breaks the tie
    assert game.is_over and game.winner == 1
    assert game.outcome() == Outcome(hc.Termination.TIE_BREAK, (1,))
    assert [r.giver for r in game.rounds] == [0, 1, 2, 3, 3, 3]


def test_tie_break_giver_passes_in_seat_order_among_untied():
    game = hc.new_game(4, seed=1, rules=free_rules(rounds_per_giver=1))
    finish_round(game)
    finish_round(game, hits=(0, 3))  # giver 1 gets 2, seats 0 and 3 get 2
    finish_round(game)
    finish_round(game)
    assert game.scores() == [2, 2, 0, 2]
    assert game.round.giver == 2  # after giver 3: seats 0 and 1 are tied, 2 is not
    finish_round(game)
    assert game.round.giver == 2


def test_shared_win_when_all_tie_and_without_tie_breaks():
    game = hc.new_game(3, seed=1, rules=free_rules(rounds_per_giver=1, tie_breaks=False))
    finish_round(game, hits=(1, 2))  # giver 0: 2 pieces x 2 points = 4; seats 1, 2: 2 each
    finish_round(game)
    finish_round(game)
    assert game.is_over and game.scores() == [4, 2, 2] and game.winner == 0
    game = hc.new_game(4, seed=1, rules=free_rules(rounds_per_giver=1, tie_breaks=False))
    finish_round(game, hits=(1, 2))
    for _ in range(3):
        finish_round(game)
    assert game.is_over and game.outcome().winners == (0, 1, 2) and game.winner is None


def test_two_players_as_a_variant_and_player_limits():
    assert (hc.MIN_PLAYERS, hc.MAX_PLAYERS) == (3, 10)  # the rule; 2 is a variant
    assert hc.new_game(2, seed=0).players == 2
    for players in (1, 11):
        with pytest.raises(ValueError, match="3 to 10 players"):
            hc.new_game(players, seed=0)


# -- cue rules (§3) -------------------------------------------------------------------


@pytest.mark.parametrize(
    "cue", ["lavender", "turquoise", "pig", "sacred", "orangutan", "q", "Teal"]
)
def test_cue_rule_accepts_other_words(cue):
    game = hc.new_game(4, seed=0)
    game.play(hc.Move.target(game.round.card.squares[0]))
    game.play(hc.Move.cue(cue))
    assert game.round.cues == (cue,)


@pytest.mark.parametrize(
    ("cue", "rule"),
    [
        ("red", "basic colour word 'red'"),
        ("Grey", "basic colour word 'grey'"),
        ("gray", "basic colour word 'gray'"),
        ("reddish", "basic colour word 'red'"),
        ("greens", "basic colour word 'green'"),
        ("bluish", "basic colour word 'blue'"),
        ("purplish", "basic colour word 'purple'"),
        ("whiter", "basic colour word 'white'"),
        ("blueberry", "basic colour word 'blue'"),
        ("sea-green", "basic colour word 'green'"),
        ("H", "row letter H"),
        ("p", "row letter P"),
        ("fifteen", "the number 'fifteen'"),
        ("H15", "holds a digit"),
        ("7", "holds a digit"),
    ],
)
def test_cue_rule_refuses_colour_words_and_positions(cue, rule):
    game = hc.new_game(4, seed=0)
    game.play(hc.Move.target(game.round.card.squares[0]))
    message = unchanged(game, hc.Move.cue(cue))
    assert rule in message


def test_cue_rule_colour_stems_option():
    game = hc.new_game(4, seed=0, rules=hc.Rules(colour_stems=False))
    game.play(hc.Move.target(game.round.card.squares[0]))
    assert "basic colour" in unchanged(game, "cue Red")
    game.play("cue reddish")


def test_cue_rule_word_counts():
    game = hc.new_game(4, seed=0)
    game.play(hc.Move.target(game.round.card.squares[0]))
    assert "first cue is one word" in unchanged(game, "cue cotton candy")
    game.play("cue pig")
    for square in ("A1", "A2", "A3"):
        game.play(hc.Move.guess(square))
    assert "second cue has 1 or 2 words" in unchanged(game, "cue sweet cotton candy")
    game.play("cue cotton candy")
    assert game.round.cues == ("pig", "cotton candy")


def test_cue_rule_no_repeats_in_the_game():
    game = hc.new_game(4, seed=0)
    game.play(hc.Move.target(game.round.card.squares[0]))
    game.play("cue pig")
    for square in ("A1", "A2", "A3"):
        game.play(hc.Move.guess(square))
    assert "repeats a cue" in unchanged(game, "cue PIG")
    game.play("cue pig skin")  # not the same cue
    for square in ("B1", "B2", "B3"):
        game.play(hc.Move.guess(square))
    game.play(hc.Move.target(game.round.card.squares[0]))  # next round
    assert "repeats a cue" in unchanged(game, "cue Pig")
    assert hc.Move.cue("pig") not in game.legal_moves()


@pytest.mark.parametrize("word", hc.RELATIVE_WORDS)
def test_cue_rule_second_cue_no_relative_words(word):
    game = hc.new_game(4, seed=0)
    game.play(hc.Move.target(game.round.card.squares[0]))
    game.play(f"cue {word}")  # fine as a first cue
    for square in ("A1", "A2", "A3"):
        game.play(hc.Move.guess(square))
    assert "steers relative" in unchanged(game, f"cue {word.upper()} salmon")


@pytest.mark.parametrize("text", ["cue", "cue pig!", "cue a_b", "cue -pig", "hint pig"])
def test_malformed_cue_text_is_invalid(text):
    game = hc.new_game(4, seed=0)
    game.play(hc.Move.target(game.round.card.squares[0]))
    before = game.to_dict()
    with pytest.raises(InvalidMoveError):
        game.play(text)
    assert game.to_dict() == before


def test_move_text_round_trips():
    for text in ("target H15", "cue pig", "cue cotton candy", "skip", "guess P30"):
        assert str(hc.Move.parse(text)) == text
    assert hc.Move.parse("GUESS h15") == hc.Move.guess("H15")


# -- information (§6) -----------------------------------------------------------------


def test_views_guesser_never_sees_the_target_cue_giver_does():
    game = hc.new_game(4, seed=4)
    play_to_guesses(game)
    target = game.round.target
    giver, guesser = game.view(0), game.view(1)
    assert giver.round.target == target and giver.round.card is not None
    assert guesser.round.target is None and guesser.round.card is None
    assert guesser.legal_moves() == game.legal_moves() and giver.legal_moves() == []
    game.play("guess A1")
    game.play("guess A2")
    game.play("guess A3")
    game.play("skip")
    assert game.view(1).rounds[0].target == target  # revealed at scoring
    assert game.view(1).rounds[0].card is None and game.view(0).rounds[0].card is not None


# -- records, undo, copy ----------------------------------------------------------------


def test_bad_input_leaves_the_state_unchanged():
    game = hc.new_game(4, seed=8)
    for bad in ("", "target", "target Z9", 42, "guess A1", "cue red", None):
        before = game.to_dict()
        with pytest.raises(ValueError):
            game.play(bad)
        assert game.to_dict() == before
    with pytest.raises(IllegalMoveError):
        hc.new_game(3, seed=0).undo()


def test_record_round_trips_with_custom_board_and_rules():
    rows = [list(row) for row in hc.default_board().rows]
    rows[0][0] = "#000000"
    game = hc.new_game(3, seed=2, board=hc.Board(tuple(map(tuple, rows))), rules=free_rules())
    play_to_guesses(game, target="A1")
    record = json.loads(json.dumps(game.to_dict()))
    again = hc.Game.from_dict(record)
    assert again.to_dict() == record and again.board["A1"] == "#000000"
    record["moves"].append("cue red")
    with pytest.raises(ValueError, match="record move 3"):
        hc.Game.from_dict(record)


def check_invariants(game, rng):
    moves = game.legal_moves()
    assert len(moves) == len(set(moves))
    assert bool(moves) != game.is_over
    twin = game.copy()
    assert twin.to_dict() == game.to_dict()
    move = rng.choice(moves)
    played = game.play(move)
    assert twin.to_dict() != game.to_dict()  # independent copies
    record = game.to_dict()
    assert game.undo() == played and game.to_dict() == twin.to_dict()
    game.play(played)
    assert game.to_dict() == record
    for seat in range(game.players):
        view = game.view(seat)
        if game.round is not None and game.round.target is not None and seat != game.round.giver:
            assert view.round.target is None
    assert sum(game.scores()) >= 0


@pytest.mark.parametrize("seed", range(6))
def test_random_playouts_keep_the_invariants(seed):
    rng = random.Random(seed)
    game = hc.new_game(3 + seed % 3, seed=seed, rules=free_rules() if seed == 5 else None)
    while not game.is_over:
        check_invariants(game, rng)
    assert game.legal_moves() == [] and game.current_player is None
    assert hc.Game.from_dict(json.loads(json.dumps(game.to_dict()))).to_dict() == game.to_dict()
    while game.history:  # undo all the way back
        game.undo()
    assert game.to_dict() == hc.new_game(game.players, seed=seed, rules=game.rules).to_dict()
