"""Deprecated: the runner now lives in :mod:`huegames.runner`, :mod:`huegames.stats`
and :mod:`huegames.recordfiles`, and seeds in :mod:`huegames.engine`.

This module only re-exports their public names for one release.
"""

from __future__ import annotations

import warnings

from .engine import derive_seed
from .recordfiles import FORMATS, RecordWriter, read_records
from .runner import CHUNK_SIZE, Result, RunSpec, chunks, play_chunk, simulate
from .stats import BotSummary, Summary, wilson_interval

__all__ = [
    "CHUNK_SIZE",
    "FORMATS",
    "BotSummary",
    "RecordWriter",
    "Result",
    "RunSpec",
    "Summary",
    "chunks",
    "derive_seed",
    "play_chunk",
    "read_records",
    "simulate",
    "wilson_interval",
]

warnings.warn(
    "huegames.batch is deprecated: import from huegames.runner, huegames.stats, "
    "huegames.recordfiles and huegames.engine",
    DeprecationWarning,
    stacklevel=2,
)
