"""The guessers on held-out cues: how many they read, and how well they place.

``tests/data/hues_and_cues_heldout_cues.csv`` (``language,category,cue,colour,second``)
holds cues as people give them (single everyday words and two-word cues
across the categories of :mod:`~huegames.hues_and_cues.concepts`), each with
the colour a person would point at and, where people split, a second one.
It was written by a process that never saw the vocabulary, and nothing in
the vocabulary's build reads it: the figures here are a fair measure.

A cue is *read* when the guesser reads at least one of its words
(:meth:`~huegames.hues_and_cues.vocabulary.Vocabulary.explain`: any
reading but "not read"); otherwise the guesser falls back on where people
guess.  Each cue is scored as the first guess of a round, 3 / 2 / 1 by the
scoring frame around the square nearest the colour (OKLab); a cue with a
second colour scores the better of the two squares, since both are picks a
person makes for it.
"""

import csv
import sys
from collections import Counter
from pathlib import Path

import pytest

from huegames import hues_and_cues as hc
from huegames.hues_and_cues.vocabulary import vocabulary

pytestmark = pytest.mark.backend_independent  # the same on either backend

ROOT = Path(__file__).resolve().parents[2]
CUES = ROOT / "tests/data/hues_and_cues_heldout_cues.csv"
LANGUAGES = ("en", "es")
LEAST_CUES = 500
"""The fewest held-out cues a language must have for its figures to count."""
COVERAGE = 0.95
"""The least share of held-out cues a guesser must read, in each language."""
POINTS = {"en": 1.3, "es": 1.2}
"""The least points per guess on each language's held-out cues: a little
under what was measured when the file was first scored (docs/games/hues-and-cues.md)."""

if not CUES.exists():
    pytest.skip(f"{CUES.relative_to(ROOT)} is not written yet", allow_module_level=True)


def cues(language):
    """The held-out rows of one language, as dicts of the file's columns."""
    with CUES.open(encoding="utf-8", newline="") as file:
        return [row for row in csv.DictReader(file) if row["language"] == language]


def scripts():
    """scripts/evaluate_guessers.py, which builds a first guesser's view and finds targets."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import evaluate_guessers
    finally:
        sys.path.pop(0)
    return evaluate_guessers


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_guesser_reads_nearly_every_held_out_cue(language):
    rows = cues(language)
    assert len(rows) >= LEAST_CUES
    reader = vocabulary(language)
    unread = [row for row in rows if not any(word.read for word in reader.explain(row["cue"]))]
    share = 1 - len(unread) / len(rows)
    print(f"\n{language}: {share:.1%} of {len(rows)} held-out cues read")
    # the categories of the cues not read, never the cues: the file stays blind
    missed = Counter(row["category"] for row in unread).most_common()
    assert share >= COVERAGE, f"{language}: {share:.1%} read; not read, by category: {missed}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_points_per_guess_on_held_out_cues(language):
    evaluate = scripts()
    board = hc.default_board()
    bot = hc.LexiconBot(language)
    points = []
    for row in cues(language):
        targets = [hc.SQUARES[evaluate.nearest(board, row["colour"])]]
        if row["second"].strip():
            targets.append(hc.SQUARES[evaluate.nearest(board, row["second"])])
        square = bot.choose(evaluate.first_guesser_view(board, row["cue"])).square
        assert square is not None
        points.append(max(hc.guess_points(square.distance(target)) for target in targets))
    mean = sum(points) / len(points)
    print(f"\n{language}: {mean:.2f} points a guess on {len(points)} held-out cues")
    assert mean >= POINTS[language]
