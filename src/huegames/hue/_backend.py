"""Choose the Hue backend, once, here and nowhere else.

``HUEGAMES_BACKEND=c`` demands the compiled core (and fails loudly when it
is missing), ``HUEGAMES_BACKEND=python`` forces the pure-Python twin, and
unset means C when it was built, else Python with a one-time warning.

Every Board keeps its cells in a :class:`Grid` of the active backend
(:func:`new_grid`); :meth:`Board.with_backend` moves a board's cells to
another one of :func:`available`, to compare the two in one process.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import ClassVar, Protocol

from ..records import brief
from . import _python_grid
from ._python_grid import Candidate

BACKENDS = ("c", "python")
"""Every backend's name, fastest first."""


class Grid(Protocol):
    """What a backend's grid offers: the cell codes of the visible layer of
    the table (:mod:`huegames.hue.cells`) and Hue's three hot operations.
    ``_python_grid`` is the specification; ``_c_grid`` agrees with it."""

    backend: ClassVar[str]
    """The backend's name: ``"c"`` or ``"python"``."""

    def copy(self) -> Grid: ...

    def get(self, x: int, y: int) -> int: ...

    def set(self, x: int, y: int, code: int) -> None: ...

    def write(self, writes: Sequence[tuple[int, int, int]]) -> None: ...

    def is_empty(self) -> bool: ...

    def colour_values(self) -> tuple[int, int, int, int, int]: ...

    def colour_values_after(
        self, candidates: Iterable[Candidate]
    ) -> list[tuple[int, int, int, int, int]]: ...

    def legal_anchors(self, allow_cover: bool) -> tuple[list[int], list[int]]: ...


def _grid_class(backend: str) -> type[Grid]:
    """The named backend's Grid class; ImportError when it cannot load."""
    if backend == "python":
        return _python_grid.Grid
    from ._c_grid import Grid as CGrid

    return CGrid


def available() -> tuple[str, ...]:
    """The backends that can run in this process: ``"python"`` always, and
    ``"c"`` first when the C core was built (whichever one is active)."""
    names = []
    for backend in BACKENDS:
        try:
            _grid_class(backend)
        except ImportError:
            continue
        names.append(backend)
    return tuple(names)


def new_grid(backend: str | None = None) -> Grid:
    """An empty grid of the named backend, or of the active one (None).

    Raises ValueError for a name not in :data:`BACKENDS`, or for a backend
    that cannot run here (the C core was not built).
    """
    if backend is None:
        return _active()
    if backend not in BACKENDS:
        raise ValueError(f"unknown Hue backend {brief(backend)}: use one of {', '.join(BACKENDS)}")
    try:
        return _grid_class(backend)()
    except ImportError as error:
        raise ValueError(
            f"the {backend} backend is not available here ({error}); "
            f"available: {', '.join(available())}"
        ) from None


_BUILD_INFO = Path(__file__).with_name("_build_info.json")
"""What setup.py records when it could not build the C core (and only then)."""


def _no_core_warning(error: ImportError) -> str:
    """The warning without the C core: why the install could not build it
    (:data:`_BUILD_INFO`), else the import error."""
    try:
        info = json.loads(_BUILD_INFO.read_text("utf-8"))
        reason, detail = str(info["reason"]), str(info["detail"])
    except (OSError, ValueError, KeyError, TypeError):
        reason, detail = "load", str(error)
    what = {
        "load": "it failed to load",
        "no-compiler": "no C compiler worked at install time",
        "compile-error": "it failed to compile at install time",
        "link-error": "it failed to link at install time",
    }.get(reason, "its build failed at install time")
    advice = (
        "; to build it, install a C compiler and reinstall huegames with pip's --no-cache-dir"
        if reason == "no-compiler"
        else ""
    )
    return (
        f"huegames: the C core is not available: {what} ({detail}). "
        f"Using the pure-Python backend, which is much slower{advice}."
    )


_choice = os.environ.get("HUEGAMES_BACKEND", "").strip().lower()
if _choice not in ("", *BACKENDS):
    raise ImportError(f"HUEGAMES_BACKEND must be 'c' or 'python', not {_choice!r}")

_active: type[Grid]
if _choice == "python":
    _active, name = _grid_class("python"), "python"
else:
    try:
        _active, name = _grid_class("c"), "c"
    except ImportError as error:
        if _choice == "c":
            raise ImportError(
                f"HUEGAMES_BACKEND=c but the C core is not built or failed to load: {error}"
            ) from error
        warnings.warn(_no_core_warning(error), RuntimeWarning, stacklevel=2)
        _active, name = _grid_class("python"), "python"

__all__ = ["BACKENDS", "Candidate", "Grid", "available", "name", "new_grid"]
