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

__all__ = ["LinjaBatch"]

_core = _cores.load(c_state.CORE, c_state.CORE_NAME, c_state.CORE_VERSION)


class LinjaBatch(_cores.ProcessBound):
    """A batch of Linja games in the C core (:class:`huegames.vector.batch.Batch`)."""

    def __init__(
        self, vector: Any, setup: Setup, buffers: Buffers, chunks: Sequence[tuple[int, int]]
    ) -> None:
        ffi, lib = c_state.ffi, c_state.lib
        self.setup, self.buffers, self.chunks = setup, buffers, list(chunks)
        self._vector = vector
        self._envs = ffi.new("linja_env[]", setup.num_envs)
        self._out = ffi.new("linja_vector_out *")
        self._copies = ffi.new("linja_vector_copies *")
        self._keep = point_out(ffi, self._out, buffers, OUT_FIELDS)
        # one workspace per chunk (the greedy bot's turns), so threads share none
        self._turns = [ffi.new("linja_turn[]", lib.LINJA_MAX_TURNS) for _ in self.chunks]
        self._workspace_array = ffi.new("linja_workspace[]", len(self.chunks))
        self._workspaces = [self._workspace_array + k for k in range(len(self.chunks))]
        for workspace, turns in zip(self._workspaces, self._turns, strict=True):
            workspace.turns = turns
        self._workers = Workers(ffi, lib, "linja", len(self.chunks))
        self._refused = ffi.new("int32_t *")
        self._step = lib.linja_vector_step
        self._step_all = lib.linja_vector_step_all
        self._random_all = lib.linja_vector_random_all
        self._masks = ffi.from_buffer("int8_t[]", buffers.masks)
        self._from_buffer = ffi.from_buffer

    @classmethod
    def of(
        cls, setup: Setup, buffers: Buffers, chunks: Sequence[tuple[int, int]]
    ) -> LinjaBatch | None:
        """The batch, or None without the core or with a bot the core's
        vector step does not play (a search bot, or a bot of your own)."""
        if not c_state.available or not kernel.available:
            return None
        ffi, lib = c_state.ffi, c_state.lib
        rules = setup.rules if setup.rules is not None else Rules()
        vector = ffi.new("linja_vector *")
        vector.rules = c_state.c_rules(rules)[0]
        vector.agent = -1 if setup.agents is None else setup.agents[0]
        vector.reward_sign = setup.reward_sign
        vector.autoreset = {
            "same-step": lib.LINJA_SAME_STEP,
            "next-step": lib.LINJA_NEXT_STEP,
            "disabled": lib.LINJA_DISABLED,
        }[setup.autoreset]
        for seat, bot in enumerate(setup.bots):
            if bot is None:
                continue
            policy = kernel.policy_of(bot)
            label = repr_text(bot.label)
            if policy is None or policy[0] == lib.LINJA_POLICY_SEARCH or label is None:
                return None
            vector.is_bot[seat] = 1
            vector.bots[seat].policy, vector.bots[seat].nodes, vector.bots[seat].max_depth = policy
            vector.labels[seat][0 : len(label)] = label
            vector.label_lengths[seat] = len(label)
        return cls(vector, setup, buffers, chunks)

    def reset(self, seed: int, envs: np.ndarray | None) -> None:
        """See :meth:`huegames.vector.batch.Batch.reset`."""
        ffi, lib = c_state.ffi, c_state.lib
        vector = self._vector
        if envs is None:
            text = repr_text(seed)
            if text is None:  # pragma: no cover -- VectorEnv checks the seed first
                raise ValueError(
                    f"a batch seed's repr has at most {lib.LINJA_SEED_TEXT} characters"
                )
            vector.seed_text[0 : len(text)] = text
            vector.seed_length = len(text)
            which = ffi.NULL
        else:
            chosen = np.ascontiguousarray(envs, np.uint8)  # alive until the call returns
            which = ffi.from_buffer("uint8_t[]", chosen)
        status = lib.linja_vector_reset(
            vector, self._envs, self.setup.num_envs, which, self._out, self._workspaces[0]
        )
        self._check(status)

    def step(self, actions: np.ndarray, chunk: int) -> None:
        """See :meth:`huegames.vector.batch.Batch.step` (the GIL released)."""
        start, stop = self.chunks[chunk]
        pointer = c_state.ffi.cast("int64_t *", c_state.ffi.from_buffer(actions))
        status = self._step(
            self._vector, self._envs, start, stop, pointer, self._out, self._workspaces[chunk]
        )
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
            self._workspace_array,
            self._workers.pointer,
            self._refused,
        )
        return refused_env(status, self._refused, self._check)

    def random_actions(self, out: np.ndarray) -> None:
        """See :meth:`huegames.vector.batch.Batch.random_actions` (on the batch's threads)."""
        self._workers.check_process()
        status = self._random_all(
            self._envs,
            self.setup.num_envs,
            self._masks,
            self._from_buffer("int64_t[]", out),
            self._workers.pointer,
        )
        self._check(status)

    def close(self) -> None:
        """See :meth:`huegames.vector.batch.Batch.close`."""
        self._workers.close()

    @staticmethod
    def _check(status: int) -> None:
        if status < 0:
            assert _core is not None
            message = _cores.error_message(_core, status)
            raise RuntimeError(f"the Linja C core refused the step: {message}")
