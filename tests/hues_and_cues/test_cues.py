"""The cue rules' readers on hostile text: every check of a cue against the
colour words, numbers, row letters and earlier cues runs in time linear in
the text, whatever it is built to do to a matcher.

Each case runs in a child process with a timeout and a memory limit
(:func:`hostile.bounded`), so a reader that backtracks fails the test
instead of hanging it.
"""

from __future__ import annotations

import pytest

from hostile import bounded
from huegames import hues_and_cues as hc
from huegames.hues_and_cues.cues import (
    BASIC_COLOURS,
    UsedCues,
    colour_word_in,
    position_reference,
    repeats,
    steering_word,
)

# Readings a backtracking matcher tries in exponentially many ways: suffixes
# that split two ways ("ies" is "ie" + "s"), prefixes that overlap, numbers
# that are also the start of longer ones, each with a last letter that fails.
HOSTILE_WORDS = (
    "red" + "ies" * 32 + "q",
    "blu" + "ies" * 32 + "q",
    "redd" + "ily" * 31 + "q",
    "green" + "iness" * 19 + "q",
    "un" * 49 + "q",
    "reun" * 24 + "red" + "q",
    "white" + "esses" * 19 + "q",
    "pink" + "ishly" * 19 + "q",
    "seven" * 19 + "q",
    "sixand" * 16 + "q",
    "onesone" * 14 + "q",
    "Ɩ" * 99,
    "rn" * 49 + "q",
    "IVX" * 33,
)


def test_hostile_cue_shapes_are_read_in_linear_time():
    """Cues of up to the longest length, built to make a colour-word or
    number pattern backtrack, are all answered within the timeout."""
    out = bounded(
        f"""
        from huegames import hues_and_cues as hc
        for word in {HOSTILE_WORDS!r}:
            for second in (False, True):
                hc.cue_problem([word], second=second, used=["seafoam"])
            hc.cue_problem([word[:50], word[50:]], second=True)
        print("done")
        """,
        timeout=120,
    )
    assert out.split() == ["done"]


def test_long_hostile_words_are_read_in_linear_time():
    """The readers themselves take words of thousands of characters (longer
    than any cue): colour words, positions and steering words."""
    out = bounded(
        """
        from huegames.hues_and_cues.cues import (
            BASIC_COLOURS, colour_word_in, position_reference, steering_word,
        )
        words = [
            "red" + "ies" * 2000 + "q",
            "un" * 3000 + "q",
            "seven" * 1000 + "q",
            "sixand" * 1000 + "q",
            "gre" * 2000,
            "x" * 5000,
        ]
        for word in words:
            for stems in (True, False):
                colour_word_in(word, BASIC_COLOURS, stems)
            position_reference(word)
            steering_word(word)
        print("done")
        """,
        timeout=120,
    )
    assert out.split() == ["done"]


def test_arbitrary_unicode_words_are_read_in_linear_time():
    """Any text hypothesis makes, up to thousands of characters, is read."""
    out = bounded(
        """
        from hypothesis import given, settings, strategies as st
        from huegames import hues_and_cues as hc
        from huegames.hues_and_cues.cues import BASIC_COLOURS, colour_word_in, position_reference
        parts = st.sampled_from(["red", "ies", "ie", "s", "un", "re", "seven", "and", "e", "d"])
        texts = st.one_of(st.text(max_size=3000), st.lists(parts, max_size=1000).map("".join))

        @settings(max_examples=60, deadline=None, database=None)
        @given(texts)
        def check(text):
            colour_word_in(text, BASIC_COLOURS)
            position_reference(text)
            hc.cue_problem(text.split()[:2], second=True)

        check()
        print("done")
        """,
        timeout=300,
    )
    assert out.split() == ["done"]


@pytest.mark.parametrize(
    ("word", "colour"),
    [
        ("reddishly", "red"),
        ("unreddened", "red"),
        ("infrared", "red"),
        ("bluish", "blue"),
        ("whiteness", "white"),
        ("blueberry", "blue"),
        ("r\u0435d", "red"),
        ("sacred", None),
        ("redolent", None),
        ("red" + "ies" * 10 + "q", None),
        ("red" + "ies" * 10, "red"),
    ],
)
def test_colour_words_in_their_forms(word, colour):
    assert colour_word_in(word, BASIC_COLOURS) == colour


@pytest.mark.parametrize(
    ("word", "named"),
    [
        ("twentyone", True),
        ("hundredandten", True),
        ("sevens", True),
        ("sevenseventeen", True),
        ("oneand", False),
        ("IV", True),
        ("a", True),
        ("seven" * 10 + "q", False),
        ("apple", False),
    ],
)
def test_positions_named_by_numbers_letters_and_numerals(word, named):
    assert (position_reference(word) is not None) is named


def test_steering_words_read_as_written_in_any_case():
    assert steering_word("LIGHTER") == "lighter"
    assert steering_word("lighterer") is None
    assert hc.cue_problem(["lighter"], second=True) is not None


# -- repeats --------------------------------------------------------------------------


def test_used_cues_find_the_repeat_the_plain_search_finds():
    cues = ["sea foam", "mint", "lime", "ash"]
    used = UsedCues()
    for cue in cues:
        used = used.with_cue(cue)
    for words in (["seafoam"], ["m\u0131nt"], ["MINT"], ["sea", "foam"], ["lemon"], ["ASH"]):
        assert used.repeated(words) == repeats(words, list(cues))
    assert set(used) == set(cues) and len(used) == 4 and "lime" in used and "lemon" not in used


def test_used_cues_of_each_line_of_play_stay_their_own():
    """A set made from an earlier one (an undo, then another cue) does not
    see the cues given on the other line, nor they its."""
    start = UsedCues().with_cue("mint")
    one, other = start.with_cue("lime"), start.with_cue("ash")
    assert one.repeated(["lime"]) == "lime" and other.repeated(["lime"]) is None
    assert other.repeated(["ash"]) == "ash" and one.repeated(["ash"]) is None
    assert start.repeated(["lime"]) is None and start.repeated(["mint"]) == "mint"
    assert set(one.with_cue("sea")) == {"mint", "lime", "sea"} and "ash" not in one
    assert UsedCues().with_cue("mint") == frozenset({"mint"})


def test_a_record_of_thousands_of_cues_loads_and_still_refuses_repeats():
    """Each cue is checked against the earlier ones by look-up, not by
    comparing it with every one of them (which took minutes here)."""
    out = bounded(
        """
        import itertools
        from huegames import hues_and_cues as hc
        words = itertools.product("bfhjkpqtxz", repeat=4)
        cues = ["".join(w) for w in itertools.islice(words, 6000)]
        rules = hc.Rules(rounds_per_giver=1001, free_target=True)
        moves = []
        for first, second in zip(cues[::2], cues[1::2]):
            moves += ["target H8", f"cue {first}", "guess A1", "guess A2"]
            moves += [f"cue {second}", "guess A3", "guess A4"]
        record = hc.new_game(players=3, seed=1, rules=rules).to_dict()
        record["moves"] = moves
        game = hc.Game.from_dict(record)
        game.play("target H8")
        print(len(game.used_cues), game.is_legal("cue bbbb"), game.is_legal("cue BFHJ"))
        print(game.is_legal("cue zzzz"), game.is_legal("cue qqqq"))
        """,
        timeout=120,
    )
    assert out.split() == ["6000", "False", "False", "True", "True"]
