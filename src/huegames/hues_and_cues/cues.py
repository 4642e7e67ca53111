"""Cue rules (rules §3, "Cue rules"): what a cue may not say.

:func:`cue_problem` returns the broken rule as a sentence, or None.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache

BASIC_COLOURS = (
    "black",
    "blue",
    "brown",
    "gray",
    "grey",
    "green",
    "orange",
    "pink",
    "purple",
    "red",
    "white",
    "yellow",
)
RELATIVE_WORDS = (
    "lighter",
    "darker",
    "brighter",
    "duller",
    "more",
    "less",
    "left",
    "right",
    "up",
    "down",
    "higher",
    "lower",
)
ROW_LETTERS = frozenset("abcdefghijklmnop")
NUMBER_WORDS = frozenset(
    [
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
        "thirty",
    ]
)
# Endings that make a colour word into another form of it: reddish, greens, bluish, whiter.
SUFFIXES = ("s", "es", "ish", "y", "ey", "ie", "er", "est", "ness", "en", "ened", "ed")
APOSTROPHES = "'\u2019"
WORD = re.compile(rf"[^\W_](?:[\w{APOSTROPHES}-]*[^\W_])?")


def split_cue(text: str) -> tuple[str, ...]:
    """The words of a cue text; ValueError when a word holds anything but
    letters, digits and inner hyphens or apostrophes."""
    if not isinstance(text, str):
        raise ValueError(f"a cue must be a string, not {type(text).__name__}")
    words = tuple(text.split())
    for word in words:
        if not WORD.fullmatch(word) or "_" in word:
            raise ValueError(
                f"cue {text!r}: {word!r} is not a word (letters, with inner - or ' only)"
            )
    return words


def normal(words: Iterable[str]) -> str:
    """The case-folded text used to compare cues for repeats."""
    return " ".join(word.casefold() for word in words)


def _parts(word: str) -> list[str]:
    return [part for part in re.split(f"[{APOSTROPHES}-]", word.casefold()) if part]


@cache
def _forms(colour: str) -> re.Pattern[str]:
    """The colour word, its stem without a final e, a doubled last letter, a suffix."""
    stem = colour[:-1] if colour.endswith("e") else colour
    return re.compile(f"{re.escape(stem)}(?:{re.escape(colour[-1])})?(?:{'|'.join(SUFFIXES)})?")


def colour_word_in(word: str, colours: Iterable[str], stems: bool = True) -> str | None:
    """The basic colour word that ``word`` uses, or None.

    Always the word itself (also as part of ``sea-green``).  With ``stems``
    also its forms (``reddish``, ``greens``, ``bluish``, ``whiter``) and, for
    colour words of 4 letters or more, any word containing it
    (``blueberry``, ``seagreen``); ``red`` is not hunted inside words, so
    ``sacred`` and ``redolent`` are fine.
    """
    folded, parts = word.casefold(), _parts(word)
    for colour in colours:
        if colour in parts:
            return colour
        if not stems:
            continue
        if len(colour) >= 4 and colour in folded.replace("-", "").replace("'", ""):
            return colour
        if any(_forms(colour).fullmatch(part) for part in parts):
            return colour
    return None


def position_reference(word: str) -> str | None:
    """Why ``word`` names a board position (a row letter, a number, a digit), or None."""
    if any(character.isdigit() for character in word):
        return "holds a digit"
    for part in _parts(word):
        if part in ROW_LETTERS:
            return f"is the row letter {part.upper()}"
        if part in NUMBER_WORDS:
            return f"is the number {part!r}"
    return None


def cue_problem(
    words: Sequence[str],
    *,
    second: bool,
    used: Iterable[str] = (),
    colours: Iterable[str] = BASIC_COLOURS,
    stems: bool = True,
    relative: Iterable[str] = RELATIVE_WORDS,
) -> str | None:
    """The rule a cue breaks, as a sentence, or None for a legal cue.

    ``second`` is True for the second cue (1 or 2 words, no relative words);
    ``used`` holds the game's earlier cues (any case).
    """
    text = " ".join(words)
    allowed = (1, 2) if second else (1,)
    if len(words) not in allowed:
        which = "the second cue has 1 or 2 words" if second else "the first cue is one word"
        return f"cue {text!r} has {len(words)} words: {which}"
    colours = tuple(colours)
    for word in words:
        colour = colour_word_in(word, colours, stems)
        if colour is not None:
            return f"cue {text!r} uses the basic colour word {colour!r} (in {word!r})"
        where = position_reference(word)
        if where is not None:
            return f"cue {text!r} refers to a board position: {word!r} {where}"
    if normal(words) in {normal(cue.split()) for cue in used}:
        return f"cue {text!r} repeats a cue already given in this game"
    if second:
        steering = {word.casefold() for word in relative}
        for word in words:
            if word.casefold() in steering:
                return (
                    f"cue {text!r}: {word!r} steers relative to the first guesses, "
                    "not allowed in the second cue"
                )
    return None
