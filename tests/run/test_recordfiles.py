"""Run-record files: what they hold, reading them back, and ``huegames show`` on them."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames.cli import main
from huegames.run.recordfiles import MAX_LINE_CHARS, find_record, read_records
from huegames.run.runner import simulate
from huegames.show.replay import replay_html
from huegames.text import quoted
from profiles import examples


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


# -- hostile files: endless, huge, any bytes --------------------------------------------


def show_in_a_bounded_child(path: str, out: str) -> tuple[int, str]:
    """``huegames show path`` in a child of at most 1 GiB and 60 s: its status and stderr."""
    from hostile import bounded

    printed = bounded(
        f"""
        import contextlib, io
        from huegames.cli import main
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            status = main(["show", {path!r}, "-o", {out!r}])
        print(status, err.getvalue(), end="")
        """,
        memory=2**30,
    )
    status, _, err = printed.partition(" ")
    return int(status), err


@pytest.mark.parametrize("path", ["/dev/zero", "endless.jsonl", "endless.csv"])
def test_show_of_an_endless_file_is_a_clear_error(tmp_path, path):
    if path.startswith("/dev/"):
        name = path
    else:
        name = str(tmp_path / path)
        os.symlink("/dev/zero", name)
    status, err = show_in_a_bounded_child(name, str(tmp_path / "out.html"))
    assert status == 2
    assert err.startswith(f"huegames: error: cannot read '{name}'") and err.count("\n") == 1
    if path.startswith("/dev/"):
        assert "it is not a regular file" in err
    else:
        assert f"line 1: it is longer than {MAX_LINE_CHARS:,} characters" in err
    assert "\x00" not in err


@pytest.mark.parametrize("ending", ["jsonl", "csv"])
def test_a_line_too_long_is_refused_naming_the_file_and_line(tmp_path, ending):
    path = tmp_path / f"big.{ending}"
    with path.open("w") as stream:
        simulate(
            "hue", "random", games=2, workers=1, out=stream, out_format=ending, record_moves=True
        )
        stream.write("x" * (MAX_LINE_CHARS + 10) + "\n")
    status, err = show_in_a_bounded_child(str(path), str(tmp_path / "out.html"))
    assert status == 0, err  # the first record is read without the rest
    line = 3 if ending == "jsonl" else 4  # CSV: the header first
    with pytest.raises(ValueError, match=rf"big\.{ending}', line {line}: it is longer than"):
        list(read_records(path))


def test_a_file_too_large_to_read_whole_is_refused(tmp_path, monkeypatch):
    from huegames.run import recordfiles

    path = tmp_path / "game.json"
    path.write_text("{}" + " " * 100)
    monkeypatch.setattr(recordfiles, "MAX_FILE_BYTES", 50)
    with pytest.raises(ValueError, match=r"game\.json': it has 102 bytes, more than the 50"):
        recordfiles.check_record_file(path)


@settings(max_examples=examples(600), deadline=None)
@given(line=st.binary(max_size=300), ending=st.sampled_from(["jsonl", "csv"]))
def test_any_bytes_are_records_or_one_clear_value_error(tmp_path_factory, line, ending):
    path = tmp_path_factory.mktemp("bytes") / f"run.{ending}"
    header = b"" if ending == "jsonl" else b"game,index,seed,seats,scores,winners,winner\n"
    path.write_bytes(header + line + b"\n")
    try:
        records = list(read_records(path))
    except ValueError as error:
        message = str(error)
        assert message.isprintable() and len(message) <= 500, message
        assert message.startswith(f"cannot read {quoted(str(path))}, line ")
        return
    for record in records:
        assert isinstance(record["index"], int) and isinstance(record["seats"], list)
