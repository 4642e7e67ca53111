"""cffi builder of ``huegames.linja._linja_core``, the compiled Linja core.

Built exactly as Hue's core (:func:`huegames.hue._hue_core_build.builder_of`:
out-of-line API mode, declarations read from ``csrc/linja_core.h``, the
stable ABI, optional).  setup.py runs :func:`ffibuilder` from the
repository root as a plain file, outside the package, so Hue's builder is
loaded from its path there.
"""

from __future__ import annotations

import importlib.util
from types import ModuleType

import cffi  # type: ignore[import-untyped]

HEADER = "csrc/linja_core.h"
SOURCE = "csrc/linja_core.c"
HUE_BUILD = "src/huegames/hue/_hue_core_build.py"


def _hue_build() -> ModuleType:
    """Hue's builder module, from its path (relative to the repository root)."""
    spec = importlib.util.spec_from_file_location("_hue_core_build", HUE_BUILD)
    assert spec is not None and spec.loader is not None, HUE_BUILD
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ffibuilder() -> cffi.FFI:
    """The builder of the extension, declared from the header as it is now
    (setup.py's ``cffi_modules`` names this function)."""
    builder: cffi.FFI = _hue_build().builder_of("huegames.linja._linja_core", HEADER, SOURCE)
    return builder
