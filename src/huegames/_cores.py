"""The optional C cores, in one place: which backend is in use, and loading a core.

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


def load(module: str, name: str) -> ModuleType | None:
    """The compiled core ``module`` (``"huegames.linja._linja_core"``), or None
    under ``HUEGAMES_BACKEND=python``; imported once.

    Unset, a core that cannot load gives None and one RuntimeWarning naming
    it (``name``, e.g. ``"the Linja C core"``) and why; under
    ``HUEGAMES_BACKEND=c`` it raises ImportError instead.
    """
    if module in _loaded:
        return _loaded[module]
    core: ModuleType | None = None
    if CHOICE != "python":
        try:
            core = importlib.import_module(module)
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
    _loaded[module] = core
    return core
