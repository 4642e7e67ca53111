"""A user's bot that fails during a run: one line naming game, seat, bot and seed, or play on.

``userbots:BrokenBot`` fails in a share of its games (drawn from its seed):
it raises, or chooses a move text no game takes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from huegames import engine
from huegames.cli import main
from huegames.run.recordfiles import read_records
from huegames.run.runner import BotFailure, simulate
from huegames.run.stats import Summary

GAMES = ("hue", "linja", "plank", "hues-and-cues")


def broken(how: str) -> str:
    return f"userbots:BrokenBot:odds=0.2:how={how}"


def first_failure(game: str, bots: list[str], games: int) -> dict:
    """The first forfeited record of the same run, played on past every failure."""
    records = simulate(game, bots, games=games, workers=1, keep_going=True).records
    assert records is not None
    return next(record for record in records if record["forfeit"] is not None)


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("how", ["raise", "illegal"])
@pytest.mark.parametrize("game", GAMES)
def test_a_failing_bot_stops_the_run_with_one_line_and_keeps_the_games_before(
    capsys, tmp_path, game, how, workers
):
    path = tmp_path / "runs.jsonl"
    bots = [broken(how), "random"]
    status = main(
        ["simulate", game, "--games", "30", "--chunk-size", "4", "--bots", ",".join(bots),
         "--workers", workers, "--no-progress", "--out", str(path)]
    )  # fmt: skip
    out, err = capsys.readouterr()
    failed = first_failure(game, bots, 30)
    number, seat = failed["index"], failed["forfeit"]
    seed = engine.derive_seed(0, number)
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"huegames: error: {game} game {number} (seed {seed}): ")
    assert f"seat {seat}, '{broken(how)}'" in err
    said = "raised: RuntimeError: " if how == "raise" else "chose a move the game refused: "
    assert said in err
    assert "\x1b" not in err
    kept = [json.loads(line) for line in path.read_text().splitlines()]
    assert [record["index"] for record in kept] == list(range(number))


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_keep_going_records_the_forfeits_and_counts_them(capsys, tmp_path, fmt, workers):
    path = tmp_path / f"runs.{fmt}"
    bots = [broken("raise"), "greedy"]
    status = main(
        ["simulate", "linja", "--games", "20", "--chunk-size", "3", "--bots", ",".join(bots),
         "--workers", workers, "--no-progress", "--out", str(path), "--keep-going"]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert status == 0, err
    same = simulate("linja", bots, games=20, workers=1, keep_going=True).records
    assert same is not None
    forfeits = [record for record in same if record["forfeit"] is not None]
    assert forfeits and len(forfeits) < 20
    assert f"linja, 2 players, 20 games, {len(forfeits)} forfeited by a failing bot" in out
    assert list(read_records(path)) == same
    for record in forfeits:
        assert record["seats"][record["forfeit"]] == broken("raise")
        assert record["reason"].startswith("raised: RuntimeError: ")
        assert record["winners"] == [] and record["winner"] is None
    played = [record for record in same if record["forfeit"] is None]
    assert all(record["reason"] is None and record["winners"] for record in played)


def test_a_forfeited_game_is_in_no_bots_results():
    summary = Summary("hue", players=2)
    summary.add({"seats": ["a", "b"], "scores": [3, 2], "winners": [0]})
    summary.add({"seats": ["b", "a"], "scores": [1, 0], "winners": [], "forfeit": 1})
    assert (summary.games, summary.forfeits, summary.draws) == (2, 1, 0)
    assert [(bot.name, bot.games, bot.wins) for bot in summary.bots] == [("a", 1, 1), ("b", 1, 0)]
    assert summary.to_dict()["forfeits"] == 1


def test_a_bot_failure_crosses_any_executor_and_names_everything():
    bots = [broken("illegal"), "random"]
    failed = first_failure("plank", bots, 12)
    with ThreadPoolExecutor(2) as pool, pytest.raises(BotFailure) as caught:
        simulate("plank", bots, games=12, chunk_size=2, executor=pool)
    error = caught.value
    assert (error.game, error.number, error.seat, error.bot) == (
        "plank",
        failed["index"],
        failed["forfeit"],
        broken("illegal"),
    )
    assert error.seed == engine.derive_seed(0, failed["index"])
    assert error.reason == failed["reason"] and "InvalidMoveError" in error.reason


def test_a_bot_that_cannot_be_made_for_a_game_is_a_failure_of_its_seat(capsys, monkeypatch):
    import userbots

    def fussy(seed: int | None = None) -> userbots.WanderBot:
        if seed != 0:  # seed 0: the check before the run
            raise ValueError("out of memory for a model")
        return userbots.WanderBot(seed)

    monkeypatch.setattr(userbots, "fussy", fussy, raising=False)
    status = main(["simulate", "hue", "--games", "2", "--bots", "userbots:fussy", *QUICK])
    err = capsys.readouterr().err
    assert status == 1
    assert "hue game 0 " in err and "seat 0, 'userbots:fussy', could not be made: ValueError" in err


QUICK = ["--workers", "1", "--no-progress"]


def test_tracebacks_only_with_debug_and_escaped():
    tests = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # userbots.py
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([tests, os.environ.get("PYTHONPATH", "")])}
    argv = [sys.executable, "-m", "huegames", "simulate", "hue", "--games", "3",
            "--bots", "userbots:BrokenBot", "--workers", "2", "--chunk-size", "1",
            "--no-progress"]  # fmt: skip
    plain = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    debug = subprocess.run([*argv, "--debug"], capture_output=True, text=True, env=env, timeout=120)
    for done in (plain, debug):
        assert done.returncode == 1 and done.stdout == ""
        assert done.stderr.endswith("(--keep-going to play on)\n")
        assert "\x1b" not in done.stderr
    assert plain.stderr.count("\n") == 1 and "Traceback" not in plain.stderr
    assert debug.stderr.startswith("Traceback (most recent call last):")
    assert "userbots.py" in debug.stderr and "RuntimeError: the bot's model" in debug.stderr
