"""The Spanish cue words (``data/spanish.csv``): as broad as everyday English.

Each row is a Spanish form and the English word or phrase of
``data/vocabulary.csv`` it is read as.  These tests hold the file to its
rules (one meaning per form, every target known, the share of everyday
English it covers) and check the readings in both directions: a Spanish
reader reads a Spanish word as the English word it translates, an English
reader understands it too, and a Spanish reader understands English.
"""

import csv
import io
from collections import Counter
from importlib import resources

import pytest

from huegames.hues_and_cues.vocabulary import spanish_translations, vocabulary, words_of

pytestmark = pytest.mark.backend_independent  # the same on either backend

DATA = resources.files("huegames.hues_and_cues").joinpath("data")

FUNCTION_WORDS = frozenset(
    {
        *("about", "above", "after", "albeit", "all", "almost", "always", "am", "anon"),
        *("are", "around", "away", "barely", "before", "below", "beyond", "but"),
        *("certain", "co", "could", "do", "enough", "even", "evermore", "far", "forward"),
        *("go", "going", "has", "he", "her", "hey", "how", "if", "ii", "less", "let"),
        *("like", "made", "maybe", "met", "mi", "more", "mr", "myself", "nearly", "never"),
        *("non", "not", "oh", "once", "only", "over", "pa", "perfectly", "put", "putting"),
        *("quite", "re", "really", "she", "simply", "slightly", "somewhere", "such", "take"),
        *("tell", "than", "that", "there", "think", "totally", "truly", "under", "up", "us"),
        *("va", "very", "vie", "we", "what", "when", "where", "who", "yonder", "you", "yours"),
    }
)
"""Everyday English words of ``vocabulary.csv`` with no colour sense of their
own: pronouns, prepositions, conjunctions, auxiliaries, adverbs of degree and
time, interjections, abbreviations."""
COVERAGE = 0.88
"""The least share of everyday English words with a colour sense (the single
words marked ``common`` in ``vocabulary.csv``, less :data:`FUNCTION_WORDS`)
that some Spanish form translates."""


def spanish_rows() -> list[list[str]]:
    """The rows of ``data/spanish.csv``, its header first."""
    return list(csv.reader(io.StringIO(DATA.joinpath("spanish.csv").read_text("utf-8"))))


def english_words(*, common_only: bool = False) -> set[str]:
    """The words and phrases of the built table ``data/vocabulary.csv``."""
    rows = csv.reader(io.StringIO(DATA.joinpath("vocabulary.csv").read_text("utf-8")))
    next(rows)
    return {row[0] for row in rows if row[2] == "1" or not common_only}


def colours(name: str, text: str) -> tuple:
    """The colour mixtures vocabulary ``name`` reads in ``text``."""
    return tuple(colour.components for colour in vocabulary(name).read(text))


def test_every_row_is_a_spanish_form_and_an_english_word():
    header, *rows = spanish_rows()
    known = english_words()
    assert header == ["spanish", "english"]
    assert all(len(row) == 2 for row in rows)
    assert [s for s, _ in rows if s != s.strip() or not words_of(s)] == []
    assert sorted({english for _, english in rows} - known) == []


def test_no_row_is_written_twice():
    _, *rows = spanish_rows()
    assert [row for row, n in Counter(map(tuple, rows)).items() if n > 1] == []


def test_no_spanish_form_has_two_meanings():
    """Forms are read folded (``limón`` as ``limon``), so a form and its
    accentless or ñ-less spelling (``pañal``, ``panal``) are one form."""
    _, *rows = spanish_rows()
    meanings: dict[str, set[str]] = {}
    for spanish, english in rows:
        meanings.setdefault(" ".join(words_of(spanish)), set()).add(english)
    assert {form: sorted(found) for form, found in meanings.items() if len(found) > 1} == {}


def test_the_spanish_vocabulary_holds_every_form():
    words = vocabulary("es").words
    assert [form for form in spanish_translations() if form not in words] == []


def test_spanish_forms_cover_everyday_english():
    everyday = {w for w in english_words(common_only=True) if " " not in w} - FUNCTION_WORDS
    translated = set(spanish_translations().values())
    assert len(everyday & translated) / len(everyday) >= COVERAGE


@pytest.mark.parametrize(
    ("spanish", "english"),
    [
        ("fresa", "strawberry"),
        ("frutilla", "strawberry"),  # Argentina, Chile
        ("melocotón", "peach"),
        ("durazno", "peach"),  # Latin America
        ("aguacate", "avocado"),
        ("palta", "avocado"),  # the Southern Cone, Peru
        ("bellota", "acorn"),
        ("alcachofa", "artichoke"),
        ("alcaucil", "artichoke"),  # Argentina
        ("palomitas", "popcorn"),
        ("pochoclo", "popcorn"),  # Argentina
        ("libélula", "dragonfly"),
        ("diente de león", "dandelion"),  # a phrase, read as one
        ("camión de bomberos", "fire engine"),
        ("arenas movedizas", "quicksand"),
        ("verde botella", "bottle green"),  # a colour term, read as the English one
        ("azul marino", "navy blue"),
    ],
)
def test_a_spanish_word_reads_as_the_english_word_it_translates(spanish, english):
    assert colours("es", spanish) == colours("en", english) != ()


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("limon", "limón"),
        ("melocoton", "melocotón"),
        ("tucan", "tucán"),
        ("pina", "piña"),
        ("LIBELULA", "libélula"),
    ],
)
def test_a_form_typed_without_accents_reads_as_the_written_one(typed, written):
    assert colours("es", typed) == colours("es", written) != ()


@pytest.mark.parametrize(
    ("spanish", "sense"),
    [
        ("cardenal", "cardinal"),  # the bird and the cleric's red, not a bruise
        ("panal", "honeycomb"),  # not pañal, a nappy
        ("puro", "pure"),  # not a cigar
        ("faro", "lighthouse"),
    ],
)
def test_an_ambiguous_form_reads_its_colour_sense(spanish, sense):
    assert colours("es", spanish) == colours("en", sense) != ()


@pytest.mark.parametrize(
    "spanish", ["bellota", "alcachofa", "durazno", "libélula", "puerro", "mejillón", "ñame"]
)
def test_an_english_reader_understands_common_spanish_words(spanish):
    assert " ".join(words_of(spanish)) in spanish_translations()
    assert colours("en", spanish) == colours("es", spanish) != ()


@pytest.mark.parametrize("english", ["acorn", "artichoke", "sunflower", "dragonfly", "leek"])
def test_a_spanish_reader_understands_common_english_words(english):
    assert english not in spanish_translations()
    assert colours("es", english) == colours("en", english) != ()


def test_a_form_that_is_also_an_english_word_reads_in_the_readers_language():
    assert colours("es", "pie") == colours("en", "foot")  # Spanish: a foot
    assert colours("en", "pie") != colours("en", "foot")
