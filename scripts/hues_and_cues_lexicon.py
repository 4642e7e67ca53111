"""Regenerate src/huegames/hues_and_cues/data/lexicon.csv from matplotlib's colour tables.

Development only (``pip install matplotlib``): the package reads the CSV and
never imports matplotlib.  Sources: the XKCD colour-survey names (CC0) and
the CSS Color Module Level 4 named colours, the CSS names split into words
("darkslateblue" → "dark slate blue") so that cues read like speech.
"""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path

from matplotlib import _color_data

OUT = Path(__file__).resolve().parent.parent / "src/huegames/hues_and_cues/data/lexicon.csv"
CSS_PARTS = (
    "alice",
    "almond",
    "antique",
    "aqua",
    "azure",
    "beige",
    "bisque",
    "blanched",
    "blush",
    "brick",
    "gray",
    "burly",
    "cadet",
    "chartreuse",
    "chiffon",
    "chocolate",
    "coral",
    "corn",
    "cornflower",
    "cream",
    "crimson",
    "dew",
    "dim",
    "dodger",
    "drab",
    "fire",
    "floral",
    "fuchsia",
    "gainsboro",
    "ghost",
    "golden",
    "goldenrod",
    "honey",
    "hot",
    "indian",
    "indigo",
    "ivory",
    "khaki",
    "lace",
    "lavender",
    "lawn",
    "lemon",
    "light",
    "lime",
    "linen",
    "magenta",
    "marine",
    "maroon",
    "medium",
    "midnight",
    "mint",
    "misty",
    "moccasin",
    "navajo",
    "navy",
    "old",
    "olive",
    "orchid",
    "pale",
    "papaya",
    "peach",
    "peru",
    "plum",
    "powder",
    "puff",
    "rebecca",
    "rod",
    "rosy",
    "royal",
    "saddle",
    "salmon",
    "sandy",
    "sea",
    "shell",
    "sienna",
    "silk",
    "silver",
    "sky",
    "slate",
    "smoke",
    "snow",
    "spring",
    "steel",
    "tan",
    "teal",
    "thistle",
    "tomato",
    "turquoise",
    "violet",
    "wheat",
    "whip",
    "wood",
)


def css_words(name: str, known: frozenset[str]) -> str:
    """Split a CSS name into the fewest known words ("darkslateblue" → "dark slate blue")."""

    @cache
    def best(start: int) -> tuple[str, ...] | None:
        if start == len(name):
            return ()
        options = []
        for end in range(len(name), start, -1):
            rest = best(end) if name[start:end] in known else None
            if rest is not None:
                options.append((name[start:end], *rest))
        return min(options, key=len) if options else None

    return " ".join(best(0) or (name,))


def main() -> None:
    xkcd = {
        name.removeprefix("xkcd:").replace("/", " ").replace("'", ""): colour
        for name, colour in _color_data.XKCD_COLORS.items()
    }
    # Words of the multi-word XKCD names: not its run-together ones such as "darkblue".
    known = frozenset(CSS_PARTS) | {word for name in xkcd if " " in name for word in name.split()}
    rows = [("xkcd", name, colour.lower()) for name, colour in sorted(xkcd.items())]
    rows += [
        ("css", css_words(name, known), colour.lower())
        for name, colour in sorted(_color_data.CSS4_COLORS.items())
    ]
    with OUT.open("w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(("source", "name", "hex"))
        writer.writerows(rows)
    print(f"wrote {len(rows)} names to {OUT}")


if __name__ == "__main__":
    main()
