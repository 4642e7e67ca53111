"""README's contract examples run as written, for every game."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import huegames
from huegames import engine

README = Path(__file__).resolve().parents[2] / "README.md"


def example(marker: str) -> str:
    """The code block that follows ``<!-- marker -->`` in README."""
    match = re.search(rf"<!-- {marker} -->\n```python\n(.*?)```", README.read_text(), re.S)
    assert match, f"README has no {marker} block"
    return match.group(1)


@pytest.mark.parametrize("name", ["hue", "linja", "plank", "hues-and-cues"])
def test_the_contract_example_runs_for_every_game(name):
    code = example("contract-example")
    loop = "\nfor name in engine.game_names():\n    print(name, *play_one(name))\n"
    assert code.endswith(loop), "the example ends by playing every registered game"
    namespace: dict = {}
    exec(code.removesuffix(loop), namespace)
    outcome, scores = namespace["play_one"](name)
    spec = engine.game_spec(name)
    assert isinstance(outcome, engine.Outcome)
    assert len(scores) == spec.min_players
    assert namespace["play_one"](name) == (outcome, scores), "the same seed, the same game"


def test_the_contract_example_prints_a_line_per_game(capsys):
    exec(example("contract-example"), {})
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == engine.game_names()


@pytest.fixture
def mybots(tmp_path, monkeypatch):
    (tmp_path / "mybots.py").write_text(example("own-bot-example"))
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_the_own_bot_example_plays_in_the_command_line(mybots):
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(mybots), os.environ.get("PYTHONPATH", "")]),
    }
    command = [
        sys.executable, "-m", "huegames", "simulate", "linja",
        "--bots", "mybots:FirstOrRandomBot:wander=0.5,greedy",
        "--games", "20", "--workers", "2", "--no-progress",
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "FirstOrRandomBot:wander=0.5" in done.stdout
    assert "greedy" in done.stdout


def test_the_own_bot_example_plays_in_simulate_with_two_workers(mybots):
    import mybots as module

    result = huegames.simulate(
        "linja", bots=[module.FirstOrRandomBot, "greedy"], games=20, workers=2, seed=3
    )
    assert result.summary.games == 20
    again = huegames.simulate(
        "linja", bots=[module.FirstOrRandomBot, "greedy"], games=20, workers=1, seed=3
    )
    assert again.records == result.records


def test_the_pettingzoo_and_gymnasium_examples_run(capsys):
    exec(example("pettingzoo-example"), {})
    exec(example("gymnasium-example"), {})
    assert len(capsys.readouterr().out.splitlines()) == 2
