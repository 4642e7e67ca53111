"""One test (or a small group) per rule of ``rules/hue.md``.

Every expected value here is worked out by hand from the rules text (the
section is quoted in each docstring); none was produced by running the
engine.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import huegames
from huegames import engine, hue

COLOURS = "GRYPB"

# -- helpers -----------------------------------------------------------------


def colours_of(card: hue.Card) -> str:
    return "".join(colour.name for colour in card.colours)


def values(g=0, r=0, y=0, p=0, b=0) -> dict[str, int]:
    return {"G": g, "R": r, "Y": y, "P": p, "B": b}


def deck_with(**colours: str) -> list[dict[str, str]]:
    """The default deck as data, with some cards recoloured (same kinds)."""
    cards = [card.to_dict() for card in hue.default_deck()]
    for card in cards:
        if card["id"] in colours:
            card["colours"] = colours.pop(card["id"])
    assert not colours, f"no such cards: {colours}"
    return cards


STAIRCASE = (hue.Move("S0", 0, 0, 0), hue.Move("S1", 1, 1, 0), hue.Move("S2", 2, 2, 0))


def fixed_deal(players: int, hands: list[list[str]], opening=STAIRCASE, deck=None) -> hue.Deal:
    """A deal with the given hands and opening; everything else set aside."""
    deck_ids = [card.id for card in hue.default_deck()] if deck is None else list(deck)
    used = {card_id for hand in hands for card_id in hand} | {m.card for m in opening}
    set_aside = tuple(card_id for card_id in deck_ids if card_id not in used)
    return hue.Deal(tuple(tuple(hand) for hand in hands), tuple(opening), set_aside)


def play_out_keeping(game: hue.Game, keep: list[str], *, cover: bool = True) -> None:
    """Play to the end, each seat keeping ``keep[seat]`` as its score card.

    With ``cover=False`` only placements that cover nothing are chosen.
    """
    while not game.is_over:
        seat = game.current_player
        for move in game.legal_moves():
            if move.card == keep[seat]:
                continue
            if not cover and any(game.board.visible(*cell) for cell in move.cells):
                continue
            game.play(move)
            break
        else:  # pragma: no cover - a failure of the test set-up
            raise AssertionError("no move found")


def first_move_game(players: int, seed: int) -> hue.Game:
    game = hue.new_game(players=players, seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game


# -- §1 Components -------------------------------------------------------------

# The default deck table of §1, worked out by hand with G=0 R=1 Y=2 P=3 B=4.
DEFAULT_DECK = {
    # starting: stripes (i+1, i, i+3)
    "S0": ("starting", "RGP"),
    "S1": ("starting", "YRB"),
    "S2": ("starting", "PYG"),
    "S3": ("starting", "BPR"),
    "S4": ("starting", "GBY"),
    # poison: squares (i+2, i, i+4)
    "X0": ("poison", "YGB"),
    "X1": ("poison", "PRG"),
    "X2": ("poison", "BYR"),
    "X3": ("poison", "GPY"),
    "X4": ("poison", "RBP"),
    # solid D0-D4: (i+1, i, i+2)
    "D0": ("solid", "RGY"),
    "D1": ("solid", "YRP"),
    "D2": ("solid", "PYB"),
    "D3": ("solid", "BPG"),
    "D4": ("solid", "GBR"),
    # solid D5-D9: (i+4, i, i+3)
    "D5": ("solid", "BGP"),
    "D6": ("solid", "GRB"),
    "D7": ("solid", "RYG"),
    "D8": ("solid", "YPR"),
    "D9": ("solid", "PBY"),
    # striped T0-T4: (i+2, i, i+1)
    "T0": ("striped", "YGR"),
    "T1": ("striped", "PRY"),
    "T2": ("striped", "BYP"),
    "T3": ("striped", "GPB"),
    "T4": ("striped", "RBG"),
    # striped T5-T9: (i+3, i, i+4)
    "T5": ("striped", "PGB"),
    "T6": ("striped", "BRG"),
    "T7": ("striped", "GYR"),
    "T8": ("striped", "RPY"),
    "T9": ("striped", "YBP"),
}


def test_rule_1_default_deck_ids_kinds_and_colours():
    """§1 Default deck: S0..S4, X0..X4, D0..D9, T0..T9 with the colours of the
    table; "Example: S0 = stripes (R, G, P); X1 = squares (P, R, G)"."""
    deck = hue.default_deck()
    assert len(deck) == 30
    got = {card.id: (card.kind.value, colours_of(card)) for card in deck}
    assert got == DEFAULT_DECK
    assert [card.id for card in deck] == list(DEFAULT_DECK)
    by_id = {card.id: card for card in deck}
    assert colours_of(by_id["S0"]) == "RGP"
    assert colours_of(by_id["X1"]) == "PRG"
    assert by_id["S0"].kind is hue.Kind.STARTING
    assert by_id["X1"].kind is hue.Kind.POISON


def test_rule_1_kind_counts():
    """§1 Card kinds: 5 starting, 5 poison, 10 solid, 10 striped."""
    kinds = [card.kind.value for card in hue.default_deck()]
    assert {kind: kinds.count(kind) for kind in set(kinds)} == {
        "starting": 5,
        "poison": 5,
        "solid": 10,
        "striped": 10,
    }


def test_rule_1_default_deck_is_balanced():
    """§1: "every card has three different colours, and within each kind every
    colour appears equally often in every position (so each colour is the
    centre of one starting card, one poison card, two solid and two striped
    cards)"."""
    deck = hue.default_deck()
    for card in deck:
        assert len(set(card.colours)) == 3, card
    for kind, per_colour in (("starting", 1), ("poison", 1), ("solid", 2), ("striped", 2)):
        cards = [card for card in deck if card.kind.value == kind]
        for position in range(3):
            letters = [card.colours[position].name for card in cards]
            assert sorted(letters) == sorted(COLOURS * per_colour), (kind, position)
        centres = [card.centre.name for card in cards]
        assert sorted(centres) == sorted(COLOURS * per_colour)


def test_rule_1_centre_and_three_colours():
    """§1: "A card's three colours are (s0, s1, s2) for solid and poison cards
    and (L, M, R) for striped and starting cards. Its centre colour is s1 or M"."""
    by_id = {card.id: card for card in hue.default_deck()}
    assert by_id["S0"].centre.name == "G"
    assert by_id["X1"].centre.name == "R"
    assert by_id["D6"].centre.name == "R"
    assert by_id["T0"].centre.name == "G"


def test_rule_1_custom_deck_as_data():
    """§1: "A user may supply any other deck (same kinds; any colours, repeated
    colours allowed) as data" -- dicts, (id, kind, colours) tuples and colour
    letters or sequences all work."""
    deck = hue.Deck(
        [
            {"id": "a", "kind": "solid", "colours": "GGG"},
            ("b", "striped", ("R", "Y", "R")),
            ("c", hue.Kind.POISON, ["B", "B", "P"]),
            {"id": "d", "kind": "starting", "colours": "PPP"},
        ]
    )
    assert list(deck) == ["a", "b", "c", "d"]
    assert colours_of(deck["a"]) == "GGG"
    assert deck["b"].kind is hue.Kind.STRIPED and colours_of(deck["b"]) == "RYR"
    assert deck["c"].kind is hue.Kind.POISON and colours_of(deck["c"]) == "BBP"
    assert deck["d"].kind is hue.Kind.STARTING


@pytest.mark.parametrize(
    ("cards", "error", "match"),
    [
        ([("a", "wild", "GRY")], ValueError, "unknown kind"),
        ([("a", "solid", "GRZ")], ValueError, "unknown colour"),
        ([("a", "solid", "GR")], ValueError, "3 colours"),
        ([("a", "solid", "GRYP")], ValueError, "3 colours"),
        ([("a", "solid", "GRY"), ("a", "striped", "GRY")], ValueError, "twice"),
        ([{"id": "a", "kind": "solid"}], ValueError, "colours"),
        ([42], TypeError, "42"),
    ],
)
def test_rule_1_custom_deck_validation(cards, error, match):
    """§1 custom decks: a card of an unknown kind or colour, with the wrong
    number of colours, a duplicate id, or not a card at all is refused with
    a message naming the problem."""
    with pytest.raises(error, match=match):
        hue.Deck(cards)


@pytest.mark.parametrize(
    ("players", "drop", "match"),
    [
        (5, ["X4"], "poison"),  # 4 poison cards for 5 players
        (2, ["S2", "S3", "S4"], "starting"),  # 2 starting cards, the staircase needs 3
        (4, ["D0"], "standard"),  # 19 standard cards, 4 players need 20
        (5, ["T9"], "standard"),  # 19 standard cards, 5 players need 20
        (2, [f"D{i}" for i in range(10)], None),  # 10 standard cards: 2 players need 10
    ],
)
def test_rule_1_custom_deck_too_small_for_player_count(players, drop, match):
    """§3 with a custom deck: not enough cards of a kind for the player count
    is a ValueError naming the kind (5 players need 5 poison cards, the
    staircase 3 starting cards, 2-4 players 5 standard cards each, 5 players 4
    each)."""
    cards = [card for card in hue.default_deck() if card.id not in drop]
    if match is None:
        game = hue.new_game(players, seed=1, deck=cards)
        assert game.hand_sizes == (6,) * players
        assert len(game.deal.set_aside) == 3 + 2  # poison and starting cards only
        return
    with pytest.raises(ValueError, match=match):
        hue.new_game(players, seed=1, deck=cards)


# -- §2 Geometry ---------------------------------------------------------------

TINY = [("A", "solid", "GRY"), ("B", "striped", "GRY"), ("C", "poison", "GRY")]

# The §2 table, drawn by hand in Board's picture notation: a card of colours
# (G, R, Y) at anchor (0, 0).
SOLID_PICTURES = {
    0: "GGG\nGGG\nGGG\n\nRRR\nRRR\nRRR\n\nYYY\nYYY\nYYY",  # s0 s1 s2 top->bottom
    1: "YYY RRR GGG\nYYY RRR GGG\nYYY RRR GGG",  # s2 s1 s0 left->right
    2: "YYY\nYYY\nYYY\n\nRRR\nRRR\nRRR\n\nGGG\nGGG\nGGG",  # s2 s1 s0 top->bottom
    3: "GGG RRR YYY\nGGG RRR YYY\nGGG RRR YYY",  # s0 s1 s2 left->right
}
STRIPED_PICTURES = {
    0: "GRY\nGRY\nGRY\n\nGRY\nGRY\nGRY\n\nGRY\nGRY\nGRY",  # vertical, L M R left->right
    1: "GGG GGG GGG\nRRR RRR RRR\nYYY YYY YYY",  # horizontal, L M R top->bottom
    2: "YRG\nYRG\nYRG\n\nYRG\nYRG\nYRG\n\nYRG\nYRG\nYRG",  # vertical, R M L left->right
    3: "YYY YYY YYY\nRRR RRR RRR\nGGG GGG GGG",  # horizontal, R M L top->bottom
}
POISON_PICTURES = {  # the skull square is drawn in lower case
    0: "GGG\nGGG\nGGG\n\nrrr\nrrr\nrrr\n\nYYY\nYYY\nYYY",
    1: "YYY rrr GGG\nYYY rrr GGG\nYYY rrr GGG",
}
FOOTPRINTS = {
    0: [(0, 0), (0, 1), (0, 2)],
    1: [(0, 0), (1, 0), (2, 0)],
    2: [(0, 0), (0, 1), (0, 2)],
    3: [(0, 0), (1, 0), (2, 0)],
}


@pytest.mark.parametrize("rotation", range(4))
def test_rule_2_rotation_footprints_and_square_order(rotation):
    """§2 table: r=0/2 cover (x,y)..(x,y+2), r=1/3 cover (x,y)..(x+2,y); the
    squares show s0 s1 s2 (r=0 top->bottom, r=3 left->right) or s2 s1 s0 (r=1
    left->right, r=2 top->bottom)."""
    for card_id, pictures in (("A", SOLID_PICTURES), ("C", POISON_PICTURES)):
        if rotation not in pictures:
            continue
        board = hue.Board.from_placements([(card_id, 0, 0, rotation)], deck=TINY)
        assert sorted(board.cells()) == sorted(FOOTPRINTS[rotation])
        for x, y in FOOTPRINTS[rotation]:
            assert board.visible(x, y)[0] == card_id
        assert board.visible(3, 3) is None
        assert str(board) == pictures[rotation]


@pytest.mark.parametrize("rotation", range(4))
def test_rule_2_stripe_order(rotation):
    """§2 table, stripes column: r=0 vertical L M R left->right, r=1
    horizontal L M R top->bottom, r=2 vertical R M L left->right, r=3
    horizontal R M L top->bottom ("stripes run along the card's length")."""
    board = hue.Board.from_placements([("B", 0, 0, rotation)], deck=TINY)
    assert sorted(board.cells()) == sorted(FOOTPRINTS[rotation])
    assert str(board) == STRIPED_PICTURES[rotation]


def test_rule_2_anchor_is_top_left_and_y_grows_down():
    """§2: "x growing to the right and y growing downwards ... Anchor (x, y)
    is the top-left cell of the card's footprint"."""
    board = hue.Board.from_placements([("A", 5, -2, 0), ("B", 6, -2, 3)], deck=TINY)
    assert board.bounds() == (5, -2, 8, 0)
    assert {cell for cell, (card, _) in board.cells().items() if card == "A"} == {
        (5, -2),
        (5, -1),
        (5, 0),
    }
    assert {cell for cell, (card, _) in board.cells().items() if card == "B"} == {
        (6, -2),
        (7, -2),
        (8, -2),
    }


def test_rule_2_stripe_order_is_seen_by_scoring():
    """§2 + §5: a vertical striped (G, R, Y) card at r=0 has Y on its right, so
    a solid Y card laid to its right joins that stripe (9 + 27 sub-cells = 12
    points); at r=2 the right stripe is G and the Y areas stay apart."""
    deck = [("B", "striped", "GRY"), ("Y", "solid", "YYY")]
    board = hue.Board.from_placements([("B", 0, 0, 0), ("Y", 1, 0, 0)], deck=deck)
    assert board.colour_values() == values(g=3, r=3, y=12)
    board = hue.Board.from_placements([("B", 0, 0, 2), ("Y", 1, 0, 0)], deck=deck)
    assert board.colour_values() == values(g=3, r=3, y=9)
    # Horizontal: r=1 puts L (G) on top, r=3 puts R (Y) on top.
    board = hue.Board.from_placements([("B", 0, 1, 1), ("Y", 0, -2, 0)], deck=deck)
    assert board.colour_values() == values(g=3, r=3, y=9)
    board = hue.Board.from_placements([("B", 0, 1, 3), ("Y", 0, -2, 0)], deck=deck)
    assert board.colour_values() == values(g=3, r=3, y=12)


def _rotations_listed(deck, card_id: str) -> set[int]:
    board = hue.Board.from_placements([("S", 0, 0, 0)], deck=[("S", "starting", "GGG"), *deck])
    return {move.rotation for move in board.legal_placements(card_id)}


def test_rule_2_identical_rotations_listed_once():
    """§2: "Two rotations of one card that look identical (for example a solid
    card with s0 == s2 at r=0 and r=2) are the same placement and are listed
    once"; a card whose rotations all differ lists all four."""
    deck = [
        ("sym", "solid", "GRG"),
        ("sym_poison", "poison", "BRB"),
        ("sym_striped", "striped", "YPY"),
        ("plain", "solid", "GRY"),
        ("stripes", "striped", "GRY"),
    ]
    assert _rotations_listed(deck, "sym") == {0, 1}
    assert _rotations_listed(deck, "sym_poison") == {0, 1}
    assert _rotations_listed(deck, "sym_striped") == {0, 1}
    assert _rotations_listed(deck, "plain") == {0, 1, 2, 3}
    assert _rotations_listed(deck, "stripes") == {0, 1, 2, 3}


def test_rule_2_identical_rotation_is_written_as_the_listed_one():
    """§2: the two identical-looking rotations "are the same placement": playing
    r=2 (or r=3) of a symmetric card lays, and records, the listed r=0 (r=1)."""
    deck = [("S", "starting", "GGG"), ("sym", "solid", "GRG"), ("bar", "solid", "BRB")]
    board = hue.Board.from_placements([("S", 0, 0, 0)], deck=deck)
    assert board.place(("sym", 1, 0, 2)) == hue.Move("sym", 1, 0, 0)
    assert board.place("bar 2 0 3") == hue.Move("bar", 2, 0, 1)
    assert board.placements[1:] == [("sym", 1, 0, 0), ("bar", 2, 0, 1)]


def test_rule_2_default_striped_card_lists_four_rotations():
    """§2: a default striped card (three different stripes) has 4 distinct
    rotations, each listed."""
    game = hue.new_game(players=2, seed=0)
    for card_id in ("T0", "D0", "X0"):
        assert {move.rotation for move in game.board.legal_placements(card_id)} == {0, 1, 2, 3}


def test_rule_2_no_mirror_images():
    """§2: "Cards cannot be flipped face down, so mirror images do not exist":
    only the 4 quarter turns exist, and each anchor has at most 4 placements."""
    game = hue.new_game(players=2, seed=0)
    moves = game.board.legal_placements("T0")
    per_anchor: dict[tuple[int, int], list[int]] = {}
    for move in moves:
        assert move.rotation in (0, 1, 2, 3)
        per_anchor.setdefault((move.x, move.y), []).append(move.rotation)
    assert all(len(rs) == len(set(rs)) <= 4 for rs in per_anchor.values())
    with pytest.raises(huegames.InvalidMoveError, match="rotation"):
        hue.Move.of("T0", 0, 0, 4)


def test_rule_2_visible_layer_is_the_last_card():
    """§2 "Visible layer: each cell shows the square of the last card placed
    on it"."""
    deck = [("A", "solid", "GGG"), ("B", "solid", "RRR")]
    board = hue.Board.from_placements([("A", 0, 0, 0), ("B", 0, 2, 0)], deck=deck)
    assert board.visible(0, 2)[0] == "B"
    assert board.visible(0, 1)[0] == "A"
    # 4 picture lines per row of cells (3 sub-cell rows and a blank line)
    assert str(board).splitlines()[8:11] == ["RRR", "RRR", "RRR"]


# -- §3 Setup ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_rule_3_2_one_poison_card_per_hand(players, seed):
    """§3.2: "Shuffle the 5 poison cards; deal 1 to each player"."""
    game = hue.new_game(players=players, seed=seed)
    kinds = {card.id: card.kind.value for card in hue.default_deck()}
    poisons = []
    for seat in range(players):
        in_hand = [c for c in game.hand(seat) if kinds[c] == "poison"]
        assert len(in_hand) == 1
        poisons += in_hand
    assert len(set(poisons)) == players


@pytest.mark.parametrize("seed", range(6))
def test_rule_3_3_staircase_opening(seed):
    """§3.3: "take 3 [starting cards] and lay them as a staircase of vertical
    cards ... card k (k = 0, 1, 2) at anchor (k, k), rotation 0 or 2"."""
    game = hue.new_game(players=3, seed=seed)
    placements = game.board.placements
    assert len(placements) == 3
    assert [(p.x, p.y) for p in placements] == [(0, 0), (1, 1), (2, 2)]
    assert all(p.rotation in (0, 2) for p in placements)
    assert all(p.card in {"S0", "S1", "S2", "S3", "S4"} for p in placements)
    assert len({p.card for p in placements}) == 3
    assert game.history == []


def test_rule_3_3_staircase_is_random():
    """§3.3: the three starting cards and their rotations are chosen at random:
    across seeds more than one choice of cards and both rotations occur."""
    openings = [tuple(hue.new_game(players=2, seed=seed).board.placements) for seed in range(12)]
    assert len(set(openings)) > 1
    assert {p.rotation for opening in openings for p in opening} == {0, 2}
    assert len({frozenset(p.card for p in opening) for opening in openings}) > 1


@pytest.mark.parametrize(
    ("players", "hand_size", "set_aside"),
    [(2, 6, 15), (3, 6, 9), (4, 6, 3), (5, 5, 2)],
)
def test_rule_3_4_deal_by_player_count(players, hand_size, set_aside):
    """§3.4-5: 5 standard cards each (2-4 players) or 4 (5 players), plus the
    poison card; the rest is set aside. By hand: 2 players set aside 3 poison +
    2 starting + 10 standard = 15; 3 players 2 + 2 + 5 = 9; 4 players
    1 + 2 + 0 = 3; 5 players 0 + 2 + 0 = 2. Every card is accounted for once."""
    for seed in (0, 7):
        game = hue.new_game(players=players, seed=seed)
        kinds = {card.id: card.kind.value for card in hue.default_deck()}
        assert game.hand_sizes == (hand_size,) * players
        for seat in range(players):
            standard = [c for c in game.hand(seat) if kinds[c] in ("solid", "striped")]
            assert len(standard) == hand_size - 1
        assert len(game.deal.set_aside) == set_aside
        everything = [c for seat in range(players) for c in game.hand(seat)]
        everything += [p.card for p in game.board.placements] + list(game.deal.set_aside)
        assert sorted(everything) == sorted(DEFAULT_DECK)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_3_5_set_aside_cards_are_unseen(players):
    """§3.5: "Every unused card is set aside unseen: it takes no part in the
    game and no player may learn it" -- no view shows one."""
    game = hue.new_game(players=players, seed=11)
    hidden = set(game.deal.set_aside)
    assert hidden
    while True:
        for seat in range(players):
            view = game.view(seat)
            text = repr(view)
            for card_id in hidden:
                assert f"'{card_id}'" not in text
            assert not hidden & set(view.hand)
            assert not hidden & {p.card for p in view.board.placements}
            assert not hasattr(view, "set_aside")
        if game.is_over:
            break
        moves = game.legal_moves()
        assert not hidden & {m.card for m in moves}
        game.play(moves[0])


@pytest.mark.parametrize("players", [2, 5])
def test_rule_3_same_seed_same_game(players):
    """§3: "Everything random is drawn from one seeded generator, so the same
    seed gives the same game"."""
    a = hue.new_game(players=players, seed=1234)
    b = hue.new_game(players=players, seed=1234)
    assert a.deal == b.deal
    assert a.to_dict() == b.to_dict()
    assert a.legal_moves() == b.legal_moves()


def test_rule_3_different_seeds_different_deals():
    """§3: the shuffles depend on the seed: a few seeds give pairwise
    different deals."""
    deals = [hue.new_game(players=3, seed=seed).deal for seed in range(6)]
    assert len({(d.hands, d.opening, d.set_aside) for d in deals}) == len(deals)


def test_rule_3_3_variant_user_given_opening():
    """§3.3 [variant]: "a user-given opening layout"."""
    rules = hue.Rules(opening=["S4 0 0 1", ("S1", 0, 1, 1)])
    game = hue.new_game(players=2, seed=5, rules=rules)
    assert game.board.placements == [("S4", 0, 0, 1), ("S1", 0, 1, 1)]
    assert game.deal.opening == (hue.Move("S4", 0, 0, 1), hue.Move("S1", 0, 1, 1))
    # 3 poison + the 3 unused starting cards + 10 standard cards are set aside
    assert len(game.deal.set_aside) == 16
    assert {"S0", "S2", "S3"} <= set(game.deal.set_aside)
    # the opening survives a record round trip
    again = hue.Game.from_dict(game.to_dict())
    assert again.board.placements == game.board.placements
    assert again.rules == rules


def test_rule_3_3_variant_opening_must_use_starting_cards():
    """§3.3 [variant]: the opening lays starting cards; any other card is
    refused with a message naming it."""
    with pytest.raises(ValueError, match="D1"):
        hue.new_game(players=2, seed=5, rules=hue.Rules(opening=["D1 0 0 0"]))


def test_rule_4_variant_covering_disabled():
    """§4 [variant]: "covering disabled": no legal move covers a square, and a
    move that would cover one is refused."""
    game = hue.new_game(players=2, seed=3, rules=hue.Rules(covering=False))
    assert game.board.covering is False
    # the staircase has a vertical card at (0, 0); a horizontal card at
    # (-2, 0) covers (0, 0) only, legal by default but not in the variant
    card = game.hand(0)[-1]
    before = game.to_dict()
    with pytest.raises(huegames.IllegalMoveError, match="covering is disabled"):
        game.play((card, -2, 0, 1))
    assert game.to_dict() == before
    for _ in range(6):
        moves = game.legal_moves()
        assert moves
        for move in moves:
            assert all(game.board.visible(*cell) is None for cell in move.cells)
        game.play(moves[len(moves) // 2])
    default = hue.new_game(players=2, seed=3)
    assert any(
        any(default.board.visible(*cell) for cell in move.cells) for move in default.legal_moves()
    )


# -- §4 Play ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_4_turns_in_seat_order(players):
    """§4: "Players take turns in seat order"; seat 0 starts (§3.1), and each
    turn plays exactly one card from the mover's hand."""
    game = hue.new_game(players=players, seed=2)
    turn = 0
    while not game.is_over:
        seat = game.current_player
        assert seat == turn % players
        before = game.hand_sizes
        move = game.legal_moves()[-1]
        assert move.card in game.hand(seat)
        game.play(move)
        after = game.hand_sizes
        assert after[seat] == before[seat] - 1
        assert [a for k, a in enumerate(after) if k != seat] == [
            b for k, b in enumerate(before) if k != seat
        ]
        turn += 1


def test_rule_4_placement_must_touch_by_a_side():
    """§4: "0 covered: at least one footprint cell shares a side with an
    occupied cell"; corner-only contact is not enough."""
    board = hue.Board.from_placements([("S0", 0, 0, 0)])  # cells (0,0) (0,1) (0,2)
    # vertical at (1, 3): its top cell (1,3) only meets (0,2) at a corner
    assert not board.is_legal(("D1", 1, 3, 0))
    # horizontal at (1, -1) and (-3, -1): corner contact with (0, 0) only
    assert not board.is_legal(("D1", 1, -1, 1))
    assert not board.is_legal(("D1", -3, -1, 1))
    # one column away: no contact at all
    assert not board.is_legal(("D1", 2, 0, 0))
    # sharing a side: (1,2) next to (0,2); (0,-1) above (0,0); (-1, 1) left of (0,1)
    assert board.is_legal(("D1", 1, 2, 0))
    assert board.is_legal(("D1", 0, -1, 1))
    assert board.is_legal(("D1", -1, 1, 2))
    assert board.is_legal(("D1", 0, 3, 0))
    with pytest.raises(huegames.IllegalMoveError, match="touch"):
        board.place(("D1", 1, 3, 0))


def test_rule_4_empty_table_any_placement():
    """§4: "On an empty table any placement is legal"."""
    board = hue.Board()
    assert board.is_legal(("D1", -40, 77, 3))


@pytest.mark.parametrize(
    ("first", "kind"),
    [("S0", "starting"), ("X1", "poison"), ("D2", "standard")],
)
def test_rule_4_cover_exactly_one_square(first, kind):
    """§4: "exactly 1 covered: the card covers exactly one full square of a
    card already played (this is allowed on any card: starting, poison or
    standard)"."""
    board = hue.Board.from_placements([(first, 0, 0, 0)])  # cells (0,0) (0,1) (0,2)
    # horizontal D6 at (0, 2): covers (0, 2) only
    board.place(("D6", 0, 2, 1))
    assert board.visible(0, 2)[0] == "D6"
    assert board.visible(0, 1)[0] == first
    # vertical D7 at (0, -2): covers (0, 0) only
    board.place(("D7", 0, -2, 0))
    assert board.visible(0, 0)[0] == "D7"
    assert board.visible(0, 1)[0] == first


def test_rule_4_cover_the_skull():
    """§4: covering is allowed on the poison card's skull square too."""
    board = hue.Board.from_placements([("X1", 0, 0, 0)])  # skull at (0, 1)
    board.place(("D6", -1, 1, 3))  # cells (-1,1) (0,1) (1,1): covers the skull only
    assert board.visible(0, 1)[0] == "D6"


def test_rule_4_covering_two_squares_is_illegal():
    """§4: "Covering two or more squares -- of one card or of several -- is
    illegal"."""
    board = hue.Board.from_placements([("S0", 0, 0, 0), ("D2", 1, 0, 0)])
    # two squares of one card: vertical at (0, 1) covers (0,1) (0,2)
    assert not board.is_legal(("D1", 0, 1, 0))
    # all three squares of one card
    assert not board.is_legal(("D1", 0, 0, 0))
    # one square each of two cards: horizontal at (0, 0) covers (0,0) (1,0)
    assert not board.is_legal(("D1", 0, 0, 1))
    # one square each of two cards, from the left: horizontal at (-1, 2)
    assert not board.is_legal(("D1", -1, 2, 1))
    with pytest.raises(huegames.IllegalMoveError, match="2 squares"):
        board.place(("D1", 0, 0, 1))
    assert board.placements == [("S0", 0, 0, 0), ("D2", 1, 0, 0)]


def test_rule_4_game_covers_start_and_poison_cards():
    """§4: in a game, a player may cover one square of a starting card and
    one square of a poison card."""
    hands = [["X0", "D0", "D1", "D2", "D3", "D4"], ["X1", "D5", "D6", "D7", "D8", "D9"]]
    game = hue.Game(2, fixed_deal(2, hands))
    game.play("X0 0 3 0")  # below S0 (0,0)-(0,2): cells (0,3) (0,4) (0,5)
    game.play("D5 -2 0 1")  # covers S0's top square (0,0) only
    assert game.board.visible(0, 0)[0] == "D5"
    game.play("D0 -2 4 1")  # covers X0's skull (0,4) only
    assert game.board.visible(0, 4)[0] == "D0"


@pytest.mark.parametrize(("players", "moves_each"), [(2, 5), (3, 5), (4, 5), (5, 4)])
def test_rule_4_game_end_and_score_card(players, moves_each):
    """§4: "The game ends when every player holds exactly one card: with 2-4
    players after each has played 5 cards, with 5 players after each has
    played 4. The last card in hand is that player's score card"."""
    game = hue.new_game(players=players, seed=9)
    dealt = [game.hand(seat) for seat in range(players)]
    for _ in range(players * moves_each):
        assert not game.is_over
        assert game.winner is None
        game.play(game.legal_moves()[0])
    assert game.is_over
    assert game.legal_moves() == []
    assert game.hand_sizes == (1,) * players
    played = [m.card for m in game.history]
    score_cards = [card.id for card in game.score_cards()]
    for seat in range(players):
        (last,) = set(dealt[seat]) - set(played)
        assert score_cards[seat] == last == game.hand(seat)[0]
    with pytest.raises(huegames.IllegalMoveError, match="over"):
        game.play(("D0", 0, 0, 0))


def test_rule_4_score_is_the_score_card_formula():
    """§5: "A player's score = value(first colour) + 2 x value(centre colour) +
    value(third colour) of the score card"."""
    for players in (2, 5):
        game = first_move_game(players, seed=4)
        board_values = game.colour_values()
        expected = []
        for card in game.score_cards():
            first, centre, third = (colour.name for colour in card.colours)
            expected.append(board_values[first] + 2 * board_values[centre] + board_values[third])
        assert game.scores() == expected
        best = max(expected)
        assert game.winner == expected.index(best)


# -- §5 Scoring --------------------------------------------------------------

WORKED_EXAMPLE = [
    ("S0 0 0 0", values(g=3, r=3, y=0, p=3, b=0)),
    ("D1 1 0 1", values(g=3, r=3, y=3, p=6, b=0)),
    ("T0 4 0 0", values(g=3, r=3, y=6, p=6, b=0)),
    ("X1 1 1 3", values(g=3, r=3, y=6, p=9, b=0)),
    ("D6 2 1 0", values(g=6, r=3, y=6, p=9, b=3)),
]


def test_rule_5_worked_example_row_by_row():
    """§5 Worked example (default deck): each row's placement and colour values
    exactly as in the table."""
    board = hue.Board()
    for text, expected in WORKED_EXAMPLE:
        board.place(text)
        assert board.colour_values() == expected, text
    assert (
        hue.Board.from_placements([t for t, _ in WORKED_EXAMPLE]).colour_values()
        == (WORKED_EXAMPLE[-1][1])
    )


def test_rule_5_worked_example_shows():
    """§5 Worked example, "shows" column: which card shows on which cell."""
    board = hue.Board.from_placements([t for t, _ in WORKED_EXAMPLE[:4]])
    assert {board.visible(0, y)[0] for y in range(3)} == {"S0"}
    assert [board.visible(x, 0)[0] for x in (1, 2, 3)] == ["D1"] * 3
    assert {board.visible(4, y)[0] for y in range(3)} == {"T0"}
    assert [board.visible(x, 1)[0] for x in (1, 2, 3)] == ["X1"] * 3
    picture = str(board).splitlines()
    # row y=0: S0 R G P | D1 P R Y (horizontal r=1: s2 s1 s0 = P R Y) | T0 Y G R
    assert picture[0] == "RGP PPP RRR YYY YGR"
    # row y=1 (4 picture lines per cell row): S0 | X1 P, skull R (lower
    # case), G | T0
    assert picture[4] == "RGP PPP rrr GGG YGR"
    board.place(WORKED_EXAMPLE[4][0])
    picture = str(board).splitlines()
    assert picture[4] == "RGP PPP GGG GGG YGR"
    assert picture[8] == "RGP ... RRR ... YGR"
    assert picture[12] == "... ... BBB ... ..."


def test_rule_5_stripes_connect_across_cards_and_to_solid_squares():
    """§5: "An area is a maximal set of same-colour sub-cells connected through
    shared sides ... the borders between cards do not separate". Two
    vertical striped cards whose touching stripes are Y make a Y area of
    9 + 9 sub-cells (6 points); a stripe touching a solid square of its colour
    makes 9 + 9 (6 points) too."""
    deck = [
        ("a", "striped", "GRY"),
        ("b", "striped", "YBP"),
        ("c", "solid", "YPB"),
        ("d", "solid", "RRR"),
    ]
    board = hue.Board.from_placements([("a", 0, 0, 0), ("b", 1, 0, 0)], deck=deck)
    assert board.colour_values() == values(g=3, r=3, y=6, p=3, b=3)
    board = hue.Board.from_placements([("a", 0, 0, 0), ("c", 1, 0, 0)], deck=deck)
    assert board.colour_values() == values(g=3, r=3, y=6, p=3, b=3)
    # horizontal a (r=1): G row on top, R middle, Y bottom across (0..2, 0);
    # c (r=3) below: Y at (0,1) under the Y stripe -> 9 + 9 sub-cells.
    board = hue.Board.from_placements([("a", 0, 0, 1), ("c", 0, 1, 3)], deck=deck)
    assert board.colour_values() == values(g=3, r=3, y=6, p=3, b=3)
    # the middle stripe of a vertical card touches nothing to its side:
    # R solid card right of a's Y stripe stays apart from a's R stripe.
    board = hue.Board.from_placements([("a", 0, 0, 0), ("d", 1, 0, 0)], deck=deck)
    assert board.colour_values() == values(g=3, r=9, y=3)


def test_rule_5_corners_do_not_connect():
    """§5: "4-connectivity; corners do not connect". G at (0,0) and G at
    (1,1) meet only at a corner: G is worth 3, not 6."""
    deck = [("a", "solid", "GRR"), ("b", "solid", "GPP")]
    board = hue.Board.from_placements([("a", 0, 0, 0), ("b", 1, 1, 0)], deck=deck)
    assert board.colour_values() == values(g=3, r=6, p=6)


def test_rule_5_area_size_is_subcells_over_three():
    """§5: "Its size in points is sub-cells / 3 (solid square = 3, stripe = 1)":
    a lone solid card is 9 points; a lone striped card 3 per stripe colour;
    a striped card with two stripes of one colour side by side 6."""
    deck = [("a", "solid", "GGG"), ("b", "striped", "RRY")]
    assert hue.Board.from_placements([("a", 0, 0, 0)], deck=deck).colour_values() == values(g=9)
    assert hue.Board.from_placements([("b", 0, 0, 1)], deck=deck).colour_values() == values(
        r=6, y=3
    )


def test_rule_5_skull_zeroes_a_touching_area():
    """§5 Poison: "the skull square touching a matching colour zeroes the whole
    connected area"."""
    deck = [("x", "poison", "GRY"), ("b", "solid", "BRB"), ("r", "solid", "RPP")]
    board = hue.Board.from_placements([("x", 0, 0, 0), ("b", 1, 0, 0)], deck=deck)
    # skull R at (0,1) touches b's R at (1,1): that area (6) is worth 0
    assert board.colour_values() == values(g=3, r=0, y=3, b=3)
    # another R area elsewhere becomes the R value
    board.place(("r", 2, 2, 1))  # r=1: s2 s1 s0 = P P R at (2,2) (3,2) (4,2)
    assert board.colour_values() == values(g=3, r=3, y=3, p=6, b=3)


def test_rule_5_isolated_skull_scores_nothing():
    """§5 Poison: "an isolated skull square itself scores nothing"."""
    deck = [("x", "poison", "GRY")]
    board = hue.Board.from_placements([("x", 0, 0, 0)], deck=deck)
    assert board.colour_values() == values(g=3, r=0, y=3)


def test_rule_5_covered_skull_restores_the_area():
    """§5 Poison: "Covering the skull square with another card removes its
    effect"."""
    deck = [("x", "poison", "GRY"), ("b", "solid", "BRB"), ("p", "solid", "PPP")]
    board = hue.Board.from_placements([("x", 0, 0, 0), ("b", 1, 0, 0)], deck=deck)
    assert board.colour_values()["R"] == 0
    board.place(("p", -2, 1, 1))  # cells (-2,1) (-1,1) (0,1): covers the skull only
    assert board.colour_values() == values(g=3, r=3, y=3, p=9, b=3)
    board.remove_last()
    assert board.colour_values()["R"] == 0


def test_rule_5_colour_value_is_largest_area():
    """§5: "A colour's value is the size of its largest area that is worth
    anything (0 if it has none)"."""
    deck = [("a", "solid", "GGR"), ("b", "solid", "RYG")]
    # a: G (0,0) G (0,1) R (0,2); b r=0 at (1,1): R (1,1) Y (1,2) G (1,3)
    board = hue.Board.from_placements([("a", 0, 0, 0), ("b", 1, 1, 0)], deck=deck)
    assert board.colour_values() == values(g=6, r=3, y=3)


def test_rule_5_poison_score_card_scores_normally():
    """§5: "A poison card kept as score card scores like any other card (its
    skull is ignored)": X1 = (P, R, G) scores P + 2R + G."""
    x1 = {card.id: card for card in hue.default_deck()}["X1"]
    assert x1.score(values(g=1, r=10, y=100, p=1000, b=10000)) == 1000 + 20 + 1
    assert x1.score([1, 10, 100, 1000, 10000]) == 1021


def test_rule_5_poison_score_card_in_a_game():
    """§5: a seat that keeps its poison card is scored on its three colours.
    Custom deck: starting cards all G stripes, poison cards all R (kept) and
    standard cards P except D9 (R, R, R). Nothing covers, so at the end
    G = 27 (the staircase, 81 sub-cells) and R = 0 (the only R on the table is
    X1, all one area with its skull): the kept poison (G, G, G) scores
    4 x 27 = 108 and D9 scores 0."""
    cards = (
        [(f"S{i}", "starting", "GGG") for i in range(5)]
        + [("X0", "poison", "GGG")]
        + [(f"X{i}", "poison", "RRR") for i in range(1, 5)]
        + [(f"D{i}", "solid", "PPP") for i in range(9)]
        + [("D9", "solid", "RRR")]
        + [(f"D{i}", "solid", "PPP") for i in range(10, 20)]
    )
    deck = hue.Deck(cards)
    hands = [["X0", *(f"D{i}" for i in range(5))], ["X1", *(f"D{i}" for i in range(5, 10))]]
    game = hue.Game(2, fixed_deal(2, hands, deck=deck), deck=deck)
    play_out_keeping(game, ["X0", "D9"], cover=False)
    assert game.colour_values() == values(g=27, p=game.colour_values()["P"])
    assert game.scores() == [108, 0]
    assert game.winner == 0


def test_rule_5_repeated_colour_counts_each_time():
    """§5: "If a score card repeats a colour, each occurrence counts"."""
    deck = hue.Deck([("a", "solid", "GGR"), ("b", "striped", "YYY"), ("c", "solid", "RBR")])
    vals = values(g=5, r=2, y=3, b=7)
    assert deck["a"].score(vals) == 5 + 2 * 5 + 2
    assert deck["b"].score(vals) == 4 * 3
    assert deck["c"].score(vals) == 2 + 2 * 7 + 2


ENGLISH_VALUES = values(b=4, y=5, p=6, r=7, g=9)
BASQUE_VALUES = values(g=12, r=14, y=10, p=15, b=15)


def test_rule_5_english_rulebook_example():
    """§5 Checks: "values Blue 4, Yellow 5, Purple 6, Red 7, Green 9. Score card
    (Blue, Green, Purple) scores 4 + 2x9 + 6 = 28; striped card (Purple, Red,
    Yellow) scores 6 + 2x7 + 5 = 25; poison card (Yellow, Red, Blue) scores
    5 + 2x7 + 4 = 23"."""
    deck = hue.Deck([("a", "solid", "BGP"), ("b", "striped", "PRY"), ("c", "poison", "YRB")])
    assert [deck[c].score(ENGLISH_VALUES) for c in "abc"] == [28, 25, 23]


def test_rule_5_basque_rulebook_example():
    """§5 Checks: "values Green 12, Red 14, Yellow 10, Purple 15, Blue 15. Cards
    centred on Yellow with Purple and Blue: 50; centred on Purple with Green
    and Yellow: 52; centred on Green with Yellow and Blue: 49; centred on Red
    with Yellow and Blue: 53"."""
    deck = hue.Deck(
        [
            ("a", "solid", "PYB"),
            ("b", "striped", "GPY"),
            ("c", "solid", "YGB"),
            ("d", "solid", "YRB"),
        ]
    )
    assert [deck[c].score(BASQUE_VALUES) for c in "abcd"] == [50, 52, 49, 53]


def _game_with_score_cards(keep: dict[str, str]) -> hue.Game:
    """A finished game of ``len(keep)`` players (default deck, the cards of
    ``keep`` recoloured), seat k keeping the k-th recoloured card. Seat k is
    dealt X{k} and the standard cards 5k..5k+4 of D0..D9, T0..T9."""
    deck = hue.Deck(deck_with(**keep))
    kept = list(keep)
    players = len(kept)
    standard = [c for c in DEFAULT_DECK if c[0] in "DT"]
    hands = [[f"X{seat}", *standard[5 * seat : 5 * seat + 5]] for seat in range(players)]
    for seat, card_id in enumerate(kept):
        assert card_id in hands[seat]
    # The Python engine, which scores through Board.colour_values (patched below).
    game = hue.Game(players, fixed_deal(players, hands, deck=deck), deck=deck, backend="python")
    play_out_keeping(game, kept)
    assert [card.id for card in game.score_cards()] == kept
    return game


def test_rule_5_english_example_winner(monkeypatch):
    """§5 Checks, English: "Player 1 wins with 28" -- the seat keeping (B, G, P)
    wins over 25 and 23 (colour values fixed to the rulebook's)."""
    game = _game_with_score_cards({"X0": "YRB", "D5": "BGP", "T1": "PRY"})
    monkeypatch.setattr(hue.Board, "colour_values", lambda self: dict(ENGLISH_VALUES))
    assert game.scores() == [23, 28, 25]
    assert game.winner == 1


def test_rule_5_basque_example_winner(monkeypatch):
    """§5 Checks, Basque: with four score cards worth 50, 52, 49 and 53, "the
    last player wins"."""
    game = _game_with_score_cards({"D0": "PYB", "D5": "GPY", "T0": "YGB", "T5": "YRB"})
    monkeypatch.setattr(hue.Board, "colour_values", lambda self: dict(BASQUE_VALUES))
    assert game.scores() == [50, 52, 49, 53]
    assert game.winner == 3


def _tie_game(keep: list[str]) -> hue.Game:
    """3 players, custom deck: starting cards all G stripes (so G = 27 for the
    staircase's 81 sub-cells), poison cards all R, fillers P, plus score cards
    K0 (B, B, B), K1 and K2 (G, G, G)."""
    cards = (
        [(f"S{i}", "starting", "GGG") for i in range(3)]
        + [(f"X{i}", "poison", "RRR") for i in range(3)]
        + [(f"F{i}", "solid", "PPP") for i in range(12)]
        + [("K0", "solid", "BBB"), ("K1", "solid", "GGG"), ("K2", "striped", "GGG")]
    )
    deck = hue.Deck(cards)
    hands = [[f"X{seat}", *(f"F{4 * seat + k}" for k in range(4)), f"K{seat}"] for seat in range(3)]
    game = hue.Game(3, fixed_deal(3, hands, deck=deck), deck=deck)
    play_out_keeping(game, keep, cover=False)
    return game


def test_rule_5_tie_goes_to_first_seat_in_turn_order():
    """§5: "Ties go to the tied player who comes first in turn order starting
    from the start player". Seats 1 and 2 keep (G, G, G) cards: both score
    4 x 27 = 108; seat 0 keeps (B, B, B): B never shows, 0 points. Seat 1
    wins."""
    game = _tie_game(["K0", "K1", "K2"])
    assert game.colour_values()["G"] == 27
    assert game.colour_values()["B"] == 0
    assert game.scores() == [0, 108, 108]
    assert game.winner == 1


def test_rule_5_tie_of_all_goes_to_start_player():
    """§5 tie-break: when every seat scores the same, seat 0 (the start player)
    wins. Every seat keeps its poison card (R, R, R), so no R ever shows:
    R = 0 and every seat scores 0."""
    game = _tie_game(["X0", "X1", "X2"])
    assert game.scores() == [0, 0, 0]
    assert game.winner == 0


def test_rule_5_a_tie_still_has_one_winner_in_the_outcome():
    """§5: "Ties go to the tied player who comes first in turn order", so the
    outcome of a tied game names one seat, never a shared win."""
    tied = _tie_game(["K0", "K1", "K2"])
    assert tied.outcome() == engine.Outcome(hue.Termination.HANDS_PLAYED, (1,))
    everyone = _tie_game(["X0", "X1", "X2"])
    assert everyone.outcome() == engine.Outcome(hue.Termination.HANDS_PLAYED, (0,))


# -- §6 Information ---------------------------------------------------------


def test_rule_6_view_hides_other_hands_set_aside_and_seed():
    """§6: "Each player sees the table, their own hand, every player's hand
    size, and the history of placements. Other hands and the set-aside cards
    are hidden"."""
    game = hue.new_game(players=3, seed=21)
    game.play(game.legal_moves()[0])
    view = game.view(1)
    names = {f.name for f in dataclasses.fields(view)}
    assert not names & {"hands", "set_aside", "seed", "deal", "game", "_hands", "rng"}
    assert view.hand == game.hand(1)
    assert view.hand_sizes == game.hand_sizes
    assert view.board.placements == game.board.placements
    assert list(view.history) == game.history
    text = repr(view)
    hidden = set(game.hand(0)) | set(game.hand(2)) | set(game.deal.set_aside)
    for card_id in hidden:
        assert f"'{card_id}'" not in text
    assert not hasattr(view, "seed")
    # the view's board is its own copy
    view.board.place(view.board.legal_placements(view.hand[-1])[0])
    assert len(game.board.placements) == 4


def _check_sample(view: hue.View, sample: hue.Game) -> None:
    """A sampled game agrees with everything the view shows."""
    kinds = {card_id: view.deck[card_id].kind.value for card_id in view.deck}
    assert sample.players == view.players
    assert sample.board.placements == view.board.placements
    assert sample.history == list(view.history)
    assert sample.current_player == view.current_player
    assert sample.hand(view.player) == view.hand
    assert sample.hand_sizes == view.hand_sizes
    on_board = [p.card for p in sample.board.placements]
    held = [c for seat in range(view.players) for c in sample.hand(seat)]
    everything = on_board + held + list(sample.deal.set_aside)
    assert sorted(everything) == sorted(view.deck)
    for seat in range(view.players):
        played_poison = any(kinds[c] == "poison" for c in view.played_by(seat))
        poison_held = [c for c in sample.hand(seat) if kinds[c] == "poison"]
        assert len(poison_held) == (0 if played_poison else 1), seat
    # the sampled deal is a real deal: replaying it reproduces the table
    replay = hue.Game(view.players, sample.deal, deck=view.deck, rules=view.rules)
    for move in view.history:
        replay.play(move)
    assert replay.board.placements == view.board.placements
    assert [replay.hand(s) for s in range(view.players)] == [
        sample.hand(s) for s in range(view.players)
    ]


@pytest.mark.parametrize("players", [2, 4, 5])
def test_rule_6_sample_is_consistent_with_the_view(players):
    """§6: the engine must "sample hidden cards consistent with that view":
    same table, same own hand, the others' hand sizes, one poison card in the
    hand of each seat that has not played its own, every unseen card dealt or
    set aside exactly once."""
    game = hue.new_game(players=players, seed=31)
    # legal_moves lists the hand in deck order: X (poison) first, so the
    # first seats play their poison card at once
    for _ in range(players + 1):
        for seat in range(players):
            view = game.view(seat)
            for seed in (1, 2):
                _check_sample(view, view.sample(seed))
        game.play(game.legal_moves()[0])


def test_rule_6_sample_is_seeded():
    """§6 sampling: deterministic for a given seed, and varying across seeds."""
    game = hue.new_game(players=3, seed=8)
    game.play(game.legal_moves()[3])
    view = game.view(1)
    a = view.sample(5)
    b = view.sample(random.Random(5))
    assert [a.hand(s) for s in range(3)] == [b.hand(s) for s in range(3)]
    assert a.deal == b.deal
    samples = {tuple(view.sample(seed).hand(0)) for seed in range(8)}
    assert len(samples) > 1
    # the player's own hand never varies
    assert {view.sample(seed).hand(1) for seed in range(8)} == {game.hand(1)}


def test_rule_6_hidden_cards_deal_is_consistent_with_the_view():
    """§6: "sample hidden cards consistent with that view": every other seat
    gets its hand size from the unseen cards, one poison exactly when it has
    not played its own, no card twice; the viewer keeps its hand."""
    game = hue.new_game(players=4, seed=21)
    for first in (True, False, False, True):  # seats 0 and 3 play their poison
        moves = game.legal_moves()  # listed card by card, the poison card first
        game.play(moves[0] if first else moves[-1])
    view = game.view(2)
    assert [any(c.startswith("X") for c in view.played_by(s)) for s in range(4)] == [
        True,
        False,
        False,
        True,
    ]
    unseen = set(view.unseen_cards())
    rng = random.Random(5)
    for _ in range(50):
        hands = hue.HiddenCards(view).deal(rng)
        assert list(hands[2]) == list(view.hand)
        dealt = [card for seat, hand in enumerate(hands) if seat != 2 for card in hand]
        assert len(dealt) == len(set(dealt)) and set(dealt) <= unseen
        for seat, hand in enumerate(hands):
            if seat == 2:
                continue
            assert len(hand) == view.hand_sizes[seat]
            played_poison = any(view.deck[c].kind is hue.Kind.POISON for c in view.played_by(seat))
            holds = sum(view.deck[c].kind is hue.Kind.POISON for c in hand)
            assert holds == (0 if played_poison else 1)
