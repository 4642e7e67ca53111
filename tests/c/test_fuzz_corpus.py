"""The C cores' fuzz inputs replayed without libFuzzer.

``scripts/fuzz.sh`` fuzzes each core's target (``fuzz/hue_core_fuzz.c``,
``fuzz/linja_core_fuzz.c``, ``fuzz/plank_core_fuzz.c``) with clang and the
sanitizers; this test builds the same targets with the ordinary C compiler
through cffi and feeds each every seed input of its corpus (and Hue's
every saved crash), so a regression (the stale ``*vertical`` of
``hue_legal_anchors``, say) fails the test suite even where clang is
missing.  A target aborts on a broken promise, so it runs in a child
process.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cores_build import sources_of

ROOT = Path(__file__).resolve().parents[2]
CORES = ("hue_core", "linja_core", "plank_core")
CORPUS = ROOT / "fuzz" / "corpus" / "hue_core"
CRASHES = ROOT / "fuzz" / "crashes"
"""The inputs that found bugs, all of them in Hue's core or its harness."""

REPLAY = """
import importlib, sys
sys.path.insert(0, sys.argv[1])
replay = importlib.import_module(sys.argv[2])
ffi, lib = replay.ffi, replay.lib
for name in sys.argv[3:]:
    print(name, flush=True)
    data = open(name, "rb").read()
    lib.LLVMFuzzerTestOneInput(ffi.from_buffer("uint8_t[]", data), len(data))
print("replayed", len(sys.argv) - 3, flush=True)
"""


def inputs(core: str) -> list[Path]:
    """Every seed input of ``core``'s corpus, and for Hue the saved crashes."""
    crashes = sorted(CRASHES.iterdir()) if core == "hue_core" and CRASHES.is_dir() else []
    return sorted((ROOT / "fuzz" / "corpus" / core).iterdir()) + crashes


def build_target(core: str, build: Path) -> str:
    """Build ``core``'s fuzz target and the core as a cffi module in
    ``build``; its module name."""
    cffi = pytest.importorskip("cffi")
    module = f"_{core}_fuzz_replay"
    ffi = cffi.FFI()
    declaration = "int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);"
    ffi.cdef(declaration)
    ffi.set_source(
        module,
        "#include <stdint.h>\n#include <stddef.h>\n" + declaration,
        sources=[str(path) for path in [*sources_of(core), ROOT / "fuzz" / f"{core}_fuzz.c"]],
        include_dirs=[str(ROOT / "csrc")],
        extra_compile_args=["-std=c99", "-pthread"],
        extra_link_args=["-pthread"],
    )
    try:
        ffi.compile(tmpdir=str(build))
    except Exception as error:  # no compiler: nothing to replay with
        pytest.skip(f"cannot build the fuzz target: {error}")
    return module


def test_saved_crashes_are_kept_in_the_corpus() -> None:
    """Each saved crash input is a regression seed of the corpus too."""
    corpus = {path.read_bytes() for path in CORPUS.iterdir()}
    crashes = sorted(CRASHES.iterdir()) if CRASHES.is_dir() else []
    assert crashes, "fuzz/crashes/ holds the inputs that found bugs"
    missing = [path.name for path in crashes if path.read_bytes() not in corpus]
    assert not missing, f"run fuzz/make_corpus.py: {missing} not in the corpus"


@pytest.mark.parametrize("core", CORES)
def test_corpus_and_crash_inputs_replay_clean(core: str, tmp_path: Path) -> None:
    """Every corpus input (and saved crash) runs through the core's target
    without breaking a promise of its header."""
    module = build_target(core, tmp_path)
    names = [str(path) for path in inputs(core)]
    result = subprocess.run(
        [sys.executable, "-c", REPLAY, str(tmp_path), module, *names],
        capture_output=True,
        text=True,
        timeout=300,
    )
    last = result.stdout.strip().splitlines()[-1:] or ["(none)"]
    assert result.returncode == 0, f"the fuzz target failed on {last[0]}:\n{result.stderr[-2000:]}"
    assert last == [f"replayed {len(names)}"]
