"""``huegames evaluate``: a batched numpy policy from a ``module:function`` spec."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

from huegames import vector
from huegames.cli import main

POLICIES = textwrap.dedent(
    """
    import numpy as np

    def first(observations, masks):
        return masks.argmax(axis=1)

    def few(observations, masks):
        return np.zeros(len(masks) + 1, np.int64)

    def floats(observations, masks):
        return masks.argmax(axis=1).astype(float)

    def illegal(observations, masks):
        return (masks == 0).argmax(axis=1)

    def boom(observations, masks):
        raise RuntimeError("the model file is missing")

    class Agent:
        @staticmethod
        def act(observations, masks):
            return masks.argmax(axis=1)

    not_callable = 3
    """
)


@pytest.fixture
def policies(tmp_path, monkeypatch):
    """A module of policies in the current folder, named for this test alone."""
    name = f"policies_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(POLICIES)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    yield name
    sys.modules.pop(name, None)


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def first(observations, masks):
    return masks.argmax(axis=1)


@pytest.mark.parametrize(
    ("game", "players", "against"),
    [("linja", 2, "greedy"), ("plank", 3, "random,greedy")],
)
def test_evaluate_prints_the_summary_evaluate_gives(capsys, policies, game, players, against):
    spec = f"{policies}:first"
    status, out, err = run(
        capsys, "evaluate", game, spec, "--games", "30", "--players", str(players),
        "--against", against, "--seed", "4", "--envs", "8",
    )  # fmt: skip
    assert status == 0, err
    bots = against.split(",")
    expected = vector.evaluate(
        first,
        game,
        against=bots[0] if len(bots) == 1 else bots,
        games=30,
        players=players,
        seed=4,
        num_envs=8,
        name=spec,
    )
    assert out.startswith(expected.table() + "\n\n30 games in ")
    assert f"| {spec} | 30 |" in out


def test_evaluate_reads_a_dotted_attribute_and_rule_options(capsys, policies):
    status, out, err = run(
        capsys, "evaluate", "plank", f"{policies}:Agent.act", "--games", "4",
        "--rules", "turn_limit=40", "--against", "random",
    )  # fmt: skip
    assert status == 0, err
    assert "plank, 2 players, 4 games" in out


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("few", "expected one action per env"),
        ("floats", "actions are integer action ids"),
        ("illegal", "env 0: action"),
        ("boom", "it raised RuntimeError: the model file is missing"),
    ],
)
def test_a_failing_policy_is_a_run_error_naming_policy_game_seat_and_seed(
    capsys, policies, name, said
):
    status, out, err = run(capsys, "evaluate", "linja", f"{policies}:{name}", "--seed", "9")
    assert status == 1 and out == ""
    assert err.startswith(f"huegames: error: the policy {policies}:{name} failed in linja")
    assert "(seat 0, seed 9)" in err and said in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("policy", "said"),
    [
        ("nothing", "name a policy as package.module:function"),
        (":first", "name a policy as package.module:function"),
        ("no_such_module_here:first", "cannot import the policy"),
        ("{policies}:missing", "has no attribute 'missing'"),
        ("{policies}:not_callable", "is not a function"),
    ],
)
def test_a_policy_that_cannot_be_loaded_is_a_usage_error(capsys, policies, policy, said):
    status, out, err = run(capsys, "evaluate", "linja", policy.format(policies=policies))
    assert status == 2 and out == ""
    assert said in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["evaluate", "chess", "{p}:first"], "unknown game"),
        (["evaluate", "linja", "{p}:first", "--against", "nobody"], "nobody"),
        (["evaluate", "linja", "{p}:first", "--players", "3"], "players"),
        (["evaluate", "linja", "{p}:first", "--games", "0"], "at least 1"),
        (["evaluate", "plank", "{p}:first", "--rules", "turn_limit=-3"], "turn_limit"),
    ],
)
def test_bad_arguments_are_usage_errors(capsys, policies, argv, said):
    status, _, err = run(capsys, *(part.format(p=policies) for part in argv))
    assert status == 2
    assert said in err and err.count("\n") == 1


def test_the_installed_command_finds_a_policy_in_the_current_folder(policies, tmp_path):
    """The console script (not ``python -m``, which puts the folder on the path itself)."""
    done = subprocess.run(
        [str(Path(sys.executable).with_name("huegames")), "evaluate", "linja",
         f"{policies}:first", "--games", "6", "--envs", "3"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f"| {policies}:first | 6 |" in done.stdout


def test_a_failing_policy_shows_its_traceback_only_with_debug(capsys, policies):
    status, _, err = run(capsys, "evaluate", "linja", f"{policies}:boom", "--debug")
    assert status == 1
    assert err.startswith("Traceback (most recent call last):")
    assert 'raise RuntimeError("the model file is missing")' in err
    assert err.endswith("(seat 0, seed 0): it raised RuntimeError: the model file is missing\n")
    status, _, err = run(capsys, "evaluate", "linja", f"{policies}:boom")
    assert status == 1 and "Traceback" not in err and err.count("\n") == 1
