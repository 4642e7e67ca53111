"""The tests mirror the code: a folder per game with the same file names for
the same roles, folders for the layers built on the contract, and tests
named for the behaviour they check."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from huegames import engine

pytestmark = pytest.mark.backend_independent  # the same on either backend

TESTS = Path(__file__).resolve().parents[1]
ROLES = ["test_rules.py", "test_game.py", "test_bad_input.py", "test_bots.py",
         "test_drawing.py", "test_encoding.py", "test_fuzz.py"]  # fmt: skip
WITH_A_C_CORE = ["test_kernel.py", "test_parity.py"]
LAYERS = ["contract", "run", "rl", "show", "c", "docs", "packaging", "arena"]


def folder(spec: engine.GameSpec) -> Path:
    """A game's test folder, named as its package is."""
    return TESTS / spec.game_class.__module__.split(".")[1]


@pytest.mark.parametrize("spec", list(engine.game_specs()), ids=engine.game_names())
def test_every_game_has_a_folder_with_the_same_roles(spec):
    roles = ROLES + (WITH_A_C_CORE if spec.kernel is not None else [])
    missing = [name for name in roles if not (folder(spec) / name).is_file()]
    assert not missing, f"{folder(spec).name}/ lacks {missing}"


def test_every_test_module_lives_in_a_folder_of_its_part():
    loose = sorted(path.name for path in TESTS.glob("test_*.py"))
    assert not loose, f"test modules outside a folder: {loose}"
    for layer in LAYERS:
        assert any((TESTS / layer).glob("test_*.py")), f"tests/{layer}/ holds no tests"


def test_no_test_is_named_after_a_tracker_item():
    named = []
    for path in TESTS.rglob("test_*.py"):
        if "issue" in path.name:
            named.append(str(path.relative_to(TESTS)))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_test = isinstance(node, (ast.FunctionDef, ast.ClassDef))
            if is_test and node.name.startswith(("test", "Test")) and "issue" in node.name.lower():
                named.append(f"{path.relative_to(TESTS)}::{node.name}")
    assert not named, f"name what a test checks, not a tracker item: {named}"
