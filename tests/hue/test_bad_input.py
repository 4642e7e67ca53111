"""Bad input never crashes and never corrupts state: every bad move, record or
call raises a clear exception naming the problem, and the game is as it was."""

from __future__ import annotations

import copy

import pytest

import huegames
from huegames import hue
from huegames.errors import IllegalMoveError, InvalidMoveError


def state(game: hue.Game) -> tuple:
    return (
        game.to_dict(),
        game.board.placements,
        game.board.cells(),
        [game.hand(seat) for seat in range(game.players)],
        game.current_player,
        game.legal_moves(),
        game.colour_values(),
    )


@pytest.fixture
def game() -> hue.Game:
    """Two players, seed 1, one move played: player 1 to move."""
    g = hue.new_game(players=2, seed=1)
    g.play(g.legal_moves()[0])
    return g


def assert_refused(game: hue.Game, move, error, match, **kwargs) -> None:
    before = state(game)
    with pytest.raises(error, match=match):
        game.play(move, **kwargs)
    assert state(game) == before
    # and the game goes on normally
    legal = game.legal_moves()[0]
    game.play(legal)
    game.undo()
    assert state(game) == before


def test_errors_are_value_errors():
    assert issubclass(huegames.IllegalMoveError, ValueError)
    assert issubclass(huegames.InvalidMoveError, ValueError)
    assert hue.IllegalMoveError is IllegalMoveError


# -- moves the rules do not allow -------------------------------------------


def test_card_of_another_player(game):
    other = game.hand(0)[0]
    move = game.board.legal_placements(other)[0]
    assert_refused(game, move, IllegalMoveError, f"{other}.*not in player 1's hand")


def test_set_aside_card(game):
    hidden = game.deal.set_aside[0]
    move = game.board.legal_placements(hidden)[0]
    assert_refused(game, move, IllegalMoveError, f"{hidden}.*not in player 1's hand")


def test_card_on_the_table(game):
    placed = game.board.placements[0].card
    assert_refused(game, (placed, -5, 0, 0), IllegalMoveError, f"{placed}.*not in player 1")


@pytest.mark.parametrize("card_id", ["Z9", "d1", "D10", "S"])
def test_unknown_card(game, card_id):
    assert_refused(game, (card_id, -1, 0, 0), IllegalMoveError, card_id)


def test_wrong_player(game):
    move = game.legal_moves()[0]
    assert_refused(game, move, IllegalMoveError, "player 1's turn", player=0)
    assert_refused(game, move, ValueError, "no seat 7", player=7)


def test_overlap_of_two_squares(game):
    # the staircase card at (0, 0) is vertical: a vertical card at (0, 1)
    # would cover (0, 1) and (0, 2)
    card_id = game.hand(1)[0]
    assert_refused(game, (card_id, 0, 1, 0), IllegalMoveError, "cover 2 squares")
    assert_refused(game, (card_id, 0, 0, 0), IllegalMoveError, "cover 3 squares")


def test_placement_touching_nothing(game):
    card_id = game.hand(1)[0]
    assert_refused(game, (card_id, 50, 50, 0), IllegalMoveError, "touches no card")
    assert_refused(game, f"{card_id} -40 3 1", IllegalMoveError, "touches no card")


@pytest.mark.parametrize("rotation", [4, -1, 7, 100])
def test_rotation_out_of_range(game, rotation):
    card_id = game.hand(1)[0]
    assert_refused(game, (card_id, 0, 3, rotation), InvalidMoveError, "rotation must be 0-3")
    assert_refused(game, f"{card_id} 0 3 {rotation}", InvalidMoveError, "rotation must be 0-3")


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("D1 1 0", "expected 'card x y rotation'"),
        ("D1 1 0 1 1", "expected 'card x y rotation'"),
        ("D1 a b c", "integers"),
        ("D1 1.0 0 1", "integers"),
        ("", "expected 'card x y rotation'"),
        ("   ", "expected 'card x y rotation'"),
    ],
)
def test_malformed_move_text(game, text, match):
    with pytest.raises(InvalidMoveError, match=match):
        hue.Move.parse(text)
    assert_refused(game, text, InvalidMoveError, match)


@pytest.mark.parametrize("value", [None, 42, b"D1 1 0 1", ["D1", 1, 0, 1]])
def test_move_parse_of_a_non_string(value):
    with pytest.raises(InvalidMoveError, match="string"):
        hue.Move.parse(value)


@pytest.mark.parametrize(
    ("move", "match"),
    [
        (("D1", "1", 0, 0), "x must be an integer"),
        (("D1", 1, 0.5, 0), "y must be an integer"),
        (("D1", 1, 0, True), "rotation must be an integer"),
        ((7, 1, 0, 0), "card id"),
        (("", 1, 0, 0), "card id"),
    ],
)
def test_move_with_wrong_field_types(game, move, match):
    assert_refused(game, move, InvalidMoveError, match)


@pytest.mark.parametrize("move", [42, None, ("D1", 1), ("D1", 1, 0, 0, 0), 3.5])
def test_move_that_is_not_a_move_at_all(game, move):
    """A value that is not a move, a 4-tuple or a move text is a malformed
    move: InvalidMoveError naming what was given, and nothing changes."""
    assert_refused(game, move, InvalidMoveError, "move")


def test_playing_after_the_end():
    g = hue.new_game(players=2, seed=3)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    before = state(g)
    last = g.hand(0)[0]
    for move in [(last, 0, -3, 0), "D0 0 0 0", "garbage"]:
        with pytest.raises(IllegalMoveError, match="game is over"):
            g.play(move)
        assert state(g) == before


def test_undo_with_nothing_to_undo():
    g = hue.new_game(players=3, seed=3)
    before = state(g)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        g.undo()
    assert state(g) == before
    g.play(g.legal_moves()[0])
    g.undo()
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        g.undo()
    assert state(g) == before


@pytest.mark.parametrize(
    ("seat", "error", "match"),
    [
        (-1, ValueError, "no seat"),
        (2, ValueError, "no seat"),
        (5, ValueError, "no seat"),
        # a seat is an int, not text, None, a bool or a float
        ("0", TypeError, "a seat must be an integer"),
        (None, TypeError, "a seat must be an integer"),
        (True, TypeError, "a seat must be an integer"),
        (1.0, TypeError, "a seat must be an integer"),
    ],
)
def test_view_of_no_such_seat(game, seat, error, match):
    before = state(game)
    with pytest.raises(error, match=match):
        game.view(seat)
    with pytest.raises(error, match=match):
        game.hand(seat)
    assert state(game) == before


# -- the board ----------------------------------------------------------------


def test_board_refuses_bad_placements_and_stays_unchanged():
    board = hue.Board.from_placements(["S0 0 0 0", "D1 1 0 1"])
    before = (board.placements, board.cells(), board.colour_values(), str(board))
    for move, error, match in [
        (("D1", 0, 5, 0), IllegalMoveError, "already on the table"),
        (("Q1", 0, 3, 0), IllegalMoveError, "not a card of this deck"),
        (("D2", 0, 1, 0), IllegalMoveError, "cover 2 squares"),
        (("D2", 9, 9, 0), IllegalMoveError, "touches no card"),
        (("D2", 0, 3, 4), InvalidMoveError, "rotation"),
        ("D2 0 3", InvalidMoveError, "card x y rotation"),
    ]:
        with pytest.raises(error, match=match):
            board.place(move)
        assert (board.placements, board.cells(), board.colour_values(), str(board)) == before


def test_board_legal_placements_of_a_bad_card():
    board = hue.Board.from_placements(["S0 0 0 0"])
    with pytest.raises(IllegalMoveError, match="Q1"):
        board.legal_placements("Q1")
    with pytest.raises(IllegalMoveError, match="already on the table"):
        board.legal_placements("S0")


def test_remove_last_of_an_empty_board():
    with pytest.raises(IllegalMoveError, match="empty"):
        hue.Board().remove_last()


# -- setup ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"players": 1}, ValueError, "2 to 5 players"),
        ({"players": 6}, ValueError, "2 to 5 players"),
        ({"players": "3"}, TypeError, "players must be an integer"),
        ({"players": 3, "seed": "7"}, TypeError, "seed"),
        ({"players": 3, "seed": 1.5}, TypeError, "seed"),
        ({"players": 3, "seed": True}, TypeError, "seed"),
        ({"players": 3, "rules": {"covering": False}}, TypeError, "rules must be a hue.Rules"),
    ],
)
def test_new_game_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        hue.new_game(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"covering": "no"}, TypeError, "covering"),
        ({"opening": "S0 0 0 0"}, TypeError, "opening"),
        ({"opening": []}, ValueError, "at least one"),
        ({"opening": ["S0 0 0"]}, InvalidMoveError, "card x y rotation"),
    ],
)
def test_bad_rules(kwargs, error, match):
    with pytest.raises(error, match=match):
        hue.Rules(**kwargs)


def test_opening_that_cannot_be_laid():
    rules = hue.Rules(opening=["S0 0 0 0", "S1 0 1 0"])  # S1 covers two squares
    with pytest.raises(ValueError, match="opening cannot be laid"):
        hue.new_game(players=2, seed=0, rules=rules)


# -- records -------------------------------------------------------------------


@pytest.fixture
def record() -> dict:
    g = hue.new_game(players=3, seed=5)
    for _ in range(4):
        g.play(g.legal_moves()[0])
    return g.to_dict()


def test_record_is_valid(record):
    assert hue.Game.from_dict(record).to_dict() == record


@pytest.mark.parametrize("key", ["format", "players", "seed", "rules", "setup", "moves"])
def test_record_missing_key(record, key):
    del record[key]
    with pytest.raises(ValueError, match=f"lacks {key}|format None"):
        hue.Game.from_dict(record)


def test_record_with_an_unknown_key(record):
    record["deal"] = record["setup"]
    with pytest.raises(ValueError, match="unknown keys: deal"):
        hue.Game.from_dict(record)


@pytest.mark.parametrize(
    ("key", "value", "error", "match"),
    [
        ("game", "linja", ValueError, "this is a 'linja' record, not a 'hue' record"),
        ("game", None, ValueError, "not a 'hue' record"),
        ("format", 99, ValueError, "unsupported hue record format 99"),
        ("format", 1, ValueError, "unsupported hue record format 1"),
        ("players", "3", TypeError, "players must be an integer"),
        ("players", 4, ValueError, "3 hands for 4 players"),
        ("seed", "5", TypeError, "seed"),
        ("rules", "default", TypeError, "rules must be a mapping"),
        ("setup", [], TypeError, "setup must be a mapping"),
        ("moves", "D1 1 0 1", TypeError, "moves must be a list"),
        ("moves", [1, 2], TypeError, "moves must be a list of move texts"),
    ],
)
def test_record_wrong_types(record, key, value, error, match):
    record[key] = value
    with pytest.raises(error, match=match):
        hue.Game.from_dict(record)


@pytest.mark.parametrize("value", [None, [], "hue", 3])
def test_record_not_a_mapping(value):
    with pytest.raises(TypeError, match="mapping"):
        hue.Game.from_dict(value)


def test_record_with_an_illegal_move(record):
    record["moves"].append("D1 99 99 0")
    with pytest.raises(ValueError, match="record move 5"):
        hue.Game.from_dict(record)


def test_record_with_a_malformed_move(record):
    record["moves"][1] = "D1 99"
    with pytest.raises(ValueError, match="record move 2"):
        hue.Game.from_dict(record)


def test_record_with_a_move_by_the_wrong_player(record):
    # move 2 replaced by a card of player 0
    g = hue.Game.from_dict({**record, "moves": record["moves"][:1]})
    other = g.hand(0)[-1]
    record["moves"][1] = str(g.board.legal_placements(other)[0])
    with pytest.raises(ValueError, match=f"record move 2.*{other}"):
        hue.Game.from_dict(record)


def test_record_deal_duplicates_a_card(record):
    card_id = record["setup"]["hands"][0][-1]
    record["setup"]["set_aside"].append(card_id)
    with pytest.raises(ValueError, match=f"{card_id} twice"):
        hue.Game.from_dict(record)


def test_record_deal_leaves_a_card_out(record):
    card_id = record["setup"]["set_aside"].pop()
    with pytest.raises(ValueError, match=f"leaves cards out.*{card_id}"):
        hue.Game.from_dict(record)


def test_record_deal_with_two_poison_cards(record):
    hands = record["setup"]["hands"]
    poison = next(c for c in record["setup"]["set_aside"] if c.startswith("X"))
    record["setup"]["set_aside"].remove(poison)
    record["setup"]["set_aside"].append(hands[0][-1])
    hands[0][-1] = poison
    with pytest.raises(ValueError, match="1 poison"):
        hue.Game.from_dict(record)


def test_record_deal_with_an_unknown_card(record):
    record["setup"]["set_aside"][0] = "Q7"
    with pytest.raises(ValueError, match="Q7"):
        hue.Game.from_dict(record)


@pytest.mark.parametrize("key", ["deck", "hands", "opening", "set_aside"])
def test_record_setup_missing_a_key(record, key):
    del record["setup"][key]
    with pytest.raises(
        ValueError, match="setup must hold exactly deck, hands, opening and set_aside"
    ):
        hue.Game.from_dict(record)


def test_record_setup_with_an_extra_key(record):
    record["setup"]["extra"] = []
    with pytest.raises(ValueError, match=r"setup must hold exactly.*not deck, extra, hands"):
        hue.Game.from_dict(record)


@pytest.mark.parametrize(
    ("key", "value", "error", "match"),
    [
        ("hands", "abc", TypeError, "hands"),
        ("hands", [["X0", 3]], TypeError, "hands"),
        ("opening", "S0 0 0 0", TypeError, "opening"),
        ("opening", ["S0 0 0"], InvalidMoveError, "card x y rotation"),
        ("set_aside", None, TypeError, "set_aside"),
        ("deck", "default", TypeError, "card"),
    ],
)
def test_record_setup_wrong_types(record, key, value, error, match):
    record["setup"][key] = value
    with pytest.raises(error, match=match):
        hue.Game.from_dict(record)


def test_record_unknown_rule_option(record):
    record["rules"]["shuffle_twice"] = True
    with pytest.raises(ValueError, match="unknown rule options: shuffle_twice"):
        hue.Game.from_dict(record)


def test_record_opening_that_differs_from_the_rules_opening(record):
    record["rules"]["opening"] = ["S4 7 7 1"]
    with pytest.raises(ValueError, match="opening differs"):
        hue.Game.from_dict(record)


def test_record_bad_custom_deck(record):
    deck = [card.to_dict() for card in hue.default_deck()]
    deck[12]["colours"] = "GRX"
    record["setup"]["deck"] = deck
    with pytest.raises(ValueError, match="unknown colour 'X'"):
        hue.Game.from_dict(record)


def test_record_is_not_modified_by_from_dict(record):
    original = copy.deepcopy(record)
    hue.Game.from_dict(record)
    assert record == original
    record["moves"].append("nonsense")
    snapshot = copy.deepcopy(record)
    with pytest.raises(ValueError):
        hue.Game.from_dict(record)
    assert record == snapshot


# -- the table's limits ------------------------------------------------------------

EDGE = hue.MAX_COORDINATE - 2  # a vertical card at x = EDGE has two free columns beyond it


def edge_game(backend: str) -> hue.Game:
    """A game whose opening S0 stands at the limit, x = EDGE, on ``backend``."""
    return hue.new_game(2, seed=1, rules=hue.Rules(opening=[f"S0 {EDGE} 0 0"]), backend=backend)


def test_the_limits_are_public():
    assert hue.MAX_COORDINATE == 2**62 - 8192 and hue.MAX_SPAN == 2048
    assert "MAX_COORDINATE" in hue.__all__ and "MAX_SPAN" in hue.__all__


def test_an_opening_beyond_max_coordinate_is_refused():
    x = 2**62 - 4102
    with pytest.raises(ValueError, match="MAX_COORDINATE"):
        hue.Rules(opening=[f"S0 {x} 0 0"])


@pytest.mark.parametrize("backend", hue.backends())
def test_refused_move_leaves_nothing_behind(backend):
    game = edge_game(backend)
    before = state(game)
    game.play(hue.Move("X2", EDGE - 3, 0, 1))  # ends next to S0: legal
    game.undo()
    assert state(game) == before  # play + undo leaves no trace
    beyond = hue.Move("X2", EDGE + 1, 0, 1)  # its last square is at MAX_COORDINATE + 1
    assert beyond not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="MAX_COORDINATE"):
        game.play(beyond)
    assert state(game) == before
    game.play(hue.Move("X2", EDGE, 2, 0))  # a move at the edge: the same on any history
    fresh = edge_game(backend)
    fresh.play(hue.Move("X2", EDGE, 2, 0))
    assert state(game) == state(fresh)


@pytest.mark.parametrize("backend", hue.backends())
def test_play_succeeds_exactly_for_the_listed_moves(backend):
    """Around a card at the coordinate limit, every placement of the hand is
    tried: ``play`` takes exactly the ones ``legal_moves`` lists."""
    game = edge_game(backend)
    game.play(hue.Move("X2", EDGE - 3, 0, 1))
    game.undo()  # a history that once grew the table
    before = state(game)
    listed = set(game.legal_moves())
    played = set()
    for card_id in game.hand(0):
        for rotation in range(4):
            for x in range(EDGE - 4, EDGE + 3):
                for y in range(-4, 4):
                    try:
                        move = game.play(hue.Move(card_id, x, y, rotation))
                    except IllegalMoveError:
                        assert state(game) == before
                        continue
                    played.add(move)
                    game.undo()
    assert played == listed
    assert all(max(x for x, _ in move.cells) <= hue.MAX_COORDINATE for move in listed)


def test_board_from_placements_checks_the_limits():
    m = hue.MAX_COORDINATE
    assert hue.Board.from_placements([f"S0 {-m} {m - 2} 0"]).bounds() == (-m, m - 2, -m, m)
    for placements in (
        [f"S0 {m - 1} 0 1"],
        [f"S0 0 {-m - 1} 0"],
        [f"S0 {2**200} 0 0"],
        [f"S0 {m} 0 0", f"S1 {m - 2} 3 1", f"S2 {m} 4 1"],
    ):
        with pytest.raises(IllegalMoveError, match="MAX_COORDINATE"):
            hue.Board.from_placements(placements)


def test_opening_checks_the_limits():
    with pytest.raises(ValueError, match="MAX_SPAN"):
        hue.Rules(opening=["S0 0 0 0", f"S1 {hue.MAX_SPAN} 0 0"])
    with pytest.raises(ValueError, match="MAX_COORDINATE"):
        hue.Rules(opening=[f"S0 0 {-hue.MAX_COORDINATE - 3} 0"])
    assert hue.Rules(opening=[f"S0 0 {-hue.MAX_COORDINATE} 0"]).opening is not None


def long_row_board() -> hue.Board:
    """A row of solid cards laid end to end, 2046 cells long, two short of MAX_SPAN."""
    count = (hue.MAX_SPAN - 2) // 3
    deck = [hue.Card(f"D{k}", hue.Kind.SOLID, (hue.Colour(k % 5),) * 3) for k in range(count + 3)]
    return hue.Board.from_placements([(f"D{k}", 3 * k, 0, 1) for k in range(count)], deck)


@pytest.mark.parametrize("backend", hue.backends())
def test_span_limit_refuses_wider_moves_and_never_lists_them(backend):
    board = long_row_board().with_backend(backend)
    assert board.bounds() == (0, 0, hue.MAX_SPAN - 3, 0)
    spare = [card_id for card_id in board.deck if card_id not in board]
    before = (board.placements, board.cells(), board.colour_values())
    for move in (("D682", hue.MAX_SPAN - 2, 0, 1), ("D682", -3, 0, 1)):
        with pytest.raises(IllegalMoveError, match="MAX_SPAN"):
            board.place(move)
        assert (board.placements, board.cells(), board.colour_values()) == before
    legal = board.legal_placements_of(spare)
    assert ("D682", hue.MAX_SPAN - 3, 0, 1) in legal  # covers one square: 2048 across
    assert ("D682", hue.MAX_SPAN - 2, 0, 1) not in legal
    for move in legal:
        board.place(move)
        low, _, high, _ = board.bounds()
        assert high - low + 1 <= hue.MAX_SPAN
        board.remove_last()
    assert (board.placements, board.cells(), board.colour_values()) == before


def test_backends_list_the_same_moves_at_the_limits():
    board = long_row_board()
    spare = [card_id for card_id in board.deck if card_id not in board]
    lists = [board.with_backend(name).legal_placements_of(spare) for name in hue.backends()]
    assert all(moves == lists[0] for moves in lists)


# -- cards and decks ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "error", "match"),
    [
        (7, TypeError, "a deck must be a sequence of cards"),
        ("S0 S1", TypeError, "a deck must be a sequence of cards"),
        ({"id": "A"}, TypeError, "a deck must be a sequence of cards"),
        ([None], TypeError, "a card must be a Card"),
        ([("A", "solid", 5)], TypeError, "colours must be a text"),
        ([(None, "solid", "GGG")], TypeError, "card id must be a string"),
        ([("A", [], "GGG")], ValueError, "unknown kind"),
        ([("A", "solid", [[[[[]]]]] * 3)], ValueError, "unknown colour"),
        ([("A", "solid", [2**20000, 0, 0])], ValueError, "unknown colour <int of 20001 bits>"),
        ([("A", "solid", "G" * 100_000)], ValueError, "exactly 3 colours, got 100000"),
        ([{"id": "A", "junk": "x" * 100_000}], ValueError, "lacks kind, colours"),
        ([("x" * 100_000, "solid", "GGG")] * 2, ValueError, "twice"),
        ([("A", "s" * 100_000, "GGG")], ValueError, "unknown kind"),
    ],
)
def test_bad_deck_data_is_refused_with_a_short_message(deck, error, match):
    """Bad card data gives ValueError or TypeError with a short message."""
    with pytest.raises(error, match=match) as caught:
        hue.Deck(deck)
    assert len(str(caught.value)) < 200


def test_cards_made_directly_are_checked():
    assert hue.Card("A", "solid", "GRB") == hue.Card("A", hue.Kind.SOLID, (0, 1, 4))
    with pytest.raises(ValueError, match="unknown kind"):
        hue.Card("A", "wild", "GRB")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="colours"):
        hue.Card("A", hue.Kind.SOLID, None)  # type: ignore[arg-type]


# -- bot settings (found by tests/hue/test_fuzz.py) ---------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"seconds": float("inf")}, ValueError, "seconds"),
        ({"seconds": 2**20000}, ValueError, "seconds"),
        ({"margin": float("nan")}, ValueError, "margin"),
        ({"seed": 1.5}, TypeError, "seed"),
        ({"seed": "7"}, TypeError, "seed"),
    ],
)
def test_bot_settings_are_checked_up_front(kwargs, error, match):
    with pytest.raises(error, match=match):
        hue.MCTSBot(**kwargs)


def test_a_huge_integer_margin_is_a_number():
    assert hue.MCTSBot(margin=2**20000).margin == 2**20000  # not OverflowError
    with pytest.raises(TypeError, match="seed"):
        hue.RandomBot(2.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rng"):
        hue.new_game(2, seed=1).view(0).sample(1.0)  # type: ignore[arg-type]
