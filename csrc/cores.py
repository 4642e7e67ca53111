"""The C cores and their one cffi build: which sources make each core, and
how every core is declared and compiled.

Each core is an optional extension module (``huegames.GAME._GAME_core``)
built in cffi's out-of-line API mode from its header (the contract) and its
sources, plus what every core shares (``huegames.h``, ``huegames.c``).  The
declarations are the header itself, made into what cffi's ``cdef`` takes
(:func:`cdef_of`), so the two cannot drift: the C compiler checks them
against the header it includes and fills in every ``#define`` constant.

setup.py reads :data:`CORES` (its build hook warns by each core's ``label``
when one cannot be built) and names one builder function per core in
``cffi_modules`` (:func:`builder`); the scripts read the list through this
file's command line::

    python csrc/cores.py modules           # huegames.hue._hue_core ...
    python csrc/cores.py sources           # every C source file, one per line
    python csrc/cores.py sources hue_core  # the sources of the core of hue_core.h

Paths are relative to the repository root, where setup.py runs.  Extra
flags (sanitizers, say) come through CFLAGS and LDFLAGS.  Every core is
built for the stable ABI (``.abi3.so``, tagged ``cp310-abi3``).

To add a core: write ``csrc/GAME_core.h`` (including ``huegames.h``) and
its sources, add a :class:`Core` to :data:`CORES` and a builder function
named after it below, and load it with ``huegames._cores.load``.
"""

import re
import sys
from pathlib import Path
from typing import NamedTuple

import cffi  # type: ignore[import-untyped]

FOLDER = "csrc"
SHARED_HEADER = "csrc/huegames.h"
"""Error codes, version macros, the export macro: included by every core's header."""
SHARED_SOURCES = ("csrc/huegames.c",)
"""Compiled into every core (``hg_error_name``)."""
DEPENDS = (SHARED_HEADER, "csrc/pyrandom.h", "csrc/hg_vector.h")
"""Headers a change to which rebuilds every core."""


class Core(NamedTuple):
    """One optional C core."""

    module: str
    """The extension module, ``huegames.GAME._GAME_core``."""
    header: str
    """Its contract, from which cffi's declarations are made."""
    sources: tuple[str, ...]
    """Its own C sources (the shared ones are added)."""
    label: str
    """How the build warning names it."""
    runs: str
    """What then runs on the pure-Python backend."""
    internal: tuple[str, ...] = ()
    """Headers its sources share that are not the contract."""


CORES = (
    Core(
        "huegames.hue._hue_core",
        "csrc/hue_core.h",
        (
            "csrc/hue_core.c",
            "csrc/hue_encode.c",
            "csrc/hue_table.c",
            "csrc/hue_greedy.c",
            "csrc/hue_kernel.c",
            "csrc/hue_state.c",
            "csrc/hue_vector.c",
        ),
        "the C core",
        "huegames",
        internal=("csrc/hue_internal.h",),
    ),
    Core(
        "huegames.linja._linja_core",
        "csrc/linja_core.h",
        ("csrc/linja_core.c", "csrc/linja_vector.c"),
        "the Linja C core",
        "Linja",
    ),
    Core(
        "huegames.plank._plank_core",
        "csrc/plank_core.h",
        ("csrc/plank_core.c", "csrc/plank_vector.c"),
        "the Plank C core",
        "Plank",
        internal=("csrc/plank_internal.h",),
    ),
)
"""Every optional C core."""

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
_VALUED_DEFINE = re.compile(r"#\s*define\s+(\w+)\s+\S")
_LOCAL_INCLUDE = re.compile(r'#\s*include\s+"([\w.]+)"')
_NAMED_DIMENSION = re.compile(r"\[\s*([A-Za-z_]\w*)\s*\]")
_NUMBER_DEFINE = re.compile(r"^\s*#\s*define\s+(\w+)\s+(\d+)\s*$", re.MULTILINE)
_BLANK_LINES = re.compile(r"\n\s*\n(\s*\n)+")
_EXPORT = re.compile(r"\bHG_API\s+")


def cdef_of(header: str, folder: str | Path = FOLDER) -> str:
    """The C header text ``header`` as cffi's ``cdef`` takes it.

    A local ``#include "NAME.h"`` is read from ``folder`` and inlined
    (``huegames.h``'s error codes and ``hg_error_name``); system includes
    go.  The outermost ``#ifndef`` guard is kept open, but any other
    conditional block (the export macro's choice, the C++ guards) is left
    out, and the export macro goes from declarations.  Comments and line
    continuations go; each ``#define NAME value`` becomes ``#define NAME
    ...`` (the compiler fills in the value) and a macro with parameters is
    left out; an array size named by a macro of the header with a plain
    number for its value becomes that number (a struct's fixed array), and
    any other named size ``[]`` (parameters, where it is a pointer anyway).
    """
    text = _COMMENT.sub(" ", header).replace("\\\n", " ")
    numbers = dict(_NUMBER_DEFINE.findall(text))
    lines: list[str] = []
    depth = 0  # conditional nesting; 1 inside the include guard only
    skipping_from = 0  # the depth at which a left-out block began, or 0
    for line in text.splitlines():
        directive = line.strip()
        if directive.startswith("#"):
            word = directive[1:].split(None, 1)[0] if directive[1:].strip() else ""
            if word in ("if", "ifdef", "ifndef"):
                depth += 1
                if depth > 1 and not skipping_from:
                    skipping_from = depth
            elif word == "endif":
                if skipping_from == depth:
                    skipping_from = 0
                depth -= 1
            elif skipping_from:
                continue
            elif word == "include":
                local = _LOCAL_INCLUDE.match(directive)
                if local:
                    included = Path(folder, local.group(1)).read_text(encoding="utf-8")
                    lines.append(cdef_of(included, folder))
            elif word == "define":
                define = _VALUED_DEFINE.match(directive)
                if define and "(" not in directive.split()[1]:
                    lines.append(f"#define {define.group(1)} ...")
            continue
        if not skipping_from:
            lines.append(_EXPORT.sub("", line.rstrip()))
    declarations = _NAMED_DIMENSION.sub(
        lambda size: f"[{numbers.get(size.group(1), '')}]", "\n".join(lines)
    )
    return _BLANK_LINES.sub("\n\n", declarations).strip() + "\n"


def builder_of(core: Core) -> cffi.FFI:
    """The cffi builder of ``core``, declared from its header as it is now."""
    builder = cffi.FFI()
    builder.cdef(cdef_of(Path(core.header).read_text(encoding="utf-8")))
    builder.set_source(
        core.module,
        f'#include "{Path(core.header).name}"',
        sources=[*core.sources, *SHARED_SOURCES],
        depends=[core.header, *core.internal, *DEPENDS],
        include_dirs=[FOLDER],
        # -pthread: the vector batches' worker threads (glibc before 2.34 keeps
        # them in libpthread); setup.py drops it and -std=c99 for MSVC
        extra_compile_args=["-O3", "-std=c99", "-pthread"],
        extra_link_args=["-pthread"],
        # CPython's stable ABI: one ``.abi3`` core (and wheel) for every CPython
        # >= 3.10; cffi leaves it out where it cannot be (free-threaded builds).
        py_limited_api=not hasattr(sys, "gettotalrefcount"),  # not on a debug build
        optional=True,  # setup.py warns and installs without it
    )
    return builder


def core_named(module: str) -> Core:
    """The core whose extension module is ``module``."""
    for core in CORES:
        if core.module == module:
            return core
    raise KeyError(f"no C core {module!r}: the cores are {[c.module for c in CORES]}")


def builder(core: Core) -> str:
    """The ``cffi_modules`` entry of ``core``: this file and its builder function."""
    return f"{FOLDER}/cores.py:{core.module.rsplit('.', 1)[1].strip('_')}"


# The builder functions setup.py's cffi_modules names (builder()), one per
# core: cffi calls them at build time, so importing this file reads no file.


def hue_core() -> cffi.FFI:
    """The builder of ``huegames.hue._hue_core``."""
    return builder_of(core_named("huegames.hue._hue_core"))


def linja_core() -> cffi.FFI:
    """The builder of ``huegames.linja._linja_core``."""
    return builder_of(core_named("huegames.linja._linja_core"))


def plank_core() -> cffi.FFI:
    """The builder of ``huegames.plank._plank_core``."""
    return builder_of(core_named("huegames.plank._plank_core"))


def sources(core: Core | None = None) -> list[str]:
    """Every C source of ``core`` (of every core when None), the shared ones included."""
    own = core.sources if core is not None else [s for c in CORES for s in c.sources]
    return [*own, *SHARED_SOURCES]


def _main(arguments: list[str]) -> str:
    if arguments == ["modules"]:
        return "\n".join(core.module for core in CORES)
    if arguments == ["sources"]:
        return "\n".join(sources())
    if len(arguments) == 2 and arguments[0] == "sources":
        named = [core for core in CORES if Path(core.header).stem == arguments[1]]
        if named:
            return "\n".join(sources(named[0]))
        sys.exit(f"cores.py: no core has the header {arguments[1]}.h")
    sys.exit("usage: python csrc/cores.py modules | sources [NAME]")


if __name__ == "__main__":
    print(_main(sys.argv[1:]))
