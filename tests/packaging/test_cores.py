"""Every C core against ``csrc/cores.py`` (its one build) and ``csrc/huegames.h``
(what every core shares): the sources it lists are the sources there are, no
source is long, each header is the one source of its core's declarations and
numbers, every core numbers and names its errors alike, and says its version."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType

import cffi
import pytest

import cores_build
from huegames import _cores

ROOT = Path(__file__).resolve().parents[2]
MOST_LINES = 1200
"""No C source file is longer (issue 24: a core is split by concern)."""


cores_py = cores_build.cores
CORES = cores_py.CORES
SHARED = (ROOT / cores_py.SHARED_HEADER).read_text(encoding="utf-8")
ERROR_CODES = {
    name: int(value)
    for name, value in re.findall(r"^#define HG_ERR_(\w+) \((-\d+)\)", SHARED, re.MULTILINE)
}


def _text(header: str) -> str:
    """A header without its comments."""
    return re.sub(r"/\*.*?\*/", " ", (ROOT / header).read_text(encoding="utf-8"), flags=re.DOTALL)


def _prefix(core) -> str:
    return Path(core.header).stem.removesuffix("_core")


def _built(core) -> ModuleType:
    try:
        return importlib.import_module(core.module)
    except ImportError:
        pytest.skip(f"{core.module} is not built")


ids = pytest.mark.parametrize("core", CORES, ids=[_prefix(core) for core in CORES])


# -- the build ------------------------------------------------------------------


def test_the_cores_list_every_c_source_and_header():
    listed = {*cores_py.sources(), *(core.header for core in CORES)}
    listed |= {header for core in CORES for header in core.internal}
    listed |= set(cores_py.DEPENDS)
    on_disk = {str(path.relative_to(ROOT)) for path in (ROOT / "csrc").glob("*.[ch]")}
    assert listed == on_disk


def test_setup_builds_every_core_through_its_builder():
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert "cffi_modules=[_CORES_MODULE.builder(core) for core in _CORES_MODULE.CORES]" in setup
    for core in CORES:
        path, function = cores_py.builder(core).split(":")
        assert path == "csrc/cores.py"
        assert getattr(cores_py, function).__doc__.startswith(f"The builder of ``{core.module}``")
        assert (ROOT / "src" / Path(*core.module.split(".")[:-1])).is_dir(), core.module


def test_the_command_line_lists_what_the_scripts_read(capsys):
    assert cores_py._main(["modules"]).split() == [core.module for core in CORES]
    assert cores_py._main(["sources", "hue_core"]).split() == [
        *CORES[0].sources,
        *cores_py.SHARED_SOURCES,
    ]
    with pytest.raises(SystemExit, match="usage"):
        cores_py._main(["nonsense"])
    with pytest.raises(SystemExit, match="no core has the header"):
        cores_py._main(["sources", "chess_core"])


def test_no_c_source_is_over_1200_lines():
    for path in [*(ROOT / "csrc").glob("*.[ch]"), *(ROOT / "fuzz").glob("*.c")]:
        if path.parent.name == "fuzz":
            continue  # the fuzz targets are tests, not the library
        lines = path.read_text(encoding="utf-8").count("\n")
        assert lines <= MOST_LINES, f"{path.name}: {lines} lines"


# -- the shared contract --------------------------------------------------------


@ids
def test_every_header_shares_the_contract(core):
    text = _text(core.header)
    assert '#include "huegames.h"' in text
    assert 'extern "C" {' in text, "the C++ guards"
    for part in ("MAJOR", "MINOR", "PATCH"):
        assert re.search(rf"#define {_prefix(core).upper()}_CORE_VERSION_{part} \d+", text)
    assert not re.search(r"#define \w+_E_\w+", text), "its own error codes"
    functions = re.findall(rf"^(\w[\w *]*?)\b({_prefix(core)}_\w+)\(", text, re.MULTILINE)
    assert len(functions) == len(_scan(core)[2])
    for returns, name in functions:
        assert returns.startswith("HG_API "), f"{name} is not exported with HG_API"


def test_the_error_codes_are_numbered_once():
    assert list(ERROR_CODES) == [
        "ARGUMENT",
        "WORKSPACE",
        "CELL",
        "BOUNDS",
        "CAPACITY",
        "DECK",
        "ILLEGAL",
        "STATE",
    ]
    assert sorted(ERROR_CODES.values(), reverse=True) == list(range(-1, -len(ERROR_CODES) - 1, -1))
    assert set(_cores.ERROR_MESSAGES) == {name.lower() for name in ERROR_CODES}


@ids
def test_every_core_names_the_shared_errors(core):
    built = _built(core)
    for name, value in ERROR_CODES.items():
        assert getattr(built.lib, f"HG_ERR_{name}") == value
        assert _cores.error_name(built, value) == name.lower()
        assert name.lower() in _cores.error_message(built, value)
    assert _cores.error_name(built, 0) == _cores.error_name(built, 5) == "ok"
    assert _cores.error_name(built, -99) == "unknown"


@ids
def test_every_core_says_its_version(core):
    built = _built(core)
    prefix = _prefix(core).upper()
    major, minor, patch = (
        getattr(built.lib, f"{prefix}_CORE_VERSION_{part}") for part in ("MAJOR", "MINOR", "PATCH")
    )
    version = getattr(built.lib, f"{_prefix(core)}_core_version")()
    assert (
        version
        == getattr(built.lib, f"{prefix}_CORE_VERSION")
        == (major * 10000 + minor * 100 + patch)
    )
    assert _cores.core(core.module, (major, minor)) is built


def test_a_stale_core_is_refused():
    core = CORES[0]
    built = _built(core)
    major = built.lib.HUE_CORE_VERSION_MAJOR
    minor = built.lib.HUE_CORE_VERSION_MINOR
    _cores._imported.pop(core.module, None)
    for wanted in ((major + 1, 0), (major - 1, 0), (major, minor + 1)):
        with pytest.raises(ImportError, match="rebuild the package"):
            _cores.core(core.module, wanted)
    assert _cores.core(core.module, (major, minor)) is built


# -- each header is the one source of its declarations and numbers ------------


def _scan(core):
    text = _text(core.header).replace("HG_API ", "")
    prefix = _prefix(core)
    defines = dict(
        re.findall(rf"^#define ({prefix.upper()}_\w+) +(.+?) *$", text, flags=re.MULTILINE)
    )
    prototypes = re.findall(rf"^(\w[\w ]*?[\w*]) *\b({prefix}_\w+)\(([^)]*)\);", text, re.MULTILINE)
    structs = re.findall(rf"\}} ({prefix}_\w+);", text)
    return text, defines, prototypes, structs


def _cdef(core) -> str:
    return cores_py.cdef_of((ROOT / core.header).read_text(encoding="utf-8"), ROOT / "csrc")


@ids
def test_cdef_declares_what_the_header_declares(core):
    text, defines, prototypes, structs = _scan(core)
    assert prototypes and structs
    assert len(prototypes) == len(re.findall(rf"\b{_prefix(core)}_\w+\(", text))
    cdef = _cdef(core)
    declared = re.findall(r"^#define (\w+) \.\.\.$", cdef, re.MULTILINE)
    shared = [name for name in declared if name.startswith("HG_")]
    assert sorted(set(declared) - set(shared)) == sorted(defines)
    assert sorted(shared) == sorted([*(f"HG_ERR_{name}" for name in ERROR_CODES), "HG_ERR_LAST"])
    functions = re.findall(r"\b(\w+)\(", cdef)
    assert functions == ["hg_error_name", "hg_derive_seed", *(name for _, name, _ in prototypes)]
    assert "#" not in cdef.replace("#define", "")
    assert "/*" not in cdef and "HG_API" not in cdef and "extern" not in cdef


@ids
def test_builder_declares_the_header(core, monkeypatch):
    monkeypatch.chdir(ROOT)  # where setup.py runs it
    built = _built(core)
    builder = getattr(cores_py, cores_py.builder(core).split(":")[1])()
    _, _, _, structs = _scan(core)
    sizes = [built.ffi.sizeof(struct) for struct in structs]
    assert [builder.sizeof(struct) for struct in structs] == sizes


@ids
def test_core_has_the_headers_constants(core):
    built = _built(core)
    _, defines, _, _ = _scan(core)
    for name, value in defines.items():
        literal = value.strip("()").rstrip("LlUu")
        if re.fullmatch(r"-?(0x[0-9A-Fa-f]+|\d+)", literal):
            assert getattr(built.lib, name) == int(literal, 0), name


@ids
def test_core_was_built_from_this_header(core):
    """Every function and record of the built core has the type the header gives
    it now: a core built from an older header fails here (rebuild with pip install -e .)."""
    built = _built(core)
    _, _, prototypes, structs = _scan(core)
    header = cffi.FFI()
    header.cdef(_cdef(core))
    for returns, name, parameters in prototypes:
        pointer = re.sub(r"\[\s*\w+\s*\]", "[]", f"{returns} (*)({parameters})")
        assert built.ffi.typeof(getattr(built.lib, name)).cname == header.typeof(pointer).cname
    for struct in structs:
        made, declared = built.ffi.typeof(struct), header.typeof(struct)
        assert built.ffi.sizeof(made) == header.sizeof(declared), struct
        assert [(field, kind.type.cname, kind.offset) for field, kind in made.fields] == [
            (field, kind.type.cname, kind.offset) for field, kind in declared.fields
        ], struct


def test_cdef_of_strips_what_cdef_cannot_take(tmp_path):
    (tmp_path / "shared.h").write_text(
        "#ifndef SHARED_H\n#define SHARED_H\n#define S_ONE (-1)\n"
        '#if defined(__GNUC__)\n#define S_API __attribute__((visibility("default")))\n'
        "#else\n#define S_API\n#endif\nint s(void);\n#endif\n",
        encoding="utf-8",
    )
    text = """/* a comment
    over lines */
#ifndef GUARD_H
#define GUARD_H
#include "shared.h"
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
#define A 0x3FFLL  /* trailing */
#define B (-1)     // line comment
#define LONG_ONE (1 + \\
                  2)
#define TWICE(x) ((x) * 2)
HG_API int f(int32_t values[A], int n);
#ifdef __cplusplus
}
#endif
#endif
"""
    assert cores_py.cdef_of(text, tmp_path) == (
        "#define S_ONE ...\nint s(void);\n\n#define A ...\n#define B ...\n#define LONG_ONE ...\n"
        "int f(int32_t values[], int n);\n"
    )
    cffi.FFI().cdef(cores_py.cdef_of(text, tmp_path))
