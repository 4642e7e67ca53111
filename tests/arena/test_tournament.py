"""``huegames tournament``: paired deals, ratings, Elo and the SPRT from the
command line, records ``huegames show`` replays, and resuming a stopped run
to the table an uninterrupted one ends with."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from huegames.arena.tournament import Standings, Tournament, play
from huegames.cli import main
from huegames.run.recordfiles import read_records

pytestmark = pytest.mark.backend_independent  # the kernels agree with the Python engine


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main([*argv, "--no-progress"])
    out, err = capsys.readouterr()
    return status, out, err


def table(out: str) -> str:
    """The printed standings without the line naming the records' file."""
    return out.split("\nrecords in ")[0]


def test_an_sprt_between_greedy_and_random_accepts_h1(capsys, tmp_path):
    path = tmp_path / "sprt.jsonl"
    status, out, err = run(
        capsys, "tournament", "linja", "--bots", "greedy,random", "--sprt",
        "elo0=0,elo1=5,alpha=0.05,beta=0.05", "--seed", "1", "--out", str(path),
    )  # fmt: skip
    assert status == 0, err
    assert "H1 accepted" in out and "LLR 2.9" in out and "(-2.94, 2.94)" in out
    records = list(read_records(path))
    assert len(records) % 2 == 0 and len(records) < 1000  # stopped early, on a whole pair
    assert all(record["winners"] == [record["seats"].index("greedy")] for record in records)


def test_an_sprt_between_two_identical_bots_accepts_h0(capsys, tmp_path):
    status, out, err = run(
        capsys, "tournament", "linja", "--bots", "greedy,greedy", "--sprt", "elo0=0,elo1=20",
        "--seed", "1", "--out", str(tmp_path / "same.jsonl"),
    )  # fmt: skip
    assert status == 0, err
    assert "H0 accepted" in out
    assert "| greedy | greedy#2 |" in out  # the second of a name is told apart


def test_a_four_player_hue_round_robin_prints_ratings_with_their_uncertainty(capsys, tmp_path):
    path = tmp_path / "hue.jsonl"
    status, out, err = run(
        capsys, "tournament", "hue", "--players", "4",
        "--bots", "random,greedy,mcts:playouts=5,random",
        "--games", "8", "--seed", "2", "--out", str(path),
    )  # fmt: skip
    assert status == 0, err
    rows = [line for line in out.splitlines() if line.startswith("| ") and " ± " in line][1:]
    assert len(rows) == 4
    for name in ("random", "greedy", "mcts:playouts=5", "random#2"):
        assert any(f"| {name} |" in row for row in rows)
    records = list(read_records(path))
    assert len(records) == 8
    # every deal is played once per rotation of the seats
    deals = {record["seed"] for record in records}
    assert len(deals) == 2
    for seed in deals:
        orders = [record["seats"] for record in records if record["seed"] == seed]
        assert sorted(order[0] for order in orders) == sorted(orders[0])


def test_plank_with_four_players_rates_its_teams_as_teams(tmp_path):
    from huegames import plank

    tournament = Tournament.build(
        "plank", ["random", "greedy", "random", "greedy"], players=4, games=8, seed=3
    )
    standings = play(tournament, tmp_path / "plank.jsonl")
    records = sorted(read_records(tmp_path / "plank.jsonl"), key=lambda record: record["index"])
    for record, finish in zip(records, standings.finishes, strict=True):
        game = plank.new_game(players=4, seed=record["seed"])
        partners = {
            frozenset(record["seats"][seat] for seat in game.team(seat)) for seat in range(4)
        }
        assert {frozenset(side) for side in finish.sides} == partners
        assert len(finish.sides) == 2


def test_records_replay_in_show_and_name_their_pairing(capsys, tmp_path):
    path = tmp_path / "rr.jsonl"
    status, out, err = run(
        capsys, "tournament", "linja", "--bots", "greedy,random,search:nodes=5",
        "--games", "4", "--out", str(path),
    )  # fmt: skip
    assert status == 0, err
    records = list(read_records(path))
    assert [record["index"] for record in records] == list(range(12))
    assert [record["pairing"] for record in records] == [0] * 4 + [1] * 4 + [2] * 4
    assert all(record["moves"] and record["forfeit"] is None for record in records)
    page = tmp_path / "game.html"
    assert main(["show", str(path), "--number", "9", "-o", str(page)]) == 0
    assert "<svg" in page.read_text(encoding="utf-8")
    assert "| greedy | random | 2 |" in out  # pairs, with the pentanomial after


def test_a_gauntlet_pairs_the_first_bot_with_each_other(tmp_path):
    tournament = Tournament.build(
        "linja", "greedy,random,search:nodes=5,random:", format="gauntlet", games=2
    )
    assert tournament.pairings == ((0, 1), (0, 2), (0, 3))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "greedy"], "needs at least 2 bots"),
        (["--bots", "greedy,random", "--games", "3"], "multiple of the 2 players"),
        (["--bots", "greedy,random,search", "--sprt", "elo1=5"], "between two bots"),
        (["--bots", "greedy,random", "--sprt", "elo1=-1"], "below elo1"),
        (["--bots", "greedy,nobody"], "unknown linja bot 'nobody'"),
        (["--bots", "greedy,random", "--engine", "x"], "NAME=COMMAND"),
        (["--bots", "greedy,random", "--max-games", "10"], "--max-games is for --sprt"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(capsys, tmp_path, argv, message):
    path = tmp_path / "none.jsonl"
    status, _, err = run(capsys, "tournament", "linja", *argv, "--out", str(path))
    assert status == 2 and message in err
    assert not path.exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"bots": 3}, "a list of bots or one text"),
        ({"format": "swiss"}, "format must be one of round-robin, gauntlet"),
        ({"games": 0}, "games must be a positive integer"),
        ({"players": 5}, "Linja is for 2 players"),
        ({"seed": "seven"}, "seed must be an integer"),
        ({"sprt": "elo0=1,elo1=1"}, "below elo1"),
    ],
)
def test_a_bad_tournament_is_refused_by_name(change, message):
    arguments = {"bots": "greedy,random", "games": 4, **change}
    with pytest.raises(ValueError, match=message):
        Tournament.build("linja", **arguments)


def standings_table(tmp_path, name: str, **options) -> str:
    tournament = Tournament.build("linja", "greedy,random,search:nodes=3", games=12, seed=5)
    return play(tournament, tmp_path / name, **options).table()


def test_the_table_is_the_same_whatever_the_worker_count(tmp_path):
    assert standings_table(tmp_path, "one.jsonl") == standings_table(
        tmp_path, "two.jsonl", workers=2
    )


def test_resume_after_a_line_cut_short_gives_the_uninterrupted_table(tmp_path):
    whole = standings_table(tmp_path, "whole.jsonl")
    lines = (tmp_path / "whole.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:13]) + lines[13][:40], encoding="utf-8")  # killed mid-line
    assert standings_table(tmp_path, "cut.jsonl", resume=True, workers=2) == whole
    kept = list(read_records(cut))
    assert sorted(record["index"] for record in kept) == list(range(36))


def test_resume_refuses_another_tournaments_records(tmp_path):
    standings_table(tmp_path, "other.jsonl")
    tournament = Tournament.build("linja", "greedy,random", games=12, seed=6)
    with pytest.raises(ValueError, match="another tournament's games"):
        play(tournament, tmp_path / "other.jsonl", resume=True)


def test_a_killed_tournament_resumes_to_the_uninterrupted_table(capsys, tmp_path):
    argv = ["tournament", "linja", "--bots", "search:nodes=40,greedy,random", "--games", "40",
            "--seed", "7", "--no-progress"]  # fmt: skip
    path = tmp_path / "killed.jsonl"
    running = subprocess.Popen(
        [sys.executable, "-m", "huegames", *argv, "--workers", "2", "--out", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    try:
        while not path.exists() or path.read_bytes().count(b"\n") < 10:
            assert running.poll() is None, running.communicate()
        os.killpg(running.pid, signal.SIGKILL)  # the command and its workers, at once
    finally:
        running.communicate()
    played = path.read_bytes().count(b"\n")
    assert played < 120
    status, resumed, err = run(capsys, *argv[:-1], "--workers", "1", "--resume", "--out", str(path))
    assert status == 0, err
    status, whole, err = run(capsys, *argv[:-1], "--out", str(tmp_path / "whole.jsonl"))
    assert status == 0, err
    assert table(resumed) == table(whole)
    assert sorted(json.loads(line)["index"] for line in path.read_text().splitlines()) == list(
        range(120)
    )


def test_standings_read_from_records_in_any_order_are_the_tournaments(tmp_path):
    tournament = Tournament.build("linja", "greedy,random", sprt="elo1=5", seed=1)
    played = play(tournament, tmp_path / "sprt.jsonl")
    records = list(read_records(tmp_path / "sprt.jsonl"))
    again = Standings.of(tournament, reversed(records))
    assert again.table() == played.table()
    assert again.status() == played.sprt_line() and "H1 accepted" in again.status()
    assert played.llr_history[-1] == (played.games, played.llr)


def test_the_status_line_without_an_sprt_gives_the_latest_pairs_elo(tmp_path):
    tournament = Tournament.build("linja", "greedy,random,search:nodes=3", games=4)
    standings = play(tournament, tmp_path / "rr.jsonl")
    assert standings.status().startswith("random against search:nodes=3: ")
    assert "LOS" in standings.status()
