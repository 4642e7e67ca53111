"""Build src/huegames/hues_and_cues/data/vocabulary.csv: everyday words and the colours they evoke.

Development only; the package reads the CSV and fetches nothing.  Sources,
pooled per whole word by the package's own rule
(:func:`huegames.hues_and_cues.vocabulary.lexicon_samples`):

- the ~30,000 human-made colour names of ``meodai/color-names`` (MIT),
  its ``src/colornames.csv``, given with ``--color-names``;
- the XKCD colour-survey names (CC0), each counted as 6 names (they are
  what people called a colour, not what a paint maker did; 6 read the
  held-out cases better than 2 and as well as 12), and the CSS names, both from
  the package's ``data/lexicon.csv``;
- the XKCD and CSS names of several words, as phrases (``dusty rose``);
- ``data/curated.csv``: curated entries for common words that no list
  covers or covers badly (moods, seasons, everyday objects), which replace
  what was pooled for the word.

Everyday words are marked ``common``: those of SCOWL's small English lists
(Debian's ``wamerican-small`` and ``wbritish-small``, ``--common``).  A plural
pools into its stem when the stem is a word of the names too, and so does an
-ish or -y form that is no everyday word of its own (``cherries`` into
``cherry``, ``mossy`` into ``moss``; ``rosy`` and ``golden`` stay).  A word is
kept when at least two names hold it or one name is the word alone.  Each
word's samples are pooled into a mixture of one to three OKLab Gaussians
(:func:`~huegames.hues_and_cues.vocabulary.pool`).

    python scripts/build_cue_vocabulary.py --color-names path/to/colornames.csv
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
from pathlib import Path

from huegames.hues_and_cues.colour import oklab
from huegames.hues_and_cues.lexicon import Lab, lexicon
from huegames.hues_and_cues.vocabulary import (
    ENGLISH_ENDINGS,
    SPREAD_RANGE,
    Component,
    WordColour,
    fold,
    lexicon_samples,
    phrases,
    pool,
    stems,
    words_of,
)

DATA = Path(__file__).resolve().parent.parent / "src/huegames/hues_and_cues/data"
XKCD_WEIGHT = 6.0
"""How many names an XKCD survey name counts as."""
CURATED_NAMES = 12
"""How many names a curated entry counts as (compound splits prefer well-attested parts)."""
CURATED_SPREAD = 0.05
COMMON = [
    Path("/usr/share/dict/american-english-small"),
    Path("/usr/share/dict/british-english-small"),
]
"""SCOWL's small lists (Debian's wamerican-small and wbritish-small)."""


def read_color_names(path: Path) -> dict[str, str]:
    """meodai/color-names' CSV (``name,hex,good name``): name → hex."""
    with path.open(encoding="utf-8") as file:
        return {row["name"]: row["hex"].lower() for row in csv.DictReader(file)}


def read_curated(path: Path) -> dict[str, WordColour]:
    """``word,colours`` rows (a word or a phrase): one component per
    space-separated hex, shares equal."""
    curated = {}
    with path.open(encoding="utf-8") as file:
        for row in csv.DictReader(file):
            word = " ".join(words_of(row["word"]))
            colours = row["colours"].split()
            curated[word] = WordColour(
                word,
                tuple(Component(1 / len(colours), oklab(c), CURATED_SPREAD) for c in colours),
                CURATED_NAMES,
                common=True,
            )
    return curated


def read_common(paths: list[Path]) -> frozenset[str]:
    """Everyday English words: SCOWL's small lists (one word a line), folded."""
    words: set[str] = set()
    for path in paths:
        words |= {fold(line.strip()) for line in path.read_text("utf-8").splitlines()}
    return frozenset(words)


def build(color_names: dict[str, str], common: frozenset[str]) -> dict[str, WordColour]:
    """Every kept word's mixture, the curated entries included."""
    samples: dict[str, list[tuple[Lab, float]]] = {}
    counts: dict[str, int] = {}
    one_word: set[str] = set()
    sources = (
        (color_names, 1.0),
        (lexicon("xkcd").names, XKCD_WEIGHT),
        (lexicon("css").names, 1.0),
    )
    for names, weight in sources:
        one_word |= {words_of(name)[0] for name in names if len(words_of(name)) == 1}
        for word, (found, n) in lexicon_samples(names).items():
            samples.setdefault(word, []).extend((lab, w * weight) for lab, w in found)
            counts[word] = counts.get(word, 0) + n
    for word in sorted(samples, key=len, reverse=True):  # "cherries" pools into "cherry"
        plural = word.endswith("s") and not word.endswith("ss")
        stem = next((stem for stem in stems(word, ENGLISH_ENDINGS) if stem in samples), None)
        if stem is not None and (plural or word not in common):
            samples[stem].extend(samples.pop(word))
            counts[stem] += counts.pop(word)
            one_word.add(stem)
    words = {
        word: dataclasses.replace(pool(word, found, counts[word]), common=word in common)
        for word, found in sorted(samples.items())
        if counts[word] >= 2 or word in one_word
    }
    words.update(phrases({**lexicon("xkcd").names, **lexicon("css").names}))
    words.update(read_curated(DATA / "curated.csv"))
    return dict(sorted(words.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--color-names", type=Path, required=True, help="meodai's colornames.csv")
    parser.add_argument(
        "--common", type=Path, nargs="+", default=COMMON, help="SCOWL word lists (everyday words)"
    )
    args = parser.parse_args()
    words = build(read_color_names(args.color_names), read_common(args.common))
    low, high = SPREAD_RANGE
    out = DATA / "vocabulary.csv"
    with out.open("w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(("word", "names", "common", "share", "L", "a", "b", "spread"))
        for word, colour in words.items():
            for c in colour.components:
                assert low <= c.spread <= high
                coordinates = (f"{x:.3f}" for x in c.lab)
                writer.writerow(
                    (word, colour.names, int(colour.common), f"{c.share:.2f}", *coordinates,
                     f"{c.spread:.3f}")
                )  # fmt: skip
    print(f"wrote {len(words)} words to {out}")


if __name__ == "__main__":
    main()
