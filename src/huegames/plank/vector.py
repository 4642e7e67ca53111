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
from ..vector.batch import (
    OUT_FIELDS,
    Buffers,
    Finals,
    Setup,
    Workers,
    point_copies,
    point_out,
    refused_env,
    repr_text,
    step_pointers,
)
from . import c_state, kernel
from .rules import Rules

__all__ = ["MOST_HISTORY", "PlankBatch"]

_core = _cores.load(c_state.CORE, c_state.CORE_NAME, c_state.CORE_VERSION)

MOST_HISTORY: Final = 1 << 28
"""The most bytes of positions (16 each, ``turn_limit + 1`` per env) the C
batch keeps for the repetition rule; past it the Python batch plays."""


class PlankBatch(_cores.ProcessBound):
    """A batch of Plank hands in the C core (:class:`huegames.vector.batch.Batch`)."""

    def __init__(
        self,
        vector: Any,
        arrays: Any,
        setup: Setup,
        buffers: Buffers,
        chunks: Sequence[tuple[int, int]],
    ) -> None:
        ffi = c_state.ffi
        self.setup, self.buffers, self.chunks = setup, buffers, list(chunks)
        self._vector = vector
        self._arrays = arrays  # the history and the bots' generators: the vector points into them
        self._envs = ffi.new("plank_env[]", setup.num_envs)
        self._out = ffi.new("plank_vector_out *")
        self._copies = ffi.new("plank_vector_copies *")
        self._keep = point_out(ffi, self._out, buffers, OUT_FIELDS)
        self._masks = ffi.cast("int8_t *", ffi.from_buffer(buffers.masks))
        self._step = c_state.lib.plank_vector_step
        self._step_all = c_state.lib.plank_vector_step_all
        self._random_all = c_state.lib.plank_vector_random_all
        self._workers = Workers(ffi, c_state.lib, "plank", len(self.chunks))
        self._refused = ffi.new("int32_t *")
        self._from_buffer, self._cast = ffi.from_buffer, ffi.cast

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
        vector.agent = -1 if setup.agents is None else setup.agents[0]
        vector.reward_sign = setup.reward_sign
        vector.autoreset = {
            "same-step": lib.PLANK_SAME_STEP,
            "next-step": lib.PLANK_NEXT_STEP,
            "disabled": lib.PLANK_DISABLED,
        }[setup.autoreset]
        for seat, bot in enumerate(setup.bots):
            if bot is None:
                continue
            policy = kernel.policy_of(bot)
            label = repr_text(bot.label)
            if policy is None or label is None:
                return None
            vector.is_bot[seat] = 1
            vector.policies[seat] = policy
            vector.labels[seat][0 : len(label)] = label
            vector.label_lengths[seat] = len(label)
        history = ffi.new("plank_key[]", entries) if entries else ffi.NULL
        vector.history = history
        vector.history_length = entries
        generators = setup.num_envs * setup.players if any(setup.bots) else 0
        rngs = ffi.new("plank_rng[]", generators) if generators else ffi.NULL
        vector.rngs = rngs
        vector.rngs_length = generators
        return cls(vector, (history, rngs), setup, buffers, chunks)

    def reset(self, seed: int, envs: np.ndarray | None) -> None:
        """See :meth:`huegames.vector.batch.Batch.reset`."""
        ffi, lib = c_state.ffi, c_state.lib
        vector = self._vector
        if envs is None:
            text = repr_text(seed)
            if text is None:
                raise ValueError(
                    f"a batch seed's repr has at most {lib.PLANK_SEED_TEXT} characters"
                )
            vector.seed_text[0 : len(text)] = text
            vector.seed_length = len(text)
            which = ffi.NULL
        else:
            chosen = np.ascontiguousarray(envs, np.uint8)  # alive through the call
            if chosen.shape != (self.setup.num_envs,):
                raise ValueError(f"envs must be an array of ({self.setup.num_envs},)")
            which = ffi.from_buffer("uint8_t[]", chosen)
        status = lib.plank_vector_reset(vector, self._envs, self.setup.num_envs, which, self._out)
        self._check(status)

    def step(self, actions: np.ndarray, chunk: int) -> None:
        """See :meth:`huegames.vector.batch.Batch.step` (the GIL released)."""
        start, stop = self.chunks[chunk]
        self._check_array(actions)
        pointer = self._cast("int64_t *", self._from_buffer(actions))
        status = self._step(self._vector, self._envs, start, stop, pointer, self._out)
        if status < 0:
            self._check(status)

    def step_all(
        self,
        actions: np.ndarray,
        copies: tuple[np.ndarray, np.ndarray] | None,
        active: np.ndarray | None = None,
        finals: Finals | None = None,
    ) -> int:
        """See :meth:`huegames.vector.batch.Batch.step_all` (the GIL released)."""
        self._workers.check_process()
        self._check_array(actions)
        ffi = c_state.ffi
        given, selected = step_pointers(ffi, actions, active)
        status = self._step_all(
            self._vector,
            self._envs,
            self.setup.num_envs,
            given,
            selected,
            self._out,
            point_copies(ffi, self._copies, copies, finals),
            self._workers.pointer,
            self._refused,
        )
        return refused_env(status, self._refused, self._check)

    def random_actions(self, out: np.ndarray) -> None:
        """See :meth:`huegames.vector.batch.Batch.random_actions` (on the batch's threads)."""
        self._workers.check_process()
        self._check_array(out)
        status = self._random_all(
            self._envs,
            self.setup.num_envs,
            self._masks,
            self._from_buffer("int64_t[]", out),
            self._workers.pointer,
        )
        if status < 0:
            self._check(status)

    def close(self) -> None:
        """See :meth:`huegames.vector.batch.Batch.close`."""
        self._workers.close()

    def _check_array(self, array: np.ndarray) -> None:
        """A ValueError unless ``array`` holds one int64 per env, contiguous."""
        if (
            array.dtype != np.int64
            or array.shape != (self.setup.num_envs,)
            or not array.flags.c_contiguous
        ):
            raise ValueError(f"expected a contiguous int64 array of ({self.setup.num_envs},)")

    @staticmethod
    def _check(status: int) -> None:
        if status < 0:
            assert _core is not None
            message = _cores.error_message(_core, status)
            raise RuntimeError(f"the Plank C core refused the step: {message}")
