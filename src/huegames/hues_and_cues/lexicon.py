"""The colour lexicon shipped as package data: XKCD survey names and CSS names.

See ``data/LICENSE-lexicon.md`` for sources and licences.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from ..records import brief
from .colour import oklab

SOURCES = ("xkcd", "css")
Lab = tuple[float, float, float]


@dataclass(frozen=True, slots=True, eq=False)
class Lexicon:
    """Colour names (lower case, words split by spaces) and their colours.

    ``names`` maps a name to its hex colour; ``labs`` to its OKLab
    coordinates; ``words`` maps each word to the OKLab mean of the names it
    appears in (so ``"orchid"`` means something even without an exact name);
    ``shifts`` maps a leading word to the mean OKLab change it makes to the
    name it precedes (``"dark"``: "dark teal" minus "teal", and so on).

    >>> from huegames.hues_and_cues import Lexicon
    >>> mine = Lexicon.of("mine", {"sky": "#87ceeb", "dark sky": "#4682b4"})
    >>> sorted(mine.words), [round(value, 3) for value in mine.shifts["dark"]]
    (['dark', 'sky'], [-0.227, 0.016, -0.032])
    """

    source: str
    names: Mapping[str, str]
    labs: Mapping[str, Lab]
    words: Mapping[str, Lab]
    shifts: Mapping[str, Lab]

    @classmethod
    def of(cls, source: str, names: Mapping[str, str]) -> Lexicon:
        """A lexicon from names and their hex colours, with the word means and
        shifts worked out; ``source`` labels it."""
        labs = {name: oklab(colour) for name, colour in names.items()}
        members: dict[str, list[Lab]] = {}
        for name, lab in labs.items():
            for word in set(name.split()):
                members.setdefault(word, []).append(lab)
        changes: dict[str, list[Lab]] = {}
        for name, lab in labs.items():
            first, _, rest = name.partition(" ")
            if rest in labs:
                base = labs[rest]
                changes.setdefault(first, []).append(
                    (lab[0] - base[0], lab[1] - base[1], lab[2] - base[2])
                )
        return cls(source, dict(names), labs, _means(members), _means(changes))


def _means(groups: Mapping[str, list[Lab]]) -> dict[str, Lab]:
    return {
        key: (
            sum(lab[0] for lab in group) / len(group),
            sum(lab[1] for lab in group) / len(group),
            sum(lab[2] for lab in group) / len(group),
        )
        for key, group in groups.items()
    }


@cache
def _rows() -> tuple[tuple[str, str, str], ...]:
    text = resources.files(__package__).joinpath("data/lexicon.csv").read_text("utf-8")
    reader = csv.reader(io.StringIO(text))
    next(reader)
    return tuple((source, name, colour) for source, name, colour in reader)


@lru_cache(maxsize=len(SOURCES) + 1)
def lexicon(source: str = "xkcd") -> Lexicon:
    """The ``"xkcd"``, ``"css"`` or ``"all"`` lexicon (cached).

    The two sources name colours differently: XKCD's survey ``khaki`` is
    an olive, CSS ``khaki`` a pale yellow, and only CSS knows ``gainsboro``.

    >>> from huegames.hues_and_cues import lexicon
    >>> xkcd, css = lexicon("xkcd"), lexicon("css")
    >>> len(xkcd.names), len(css.names), lexicon("xkcd") is xkcd
    (938, 148, True)
    >>> xkcd.names["khaki"], css.names["khaki"], "gainsboro" in xkcd.names
    ('#aaa662', '#f0e68c', False)
    >>> [round(value, 3) for value in xkcd.labs["teal"]]  # OKLab L, a, b
    [0.596, -0.105, -0.007]
    >>> lexicon("pantone")
    Traceback (most recent call last):
    ...
    ValueError: unknown lexicon 'pantone': choose xkcd, css or all
    """
    if source not in (*SOURCES, "all"):
        raise ValueError(f"unknown lexicon {brief(source)}: choose xkcd, css or all")
    return Lexicon.of(
        source, {name: colour for where, name, colour in _rows() if source in (where, "all")}
    )


@cache
def vocabulary() -> tuple[str, ...]:
    """Every name of one or two words in the lexicon, and every word in a name."""
    texts = {name for _, name, _ in _rows() if len(name.split()) <= 2}
    texts |= {word for _, name, _ in _rows() for word in name.split()}
    return tuple(sorted(texts))
