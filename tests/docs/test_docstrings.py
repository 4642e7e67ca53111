"""The API reference's promises: every public name is documented, and every
example in a docstring runs (doctest) and shows what it prints.

"Public" is what a user reaches without an underscore: the names a package
or module exports in ``__all__`` (every public module of ``huegames``), and
the public methods and properties those classes define themselves.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest

import huegames

pytestmark = pytest.mark.backend_independent  # the same on either backend

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(huegames.__path__, "huegames.")
    if not any(part.startswith("_") for part in info.name.split("."))
)
"""Every public module of the package (no ``_private`` part in its name)."""


def _module(name: str) -> ModuleType:
    return importlib.import_module(name)


def _exported(module: ModuleType) -> list[tuple[str, object]]:
    """The classes and functions a module offers, each checked once: where it
    is defined, or where a package exports it from a private module."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [name for name in vars(module) if not name.startswith("_")]
    exported = []
    for name in names:
        value = getattr(module, name)
        if not (inspect.isclass(value) or inspect.isfunction(value)):
            continue
        home = getattr(value, "__module__", "")
        private_home = any(part.startswith("_") for part in home.split("."))
        if home == module.__name__ or (home.startswith("huegames.") and private_home):
            exported.append((name, value))
    return exported


def _own_members(cls: type) -> list[tuple[str, object]]:
    """Public methods and properties ``cls`` defines itself (not inherited,
    not enum members, not NamedTuple fields, not plain data)."""
    members = []
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if inspect.isfunction(value) or isinstance(value, property):
            members.append((name, value))
    return members


def _undocumented(module_name: str) -> list[str]:
    module = _module(module_name)
    missing = [] if inspect.getdoc(module) else [module_name]
    for name, value in _exported(module):
        if not (value.__doc__ or "").strip():
            missing.append(f"{module_name}.{name}")
        if inspect.isclass(value):
            for member_name, member in _own_members(value):
                if not (getattr(member, "__doc__", None) or "").strip():
                    missing.append(f"{module_name}.{name}.{member_name}")
    return missing


def test_every_public_module_is_found():
    assert {"huegames.engine", "huegames.hue", "huegames.linja", "huegames.plank"} <= set(MODULES)
    assert "huegames.hues_and_cues" in MODULES


@pytest.mark.parametrize("module_name", MODULES)
def test_every_public_name_has_a_docstring(module_name):
    assert _undocumented(module_name) == []


@pytest.mark.parametrize("module_name", MODULES)
def test_docstring_examples_run(module_name):
    module = _module(module_name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in finder.find(module, module_name, globs={}):
        if test.examples and _defined_in(test, module):
            runner.run(test)
    failed, _attempted = runner.summarize(verbose=False)
    assert failed == 0, f"{failed} docstring example(s) of {module_name} failed (printed above)"


def _defined_in(test: doctest.DocTest, module: ModuleType) -> bool:
    """Whether a doctest's docstring belongs to ``module`` itself, so a name
    re-exported by a package is not run twice."""
    return test.filename is None or inspect.getsourcefile(module) == test.filename


def test_the_suite_holds_docstring_examples():
    """The doctest test above would pass vacuously on a package without
    examples; the API reference promises some."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    count = sum(
        len(test.examples)
        for name in MODULES
        for test in finder.find(_module(name), name, globs={})
        if _defined_in(test, _module(name))
    )
    assert count >= 40
