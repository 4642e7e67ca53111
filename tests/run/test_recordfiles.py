"""Run-record files: what they hold, reading them back, and ``huegames show`` on them."""

from __future__ import annotations

import json

import pytest

from huegames.cli import main
from huegames.run.recordfiles import find_record, read_records
from huegames.run.runner import simulate
from huegames.show.replay import replay_html


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_run_records_name_their_game_and_number(tmp_path, fmt):
    path = tmp_path / f"run.{fmt}"
    simulate("plank", "random", games=3, seed=2, workers=1, out=path, record_moves=True)
    records = list(read_records(path))
    assert [(record["game"], record["index"]) for record in records] == [
        ("plank", 0),
        ("plank", 1),
        ("plank", 2),
    ]
    assert find_record(path, 2) == records[2] and find_record(path) == records[0]
    with pytest.raises(ValueError, match=r"run\.\w+' has no game 7: its games are \[0, 1, 2\]"):
        find_record(path, 7)


def old_layout(record: dict) -> dict:
    """A record as files of the previous version held it: its number as ``game``."""
    rest = {key: value for key, value in record.items() if key not in ("game", "index")}
    return {"game": record["index"], **rest}


def test_files_of_the_older_layout_are_read_with_an_index_and_no_game(tmp_path):
    records = simulate("linja", "random", games=2, seed=1, workers=1, record_moves=True).records
    old = tmp_path / "old.jsonl"
    old.write_text("".join(json.dumps(old_layout(record)) + "\n" for record in records))
    without = [{key: value for key, value in r.items() if key != "game"} for r in records]
    assert list(read_records(old)) == without
    csv = tmp_path / "old.csv"
    simulate("linja", "random", games=2, seed=1, workers=1, out=csv, record_moves=True)
    lines = csv.read_text().splitlines()
    assert lines[0].startswith("game,index,")
    rows = [lines[0].replace("game,index,", "game,", 1)]
    rows += [line.replace("linja,", "", 1) for line in lines[1:]]
    csv.write_text("\n".join(rows) + "\n")
    assert list(read_records(csv)) == without


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_show_reads_the_game_from_the_run_records(capsys, tmp_path, fmt):
    path = tmp_path / f"run.{fmt}"
    simulate("linja", "random,greedy", games=3, seed=5, workers=1, out=path, record_moves=True)
    out = tmp_path / "game.html"
    assert main(["show", str(path), "--number", "2", "-o", str(out)]) == 0, capsys.readouterr()
    record = list(read_records(path))[2]
    assert out.read_text(encoding="utf-8") == replay_html(record, game="linja")
    assert main(["show", str(path), "--game", "hue", "-o", str(out)]) == 2
    assert "holds 'linja' games, not 'hue'" in capsys.readouterr().err


def test_show_asks_for_the_game_of_an_older_file(capsys, tmp_path):
    records = simulate("linja", "random", games=2, seed=1, workers=1, record_moves=True).records
    old = tmp_path / "old.jsonl"
    old.write_text("".join(json.dumps(old_layout(record)) + "\n" for record in records))
    out = tmp_path / "game.html"
    assert main(["show", str(old), "-o", str(out)]) == 2
    assert "of an older version, which do not name their game: give --game" in (
        capsys.readouterr().err
    )
    assert main(["show", str(old), "--game", "linja", "--number", "1", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == replay_html(records[1], game="linja")
