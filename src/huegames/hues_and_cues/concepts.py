"""Everyday things and the colours people picture for them, in English and Spanish.

Colour names say what ``sage`` or ``cobalt`` look like, but a cue giver says
``frog``, ``envy`` or ``Pikachu``.  ``data/concepts.csv`` lists over 3,000
such concepts (animals, plants, food, materials, places, weather, feelings,
festivals, characters, brands, signs...), each with the forms a person
types in each language and the colours a typical person pictures: one, or
several weighted ones where people split (an apple is red, green or
yellow).  The file was written for this package from general knowledge
(``data/LICENSE-lexicon.md``); :func:`~huegames.hues_and_cues.vocabulary.vocabulary`
reads the English forms into ``"en"`` and the Spanish ones into ``"es"``,
in place of what colour names say of the same word (a concept's own colours
read the development cases better than the names' pool or a mixture of the
two).  No English form is a CSS colour name (``orange``, ``salmon``,
``gold``...): those keep the colour every browser gives them, so that the
English reader and the readers of the colour lexicons agree on them (the
concept is then ``orange fruit``, and Spanish ``naranja``).

>>> from huegames.hues_and_cues.concepts import concepts, by_form
>>> len(concepts()) >= 3000
True
>>> apple = by_form("en")["apple"]
>>> apple.category, apple.spanish[0], [round(share, 2) for _, share in apple.colours]
('fruit', 'manzana', [0.5, 0.33, 0.17])
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from ..records import brief
from .colour import normalise_hex, oklab
from .lexicon import Lab

CATEGORIES = (
    *("animal", "insect", "bird", "sea", "plant", "flower", "herb", "fruit", "vegetable"),
    *("dish", "drink", "stone", "gem", "metal", "material", "landscape", "water", "sky"),
    *("time", "feeling", "idea", "festival", "character", "brand", "vehicle", "sign"),
    *("object", "clothing", "body", "place"),
)
"""Every concept's category: each one names a kind of thing people know by its colour."""
LANGUAGES = ("en", "es")
"""The languages whose forms a concept lists."""
SPREAD = 0.05
"""Each colour's spread (OKLab standard deviation): a thing's colour varies
more than a paint chip's, less than a colour word's."""
NAMES = 12
"""How many colour names a concept counts as, like a curated entry of
``"en"`` (a cue giver says it; a compound split trusts it)."""


@dataclass(frozen=True, slots=True)
class Concept:
    """One everyday thing: its ``category`` (in :data:`CATEGORIES`), the forms
    people type in ``english`` and ``spanish`` (the first is the usual one),
    and its ``colours``: sRGB hex and share (summing to 1), heaviest first."""

    category: str
    english: tuple[str, ...]
    spanish: tuple[str, ...]
    colours: tuple[tuple[str, float], ...]

    def forms(self, language: str) -> tuple[str, ...]:
        """The forms of ``language`` (``"en"`` or ``"es"``)."""
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {brief(language)}: choose en or es")
        return self.english if language == "en" else self.spanish

    def mixture(self) -> tuple[tuple[float, Lab, float], ...]:
        """Each colour as ``(share, OKLab mean, spread)``, heaviest first:
        the fields of a :class:`~huegames.hues_and_cues.vocabulary.Component`,
        the mean to 3 decimals as ``data/vocabulary.csv`` keeps it."""
        return tuple((share, _rounded(oklab(colour)), SPREAD) for colour, share in self.colours)


def _rounded(lab: Lab) -> Lab:
    return (round(lab[0], 3), round(lab[1], 3), round(lab[2], 3))


def parse(text: str) -> tuple[Concept, ...]:
    """Concepts from CSV text (``category,en,es,colours``): forms separated
    by ``|``, colours by spaces, each a hex with an optional ``*weight``
    (``#d11f1f*3 #3a8f2e``); a clear ValueError naming the line otherwise.

    >>> from huegames.hues_and_cues.concepts import parse
    >>> parse("category,en,es,colours\\nfruit,lime,lima,#8ac926*3 #d4e157")[0].colours
    (('#8ac926', 0.75), ('#d4e157', 0.25))
    >>> parse("category,en,es,colours\\nfruit,lime,,#8ac926")
    Traceback (most recent call last):
    ...
    ValueError: concepts line 2: no es form
    """
    rows = csv.reader(io.StringIO(text))
    header = next(rows, None)
    if header != ["category", "en", "es", "colours"]:
        raise ValueError(
            f"concepts: the header must be category,en,es,colours, not {brief(header)}"
        )
    found = []
    for line, row in enumerate(rows, start=2):
        try:
            found.append(_concept(row))
        except ValueError as error:
            raise ValueError(f"concepts line {line}: {error}") from None
    return tuple(found)


def _concept(row: list[str]) -> Concept:
    if len(row) != 4:
        raise ValueError(f"{len(row)} fields, not 4")
    category, english, spanish, colours = row
    if category not in CATEGORIES:
        raise ValueError(f"unknown category {brief(category)}")
    forms = {}
    for language, text in zip(LANGUAGES, (english, spanish), strict=True):
        forms[language] = tuple(form.strip() for form in text.split("|") if form.strip())
        if not forms[language]:
            raise ValueError(f"no {language} form")
    weighted = []
    for item in colours.split():
        colour, _, weight = item.partition("*")
        try:
            share = float(weight) if weight else 1.0
        except ValueError:
            raise ValueError(f"the weight of {brief(item)} is not a number") from None
        if not share > 0:
            raise ValueError(f"the weight of {brief(item)} is not positive")
        weighted.append((normalise_hex(colour), share))
    if not weighted:
        raise ValueError("no colour")
    total = sum(share for _, share in weighted)
    weighted.sort(key=lambda item: -item[1])
    shares = tuple((colour, share / total) for colour, share in weighted)
    return Concept(category, forms["en"], forms["es"], shares)


@cache
def concepts() -> tuple[Concept, ...]:
    """Every concept of ``data/concepts.csv`` (parsed once)."""
    path = resources.files(__package__).joinpath("data/concepts.csv")
    return parse(path.read_text("utf-8"))


@lru_cache(maxsize=len(LANGUAGES))
def by_form(language: str) -> Mapping[str, Concept]:
    """Each form of ``language`` (as written in the file) → its concept."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {brief(language)}: choose en or es")
    return {form: concept for concept in concepts() for form in concept.forms(language)}
