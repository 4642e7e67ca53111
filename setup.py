"""Build hook for the optional C cores; the metadata lives in pyproject.toml.

Each game's C core (:data:`CORES`) is an optional extension: when one
cannot be built (no working compiler, a compile error, no Python headers, a
failing link) the install goes on without it, and the game falls back to its
pure-Python engine with a warning (``huegames._cores``).  Such a build

- says so in one line per core on stderr and on the terminal (``/dev/tty``,
  or the console on Windows): pip shows a successful build's output only
  with ``-v``, but the build runs on the terminal pip was started from;
- writes ``_build_info.json`` (what failed, and the first error line) into
  that core's package folder (``huegames/hue/``, ``huegames/linja/``), which
  the import-time warning reports;
- makes a wheel tagged for this interpreter only (``cp311-cp311-...``):
  only a wheel holding every compiled core claims the stable ABI
  (``cp310-abi3-...``), so one without them is never taken for a release
  wheel nor reused by pip's wheel cache on another Python.

The cores, their sources and their one cffi build are listed in
``csrc/cores.py`` (which says how to add one).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import setuptools
from cffi import VerificationError
from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import BaseError, CCompilerError, LinkError, PlatformError

if int(setuptools.__version__.partition(".")[0]) < 77:
    sys.exit(
        f"huegames: building needs setuptools>=77 (PEP 639 licence metadata), "
        f"not {setuptools.__version__}: pip install --upgrade 'setuptools>=77'"
    )

from setuptools.command.bdist_wheel import bdist_wheel  # setuptools >= 70.1

# BaseError is distutils' DistutilsError (platform, exec, file errors);
# CCompilerError covers CompileError and LinkError; OSError a missing tool.
BUILD_ERRORS = (BaseError, CCompilerError, VerificationError, OSError)


def _cores() -> ModuleType:
    """csrc/cores.py, loaded from its path (it is not in the package)."""
    spec = importlib.util.spec_from_file_location("cores", Path(__file__).parent / CORES_FILE)
    assert spec is not None and spec.loader is not None, CORES_FILE
    cores = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cores)
    return cores


CORES_FILE = "csrc/cores.py"
"""The one build of every C core: its sources, and how cffi builds it."""
_CORES_MODULE = _cores()
CORES = {core.module: (core.label, core.runs) for core in _CORES_MODULE.CORES}
"""Every optional C core: how the build warning names it, what then runs on pure Python."""
BUILD_INFO = "_build_info.json"  # in the core's package folder, only when it was not built
LIMITED_API = "cp310"  # the oldest CPython the abi3 wheel is for (requires-python)


def _package(core: str) -> str:
    return core.rsplit(".", 1)[0]


class OptionalBuildExt(build_ext):
    """build_ext that warns, records why, and carries on when a C core fails."""

    failures: dict[str, dict[str, str]]
    _probe: tuple[BaseException | None, str] | None = None

    def run(self) -> None:
        self.failures, self._probe = {}, None
        try:
            super().run()
        except BUILD_ERRORS as error:  # outside any one extension's build: every core
            for core in CORES:
                self._failed(core, error, "")
        self._record()

    def build_extension(self, ext) -> None:
        if self.compiler.compiler_type == "msvc":  # MSVC knows no -std and no -pthread
            unix_only = ("-std=c99", "-pthread")
            ext.extra_compile_args = [a for a in ext.extra_compile_args if a not in unix_only]
            ext.extra_link_args = [a for a in ext.extra_link_args if a not in unix_only]
        output: list[str] = []
        try:
            with _passed_on_to_stderr(output):
                super().build_extension(ext)
        except BUILD_ERRORS as error:
            self._failed(ext.name, error, "".join(output))
            # not a core left by an earlier build (build/ is reused) in the wheel
            Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)

    def _failed(self, core: str, error: BaseException, output: str) -> None:
        """Diagnose a core's first failure (later ones follow from it) and say so."""
        if core in self.failures:
            return
        linking = isinstance(error, LinkError)  # it compiled, so the compiler works
        if linking:
            broken, probe_output = None, ""
        else:
            if self._probe is None:  # one probe for every core
                self._probe = self._compiler_fails()
            broken, probe_output = self._probe
        if linking:
            reason, detail = "link-error", _first_error(output, error, _LINK_LINE)
        elif isinstance(error, PlatformError) or broken is not None:
            reason = "no-compiler"
            detail = _compiler_failure(self.compiler, broken or error, probe_output)
        elif isinstance(error, CCompilerError):
            reason, detail = "compile-error", _first_error(output, error)
        else:
            reason, detail = "build-error", _first_error(output, error)
        self.failures[core] = {"c_core": "not built", "reason": reason, "detail": detail}
        name, runs = CORES.get(core, (f"the C core {core}", "huegames"))
        _announce(
            f"huegames: WARNING: {name} was not built ({REASONS[reason]}: {detail}); "
            f"{runs} will run on the pure-Python backend, which is much slower"
        )

    def _compiler_fails(self) -> tuple[BaseException | None, str]:
        """Why the compiler cannot compile an empty program (CFLAGS and all),
        or None; and what it printed."""
        if getattr(self, "compiler", None) is None or isinstance(self.compiler, str):
            return BaseError("no compiler was set up"), ""
        output: list[str] = []
        with tempfile.TemporaryDirectory() as tmp:
            probe = Path(tmp, "probe.c")
            probe.write_text("int main(void) { return 0; }\n", encoding="ascii")
            try:
                with _passed_on_to_stderr(output):
                    self.compiler.compile([str(probe)], output_dir=tmp)
            except BUILD_ERRORS as error:
                return error, "".join(output)
        return None, "".join(output)

    def _record(self) -> None:
        """Write each core's failure into its package (build_lib, and the source
        tree for in-place and editable builds), or remove a stale one."""
        for core in CORES:
            package = _package(core)
            folders = [Path(self.build_lib, *package.split("."))]
            if self.inplace or self.editable_mode:
                build_py = self.get_finalized_command("build_py")
                folders.append(Path(build_py.get_package_dir(package)))
            failure = self.failures.get(core)
            for folder in folders:
                target = folder / BUILD_INFO
                if failure is None:
                    target.unlink(missing_ok=True)
                else:
                    folder.mkdir(parents=True, exist_ok=True)
                    target.write_text(json.dumps(failure, indent=1) + "\n", encoding="utf-8")


REASONS = {
    "no-compiler": "no working C compiler",
    "compile-error": "compile error",
    "link-error": "link error",
    "build-error": "build error",
}
# gcc and clang "file:line:col: error: ...", "fatal error: ...", "collect2: error: ...";
# MSVC "file(line): error C2065: ...", "LINK : fatal error LNK1181: ...".
_ERROR_LINE = re.compile(r"\berror(?: [A-Z]+[0-9]+)?:", re.IGNORECASE)
# the linker's own words: "/usr/bin/ld: cannot find -lm", "ld: library not found", "LNK1181"
_LINK_LINE = re.compile(r"\bld(?:\.[\w.]+)?: |\bundefined reference\b|\bLNK[0-9]+\b")


def _first_error(output: str, error: BaseException, *patterns: re.Pattern[str]) -> str:
    """The first line of the compiler's (or linker's) output that says what
    went wrong, else the exception's message."""
    lines = output.splitlines()
    for pattern in (*patterns, _ERROR_LINE):
        found = next((line for line in lines if pattern.search(line)), None)
        if found:
            return _one_line(found)
    return _one_line(str(error) or type(error).__name__)


def _compiler_failure(compiler: object, error: BaseException, output: str) -> str:
    """How the compiler failed, short: not found, or its exit status and
    first error line (CFLAGS it cannot take, say)."""
    command = getattr(compiler, "compiler_so", None) or [""]
    name = os.path.basename(str(command[0])) or "the compiler"
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, subprocess.CalledProcessError):
            said = next((line for line in output.splitlines() if _ERROR_LINE.search(line)), "")
            return _one_line(
                f"{name!r} exited with status {cause.returncode}" + (f": {said}" if said else "")
            )
        if isinstance(cause, FileNotFoundError):
            return f"{name!r} not found"
        cause = cause.__cause__ or cause.__context__
    return _one_line(str(error) or type(error).__name__)


def _one_line(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 300 else text[:297] + "..."


@contextlib.contextmanager
def _passed_on_to_stderr(output: list[str]) -> Iterator[None]:
    """Capture file descriptors 1 and 2 (the compiler's messages go there,
    from a child process) into ``output``, then write them to stderr."""
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        saved = os.dup(1), os.dup(2)
    except OSError:  # no descriptors to capture: let the output through
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            sink.seek(0)
            text = sink.read().decode("utf-8", errors="replace")
            output.append(text)
            sys.stderr.write(text)
            sys.stderr.flush()


def _announce(line: str) -> None:
    """Write ``line`` to stderr and, when stderr is not the terminal (pip
    captures it), to the controlling terminal too, so a plain ``pip
    install`` shows it; without a terminal (CI), stderr only."""
    print(f"\n{line}\n", file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        return
    terminal = "CONOUT$" if os.name == "nt" else "/dev/tty"
    try:
        with open(terminal, "w", encoding="utf-8", errors="replace") as tty:
            tty.write(f"\n{line}\n")
    except OSError:  # no controlling terminal
        pass


class LimitedApiWheel(bdist_wheel):
    """bdist_wheel tagged ``cp310-abi3`` when the wheel holds every compiled core."""

    def finalize_options(self) -> None:
        # The stable ABI: not on free-threaded CPython before 3.15, nor on a
        # debug build (cffi builds neither for it); other Pythons ignore it.
        free_threaded = sysconfig.get_config_var("Py_GIL_DISABLED")
        if not self.py_limited_api and not free_threaded and not hasattr(sys, "gettotalrefcount"):
            self.py_limited_api = LIMITED_API
        super().finalize_options()

    def get_tag(self) -> tuple[str, str, str]:
        if self.py_limited_api and not self._holds_cores():
            saved, self.py_limited_api = self.py_limited_api, False
            try:
                return super().get_tag()
            finally:
                self.py_limited_api = saved
        return super().get_tag()

    def _holds_cores(self) -> bool:
        for core in CORES:
            folder = Path(self.bdist_dir or "", *_package(core).split("."))
            stem = core.rsplit(".", 1)[1]
            if not any((folder / (stem + suffix)).is_file() for suffix in EXTENSION_SUFFIXES):
                return False
        return True


setup(
    cffi_modules=[_CORES_MODULE.builder(core) for core in _CORES_MODULE.CORES],
    cmdclass={"build_ext": OptionalBuildExt, "bdist_wheel": LimitedApiWheel},
)
