"""External engines: the protocol from both sides, a tournament between an
engine and a built-in bot, faulty engines forfeiting without stopping it,
no engine process outliving it, and ``huegames engine check``."""

from __future__ import annotations

import io
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import linja
from huegames.arena import protocol
from huegames.arena.engines import Engine, EngineError, game_played
from huegames.arena.tournament import Tournament, play
from huegames.cli import main
from huegames.run.recordfiles import read_records
from profiles import examples

pytestmark = pytest.mark.backend_independent  # engines play through the Python engine

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TOY = f"{sys.executable} {HERE / 'engines' / 'toy_engine.py'}"
SHELL_ENGINE = ROOT / "examples" / "engines" / "first_legal.sh"
FAULTS = ["crash", "hang", "garbage", "wrong-id", "illegal"]
linux_only = pytest.mark.skipif(
    sys.platform != "linux", reason="reads /proc; the kernel ends orphans only on Linux"
)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def gone(pids: list[int]) -> bool:
    """Whether none of ``pids`` is a running process (a zombie is an ended one)."""
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
                if stat.read().split(") ")[1][0] != "Z":
                    return False
        except (FileNotFoundError, ProcessLookupError):
            continue
    return True


def wait_until_gone(pids: list[int]) -> bool:
    """Whether ``pids`` end (the kernel ends an orphaned engine promptly, not at once)."""
    deadline = time.monotonic() + 10
    while not gone(pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (its workers, or its engines)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(") ", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def pids_in(path: Path) -> list[int]:
    return [int(line) for line in path.read_text().split()] if path.exists() else []


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_tournament_between_an_engine_and_a_built_in_bot_runs_end_to_end(
    capsys, tmp_path, workers
):
    out = tmp_path / "engine.jsonl"
    status, printed, err = run(
        capsys, "tournament", "linja", "--engine", f"toy={TOY} good", "--bots", "toy,greedy",
        "--games", "4", "--workers", workers, "--out", str(out), "--no-progress",
    )  # fmt: skip
    assert status == 0, err
    records = list(read_records(out))
    assert len(records) == 4 and all(record["forfeit"] is None for record in records)
    assert {record["seats"][0] for record in records} == {"toy", "greedy"}
    assert "| toy | greedy | 2 |" in printed
    page = tmp_path / "replay.html"
    assert main(["show", str(out), "--number", "1", "-o", str(page)]) == 0


def test_a_built_in_bot_served_as_an_engine_plays_as_itself(capsys, tmp_path):
    served = f"{sys.executable} -m huegames engine serve linja greedy"
    status, _, err = run(
        capsys, "tournament", "linja", "--engine", f"served={served}", "--bots", "served,random",
        "--games", "2", "--out", str(tmp_path / "served.jsonl"), "--no-progress",
    )  # fmt: skip
    assert status == 0, err
    records = list(read_records(tmp_path / "served.jsonl"))
    assert all(record["seats"][record["winner"]] == "served" for record in records)


@linux_only
def test_faulty_engines_forfeit_and_the_tournament_completes_with_every_process_gone(tmp_path):
    pidfile = tmp_path / "pids"
    engines = {
        fault: Engine(
            fault,
            f"{TOY} {fault} {pidfile}",
            "linja",
            time_ms=200,
            log=str(tmp_path / f"{fault}.log"),
        )
        for fault in FAULTS
    }
    tournament = Tournament.build(
        "linja", ["random", *FAULTS], format="gauntlet", games=2, engines=engines
    )
    standings = play(tournament, tmp_path / "faults.jsonl")
    records = list(read_records(tmp_path / "faults.jsonl"))
    assert len(records) == 2 * len(FAULTS)
    for record in records:
        faulty = next(name for name in record["seats"] if name in FAULTS)
        assert record["seats"][record["forfeit"]] == faulty and record["winners"] == []
    reasons = {fault: [r["reason"] for r in records if fault in r["seats"]] for fault in FAULTS}
    assert all("exited with status 3" in reason for reason in reasons["crash"])
    assert all("did not answer within 400 ms" in reason for reason in reasons["hang"])
    assert all("not JSON" in reason and "bestmove" in reason for reason in reasons["garbage"])
    assert all("with the id 2" in reason for reason in reasons["wrong-id"])
    assert all("refused" in reason for reason in reasons["illegal"])
    assert standings.forfeits == dict.fromkeys(FAULTS, 2)
    assert "go 1 in mode crash" in (tmp_path / "crash.log").read_text()  # its stderr, kept
    pids = pids_in(pidfile)
    assert len(pids) == 2 * len(FAULTS)  # restarted for its second game
    assert gone(pids)


def test_an_engine_that_never_says_ready_forfeits_after_its_start_budget(tmp_path):
    mute = Engine("mute", f"{TOY} mute", "linja", start_ms=300)
    tournament = Tournament.build("linja", ["mute", "random"], games=2, engines={"mute": mute})
    standings = play(tournament, tmp_path / "mute.jsonl")
    assert standings.forfeits == {"mute": 2}
    assert "did not answer within 300 ms" in standings.reasons[0]


def test_an_engine_that_floods_its_output_forfeits(tmp_path):
    flood = Engine("flood", f"{TOY} flood", "linja")
    tournament = Tournament.build("linja", ["flood", "random"], games=2, engines={"flood": flood})
    standings = play(tournament, tmp_path / "flood.jsonl")
    assert standings.forfeits == {"flood": 2}
    assert "wrote a line of more than 1048576 bytes" in standings.reasons[0]


def test_an_engine_past_its_budget_for_the_game_forfeits(tmp_path):
    slow = Engine("slow", f"{TOY} slow", "linja", time_ms=1000, game_ms=120)
    tournament = Tournament.build("linja", ["slow", "random"], games=2, engines={"slow": slow})
    standings = play(tournament, tmp_path / "slow.jsonl")
    assert standings.forfeits == {"slow": 2}
    assert "used up its 120 ms for the game" in standings.reasons[0]


def test_an_engine_command_that_cannot_start_forfeits(tmp_path):
    missing = Engine("missing", str(tmp_path / "no-such-engine"), "linja")
    tournament = Tournament.build(
        "linja", ["missing", "random"], games=2, engines={"missing": missing}
    )
    standings = play(tournament, tmp_path / "missing.jsonl")
    assert standings.forfeits == {"missing": 2}
    assert "could not be started" in standings.reasons[0]


@linux_only
@pytest.mark.parametrize(
    ("workers", "how"),
    [("1", "ctrl-c"), ("2", "ctrl-c"), ("1", "kill -9"), ("2", "kill -9"), ("2", "sigterm")],
)
def test_no_engine_outlives_a_tournament_that_is_stopped(tmp_path, workers, how):
    """The hanging engines ignore Ctrl-C: only huegames (or the kernel) can end them."""
    pidfile = tmp_path / "pids"
    running = subprocess.Popen(
        [sys.executable, "-m", "huegames", "tournament", "linja",
         "--engine", f"hang={TOY} hang {pidfile}", "--engine", f"other={TOY} hang {pidfile}",
         "--bots", "hang,other", "--games", "40", "--time-ms", "60000", "--workers", workers,
         "--out", str(tmp_path / "stopped.jsonl"), "--no-progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    try:
        while len(pids_in(pidfile)) < int(workers):  # engines started and waiting
            assert running.poll() is None, running.communicate()
            time.sleep(0.05)
        workers_started = children(running.pid)
        if how == "ctrl-c":
            os.killpg(running.pid, signal.SIGINT)  # as the terminal sends it
        else:  # the command alone, not its group
            os.kill(running.pid, signal.SIGKILL if how == "kill -9" else signal.SIGTERM)
        running.communicate(timeout=30)
    finally:
        if running.poll() is None:
            os.killpg(running.pid, signal.SIGKILL)
            running.wait()
    expected = {"ctrl-c": 130, "kill -9": -signal.SIGKILL, "sigterm": -signal.SIGTERM}
    assert running.returncode == expected[how]
    assert wait_until_gone(pids_in(pidfile) + workers_started)


def test_engine_check_passes_a_good_engine(capsys):
    status, out, _ = run(capsys, "engine", "check", f"sh {SHELL_ENGINE}", "--game", "linja")
    assert status == 0 and "the engine passed every check" in out
    assert "FAIL" not in out


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        ("wrong-id", "answered go 1 with the id 2"),
        ("crash", "closed its output: exited with status 3"),
        ("garbage", "not JSON"),
        ("illegal", "not a legal move"),
        ("mute", "did not answer within"),
    ],
)
def test_engine_check_reports_what_a_broken_engine_got_wrong(capsys, fault, said):
    argv = ["engine", "check", f"{TOY} {fault}", "--game", "linja"]
    status, out, _ = run(capsys, *argv, "--time-ms", "200", "--start-ms", "300")
    assert status == 1 and said in out and "check(s) failed" in out


def test_the_shell_engine_of_the_docs_plays_every_game(capsys, tmp_path):
    for game, players in [("linja", "2"), ("hue", "3"), ("plank", "4"), ("hues-and-cues", "3")]:
        status, out, _ = run(
            capsys, "engine", "check", f"sh {SHELL_ENGINE}", "--game", game, "--players", players
        )
        assert status == 0, out
    docs = (ROOT / "docs" / "arena.md").read_text(encoding="utf-8")
    assert '--8<-- "examples/engines/first_legal.sh"' in docs
    assert len(SHELL_ENGINE.read_text().splitlines()) <= 35


def test_serve_answers_the_protocol_and_ignores_what_it_does_not_know():
    view = protocol.view_message(linja.new_game(seed=1).view(0), seed=0)
    legal = [str(move) for move in linja.new_game(seed=1).legal_moves()]
    lines = [
        "not json at all",
        json.dumps([1, 2]),
        json.dumps({"type": "hello", "protocol": 1, "future": True}),
        json.dumps({"type": "telemetry", "x": 1}),
        json.dumps(protocol.new_game("linja", 2, 0, {}, 3)),
        json.dumps(protocol.go(7, view, legal, 1000)),
        json.dumps(protocol.quit_message()),
        json.dumps(protocol.hello()),  # after quit: not read
    ]
    out = io.StringIO()
    protocol.serve("linja", "random", io.StringIO("\n".join(lines) + "\n"), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [answer["type"] for answer in answers] == ["ready", "move"]
    assert answers[0]["name"] == "random" and isinstance(answers[0]["version"], str)
    assert answers[1]["id"] == 7 and answers[1]["move"] in legal


def test_a_view_carries_no_hidden_information():
    from huegames import hue

    game = hue.new_game(players=3, seed=4)
    sent = [protocol.view_message(game.view(0), seed) for seed in range(2)]
    hands = [[hue.Game.from_dict(message["state"]).view(1).hand for message in sent]]
    assert sent[0]["state"]["setup"] != sent[1]["state"]["setup"]  # others' cards: drawn anew
    assert hands[0][0] != hands[0][1]
    rebuilt = hue.Game.from_dict(sent[0]["state"]).view(0)
    assert rebuilt.hand == game.view(0).hand  # its own hand, as it is


@settings(max_examples=examples(60), deadline=None)
@given(st.binary(max_size=300))
def test_whatever_an_engine_writes_is_a_move_or_a_forfeit_with_its_reason(written):
    """An engine that answers ``hello`` and then writes any bytes at all."""
    script = (
        "import sys; sys.stdin.readline();"
        'sys.stdout.write(\'{"type":"ready","name":"x","version":"1"}\\n\');'
        "sys.stdout.flush(); sys.stdin.readline(); sys.stdin.readline();"
        f"sys.stdout.buffer.write(bytes.fromhex('{written.hex()}')); sys.stdout.flush()"
    )
    bot = Engine("any", f"{sys.executable} -c {shlex.quote(script)}", "linja", time_ms=300)(seed=1)
    game = linja.new_game(seed=1)
    with game_played():
        try:
            move = bot.choose(game.view(game.current_player))
        except EngineError as error:
            reason = str(error)
            assert reason and reason.isprintable()
        else:
            assert isinstance(move, str)
    assert bot.process is not None and bot.process.process.poll() is not None
