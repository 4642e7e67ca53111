"""Hostile command lines for ``huegames``.

Argument lists for every subcommand -- good and bad values for each
option, options out of place, unknown options, odd text (control
characters, huge numbers, look-alike digits) -- are run through
``huegames.cli.main`` in this process.  Each ends with status 0 or a
documented one (1 run-time error, 2 usage error), never a traceback; a
failure is one line on stderr, ``huegames: error: ...``, and a usage
error prints nothing on stdout.

The runs stay small: valid game counts are at most three, valid bots are
the quick ``random`` ones (bot texts never hold ``:`` with a module, so
nothing is imported), ``--workers`` is 1 or refused, outputs go to a
temporary folder (or /dev/null, /dev/full), and no scheduler address is
one that would be dialled.
"""

from __future__ import annotations

import contextlib
import io
import os
import unittest.mock
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hostile import fuzz_settings
from huegames import cli, engine
from huegames.cli import INTERRUPTED, RUN_ERROR, USAGE_ERROR, main
from huegames.run.runner import max_workers

STATUSES = {0, RUN_ERROR, USAGE_ERROR}
"""What a run may end with here (INTERRUPTED only comes from Ctrl-C)."""

assert INTERRUPTED not in STATUSES

SLOW_BOTS = {entry.name for spec in engine.game_specs() for entry in spec.bots} - {"random"}
"""Catalogue bots other than ``random``: a Hue greedy game takes seconds on
the Python backend, so generated bot names never spell them."""

junk = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=":."), max_size=12)
"""Odd text: any character (controls, NUL, fullwidth digits) but ``:`` and
``.``, which could name a module to import."""


def numbers(*good: str) -> st.SearchStrategy[str]:
    """Values for a numeric option: the ``good`` ones, edge cases, and junk."""
    edge = [
        "0", "-1", "+1", " 2 ", "1_0", "2.0", "1e3", "nan", "inf", "-inf", "0x10", "",
        "\u0663", "\uff13", "9" * 5000, "1" + "0" * 4000, str(2**63), str(-(2**64)),
    ]  # fmt: skip
    return mostly(st.sampled_from(good), st.sampled_from(edge) | junk)


def mostly(good: st.SearchStrategy[str], bad: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """``good`` three times in four, so that many lines get as far as a run."""
    return st.one_of(good, good, good, bad)


def option(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    """``--name value``, ``--name=value`` or (rarely) the option with its value missing."""
    pair = st.tuples(st.just(name), values).map(list)
    return st.one_of(pair, pair, values.map(lambda value: [f"{name}={value}"]), st.just([name]))


def outputs(folder: Path) -> st.SearchStrategy[str]:
    paths = [
        folder / "r.csv", folder / "r.jsonl", folder / "r.json", folder / "r.txt",
        folder / "missing" / "r.csv", folder, folder / ("x" * 300 + ".csv"),
        folder / "a\0b.csv", Path(os.devnull),
    ]  # fmt: skip
    if os.path.exists("/dev/full"):
        paths.append(Path("/dev/full"))
    return st.sampled_from(["", *map(str, paths)])


def quick(text: str) -> bool:
    """Whether a bot text names no slow catalogue bot."""
    return not {part.strip() for part in text.split(",")} & SLOW_BOTS


BOTS = mostly(
    st.sampled_from(["random", "random,random", "random,random,random", " random "]),
    st.sampled_from(
        ["nobody", "", ",", "a::b", "random,,random", "random:x=1", "mcts:playouts=0",
         "mcts:playouts=x", "mcts:playouts=1e9", "random," * 6, "greedy:=", "::"]
    ) | junk.filter(quick),
)  # fmt: skip

SCHEDULERS = st.sampled_from(
    ["", " ", "inproc://x", "foo://h:1", "tcp://host", "tcp://h:99999", "tcp://:1",
     "tcp://[::1", "tls://127.0.0.1:1", "tcp://h:1/x"]
) | junk.filter(lambda text: ":" not in text)  # fmt: skip
"""Addresses refused before any connection (tls:// without certificates is
refused before dialling too)."""

GAMES = mostly(st.sampled_from(engine.game_names()), st.sampled_from(["chess", "", "HUE"]) | junk)
FLAGS = st.sampled_from(
    ["--seat-swap", "--moves", "--progress", "--no-progress", "--frobnicate", "-x", "--",
     "--games", "--help=1", "-w"]
)  # fmt: skip


@st.composite
def simulate_lines(draw: st.DrawFn, folder: Path) -> list[str]:
    """``simulate GAME [options]`` with small runs when the values are good."""
    options = [
        option("--games", numbers("1", "2", "3")),
        option("--players", numbers("2", "3", "4", "5", "7")),
        option("--bots", BOTS),
        option("--seed", numbers("1", "-5", str(2**70))),
        option(
            "--workers",
            mostly(
                st.just("1"),
                st.sampled_from(["0", "-2", "x", "1.0", str(max_workers() + 1), "9" * 5000, ""]),
            ),
        ),
        option("--chunk-size", numbers("1", "2", "50")),
        option("--out", outputs(folder)),
        option(
            "--format",
            mostly(st.sampled_from(["csv", "jsonl"]), st.sampled_from(["xml", "", "CSV"])),
        ),
        option("--scheduler", SCHEDULERS),
        FLAGS.map(lambda flag: [flag]),
        junk.map(lambda text: [text]),
    ]
    line = ["simulate"]
    if draw(st.integers(0, 9)):  # the game is missing one time in ten
        line.append(draw(GAMES))
    for chosen in draw(st.lists(st.sampled_from(options), max_size=5)):
        line += draw(chosen)
    scheduled = any(part.startswith("--scheduler") for part in line)
    if not scheduled and not any(part.startswith("--workers") for part in line):
        line += ["--workers", "1"]  # never the default pool of every core
    if not any(part.startswith("--games") for part in line):
        line += ["--games", "2"]  # not the default 1000
    return line


@st.composite
def bench_lines(draw: st.DrawFn) -> list[str]:
    """``bench`` with at most two positions and a tiny budget when the values are good."""
    options = [
        option("--positions", numbers("1", "2", "1001")),
        option("--budget", numbers("0.001", "1e-9", "61", "1e300")),
        junk.map(lambda text: [text]),
    ]
    line = ["bench"]
    for chosen in draw(st.lists(st.sampled_from(options), max_size=3)):
        line += draw(chosen)
    if not any(part.startswith("--positions") for part in line):
        line += ["--positions", "1"]
    if not any(part.startswith("--budget") for part in line):
        line += ["--budget", "0.001"]
    return line


TOP = st.lists(
    st.sampled_from(["--version", "--help", "-h", "play", "simulate", "bench", "--", "-"]) | junk,
    max_size=3,
)


def run(argv: list[str]) -> tuple[int, str, str]:
    """``main(argv)`` in this process: status, stdout, stderr (help and
    version end in SystemExit(0), as argparse has them)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else USAGE_ERROR
            assert status == 0, f"SystemExit({done.code!r}) from {argv!r}"
    return status, out.getvalue(), err.getvalue()


def check(argv: list[str]) -> None:
    status, out, err = run(argv)
    shown = repr(argv)[:300]
    assert status in STATUSES, f"status {status} from {shown}"
    assert "Traceback" not in err, f"{shown}: {err}"
    if status:
        if "--progress" in argv:  # the bar's line(s) come first, ended before the error
            err = err[err.rfind("\n", 0, len(err) - 1) + 1 :]
        assert err.startswith("huegames: error: "), f"{shown}: {err!r}"
        assert err.count("\n") == 1 and err.endswith("\n"), f"{shown}: not one line: {err!r}"
        assert len(err) < 500, f"{shown}: {len(err)} characters"
    if status == USAGE_ERROR:
        assert out == "", f"{shown}: a usage error printed {out[:200]!r}"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cli")


@fuzz_settings
@given(data=st.data())
def test_simulate_command_lines(folder: Path, data: st.DataObject) -> None:
    check(data.draw(simulate_lines(folder)))


_TIME_A_CASE = cli._per_call


def _time_briefly(inputs: list[object], call: object, budget: float = 0.15) -> float:
    # The line's budget was parsed and checked as given; a valid one of a
    # few seconds ("+1", " 2 ", "1_0") would time each of the ~45 cases for
    # that long, and the drawn lines would take minutes.
    return _TIME_A_CASE(inputs, call, min(budget, 1e-9))  # type: ignore[arg-type]


@fuzz_settings
@given(argv=bench_lines())
def test_bench_command_lines(argv: list[str]) -> None:
    with unittest.mock.patch.object(cli, "_per_call", _time_briefly):
        check(argv)


@fuzz_settings
@given(argv=TOP)
def test_top_level_command_lines(argv: list[str]) -> None:
    check(argv)
