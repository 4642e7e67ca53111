"""Batch runs on the contract: the runner, statistics, record files and throughput.

:func:`simulate` plays many seeded games between bots on a process pool
or any :class:`concurrent.futures.Executor` (a Dask cluster, say);
:mod:`~huegames.run.stats` summarises them, :mod:`~huegames.run.recordfiles`
streams and reads their records, :mod:`~huegames.run.throughput` measures
games a second.  Nothing here names a game: it knows the games through
the registry (:mod:`huegames.engine`).
"""

from .recordfiles import read_records
from .runner import Result, RunSpec, simulate
from .stats import Summary

__all__ = ["Result", "RunSpec", "Summary", "read_records", "simulate"]
