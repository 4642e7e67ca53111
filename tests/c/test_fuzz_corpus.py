"""The C core's fuzz inputs replayed without libFuzzer.

``scripts/fuzz.sh`` fuzzes ``fuzz/hue_core_fuzz.c`` with clang and the
sanitizers; this test builds the same target with the ordinary C compiler
through cffi and feeds it every seed input and every saved crash, so a
regression (the stale ``*vertical`` of ``hue_legal_anchors``, say) fails
the test suite even where clang is missing.  The target aborts on a broken
promise, so it runs in a child process.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cores_build import sources_of

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "fuzz" / "corpus" / "hue_core"
CRASHES = ROOT / "fuzz" / "crashes"
SOURCES = [*sources_of("hue_core"), ROOT / "fuzz" / "hue_core_fuzz.c"]

REPLAY = """
import sys
sys.path.insert(0, sys.argv[1])
from _hue_core_fuzz_replay import ffi, lib
for name in sys.argv[2:]:
    print(name, flush=True)
    data = open(name, "rb").read()
    lib.LLVMFuzzerTestOneInput(ffi.from_buffer("uint8_t[]", data), len(data))
print("replayed", len(sys.argv) - 2, flush=True)
"""


def inputs() -> list[Path]:
    crashes = sorted(CRASHES.iterdir()) if CRASHES.is_dir() else []
    return sorted(CORPUS.iterdir()) + crashes


@pytest.fixture(scope="module")
def replay_module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fuzz target and the core, built as a cffi module in a temp dir."""
    cffi = pytest.importorskip("cffi")
    build = tmp_path_factory.mktemp("fuzz_replay")
    ffi = cffi.FFI()
    declaration = "int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);"
    ffi.cdef(declaration)
    ffi.set_source(
        "_hue_core_fuzz_replay",
        "#include <stdint.h>\n#include <stddef.h>\n" + declaration,
        sources=[str(path) for path in SOURCES],
        include_dirs=[str(ROOT / "csrc")],
        extra_compile_args=["-std=c99"],
    )
    try:
        ffi.compile(tmpdir=str(build))
    except Exception as error:  # no compiler: nothing to replay with
        pytest.skip(f"cannot build the fuzz target: {error}")
    return build


def test_saved_crashes_are_kept_in_the_corpus() -> None:
    """Each saved crash input is a regression seed of the corpus too."""
    corpus = {path.read_bytes() for path in CORPUS.iterdir()}
    crashes = sorted(CRASHES.iterdir()) if CRASHES.is_dir() else []
    assert crashes, "fuzz/crashes/ holds the inputs that found bugs"
    missing = [path.name for path in crashes if path.read_bytes() not in corpus]
    assert not missing, f"run fuzz/make_corpus.py: {missing} not in the corpus"


def test_corpus_and_crash_inputs_replay_clean(replay_module: Path) -> None:
    """Every corpus input and saved crash runs through the target without
    breaking a promise of csrc/hue_core.h."""
    names = [str(path) for path in inputs()]
    result = subprocess.run(
        [sys.executable, "-c", REPLAY, str(replay_module), *names],
        capture_output=True,
        text=True,
        timeout=300,
    )
    last = result.stdout.strip().splitlines()[-1:] or ["(none)"]
    assert result.returncode == 0, f"the fuzz target failed on {last[0]}:\n{result.stderr[-2000:]}"
    assert last == [f"replayed {len(names)}"]
