"""Hue's numeric encoding: the frame holds every legal placement (the bound
and its argument), every legal move round-trips through exactly one action
id, the mask is the legal moves, and an observation is the view alone.

The suite runs once per backend (``HUEGAMES_BACKEND``); the tests that take
``backend`` also move each game onto every backend built here
(``Board.with_backend``), so one run checks both.
"""

import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from huegames import encoding, hue
from huegames.hue import Card, Deal, Deck, Game, c_state, cells, default_deck
from huegames.hue.encoding import (
    HAND_FEATURES,
    PLANES,
    Frame,
    HueEncoding,
    frame_of,
    hand_slots,
    opening_box,
    plays,
)

PLAYERS = range(hue.MIN_PLAYERS, hue.MAX_PLAYERS + 1)
CODES = {players: HueEncoding(players) for players in PLAYERS}

# A deck whose standard cards all look the same turned half round (ends
# alike), and some poison cards too: two listed rotations, not four.
SYMMETRIC_DECK = Deck(
    [
        card
        if card.kind in (hue.Kind.STARTING,) or card.id in ("X0", "X1")
        else Card(card.id, card.kind, (card.colours[0], card.colours[1], card.colours[0]))
        for card in default_deck()
    ]
)


@pytest.fixture(params=hue.backends())
def backend(request) -> str:
    """Each backend built here: the test runs on its boards."""
    return request.param


def on_backend(game: Game, backend: str) -> Game:
    """The same game on the named backend."""
    return game.with_backend(backend)


def random_states(players, seed, backend=None, rules=None, deck=None):
    """Every state of one random game, from the first move to the end."""
    game = hue.new_game(players=players, seed=seed, rules=rules, deck=deck)
    if backend is not None:
        on_backend(game, backend)
    rng = random.Random(seed)
    yield game
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        yield game


def cell_codes(board: hue.Board) -> dict[tuple[int, int], int]:
    """Every occupied cell's code, from the public API (the card, its rotation, the square)."""
    rotation = {move.card: move.rotation for move in board.placements}
    return {
        cell: board.deck[card_id].shapes[rotation[card_id]][square]
        for cell, (card_id, square) in board.cells().items()
    }


# -- the frame -------------------------------------------------------------------------


def test_the_registry_builds_it():
    for players in PLAYERS:
        code = encoding.encoding("hue", players=players)
        assert isinstance(code, HueEncoding) and isinstance(code, encoding.Encoding)
        assert (code.game, code.players) == ("hue", players)
        assert code.observation_dtype == np.uint8
    with pytest.raises(ValueError):
        HueEncoding(players=6)
    with pytest.raises(TypeError):
        HueEncoding(players=2, rules="covering")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        HueEncoding(players="2")  # type: ignore[arg-type]


def test_the_frame_is_the_formula_of_the_argument():
    """Staircase box x 0..2, y 0..4 (W_0 = 2, H_0 = 4); P plays; anchors from
    the table's corner dx -3..3P and dy -3..3P+2."""
    expected = {2: (10, 6), 3: (15, 6), 4: (20, 6), 5: (20, 5)}
    counts = {2: 29_376, 3: 59_976, 4: 101_376, 5: 84_480}  # module's table
    for players, (count, slots) in expected.items():
        assert plays(players) == count and hand_slots(players) == slots
        frame = frame_of(players)
        assert frame == Frame(-3, -3, 3 * count + 4, 3 * count + 6, count)
        assert (frame.right, frame.bottom) == (3 * count, 3 * count + 2)
        code = CODES[players]
        assert code.frame == frame and code.slots == slots
        assert code.action_count == slots * 4 * frame.cols * frame.rows == counts[players]
        assert code.cell_shape == (frame.rows - 1, frame.cols - 1)
        assert code.parts(np.zeros(code.observation_shape, np.uint8))["origin"].shape == (
            2,
            3 * count + 1,
        )
    # Every staircase fills the same box, whatever the cards and rotations.
    for seed in range(30):
        game = hue.new_game(players=2, seed=seed)
        assert game.board.bounds() == opening_box() == (0, 0, 2, 4)


def test_a_custom_opening_grows_its_own_box():
    rules = hue.Rules(opening=["S0 5 7 1", "S1 4 7 0"])  # x 4..7, y 7..9
    assert opening_box(rules) == (4, 7, 7, 9)
    frame = frame_of(3, rules)  # W_0 = 3, H_0 = 2: dx -3..3 + 45 - 2, dy -3..2 + 45 - 2
    assert (frame.left, frame.top, frame.right, frame.bottom) == (-3, -3, 46, 45)
    code = HueEncoding(3, rules)
    for game in random_states(3, 5, rules=rules):
        view = game.view(game.current_player or 0)
        assert len(code.legal_actions(view)) == len(view.legal_moves())


EXTENT = {  # how far a footprint reaches in each direction, from its anchor
    "left": lambda move: -move.x,
    "up": lambda move: -move.y,
    "right": lambda move: move.x + (2 if move.horizontal else 0),
    "down": lambda move: move.y + (0 if move.horizontal else 2),
}


def anchor_range(moves, board: hue.Board) -> tuple[int, int, int, int]:
    """The moves' anchors, counted from the table's corner as the frame is."""
    min_x, min_y, _, _ = board.bounds()
    xs = [move.x - min_x for move in moves]
    ys = [move.y - min_y for move in moves]
    return min(xs), min(ys), max(xs), max(ys)


def extent(board: hue.Board) -> int:
    """``W + H`` of the table's box (the module's argument)."""
    min_x, min_y, max_x, max_y = board.bounds()
    return (max_x - min_x) + (max_y - min_y)


def inside(frame: Frame, box: tuple[int, int, int, int]) -> bool:
    min_x, min_y, max_x, max_y = box
    return (
        frame.left <= min_x and max_x <= frame.right and frame.top <= min_y <= max_y <= frame.bottom
    )


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("direction", sorted(EXTENT))
def test_pushing_the_table_one_way_reaches_the_frame_edge_exactly(players, direction):
    """Every seat plays the move reaching furthest one way: every legal
    anchor stays in the frame, the table grows by 3 a play, and the last
    play's furthest anchor is the frame's edge (right, down), or the
    table's corner ends 3P from the opening's, the ``origin`` part's last
    column (left, up): the bound is exact.  Left and up, the frame's edge
    -3 is reached at every play."""
    code, frame = CODES[players], CODES[players].frame
    edge = {"left": frame.left, "up": frame.top, "right": frame.right, "down": frame.bottom}
    reach = EXTENT[direction]
    game = hue.new_game(players=players, seed=players)
    number = 0
    while not game.is_over:
        number += 1
        moves = list(game.legal_moves())
        assert inside(frame, anchor_range(moves, game.board))
        view = game.view(game.current_player)
        assert len(code.legal_actions(view)) == len(moves)
        best = max(moves, key=reach)
        anchor = {"left": best.x, "up": best.y, "right": best.x, "down": best.y}[direction]
        start = {"left": 0, "up": 0, "right": 2, "down": 4}[direction]  # the staircase's side
        sign = -1 if direction in ("left", "up") else 1
        assert anchor == start + sign * (3 * number - (0 if sign < 0 else 2))
        corner = game.board.bounds()[0 if direction in ("left", "right") else 1]
        relative = anchor - corner
        if sign < 0:
            assert relative == edge[direction]
        game.play(best)
    assert number == frame.plays
    assert relative == edge[direction]
    origin = code.parts(code.observation(game.view(0)))["origin"]
    shift = 3 * frame.plays if sign < 0 else 0
    row = 0 if direction in ("left", "right") else 1
    assert origin[row].tolist() == [int(n == shift) for n in range(3 * frame.plays + 1)]


@given(
    players=st.sampled_from(list(PLAYERS)),
    seed=st.integers(0, 2**32 - 1),
    policy=st.lists(st.sampled_from([*sorted(EXTENT), "random"]), min_size=20, max_size=20),
)
def test_any_mix_of_pushes_stays_in_the_frame(players, seed, policy):
    """Hypothesis: games whose plays push any way or at random keep every
    legal anchor (and every cell) within the frame, each play growing the
    table's box by at most 3 cells in all (``W + H``, the module's argument)."""
    code = CODES[players]
    frame = code.frame
    game = hue.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for choice in policy:
        if game.is_over:
            break
        moves = list(game.legal_moves())
        assert inside(frame, anchor_range(moves, game.board))
        before = extent(game.board)
        move = rng.choice(moves) if choice == "random" else max(moves, key=EXTENT[choice])
        game.play(move)
        assert before <= extent(game.board) <= before + 3
    min_x, min_y, max_x, max_y = game.board.bounds()
    assert max_x - min_x <= frame.right + 2 and max_y - min_y <= frame.bottom + 2
    assert -3 * frame.plays <= min_x <= 0 and -3 * frame.plays <= min_y <= 0
    view = game.view(0)
    assert code.observation(view).shape == code.observation_shape


def test_a_table_beyond_the_frame_is_refused():
    """Only a game laid out against the rules gets there: an opening far off."""
    game = hue.new_game(players=2, seed=1, rules=hue.Rules(opening=["S0 100 0 0"]))
    view = game.view(0)
    code = CODES[2]
    for call in (code.action_mask, code.observation, code.legal_actions):
        with pytest.raises(ValueError, match="beyond this encoding's frame"):
            call(view)
    assert len(HueEncoding(2, game.rules).legal_actions(view)) == len(view.legal_moves())


def test_views_of_another_game_are_refused():
    view = hue.new_game(players=3, seed=1).view(0)
    with pytest.raises(ValueError, match="3"):
        CODES[2].observation(view)
    with pytest.raises(TypeError):
        CODES[3].observation("view")  # type: ignore[arg-type]
    custom = hue.new_game(players=3, seed=1, deck=SYMMETRIC_DECK).view(0)
    with pytest.raises(ValueError, match="deck"):
        CODES[3].action_mask(custom)
    assert HueEncoding(3, deck=SYMMETRIC_DECK).action_mask(custom).any()


# -- actions -----------------------------------------------------------------------------


def check_actions(code: HueEncoding, game: Game) -> None:
    """Every legal move round-trips; the mask is exactly the legal moves."""
    for seat in range(game.players):
        view = game.view(seat)
        moves = list(view.legal_moves())
        ids = code.legal_actions(view)
        mask = code.action_mask(view)
        assert mask.dtype == np.int8 and mask.shape == (code.action_count,)
        assert np.flatnonzero(mask).tolist() == ids  # ascending, unique
        assert int(mask.sum()) == len(ids) == len(moves) == len(set(ids))
        assert all(0 <= action < code.action_count for action in ids)
        for move, action in zip(moves, ids, strict=True):  # the same order
            assert code.move_to_action(view, move) == action
            assert code.action_to_move(view, action) == move
            assert code.move_to_action(view, str(move)) == action
        if seat != game.current_player:
            assert not ids and not mask.any()


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", range(4))
def test_every_legal_move_round_trips_and_the_mask_is_the_legal_moves(players, seed, backend):
    for game in random_states(players, seed, backend):
        check_actions(CODES[players], game)


@pytest.mark.parametrize(
    ("rules", "deck"),
    [
        (hue.Rules(covering=False), None),
        (hue.Rules(opening=["S0 0 0 1", "S1 3 0 3", "S2 6 0 1"]), None),
        (None, SYMMETRIC_DECK),
    ],
    ids=["no-covering", "opening", "symmetric-deck"],
)
@pytest.mark.parametrize("players", [2, 5])
def test_round_trips_under_variants_and_custom_decks(rules, deck, players):
    code = HueEncoding(players, rules, deck=deck)
    for seed in range(2):
        for game in random_states(players, seed, rules=rules, deck=deck):
            check_actions(code, game)


def test_look_alike_rotations_have_no_id_of_their_own():
    """A card whose ends match lists rotations 0 and 1: the ids of 2 and 3
    are masked and refused; the look-alike move maps to the listed id."""
    code = HueEncoding(2, deck=SYMMETRIC_DECK)
    game = hue.new_game(players=2, seed=3, deck=SYMMETRIC_DECK)
    view = game.view(0)
    mask = code.action_mask(view)
    area = code.frame.cols * code.frame.rows
    checked = 0
    for slot, card_id in enumerate(view.hand):
        card = SYMMETRIC_DECK[card_id]
        blocks = mask[slot * 4 * area : (slot + 1) * 4 * area].reshape(4, area)
        listed = blocks[0].sum() + blocks[1].sum()
        if card.rotations == 4:
            assert blocks[2].sum() == blocks[0].sum() and blocks[3].sum() == blocks[1].sum()
            continue
        checked += 1
        assert listed and not blocks[2].any() and not blocks[3].any()
        for rotation in (0, 1):
            for position in np.flatnonzero(blocks[rotation])[:5]:
                action = (slot * 4 + rotation) * area + int(position)
                move = code.action_to_move(view, action)
                look_alike = move._replace(rotation=rotation + 2)
                assert game.board.check(look_alike) == move  # the same placement
                assert code.move_to_action(view, look_alike) == action
                with pytest.raises(ValueError, match="not legal"):
                    code.action_to_move(view, action + 2 * area)
                with pytest.raises(ValueError, match="not legal"):
                    code.play_seat(game, 0, action + 2 * area)
    assert checked >= 4 and not game.history


def test_illegal_ids_raise_value_error():
    code = CODES[3]
    game = hue.new_game(players=3, seed=11)
    view = game.view(0)
    legal = set(code.legal_actions(view))
    rng = random.Random(11)
    tried = 0
    while tried < 500:
        action = rng.randrange(code.action_count)
        if action in legal:
            continue
        tried += 1
        with pytest.raises(ValueError):
            code.action_to_move(view, action)
    for action in (-1, code.action_count, 10**30, True, 1.0, "5", None):
        with pytest.raises(ValueError):
            code.action_to_move(view, action)  # type: ignore[arg-type]
    first = min(legal)
    assert code.action_to_move(view, np.int64(first)) == code.action_to_move(view, first)
    # Another seat's view, and the end of the game: nothing is legal.
    for action in (first, *rng.sample(sorted(legal), 5)):
        with pytest.raises(ValueError, match="seat 1"):
            code.action_to_move(game.view(1), action)
    # Moves that are not legal here, or not moves, are refused too.
    for move in ("X4 0 0 0", "S0 0 -3 0", ("D0", 100, 100, 0), "D0 0", 7):
        with pytest.raises(ValueError):
            code.move_to_action(view, move)  # type: ignore[arg-type]


def test_slots_follow_the_hand_in_deck_order():
    code = CODES[4]
    game = hue.new_game(players=4, seed=2)
    area = code.frame.cols * code.frame.rows
    view = game.view(0)
    for action in code.legal_actions(view)[::97]:
        move = code.action_to_move(view, action)
        assert view.hand[action // (4 * area)] == move.card
        assert (action // area) % 4 == move.rotation
    played = code.action_to_move(view, code.legal_actions(view)[0])  # slot 0
    game.play(played)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    view = game.view(0)
    assert len(view.hand) == code.slots - 1
    assert all(action < (code.slots - 1) * 4 * area for action in code.legal_actions(view))


# -- observations --------------------------------------------------------------------------


def decode_planes(planes: np.ndarray) -> dict[tuple[int, int], int]:
    """Cell (col, row) of the frame -> the cell code the planes give back."""
    found = {}
    for row, col in zip(*np.nonzero(planes[19]), strict=True):
        cell = planes[:, row, col]
        layout = {15: cells.SOLID, 16: cells.VERTICAL, 17: cells.HORIZONTAL}
        (kind,) = [plane for plane in layout if cell[plane]]
        stripes = cell[:15].reshape(5, 3)  # colour, stripe
        assert (stripes.sum(axis=0) == 1).all()  # one colour a stripe
        colours = tuple(int(np.argmax(stripes[:, k])) for k in range(3))
        if kind == 15:
            assert colours[0] == colours[1] == colours[2]
        found[int(col), int(row)] = cells.encode(layout[kind], colours, bool(cell[18]))
    return found


def check_observation(code: HueEncoding, game: Game, seat: int) -> None:
    view = game.view(seat)
    obs = code.observation(view)
    assert obs.shape == code.observation_shape and obs.dtype == np.uint8
    assert set(np.unique(obs).tolist()) <= {0, 1}
    parts = code.parts(obs)
    rows, cols = code.cell_shape
    assert parts["planes"].shape == (PLANES, rows, cols)
    min_x, min_y, _, _ = game.board.bounds()
    # The planes give back every cell code, and nothing else; the origin
    # where the table's corner lies from the opening's.
    expected = {(x - min_x, y - min_y): code_ for (x, y), code_ in cell_codes(game.board).items()}
    assert decode_planes(parts["planes"]) == expected
    reach = 3 * code.frame.plays + 1
    assert parts["origin"].tolist() == [
        [int(n == -min_x) for n in range(reach)],
        [int(n == -min_y) for n in range(reach)],
    ]
    # The hand, slot by slot.
    hand = parts["hand"]
    assert hand.shape == (code.slots, HAND_FEATURES)
    for slot in range(code.slots):
        if slot >= len(view.hand):
            assert not hand[slot].any()
            continue
        card = game.deck[view.hand[slot]]
        kinds = ["starting", "poison", "solid", "striped"]
        assert hand[slot][0] == 1 and hand[slot][1 + kinds.index(card.kind.value)] == 1
        assert hand[slot][1:5].sum() == 1
        colours = hand[slot][5:].reshape(3, 5)
        assert [int(np.argmax(row)) for row in colours] == list(card.colours)
        assert colours.sum() == 3
    # Where each card is, as this seat knows.
    where = parts["cards"]
    assert (where.sum(axis=1) == 1).all()
    for at, card_id in enumerate(game.deck):
        if card_id in view.hand:
            category = 1
        elif any(move.card == card_id for move in view.opening):
            category = 2
        elif card_id in game.board:
            number = [move.card for move in view.history].index(card_id)
            category = 3 + (number % game.players - seat) % game.players
        else:
            category = 0
        assert where[at, category] == 1, card_id
    # Public numbers, relative to the seat.
    for i in range(game.players):
        size = view.hand_sizes[(seat + i) % game.players]
        assert parts["hand_sizes"][i].tolist() == [int(n == size) for n in range(code.slots + 1)]
    to_move = [0] * game.players
    if game.current_player is not None:
        to_move[(game.current_player - seat) % game.players] = 1
    assert parts["to_move"].tolist() == to_move
    assert parts["seat"].tolist() == [int(n == seat) for n in range(game.players)]
    assert parts["over"].tolist() == [int(game.is_over)]


@pytest.mark.parametrize("players", PLAYERS)
def test_observation_shape_dtype_and_every_part(players, backend):
    for seed in range(2):
        for number, game in enumerate(random_states(players, seed, backend)):
            seats = range(players) if number % 5 == 0 or game.is_over else [number % players]
            for seat in seats:
                check_observation(CODES[players], game, seat)


def test_the_observation_is_the_same_on_both_backends():
    for players in (2, 4):
        code = CODES[players]
        for game in random_states(players, 9):
            games = [on_backend(game.copy(), name) for name in hue.backends()]
            for seat in range(players):
                observations = [code.observation(g.view(seat)) for g in games]
                masks = [code.action_mask(g.view(seat)) for g in games]
                assert all((obs == observations[0]).all() for obs in observations)
                assert all((mask == masks[0]).all() for mask in masks)


def test_sub_cells_are_the_rules_sub_cells():
    code = CODES[2]
    for game in random_states(2, 4):
        min_x, min_y, _, _ = game.board.bounds()
        picture = code.sub_cells(code.observation(game.view(0)))
        rows, cols = code.cell_shape
        assert picture.shape == (7, 3 * rows, 3 * cols) and picture.dtype == np.uint8
        codes = cell_codes(game.board)
        assert int(picture[6].sum()) == 9 * len(codes)
        assert (picture[:5].sum(axis=0) == picture[6]).all()  # one colour per sub-cell
        for (x, y), cell in codes.items():
            col, row = x - min_x, y - min_y
            for sub_row in range(3):
                for sub_col in range(3):
                    at = (3 * row + sub_row, 3 * col + sub_col)
                    colour = cells.sub_cell_colour(cell, sub_col, sub_row)
                    assert picture[colour][at] == 1
                    assert picture[5][at] == cells.is_skull(cell)
    with pytest.raises(ValueError):
        code.parts(np.zeros(5, dtype=np.uint8))


# -- no leak ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_cards_never_change_the_observation(players, backend):
    """Determinizations of a view (other hands and the set-aside cards dealt
    again) give the seat the same observation and mask; its own hand does
    change them (so the test can fail)."""
    code = CODES[players]
    rng = random.Random(players)
    for number, game in enumerate(random_states(players, players, backend)):
        if number % 3:
            continue
        for seat in range(players):
            view = game.view(seat)
            obs, mask = code.observation(view), code.action_mask(view)
            for _ in range(3):
                other = on_backend(view.sample(rng), backend)
                assert other.hand(seat) == view.hand
                seen = other.view(seat)
                assert (code.observation(seen) == obs).all()
                assert (code.action_mask(seen) == mask).all()
                for them in range(players):
                    if them != seat and other.hand(them) != game.hand(them):
                        mine, theirs = other.view(them), game.view(them)
                        assert (code.observation(mine) != code.observation(theirs)).any()


def test_two_deals_that_differ_in_hidden_cards_look_the_same():
    """Seat 1's hand and the set-aside cards swap a card: seat 0 cannot tell,
    before and after moves that do not play the swapped cards."""
    game = hue.new_game(players=3, seed=21)
    deal = game.deal
    hand1 = list(deal.hands[1])
    swapped = next(c for c in hand1 if game.deck[c].kind.standard)
    spare = next(c for c in deal.set_aside if game.deck[c].kind.standard)
    position = game.deck.position
    hands = list(deal.hands)
    hands[1] = tuple(sorted([c for c in hand1 if c != swapped] + [spare], key=position))
    set_aside = tuple(sorted([c for c in deal.set_aside if c != spare] + [swapped], key=position))
    twin = Game(3, Deal(tuple(hands), deal.opening, set_aside), deck=game.deck)
    code = CODES[3]
    for _ in range(9):
        for seat in (0, 2):
            assert (code.observation(game.view(seat)) == code.observation(twin.view(seat))).all()
        assert not (code.observation(game.view(1)) == code.observation(twin.view(1))).all()
        move = next(m for m in game.legal_moves() if m.card != swapped)
        game.play(move)
        twin.play(move)


# -- arrays ------------------------------------------------------------------------------------


def test_arrays_held_by_the_caller_never_change():
    """Masks and observations come from a small pool; one is reused only
    once nothing refers to it (the array, a view of it, a parts dict)."""
    code = CODES[2]
    kept, copies, parts = [], [], []
    for game in random_states(2, 8):
        view = game.view(game.current_player or 0)
        obs, mask = code.observation(view), code.action_mask(view)
        kept.append(mask)
        copies.append((obs.copy(), mask.copy()))
        parts.append(code.parts(obs)["planes"])  # a view keeps its base
        del obs
    for (obs, mask), held, planes in zip(copies, kept, parts, strict=True):
        assert (held == mask).all()
        assert (planes.reshape(-1) == obs[: planes.size]).all()
    # Arrays dropped at once are reused, and come back zeroed and right.
    view = hue.new_game(players=2, seed=8).view(0)
    first = code.observation(view).copy()
    for _ in range(10):
        assert (code.observation(view) == first).all()


def test_importing_hue_does_not_import_numpy():
    script = (
        "import sys, huegames, huegames.hue\n"
        "from huegames import engine\n"
        "assert engine.game_spec('hue').encoding == 'huegames.hue.encoding:HueEncoding'\n"
        "bad = {'numpy', 'pettingzoo', 'gymnasium', 'pyspiel'} & set(sys.modules)\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)


def test_a_move_from_an_action_plays(backend):
    """The moves action_to_move gives are the game's own: playing them works."""
    code = CODES[5]
    game = on_backend(hue.new_game(players=5, seed=5), backend)
    rng = random.Random(5)
    while not game.is_over:
        view = game.view(game.current_player)
        action = rng.choice(code.legal_actions(view))
        assert game.play(code.action_to_move(view, action)) in view.legal_moves()
    assert game.outcome() is not None


def test_the_seat_methods_are_the_view_methods(backend):
    """``observe_seat`` and ``play_seat`` read the game without a view: at every
    state, each seat's observation and mask are its view's, and the move
    played is ``game.play(action_to_move(...))``'s."""
    code = CODES[3]
    game = on_backend(hue.new_game(players=3, seed=8), backend)
    twin = game.copy()
    rng = random.Random(8)
    while True:
        for seat in range(3):
            view = game.view(seat)
            observation, mask = code.observe_seat(game, seat)
            assert (observation == code.observation(view)).all()
            assert (mask == code.action_mask(view)).all() and mask.dtype == np.int8
        if game.is_over:
            break
        seat = game.current_player
        view = game.view(seat)
        action = rng.choice(code.legal_actions(view))
        move = code.play_seat(game, seat, action)
        assert twin.play(code.action_to_move(view, action)) == move
        assert game.history == twin.history and game.hand_sizes == twin.hand_sizes
        assert game.board.cells() == twin.board.cells()
        assert game.board.bounds() == twin.board.bounds()
        assert [game.hand(s) for s in range(3)] == [twin.hand(s) for s in range(3)]
    assert game.scores() == twin.scores() and game.to_dict() == twin.to_dict()
    while game.history:  # undo walks back over the unchecked moves too
        assert game.undo() == twin.undo()
        assert game.board.cells() == twin.board.cells()


@pytest.mark.parametrize(
    ("rules", "deck"),
    [
        (hue.Rules(covering=False), None),
        (hue.Rules(opening=["S0 0 0 1", "S1 3 0 3", "S2 6 0 1"]), None),
        (None, SYMMETRIC_DECK),
    ],
    ids=["no-covering", "opening", "symmetric-deck"],
)
@pytest.mark.parametrize("players", PLAYERS)
def test_the_seat_methods_are_the_view_methods_under_variants(players, rules, deck, backend):
    """The same, every player count, under each variant and deck: the C
    backend's one call into the core from the game's state agrees with the
    view's board, seat by seat and move by move."""
    code = HueEncoding(players, rules, deck=deck)
    game = on_backend(hue.new_game(players=players, seed=players, rules=rules, deck=deck), backend)
    rng = random.Random(players)
    while True:
        for seat in range(players):
            view = game.view(seat)
            observation, mask = code.observe_seat(game, seat)
            assert (observation == code.observation(view)).all()
            assert (mask == code.action_mask(view)).all()
        if game.is_over:
            break
        seat = game.current_player
        action = rng.choice(code.legal_actions(game.view(seat)))
        expected = code.action_to_move(game.view(seat), action)
        assert code.play_seat(game, seat, action) == expected == game.history[-1]


def test_the_seat_methods_refuse_a_table_beyond_the_frame(backend):
    """Only a game laid out against the rules gets there: an opening far off."""
    game = on_backend(
        hue.new_game(players=2, seed=1, rules=hue.Rules(opening=["S0 100 0 0"])), backend
    )
    code = CODES[2]
    legal = HueEncoding(2, game.rules).legal_actions(game.view(0))
    for call in (
        lambda: code.observe_seat(game, 0),
        lambda: code.observe_seat(game, 1),
        lambda: code.play_seat(game, 0, legal[0]),
    ):
        with pytest.raises(ValueError, match="beyond this encoding's frame"):
            call()
    assert not game.history


def test_the_seat_methods_in_threads():
    """Threads sharing an encoding each get their own scratch for the core."""
    code = CODES[4]

    def play(seed: int) -> bool:
        game, rng, agreed = hue.new_game(players=4, seed=seed), random.Random(seed), True
        while not game.is_over:
            seat = game.current_player
            observation, mask = code.observe_seat(game, seat)
            view = game.view(seat)
            agreed &= bool((mask == code.action_mask(view)).all())
            agreed &= bool((observation == code.observation(view)).all())
            code.play_seat(game, seat, rng.choice(np.flatnonzero(mask).tolist()))
        return agreed

    with ThreadPoolExecutor(4) as pool:
        assert all(pool.map(play, range(8)))


@pytest.mark.skipif(not c_state.available, reason="the C core is not built")
def test_state_encode_refuses_what_is_out_of_range_and_writes_nothing():
    """``hue_state_encode``, the core's call behind ``observe_seat``: each
    argument out of range gives its error code, neither output written; a
    good call gives the number of legal placements it marked."""
    ffi, lib = c_state.ffi, c_state.lib
    code = CODES[2]
    game = hue.new_game(players=2, seed=1, backend="c")
    c = game._c
    good = (code._state_encoder or code._make_state_encoder()).encoding[0]
    bad_turns = ffi.new("uint8_t[]", [3] * len(code.deck))
    empty_block = ffi.new("int64_t[]", lib.hue_state_size(13, 30) // 8)
    assert lib.hue_state_init(empty_block, 8 * len(empty_block), 2, 30, 1, 13, 100, 100) == 0
    empty = ffi.cast("hue_state *", empty_block)
    other_deck = ffi.new("hue_observation_layout *", good.layout[0])
    other_deck.deck_size -= 1

    def encode(
        seat=0, state=c._state, hands=c._hands, size=code.action_count, null=False, **fields
    ):
        encoding = ffi.new("hue_state_encoding *", good)
        for name, value in fields.items():
            setattr(encoding, name, value)
        observation = np.full(code.observation_shape, 0xA5, dtype=np.uint8)
        mask = np.full(code.action_count, 0x5A, dtype=np.int8)
        status = lib.hue_state_encode(
            state,
            hands,
            seat,
            ffi.NULL if null else encoding,
            ffi.from_buffer("uint8_t[]", observation),
            ffi.from_buffer("int8_t[]", mask),
            size,
        )
        if status < 0:
            assert (observation == 0xA5).all() and (mask == 0x5A).all()
        return status, observation, mask

    status, observation, mask = encode()
    assert status == mask.sum() == len(game.legal_moves()) > 0
    assert (observation == code.observation(game.view(0))).all()
    assert encode(seat=1)[0] == 0 and not encode(seat=1)[2].any()
    refused = {
        "a seat out of range": (encode(seat=2), lib.HG_ERR_ARGUMENT),
        "a negative seat": (encode(seat=-1), lib.HG_ERR_ARGUMENT),
        "no state": (encode(state=ffi.NULL), lib.HG_ERR_ARGUMENT),
        "no hands": (encode(hands=ffi.NULL), lib.HG_ERR_ARGUMENT),
        "no encoding": (encode(null=True), lib.HG_ERR_ARGUMENT),
        "no code table": (encode(table=ffi.NULL), lib.HG_ERR_ARGUMENT),
        "a layout of another deck": (encode(layout=other_deck), lib.HG_ERR_ARGUMENT),
        "a frame that misses anchors": (encode(left=-2), lib.HG_ERR_ARGUMENT),
        "rotations neither 2 nor 4": (encode(rotations=bad_turns), lib.HG_ERR_ARGUMENT),
        "an empty table": (encode(state=empty), lib.HG_ERR_STATE),
        "a frame too small": (encode(cols=6), lib.HG_ERR_BOUNDS),
        "an origin out of reach": (encode(corner_x=-1), lib.HG_ERR_BOUNDS),
        "too few pairs": (encode(capacity=3), lib.HG_ERR_CAPACITY),
        "a short mask": (encode(size=code.action_count - 1), lib.HG_ERR_CAPACITY),
    }
    assert {what: found[0] for what, (found, _) in refused.items()} == {
        what: status for what, (_, status) in refused.items()
    }
    # what only the seat to move needs is not asked of the others
    assert encode(seat=1, cols=6)[0] == encode(seat=1, rotations=bad_turns)[0] == 0


def test_play_seat_refuses_what_is_not_legal_and_plays_nothing():
    """Another seat's action, an illegal id, something not an id, a game of
    another encoding: a ValueError (or TypeError), and the game unchanged."""
    code = CODES[2]
    game = hue.new_game(players=2, seed=3)
    legal = code.legal_actions(game.view(0))
    illegal = next(a for a in range(code.action_count) if a not in set(legal))
    before = game.to_dict()
    for seat, action in ((1, legal[0]), (0, illegal), (0, -1), (0, code.action_count)):
        with pytest.raises(ValueError):
            code.play_seat(game, seat, action)
        assert game.to_dict() == before
    with pytest.raises(ValueError, match="integer"):
        code.play_seat(game, 0, True)
    with pytest.raises(ValueError, match="for 3 players"):
        CODES[3].play_seat(game, 0, legal[0])
    with pytest.raises(ValueError, match="no seat"):
        code.observe_seat(game, 2)
    with pytest.raises(TypeError, match=r"hue\.Game"):
        code.observe_seat(game.view(0), 0)
    assert game.to_dict() == before
    code.play_seat(game, 0, legal[0])
    assert len(game.history) == 1
    view = game.view(1)  # a position no deal reaches: seat 1 holding 7 cards
    crowded = Game.from_view(view, [game.hand(0), [*view.hand, *view.unseen_cards()[:1]]])
    for call in (lambda: code.observe_seat(crowded, 1), lambda: code.play_seat(crowded, 1, 0)):
        with pytest.raises(ValueError, match="at most 6"):
            call()


def test_arrays_from_observe_seat_are_the_callers():
    """Observations and masks held by the caller never change afterwards."""
    code = CODES[2]
    game = hue.new_game(players=2, seed=9)
    rng = random.Random(9)
    held = []
    while not game.is_over:
        seat = game.current_player
        observation, mask = code.observe_seat(game, seat)
        held.append((observation, mask, observation.copy(), mask.copy()))
        code.play_seat(game, seat, rng.choice(np.flatnonzero(mask).tolist()))
    assert all((o == o0).all() and (m == m0).all() for o, m, o0, m0 in held)


def test_a_view_whose_table_changed_is_worked_out_again():
    """The legal placements kept for a view go with its board's cards: an
    undo and another placement (the same number of cards) are seen."""
    code = HueEncoding(2)
    game = hue.new_game(players=2, seed=6)
    moves = game.legal_moves()
    game.play(moves[0])
    view = game.view(1)
    before = code.legal_actions(view)
    view.board.remove_last()
    view.board.place(moves[-1])
    after = code.legal_actions(view)
    assert after == HueEncoding(2).legal_actions(view) and after != before


def test_a_board_stamp_changes_with_its_cards():
    """Equal stamps mean the same cards: a copy keeps its board's, every
    placement and every take-back gives a new one."""
    board = hue.Board.from_placements(["S0 0 0 1"])
    copy = board.copy()
    assert copy._stamp == board._stamp
    stamps = {board._stamp}
    board.place("T0 3 0 3")
    stamps.add(board._stamp)
    board.remove_last()
    stamps.add(board._stamp)
    assert len(stamps) == 3 and copy._stamp not in stamps - {copy._stamp}
    assert hue.Board()._stamp not in stamps


def test_a_table_moved_whole_encodes_the_same():
    """Positions count from the table's corner: the same deal laid out
    elsewhere (its opening moved) gives the same ids, mask and observation."""
    here = hue.new_game(players=3, seed=4)
    opening = [str(move._replace(x=move.x + 7, y=move.y - 4)) for move in here.deal.opening]
    record = here.to_dict()
    record["rules"]["opening"] = record["setup"]["opening"] = opening
    record["seed"] = None  # a deal of its own, not the one the seed gives
    there = Game.from_dict(record)
    code, shifted = CODES[3], HueEncoding(3, there.rules)
    rng = random.Random(4)
    while not here.is_over:
        seat = here.current_player
        a, b = here.view(seat), there.view(seat)
        assert code.legal_actions(a) == shifted.legal_actions(b)
        assert (code.observation(a) == shifted.observation(b)).all()
        assert (code.action_mask(a) == shifted.action_mask(b)).all()
        action = rng.choice(code.legal_actions(a))
        move = code.action_to_move(a, action)
        assert shifted.action_to_move(b, action) == move._replace(x=move.x + 7, y=move.y - 4)
        here.play(move)
        there.play(shifted.action_to_move(b, action))
