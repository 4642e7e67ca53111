"""Linja's C batch for :mod:`huegames.vector`: every env's game in the C core
(``linja_vector_*`` in ``csrc/linja_core.h``, ``csrc/linja_vector.c``), one
call stepping a range of envs.

It plays exactly as :class:`huegames.vector.batch.PythonBatch` (the tests
compare them step by step), with random and greedy bots inside the core;
for a search bot, or without the core, :meth:`LinjaBatch.of` gives None and
the Python batch plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import _cores
from ..vector.batch import Buffers, CBatch, Setup
from . import c_state, kernel
from .rules import Rules

__all__ = ["LinjaBatch"]


class LinjaBatch(CBatch):
    """A batch of Linja games in the C core (:class:`huegames.vector.batch.Batch`)."""

    def __init__(
        self, vector: Any, setup: Setup, buffers: Buffers, chunks: Sequence[tuple[int, int]]
    ) -> None:
        core = _cores.core(c_state.CORE, c_state.CORE_VERSION)
        super().__init__(core, "linja", vector, setup, buffers, chunks)
        ffi, lib = self._ffi, self._lib
        self._envs = ffi.new("linja_env[]", setup.num_envs)
        # one workspace per chunk (the greedy bot's turns), so threads share none
        self._turns = [ffi.new("linja_turn[]", lib.LINJA_MAX_TURNS) for _ in self.chunks]
        self._workspace_array = ffi.new("linja_workspace[]", len(self.chunks))
        self._workspaces = [self._workspace_array + k for k in range(len(self.chunks))]
        for workspace, turns in zip(self._workspaces, self._turns, strict=True):
            workspace.turns = turns
        self._masks = ffi.from_buffer("int8_t[]", buffers.masks)

    @classmethod
    def of(
        cls, setup: Setup, buffers: Buffers, chunks: Sequence[tuple[int, int]]
    ) -> LinjaBatch | None:
        """The batch, or None without the core or with a bot the core's
        vector step does not play (a search bot, or a bot of your own)."""
        if not c_state.available or not kernel.available:
            return None
        ffi, lib = c_state.ffi, c_state.lib
        vector = ffi.new("linja_vector *")
        vector.rules = c_state.c_rules(setup.rules if setup.rules is not None else Rules())[0]

        def seat_bot(seat: int, bot: Any) -> bool:
            policy = kernel.policy_of(bot)
            if policy is None or policy[0] == lib.LINJA_POLICY_SEARCH:
                return False
            vector.bots[seat].policy, vector.bots[seat].nodes, vector.bots[seat].max_depth = policy
            return True

        if not cls.settle(vector, setup, lib, "linja", seat_bot):
            return None
        return cls(vector, setup, buffers, chunks)

    def step(self, actions: np.ndarray, chunk: int) -> None:
        """See :meth:`huegames.vector.batch.Batch.step` (the GIL released)."""
        start, stop = self.chunks[chunk]
        pointer = self._ffi.cast("int64_t *", self._ffi.from_buffer(actions))
        self._check(
            self._lib.linja_vector_step(
                self._vector, self._envs, start, stop, pointer, self._out, self._workspaces[chunk]
            )
        )

    def _reset(self, which: Any) -> int:
        return self._lib.linja_vector_reset(  # type: ignore[no-any-return]
            self._vector, self._envs, self.setup.num_envs, which, self._out, self._workspaces[0]
        )

    def _step_all(self, actions: Any, active: Any, copies: Any) -> int:
        return self._lib.linja_vector_step_all(  # type: ignore[no-any-return]
            self._vector,
            self._envs,
            self.setup.num_envs,
            actions,
            active,
            self._out,
            copies,
            self._workspace_array,
            self._workers.pointer,
            self._refused,
        )

    def _random_all(self, out: Any) -> int:
        return self._lib.linja_vector_random_all(  # type: ignore[no-any-return]
            self._envs, self.setup.num_envs, self._masks, out, self._workers.pointer
        )
