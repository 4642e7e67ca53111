"""Plank's Game API and the engine contract: outcome(), moves and their notation,
bots, views, records, the registry, and random playouts keeping every invariant."""

import json
import random

import pytest

from huegames import engine, plank
from huegames.errors import IllegalMoveError, InvalidMoveError, NotYourTurnError
from huegames.plank import (
    Deal,
    Game,
    LayPlace,
    LayShift,
    Match,
    Move,
    Pass,
    Place,
    Rules,
    Shift,
    Square,
    Termination,
)
from huegames.plank.moves import LAY_PLACES, LAY_SHIFTS, PLACES, SHIFTS

FULL = ("RWG", "RGW", "GRW")
TWO = Deal(("A", "B"), (FULL * 2, FULL * 2), first=0)
THREE = Deal(("A", "B", "C"), tuple((*FULL, extra) for extra in FULL), first=0)
FOUR = Deal(("A", "B", "C", "D"), (FULL,) * 4, first=0)
LINE_FOR_A = ["T RWG R", "B RGW R", "Wb1", "Gb2", "Gc1"]  # seat 0 fills strip 1
BOTH_MOVING = [
    "T GRW G", "T GRW G", "Rb2", "Wc2", "T WRG G", "B GWR W",
    "B GWR W", "B RWG R", "B WRG W", "B WGR G", "Rc8", "Rc5",
]  # fmt: skip
SHUTTLE = ["c1-a4", "a2-a5", "a4-c1", "a5-a2"]


def played(game: Game, texts: list[str]) -> Game:
    for text in texts:
        game.play(text)
    return game


def random_hand(players: int, seed: int) -> Game:
    bots = [plank.RandomBot(seed=seed * 10 + seat) for seat in range(players)]
    return engine.play_game(plank.new_game(players, seed=seed), bots)


# -- outcome() for each way a hand ends ---------------------------------------------


def test_outcome_is_none_while_the_hand_goes_on():
    game = played(Game(TWO), LINE_FOR_A[:4])
    assert game.outcome() is None and game.winner is None and game.winning_line is None
    assert game.current_player == 0 and not game.is_over


def test_outcome_line_two_players_one_winner():
    game = played(Game(TWO), LINE_FOR_A)
    assert game.outcome() == engine.Outcome(Termination.LINE, (0,))
    assert game.winner == 0 and game.outcome().winner == 0
    assert game.winning_line == plank.Line(0, (Square(0, 0), Square(0, 1), Square(0, 2)))
    assert game.current_player is engine.GAME_OVER and game.legal_moves() == []


def test_outcome_line_four_players_the_team_wins():
    moves = ["T RWG R", "B RGW R", "B GRW G", "Gb2", "Wb1", "Gc1", "Rb3", "Wc2", "B WGR W", "Gb4"]
    game = played(Game(FOUR), [*moves, "Wc3"])  # C (seat 2) completes strip 3
    assert game.outcome() == engine.Outcome(Termination.LINE, (0, 2))
    assert game.winner is None  # a team win: no seat won alone
    assert game.winning_line.seat == 2
    assert game.scores() == [1, 0, 1, 0]


def test_outcome_line_three_players_winner_has_fewest_penalty_points():
    moves = ["T RWG R", "B RGW R", "Wb1", "Gc1", "Gb2", "B GRW G", "Rb3", "Wc2"]
    game = played(Game(THREE), moves)
    assert game.outcome() == engine.Outcome(Termination.LINE, (1,))
    assert game.scores() == [1, 0, 2] and min(game.scores()) == game.scores()[game.winner]


def test_outcome_draw_by_repetition():
    game = played(plank.new_game(2, seed=0), BOTH_MOVING + SHUTTLE * 2)
    assert game.outcome() == engine.Outcome(Termination.REPETITION, ())
    assert game.outcome().is_draw and game.winner is None and game.winning_line is None
    assert game.current_player is None and game.scores() == [0, 0]


def test_outcome_draw_by_turn_limit():
    game = plank.new_game(3, seed=4, rules=Rules(turn_limit=3))
    for _ in range(3):
        game.play(game.legal_moves()[0])
    assert game.outcome() == engine.Outcome(Termination.TURN_LIMIT, ())
    assert game.current_player is None and game.view(1).current_player is None


def test_undo_of_the_last_move_reopens_the_hand():
    game = played(Game(TWO), LINE_FOR_A)
    game.undo()
    assert game.outcome() is None and game.winning_line is None and game.current_player == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_outcome_agrees_with_scores(players):
    lower = players in plank.SPEC.lower_scores_win
    assert lower == (players == 3)
    for seed in range(15):
        game = random_hand(players, seed)
        outcome, scores = game.outcome(), game.scores()
        best = min(scores) if lower else max(scores)
        assert outcome is not None and game.current_player is None
        if outcome.winners:
            assert outcome.termination is Termination.LINE
            assert {seat for seat in range(players) if scores[seat] == best} == set(outcome.winners)
            assert outcome.winners == game.team(game.winning_line.seat)
            assert game.winner == (None if players == 4 else outcome.winners[0])
        else:
            assert outcome.termination is not Termination.LINE and scores == [0] * players


# -- moves ------------------------------------------------------------------------


def test_move_parse_str_and_repr_round_trip():
    for text in ["Rb2", "b2-c12", "T GWR R", "B RWG b2", "pass"]:
        move = Move.parse(text)
        assert str(move) == text and Move.parse(str(move)) == move
        assert repr(move) == f"Move.parse({text!r})" and eval(repr(move)) == move
        assert hash(move) == hash(Move.parse(text))


def test_move_pass_is_one_move():
    assert Pass() == Move.PASS and Move.parse("pass") is Move.PASS
    assert isinstance(Move.PASS, Move) and str(Move.PASS) == "pass"


def test_move_coerce_takes_a_move_or_its_text():
    move = Place("R", Square(1, 1))
    assert Move.coerce(move) is move
    assert Move.coerce("Rb2") == move and Place.coerce("Rb2") == move
    shift = Move.parse("a1-b1")
    assert type(move).coerce(shift) is shift  # the kinds share Move's parse and coerce
    for thing in [7, None, ("R", "b2"), Square(0, 0)]:
        with pytest.raises(InvalidMoveError, match="not a Plank move"):
            Move.coerce(thing)
    with pytest.raises(InvalidMoveError):
        Move.coerce("a1 b1")


def test_bare_move_cannot_be_built():
    with pytest.raises(TypeError, match="not a kind of move"):
        Move()

    class Odd(Move):
        __slots__ = ()

    with pytest.raises(TypeError, match="not a kind of move"):
        Odd()


def test_moves_are_immutable():
    move = Place("R", Square(0, 0))
    with pytest.raises(AttributeError):
        move.colour = "G"  # type: ignore[misc]


# -- bots ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["random", "greedy", "search"])
def test_bot_refuses_to_move_out_of_turn_and_after_the_end(name):
    bot = plank.SPEC.bot(name, seed=1)
    game = Game(TWO)
    with pytest.raises(NotYourTurnError, match="seat 1 has no move: it is seat 0's turn"):
        bot.choose(game.view(1))
    assert bot.choose(game.view(0)) in game.legal_moves()
    over = played(Game(TWO), LINE_FOR_A)
    with pytest.raises(NotYourTurnError, match="the game is over"):
        bot.choose(over.view(1))


def test_bots_take_seed_and_settings_as_keywords():
    for entry in plank.SPEC.bots:
        assert entry.description and "\n" not in entry.description
        a, b = entry.factory(seed=5, **entry.settings), entry.factory(seed=5)
        view = played(Game(TWO), ["T RWG R"]).view(1)
        assert a.choose(view) == b.choose(view)
    assert plank.SPEC.bot_entry("search").settings == {"nodes": 400, "max_depth": 4}
    assert plank.SPEC.bot("search:nodes=50", seed=1).nodes == 50
    with pytest.raises(ValueError, match="nodes must be a positive integer"):
        plank.SearchBot(nodes=0)


def test_search_bot_budget_is_a_deprecated_name_of_nodes():
    with pytest.warns(DeprecationWarning, match="use nodes"):
        old = plank.SearchBot(seed=3, budget=60)
    assert old.nodes == 60
    view = played(Game(TWO), ["T RWG R"]).view(1)
    assert old.choose(view) == plank.SearchBot(seed=3, nodes=60).choose(view)
    with pytest.raises(TypeError, match="unexpected keyword"):
        plank.SearchBot(seed=3, depth=2)


def test_play_hand_is_a_deprecated_name_of_engine_play_game():
    bots = [plank.RandomBot(seed=1), plank.RandomBot(seed=2)]
    with pytest.warns(DeprecationWarning, match="engine.play_game"):
        game = plank.play_hand(plank.new_game(2, seed=4), bots)
    again = engine.play_game(
        plank.new_game(2, seed=4), [plank.RandomBot(seed=1), plank.RandomBot(seed=2)]
    )
    assert game.to_dict() == again.to_dict()


# -- views and seats --------------------------------------------------------------------


def test_view_takes_only_a_real_seat():
    game = plank.new_game(3, seed=1)
    for seat in [1.0, True, "1", None]:
        with pytest.raises(TypeError, match="a seat is an integer"):
            game.view(seat)
    with pytest.raises(ValueError, match="no seat 3"):
        game.view(3)


def test_view_of_an_ended_hand():
    view = played(Game(TWO), LINE_FOR_A).view(1)
    assert view.is_over and view.current_player is None and view.legal_moves() == []
    assert view.outcome() == engine.Outcome(Termination.LINE, (0,))
    assert view.winning_line.seat == 0
    assert isinstance(view, engine.View)


# -- records -----------------------------------------------------------------------------


def test_record_has_the_one_layout_with_the_deal_in_setup():
    game = played(plank.new_game(3, seed=9, hand=2), ["T RWG R", "B RGW G"])
    record = game.to_dict()
    assert list(record) == ["format", "game", "players", "rules", "seed", "setup", "moves"]
    assert record["format"] == 2 and record["game"] == "plank" and record["seed"] == 9
    assert record["setup"] == {**game.deal.to_dict(), "hand": 2}  # the hand the seed deals
    assert record["moves"] == ["T RWG R", "B RGW G"]
    again = Game.from_dict(json.loads(json.dumps(record)))
    assert again.to_dict() == record and again.deal == game.deal
    assert plank.SPEC.from_dict(record).to_dict() == record


def test_record_of_a_fresh_seed_replays():
    game = plank.new_game()
    assert game.players == 2 and isinstance(game.seed, int)
    assert plank.new_game(2, seed=game.seed).to_dict() == game.to_dict()


@pytest.mark.parametrize(
    ("change", "error", "match"),
    [
        ({"game": "linja"}, ValueError, "this is a 'linja' record, not a 'plank' record"),
        ({"game": None}, ValueError, "not a 'plank' record"),
        ({"format": 1}, ValueError, "unsupported plank record format 1"),
        ({"players": 2.0}, TypeError, "players must be an integer"),
        ({"players": True}, TypeError, "players must be an integer"),
        ({"players": 3}, ValueError, "record has 3 players but deals 2"),
        ({"seed": 1.5}, TypeError, "seed must be an integer"),
        ({"deal": {}}, ValueError, "unknown keys: deal"),
        ({"rules": {"draw": 1}}, ValueError, "unknown rule options: draw"),
        ({"moves": ["Ra1"]}, ValueError, "record move 1"),
    ],
)
def test_record_refused_with_a_clear_error(change, error, match):
    record = played(Game(TWO), ["T RWG R"]).to_dict()
    with pytest.raises(error, match=match):
        Game.from_dict(record | change)


STRIPS = [list(FULL * 2)] * 2


@pytest.mark.parametrize(
    ("setup", "error", "match"),
    [
        ({"letters": ["A", "B"], "strips": STRIPS}, ValueError, "deal lacks first"),
        ({"letters": "AB", "strips": STRIPS, "first": 0}, TypeError, "list of letters"),
        # a seat is an int, not a float or a bool
        ({"letters": ["A", "B"], "strips": STRIPS, "first": 0.0}, TypeError, "first seat"),
        ({"letters": ["A", "B"], "strips": STRIPS, "first": True}, TypeError, "first seat"),
        ({"letters": ["A", "A"], "strips": STRIPS, "first": 0}, ValueError, "letters"),
    ],
)
def test_record_deal_refused_with_a_clear_error(setup, error, match):
    record = Game(TWO).to_dict()
    with pytest.raises(error, match=match):
        Game.from_dict(record | {"setup": setup})


# -- match records ----------------------------------------------------------------------------


def two_hands() -> Match:
    match = Match(2, hands=3, seed=6)
    engine.play_game(match.game, [plank.GreedyBot(seed=1), plank.GreedyBot(seed=2)])
    match.next_hand()
    match.game.play(match.game.legal_moves()[0])
    return match


def test_match_record_has_the_one_layout():
    match = two_hands()
    record = match.to_dict()
    assert list(record) == ["format", "game", "players", "rules", "seed", "setup", "moves"]
    assert (record["format"], record["game"], record["players"], record["seed"]) == (
        2,
        "plank",
        2,
        6,
    )
    assert record["setup"] == {"hands": 3, "deals": [g.deal.to_dict() for g in match.games]}
    assert record["moves"] == [str(m) for g in match.games for m in g.history]
    again = Match.from_dict(json.loads(json.dumps(record)))
    assert again.to_dict() == record
    assert [g.to_dict() for g in again.games] == [g.to_dict() for g in match.games]


def test_match_record_with_a_hand_dealt_but_not_begun():
    match = Match(3, hands=2, seed=2)
    engine.play_game(match.game, [plank.GreedyBot(seed=s) for s in range(3)])
    match.next_hand()
    again = Match.from_dict(match.to_dict())
    assert len(again.games) == 2 and not again.game.history
    assert again.to_dict() == match.to_dict()


def test_match_and_hand_records_are_not_mixed_up():
    match_record, hand_record = two_hands().to_dict(), Game(TWO).to_dict()
    with pytest.raises(ValueError, match=r"Plank match record: read it with plank\.Match"):
        Game.from_dict(match_record)
    with pytest.raises(ValueError, match=r"one Plank hand: read it with plank\.Game"):
        Match.from_dict(hand_record)


@pytest.mark.parametrize(
    ("change", "error", "match"),
    [
        ({"game": "hue"}, ValueError, "this is a 'hue' record, not a 'plank' record"),
        ({"format": None}, ValueError, "unsupported plank record format"),
        ({"players": 2.0}, TypeError, "players must be an integer"),
        ({"seed": None}, ValueError, "needs the seed"),
        ({"games": []}, ValueError, "unknown keys: games"),
    ],
)
def test_match_record_refused_with_a_clear_error(change, error, match):
    record = two_hands().to_dict()
    with pytest.raises(error, match=match):
        Match.from_dict(record | change)


def test_match_record_with_wrong_deals_or_moves_refused():
    record = two_hands().to_dict()
    setup, moves = record["setup"], record["moves"]
    with pytest.raises(ValueError, match="not the one its seed deals"):
        Match.from_dict(record | {"seed": 7})
    with pytest.raises(ValueError, match="deals 1 to 3 hands"):
        Match.from_dict(record | {"setup": setup | {"deals": []}})
    with pytest.raises(ValueError, match="its deals 1"):
        Match.from_dict(record | {"setup": setup | {"deals": setup["deals"][:1]}})
    with pytest.raises(ValueError, match="hand 1 is not over"):
        Match.from_dict(record | {"moves": moves[:3]})
    with pytest.raises(ValueError, match=f"record move {len(moves)}"):
        Match.from_dict(record | {"moves": [*moves[:-1], "Zz9"]})


def test_match_record_cannot_play_past_the_last_hand():
    match = Match(2, hands=1, seed=3)
    engine.play_game(match.game, [plank.GreedyBot(seed=1), plank.GreedyBot(seed=2)])
    record = match.to_dict()
    with pytest.raises(ValueError, match="the match is over"):
        Match.from_dict(record | {"moves": [*record["moves"], "T RWG R"]})


def test_match_winner_is_a_seat_alone_and_winners_the_team():
    match = Match(4, hands=1, seed=1)
    engine.play_game(match.game, [plank.GreedyBot(seed=s) for s in range(4)])
    outcome = match.game.outcome()
    assert match.winners == outcome.winners and match.winner is None


# -- the registry -------------------------------------------------------------------------------


def test_plank_is_registered():
    spec = engine.game_spec("plank")
    assert spec is plank.SPEC and spec.game_class is Game and spec.rules_class is Rules
    assert (spec.min_players, spec.max_players) == (2, 4)
    assert spec.lower_scores_win == frozenset({3})
    assert [entry.name for entry in spec.bots] == ["random", "greedy", "search"]
    assert not hasattr(plank.bots, "BOTS") and not hasattr(plank, "Outcome")
    game = spec.new_game(4, 5)
    assert isinstance(game, engine.State) and game.seed == 5


def test_a_refused_play_leaves_the_game_as_it_was():
    game = played(plank.new_game(2, seed=0), BOTH_MOVING)
    before = game.to_dict()
    for move in ["Ra4", Place("R", Square(3, 0)), object(), "pass", "a9-a4"]:
        with pytest.raises((IllegalMoveError, InvalidMoveError)):
            game.play(move)
        assert game.to_dict() == before


def test_random_hands_replay_from_their_records():
    rng = random.Random(0)
    for players in (2, 3, 4):
        game = random_hand(players, rng.randrange(1000))
        assert Game.from_dict(game.to_dict()).outcome() == game.outcome()


# -- notation: every move reads back from its text -------------------------------------


def every_move():
    yield Pass()
    yield from PLACES.values()
    yield from (move for row in SHIFTS for move in row if move is not None)
    yield from LAY_PLACES.values()
    yield from LAY_SHIFTS.values()


def test_notation_round_trips_for_every_move():
    moves = list(every_move())
    assert len(set(moves)) == len(moves) == 1 + 108 + 36 * 35 + 36 + 432
    for move in moves:
        assert Move.parse(str(move)) == move
        assert eval(repr(move)) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Rb2", Place("R", Square(1, 1))),
        ("b2-c12", Shift(Square(1, 1), Square(11, 2))),
        ("T GWR R", LayPlace("GWR", "T", "R")),
        ("B RWG b2", LayShift("RWG", "B", Square(1, 1))),
        ("pass", Pass()),
        ("  t  gwr  w ", LayPlace("GWR", "T", "W")),
        ("RB2", Place("R", Square(1, 1))),
    ],
)
def test_notation_examples(text, move):
    assert Move.parse(text) == move


def test_notation_every_kind_parses_every_move():
    assert Place.parse("Ga1") == Place("G", Square(0, 0))
    assert Place.parse("a1-b1") == Shift(Square(0, 0), Square(0, 1))
    with pytest.raises(InvalidMoveError):
        Place.parse("a1 b1")


# -- random playouts: the engine's invariants at every step ----------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_random_playout_invariants(players, seed):
    rng = random.Random(seed)
    game = plank.new_game(players=players, seed=seed)
    records = [game.to_dict()]
    while not game.is_over:
        legal = game.legal_moves()
        assert legal and len(set(legal)) == len(legal)
        assert legal == [Pass()] or Pass() not in legal
        seat = game.current_player
        if not game.strips(seat):
            assert not any(isinstance(m, (plank.LayPlace, plank.LayShift)) for m in legal)

        twin = game.copy()
        assert twin.to_dict() == game.to_dict() and twin.legal_moves() == legal
        record = json.loads(json.dumps(game.to_dict()))
        assert Game.from_dict(record).to_dict() == record

        wins = []
        for move in legal:
            game.play(move)
            if game.is_over and game.outcome().termination is Termination.LINE:
                wins.append(move)
            game.undo()
            assert game.to_dict() == records[-1]
        assert sorted(map(str, wins)) == sorted(map(str, game.winning_moves()))
        assert (game.threats(seat) > 0) == bool(wins)

        move = rng.choice(legal)
        assert game.play(move) == move
        assert twin.to_dict() == records[-1]  # the copy is independent
        records.append(game.to_dict())
        assert (
            sum(map(sum, (game.off_table(s).values() for s in range(players))))
            + sum(o >= 0 for o in game.table.owners)
            == 6 * players
        )

    scores = game.scores()
    assert game.legal_moves() == []
    if not game.outcome().winners:
        assert scores == [0] * players
    else:
        assert sorted(scores) == {2: [0, 1], 3: [0, 1, 2], 4: [0, 0, 1, 1]}[players]
    while game.history:
        game.undo()
        records.pop()
        assert game.to_dict() == records[-1]


def test_same_seed_same_game_and_views():
    def run(seed):
        game = plank.new_game(3, seed=seed)
        bots = [plank.RandomBot(seed + k) for k in range(3)]
        return engine.play_game(game, bots).to_dict()

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_view_shows_everything_and_is_independent():
    game = plank.new_game(4, seed=2)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    view = game.view(1)
    assert view.player == 1 and view.current_player == game.current_player
    assert view.strips == tuple(game.strips(s) for s in range(4))
    assert [row[0] for row in view.table] == game.table.strips
    assert view.legal_moves() == (game.legal_moves() if game.current_player == 1 else [])
    copy = view.to_game()
    copy.play(copy.legal_moves()[0])
    assert view.to_game().to_dict() == game.to_dict()
