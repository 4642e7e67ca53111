"""Hues and Cues keeps the engine contract: outcome, moves, views, bots, records, registry."""

import ast
import json
from importlib import resources

import pytest

from huegames import IllegalMoveError, InvalidMoveError, NotYourTurnError, engine
from huegames import hues_and_cues as hc
from huegames.engine import Outcome

pytestmark = pytest.mark.backend_independent  # the same on either backend

T = hc.Termination


def finish_round(game, hits=()):
    """One round at H15: seats in ``hits`` put a piece next to it, the others far off."""
    game.play("target H15")
    game.play(next(iter(game.legal_moves())))  # a fresh legal one-word cue
    for _ in range(game.players - 1):
        seat = game.current_player
        game.play(f"guess G{14 + seat}" if seat in hits else f"guess P{1 + seat}")
    game.play("skip")


def three_players(**options):
    return hc.new_game(3, seed=1, rules=hc.Rules(free_target=True, rounds_per_giver=1, **options))


# -- outcome(), Termination, winner ---------------------------------------------------


def test_outcome_is_none_while_the_game_goes_on():
    game = three_players()
    finish_round(game, hits=(1,))
    assert game.outcome() is None and game.winner is None and not game.is_over
    assert game.current_player == 1


def test_rounds_played_one_leader_alone():
    game = three_players()
    finish_round(game, hits=(1,))  # giver 0 scores 2, seat 1 scores 2
    finish_round(game, hits=(0,))  # giver 1 scores 2, seat 0 scores 2
    finish_round(game, hits=(1,))  # giver 2 scores 2, seat 1 scores 2
    assert game.scores() == [4, 6, 2]
    assert game.outcome() == Outcome(T.ROUNDS_PLAYED, (1,))
    assert game.winner == 1 and game.current_player is None
    assert game.legal_moves() == [] and game.view(0).legal_moves() == []


def test_rounds_played_every_seat_tied_is_a_shared_win():
    game = three_players()
    for _ in range(3):
        finish_round(game)
    assert game.scores() == [0, 0, 0]
    assert game.outcome() == Outcome(T.ROUNDS_PLAYED, (0, 1, 2))
    assert game.winner is None and game.current_player is None


def test_rounds_played_tied_leaders_share_without_tie_breaks():
    game = three_players(tie_breaks=False)
    finish_round(game, hits=(1,))
    finish_round(game)
    finish_round(game)
    assert game.scores() == [2, 2, 0]
    assert game.outcome() == Outcome(T.ROUNDS_PLAYED, (0, 1))
    assert game.winner is None


def test_tie_break_one_leader_alone():
    game = three_players()
    finish_round(game, hits=(1,))
    finish_round(game)
    finish_round(game)
    assert not game.is_over and game.round.tie_break and game.round.giver == 2
    finish_round(game, hits=(0,))  # giver 2 and seat 0 score 2 each
    assert game.scores() == [4, 2, 2]
    assert game.outcome() == Outcome(T.TIE_BREAK, (0,)) and game.winner == 0


def test_tie_break_ending_with_every_seat_tied_is_a_shared_win():
    game = three_players()
    finish_round(game, hits=(1,))
    finish_round(game)
    finish_round(game)
    finish_round(game, hits=(0, 1))  # giver 2 scores 4: everyone on 4
    assert game.scores() == [4, 4, 4]
    assert game.outcome() == Outcome(T.TIE_BREAK, (0, 1, 2)) and game.winner is None


def test_undo_takes_the_outcome_back():
    game = three_players()
    for _ in range(3):
        finish_round(game)
    assert game.outcome() is not None
    game.undo()
    assert game.outcome() is None and game.current_player == 2


# -- moves --------------------------------------------------------------------------

MOVES = ["target H15", "cue pig", "cue cotton candy", "skip", "guess P30", "guess A1"]


@pytest.mark.parametrize("text", MOVES)
def test_move_parse_str_coerce_round_trip(text):
    move = hc.Move.parse(text)
    assert str(move) == text and hc.Move.parse(str(move)) == move
    assert hc.Move.coerce(text) == move and hc.Move.coerce(move) is move
    assert eval(repr(move), {"Move": hc.Move}) == move  # a repr pastes back
    assert hash(move) == hash(hc.Move.parse(text)) and isinstance(move, engine.Move)
    with pytest.raises(AttributeError):
        move.square = None


@pytest.mark.parametrize("bad", [42, None, b"skip", ["skip"], 1.5])
def test_move_coerce_refuses_what_is_not_a_move_or_its_text(bad):
    with pytest.raises(InvalidMoveError, match="a Move or its text"):
        hc.Move.coerce(bad)


@pytest.mark.parametrize("text", ["", "hint pig", "guess Z1", "skip now", "cue"])
def test_move_coerce_refuses_malformed_text(text):
    with pytest.raises(InvalidMoveError):
        hc.Move.coerce(text)


def test_play_accepts_a_move_or_its_text_and_returns_the_move():
    game = hc.new_game(3, seed=2)
    square = game.round.card.squares[1]
    assert game.play(f"target {square}") == hc.Move.target(square)
    move = hc.Move.cue("mint")
    assert game.play(move) is move


# -- views ---------------------------------------------------------------------------


@pytest.mark.parametrize(("seat", "error"), [(True, TypeError), (1.0, TypeError), ("1", TypeError)])
def test_view_takes_only_int_seats(seat, error):
    with pytest.raises(error, match="a seat is an int from 0 to 2"):
        hc.new_game(3, seed=0).view(seat)


@pytest.mark.parametrize("seat", [-1, 3])
def test_view_refuses_seats_that_do_not_exist(seat):
    with pytest.raises(ValueError, match=f"no seat {seat}: seats are 0 to 2"):
        hc.new_game(3, seed=0).view(seat)


def test_view_keeps_the_view_protocol():
    game = hc.new_game(4, seed=3)
    view = game.view(2)
    assert isinstance(view, engine.View) and isinstance(game, engine.State)
    assert (view.player, view.players, view.current_player, view.is_over) == (2, 4, 0, False)
    assert view.legal_moves() == [] and game.view(0).legal_moves() == game.legal_moves()


# -- bots ------------------------------------------------------------------------------

BOT_NAMES = [entry.name for entry in hc.SPEC.bots]


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_refuse_to_move_out_of_turn(name):
    game = hc.new_game(3, seed=4)
    bot = hc.SPEC.bot(name, seed=1)
    with pytest.raises(NotYourTurnError, match="seat 1 has no move: it is seat 0's turn"):
        bot.choose(game.view(1))
    assert game.play(bot.choose(game.view(0)))  # its own turn: a move


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_refuse_to_move_when_the_game_is_over(name):
    game = three_players()
    for _ in range(3):
        finish_round(game)
    bot = hc.SPEC.bot(name, seed=1)
    for seat in range(3):
        with pytest.raises(NotYourTurnError, match="the game is over"):
            bot.choose(game.view(seat))


def test_bot_classes_take_seed_and_settings_as_keywords():
    assert hc.RandomBot(seed=3).choose(hc.new_game(3, seed=0).view(0))
    bot = hc.LexiconBot(seed=3, source="css")
    assert bot.source == "css" and hc.LexiconBot().source == "en"
    assert hc.LexiconBot("es").vocabulary.name == "es"  # the source may come first
    with pytest.raises(TypeError, match="source must be a vocabulary name"):
        hc.LexiconBot(3)  # never a seed
    with pytest.raises(TypeError):
        hc.LexiconBot("css", 3)  # the seed is a keyword


# -- the registry ---------------------------------------------------------------------------


def test_spec_is_registered_under_the_record_name():
    assert engine.game_spec("hues-and-cues") is hc.SPEC
    assert hc.SPEC.name == "hues-and-cues" and hc.SPEC.title == "Hues and Cues"
    assert (hc.SPEC.min_players, hc.SPEC.max_players) == (hc.MIN_PLAYERS, hc.MAX_PLAYERS)
    assert hc.SPEC.game_class is hc.Game and hc.SPEC.rules_class is hc.Rules
    assert hc.SPEC.lower_scores_win == frozenset()
    assert "Termination" in hc.__all__ and "SPEC" in hc.__all__


def test_bot_catalogue_keeps_the_runner_names_with_settings_and_summaries():
    assert BOT_NAMES == ["random", "en", "es", "xkcd", "css", "all", "lexicon"]
    settings = {entry.name: entry.settings for entry in hc.SPEC.bots}
    assert settings == {
        "random": {},
        "en": {"source": "en"},
        "es": {"source": "es"},
        "xkcd": {"source": "xkcd"},
        "css": {"source": "css"},
        "all": {"source": "all"},
        "lexicon": {"source": "en"},
    }
    for entry in hc.SPEC.bots:
        assert entry.description and "\n" not in entry.description
    assert hc.SPEC.bot("css", seed=1).source == "css"
    assert hc.SPEC.bot("lexicon:source=all", seed=1).source == "all"
    with pytest.raises(ValueError, match="unknown hues-and-cues bot 'mcts'"):
        hc.SPEC.bot("mcts")


def test_new_game_signature_and_fresh_seed():
    game = hc.SPEC.new_game()
    assert game.players == hc.MIN_PLAYERS and isinstance(game.seed, int)
    assert game.to_dict()["seed"] == game.seed
    again = hc.new_game(4, 9, rules=hc.Rules(tie_breaks=False))
    assert (again.players, again.seed, again.rules.tie_breaks) == (4, 9, False)


def test_play_game_plays_bots_from_the_catalogue_to_the_end():
    game = hc.SPEC.new_game(len(BOT_NAMES), seed=6)
    bots = [hc.SPEC.bot(name, seed=seat) for seat, name in enumerate(BOT_NAMES)]
    engine.play_game(game, bots)
    outcome = game.outcome()
    top = max(game.scores())
    assert outcome.winners and all(game.scores()[seat] == top for seat in outcome.winners)
    assert game.current_player is None and game.winner == outcome.winner


# -- records --------------------------------------------------------------------------


def played(players=3, seed=5, **kw):
    game = hc.new_game(players, seed=seed, **kw)
    engine.play_game(game, [hc.RandomBot(seed=seat) for seat in range(players)])
    return game


def test_record_has_the_one_layout():
    game = played()
    record = game.to_dict()
    assert list(record) == ["format", "game", "players", "rules", "seed", "setup", "moves"]
    assert record["format"] == 2 and record["game"] == "hues-and-cues"
    assert record["players"] == 3 and record["seed"] == 5
    assert record["setup"] == {"board": None, "deck": None}  # the package's own board and deck
    assert record["rules"] == hc.Rules().to_dict()
    assert record["moves"] == [str(move) for move in game.history]


def test_record_round_trips_through_json_and_the_registry():
    game = played(deck=["A1 A2 A3 A4", "B1 B2 B3 B4"])
    record = json.loads(json.dumps(game.to_dict()))
    assert record["setup"]["deck"] == ["A1 A2 A3 A4", "B1 B2 B3 B4"]
    again = hc.SPEC.from_dict(record)
    assert again.to_dict() == record and again.outcome() == game.outcome()
    assert again.history == game.history


def test_record_of_another_game_is_refused():
    record = played().to_dict()
    with pytest.raises(ValueError, match="this is a 'hue' record, not a 'hues-and-cues' record"):
        hc.Game.from_dict({**record, "game": "hue"})
    with pytest.raises(ValueError, match="'hues_and_cues' record, not a 'hues-and-cues'"):
        hc.Game.from_dict({**record, "game": "hues_and_cues"})  # the old id


@pytest.mark.parametrize("version", [1, 3, None, "2"])
def test_record_of_another_format_is_refused(version):
    record = played().to_dict()
    with pytest.raises(ValueError, match="unsupported hues-and-cues record format"):
        hc.Game.from_dict({**record, "format": version})


def test_old_layout_record_is_refused():
    record = played().to_dict()
    old = {**record, "format": 1, "game": "hues_and_cues", "board": None, "deck": None}
    del old["setup"]
    with pytest.raises(ValueError):
        hc.Game.from_dict(old)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"board": None}, "setup lacks deck"),
        ({"board": None, "deck": None, "first": 0}, "setup has unknown keys: first"),
    ],
)
def test_record_setup_is_checked(setup, message):
    record = {**played().to_dict(), "setup": setup}
    with pytest.raises(ValueError, match=message):
        hc.Game.from_dict(record)


def test_record_needs_its_seed_to_shuffle_the_deck():
    record = {**played().to_dict(), "seed": None}
    with pytest.raises(TypeError, match="hues-and-cues record's seed must be an integer"):
        hc.Game.from_dict(record)


# -- no private reaching, no game <-> view loop ------------------------------------------


def test_modules_import_no_private_names_and_not_inside_functions():
    package = resources.files("huegames.hues_and_cues")
    for path in package.iterdir():
        if not path.name.endswith(".py"):
            continue
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{path.name} imports private {private} from {node.module}"
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(function):
                    if isinstance(node, ast.ImportFrom) and node.level:
                        pytest.fail(f"{path.name}: {function.name} imports .{node.module}")


def test_can_undo_says_whether_undo_takes_back_a_move():
    game = hc.new_game(players=3, seed=7)
    assert game.can_undo is False
    with pytest.raises(IllegalMoveError):
        game.undo()
    game.play("target N10")
    assert game.can_undo is True and game.copy().can_undo is True
    game.undo()
    assert game.can_undo is False
