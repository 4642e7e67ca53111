"""The optional C cores, in one place: which backend is in use, loading a
core (checking it was built from the header its wrapper is written
against), and the shared error codes' names (``csrc/huegames.h``).

``HUEGAMES_BACKEND`` applies to every game's core: ``c`` demands the
compiled cores (importing one that is missing fails loudly), ``python``
forces the pure-Python engines, and unset means each core where it was
built, else Python with one warning per missing core.  setup.py builds
the cores (its ``CORES``) and, when one cannot be built, writes
``_build_info.json`` into that core's package folder, which the warning
reports.
"""

from __future__ import annotations

import importlib
import json
import os
import warnings
from pathlib import Path
from types import ModuleType
from typing import NoReturn

BACKENDS = ("c", "python")
"""Every backend's name, fastest first."""

BUILD_INFO = "_build_info.json"
"""What setup.py writes into a core's package folder when it could not build it (only then)."""

_choice = os.environ.get("HUEGAMES_BACKEND", "").strip().lower()
if _choice not in ("", *BACKENDS):
    raise ImportError(f"HUEGAMES_BACKEND must be 'c' or 'python', not {_choice!r}")

CHOICE = _choice
"""``HUEGAMES_BACKEND`` as read at import: ``"c"``, ``"python"``, or ``""`` (unset)."""

_loaded: dict[str, ModuleType | None] = {}
_imported: dict[str, ModuleType] = {}


def no_core_warning(error: ImportError, build_info: Path, name: str = "the C core") -> str:
    """The warning without a core: why the install could not build it
    (``build_info``, setup.py's record), else the import error."""
    try:
        info = json.loads(build_info.read_text("utf-8"))
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
        f"huegames: {name} is not available: {what} ({detail}). "
        f"Using the pure-Python backend, which is much slower{advice}."
    )


def core(module: str, version: tuple[int, int]) -> ModuleType:
    """The compiled core ``module`` (``"huegames.linja._linja_core"``),
    imported once, whatever backend is chosen.

    ``version`` is the ``(major, minor)`` of the header its wrapper is
    written against: a core whose ``<name>_version()`` (``linja_core_version``)
    has another major version, or an older minor one, is a stale build and
    raises ImportError, as a missing core does.
    """
    found = _imported.get(module)
    if found is not None:
        return found
    found = importlib.import_module(module)
    built = int(getattr(found.lib, f"{module.rsplit('.', 1)[1].strip('_')}_version")())
    major, minor = built // 10000, built // 100 % 100
    if major != version[0] or minor < version[1]:
        raise ImportError(
            f"{module} is version {major}.{minor}.{built % 100}, but huegames needs "
            f"{version[0]}.{version[1]} or a later {version[0]}.x: rebuild the package "
            "(pip install --force-reinstall --no-cache-dir huegames)"
        )
    _imported[module] = found
    return found


def load(module: str, name: str, version: tuple[int, int]) -> ModuleType | None:
    """The compiled core ``module`` (:func:`core`), or None under
    ``HUEGAMES_BACKEND=python``; imported once.

    Unset, a core that cannot load gives None and one RuntimeWarning naming
    it (``name``, e.g. ``"the Linja C core"``) and why; under
    ``HUEGAMES_BACKEND=c`` it raises ImportError instead.
    """
    if module in _loaded:
        return _loaded[module]
    found: ModuleType | None = None
    if CHOICE != "python":
        try:
            found = core(module, version)
        except ImportError as error:
            if CHOICE == "c":
                raise ImportError(
                    f"HUEGAMES_BACKEND=c but {name} ({module}) is not built "
                    f"or failed to load: {error}"
                ) from error
            folder = Path(importlib.import_module(module.rsplit(".", 1)[0]).__file__ or ".").parent
            warnings.warn(
                no_core_warning(error, folder / BUILD_INFO, name), RuntimeWarning, stacklevel=3
            )
    _loaded[module] = found
    return found


def in_core(backend: str | None, available: bool, name: str) -> bool:
    """Whether an object asked for ``backend`` (``"c"``, ``"python"``, or None
    for the default: C when the core loaded) lives in the core ``name``
    (``"the Linja C core"``) that is ``available`` or not; ValueError for
    another name, or for ``"c"`` without the core."""
    if backend is None:
        return available
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: use one of {', '.join(BACKENDS)}")
    if backend == "c" and not available:
        raise ValueError(f"the c backend is not available here ({name} is not loaded)")
    return backend == "c"


class ProcessBound:
    """A mixin for what holds C buffers that point into one another and into
    this process's arrays (a vector environment's C batch): pickling or
    copying it raises a TypeError that says so, not cffi's bare one."""

    __slots__ = ()

    def __reduce__(self) -> NoReturn:
        raise TypeError(
            f"a {type(self).__name__} cannot be pickled or copied: its games live in C buffers "
            "that point into one another and into this process's arrays; make the vector "
            "environment again where it is needed (the same seed plays the same games), or "
            "make it with backend='python', whose environments pickle"
        )


ERROR_MESSAGES = {
    "argument": "an argument out of range",
    "workspace": "a workspace too small",
    "cell": "an invalid cell code",
    "bounds": "a footprint outside the grid",
    "capacity": "an output buffer too small",
    "deck": "an invalid card record, or a deck too small for the player count",
    "illegal": "a move or hand that breaks the rules",
    "state": "a state no game can reach",
}
"""What each shared error code (``HG_ERR_*``, by its ``hg_error_name``) means."""


def error_name(loaded: ModuleType, status: int) -> str:
    """The name a core gives its error code ``status`` (``hg_error_name``):
    ``"argument"``, ``"illegal"`` ..., ``"ok"`` for a status >= 0."""
    name: bytes = loaded.ffi.string(loaded.lib.hg_error_name(status))
    return name.decode("ascii")


def error_message(loaded: ModuleType, status: int) -> str:
    """What error code ``status`` of a core means, with its name and number."""
    name = error_name(loaded, status)
    return f"{ERROR_MESSAGES.get(name, name)} (C core error {status}, {name})"
