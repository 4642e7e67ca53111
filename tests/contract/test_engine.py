"""The contract's own pieces: Outcome, seeds, turn checks, bot specs, the registry."""

from __future__ import annotations

import enum
import importlib.metadata
import pickle

import pytest

from huegames import NotYourTurnError, engine


class Ending(enum.Enum):
    DONE = "done"


# -- Outcome -----------------------------------------------------------------------


def test_outcome_winner_is_the_seat_that_won_alone():
    assert engine.Outcome(Ending.DONE, (2,)).winner == 2
    assert engine.Outcome(Ending.DONE, (0, 2)).winner is None
    assert engine.Outcome(Ending.DONE, ()).winner is None


def test_outcome_draw_is_no_winners():
    assert engine.Outcome(Ending.DONE, ()).is_draw
    assert not engine.Outcome(Ending.DONE, (1,)).is_draw


@pytest.mark.parametrize(
    ("termination", "winners", "error"),
    [
        ("done", (0,), TypeError),
        (Ending.DONE, [0], TypeError),
        (Ending.DONE, (True,), TypeError),
        (Ending.DONE, (1.0,), TypeError),
        (Ending.DONE, (-1,), TypeError),
        (Ending.DONE, (2, 0), ValueError),
        (Ending.DONE, (1, 1), ValueError),
    ],
)
def test_outcome_refuses_malformed_values(termination, winners, error):
    with pytest.raises(error):
        engine.Outcome(termination, winners)


def test_outcome_is_immutable_and_hashable():
    outcome = engine.Outcome(Ending.DONE, (1,))
    with pytest.raises(AttributeError):
        outcome.winners = (0,)  # type: ignore[misc]
    assert {outcome: 1}[engine.Outcome(Ending.DONE, (1,))] == 1


# -- seeds ---------------------------------------------------------------------------


def test_derive_seed_is_fixed_data_not_the_process_hash():
    # The value is pinned: it must not change across Python versions or machines.
    seed = engine.derive_seed(7, 3)
    assert seed == engine.derive_seed(7, 3)
    assert 0 <= seed < 2**63
    assert seed != engine.derive_seed(3, 7)
    assert seed != engine.derive_seed(7, 3, "random")


def test_fresh_seeds_are_63_bit_and_differ():
    seeds = {engine.fresh_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(0 <= seed < 2**63 for seed in seeds)


# -- turns -------------------------------------------------------------------------


class FakeView:
    def __init__(self, player, current_player, is_over=False):
        self.player, self.players = player, 2
        self.current_player, self.is_over = current_player, is_over

    def legal_moves(self):
        return []


def test_check_turn_returns_the_seat_to_move():
    assert engine.check_turn(FakeView(1, 1)) == 1


def test_check_turn_refuses_out_of_turn_and_after_the_end():
    with pytest.raises(NotYourTurnError, match="seat 0's turn"):
        engine.check_turn(FakeView(1, 0))
    with pytest.raises(NotYourTurnError, match="over"):
        engine.check_turn(FakeView(1, None, is_over=True))
    assert issubclass(NotYourTurnError, ValueError)


# -- bot specs --------------------------------------------------------------------


class CountingBot:
    """A test bot with typed settings."""

    def __init__(self, seed=None, depth=3, rate=0.5, fast=False, style="plain"):
        self.seed, self.depth, self.rate, self.fast, self.style = seed, depth, rate, fast, style

    def choose(self, view):
        raise NotImplementedError


SPEC = engine.GameSpec(
    name="test-game",
    title="Test game",
    min_players=2,
    max_players=3,
    new_game=lambda players=2, seed=None, rules=None: None,  # type: ignore[arg-type,return-value]
    game_class=object,
    rules_class=object,
    bots=(engine.BotEntry("counting", CountingBot),),
)


def test_bot_spec_parses_a_name_with_settings():
    spec = engine.BotSpec.parse("counting:depth=5:rate=0.25:fast=yes:style=bold")
    assert spec.factory == "counting"
    assert spec.settings == (("depth", 5), ("rate", 0.25), ("fast", "yes"), ("style", "bold"))
    bot = spec.build(SPEC, seed=9)
    assert (bot.seed, bot.depth, bot.rate, bot.fast, bot.style) == (9, 5, 0.25, True, "bold")
    assert spec.label == "counting:depth=5:rate=0.25:fast=yes:style=bold"


def test_bot_spec_reads_an_import_path():
    spec = engine.BotSpec.parse("contract.test_engine:CountingBot:depth=2")
    assert spec.factory == "contract.test_engine:CountingBot"
    assert isinstance(spec.build(SPEC, seed=1), CountingBot)


def test_bot_spec_takes_a_class_and_pickles():
    spec = engine.BotSpec.of(CountingBot, depth=4)
    assert pickle.loads(pickle.dumps(spec)) == spec
    assert spec.build(SPEC, 3).depth == 4
    assert spec.label == "CountingBot:depth=4"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "bad bot spec"),
        (":depth=3", "bad bot spec"),
        ("counting:depth=3:extra", "bad bot spec"),
        ("counting:3x=1", "bad bot setting"),
    ],
)
def test_bot_spec_refuses_malformed_text(text, message):
    with pytest.raises(ValueError, match=message):
        engine.BotSpec.parse(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nobody", "unknown test-game bot 'nobody': choose from counting"),
        ("counting:width=3", "no setting 'width'"),
        ("counting:depth=deep", "setting depth must be int"),
        ("counting:fast=maybe", "true or false"),
        ("no.such.module:Bot", "cannot import bot"),
        ("contract.test_engine:Missing", "cannot import bot"),
        ("contract.test_engine:SPEC", "is not a class or factory"),
    ],
)
def test_bot_spec_errors_name_the_problem(text, message):
    with pytest.raises(ValueError, match=message):
        engine.BotSpec.parse(text).check(SPEC)


def test_bot_entry_describes_itself_from_the_docstring():
    entry = SPEC.bot_entry("counting")
    assert entry.description == "A test bot with typed settings."
    assert entry.settings == {"depth": 3, "rate": 0.5, "fast": False, "style": "plain"}


# -- registry --------------------------------------------------------------------


def test_registry_knows_the_four_games_by_record_name_through_their_entry_points():
    installed = {
        entry.name: entry.value
        for entry in importlib.metadata.entry_points(group=engine.GAMES_GROUP)
    }
    assert installed == {
        "hue": "huegames.hue:SPEC",
        "linja": "huegames.linja:SPEC",
        "plank": "huegames.plank:SPEC",
        "hues-and-cues": "huegames.hues_and_cues:SPEC",
    }
    assert engine.game_names()[:4] == ["hue", "hues-and-cues", "linja", "plank"]
    for name in engine.game_names()[:4]:
        assert engine.game_spec(name).name == name


def test_a_game_installed_elsewhere_registers_through_the_same_entry_point_group(
    tmp_path, monkeypatch
):
    # A distribution of its own on sys.path, naming its GameSpec in the group.
    info = tmp_path / "elsewhere_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: elsewhere-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        f"[{engine.GAMES_GROUP}]\nlinja-installed = elsewheregame:SPEC\n"
    )
    (tmp_path / "elsewheregame.py").write_text(
        "import dataclasses\n"
        "from huegames import linja\n"
        "SPEC = dataclasses.replace(linja.SPEC, name='linja-installed', title='Linja installed')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    engine._installed.cache_clear()
    try:
        assert "linja-installed" in engine.game_names()
        spec = engine.game_spec("linja-installed")  # loaded and registered on first use
        assert spec.title == "Linja installed"
        assert spec.new_game(seed=1).to_dict()["game"] == "linja"
    finally:
        engine._REGISTRY.pop("linja-installed", None)
        engine._installed.cache_clear()


def test_registry_refuses_unknown_games():
    with pytest.raises(ValueError, match="unknown game 'chess': choose from hue, hues-and-cues"):
        engine.game_spec("chess")


def test_a_games_module_name_finds_it_and_an_unknown_one_is_named_as_given():
    assert engine.game_spec("hues_and_cues") is engine.game_spec("hues-and-cues")
    with pytest.raises(ValueError, match="unknown game 'no_such_game'"):
        engine.game_spec("no_such_game")


def test_registry_refuses_a_second_game_under_a_taken_name():
    spec = engine.game_spec("linja")
    impostor = engine.GameSpec(
        name="linja",
        title="Not Linja",
        min_players=2,
        max_players=2,
        new_game=spec.new_game,
        game_class=object,
        rules_class=object,
        bots=(),
    )
    with pytest.raises(ValueError, match="already registered"):
        engine.register(impostor)


def test_check_players_names_the_range():
    assert SPEC.check_players(3) == 3
    for bad in (1, 4):
        with pytest.raises(ValueError, match="Test game is for 2 to 3 players"):
            SPEC.check_players(bad)


def test_check_players_takes_only_int():
    for bad in (2.0, True, "2"):
        with pytest.raises(TypeError, match="players must be an integer"):
            SPEC.check_players(bad)
