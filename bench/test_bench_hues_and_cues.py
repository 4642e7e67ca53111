"""Hues and Cues through the runner, and its guesser alone: games and guesses per second.

Each round plays a batch from the next run seed of a rotation, 4 players,
``huegames simulate hues-and-cues --bots B,B,B,B --workers 1`` as the issue
measures it; the first (warm-up) round builds the vocabulary's tables on the
board, which every later game reuses.  The guesser alone answers first
guesses for everyday cue words in turn, no two rounds the same.

pip install ".[bench]" && python -m pytest bench/test_bench_hues_and_cues.py --benchmark-only
"""

from __future__ import annotations

import itertools

import pytest

from conftest import record
from huegames import hues_and_cues as hc
from huegames import simulate
from huegames.hues_and_cues.vocabulary import spanish_translations

GAMES = 50


@pytest.mark.parametrize("bot", ["xkcd", "en", "es"])
def test_runner_lexicon_bots(benchmark, bot):
    seeds = itertools.count(1)
    bots = ",".join([bot] * 4)
    benchmark.pedantic(
        lambda: simulate("hues-and-cues", bots, games=GAMES, seed=next(seeds), workers=1),
        rounds=5,
        warmup_rounds=1,
    )
    group = f"hues-and-cues {bots} through the runner (per game)"
    record(benchmark, group, "python", "game", GAMES)


@pytest.mark.parametrize("source", ["en", "es"])
def test_first_guess(benchmark, source):
    words = sorted(spanish_translations().values() if source == "en" else spanish_translations())
    cues = itertools.cycle(words)
    bot = hc.LexiconBot(source)
    board, rules = hc.default_board(), hc.Rules()

    def guess():
        cue = next(cues)
        view = hc.View(
            player=1, players=4, round=hc.Round(0, 0, hc.Phase.FIRST_GUESSES, None, cues=(cue,)),
            rounds=(), scores=(0,) * 4, used_cues=frozenset(), board=board, rules=rules,
        )  # fmt: skip
        return bot.choose(view)

    benchmark.pedantic(guess, rounds=len(words), warmup_rounds=len(words))
    record(benchmark, f"hues-and-cues first guess, {source} words", "python", "guess")
