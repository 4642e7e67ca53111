"""Measure the Hues and Cues guessers on held-out word → colour cases.

Each case of ``tests/data/hues_and_cues_heldout.csv`` (``language,word,colour``)
is a word and the colour a person would expect it to mean, written for this
evaluation from everyday knowledge and from none of the sources the cue
vocabulary was built from.  The target is the board square nearest to that
colour (OKLab); each guesser is asked, as the first guesser of a round, with
the word as the cue, through ``LexiconBot(name).choose(view)``, and scores
3 / 2 / 1 by the scoring frame.  A random square's expected points are shown
for comparison.

    python scripts/evaluate_guessers.py                       # every guesser, default board
    python scripts/evaluate_guessers.py --board board.csv     # any 16 x 30 hex CSV
    python scripts/evaluate_guessers.py --board hue-lightness # hue by column, lightness by row
    python scripts/evaluate_guessers.py --bots en,xkcd --json
"""

from __future__ import annotations

import argparse
import csv
import json
import math
from pathlib import Path

from huegames.hues_and_cues import (
    COLUMNS,
    ROWS,
    SQUARES,
    Board,
    Game,
    LexiconBot,
    Phase,
    Round,
    Rules,
    View,
    default_board,
    guess_points,
)
from huegames.hues_and_cues.colour import Color, oklab

CASES = Path(__file__).resolve().parent.parent / "tests/data/hues_and_cues_heldout.csv"
BOTS = ("en", "es", "xkcd", "css", "all")
PLAYERS = 4


def hue_lightness_board() -> Board:
    """A board laid out like the published one is often described: hue
    round the colour wheel along the columns, light at the top to dark at the
    bottom, most vivid in the middle rows (OKLCh, gamut-mapped)."""
    rows = []
    for row in range(ROWS):
        lightness = 0.95 - 0.6 * row / (ROWS - 1)
        chroma = 0.06 + 0.12 * max(0.0, 1 - abs(row - 7.5) / 9)
        rows.append(
            ",".join(
                Color("oklch", [lightness, chroma, 360 * column / COLUMNS])
                .convert("srgb")
                .fit()
                .to_string(hex=True)
                for column in range(COLUMNS)
            )
        )
    return Board.parse_csv("\n".join(rows))


def first_guesser_view(board: Board, cue: str) -> View:
    """Seat 1's view, first to guess after seat 0's one cue (any text: the
    guesser reads what people said, legal or not)."""
    round_ = Round(number=0, giver=0, phase=Phase.FIRST_GUESSES, card=None, cues=(cue,))
    return View(
        player=1,
        players=PLAYERS,
        round=round_,
        rounds=(),
        scores=(0,) * PLAYERS,
        used_cues=frozenset(),
        board=board,
        rules=Rules(),
        game_class=Game,
    )


def nearest(board: Board, colour: str) -> int:
    """The index of the square whose colour is nearest (OKLab) to ``colour``."""
    goal = oklab(colour)
    return min(range(len(SQUARES)), key=lambda i: math.dist(oklab(board[SQUARES[i]]), goal))


def read_cases(path: Path = CASES) -> list[tuple[str, str, str]]:
    """The held-out cases: (language, word, expected hex colour)."""
    with path.open(encoding="utf-8") as file:
        return [(row["language"], row["word"], row["colour"]) for row in csv.DictReader(file)]


def evaluate(board: Board, bots: list[str], cases: list[tuple[str, str, str]]) -> dict[str, dict]:
    """Points per guess of each bot, per language, with the number of cases."""
    results: dict[str, dict] = {}
    targets = [SQUARES[nearest(board, colour)] for _, _, colour in cases]
    for name in bots:
        bot = LexiconBot(name)
        totals: dict[str, list[int]] = {}
        for (language, word, _), target in zip(cases, targets, strict=True):
            square = bot.choose(first_guesser_view(board, word)).square
            assert square is not None
            totals.setdefault(language, []).append(guess_points(square.distance(target)))
        results[name] = {
            language: {"points_per_guess": sum(points) / len(points), "cases": len(points)}
            for language, points in totals.items()
        }
    random_points = (
        sum(guess_points(square.distance(target)) for target in SQUARES for square in SQUARES)
        / len(SQUARES) ** 2
    )
    results["random square"] = {"all": {"points_per_guess": random_points, "cases": len(cases)}}
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="default", help="default, hue-lightness or a CSV path")
    parser.add_argument("--bots", default=",".join(BOTS), help="vocabularies, comma-separated")
    parser.add_argument("--cases", type=Path, default=CASES)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    if args.board == "default":
        board = default_board()
    elif args.board == "hue-lightness":
        board = hue_lightness_board()
    else:
        board = Board.from_csv(args.board)
    results = evaluate(board, args.bots.split(","), read_cases(args.cases))
    if args.json:
        print(json.dumps(results, indent=1))
        return
    languages = sorted({language for by in results.values() for language in by} - {"all"})
    print(f"board: {args.board}; held-out cases: {args.cases.name}\n")
    print("| guesser | " + " | ".join(f"{language} words" for language in languages) + " |")
    print("|---|" + "---:|" * len(languages))
    for name, by in results.items():
        cells = [
            f"{by.get(language, by.get('all'))['points_per_guess']:.2f}" for language in languages
        ]
        print(f"| {name} | " + " | ".join(cells) + " |")
    counts = {
        language: results[args.bots.split(",")[0]][language]["cases"] for language in languages
    }
    print("\ncases: " + ", ".join(f"{n} {language}" for language, n in counts.items()))


if __name__ == "__main__":
    main()
