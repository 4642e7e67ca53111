"""Everyday concepts (data/concepts.csv) and how the vocabularies read them."""

import csv
import math
import re
from importlib import resources

import pytest

from huegames import hues_and_cues as hc
from huegames.hues_and_cues import concepts
from huegames.hues_and_cues.bots import LexiconBot
from huegames.hues_and_cues.concepts import CATEGORIES, Concept, by_form, parse
from huegames.hues_and_cues.vocabulary import vocabulary, words_of

pytestmark = pytest.mark.backend_independent  # the same on either backend

HEADER = "category,en,es,colours\n"


def raw_rows():
    text = resources.files("huegames.hues_and_cues").joinpath("data/concepts.csv")
    return list(csv.DictReader(text.read_text("utf-8").splitlines()))


def key(form):
    """A form as the vocabularies key it."""
    return " ".join(words_of(form))


def hue_and_lightness(lab):
    """OKLCh hue angle (degrees, 0 to 360) and lightness of an OKLab colour."""
    lightness, a, b = lab
    return math.degrees(math.atan2(b, a)) % 360, lightness


def test_the_file_holds_over_3000_concepts_each_in_both_languages():
    found = concepts.concepts()
    assert len(found) == len(raw_rows()) >= 3000
    assert all(concept.english and concept.spanish for concept in found)


def test_every_category_is_present_and_no_other():
    assert {concept.category for concept in concepts.concepts()} == set(CATEGORIES)


def test_every_colour_is_a_hex_with_an_optional_positive_weight():
    pattern = re.compile(r"#[0-9a-f]{6}(\*\d+(\.\d+)?)?")
    for row in raw_rows():
        items = row["colours"].split()
        assert items and all(pattern.fullmatch(item) for item in items), row


@pytest.mark.parametrize("language", ["en", "es"])
def test_no_form_is_given_twice_within_a_language(language):
    keys = [key(form) for c in concepts.concepts() for form in c.forms(language)]
    assert all(keys), "a form with no content word"
    assert len(set(keys)) == len(keys), sorted(k for k in set(keys) if keys.count(k) > 1)


def test_no_english_form_is_a_css_colour_name():
    """Those keep the colour every browser gives them: the English reader and
    the colour lexicons' readers then read a cue giver's ``orange`` alike."""
    css = {key(name) for name in hc.lexicon("css").names}
    assert not {key(f) for c in concepts.concepts() for f in c.english} & css
    assert by_form("es")["naranja"].english == ("orange fruit",)


def test_shares_sum_to_one_heaviest_first():
    for concept in concepts.concepts():
        shares = [share for _, share in concept.colours]
        assert math.isclose(sum(shares), 1.0) and shares == sorted(shares, reverse=True)


@pytest.mark.parametrize(("language", "word"), [("en", "frog"), ("es", "rana"), ("es", "ranas")])
def test_a_frog_reads_green(language, word):
    """Green in OKLCh: sRGB's green primary sits at a hue of about 142°,
    yellow-green near 125° and teal near 190°, so a leaf or frog green lies
    between 115° and 165°; neither near black nor near white in lightness."""
    (frog,) = vocabulary(language).read(word)
    hue, lightness = hue_and_lightness(frog.components[0].lab)
    assert 115 <= hue <= 165 and 0.4 <= lightness <= 0.85


@pytest.mark.parametrize(("language", "word"), [("en", "apple"), ("es", "manzana")])
def test_an_apple_has_a_red_mode_and_a_green_mode(language, word):
    """Red hues lie below about 40° in OKLCh, greens between 115° and 165°;
    two modes means two components each with a quarter of the weight or more."""
    (apple,) = vocabulary(language).read(word)
    modes = [c for c in apple.components if c.share >= 0.25]
    hues = [hue_and_lightness(c.lab)[0] for c in modes]
    assert any(h <= 40 or h >= 350 for h in hues) and any(115 <= h <= 165 for h in hues)


def test_each_concept_reads_alike_in_english_and_in_spanish():
    en, es = vocabulary("en"), vocabulary("es")
    for concept in concepts.concepts():
        readings = {en.words[key(form)] for form in concept.english}
        readings |= {es.words[key(form)] for form in concept.spanish}
        assert len({reading.components for reading in readings}) == 1, concept.english[0]
        assert all(reading.common for reading in readings)


@pytest.mark.parametrize(
    ("language", "cue", "english"),
    [
        ("en", "ladybugs", "ladybird"),
        ("es", "Catarinas", "ladybird"),
        ("es", "mariquita", "ladybird"),
        ("en", "Fire Truck", "fire truck"),
        ("es", "camión de bomberos", "fire truck"),
        ("es", "pitufos", "smurf"),
        ("en", "Pikachu", "pikachu"),
    ],
)
def test_a_concept_is_read_from_any_of_its_forms(language, cue, english):
    """Plurals and capitals too (an inflection may be read a little wider)."""
    (reading,) = vocabulary(language).read(cue)
    concept = vocabulary("en").words[english]
    assert reading.word == english
    assert [c.lab for c in reading.components] == [c.lab for c in concept.components]


def test_a_concept_replaces_the_colour_pooled_from_names():
    """Measured on the development cases: a concept's own colours read
    better than the names' pool or a mixture of both."""
    frog = by_form("en")["frog"]
    assert vocabulary("en").words["frog"].components[0].lab == frog.mixture()[0][1]


def test_rosa_is_the_rose_with_a_mode_of_light_pink():
    """Spanish ``rosa`` is the flower and the colour pink: its reading keeps a
    light pink (OKLCh hue within 30° of 0°, lightness 0.7 or more) of a
    quarter of the weight or more beside the rose's own pinkish red."""
    (rosa,) = vocabulary("es").read("rosa")
    assert rosa.word == "rose"
    pinks = [c for c in rosa.components if c.share >= 0.25 and c.lab[0] >= 0.7]
    assert any(
        hue_and_lightness(c.lab)[0] >= 330 or hue_and_lightness(c.lab)[0] <= 30 for c in pinks
    )


@pytest.mark.parametrize("source", ["en", "es"])
def test_the_cue_giver_still_gives_legal_cues(source):
    for seed in (3, 29):
        game = hc.new_game(4, seed=seed)
        bots = [LexiconBot(source) for _ in range(4)]
        while not game.rounds:
            move = bots[game.current_player].choose(game.view(game.current_player))
            assert game.is_legal(move)
            game.play(move)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("category,en,colours\n", "the header must be"),
        (HEADER + "fruit,lime,lima\n", "line 2: 3 fields, not 4"),
        (HEADER + "fruit,lime,lima,#8ac926\nfood,pie,pay,#d8a050\n", "line 3: unknown category"),
        (HEADER + "fruit, | ,lima,#8ac926\n", "line 2: no en form"),
        (HEADER + "fruit,lime,lima,\n", "line 2: no colour"),
        (HEADER + "fruit,lime,lima,#8ac92\n", "is not a hex colour"),
        (HEADER + "fruit,lime,lima,#8ac926*0\n", "weight of '#8ac926\\*0' is not positive"),
        (HEADER + "fruit,lime,lima,#8ac926*x\n", "weight of '#8ac926\\*x' is not a number"),
    ],
)
def test_a_broken_file_is_refused_with_its_line(text, message):
    with pytest.raises(ValueError, match=message):
        parse(text)


def test_a_weighted_row_parses_to_shares():
    (lime,) = parse(HEADER + "fruit,lime|limes,lima,#d4e157 #8AC926*3\n")
    assert lime == Concept(
        "fruit", ("lime", "limes"), ("lima",), (("#8ac926", 0.75), ("#d4e157", 0.25))
    )


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        by_form("fr")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        concepts.concepts()[0].forms("fr")
