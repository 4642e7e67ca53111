"""Reading words the vocabulary does not hold: each rule, its order, its width.

A reader tries a word as a known word or a form of one, then as a compound,
a near-spelling and a cognate (:class:`~huegames.hues_and_cues.vocabulary.How`);
every guess is read wider than the word it guesses, and a word none of them
reads leaves the cue's other words and the prior to decide.
"""

import math

import pytest

from hostile import bounded
from huegames import hues_and_cues as hc
from huegames.hues_and_cues import reading, spelling
from huegames.hues_and_cues.vocabulary import WIDENING, How, WordReading, vocabulary

pytestmark = pytest.mark.backend_independent  # the same on either backend

BOARD = hc.default_board()


def explained(name, word):
    """The one reading of a one-word cue by vocabulary ``name``."""
    (found,) = vocabulary(name).explain(word)
    return found


def words(found):
    return [colour.word for colour in found.colours]


def known(name, word):
    """The colour a vocabulary holds for ``word`` itself (asserting it holds it)."""
    colour = vocabulary(name).words.get(word)
    assert colour is not None, f"{word!r} is not a word of {name!r}"
    return colour


# -- inflections ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cue", "base"),
    [
        ("limoncito", "limon"),  # -cito after a consonant
        ("azulito", "azul"),  # -ito after a consonant
        ("fresita", "fresa"),  # -ita for -a
        ("blanquito", "blanco"),  # qu for c before i
        ("limoncitos", "limon"),  # a plural diminutive: two endings
    ],
)
def test_a_spanish_diminutive_reads_as_its_base_word(cue, base):
    for name in ("es", "en"):
        found = explained(name, cue)
        assert found.how is How.FORM and found.source == "es"
        assert words(found) == [known("es", base).word]


@pytest.mark.parametrize(
    ("cue", "base"),
    [
        ("rojizo", "rojo"),
        ("amarillento", "amarillo"),
        ("negruzco", "negro"),
        ("grisaceo", "gris"),
        ("verdoso", "verde"),
        ("azulado", "azul"),
        ("rojísimo", "rojo"),
        ("verdosas", "verde"),  # a shade's plural feminine
    ],
)
def test_a_spanish_shade_reads_as_its_colour(cue, base):
    found = explained("es", cue)
    assert found.how is How.FORM
    assert words(found) == [known("es", base).word]


@pytest.mark.parametrize(
    ("cue", "base"),
    [
        ("cherries", "cherry"),
        ("emeraldish", "emerald"),
        ("rusting", "rust"),
        ("sunburned", "sunburn"),
    ],
)
def test_an_english_form_reads_as_its_base_word(cue, base):
    found = explained("en", cue)
    assert found.how is How.FORM and words(found) == [base]


def test_a_missing_or_added_accent_is_the_word_itself():
    for cue in ("limon", "limón", "LIMÓN"):
        assert explained("es", cue).how is How.KNOWN
        assert words(explained("es", cue)) == ["lemon"]


# -- compounds -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "cue", "head", "tail"),
    [
        ("es", "rojiblanco", "rojo", "blanco"),  # Spanish words joined by i
        ("es", "verdiazul", "verde", "azul"),  # joined by i for e
        ("es", "blanquiazul", "blanco", "azul"),  # joined by i, qu for c
        ("en", "honeylemon", "honey", "lemon"),  # English words run together
    ],
)
def test_a_compound_reads_as_its_known_parts(name, cue, head, tail):
    assert f"{head} {tail}" not in vocabulary(name).words  # no phrase of them
    for reader in ("es", "en"):
        found = explained(reader, cue)
        assert found.how is How.COMPOUND and found.source == name
        assert words(found) == [known(name, head).word, known(name, tail).word]


def test_a_known_phrase_run_together_reads_as_the_phrase():
    found = explained("en", "firetruck")
    assert found.how is How.COMPOUND and words(found) == [known("en", "fire truck").word]


def test_a_hyphen_separates_two_words_each_read():
    assert "rojo amarillento" not in vocabulary("es").words
    found = vocabulary("es").explain("rojo-amarillento")
    assert [(reading.how, words(reading)) for reading in found] == [
        (How.KNOWN, [known("es", "rojo").word]),
        (How.FORM, [known("es", "amarillo").word]),
    ]


# -- near-spellings ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cue", "word"),
    [
        ("turqoise", "turquoise"),  # two letters swapped
        ("lavander", "lavender"),  # one letter changed
        ("yellw", "yellow"),  # one letter missing
        ("orangge", "orange"),  # one letter added
        ("magneta", "magenta"),  # not magnet: magenta is the clear choice
    ],
)
def test_a_typo_of_a_known_word_of_5_letters_or_more_reads_as_it_more_widely(cue, word):
    for name in ("en", "es"):
        found = explained(name, cue)
        assert found.how is How.NEAR_SPELLING and words(found) == [word]
        assert found.colours[0].components[0].spread > known("en", word).components[0].spread


def test_a_short_word_is_no_near_spelling():
    assert spelling.NEAR_LETTERS == 5
    assert "blue" in vocabulary("en").words
    assert explained("en", "bluq").how is How.NOT_READ  # one edit from "blue", but 4 letters


def test_a_near_spelling_is_one_edit():
    assert spelling.within_one_edit("purpel", "purple")  # neighbours swapped
    assert not spelling.within_one_edit("prupel", "purple")  # two edits
    assert not spelling.within_one_edit("abcde", "bcdxe")  # a shared deletion, two edits


# -- cognates ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spanish", "english"),
    [
        ("irigacion", "irrigation"),  # -ción/-tion, a doubled consonant
        ("nobilidad", "nobility"),  # -dad/-ty
        ("luscioso", "luscious"),  # -oso/-ous
        ("psichico", "psychic"),  # -ico/-ic, y/i
        ("confidencia", "confidence"),  # -encia/-ence
    ],
)
def test_a_cognate_by_its_ending_reads_as_the_english_word(spanish, english):
    # words spelled the Spanish way by the rules, that no vocabulary holds
    assert vocabulary("es").word(spanish) is None and vocabulary("en").word(spanish) is None
    assert not spelling.within_one_edit(spanish, english)  # no near-spelling
    for name in ("es", "en"):
        found = explained(name, spanish)
        assert found.how is How.COGNATE and found.source == "en"
        assert words(found) == [english]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("emocion", "emotion"),  # -ción/-tion
        ("libertad", "liberty"),  # -dad/-ty
        ("famoso", "famous"),  # -oso/-ous
        ("electrico", "electric"),  # -ico/-ic
        ("artista", "artist"),  # -ista/-ist
        ("filosofia", "philosophy"),  # ph/f, -ía/-y
        ("teatro", "theatre"),  # th/t
        ("cristal", "crystal"),  # y/i
        ("estatua", "statue"),  # es + consonant, a final vowel
        ("planta", "plant"),  # a final vowel added
        ("coton", "cotton"),  # a doubled consonant
    ],
)
def test_a_cognate_shares_its_key(first, second):
    assert spelling.cognate_key(first) == spelling.cognate_key(second)


def test_a_key_under_4_letters_reads_nothing():
    assert spelling.cognate_key("rojo") != spelling.cognate_key("red")
    assert spelling.cognate_key("pinu") == spelling.cognate_key("pine") == "pin"
    assert len("pin") < spelling.COGNATE_LETTERS
    assert explained("es", "pinu").how is How.NOT_READ


# -- widths and the fallback ---------------------------------------------------------------


def test_a_fallbacks_reading_is_wider_than_the_known_words():
    for how, cue, name, base in [
        (How.FORM, "limoncito", "es", "limon"),
        (How.COMPOUND, "rojiblanco", "es", "rojo"),
        (How.NEAR_SPELLING, "lavander", "en", "lavender"),
        (How.COGNATE, "nobilidad", "en", "nobility"),
        (How.FORM, "limones", "es", "limon"),
    ]:
        found = explained("es", cue)
        assert found.how is how
        guessed, word = found.colours[0], known(name, base)
        for wide, narrow in zip(guessed.components, word.components, strict=True):
            assert wide.lab == narrow.lab and wide.share == narrow.share
            assert math.isclose(wide.spread, math.hypot(narrow.spread, WIDENING[how]))
        assert WIDENING[how] > 0
    assert WIDENING[How.KNOWN] == 0


def test_the_surer_the_reading_the_narrower():
    order = [How.KNOWN, How.FORM, How.COMPOUND, How.NEAR_SPELLING, How.COGNATE]
    assert list(How)[: len(order)] == order  # the order a reader tries them in
    widths = [WIDENING[how] for how in order]
    assert widths == sorted(widths) and len(set(widths[:2] + widths[3:])) == 4


def test_a_wider_reading_spreads_the_board_probability():
    table = reading.table("es", BOARD)
    sure, guessed = table.cue("lavanda"), table.cue("lavander")
    assert sure is not None and guessed is not None
    assert float(guessed.max()) < float(sure.max())


def test_a_word_none_reads_leaves_the_other_words_and_the_prior():
    assert explained("en", "zzyzx") == WordReading("zzyzx", How.NOT_READ)
    assert not explained("en", "zzyzx").read and explained("en", "banana").read
    table = reading.table("en", BOARD)
    assert table.cue("zzyzx") is None
    both = table.cue("zzyzx banana")
    assert both is not None and (both == table.cue("banana")).all()


def test_the_colour_lexicons_make_no_guess():
    assert explained("xkcd", "turqoise").how is How.NOT_READ
    assert explained("css", "nobilidad").how is How.NOT_READ
    assert explained("xkcd", "cucumber").how is How.NOT_READ  # not umber


# -- hostile words -------------------------------------------------------------------------


def test_hostile_long_words_are_read_in_linear_time_without_growing_a_cache():
    out = bounded(
        """
        from huegames.hues_and_cues import vocabulary as v
        from huegames.hues_and_cues.vocabulary import How, vocabulary
        en, es = vocabulary("en"), vocabulary("es")
        words = ["a" * 1_000_000, "ab" * 300_000, "verde" * 100_000, "limoncito" * 50_000]
        for word in words:
            assert [r.how for r in en.explain(word)] == [How.NOT_READ]
            assert [r.how for r in es.explain(word)] == [How.NOT_READ]
        cue = " ".join("turqoise%d" % n for n in range(20_000))  # digits split words
        assert len(en.read(cue)) == 1
        def letters(n):
            return "".join(chr(97 + n // 26**place % 26) for place in range(5))
        many = " ".join("q" * 27 + letters(n) for n in range(20_000))  # distinct, 32 letters
        assert {r.how for r in es.explain(many)} == {How.NOT_READ}
        print(v._form.cache_info().currsize <= 65536)
        """,
        timeout=120,
    )
    assert out.split() == ["True"]
