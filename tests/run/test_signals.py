"""A signal that ends ``huegames simulate`` ends it as Ctrl-C does: no worker left behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

psutil = pytest.importorskip("psutil")


def started(argv: list[str]) -> subprocess.Popen[bytes]:
    """The command in its own session, with SIGTERM and SIGHUP at their
    defaults as a shell starts it: under ``nohup`` the tests inherit an
    ignored SIGHUP, which a run rightly keeps ignoring."""
    return subprocess.Popen(
        [sys.executable, "-m", "huegames", *argv],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=_default_signals,
    )  # fmt: skip


def _default_signals() -> None:
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


def group_members(group: int) -> list[int]:
    """The processes still in process group ``group`` (zombies are gone ones)."""
    found = []
    for process in psutil.process_iter(["pid"]):
        try:
            if os.getpgid(process.pid) == group and process.status() != psutil.STATUS_ZOMBIE:
                found.append(process.pid)
        except (ProcessLookupError, psutil.Error):
            continue
    return found


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_signal_to_the_command_ends_its_workers_and_keeps_whole_records(
    tmp_path, signum, workers
):
    path = tmp_path / "runs.jsonl"
    done = started(
        ["simulate", "hue", "--games", "1000000", "--chunk-size", "5", "--bots", "random",
         "--workers", workers, "--engine", "python", "--no-progress", "--out", str(path)]
    )  # fmt: skip
    group = done.pid  # its own session: the group of the command and its workers
    try:
        deadline = time.monotonic() + 60
        while not path.exists() or path.stat().st_size < 20000:
            assert time.monotonic() < deadline and done.poll() is None
            time.sleep(0.1)
        if workers == "2":
            assert len(psutil.Process(done.pid).children()) >= 2
        os.kill(done.pid, signum)  # the command alone, not its group
        _, err = done.communicate(timeout=30)
    finally:
        if done.poll() is None:
            os.killpg(group, signal.SIGKILL)
            done.wait()
    assert done.returncode == 128 + signum, err
    assert err.decode() == f"huegames: error: ended by {signal.Signals(signum).name}\n"
    deadline = time.monotonic() + 10
    while group_members(group) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = group_members(group)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []
    text = path.read_text()
    assert text.endswith("\n")
    lines = text.splitlines()
    assert len(lines) >= 100
    assert [json.loads(line)["index"] for line in lines] == list(range(len(lines)))


def test_a_run_in_a_thread_keeps_the_signal_handlers_as_they_were():
    from concurrent.futures import ThreadPoolExecutor

    from huegames import simulate

    before = signal.getsignal(signal.SIGTERM)
    with ThreadPoolExecutor(1) as pool:
        pool.submit(simulate, "hue", "random", games=2, workers=1).result()
    simulate("hue", "random", games=2, workers=1)
    assert signal.getsignal(signal.SIGTERM) is before
