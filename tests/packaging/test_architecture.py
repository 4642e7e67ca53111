"""The architecture, checked on the source: no module reads another module's
private state, no import cycle (imports inside functions and under
``TYPE_CHECKING`` counted), the games import nothing from the layers
built on them, and the code outside the games knows no game by name."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import huegames
from huegames import engine

pytestmark = pytest.mark.backend_independent  # the same on either backend

SOURCE = Path(huegames.__file__).resolve().parent
GAMES = ["hue", "linja", "plank", "hues_and_cues"]
LAYERS = ["run", "rl", "vector", "show", "cli"]
FLOORS = {"huegames.vector.batch"}
"""Modules of a layer that a game may import all the same: the contract a
game's C batch keeps (``GameSpec.vector``), as a game keeps engine's."""

# namedtuple's public methods, which start with an underscore
NAMEDTUPLE_METHODS = {"_replace", "_asdict", "_fields", "_make", "_field_defaults"}


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, tuple[Path, ast.Module]]:
    """Every module of the package by dotted name, parsed."""
    found = {}
    for path in sorted(SOURCE.rglob("*.py")):
        found[module_name(path)] = (path, ast.parse(path.read_text(encoding="utf-8")))
    return found


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def defined_names(tree: ast.Module) -> set[str]:
    """The names a module defines: its functions, classes, class and module
    level names, and every attribute it assigns (``self._x = ...``)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.attr)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)  # __slots__ entries, namedtuple fields
    return names


def resolve(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` statement reads from."""
    if not node.level:
        return node.module or ""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def private_reads(module: str) -> Iterator[str]:
    """Each read, in one module, of a private name another module defines."""
    path, tree = modules()[module]
    own = defined_names(tree)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and is_private(node.attr)
            and node.attr not in NAMEDTUPLE_METHODS
        ):
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            if node.attr not in own:
                yield f"{module}:{node.lineno} .{node.attr}"
        elif isinstance(node, ast.ImportFrom):
            source = resolve(module, path, node)
            for alias in node.names:
                if is_private(alias.name) and f"{source}.{alias.name}" not in modules():
                    yield f"{module}:{node.lineno} from {source} import {alias.name}"


def imports(module: str) -> Iterator[str]:
    """The package's modules one module imports, anywhere in its file;
    ``from pkg import name`` counts as importing ``pkg.name`` when that is a
    module, else ``pkg`` itself."""
    path, tree = modules()[module]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = resolve(module, path, node)
            targets = [
                f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules() else source
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            own_submodule = path.name == "__init__.py" and target.startswith(module + ".")
            if target in modules() and target != module and not own_submodule:
                yield target


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_reads_another_modules_private_state():
    reads = [read for module in modules() for read in private_reads(module)]
    assert not reads, "private reads across modules:\n" + "\n".join(reads)


def test_there_is_no_import_cycle():
    graph = {module: set(imports(module)) for module in modules()}
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in found)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_nothing_from_the_layers_above(game):
    above = tuple(f"huegames.{layer}" for layer in LAYERS)
    wrong = [
        f"{module} imports {target}"
        for module in modules()
        if module == f"huegames.{game}" or module.startswith(f"huegames.{game}.")
        for target in imports(module)
        if target not in FLOORS
        and (target in above or target.startswith(tuple(layer + "." for layer in above)))
    ]
    assert not wrong, "\n".join(wrong)


def docstrings(tree: ast.Module) -> set[int]:
    """The ids of a module's docstring nodes (a module's, class's or function's
    first statement, or a string statement after an assignment: an attribute's)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for statement in body if isinstance(body, list) else []:
            if (
                isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str)
            ):
                found.add(id(statement.value))
    return found


def game_mentions(module: str) -> Iterator[str]:
    """Each place, in code and not in documentation, where a module names a
    game: a string that is a game's name or a game package's module path,
    or an import of a game package."""
    path, tree = modules()[module]
    names = {spec.name for spec in engine.game_specs()} | set(GAMES)
    packages = tuple(f"huegames.{game}" for game in GAMES)
    documentation = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            if id(node) in documentation:
                continue
            if text in names or text.startswith(packages):
                yield f"{module}:{node.lineno} {text!r}"
        for target in imports_of(module, path, node):
            if target in packages or target.startswith(tuple(p + "." for p in packages)):
                yield f"{module}:{node.lineno} imports {target}"


def imports_of(module: str, path: Path, node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        source = resolve(module, path, node)
        return [f"{source}.{alias.name}" for alias in node.names]
    return []


def generic_modules() -> list[str]:
    """Every module outside a game package (the package's own ``__init__`` too)."""
    games = tuple(f"huegames.{game}" for game in GAMES)
    return [
        module
        for module in modules()
        if module not in games and not module.startswith(tuple(g + "." for g in games))
    ]


def test_the_code_outside_the_games_knows_no_game_by_name():
    mentions = [mention for module in generic_modules() for mention in game_mentions(module)]
    assert not mentions, "generic code naming a game:\n" + "\n".join(mentions)


def test_the_checks_see_a_game_named_in_code_but_not_in_a_docstring():
    tree = ast.parse(
        '"""Play "hue" here."""\n'
        "from . import linja\n"
        "def f(game):\n"
        '    """For example f("plank")."""\n'
        '    return game == "hues-and-cues" or {"hue": 1}\n'
    )
    modules()["huegames.sample"] = (SOURCE / "sample.py", tree)
    try:
        assert list(game_mentions("huegames.sample")) == [
            "huegames.sample:2 imports huegames.linja",
            "huegames.sample:5 'hues-and-cues'",
            "huegames.sample:5 'hue'",
        ]
    finally:
        del modules()["huegames.sample"]


def test_the_checks_see_a_private_read_and_a_cycle():
    tree = ast.parse("from .game import _secret\nboard._grid.x\n")
    modules()["huegames.hue.sample"] = (SOURCE / "hue" / "sample.py", tree)
    try:
        assert list(private_reads("huegames.hue.sample")) == [
            "huegames.hue.sample:1 from huegames.hue.game import _secret",
            "huegames.hue.sample:2 ._grid",
        ]
    finally:
        del modules()["huegames.hue.sample"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
