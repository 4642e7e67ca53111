"""The C kernel of whole random games and playouts (``huegames.hue.kernel``).

Every kernel game is replayed through the Python engine, whose ``play``
checks each move, and must end with the same scores and winner.  The C
entry points' argument checks are called directly on buffers of exactly the
size the contract asks for, so a sanitized build (scripts/sanitize.sh)
catches any access beyond them.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from c_heap import c_heap_allocator
from huegames import hue
from huegames.hue import cells, kernel
from huegames.hue.bots import random_position
from huegames.hue.cards import Kind

if not kernel.available:
    pytest.skip("the kernel needs the C backend", allow_module_level=True)

ffi, lib = kernel.ffi, kernel.lib

c_heap = c_heap_allocator(ffi)


def random_deck(rng: random.Random) -> list[tuple[str, str, str]]:
    """A custom deck: more cards than the default, repeated colours (so some
    cards list 2 rotations), kinds in shuffled order."""
    counts = {"starting": rng.randint(3, 7), "poison": rng.randint(5, 7)}
    counts["solid"] = rng.randint(10, 16)
    counts["striped"] = 30 - counts["solid"] + rng.randint(0, 6)
    cards = []
    for kind, count in counts.items():
        for n in range(count):
            colours = [rng.choice("GRYPB") for _ in range(3)]
            if rng.random() < 0.3:
                colours[2] = colours[0]  # looks the same turned half round
            cards.append((f"{kind[:3]}{n}", kind, "".join(colours)))
    rng.shuffle(cards)
    return cards


def check_against_engine(games: list[kernel.KernelGame]) -> None:
    for number, played in enumerate(games):
        game = played.replay()  # Game() checks the deal; play() checks every move
        assert game.is_over, number
        assert tuple(game.scores()) == played.scores, number
        assert game.winner == played.winner, number
        assert len(played.moves) == kernel.moves_per_game(played.players)


# -- whole games against the Python engine ----------------------------------------


@pytest.mark.parametrize("covering", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_replay_through_the_engine(players, covering):
    check_against_engine(kernel.random_games(players, 120, 1000 + players, covering=covering))


@pytest.mark.parametrize("seed", range(6))
def test_custom_decks_replay_through_the_engine(seed):
    rng = random.Random(seed)
    deck = random_deck(rng)
    assert any(hue.Deck(deck)[card_id].rotations == 2 for card_id, _, _ in deck)
    for players in (2, 3, 4, 5):
        covering = rng.random() < 0.5
        games = kernel.random_games(players, 40, seed, deck=deck, covering=covering)
        check_against_engine(games)


@pytest.mark.parametrize("players", [2, 5])
def test_deal_is_a_setup_of_the_rules(players):
    deck = hue.Deck(hue.default_deck())
    dealt = 4 if players == 5 else 5
    for played in kernel.random_games(players, 50, 3):
        deal = played.deal
        assert [move[1:3] for move in deal.opening] == [(0, 0), (1, 1), (2, 2)]
        assert all(move.rotation in (0, 2) for move in deal.opening)
        assert all(deck[move.card].kind is Kind.STARTING for move in deal.opening)
        for hand in deal.hands:
            kinds = [deck[card_id].kind for card_id in hand]
            assert kinds.count(Kind.POISON) == 1
            assert sum(kind.standard for kind in kinds) == dealt
            assert list(hand) == sorted(hand, key=deck.position)
        everything = [c for hand in deal.hands for c in hand]
        everything += [move.card for move in deal.opening] + list(deal.set_aside)
        assert sorted(everything) == sorted(deck)


def test_deals_vary():
    openings = {played.deal.opening for played in kernel.random_games(2, 200, 5)}
    assert len(openings) > 100


def test_seeds_reproduce():
    first = kernel.random_games(3, 30, 2**64 - 1)
    assert kernel.random_games(3, 30, 2**64 - 1) == first
    assert kernel.random_games(3, 30, 2**64 - 2) != first


def test_game_i_does_not_depend_on_the_batch():
    whole = kernel.random_games(4, 30, 77)
    cut = kernel.random_games(4, 7, 77) + kernel.random_games(4, 23, 77, first_game=7)
    assert cut == whole
    assert kernel.random_games(4, 1, 77, first_game=29) == whole[29:]
    scores = kernel.random_scores(4, 30, 77)
    assert scores.scores == [played.scores for played in whole]
    assert scores.winners == [played.winner for played in whole]


def test_a_move_is_uniform_over_the_listed_placements():
    """The first move's position in the engine's listing is uniform."""
    bins = [0] * 10
    games = kernel.random_games(2, 2000, 11)
    for played in games:
        game = hue.Game(2, played.deal)
        listed = game.legal_moves()
        at = list(listed).index(played.moves[0])
        bins[10 * at // len(listed)] += 1
    expected = len(games) / 10
    chi2 = sum((count - expected) ** 2 / expected for count in bins)
    assert chi2 < 27.9  # 9 degrees of freedom, p = 0.001


def test_empty_batch():
    assert kernel.random_games(2, 0, 1) == []
    assert kernel.random_scores(2, 0, 1) == ([], [])


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": 1}, ValueError),
        ({"players": 6}, ValueError),
        ({"players": 2.0}, TypeError),
        ({"games": -1}, ValueError),
        ({"seed": -1}, ValueError),
        ({"seed": 2**64}, ValueError),
        ({"seed": "7"}, TypeError),
        ({"first_game": -1}, ValueError),
        ({"covering": 1}, TypeError),
        ({"deck": hue.default_deck()[:15]}, ValueError),
        ({"deck": [("A", "nonsense", "GGG")]}, ValueError),
    ],
)
def test_argument_errors(kwargs, error):
    args = {"players": 2, "games": 3, "seed": 1, **kwargs}
    with pytest.raises(error):
        kernel.random_games(args.pop("players"), args.pop("games"), args.pop("seed"), **args)
    args = {"players": 2, "games": 3, "seed": 1, **kwargs}
    with pytest.raises(error):
        kernel.random_scores(args.pop("players"), args.pop("games"), args.pop("seed"), **args)


# -- playouts -------------------------------------------------------------------


def midgame(seed: int, players: int = 2, moves: int = 4) -> hue.Game:
    return random_position(players, seed, moves)


def test_last_move_playouts_are_exact():
    """With one move left the playout is that move: the engine's result."""
    game = midgame(1, players=2, moves=9)
    hands = [list(game.hand(seat)) for seat in range(2)]
    moves = list(game.legal_moves())[::7]
    run = kernel.Playouts(game.board, 2, game.current_player).run(
        [hands] * len(moves), first=moves, values=True
    )
    for move, scores, winner, values in zip(moves, *run, strict=True):
        game.play(move)
        assert tuple(game.board.colour_values().values()) == values
        assert tuple(game.scores()) == scores
        assert game.winner == winner
        game.undo()


@pytest.mark.parametrize("seed", range(4))
def test_keep_best_keeps_the_better_card(seed):
    """Seat to move holds two cards, the others one: keep_best keeps the
    card scoring more on the table as it is, and plays the other."""
    game = midgame(seed, players=3, moves=3)
    deck = game.deck
    cards = [c for c in deck if c not in game.board and deck[c].kind.standard]
    rng = random.Random(seed)
    values = game.board.colour_values()
    for _ in range(20):
        a, b, c, d = rng.sample(cards, 4)
        hands = [[a], [b, c], [d]]
        keep = c if deck[c].score(values) > deck[b].score(values) else b
        run = kernel.Playouts(game.board, 3, 1, policy="keep_best").run(
            [hands], seed=rng.randrange(100), values=True
        )
        final = dict(zip("GRYPB", run.values[0], strict=True))
        assert run.scores[0] == (
            deck[a].score(final),
            deck[keep].score(final),
            deck[d].score(final),
        )


def test_playouts_reproduce_and_cut():
    game = midgame(5)
    hands = [[list(game.hand(seat)) for seat in range(2)]] * 40
    playouts = kernel.Playouts(game.board, 2, game.current_player, policy="random")
    whole = playouts.run(hands, seed=9, values=True)
    assert playouts.run(hands, seed=9, values=True) == whole
    part = playouts.run(hands[10:], seed=9, first_playout=10, values=True)
    assert part.scores == whole.scores[10:] and part.values == whole.values[10:]
    assert len(set(whole.values)) > 5


def test_playout_errors():
    game = midgame(6)
    playouts = kernel.Playouts(game.board, 2, game.current_player)
    hands = [list(game.hand(seat)) for seat in range(2)]
    with pytest.raises(ValueError, match="breaks the rules"):
        playouts.run([[hands[0], hands[0]]])  # a card twice
    with pytest.raises(ValueError, match="breaks the rules"):
        playouts.run([[hands[0], []]])
    with pytest.raises(ValueError, match="not a card"):
        playouts.run([[hands[0], ["nope"]]])
    with pytest.raises(ValueError, match="hands for 2 seats"):
        playouts.run([[hands[0]]])
    with pytest.raises(ValueError, match="breaks the rules"):
        playouts.run([hands], first=hue.Move(hands[game.current_player][0], 50, 50, 0))
    with pytest.raises(ValueError, match="policy"):
        kernel.Playouts(game.board, 2, 0, policy="clever")
    with pytest.raises(ValueError, match="empty"):
        kernel.Playouts(hue.Board(), 2, 0)


# -- every public entry point's arguments -----------------------------------------------


def test_playouts_run_with_a_huge_index():
    game = midgame(6)
    playouts = kernel.Playouts(game.board, 2, game.current_player)
    hands = [list(game.hand(seat)) for seat in range(2)]
    for index in (2**40, -1, len(game.deck)):
        with pytest.raises(ValueError, match=r"deck index must be in 0\.\.29"):
            playouts.run([[[index, *hands[0][1:]], hands[1]]])
    with pytest.raises(TypeError, match="deck index must be an integer"):
        playouts.run([[[1.0, *hands[0][1:]], hands[1]]])
    assert playouts.index(hands[0][0]) == game.deck.position(hands[0][0])


def test_playouts_of_something_not_a_board():
    with pytest.raises(TypeError, match=r"board must be a hue\.Board"):
        kernel.Playouts("board", 3, 0)  # type: ignore[arg-type]


def test_streams_never_wrap_round():
    last = kernel.SEED_LIMIT - 1
    with pytest.raises(ValueError, match=r"first_game must be in 0\.\.18446744073709551614"):
        kernel.random_games(2, 2, 0, first_game=last)
    with pytest.raises(ValueError, match="first_game"):
        kernel.random_scores(2, 2, 0, first_game=last)
    (alone,) = kernel.random_games(2, 1, 0, first_game=last)  # one game: stream 2**64-1 only
    assert alone.moves != kernel.random_games(2, 1, 0)[0].moves
    game = midgame(6)
    playouts = kernel.Playouts(game.board, 2, game.current_player)
    hands = [list(game.hand(seat)) for seat in range(2)]
    with pytest.raises(ValueError, match="first_playout"):
        playouts.run([hands, hands], first_playout=last)
    assert len(playouts.run([hands], first_playout=last).winners) == 1


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: kernel.moves_per_game(True), TypeError, "players"),
        (lambda: kernel.moves_per_game(2.0), TypeError, "players"),
        (lambda: kernel.deck_records("deck"), TypeError, r"hue\.Deck"),
        (lambda: kernel.random_games(2, 2.0, 1), TypeError, "games"),
        (lambda: kernel.random_games(2, 2**31, 1), ValueError, "games"),
        (lambda: kernel.random_games(2, 1, 2**64), ValueError, "seed"),
        (lambda: kernel.random_games(2, 1, 1, first_game=1.0), TypeError, "first_game"),
        (lambda: kernel.random_scores(2, 1, True), TypeError, "seed"),
        (lambda: kernel.random_games(2, 1, 1, deck=7), TypeError, "deck"),
    ],
)
def test_whole_game_functions_refuse_bad_arguments(call, error, match):
    with pytest.raises(error, match=match):
        call()


@pytest.mark.parametrize(
    ("make", "error", "match"),
    [
        ({"players": 2.0}, TypeError, "players"),
        ({"players": 2**70}, ValueError, "players"),
        ({"to_move": True}, TypeError, "to_move"),
        ({"to_move": 2}, ValueError, "to_move"),
        ({"policy": ["random"]}, ValueError, "policy"),
    ],
)
def test_playouts_object_refuses_bad_arguments(make, error, match):
    game = midgame(6)
    args = {"players": 2, "to_move": game.current_player, **make}
    with pytest.raises(error, match=match):
        kernel.Playouts(game.board, **args)


@pytest.mark.parametrize(
    ("run", "error", "match"),
    [
        ({"seed": 1.0}, TypeError, "seed"),
        ({"seed": -1}, ValueError, "seed"),
        ({"first_playout": True}, TypeError, "first_playout"),
        ({"first_playout": 2**64}, ValueError, "first_playout"),
        ({"values": 1}, TypeError, "values"),
        ({"hands": "D1 D2"}, TypeError, "hands"),
        ({"hands": [["D1", "D2"], ["D3"]]}, TypeError, r"hands\[0\]\[0\]"),
        ({"hands": [7]}, TypeError, r"hands\[0\]"),
        ({"first": 7}, TypeError, "first"),
        ({"first": "D1 0 0"}, ValueError, "card x y rotation"),
    ],
)
def test_playouts_run_refuses_bad_arguments(run, error, match):
    game = midgame(6)
    playouts = kernel.Playouts(game.board, 2, game.current_player)
    args = {"hands": [[list(game.hand(seat)) for seat in range(2)]], **run}
    with pytest.raises(error, match=match):
        playouts.run(**args)


def test_a_first_move_far_from_the_table():
    game = midgame(6)
    playouts = kernel.Playouts(game.board, 2, game.current_player)
    hands = [list(game.hand(seat)) for seat in range(2)]
    card = hands[game.current_player][0]
    for x in (2**31, -(2**40), 10**100):
        with pytest.raises(ValueError, match="breaks the rules"):
            playouts.run([hands], first=hue.Move(card, x, 0, 0))


# -- the C entry points' argument checks, on exact-size buffers ------------------------


def c_deck(deck=None):
    records = kernel.deck_records(hue.Deck(hue.default_deck() if deck is None else deck))
    exact = c_heap("hue_card[]", len(records))
    ffi.memmove(exact, records, ffi.sizeof(records))
    return exact


def test_the_kernel_keeps_the_rules_numbers():
    """The header's numbers that the rules also fix: seats, moves per game, kinds."""
    assert (lib.HUE_MIN_PLAYERS, lib.HUE_MAX_PLAYERS) == (hue.MIN_PLAYERS, hue.MAX_PLAYERS)
    deal = {n: hue.new_game(n, seed=1).deal for n in range(hue.MIN_PLAYERS, hue.MAX_PLAYERS + 1)}
    for players, dealt in deal.items():
        assert kernel.moves_per_game(players) == sum(len(hand) - 1 for hand in dealt.hands)
    for players in (hue.MIN_PLAYERS - 1, hue.MAX_PLAYERS + 1):
        with pytest.raises(ValueError, match="players"):
            kernel.moves_per_game(players)
    records = kernel.deck_records(hue.Deck(hue.default_deck()))
    kinds = {card.kind: records[index].kind for index, card in enumerate(hue.default_deck())}
    assert kinds == {
        Kind.STARTING: lib.HUE_KIND_STARTING,
        Kind.POISON: lib.HUE_KIND_POISON,
        Kind.SOLID: lib.HUE_KIND_SOLID,
        Kind.STRIPED: lib.HUE_KIND_STRIPED,
    }


def test_sizes():
    major, minor = cells.CORE_VERSION  # the header the Python side is written against
    assert lib.hue_core_version() == lib.HUE_CORE_VERSION == 10000 * major + 100 * minor
    assert [lib.hue_game_moves(n) for n in range(1, 7)] == [-1, 10, 15, 20, 20, -1]
    for cards, players in ((0, 2), (lib.HUE_MAX_CARDS + 1, 2), (30, 1), (30, 6)):
        assert lib.hue_games_workspace_size(cards, players) == 0
    for args in (
        (0, 1, 30, 2, 6),
        (1, 1, 0, 2, 6),
        (1, 1, 30, 6, 6),
        (1, 1, 30, 2, 0),
        (1, 1, 30, 2, lib.HUE_MAX_HAND + 1),
        (lib.HUE_MAX_SIDE, 1, 30, 2, 6),  # no room to grow
    ):
        assert lib.hue_playouts_workspace_size(*args) == 0


def games_call(deck, count, players=2, games=2, work=None, short=0, outputs=None):
    size = lib.hue_games_workspace_size(count, players) - short
    work = c_heap("char[]", max(size, 1)) if work is None else work
    setup = ffi.new("hue_setup *", (deck, count, players, 1))
    out = ffi.new("hue_games_out *", tuple(outputs))
    return lib.hue_random_games(setup, 5, 0, games, work, size, out)


def game_outputs(count, players=2, games=2):
    moves = lib.hue_game_moves(players) if 2 <= players <= 5 else 1
    return (
        c_heap("int32_t[]", [-9] * (games * count)),
        c_heap("int32_t[]", [-9] * (games * 6)),
        c_heap("hue_placement[]", games * moves),
        c_heap("int32_t[]", [-9] * (games * players)),
        c_heap("int32_t[]", [-9] * games),
    )


def test_random_games_arguments():
    deck = c_deck()
    out = game_outputs(30)
    assert games_call(deck, 30, outputs=out) == 0
    assert min(out[0]) >= lib.HUE_OWNER_OPENING and list(out[4]) != [-9, -9]
    fresh = game_outputs(30)
    for args, status in (
        ({"deck": ffi.NULL}, lib.HG_ERR_ARGUMENT),
        ({"count": 0}, lib.HG_ERR_ARGUMENT),
        ({"players": 1}, lib.HG_ERR_ARGUMENT),
        ({"games": -1}, lib.HG_ERR_ARGUMENT),
        ({"short": 1}, lib.HG_ERR_WORKSPACE),
        ({"work": ffi.NULL}, lib.HG_ERR_ARGUMENT),
        ({"count": 19}, lib.HG_ERR_DECK),  # poison and starting cards only
    ):
        call = {"deck": deck, "count": 30, "outputs": fresh, **args}
        assert games_call(**call) == status
        assert [list(o) for o in fresh if ffi.typeof(o).item.cname == "int32_t"] == [
            [-9] * len(o) for o in fresh if ffi.typeof(o).item.cname == "int32_t"
        ]
    # Outputs may be skipped; exact-size outputs for 5 players.
    assert games_call(deck, 30, outputs=(ffi.NULL,) * 5) == 0
    assert games_call(deck, 30, players=5, games=3, outputs=game_outputs(30, 5, 3)) == 0


@pytest.mark.parametrize(
    ("field", "value"),
    [("kind", 4), ("rotations", 3), ("rotations", 0), ("colours", 5), ("shapes", 0), ("shapes", 4)],
)
def test_bad_card_records(field, value):
    deck = c_deck()
    card = deck[7]
    if field == "colours":
        card.colours[1] = value
    elif field == "shapes":
        card.shapes[3][2] = value
    else:
        setattr(card, field, value)
    out = game_outputs(30)
    assert games_call(deck, 30, outputs=out) == lib.HG_ERR_DECK
    assert list(out[4]) == [-9, -9]


def playout_setup(playouts=3):
    game = midgame(8)
    playouts_ = kernel.Playouts(game.board, 2, game.current_player)
    width, height = playouts_._width, playouts_._height
    grid = c_heap("hue_cell[]", width * height)
    ffi.memmove(grid, playouts_._cells, 2 * width * height)
    capacity = 6
    flat = []
    for seat in range(2):
        hand = [playouts_.index(c) for c in game.hand(seat)]
        flat += hand + [-1] * (capacity - len(hand))
    hands = c_heap("int32_t[]", flat * playouts)
    return game, playouts_, grid, width, height, hands, capacity


def call_playouts(grid_, width_, height_, hands_, capacity_, playouts=3, first=ffi.NULL, **changes):
    grid, width, height, hands, capacity = (
        changes.pop(name, value)
        for name, value in (
            ("cells", grid_),
            ("width", width_),
            ("height", height_),
            ("hands", hands_),
            ("capacity", capacity_),
        )
    )
    deck = changes.pop("deck", c_deck())
    size = lib.hue_playouts_workspace_size(width, height, 30, 2, capacity)
    size -= changes.pop("short", 0)
    work = c_heap("char[]", size)
    values = c_heap("int32_t[]", [-9] * (5 * playouts))
    scores = c_heap("int32_t[]", [-9] * (2 * playouts))
    winners = c_heap("int32_t[]", [-9] * playouts)
    args = {
        "deck": deck,
        "count": 30,
        "cells": grid,
        "width": width,
        "height": height,
        "players": 2,
        "to_move": 0,
        "cover": 1,
        "hands": hands,
        "capacity": capacity,
        "first": first,
        "playouts": playouts,
        "policy": lib.HUE_POLICY_KEEP_BEST,
        "seed": 1,
        "first_playout": 0,
        "work": work,
        "size": size,
        **changes,
    }
    a = SimpleNamespace(**args)
    setup = ffi.new("hue_setup *", (a.deck, a.count, a.players, a.cover))
    start = ffi.new(
        "hue_start *",
        {
            "grid": (a.cells, a.width, a.height),
            "to_move": a.to_move,
            "hands": a.hands,
            "hand_capacity": a.capacity,
            "first": a.first,
        },
    )
    out = ffi.new("hue_playouts_out *", (values, scores, winners))
    status = lib.hue_playouts(
        setup, start, a.playouts, a.policy, a.seed, a.first_playout, a.work, a.size, out
    )
    if status < 0:
        assert list(values) == [-9] * (5 * playouts) and list(winners) == [-9] * playouts
    return status


def test_playouts_arguments():
    _, _, grid, width, height, hands, capacity = playout_setup()
    assert call_playouts(grid, width, height, hands, capacity) == 0
    for changes, status in (
        ({"deck": ffi.NULL}, lib.HG_ERR_ARGUMENT),
        ({"cells": ffi.NULL}, lib.HG_ERR_ARGUMENT),
        ({"players": 6}, lib.HG_ERR_ARGUMENT),
        ({"to_move": 2}, lib.HG_ERR_ARGUMENT),
        ({"to_move": -1}, lib.HG_ERR_ARGUMENT),
        ({"hands": ffi.NULL}, lib.HG_ERR_ARGUMENT),
        ({"policy": 3}, lib.HG_ERR_ARGUMENT),
        ({"playouts": -1}, lib.HG_ERR_ARGUMENT),
        ({"capacity": lib.HUE_MAX_HAND + 1}, lib.HG_ERR_ARGUMENT),
        ({"short": 1}, lib.HG_ERR_WORKSPACE),
        ({"work": ffi.NULL}, lib.HG_ERR_ARGUMENT),
    ):
        assert call_playouts(grid, width, height, hands, capacity, **changes) == status, changes
    empty = c_heap("hue_cell[]", 4)
    assert call_playouts(empty, 2, 2, hands, capacity) == lib.HG_ERR_ARGUMENT
    grid[0] = 0x1000 | 1
    assert call_playouts(grid, width, height, hands, capacity) == lib.HG_ERR_CELL


@pytest.mark.parametrize(
    ("slot", "value", "status"),
    [
        (6, -1, "ILLEGAL"),  # seat 1 holds nothing... once its cards are gone
        (1, 30, "ARGUMENT"),  # not a deck index
        (1, -5, "ARGUMENT"),
        (5, 0, "ARGUMENT"),  # a card after the end marker
        (1, "dup", "ILLEGAL"),  # a card twice in one playout
    ],
)
def test_playout_hand_checks(slot, value, status):
    _, _, grid, width, height, hands, capacity = playout_setup(1)
    if slot == 6:
        for k in range(6, 12):
            hands[k] = -1
    elif value == "dup":
        hands[6] = hands[0]
    else:
        hands[slot] = value
    expected = getattr(lib, f"HG_ERR_{status}")
    assert call_playouts(grid, width, height, hands, capacity, playouts=1) == expected


def test_playout_first_move_checks():
    game, playouts_, grid, width, height, hands, capacity = playout_setup(1)
    legal = game.legal_moves()[0]
    ok = (playouts_.index(legal.card), legal.x - playouts_._x0, legal.y - playouts_._y0)
    first = c_heap("hue_placement[1]", [(*ok, legal.rotation)])
    assert call_playouts(grid, width, height, hands, capacity, 1, first) == 0
    other = playouts_.index(game.hand(1)[0])
    for bad in (
        (other, ok[1], ok[2], legal.rotation),  # not the mover's card
        (ok[0], ok[1], ok[2], 4),
        (ok[0], ok[1], ok[2], -1),
        (ok[0], 2**31 - 1, ok[2], legal.rotation),
        (ok[0], -(2**31), -(2**31), legal.rotation),
        (ok[0], 100, 0, legal.rotation),  # touches nothing
    ):
        first = c_heap("hue_placement[1]", [bad])
        status = call_playouts(grid, width, height, hands, capacity, 1, first)
        assert status == lib.HG_ERR_ILLEGAL, bad


@pytest.mark.slow  # 480 greedy playouts, 240 of them in Python
def test_greedy_playouts_in_c_match_python_greedy_playouts_in_distribution():
    """The same determinizations played out by the C greedy policy and by
    python_playout(policy="greedy"): their ties are broken by different
    generators, so the mean scores agree within a generous bound (about six
    standard errors of the difference) rather than row for row."""
    from huegames.hue.mcts import python_playout
    from huegames.hue.view import HiddenCards

    game = random_position(2, 3, 2)
    me = game.current_player
    sampler, rng = HiddenCards(game.view(me)), random.Random(5)
    hands = [sampler.deal(rng) for _ in range(240)]
    c_rows = kernel.Playouts(game.board, 2, me, policy="greedy").run(hands, seed=9).scores
    python_rows = [
        python_playout(game.board, hand, me, None, random.Random(k), "greedy")
        for k, hand in enumerate(hands)
    ]
    random_rows = kernel.Playouts(game.board, 2, me, policy="random").run(hands, seed=9).scores
    for seat in range(2):
        c_mean = sum(row[seat] for row in c_rows) / len(hands)
        python_mean = sum(row[seat] for row in python_rows) / len(hands)
        random_mean = sum(row[seat] for row in random_rows) / len(hands)
        assert abs(c_mean - python_mean) < 5.0
        assert c_mean > random_mean + 5.0  # greedy seats score far more than random ones
