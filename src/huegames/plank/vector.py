"""Plank's C batch for :mod:`huegames.vector`: every env's hand in the C core
(``plank_vector_*`` in ``csrc/plank_core.h``, ``csrc/plank_vector.c``), one
call stepping a range of envs.

It plays exactly as :class:`huegames.vector.batch.PythonBatch` (the tests
compare them step by step), with the random and greedy bots inside the
core.  For a search bot or a bot of your own, rules without a turn limit
(the core keeps each env's positions for the repetition rule, a turn limit's
worth), a history past :data:`MOST_HISTORY` bytes, or without the core,
:meth:`PlankBatch.of` gives None and the Python batch plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from .. import _cores
from ..vector.batch import Buffers, CBatch, Setup
from . import c_state, kernel
from .rules import Rules

__all__ = ["MOST_HISTORY", "PlankBatch"]

MOST_HISTORY: Final = 1 << 28
"""The most bytes of positions (16 each, ``turn_limit + 1`` per env) the C
batch keeps for the repetition rule; past it the Python batch plays."""


class PlankBatch(CBatch):
    """A batch of Plank hands in the C core (:class:`huegames.vector.batch.Batch`)."""

    def __init__(
        self,
        vector: Any,
        arrays: Any,
        setup: Setup,
        buffers: Buffers,
        chunks: Sequence[tuple[int, int]],
    ) -> None:
        core = _cores.core(c_state.CORE, c_state.CORE_VERSION)
        super().__init__(core, "plank", vector, setup, buffers, chunks)
        self._arrays = arrays  # what the vector's pointers point to
        self._envs = self._ffi.new("plank_env[]", setup.num_envs)
        self._masks = self._ffi.cast("int8_t *", self._ffi.from_buffer(buffers.masks))

    @classmethod
    def of(
        cls, setup: Setup, buffers: Buffers, chunks: Sequence[tuple[int, int]]
    ) -> PlankBatch | None:
        """The batch, or None without the core, for rules it does not play
        (no turn limit, or too long a history) or a bot other than the
        plain random and greedy ones."""
        if not c_state.available or not kernel.available:
            return None
        if setup.agents is not None and len(set(setup.agents)) != 1:
            return None  # the core seats the caller alike in every env
        ffi, lib = c_state.ffi, c_state.lib
        rules = setup.rules if setup.rules is not None else Rules()
        limit, repetition = rules.turn_limit, rules.repetition or 0
        if limit is None or limit > lib.PLANK_MAX_TURN_LIMIT:
            return None
        entries = setup.num_envs * (limit + 1) if repetition else 0
        if entries * ffi.sizeof("plank_key") > MOST_HISTORY:
            return None
        vector = ffi.new("plank_vector *")
        vector.rules = (setup.players, min(repetition, 2**31 - 1), limit)

        def seat_bot(seat: int, bot: Any) -> bool:
            policy = kernel.policy_of(bot)
            if policy is None:
                return False
            vector.policies[seat] = policy
            return True

        if not cls.settle(vector, setup, lib, "plank", seat_bot):
            return None
        history = ffi.new("plank_key[]", entries) if entries else ffi.NULL
        vector.history = history
        vector.history_length = entries
        generators = setup.num_envs * setup.players if any(setup.bots) else 0
        rngs = ffi.new("plank_rng[]", generators) if generators else ffi.NULL
        vector.rngs = rngs
        vector.rngs_length = generators
        return cls(vector, (history, rngs), setup, buffers, chunks)

    def step(self, actions: np.ndarray, chunk: int) -> None:
        """See :meth:`huegames.vector.batch.Batch.step` (the GIL released)."""
        start, stop = self.chunks[chunk]
        self._check_actions(actions)
        pointer = self._ffi.cast("int64_t *", self._ffi.from_buffer(actions))
        self._check(
            self._lib.plank_vector_step(self._vector, self._envs, start, stop, pointer, self._out)
        )

    def _reset(self, which: Any) -> int:
        return self._lib.plank_vector_reset(  # type: ignore[no-any-return]
            self._vector, self._envs, self.setup.num_envs, which, self._out
        )

    def _step_all(self, actions: Any, active: Any, copies: Any) -> int:
        return self._lib.plank_vector_step_all(  # type: ignore[no-any-return]
            self._vector,
            self._envs,
            self.setup.num_envs,
            actions,
            active,
            self._out,
            copies,
            self._workers.pointer,
            self._refused,
        )

    def _random_all(self, out: Any) -> int:
        return self._lib.plank_vector_random_all(  # type: ignore[no-any-return]
            self._envs, self.setup.num_envs, self._masks, out, self._workers.pointer
        )
