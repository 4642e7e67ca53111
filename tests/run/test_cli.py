"""The ``huegames`` command line: in-process through ``main`` and once as a real process."""

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
from huegames.run.runner import simulate

QUICK = ["--workers", "1", "--no-progress"]


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate_writes_csv_and_prints_the_summary(capsys, tmp_path):
    path = tmp_path / "results.csv"
    status, out, err = run(
        capsys, "simulate", "plank", "--games", "6", "--players", "3",
        "--bots", "greedy,random", "--seed", "1", "--out", str(path), *QUICK,
    )  # fmt: skip
    assert status == 0, err
    assert err == ""
    assert "plank, 3 players, 6 games" in out
    assert "| greedy | 12 |" in out and "| random | 6 |" in out  # bots repeated round
    assert f"records in {path} (csv)" in out
    same = simulate("plank", ["greedy", "random"], players=3, games=6, seed=1, workers=1)
    assert list(read_records(path)) == same.records


def test_simulate_jsonl_by_format_with_moves(capsys, tmp_path):
    path = tmp_path / "results.txt"
    status, _, err = run(
        capsys, "simulate", "linja", "--games", "2", "--bots", "greedy,random",
        "--format", "jsonl", "--moves", "--out", str(path), *QUICK,
    )  # fmt: skip
    assert status == 0, err
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert [(r["game"], r["index"]) for r in records] == [("linja", 0), ("linja", 1)]
    assert all(r["moves"] for r in records)


def test_plain_progress_without_tqdm(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm now fails
    status, _, err = run(
        capsys, "simulate", "hue", "--games", "4", "--chunk-size", "1", "--workers", "1",
        "--progress",
    )  # fmt: skip
    assert status == 0
    assert "4/4 games" in err and "games/s" in err and "left" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess': choose from hue, hues-and-cues, linja"),
        (["simulate", "hue", "--bots", "random,genius"], "unknown hue bot 'genius'"),
        (["simulate", "hue", "--bots", "mcts:budget=9"], "bot 'mcts:budget=9' has no setting"),
        (["simulate", "hue", "--bots", "mcts:playouts=x"], "setting playouts must be int"),
        (["simulate", "hue", "--bots", "nowhere:Bot"], "cannot import bot 'nowhere:Bot'"),
        (["simulate", "hue", "--bots", "userbots:Mute"], "has no choose(view) method"),
        (["simulate", "hue", "--bots", "userbots:WanderBot:wander=3"], "wander must be between"),
        (["simulate", "hue", "--bots", "random,,random"], "bad bot spec ''"),
        (["simulate", "hue", "--games", "3", "--seat-swap"], "games must be a multiple of the 2"),
        (["simulate", "hue", "--games", "0"], "argument --games: must be at least 1, not 0"),
        (["simulate", "hue", "--games", "many"], "argument --games: not a whole number: 'many'"),
        (["simulate", "hue", "--players", "7"], "Hue is for 2 to 5 players, not 7"),
        (["simulate", "hue", "--bots", "random,random,random", "--players", "2"], "3 bots for 2"),
        (["simulate", "hue", "--out", "results.xml"], "cannot tell the format of 'results.xml'"),
        (["simulate", "hue", "--format", "xml"], "argument --format: invalid choice: 'xml'"),
        (["simulate"], "the following arguments are required: game"),
        (["play"], "the following arguments are required: game"),
        (
            [],
            "give a command: simulate, bench, show, play, evaluate, tournament or engine "
            "(huegames --help to see them)",
        ),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv, *QUICK[:0])
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("huegames: error: ")
    assert message in err
    assert "Traceback" not in err


def test_unwritable_output_is_refused_before_playing(capsys, tmp_path):
    for target in (tmp_path / "missing" / "r.csv", tmp_path):
        status, out, err = run(capsys, "simulate", "hue", "--out", str(target), *QUICK)
        assert status == 2 and out == ""
        assert err.startswith(f"huegames: error: cannot write '{target}'")
    assert not (tmp_path / "missing").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_read_only_folder_is_refused(capsys, tmp_path):
    tmp_path.chmod(0o500)
    try:
        status, _, err = run(capsys, "simulate", "hue", "--out", str(tmp_path / "r.csv"))
    finally:
        tmp_path.chmod(0o700)
    assert status == 2 and "permission denied" in err


def test_scheduler_without_dask_is_one_line(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    status, _, err = run(capsys, "simulate", "hue", "--scheduler", "tcp://127.0.0.1:1")
    assert status == 1
    assert (
        err
        == """huegames: error: --scheduler needs dask.distributed: pip install "huegames[dask]"\n"""
    )


def test_bench_prints_the_ratio_table(capsys):
    status, out, err = run(capsys, "bench", "--positions", "2", "--budget", "0.01")
    assert status == 0, err
    assert "| Hue: colour values, end of game | python |" in out
    assert "| Hue: legal placements, 6-card hand | python |" in out
    assert "| Linja: a random game through the API | python |" in out


def test_bench_games_prints_the_batch_speed_table(capsys, monkeypatch):
    """``bench --games``: each row of huegames.run.throughput measured on the
    Python engine and, where it applies, the C kernel (two quick rows here)."""
    from huegames.run import throughput

    rows = (
        throughput.Row("plank, random vs random", "plank", "random,random", before=693),
        throughput.Row("hues-and-cues, random", "hues-and-cues", "random"),
    )
    monkeypatch.setattr(throughput, "ROWS", rows)
    status, out, err = run(capsys, "bench", "--games", "--budget", "0.02")
    assert status == 0, err
    lines = {line.split(" | ")[0]: line.split(" | ") for line in out.splitlines() if "|" in line}
    plank, cues = lines["| plank, random vs random"], lines["| hues-and-cues, random"]
    assert plank[1] == "693" and float(plank[2].replace(",", "")) > 0
    if throughput.kernel_applies(rows[0]):  # a kernel rate and its ratio to Python
        assert float(plank[3].replace(",", "")) > 0 and plank[4].endswith("x |")
    else:
        assert plank[3] == "-"
    assert cues[1] == "-" and cues[3] == "-"  # no kernel: one engine


def test_throughput_measures_each_engine_or_says_why_not():
    from huegames.run import throughput

    row = throughput.Row("plank", "plank", "random,random")
    assert throughput.measure(row, "python", budget=0.01) > 0
    with pytest.raises(ValueError, match="engine must be one of"):
        throughput.measure(row, "numba", budget=0.01)
    no_kernel = throughput.Row("cues", "hues-and-cues", "random")
    assert not throughput.kernel_applies(no_kernel)
    with pytest.raises(ValueError):
        throughput.measure(no_kernel, "kernel", budget=0.01)
    per_move = throughput.Row("hue greedy", "hue", "greedy,random", per_move=True)
    assert throughput.measure(per_move, "python", budget=0.01) > 0  # milliseconds a move


def test_as_a_real_process(tmp_path):
    path = tmp_path / "r.jsonl"
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    done = subprocess.run(
        [sys.executable, "-m", "huegames", "simulate", "hue", "--games", "3",
         "--bots", "random", "--out", str(path), *QUICK],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "hue, 2 players, 3 games" in done.stdout
    assert len(path.read_text().splitlines()) == 3

    failed = subprocess.run(
        [sys.executable, "-m", "huegames", "simulate", "hue", "--bots", "nobody"],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert failed.returncode == 2
    names = engine.game_spec("hue").bot_names()
    assert failed.stderr == f"huegames: error: unknown hue bot 'nobody': choose from {names}\n"

    tests = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # userbots.py
    own = subprocess.run(
        [sys.executable, "-m", "huegames", "simulate", "linja", "--games", "2",
         "--bots", "userbots:WanderBot:wander=0.1,random", "--workers", "2", "--no-progress"],
        capture_output=True, text=True, timeout=120,
        env={**env, "PYTHONPATH": os.pathsep.join([tests, env.get("PYTHONPATH", "")])},
    )  # fmt: skip
    assert own.returncode == 0, own.stderr
    assert "| userbots:WanderBot:wander=0.1 | 2 |" in own.stdout


# -- bots with settings, your own bots, the catalogue in --help -------------------------


@pytest.mark.slow  # MCTS at 200 playouts a move, in a subprocess
def test_mcts_with_200_playouts_from_the_command_line(capsys):
    status, out, err = run(
        capsys, "simulate", "hue", "--games", "2", "--bots", "mcts:playouts=200,random",
        "--seat-swap", *QUICK,
    )  # fmt: skip
    assert status == 0, err
    assert "hue, 2 players, 2 games" in out
    assert "| mcts:playouts=200 | 2 |" in out and "| random | 2 |" in out


def test_your_own_bot_from_the_command_line(capsys, tmp_path):
    path = tmp_path / "r.jsonl"
    status, out, err = run(
        capsys, "simulate", "linja", "--games", "4", "--bots",
        "userbots:WanderBot:wander=0.5,greedy", "--out", str(path), "--workers", "2",
        "--no-progress",
    )  # fmt: skip
    assert status == 0, err
    assert "| userbots:WanderBot:wander=0.5 | 4 |" in out
    same = simulate(
        "linja", ["userbots:WanderBot:wander=0.5", "greedy"], games=4, seed=0, workers=1
    )
    assert list(read_records(path)) == same.records


def test_seat_swap_from_the_command_line(capsys, tmp_path):
    path = tmp_path / "r.csv"
    status, _, err = run(
        capsys, "simulate", "plank", "--players", "3", "--games", "6", "--bots", "greedy,random",
        "--seat-swap", "--out", str(path), *QUICK,
    )  # fmt: skip
    assert status == 0, err
    seeds = [record["seed"] for record in read_records(path)]
    assert seeds[:3] == [seeds[0]] * 3 and seeds[3:] == [seeds[3]] * 3 != seeds[:3]


def test_lower_scores_are_better_is_said(capsys):
    status, out, err = run(capsys, "simulate", "plank", "--players", "3", "--games", "3", *QUICK)
    assert status == 0, err
    assert "plank, 3 players, 3 games" in out and "lower scores are better" in out


def test_help_lists_every_game_with_its_bots_and_settings(capsys):
    with pytest.raises(SystemExit) as done:
        main(["simulate", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    games = f"one of: {', '.join(engine.game_names())}"  # wrapped anywhere, even at a hyphen
    assert "".join(games.split()) in "".join(out.split())
    assert "package.module:Factory" in out
    for spec in engine.game_specs():
        assert f"  {spec.name} ({spec.title}, " in out
        for entry in spec.bots:
            assert entry.description
            start = " ".join(entry.description.replace("``", "").split())  # wrapped anywhere
            assert f" {entry.name} {start}" in " ".join(out.split()), f"{spec.name} {entry.name}"
            for key, value in entry.settings.items():
                assert f"{key}={value}" in out
    assert "settings: playouts=" in out  # Hue's MCTS
    assert "with 3 players lower scores are better" in out  # Plank


# -- every failure is one line and a non-zero status ---------------------------------------


def one_line_error(err: str) -> str:
    """The message of a failure: one line on stderr, no traceback."""
    assert "Traceback" not in err
    assert err.startswith("huegames: error: ") and err.count("\n") == 1, err
    return err[len("huegames: error: ") : -1]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_out_dev_full_is_a_run_error(capsys):
    """/dev/full takes the open and refuses the data when it is flushed (ENOSPC at close)."""
    status, out, err = run(
        capsys, "simulate", "hue", "--games", "3", "--out", "/dev/full", "--format", "csv", *QUICK
    )
    assert status == 1 and out == ""
    assert one_line_error(err) == "cannot write '/dev/full': No space left on device"


@pytest.mark.skipif(not os.path.exists("/proc/version"), reason="no /proc here")
def test_out_proc_version_is_one_line(capsys):
    """Refused up front when the user may not write it (2); as root, EIO when written (1)."""
    status, out, err = run(
        capsys, "simulate", "hue", "--games", "2", "--out", "/proc/version", "--format", "jsonl",
        *QUICK,
    )  # fmt: skip
    assert status == (1 if os.geteuid() == 0 else 2) and out == ""
    assert one_line_error(err).startswith("cannot write '/proc/version': ")


def test_a_write_that_fails_during_the_run_names_the_file(capsys, monkeypatch):
    """Whatever OSError the disk gives (here EIO on the first record), one line and status 1."""
    from huegames.run.recordfiles import RecordWriter

    def broken(self, record):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(RecordWriter, "write", broken)
    path = os.devnull
    status, _, err = run(capsys, "simulate", "hue", "--games", "2", "--out", path,
                         "--format", "csv", *QUICK)  # fmt: skip
    assert status == 1
    assert one_line_error(err) == f"cannot write {path!r}: Input/output error"


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("", "--scheduler needs an address, e.g. tcp://host:8786"),
        ("   ", "--scheduler needs an address, e.g. tcp://host:8786"),
        ("inproc://x", "an inproc:// address exists only inside the Python process that made it"),
        ("foo://host:1", "unknown protocol 'foo', use tcp://, tls://"),
        ("tcp://host", "write tcp://host:port, e.g. tcp://host:8786"),
        ("tcp://:8786", "write tcp://host:port"),
        ("tcp://host:99999", "write tcp://host:port"),
        ("tcp://host:port", "write tcp://host:port"),
        ("tcp://host:8786/path", "write tcp://host:port"),
        ("tcp://[::1:8786", "write tcp://host:port"),
    ],
)
def test_malformed_scheduler_addresses_are_usage_errors(capsys, address, message):
    """``--scheduler ''`` used to run locally, ``inproc://x`` printed a bare unpacking error."""
    status, out, err = run(capsys, "simulate", "hue", "--scheduler", address, "--no-progress")
    assert status == 2 and out == ""
    assert message in one_line_error(err)


def test_workers_with_a_scheduler_is_refused(capsys):
    status, _, err = run(capsys, "simulate", "hue", "--scheduler", "tcp://host:8786",
                         "--workers", "2")  # fmt: skip
    assert status == 2
    assert "--workers is for local processes" in one_line_error(err)


def test_tls_scheduler_without_certificates_is_a_run_error(capsys):
    """``tls://`` without Dask TLS settings raised a TypeError traceback from distributed."""
    pytest.importorskip("distributed")
    status, _, err = run(capsys, "simulate", "hue", "--scheduler", "tls://127.0.0.1:1",
                         "--no-progress")  # fmt: skip
    assert status == 1
    assert one_line_error(err) == (
        "cannot reach the Dask scheduler at tls://127.0.0.1:1: tls:// needs TLS certificates "
        "in Dask's configuration (distributed.comm.tls)"
    )


def test_unreachable_scheduler_is_a_run_error(capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("huegames.cli.CONNECT_TIMEOUT", "0.5s")
    status, _, err = run(capsys, "simulate", "hue", "--scheduler", "tcp://127.0.0.1:1",
                         "--no-progress")  # fmt: skip
    assert status == 1
    assert one_line_error(err).startswith("cannot reach the Dask scheduler at tcp://127.0.0.1:1: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--budget", "nan"], "argument --budget: must be a number of seconds above 0"),
        (["--budget", "inf"], "argument --budget: must be a number of seconds above 0"),
        (["--budget=-inf"], "argument --budget: must be a number of seconds above 0"),
        (["--budget=-1"], "must be a number of seconds above 0 and at most 60, not '-1'"),
        (["--budget", "0"], "must be a number of seconds above 0 and at most 60, not '0'"),
        (["--budget", "1e300"], "must be a number of seconds above 0 and at most 60, not '1e300'"),
        (["--budget", "61"], "at most 60, not '61'"),
        (["--budget", "soon"], "argument --budget: not a number of seconds: 'soon'"),
        (["--positions", "0"], "argument --positions: must be at least 1, not 0"),
        (["--positions", "1001"], "argument --positions: must be at most 1000, not 1001"),
        (["--positions", "2.5"], "argument --positions: not a whole number: '2.5'"),
    ],
)
def test_bench_budget_and_positions_are_checked(capsys, argv, message):
    """``bench --budget nan`` raised ValueError, ``inf`` and ``1e300`` OverflowError."""
    status, out, err = run(capsys, "bench", *argv)
    assert status == 2 and out == ""
    assert message in one_line_error(err)


def test_workers_above_the_bound_are_refused(capsys):
    from huegames.run.runner import max_workers

    assert max_workers() == 32 * (os.cpu_count() or 1)
    too_many = str(max_workers() + 1)
    status, out, err = run(capsys, "simulate", "hue", "--workers", too_many, "--no-progress")
    assert status == 2 and out == ""
    assert one_line_error(err) == (
        f"workers must be at most {max_workers()} (32 per core on this machine), not {too_many}"
    )


def test_workers_never_outnumber_the_chunks(capsys, monkeypatch):
    """``--workers N`` started N processes even for one game: now one chunk plays here."""
    from huegames.run.runner import max_workers

    started = []

    class Pool(ThreadPoolExecutor):  # counts the processes a run would start
        def __init__(self, workers, **kwargs):
            started.append(workers)
            super().__init__(workers)

    monkeypatch.setattr("huegames.run.runner.ProcessPoolExecutor", Pool)
    most = ["--bots", "random", "--workers", str(max_workers()), "--no-progress"]
    status, out, err = run(capsys, "simulate", "hue", "--games", "1", *most)
    assert status == 0, err
    assert started == [] and "1 games in " in out and " in one process" in out
    status, out, err = run(capsys, "simulate", "hue", "--games", "3", "--chunk-size", "1", *most)
    assert status == 0, err
    assert started == [3] and " on 3 local worker processes" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--out", ""], "--out needs a path"),
        (["--out", "a\0b.csv"], "cannot write 'a\\x00b.csv': embedded null byte"),
        (["--out", "x" * 300 + ".csv"], "cannot write 'xxxxxxxx"),
        (["--games", "9" * 5000], "argument --games: not a whole number: '9999"),
        (["--players", "1" + "0" * 4000], "Hue is for 2 to 5 players, not <int of 13288 bits>"),
        (["--bots", "a\nb"], "unknown hue bot 'a\\nb'"),
        (["extra\nargument"], "unrecognized arguments: extra\\x0aargument"),
        (["--seed", "0x10"], "argument --seed: not a whole number: '0x10'"),
        (["--chunk-size", "-1"], "argument --chunk-size: must be at least 1, not -1"),
    ],
)
def test_odd_values_give_one_short_line(capsys, argv, message):
    status, out, err = run(capsys, "simulate", "hue", *argv, *QUICK)
    assert status == 2 and out == ""
    assert message in one_line_error(err)
    assert len(err) < 500


def test_a_dead_worker_is_a_run_error(capsys, monkeypatch):
    from concurrent.futures.process import BrokenProcessPool

    def dies(*args, **kwargs):
        raise BrokenProcessPool("A process in the process pool was terminated abruptly")

    monkeypatch.setattr("huegames.cli.simulate", dies)
    status, _, err = run(capsys, "simulate", "hue", "--games", "2", "--no-progress")
    assert status == 1
    assert one_line_error(err).startswith("a worker process died: ")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_exits_130_with_one_line(workers):
    """Ctrl-C reaches the whole process group: workers end quietly, the command says so once."""
    import select
    import signal
    import time

    done = subprocess.Popen(
        [sys.executable, "-m", "huegames", "simulate", "hue", "--games", "100000",
         "--chunk-size", "5", "--bots", "random", "--workers", workers, "--progress",
         "--engine", "python"],  # the kernel would finish before the Ctrl-C
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    try:
        seen = b""
        deadline = time.monotonic() + 60
        while b"/100,000" not in seen and b"/100000" not in seen:
            assert time.monotonic() < deadline, seen
            if select.select([done.stderr], [], [], 1)[0]:
                seen += os.read(done.stderr.fileno(), 4096)
        time.sleep(0.3)
        os.killpg(done.pid, signal.SIGINT)
        rest = done.communicate(timeout=60)[1]
    finally:
        if done.poll() is None:
            os.killpg(done.pid, signal.SIGKILL)
            done.wait()
    err = (seen + rest).decode()
    assert done.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.endswith("\nhuegames: error: interrupted\n")
    assert err.count("huegames: error:") == 1


def test_a_failed_run_ends_the_progress_bar_before_the_error(capsys, tmp_path):
    """The bar's last drawing came after the error line (found by CI's profile of
    tests/run/test_fuzz_cli.py): the error is the last line now."""
    bad = str(tmp_path / "a\x00b.csv")
    status, _, err = run(capsys, "simulate", "hue", "--games", "1", "--out", bad, "--progress")
    assert status == 2
    assert err.endswith("\n") and err.rstrip("\n").rsplit("\n", 1)[-1].startswith(
        "huegames: error: cannot write"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "hue", "--game", "10"],
        ["simulate", "linja", "--gam", "3", "--bot", "greedy"],
        ["bench", "--pos", "4"],
        ["play", "linja", "--se", "1"],
        ["evaluate", "linja", "numpy:argmax", "--game", "3"],
        ["show", "game.json", "-o", "out.html", "--num", "2"],
    ],
)
def test_an_abbreviated_option_is_refused_not_guessed(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("huegames: error: unrecognized arguments: ")
    assert err.count("\n") == 1


@pytest.mark.parametrize("command", ["simulate", "bench", "show", "play", "evaluate"])
def test_help_shows_percent_signs_as_written(capsys, command):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    assert "%%" not in out
    assert command in out


@pytest.mark.parametrize("command", [["simulate", "linja"], ["evaluate", "linja", "numpy:argmax"]])
@pytest.mark.parametrize("games", [str(10**9 + 1), str(2**63), "--games=9223372036854775808"])
def test_a_run_of_more_than_a_billion_games_is_refused(capsys, command, games):
    argv = [*command, games] if games.startswith("--") else [*command, "--games", games]
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert "must be at most 1,000,000,000" in err and err.count("\n") == 1


def help_of(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as done:
        main(list(argv))
    assert done.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", ["simulate", "play", "evaluate"])
def test_bot_summaries_are_whole_and_plain_text(capsys, command):
    out = help_of(capsys, command, "--help")
    assert "`" not in out
    lexicon = (
        " lexicon Cues and guesses from a vocabulary: source en (everyday English, the default), "
        "es (Spanish), xkcd, css or all (colour-name lexicons). settings: source=en "
    )
    assert lexicon in " ".join(out.split())
    assert max(len(line) for line in out.splitlines()) <= 79


def test_a_summary_is_the_first_paragraph_without_rest_markup():
    from huegames.cli import _summary

    def factory(seed=None):
        """Plays like :class:`~huegames.hue.GreedyBot`, with ``depth`` plies and
        :func:`huegames.engine.play_game`; see `the rules <rules.md>`_ and
        :attr:`its budget <huegames.Bot.nodes>`.

        Not this paragraph.
        """

    entry = engine.BotEntry("mine", factory)
    assert _summary(entry) == (
        "Plays like GreedyBot, with depth plies and huegames.engine.play_game; "
        "see the rules <rules.md>_ and its budget."
    )


@pytest.mark.parametrize("command", ["simulate", "play", "evaluate"])
@pytest.mark.parametrize("game", engine.game_names())
def test_help_after_a_game_is_about_that_game(capsys, command, game):
    import dataclasses

    spec = engine.game_spec(game)
    out = help_of(capsys, command, game, "--help")
    assert f"usage: huegames {command}" in out
    assert f"  {game} ({spec.title}, " in out
    for other in engine.game_specs():
        if other.name != game:
            assert f"  {other.name} ({other.title}, " not in out
    for entry in spec.bots:
        assert f"    {entry.name} " in out
    assert "rule options (--rules), with their defaults:" in out
    for option in dataclasses.fields(spec.rules_class):
        assert f"{option.name}=" in out
    every = help_of(capsys, command, "--help")
    assert all(f"  {other.name} ({other.title}, " in every for other in engine.game_specs())
