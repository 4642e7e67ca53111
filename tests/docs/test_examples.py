"""Every code block of README.md and of the documentation site runs as written.

A page's blocks run in order, in one temporary folder and one Python
namespace per page, so a later block may use what an earlier one made (a
variable, a record file).  What a block's language means:

- ``python``: executed.  A block whose first line is ``# NAME.py`` is a file
  the reader saves: it is written as ``NAME.py`` into the page's folder,
  which is on ``sys.path`` and ``PYTHONPATH``, and not executed.
- ``pycon``: a session typed at the ``>>>`` prompt, run as a doctest (what
  it prints must match, ``...`` standing for any text).
- ``sh`` and ``console``: commands (in ``console`` the lines after ``$ ``),
  each run by bash in the page's folder and expected to succeed; a
  ``&&`` chain runs link by link.  ``pip install`` is not run (the package
  is installed) but each extra it names must exist; ``python -m pytest`` is
  the test command, which is not run from inside the tests but must be the
  one CI runs (``.ci/run``); ``huegames play`` is started in a
  pseudo-terminal, must reach its first prompt, and is told ``quit``.
- ``text`` and ``json``: what something prints or writes; not run.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from huegames import engine

INSTALLED_GAMES = ("hue", "hues-and-cues", "linja", "plank")
"""The games the package installs, which the pages show."""

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

pytestmark = pytest.mark.backend_independent  # the same on either backend

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = [
    ROOT / "README.md",
    *sorted(page for page in DOCS.rglob("*.md") if DOCS / "api" not in page.parents),
]
"""README.md and every page of the site but the API reference (docstrings,
whose examples tests/docs/test_docstrings.py runs)."""

FENCE = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)
RUN = {"python", "pycon", "sh", "console"}
SHOWN = {"text", "json"}
PROMPT = re.compile(r"(your move|game over)> ")


@dataclass(frozen=True)
class Block:
    language: str
    code: str
    line: int  # where the block starts on its page, for the failure message

    def __str__(self) -> str:
        return f"line {self.line} ({self.language})"


def blocks(page: Path) -> list[Block]:
    """The fenced code blocks of a Markdown page, in order."""
    text = page.read_text(encoding="utf-8")
    return [
        Block(match.group(1), match.group(2), text.count("\n", 0, match.start()) + 1)
        for match in FENCE.finditer(text)
    ]


def commands(block: Block) -> list[str]:
    """A shell block's commands: one per line, continuations joined, and in
    a ``console`` block only the lines typed after ``$ ``."""
    lines = re.sub(r"[ \t]*\\\n[ \t]*", " ", block.code).splitlines()
    if block.language == "console":
        lines = [line[2:] for line in lines if line.startswith("$ ")]
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def links(command: str) -> list[str]:
    """A command line cut at its top-level ``&&``."""
    return [part.strip() for part in re.split(r"\s&&\s", command)]


def check_pip_install(command: str) -> None:
    """The extras a ``pip install`` names are the package's own."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = set(project["optional-dependencies"])
    for word in shlex.split(command)[2:]:
        if word.startswith("-"):
            continue
        found = re.fullmatch(r"(?:\.|huegames)(?:\[([\w,-]+)\])?", word)
        assert found, f"pip install of something not this package: {word!r}"
        named = set(filter(None, (found.group(1) or "").split(",")))
        assert named <= extras, f"no such extra: {sorted(named - extras)}"


def ci_runs(command: str) -> None:
    """The test command a page gives is the one CI runs."""
    ci = (ROOT / ".ci" / "run").read_text()
    assert command in ci, f"CI (.ci/run) does not run {command!r}"


def play_to_the_first_prompt(command: str, folder: Path, env: dict[str, str]) -> None:
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(
        "bash", ["-c", command], cwd=folder, env=env, encoding="utf-8", timeout=120,
        dimensions=(60, 200),
    )  # fmt: skip
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, f"{command!r} left with status {child.exitstatus}"


def run_command(command: str, folder: Path, env: dict[str, str]) -> None:
    for link in links(command):
        if link.startswith("pip install "):
            check_pip_install(link)
        elif "python -m pytest" in link:
            ci_runs(command)
            return
        elif re.match(r"(\w+=\S+\s+)*huegames play\b", link):
            play_to_the_first_prompt(link, folder, env)
        else:
            done = subprocess.run(
                ["bash", "-c", link], cwd=folder, env=env, capture_output=True, text=True,
                timeout=600,
            )  # fmt: skip
            assert done.returncode == 0, f"{link!r} failed:\n{done.stdout}\n{done.stderr}"


def run_page(page: Path, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run every block of ``page`` in ``folder``."""
    monkeypatch.chdir(folder)
    monkeypatch.syspath_prepend(str(folder))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), *sys.path])}
    namespace: dict = {"__name__": "__docs__"}
    for block in blocks(page):
        where = f"{page.relative_to(ROOT)} {block}"
        assert block.language in RUN | SHOWN, f"{where}: a block needs a known language"
        if block.language in SHOWN:
            continue
        if block.language == "python":
            saved = re.match(r"# (\w+\.py)\n", block.code)
            if saved:
                (folder / saved.group(1)).write_text(block.code, encoding="utf-8")
            else:
                exec(compile(block.code, where, "exec"), namespace)
        elif block.language == "pycon":
            parser = doctest.DocTestParser()
            test = parser.get_doctest(block.code, namespace, where, str(page), block.line)
            runner = doctest.DocTestRunner(
                optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
            )
            runner.run(test, clear_globs=False)
            namespace.update(test.globs)  # a DocTest runs in a copy of the namespace
            assert runner.failures == 0, f"{where}: the session printed otherwise (above)"
        else:
            for command in commands(block):
                run_command(command, folder, env)


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(ROOT)) for page in PAGES])
def test_every_code_block_runs(page, tmp_path, monkeypatch):
    # The pages show a process that registered no game of its own: hide any
    # that another test in this worker registered (tests/othergame.py ...).
    installed = set(engine.game_names()[: len(INSTALLED_GAMES)])
    assert installed == set(INSTALLED_GAMES)
    monkeypatch.setattr(
        engine,
        "_REGISTRY",
        {name: spec for name, spec in engine._REGISTRY.items() if name in installed},
    )
    run_page(page, tmp_path, monkeypatch)


def test_the_pages_hold_code_to_run():
    """The test above passes vacuously on pages without code: the manual
    promises examples on every page of a game and in the README."""
    for name in ["README.md", "docs/getting-started.md", *(f"docs/games/{game}.md" for game in (
        "hue", "linja", "plank", "hues-and-cues"))]:  # fmt: skip
        page = ROOT / name
        assert any(block.language in RUN for block in blocks(page)), f"{name} runs no code"


def test_the_shell_reader_splits_commands_as_a_reader_types_them():
    block = Block("console", "$ pip install x  \\\n  y\noutput\n$ huegames play hue\n", 1)
    assert commands(block) == ["pip install x y", "huegames play hue"]
    assert links("a && b --c&&d") == ["a", "b --c&&d"]
    block = Block("sh", "# a comment\nhuegames simulate hue \\\n    --games 3\n", 1)
    assert commands(block) == ["huegames simulate hue --games 3"]


def test_no_page_is_a_stub_that_includes_the_readme():
    for page in PAGES[1:]:
        assert '--8<-- "README.md' not in page.read_text(), f"{page} includes README text"


def test_readme_is_a_short_tour():
    assert len((ROOT / "README.md").read_text().splitlines()) <= 200


def test_ci_runs_the_readme_commands_as_written():
    """README's two commands (each installs from the clone, then works) are
    the ones ``.ci/run`` runs, character for character."""
    ci = (ROOT / ".ci" / "run").read_text()
    two = [
        command
        for block in blocks(ROOT / "README.md")
        if block.language == "sh"
        for command in commands(block)
        if command.startswith('pip install ".[')
    ]
    assert len(two) == 2, two
    for command in two:
        assert command in ci.splitlines(), f"CI does not run {command!r} as written"
