"""cffi builder of ``huegames.hue._hue_core``, the compiled Hue core.

Out-of-line API mode.  The declarations are ``csrc/hue_core.h`` itself,
made into what cffi's ``cdef`` takes (:func:`cdef_of`), so the two cannot
drift: the C compiler checks them against the header it includes and
fills in every ``#define`` constant.  setup.py runs :func:`ffibuilder`
from the repository root (``cffi_modules``); paths are relative to it.
Extra flags (sanitizers, say) come through CFLAGS and LDFLAGS.  The core
is built for the stable ABI (``_hue_core.abi3.so``, tagged ``cp310-abi3``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import cffi  # type: ignore[import-untyped]

HEADER = "csrc/hue_core.h"
SOURCE = "csrc/hue_core.c"
PYRANDOM = "csrc/pyrandom.h"  # CPython's random.Random, which the kernels share

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
_VALUED_DEFINE = re.compile(r"#\s*define\s+(\w+)\s+\S")
_NAMED_DIMENSION = re.compile(r"\[\s*[A-Za-z_]\w*\s*\]")
_BLANK_LINES = re.compile(r"\n\s*\n(\s*\n)+")


def cdef_of(header: str) -> str:
    """The C header ``header`` as cffi's ``cdef`` takes it.

    Comments, line continuations, ``#include`` and the include guard go;
    each ``#define NAME value`` becomes ``#define NAME ...`` (the compiler
    fills in the value); an array size named by a macro, which only
    parameters use (where the array is a pointer anyway), becomes ``[]``.
    """
    text = _COMMENT.sub(" ", header).replace("\\\n", " ")
    lines = []
    for line in text.splitlines():
        directive = line.strip()
        if directive.startswith("#"):
            define = _VALUED_DEFINE.match(directive)
            if define:
                lines.append(f"#define {define.group(1)} ...")
            continue
        lines.append(line.rstrip())
    declarations = _NAMED_DIMENSION.sub("[]", "\n".join(lines))
    return _BLANK_LINES.sub("\n\n", declarations).strip() + "\n"


def builder_of(module: str, header: str, source: str) -> cffi.FFI:
    """The builder of the C core ``module`` from ``header`` and ``source`` (paths
    from the repository root), declared from the header as it is now: every
    core is built this one way (``huegames.linja._linja_core_build`` too)."""
    builder = cffi.FFI()
    builder.cdef(cdef_of(Path(header).read_text(encoding="utf-8")))
    builder.set_source(
        module,
        f'#include "{Path(header).name}"',
        sources=[source],
        depends=[header, PYRANDOM],
        include_dirs=["csrc"],
        extra_compile_args=["-O3", "-std=c99"],  # setup.py drops -std=c99 for MSVC
        # CPython's stable ABI: one ``.abi3`` core (and wheel) for every CPython
        # >= 3.10; cffi leaves it out where it cannot be (free-threaded builds).
        py_limited_api=not hasattr(sys, "gettotalrefcount"),  # not on a debug build
        optional=True,  # setup.py warns and installs without it
    )
    return builder


def ffibuilder() -> cffi.FFI:
    """The builder of the extension, declared from the header as it is now.

    setup.py's ``cffi_modules`` names this function, and cffi calls it at
    build time: importing this module reads no file.
    """
    return builder_of("huegames.hue._hue_core", HEADER, SOURCE)
