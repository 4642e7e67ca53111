"""Linja's Game API and the engine contract: outcome, seats, moves and their
notation, bots, records, undo and copy, the registry, random playouts and perft."""

import json
import random

import pytest

from huegames import NotYourTurnError, engine, linja, records
from huegames.linja import (
    Board,
    Game,
    GreedyBot,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    RandomBot,
    Rules,
    SearchBot,
    Termination,
    Turn,
    turn_outcomes,
)

PASSED_RED = ((0, 0, 0, 0, 0, 2, 2, 8), (6, 4, 2, 0, 0, 0, 0, 0))  # 50 to 46
BLOCKADE = ((0, 0, 0, 0, 0, 6, 0, 6), (6, 0, 0, 0, 0, 0, 6, 0))  # 42 to 30
EQUAL = ((0, 0, 0, 0, 0, 0, 5, 7), (10, 0, 0, 0, 2, 0, 0, 0))  # 50 to 50, black 10 in goal
BOT_CLASSES = [RandomBot, GreedyBot, SearchBot]


def position(red, black, first=linja.RED, rules=None) -> Game:
    return Game(Board.of(red, black), first, rules=rules)


def random_game(seed: int, moves: int | None = None) -> Game:
    game, rng = linja.new_game(seed=seed), random.Random(seed)
    while not game.is_over and (moves is None or len(game.history) < moves):
        game.play(rng.choice(game.legal_moves()))
    return game


# -- outcome, Termination, winner, current_player ---------------------------------


def test_outcome_is_none_while_the_game_goes_on():
    game = linja.new_game(seed=1)
    assert game.outcome() is None and game.winner is None and not game.is_over
    assert game.current_player in (0, 1) and game.players == 2


def test_outcome_when_the_sides_have_passed():
    game = position(*PASSED_RED)
    assert game.scores() == [50, 46]
    assert game.outcome() == engine.Outcome(Termination.PASSED, (0,))
    assert game.winner == 0


def test_outcome_of_a_game_played_to_the_passing():
    game = position((0, 0, 0, 1, 2, 0, 0, 9), (9, 1, 1, 1, 0, 0, 0, 0))
    game.play("3-4")
    assert game.outcome() == engine.Outcome(Termination.PASSED, (1,)) and game.winner == 1


def test_outcome_of_a_blockade_scored_and_under_the_draw_option():
    assert position(*BLOCKADE).outcome() == engine.Outcome(Termination.BLOCKADE, (0,))
    drawn = position(*BLOCKADE, rules=Rules(blockade="draw"))
    assert drawn.outcome() == engine.Outcome(Termination.BLOCKADE, ())
    assert drawn.outcome().is_draw and drawn.winner is None


def test_outcome_of_equal_points_and_the_goal_tie_break():
    game = position(*EQUAL)
    assert game.outcome() == engine.Outcome(Termination.PASSED, ()) and game.winner is None
    broken = position(*EQUAL, rules=Rules(tie_break="goal"))
    assert broken.outcome() == engine.Outcome(Termination.PASSED, (1,)) and broken.winner == 1


def test_termination_is_an_enum_of_the_two_ways_a_game_ends():
    assert [t.value for t in Termination] == ["passed", "blockade"]
    assert linja.Termination is Termination


@pytest.mark.parametrize("seed", range(8))
def test_outcome_agrees_with_scores_and_winner(seed):
    game = random_game(seed)
    outcome = game.outcome()
    assert isinstance(outcome, engine.Outcome) and isinstance(outcome.termination, Termination)
    scores = game.scores()
    assert all(scores[seat] == max(scores) for seat in outcome.winners)
    assert game.winner == outcome.winner


def test_current_player_is_none_once_over_and_play_is_refused():
    game = position(*BLOCKADE)
    assert game.is_over and game.current_player is engine.GAME_OVER is None
    view = game.view(0)
    assert view.current_player is None and view.is_over and view.legal_moves() == []
    with pytest.raises(linja.IllegalMoveError, match="over \\(blockade\\)"):
        game.play("pass")
    assert "over (blockade)" in repr(game)


def test_game_and_view_keep_the_protocols():
    game = linja.new_game(seed=3)
    view = game.view(1)
    assert isinstance(game, engine.State) and isinstance(view, engine.View)
    assert view.player == 1 and view.players == 2
    assert view.current_player == game.current_player


@pytest.mark.parametrize("seat", [1.0, True, False, "0", None])
def test_view_takes_only_an_int_seat(seat):
    with pytest.raises(TypeError, match="seat number"):
        Game().view(seat)


@pytest.mark.parametrize("seat", [2, -1])
def test_view_refuses_a_seat_that_does_not_exist(seat):
    with pytest.raises(ValueError, match="no seat"):
        Game().view(seat)


def test_first_player_must_be_an_int_seat():
    for first in (1.0, True):
        with pytest.raises(TypeError):
            Game(first_player=first)
    with pytest.raises(ValueError):
        linja.new_game(seed=1, first_player=2)


# -- new_game ----------------------------------------------------------------------


def test_new_game_takes_players_first_and_seed_second():
    assert linja.new_game(2, 7).to_dict() == linja.new_game(seed=7).to_dict()
    assert linja.new_game(2, 7).seed == 7
    for players in (1, 3):
        with pytest.raises(ValueError, match="Linja is for 2 players"):
            linja.new_game(players, 7)
    for players in (2.0, True, "2"):  # integers mean int
        with pytest.raises(TypeError, match="players must be an integer"):
            linja.new_game(players, 7)
    for seed in (1.5, "7", True):
        with pytest.raises(TypeError, match="seed"):
            linja.new_game(2, seed)


def test_a_fresh_seed_is_kept_and_replays():
    game = linja.new_game()
    assert isinstance(game.seed, int) and game.to_dict()["seed"] == game.seed
    assert linja.new_game(seed=game.seed).to_dict() == game.to_dict()


# -- moves -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_every_legal_move_round_trips_through_text_and_coerce(seed):
    game, rng = linja.new_game(seed=seed), random.Random(seed)
    while not game.is_over:
        for move in game.legal_moves():
            text = str(move)
            assert Move.parse(text) == move and Move.coerce(text) == move
            assert Move.coerce(move) is move and eval(repr(move)) == move
            assert hash(Move.parse(text)) == hash(move)
        game.play(str(rng.choice(game.legal_moves())))


def test_coerce_refuses_what_is_not_a_move():
    for bad in (3, None, (0, 1), Move(0, 9), Move(2, 2), "1 2", "0-1 1-3", "\u00b9-2"):
        with pytest.raises((InvalidMoveError, TypeError)):
            Move.coerce(bad)
    assert Move.coerce(" PASS ") is Move.PASS and str(Move.PASS) == "pass"


def test_moves_are_immutable():
    with pytest.raises(AttributeError):
        Move.parse("0-1").src = 2  # type: ignore[misc]


def test_turn_keeps_its_own_parse():
    turn = Turn.parse("0-1 1-3")
    assert turn.moves == (Move.parse("0-1"), Move.parse("1-3"))
    assert Turn.parse(str(turn)) == turn and eval(repr(turn)) == turn
    assert Turn.coerce(turn) == turn and Turn.coerce(["0-1", "1-3"]) == turn


# -- bots ------------------------------------------------------------------------------


@pytest.mark.parametrize("bot_class", BOT_CLASSES)
def test_bots_refuse_out_of_turn_and_after_the_end(bot_class):
    bot = bot_class(seed=1)
    game = Game()  # red to move
    for choose in (bot.choose, bot.choose_turn):
        with pytest.raises(NotYourTurnError, match="seat 0's turn"):
            choose(game.view(linja.BLACK))
        with pytest.raises(NotYourTurnError, match="game is over"):
            choose(position(*BLOCKADE).view(linja.RED))
    assert issubclass(NotYourTurnError, ValueError)


@pytest.mark.parametrize("bot_class", BOT_CLASSES)
def test_bots_are_made_with_a_seed_keyword_and_repeat_from_it(bot_class):
    def record():
        bots = [bot_class(seed=3), bot_class(seed=4)]
        return engine.play_game(linja.new_game(seed=8), bots).to_dict()

    assert record() == record()


def test_search_bot_settings_and_their_checks():
    assert engine.factory_settings(SearchBot) == {"nodes": 100, "max_depth": 4}
    assert engine.factory_settings(GreedyBot) == {} == engine.factory_settings(RandomBot)
    bot = SearchBot(seed=1, nodes=20, max_depth=3)
    assert (bot.nodes, bot.max_depth) == (20, 3)
    for settings, error in (
        ({"nodes": -1}, ValueError),
        ({"max_depth": 0}, ValueError),
        ({"nodes": 2.5}, TypeError),
        ({"nodes": True}, TypeError),
    ):
        with pytest.raises(error):
            SearchBot(seed=1, **settings)


# -- play loops ------------------------------------------------------------------------


def test_engine_play_game_plays_linja_to_the_end():
    moves = []
    game = engine.play_game(
        linja.new_game(seed=4),
        [GreedyBot(seed=1), RandomBot(seed=2)],
        on_move=lambda game, move: moves.append(move),
    )
    assert game.is_over and game.outcome() is not None and moves == game.history
    with pytest.raises(ValueError, match="one bot per seat"):
        engine.play_game(linja.new_game(seed=4), [GreedyBot(seed=1)])


def test_linja_has_no_loop_or_bot_table_of_its_own():
    for name in ("play_game", "Bot"):
        assert not hasattr(linja, name) and not hasattr(linja.match, name)
    assert not hasattr(linja.bots, "BOTS")


def test_play_match_is_built_on_the_engine_loop():
    games = linja.play_match([GreedyBot(seed=1), RandomBot(seed=2)], games=2, seed=5)
    assert len(games) == 2 and all(game.is_over for game in games)
    assert games[1].first_player == linja.next_first_player(games[0])


# -- records ---------------------------------------------------------------------------


def test_record_is_in_the_one_layout():
    game = random_game(6, moves=9)
    record = game.to_dict()
    assert list(record) == ["format", "game", "players", "rules", "seed", "setup", "moves"]
    assert record["format"] == records.FORMAT and record["game"] == "linja"
    assert record["players"] == 2 and record["seed"] == 6
    assert record["rules"] == Rules().to_dict()
    assert record["setup"] == {"first_player": game.first_player}
    assert record["moves"] == [str(move) for move in game.history]
    assert records.check_record(record, "linja") is record


def test_record_round_trips_through_json_and_the_registry():
    game = random_game(7)
    again = linja.SPEC.from_dict(json.loads(json.dumps(game.to_dict())))
    assert isinstance(again, Game) and again.state == game.state
    assert again.outcome() == game.outcome() and again.to_dict() == game.to_dict()


def test_a_custom_start_board_goes_in_setup():
    board = Board.of((6, 2, 2, 0, 0, 1, 1, 0), (1, 1, 1, 0, 0, 1, 1, 7))
    game = linja.new_game(seed=2, first_player=0, board=board)
    game.play(game.legal_moves()[0])
    record = game.to_dict()
    assert record["setup"] == {"first_player": 0, "board": board.to_dict()}
    again = Game.from_dict(json.loads(json.dumps(record)))
    assert again.start == board and again.state == game.state and again.seed == 2


def test_a_record_of_another_game_is_refused_clearly():
    record = random_game(4, moves=3).to_dict()
    with pytest.raises(ValueError, match="this is a 'hue' record, not a 'linja' record"):
        Game.from_dict({**record, "game": "hue"})


def test_a_record_of_another_format_is_refused():
    record = random_game(4, moves=3).to_dict()
    for version in (1, 99, "2"):
        with pytest.raises(ValueError, match="unsupported linja record format"):
            Game.from_dict({**record, "format": version})


@pytest.mark.parametrize(
    ("change", "error", "match"),
    [
        ({"players": 3}, ValueError, "2 players"),
        ({"setup": {}}, ValueError, "lacks first_player"),
        ({"setup": {"first_player": 0, "start": None}}, ValueError, "unknown keys: start"),
        ({"setup": {"first_player": 1.0}}, TypeError, "first_player"),
        ({"setup": {"first_player": 0, "board": {"red": [12]}}}, ValueError, "board"),
        ({"setup": [0]}, TypeError, "setup must be a mapping"),
        ({"seed": "7"}, TypeError, "seed"),
        ({"first_player": 0}, ValueError, "unknown keys: first_player"),
        ({"moves": ["0-1", "9-9"]}, ValueError, "record move"),
    ],
)
def test_bad_records_are_refused_with_a_reason(change, error, match):
    record = Game().to_dict()
    with pytest.raises(error, match=match):
        Game.from_dict({**record, **change})


# -- the registry ----------------------------------------------------------------------


def test_linja_is_registered_with_its_bots():
    spec = engine.game_spec("linja")
    assert spec is linja.SPEC and spec.title == "Linja" and spec.game_class is Game
    assert (spec.min_players, spec.max_players) == (2, 2) and spec.rules_class is Rules
    assert spec.bot_names() == "random, greedy, search"
    assert all(entry.description for entry in spec.bots)
    game = spec.new_game(2, 11)
    bots = [spec.bot("search", seed=1, nodes=20), spec.bot("greedy", seed=2)]
    assert bots[0].nodes == 20
    assert engine.play_game(game, bots).is_over
    built = engine.BotSpec.parse("search:nodes=30:max_depth=3").build(spec, seed=5)
    assert isinstance(built, SearchBot) and (built.nodes, built.max_depth) == (30, 3)


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
