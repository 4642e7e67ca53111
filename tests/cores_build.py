"""``csrc/cores.py``, the C cores' one build (which sources make each core),
loaded from its path for the tests: it is not part of the package."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_spec = importlib.util.spec_from_file_location("cores", ROOT / "csrc" / "cores.py")
assert _spec is not None and _spec.loader is not None
cores = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cores)


def sources_of(header_stem: str) -> list[Path]:
    """Every C source of the core whose header is ``csrc/<header_stem>.h``."""
    (core,) = [c for c in cores.CORES if Path(c.header).stem == header_stem]
    return [ROOT / source for source in cores.sources(core)]
