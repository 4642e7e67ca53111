"""Word → colour knowledge for cue readers: what an everyday word evokes.

A :class:`WordColour` is a small mixture of OKLab Gaussians (``mauve`` has
three senses), pooled from every colour name
that holds the word as a whole word: ``Cucumber``, ``Cucumber Crush``,
``Pickled Cucumber`` pool into ``cucumber``; ``Umber`` does not.  A
:class:`Vocabulary` maps words to them and reads a cue: case, accents,
stop words (``and``, ``of``, ``off``...), plurals, ``-ish``/``-y``/``-like``
forms and run-together compounds of two known words, and never a mere
shared prefix or suffix.  A word it does not know it guesses at, more
widely, and says how (:meth:`Vocabulary.explain`, :class:`How`): a near-spelling
or a Spanish-English cognate (:mod:`~huegames.hues_and_cues.spelling`).

The vocabularies (:data:`VOCABULARIES`):

- ``"en"``: everyday English, built at development time by
  ``scripts/build_cue_vocabulary.py`` from the colour names of
  ``meodai/color-names`` (MIT), the XKCD survey (CC0), CSS, and curated
  entries for common words no list covers (``data/curated.csv``), and the
  English forms of everyday things with a typical colour
  (:mod:`~huegames.hues_and_cues.concepts`, ``data/concepts.csv``), each
  replacing what the colour names say of the same word;
- ``"es"``: Spanish cue words, curated translations of English words
  (``data/spanish.csv``) read through ``"en"``, and the Spanish forms of
  the same everyday things;
- ``"xkcd"``, ``"css"``, ``"all"``: the colour lexicons of
  :mod:`~huegames.hues_and_cues.lexicon`, pooled the same way.

``"en"`` reads a Spanish word it does not know as Spanish and ``"es"`` an
English one as English, so neither refuses a cue in the other language.
Sources and licences: ``data/LICENSE-lexicon.md``.
"""

from __future__ import annotations

import csv
import dataclasses
import enum
import io
import math
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..records import brief
from . import concepts, spelling
from .colour import oklab
from .lexicon import Lab, lexicon

VOCABULARIES = ("en", "es", "xkcd", "css", "all")
"""Every vocabulary :func:`vocabulary` loads."""
STOP_WORDS = frozenset(
    {
        *("a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "is", "it", "its"),
        *("me", "my", "no", "of", "off", "on", "or", "our", "out", "so", "the", "to", "too"),
        *("with", "your", "de", "del", "el", "la", "las", "le", "les", "los", "du", "des"),
        *("di", "da", "en", "con"),
    }
)
"""Words that carry no colour in a name or a cue (English, and the French,
Spanish and Italian articles met in colour names): ``peter and paul`` is read
from ``peter`` and ``paul``, never from ``macaroni and cheese``."""
SPREAD_RANGE = (0.02, 0.12)
"""The narrowest and widest spread (OKLab standard deviation) of a component."""
MIN_SHARE = 0.15
"""A mixture's smallest component share: rarer senses are folded into the others."""
SPLIT = 0.5
"""A mixture takes another component when that shrinks the mean spread below
this share of one component's."""
COMPOUND_PART = 3
"""The shortest part of a run-together compound (``sea`` + ``foam``)."""
CLEARLY_MORE = 3
"""How many times as many colour names a near-spelling or cognate must be
pooled from as any other candidate to be chosen over it (``magneta`` is
``magenta``, not ``magnet``)."""

_LETTERS = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True, slots=True)
class Component:
    """One Gaussian of a word's colour mixture: its ``share`` of the word's
    names, its OKLab mean ``lab`` and its ``spread`` (standard deviation)."""

    share: float
    lab: Lab
    spread: float


@dataclass(frozen=True, slots=True)
class WordColour:
    """The colours a word evokes: a mixture of :class:`Component`, heaviest
    first, pooled from ``names`` colour names (a curated entry counts as many);
    ``common`` marks everyday words, the ones a cue giver says.

    >>> from huegames.hues_and_cues.vocabulary import vocabulary
    >>> mauve = vocabulary("en").words["mauve"]
    >>> mauve.names > 100, len(mauve.components)  # pooled from many names, three senses
    (True, 3)
    """

    word: str
    components: tuple[Component, ...]
    names: int
    common: bool = False
    """An everyday word: in SCOWL's small English lists, a curated entry, or a Spanish one."""

    @property
    def lab(self) -> Lab:
        """The mean of the heaviest component: the word's most typical colour."""
        return self.components[0].lab


def fold(text: str) -> str:
    """Case-folded, without accents: ``"Limón"`` → ``"limon"``, ``"Crème"`` → ``"creme"``."""
    if text.isascii():  # no marks to drop: the common case, kept fast
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words_of(text: str) -> tuple[str, ...]:
    """The content words of a name or cue, folded: letters only (hyphens,
    apostrophes, digits and spaces separate words), stop words and
    one-letter words dropped.

    >>> from huegames.hues_and_cues.vocabulary import words_of
    >>> words_of("Peter and Paul"), words_of("Baker's Sea-Foam No. 5"), words_of("Café")
    (('peter', 'paul'), ('baker', 'sea', 'foam'), ('cafe',))
    """
    found = _LETTERS.findall(fold(text))
    return tuple(word for word in found if len(word) > 1 and word not in STOP_WORDS)


# -- pooling --------------------------------------------------------------------------


def _mean(samples: Sequence[tuple[Lab, float]]) -> Lab:
    total = sum(weight for _, weight in samples)
    return (
        sum(lab[0] * w for lab, w in samples) / total,
        sum(lab[1] * w for lab, w in samples) / total,
        sum(lab[2] * w for lab, w in samples) / total,
    )


def _spread(samples: Sequence[tuple[Lab, float]], centre: Lab) -> float:
    """The weighted root-mean-square distance from ``centre``, per axis."""
    total = sum(weight for _, weight in samples)
    squares = sum(math.dist(lab, centre) ** 2 * w for lab, w in samples) / total
    return math.sqrt(squares / 3)


def _clipped(spread: float) -> float:
    """A component's spread kept within :data:`SPREAD_RANGE`."""
    low, high = SPREAD_RANGE
    return min(max(spread, low), high)


def _cluster(samples: Sequence[tuple[Lab, float]], k: int) -> list[list[tuple[Lab, float]]]:
    """Weighted k-means, seeded deterministically: the mean's nearest sample,
    then each time the sample farthest from the centres chosen."""
    centre = _mean(samples)
    centres = [min(samples, key=lambda s: math.dist(s[0], centre))[0]]
    while len(centres) < k:
        centres.append(max(samples, key=lambda s: min(math.dist(s[0], c) for c in centres))[0])
    groups: list[list[tuple[Lab, float]]] = []
    for _ in range(20):
        groups = [[] for _ in centres]
        for sample in samples:
            nearest = min(range(len(centres)), key=lambda i: math.dist(sample[0], centres[i]))
            groups[nearest].append(sample)
        groups = [group for group in groups if group]
        moved = [_mean(group) for group in groups]
        if moved == centres:
            break
        centres = moved
    return groups


def pool(word: str, samples: Sequence[tuple[Lab, float]], names: int) -> WordColour:
    """A word's mixture from weighted OKLab samples (one per name holding it).

    One component, or two or three when splitting shrinks the spread (before
    it is clipped to :data:`SPREAD_RANGE`) below :data:`SPLIT` of it and each
    part keeps :data:`MIN_SHARE` of the weight: ``grape`` is purple, a paler
    mauve or pale green, not the grey between them.
    """
    total = sum(weight for _, weight in samples)
    best = [list(samples)]
    single = _spread(samples, _mean(samples))
    for k in (2, 3):
        if len(samples) < 2 * k:
            break
        groups = _cluster(samples, k)
        if any(sum(w for _, w in group) < MIN_SHARE * total for group in groups):
            continue
        inner = sum(_spread(g, _mean(g)) * sum(w for _, w in g) for g in groups) / total
        if inner < SPLIT * single:
            best = groups
    components = [
        Component(
            sum(w for _, w in group) / total, _mean(group), _clipped(_spread(group, _mean(group)))
        )
        for group in best
    ]
    components.sort(key=lambda c: (-c.share, c.lab))
    return WordColour(word, tuple(components), names)


# -- morphology -----------------------------------------------------------------------

ENGLISH_ENDINGS = (
    ("ies", ("y",)),
    ("ves", ("f", "fe")),
    ("oes", ("o",)),
    ("es", ("", "e")),
    ("s", ("",)),
    ("ish", ("", "e", "-")),
    ("y", ("", "e", "-")),
    ("like", ("",)),
)
"""English endings and what they replace: plurals, ``-ish``, ``-y`` and
``-like``.  ``"-"`` undoes a doubled consonant (``muddy`` → ``mud``); a
stem keeps 3 letters (:func:`stems`)."""
ENGLISH_READING_ENDINGS = (
    *ENGLISH_ENDINGS,
    ("ed", ("", "e", "-")),
    ("ing", ("", "e", "-")),
    ("en", ("", "-")),
)
""":data:`ENGLISH_ENDINGS` and the endings a reader also undoes (``-ed``,
``-ing``, ``-en``: ``golden``, ``rusted``, ``glowing``); the vocabulary's
build pools by :data:`ENGLISH_ENDINGS` alone."""
SPANISH_ENDINGS = (
    ("ces", ("z",)),
    ("es", ("",)),
    ("s", ("",)),
    ("quita", ("ca",)),
    ("quito", ("co",)),
    ("guita", ("ga",)),
    ("guito", ("go",)),
    ("cita", ("",)),
    ("cito", ("",)),
    ("ita", ("a", "o", "")),
    ("ito", ("o", "a", "")),
    ("illa", ("a", "o", "")),
    ("illo", ("o", "a", "")),
    ("ica", ("a", "o")),
    ("ico", ("o", "a")),
    ("isima", ("a", "o")),
    ("isimo", ("o", "a")),
    ("iza", ("a", "o", "e")),
    ("izo", ("o", "a", "e")),
    ("uzca", ("a", "o")),
    ("uzco", ("o", "a")),
    ("acea", ("", "a", "o")),
    ("aceo", ("", "o", "a")),
    ("enta", ("a", "o", "")),
    ("ento", ("o", "a", "")),
    ("osa", ("a", "o", "e", "")),
    ("oso", ("o", "a", "e", "")),
    ("eada", ("a", "o")),
    ("eado", ("a", "o")),
    ("ada", ("a", "o", "e", "")),
    ("ado", ("o", "a", "e", "")),
    ("a", ("o",)),
    ("o", ("a",)),
)
"""Spanish endings and what they replace: plurals, feminine adjectives,
diminutives with their spelling changes (``limoncito``, ``azulito``,
``blanquito``), and the endings of a shade (``rojizo``, ``amarillento``,
``negruzco``, ``grisáceo``, ``verdoso``, ``azulado``, ``plateado``, ``rojísimo``)."""


def stems(word: str, endings: Sequence[tuple[str, tuple[str, ...]]]) -> Iterator[str]:
    """The words ``word`` may be a form of, by one ending at a time (twice:
    ``limoncitos`` → ``limoncito`` → ``limon``)."""
    seen = {word}
    frontier = [word]
    for _ in range(2):
        following = []
        for form in frontier:
            for ending, replacements in endings:
                if not form.endswith(ending) or len(form) - len(ending) < 3:
                    continue
                base = form[: -len(ending)]
                for replacement in replacements:
                    if replacement == "-":
                        if len(base) < 3 or base[-1] != base[-2]:
                            continue
                        stem = base[:-1]
                    else:
                        stem = base + replacement
                    if stem not in seen:
                        seen.add(stem)
                        following.append(stem)
                        yield stem
        frontier = following


# -- vocabularies ---------------------------------------------------------------------


class How(enum.Enum):
    """How a cue word was read (:meth:`Vocabulary.explain`), from the surest
    reading to none: the order a reader tries them in."""

    KNOWN = "known word"
    """The word (or phrase) itself, in the reader's language or the other."""
    FORM = "inflection"
    """A form of a known word: a plural, gender, diminutive or shade
    (``cherries``, ``amarillas``, ``limoncito``, ``rojizo``, ``greenish``)."""
    COMPOUND = "compound"
    """Known words run together (``honeylemon``, ``rojiblanco``, ``firetruck``)."""
    NEAR_SPELLING = "near-spelling"
    """One edit from a known word of :data:`~huegames.hues_and_cues.spelling.NEAR_LETTERS`
    letters or more (``turqoise``), when that word is the clear choice."""
    COGNATE = "cognate"
    """A word of the other language spelled by regular rules (``nobilidad``/``nobility``)."""
    NOT_READ = "not read"
    """No reading: the cue's other words and the prior over where people guess decide."""


WIDENING = {
    How.KNOWN: 0.0,
    How.FORM: 0.01,
    How.COMPOUND: 0.02,
    How.NEAR_SPELLING: 0.025,
    How.COGNATE: 0.03,
}
"""The OKLab spread each kind of reading adds to every component (in
quadrature): a guess at a word reads it more widely than the word itself,
the more so the less sure the guess."""


@dataclass(frozen=True, slots=True)
class WordReading:
    """One word of a cue (or a known phrase) as a reader read it: the folded
    ``text``, ``how`` it was read, the ``colours`` it evokes (widened by
    :data:`WIDENING`) and the vocabulary that read them (``source``, empty
    when nothing did).

    >>> from huegames.hues_and_cues.vocabulary import vocabulary
    >>> reading = vocabulary("es").explain("limoncitos")[0]
    >>> reading.how, reading.source, reading.colours[0].word
    (<How.FORM: 'inflection'>, 'es', 'lemon')
    """

    text: str
    how: How
    colours: tuple[WordColour, ...] = ()
    source: str = ""

    @property
    def read(self) -> bool:
        """True when the word was read somehow (any :class:`How` but ``NOT_READ``)."""
        return self.how is not How.NOT_READ


def widened(colour: WordColour, spread: float) -> WordColour:
    """``colour`` with ``spread`` added in quadrature to every component's spread."""
    if not spread:
        return colour
    components = tuple(
        dataclasses.replace(part, spread=math.hypot(part.spread, spread))
        for part in colour.components
    )
    return dataclasses.replace(colour, components=components)


@dataclass(frozen=True, slots=True, eq=False)
class Vocabulary:
    """Words (folded) and the colours they evoke, and how to read a cue.

    ``language`` is ``"en"`` or ``"es"`` (its endings); ``other`` names the
    vocabulary consulted for a word this one cannot read, or is empty.

    >>> from huegames.hues_and_cues.vocabulary import vocabulary
    >>> en = vocabulary("en")
    >>> [reading.word for reading in en.read("Cucumbers")]  # a plural, not "umber"
    ['cucumber']
    >>> [reading.word for reading in en.read("salt and pepper")]  # "and" is no word of colour
    ['salt', 'pepper']
    >>> [reading.word for reading in en.read("honeylemon")], en.read("firetruck")[0].word
    (['honey', 'lemon'], 'fire truck')
    >>> en.read("zzyzx")  # no word known
    ()
    >>> [reading.word for reading in vocabulary("es").read("LIMONES")]  # read as English
    ['lemon']
    """

    name: str
    language: str
    words: Mapping[str, WordColour]
    other: str = ""

    def word(self, word: str) -> WordColour | None:
        """The colour of one folded word: itself, or the word it is a form of
        (a plural, -ish, -y, -ed, -ing, -en; Spanish plurals, gender,
        diminutives and shades), as the vocabulary holds it (not widened)."""
        return _form(self.name, word)

    def read(self, text: str) -> tuple[WordColour, ...]:
        """The colours a cue evokes: each read word's (:meth:`explain`), each
        colour once, in the cue's order; words read by nothing are left out."""
        found: list[WordColour] = []
        for reading in self.explain(text):
            found.extend(colour for colour in reading.colours if colour not in found)
        return tuple(found)

    def explain(self, text: str) -> tuple[WordReading, ...]:
        """How each content word of a cue is read (:class:`WordReading`), or
        one reading for a known phrase (``school bus``, ``dusty rose``).

        A word is tried as a known word or a form of one (:data:`How.KNOWN`,
        :data:`How.FORM`), then as a compound, a near-spelling and a cognate,
        each way in this vocabulary's language and in :attr:`other`'s: the
        surest reading in either language wins over a guess in this one.
        A compound's parts are known words; a near-spelling is one slip from
        a known word; a cognate rewrites several letters by rules that hold
        only mostly: the less sure the guess, the later it is tried.
        Of a word known in both, the other's is taken when the text has
        Spanish accents (for ``"en"``) or when only there it is an everyday
        word (``"rosa"``: Spanish, not a rare word of English paint names).
        Only ``"en"`` and ``"es"`` guess (compounds aside): the colour
        lexicons read colour names as written.

        >>> from huegames.hues_and_cues.vocabulary import vocabulary
        >>> [(r.text, r.how.value) for r in vocabulary("en").explain("verdoso turqoise zzyzx")]
        [('verdoso', 'inflection'), ('turqoise', 'near-spelling'), ('zzyzx', 'not read')]
        """
        words = words_of(text)
        order = (self.name, self.other) if self.other else (self.name,)
        if self.language == "en" and self.other and _accented(text):
            order = order[::-1]  # "limón", "café": written as Spanish, read as Spanish first
        for name in order if len(words) > 1 else ():
            phrase = vocabulary(name).words.get(" ".join(words))
            if phrase is not None:
                return (WordReading(" ".join(words), How.KNOWN, (phrase,), name),)
        return tuple(_explained(order, word) for word in words)


def _accented(text: str) -> bool:
    """True when ``text`` has letters with marks (Spanish accents, ``ñ``)."""
    return fold(text) != unicodedata.normalize("NFKC", text).casefold()


def _weaker(parts: Sequence[WordColour], other: Sequence[WordColour], name: str) -> bool:
    """True when a word read as ``parts`` is better read as ``other`` (by
    vocabulary ``name``): a Spanish word proper against no everyday English one."""
    return vocabulary(name).language == "es" and not any(part.common for part in parts)


def _endings(name: str) -> Sequence[tuple[str, tuple[str, ...]]]:
    return SPANISH_ENDINGS if vocabulary(name).language == "es" else ENGLISH_READING_ENDINGS


@lru_cache(maxsize=65536)
def _form(name: str, word: str) -> WordColour | None:
    words = vocabulary(name).words
    if word in words:
        return words[word]
    if len(word) > spelling.MAX_LETTERS:
        return None
    for stem in stems(word, _endings(name)):
        if stem in words:
            return words[stem]
    return None


def _explained(order: tuple[str, ...], word: str) -> WordReading:
    """One cue word read by the vocabularies ``order`` (the reader's first):
    the first of :class:`How`'s ways that reads it, widened by :data:`WIDENING`."""
    if len(word) > spelling.MAX_LETTERS:  # no guess, and nothing kept in a cache
        for name in order:
            known = vocabulary(name).words.get(word)
            if known is not None:
                return WordReading(word, How.KNOWN, (known,), name)
        return WordReading(word, How.NOT_READ)
    return _guessed(order, word)


@lru_cache(maxsize=65536)
def _guessed(order: tuple[str, ...], word: str) -> WordReading:
    found = _known(order, word)
    if found is None:
        found = _compound(order, word)
    guesses = order if all(vocabulary(name).other for name in order) else ()
    if found is None and guesses:
        found = _near(guesses, word)
    if found is None and guesses:
        found = _cognate(guesses, word)
    if found is None:
        return WordReading(word, How.NOT_READ)
    how, colours, name = found
    spread = WIDENING[how]
    return WordReading(word, how, tuple(widened(colour, spread) for colour in colours), name)


_Found = tuple[How, tuple[WordColour, ...], str]


def _known(order: tuple[str, ...], word: str) -> _Found | None:
    """The word or a form of it, in the first vocabulary of ``order``, or in
    the second when only it knows the word or :func:`_weaker` says so."""
    found: _Found | None = None
    for name in order:
        colour = _form(name, word)
        if colour is None:
            continue
        how = How.KNOWN if word in vocabulary(name).words else How.FORM
        if found is None or _weaker(found[1], (colour,), name):
            found = (how, (colour,), name)
    return found


def _compound(order: tuple[str, ...], word: str) -> _Found | None:
    for name in order:
        parts = _parts(name, word)
        if parts:
            return (How.COMPOUND, parts, name)
    return None


def _parts(name: str, word: str) -> tuple[WordColour, ...]:
    """A word split by one vocabulary: a known phrase run together
    (``firetruck``), else two known everyday words (each at least
    :data:`COMPOUND_PART` letters, or forms of them; a Spanish first part
    may end in the joining ``i``: ``verdiazul``, ``blanquiazul``) whose
    rarer part was pooled from the most names."""
    words = vocabulary(name).words
    for cut in range(COMPOUND_PART, len(word) - COMPOUND_PART + 1):
        phrase = words.get(f"{word[:cut]} {word[cut:]}")
        if phrase is not None:
            return (phrase,)
    spanish = vocabulary(name).language == "es"
    splits = []
    for cut in range(COMPOUND_PART, len(word) - COMPOUND_PART + 1):
        tail = _form(name, word[cut:])
        if tail is None or not tail.common:
            continue
        head = word[:cut]
        heads = [head, *(_unjoined(head) if spanish else ())]
        for colour in (_form(name, form) for form in heads):
            if colour is not None and colour.common:
                splits.append((min(colour.names, tail.names), -cut, (colour, tail)))
                break
    return max(splits)[2] if splits else ()


def _unjoined(head: str) -> tuple[str, ...]:
    """The words a Spanish compound's first part ending in the joining ``i``
    may be: ``verdi`` → ``verde``, ``roji`` → ``roja``, ``blanqui`` → ``blanco``."""
    if not head.endswith("i"):
        return ()
    stem = head[:-1]
    for spelled, plain in (("qu", "c"), ("gu", "g")):
        if stem.endswith(spelled):
            stem = stem[: -len(spelled)] + plain
    return (stem + "e", stem + "o", stem + "a")


def _chosen(candidates: Iterable[tuple[WordColour, str]]) -> tuple[WordColour, str] | None:
    """The clear choice among ``candidates`` (colour, vocabulary name): the
    only one, else the only everyday one, else an everyday one pooled from
    :data:`CLEARLY_MORE` times as many names as any other; None when the
    choice is not clear."""
    distinct: dict[str, tuple[WordColour, str]] = {}
    for colour, name in candidates:
        distinct.setdefault(colour.word, (colour, name))
    ranked = sorted(distinct.values(), key=lambda found: (not found[0].common, -found[0].names))
    if len(ranked) < 2:
        return ranked[0] if ranked else None
    best, runner_up = ranked[0][0], ranked[1][0]
    if best.common and (not runner_up.common or best.names >= CLEARLY_MORE * runner_up.names):
        return ranked[0]
    return None


def _cognate(order: tuple[str, ...], word: str) -> _Found | None:
    """A word of either vocabulary sharing the word's (or one of its
    forms') :func:`~huegames.hues_and_cues.spelling.cognate_key`."""
    forms = [word, *stems(word, _endings(order[0]))]
    for form in forms:
        key = spelling.cognate_key(form)
        if len(key) < spelling.COGNATE_LETTERS:
            continue
        chosen = _chosen(
            (vocabulary(name).words[known], name)
            for name in order
            for known in _cognates(name).get(key, ())
            if known != form
        )
        if chosen is not None:
            return (How.COGNATE, (chosen[0],), chosen[1])
    return None


def _near(order: tuple[str, ...], word: str) -> _Found | None:
    """A known word one edit away (:func:`~huegames.hues_and_cues.spelling.within_one_edit`)
    in either vocabulary, found through each one's index of deletions."""
    if len(word) < spelling.NEAR_LETTERS:
        return None
    keys = (word, *spelling.deletions(word))
    chosen = _chosen(
        (vocabulary(name).words[known], name)
        for name in order
        for key in keys
        for known in _deletions(name).get(key, ())
        if spelling.within_one_edit(word, known)
    )
    return None if chosen is None else (How.NEAR_SPELLING, (chosen[0],), chosen[1])


@lru_cache(maxsize=len(VOCABULARIES))
def _cognates(name: str) -> dict[str, tuple[str, ...]]:
    """Each cognate key of a vocabulary's single words → the words (built once)."""
    index: dict[str, list[str]] = {}
    for word in vocabulary(name).words:
        if " " not in word:
            index.setdefault(spelling.cognate_key(word), []).append(word)
    return {key: tuple(words) for key, words in index.items()}


@lru_cache(maxsize=len(VOCABULARIES))
def _deletions(name: str) -> dict[str, tuple[str, ...]]:
    """Each single word of :data:`~huegames.hues_and_cues.spelling.NEAR_LETTERS`
    letters or more, and each of its one-letter deletions → the words (built once)."""
    index: dict[str, list[str]] = {}
    for word in vocabulary(name).words:
        if " " in word or not spelling.NEAR_LETTERS <= len(word) <= spelling.MAX_LETTERS:
            continue
        for key in {word, *spelling.deletions(word)}:
            index.setdefault(key, []).append(word)
    return {key: tuple(words) for key, words in index.items()}


def _data(path: str) -> str:
    return resources.files(__package__).joinpath(path).read_text("utf-8")


def _load_words() -> dict[str, WordColour]:
    """The built table ``data/vocabulary.csv``: one line per component."""
    rows = csv.reader(io.StringIO(_data("data/vocabulary.csv")))
    next(rows)
    grouped: dict[str, tuple[int, bool, list[Component]]] = {}
    for word, names, common, share, lightness, a, b, spread in rows:
        entry = grouped.setdefault(word, (int(names), common == "1", []))
        entry[2].append(
            Component(float(share), (float(lightness), float(a), float(b)), float(spread))
        )
    return {
        word: WordColour(word, tuple(parts), n, common)
        for word, (n, common, parts) in grouped.items()
    }


def spanish_translations() -> dict[str, str]:
    """Spanish cue words (as :func:`words_of` reads them) → the English word
    or phrase of ``"en"`` they translate (``data/spanish.csv``, curated)."""
    rows = csv.reader(io.StringIO(_data("data/spanish.csv")))
    next(rows)
    return {" ".join(words_of(spanish)): english for spanish, english in rows}


def lexicon_samples(names: Mapping[str, str]) -> dict[str, tuple[list[tuple[Lab, float]], int]]:
    """Weighted OKLab samples per word of colour ``names`` (name → hex): a
    name's colour counts once for each of its words, shared among them, and
    a one-word name counts twice for its word.  The pooling rule of every
    vocabulary (the build script uses it too)."""
    samples: dict[str, tuple[list[tuple[Lab, float]], int]] = {}
    for name, colour in names.items():
        words = words_of(name)
        lab = oklab(colour)
        for word in set(words):
            weight = 2.0 if len(words) == 1 else 1.0 / math.sqrt(len(words))
            entry = samples.setdefault(word, ([], 0))
            entry[0].append((lab, weight))
            samples[word] = (entry[0], entry[1] + 1)
    return samples


def phrases(names: Mapping[str, str]) -> dict[str, WordColour]:
    """The colour ``names`` (name → hex) of several content words, each a
    phrase of its own (``dusty rose``, ``macaroni cheese``): their colour,
    as narrow a component as may be (the build script uses it too)."""
    found: dict[str, list[tuple[Lab, float]]] = {}
    for name, colour in names.items():
        words = words_of(name)
        if len(words) > 1:
            found.setdefault(" ".join(words), []).append((oklab(colour), 1.0))
    return {text: pool(text, samples, len(samples)) for text, samples in found.items()}


@lru_cache(maxsize=len(VOCABULARIES))
def vocabulary(name: str = "en") -> Vocabulary:
    """The vocabulary ``name`` (one of :data:`VOCABULARIES`; cached).

    >>> from huegames.hues_and_cues.vocabulary import vocabulary
    >>> len(vocabulary("en").words) > 5000, vocabulary("es").words["fresa"].word
    (True, 'strawberry')
    >>> vocabulary("klingon")
    Traceback (most recent call last):
    ...
    ValueError: unknown vocabulary 'klingon': choose en, es, xkcd, css or all
    """
    if name not in VOCABULARIES:
        raise ValueError(
            f"unknown vocabulary {brief(name)}: choose {', '.join(VOCABULARIES[:-1])} or all"
        )
    things: dict[str, WordColour] = {}  # data/concepts.csv: a concept's forms read alike
    for concept in concepts.concepts() if name in concepts.LANGUAGES else ():
        parts = tuple(Component(*part) for part in concept.mixture())
        thing = WordColour(concept.english[0], parts, concepts.NAMES, common=True)
        things.update({" ".join(words_of(form)): thing for form in concept.forms(name)})
    if name == "en":
        return Vocabulary("en", "en", {**_load_words(), **things}, other="es")
    if name == "es":
        english = vocabulary("en")
        words = {}
        for spanish, word in spanish_translations().items():
            colour = english.words.get(word) or english.word(word)
            if colour is None:
                raise ValueError(f"data/spanish.csv: {spanish!r} translates an unknown {word!r}")
            words[spanish] = dataclasses.replace(colour, common=True)
        return Vocabulary("es", "es", {**words, **things}, other="en")
    everyday = {word for word, colour in vocabulary("en").words.items() if colour.common}
    names = lexicon(name).names
    words = {
        word: dataclasses.replace(pool(word, samples, n), common=word in everyday)
        for word, (samples, n) in sorted(lexicon_samples(names).items())
    }
    return Vocabulary(name, "en", {**words, **phrases(names)})
