"""The cue vocabulary: word → colour knowledge, reading real cues, Spanish.

Each reading bug found in it has its test here: a partial match is used
only through a real morphological relation.
"""

import csv
import json
import math
import subprocess
import sys
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from huegames import hues_and_cues as hc
from huegames.hues_and_cues import reading
from huegames.hues_and_cues.colour import oklab
from huegames.hues_and_cues.vocabulary import (
    STOP_WORDS,
    spanish_translations,
    vocabulary,
    words_of,
)

pytestmark = pytest.mark.backend_independent  # the same on either backend

ROOT = Path(__file__).resolve().parents[2]
BOARD = hc.default_board()


def read(name, text):
    return [colour.word for colour in vocabulary(name).read(text)]


def guess(name, cue, board=BOARD):
    """The square LexiconBot(name) picks as the first guesser after ``cue``."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from evaluate_guessers import first_guesser_view
    finally:
        sys.path.pop(0)
    return hc.LexiconBot(name).choose(first_guesser_view(board, cue)).square


# -- the reading bugs -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "not_this"),
    [("cucumber", "umber"), ("winter", "wintergreen"), ("submarine", "aquamarine")],
)
def test_a_shared_prefix_or_suffix_is_no_reading(word, not_this):
    for name in ("xkcd", "all"):  # they know the longer name, not the word
        assert read(name, word) == [], name
    assert read("en", word) == [word]  # a word of its own, pooled from its own names
    assert read("en", not_this) == [not_this]
    assert guess("en", word).distance(guess("en", not_this)) > 2


def test_css_reads_no_cornflower_in_sunflower():
    assert read("css", "sunflower") == []
    assert read("css", "cornflower") == ["cornflower"]
    assert read("en", "sunflower") == ["sunflower"]
    sunflower = oklab(BOARD[guess("en", "sunflower")])
    assert sunflower[2] > 0.1  # yellow (OKLab b), not cornflower blue
    assert guess("css", "sunflower").distance(guess("css", "cornflower")) > 2


@pytest.mark.parametrize("word", ["and", "a", "of", "off", "out", "the"])
def test_stop_words_carry_no_colour(word):
    assert word in STOP_WORDS
    assert words_of(f"{word} {word}") == ()
    for name in ("en", "xkcd", "css", "all"):
        assert vocabulary(name).read(word) == ()


def test_peter_and_paul_is_not_macaroni_and_cheese():
    assert "macaroni and cheese" in hc.lexicon("xkcd").names  # the name that held "and"
    assert read("xkcd", "peter and paul") == []
    assert read("xkcd", "macaroni and cheese") == ["macaroni cheese"]  # the phrase itself
    assert guess("xkcd", "peter and paul") != guess("xkcd", "macaroni and cheese")


def test_an_unknown_cue_goes_where_people_guess_not_to_the_mean_colour():
    table = reading.table("en", BOARD)
    prior = table.prior()
    assert table.cue("zzyzx") is None
    np.testing.assert_allclose(
        table.cues(["zzyzx"]), prior, rtol=2 * reading.FLOOR, atol=reading.FLOOR / len(hc.SQUARES)
    )
    square = guess("en", "zzyzx")
    assert square == hc.SQUARES[reading.best_square(prior, ())]
    labs = reading.board_labs(BOARD)
    mean = labs.mean(axis=0)
    mean_square = hc.SQUARES[int(((labs - mean) ** 2).sum(axis=1).argmin())]
    assert square.distance(mean_square) > 2
    # the prior is the typical pick of everyday words: vivid squares, not the grey middle
    assert prior.max() > 3 * prior.min()


def test_an_unknown_cue_follows_the_other_pieces():
    game = hc.new_game(4, seed=3, rules=hc.Rules(free_target=True))
    game.play("target A1")
    game.play("cue zzyzx")
    game.play("guess N27")
    assert hc.LexiconBot("en").choose(game.view(2)).square.distance(hc.Square.parse("N27")) <= 1


# -- morphology ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cue", "words"),
    [
        ("cherries", ["cherry"]),  # plural -ies
        ("tomatoes", ["tomato"]),  # plural -oes
        ("peaches", ["peach"]),  # plural -es
        ("lemons", ["lemon"]),  # plural -s
        ("CHERRY", ["cherry"]),  # case
        ("Crème", ["creme"]),  # accents
        ("peachish", ["peach"]),  # -ish
        ("lemony", ["lemon"]),  # -y
        ("tinny", ["tin"]),  # -y after a doubled consonant
        ("lemontree", ["lemon", "tree"]),  # a compound of two everyday words
        ("lemon-tree", ["lemon", "tree"]),  # hyphenated
        ("firetruck", ["fire truck"]),  # a known phrase run together
        ("school bus", ["school bus"]),  # a phrase
        ("dusty rose", ["dusty rose"]),  # an XKCD name of two words
        ("tomato soup", ["tomato", "soup"]),  # two words, each read
    ],
)
def test_real_morphology(cue, words):
    assert read("en", cue) == words


def test_two_words_read_as_both():
    table = reading.table("en", BOARD)
    both, first, second = table.cue("forest floor"), table.cue("forest"), table.cue("floor")
    assert both is not None and abs(both.sum() - 1) < 1e-9
    apart = float(first @ second)  # how much the parts agree on their own
    assert float(both @ first) > apart and float(both @ second) > apart


def test_a_word_is_a_mixture_of_its_names():
    sea = vocabulary("en").words["sea"]
    assert sea.names > 100 and len(sea.components) >= 2
    assert math.isclose(sum(c.share for c in sea.components), 1, abs_tol=0.02)
    assert sea.components[0].share >= sea.components[-1].share


# -- curated entries and their licences ---------------------------------------------------


def curated_rows():
    text = resources.files("huegames.hues_and_cues").joinpath("data/curated.csv")
    return list(csv.DictReader(text.read_text("utf-8").splitlines()))


@pytest.mark.parametrize("row", curated_rows(), ids=lambda row: row["word"])
def test_each_curated_entry_is_in_the_vocabulary_as_written(row):
    colour = vocabulary("en").read(row["word"])
    assert len(colour) == 1 and colour[0].common
    expected = sorted(oklab(hex_colour) for hex_colour in row["colours"].split())
    assert sorted(c.lab for c in colour[0].components) == [
        tuple(round(x, 3) for x in lab) for lab in expected
    ]


def test_sources_and_licences_ship_with_the_data():
    data = resources.files("huegames.hues_and_cues").joinpath("data")
    notice = data.joinpath("LICENSE-lexicon.md").read_text("utf-8")
    for needed in ("meodai/color-names", "MIT License", "CC0", "SCOWL", "Kevin Atkinson"):
        assert needed in notice
    for name in ("vocabulary.csv", "curated.csv", "spanish.csv"):
        assert f"`{name}`" in notice


# -- Spanish ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cue", "english"),
    [
        ("fresa", "strawberry"),
        ("FRESAS", "strawberry"),  # plural, case
        ("limón", "lemon"),
        ("limon", "lemon"),  # accents optional
        ("limones", "lemon"),
        ("fresita", "strawberry"),  # a diminutive
        ("amarilla", "yellow"),  # feminine
        ("pavo real", "peacock"),  # a phrase
        ("estrella de mar", "starfish"),  # with a stop word
    ],
)
def test_spanish_reading(cue, english):
    assert read("es", cue) == [english]


def test_spanish_and_english_readers_understand_each_other():
    assert read("es", "banana") == ["banana"] and read("es", "cucumber") == ["cucumber"]
    assert read("en", "fresa") == ["strawberry"]  # automatic: no English word "fresa"
    assert read("en", "rosa") == ["rose"]  # a Spanish word, not a rare paint-name word
    assert read("en", "café") == ["coffee"]  # written with an accent: Spanish first
    assert read("en", "lava") == ["lava"]


def test_every_spanish_translation_reads_an_english_word():
    english = vocabulary("en")
    translations = spanish_translations()
    assert len(translations) > 600
    for spanish, word in translations.items():
        assert english.words.get(word) or english.word(word), (spanish, word)
        assert spanish == " ".join(words_of(spanish))


def test_the_guesser_refuses_no_word():
    for cue in ("zzyzx", "qwertyuiop", "ññññ", "peter and paul", "オレンジ", "a"):
        assert guess("es", cue) in hc.SQUARES and guess("en", cue) in hc.SQUARES


# -- the board model ------------------------------------------------------------------------


def test_expected_points_sum_the_frame_around_each_square():
    rng = np.random.default_rng(5)
    probability = rng.random(len(hc.SQUARES))
    probability /= probability.sum()
    expected = reading.expected_points(probability)
    for index in rng.choice(len(hc.SQUARES), size=25, replace=False):
        square = hc.SQUARES[index]
        brute = sum(
            probability[other.row * 30 + other.column] * hc.guess_points(square.distance(other))
            for other in hc.SQUARES
        )
        assert math.isclose(expected[index], brute, rel_tol=1e-9)
    batch = reading.expected_points(np.stack([probability, probability[::-1]]))
    np.testing.assert_allclose(batch[0], expected)


def test_other_pieces_are_evidence_near_them():
    pieces = [hc.Square.parse("C3"), hc.Square.parse("C4")]
    likelihood = reading.evidence(pieces)
    assert likelihood.argmax() in (2 * 30 + 2, 2 * 30 + 3)
    assert likelihood.min() == pytest.approx(reading.PIECE_DOUBT**2, rel=0.2)


def test_any_printed_board_loads_and_is_read(tmp_path):
    rows = [",".join(BOARD[hc.Square(r, c)] for c in reversed(range(30))) for r in range(16)]
    path = tmp_path / "mirrored.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    mirrored = hc.Board.from_csv(path)
    square = guess("en", "banana", mirrored)
    here = guess("en", "banana")
    assert (square.row, square.column) == (here.row, 29 - here.column)


# -- the held-out evaluation (scripts/evaluate_guessers.py) ---------------------------------


def test_held_out_evaluation_scores_the_everyday_vocabularies_well_above_the_lexicons():
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts/evaluate_guessers.py"),
            "--bots",
            "en,es,css",
            "--json",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    scores = json.loads(result.stdout)
    random_square = scores["random square"]["all"]["points_per_guess"]
    assert 0.05 < random_square < 0.1
    assert scores["en"]["en"]["cases"] > 100 and scores["es"]["es"]["cases"] > 100
    assert scores["en"]["en"]["points_per_guess"] > 0.7
    assert scores["es"]["es"]["points_per_guess"] > 0.7
    assert scores["en"]["es"]["points_per_guess"] > 0.7  # Spanish words read by "en"
    assert scores["css"]["en"]["points_per_guess"] < scores["en"]["en"]["points_per_guess"] - 0.3
