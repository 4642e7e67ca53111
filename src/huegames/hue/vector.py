"""Hue's C batch for :mod:`huegames.vector`: every env's game in the C core
(``hue_vector_*`` in ``csrc/hue_core.h``, ``csrc/hue_vector.c``), one call
stepping a range of envs.

It plays exactly as :class:`huegames.vector.batch.PythonBatch` (the tests
compare them step by step), with random and greedy bots inside the core,
and writes the encoding's observation (the full planes or the compact
cell values, :class:`~huegames.hue.encoding.HueEncoding`) straight from
each game's state.  The rows are written sparsely: a mask row gets only the
legal ids that changed (the core keeps each row's ids, and
:meth:`HueBatch.random_actions` draws from them), an observation's planes
only the cells laid since the row was written, unless the table's corner
moved; so the batch owns its arrays (the vector environment's, zeroed once,
which nothing else writes).  For a search bot, a user's opening, another deck, or
without the core, :meth:`HueBatch.of` gives None and the Python batch plays.
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
from . import c_state, cells
from .cards import Deck, default_deck
from .encoding import HueEncoding
from .game import new_game
from .kernel import SEAT_POLICIES
from .rules import Rules

__all__ = ["HueBatch"]


class HueBatch(_cores.ProcessBound):
    """A batch of Hue games in the C core (:class:`huegames.vector.batch.Batch`)."""

    def __init__(
        self,
        vector: Any,
        keep: list[Any],
        setup: Setup,
        buffers: Buffers,
        chunks: Sequence[tuple[int, int]],
    ) -> None:
        ffi, lib = c_state.ffi, c_state.lib
        self.setup, self.buffers, self.chunks = setup, buffers, list(chunks)
        self._vector = vector
        self._keep = keep  # what the vector's pointers point to
        self.env_size = lib.hue_vector_env_size(vector)
        """Bytes of one env's block in the core (its game, hands and mask's ids)."""
        self._envs = ffi.new("int64_t[]", setup.num_envs * self.env_size // 8)
        self._env_pointer = self._envs
        self._out = ffi.new("hue_vector_out *")
        self._copies = ffi.new("hue_vector_copies *")
        # no final masks: a finished game's mask is all 0 (hue_core.h)
        fields = [name for name in OUT_FIELDS if name != "final_masks"]
        self._arrays = point_out(ffi, self._out, buffers, fields)
        # One workspace per chunk, so threads share none.
        self._workspace_size = lib.hue_vector_workspace_size(vector)
        self._workspace_block = ffi.new("char[]", self._workspace_size * len(self.chunks))
        self._workspaces = [
            self._workspace_block + k * self._workspace_size for k in range(len(self.chunks))
        ]
        self._workers = Workers(ffi, lib, "hue", len(self.chunks))
        self._refused = ffi.new("int32_t *")
        self._step = lib.hue_vector_step
        self._step_all = lib.hue_vector_step_all

    @classmethod
    def of(
        cls, setup: Setup, buffers: Buffers, chunks: Sequence[tuple[int, int]]
    ) -> HueBatch | None:
        """The batch, or None without the core, for rules or a deck the core's
        vector step does not deal (a user's opening, another deck), or a bot
        it does not play (a search bot, a bot with settings, one of your own)."""
        if not c_state.default:  # no core, or HUEGAMES_BACKEND=python
            return None
        ffi, lib = c_state.ffi, c_state.lib
        rules = setup.rules if setup.rules is not None else Rules()
        code = setup.encoding
        if (
            setup.spec.new_game is not new_game
            or not isinstance(code, HueEncoding)
            or rules.opening is not None
            or code.deck != Deck(default_deck())
            or code.players != setup.players
            or c_state.capacity_for(3, code.deck) is None
        ):
            return None
        vector = ffi.new("hue_vector *")
        records = c_state.deck_records(code.deck)
        hue_setup = ffi.new(
            "hue_setup *", (records, len(code.deck), setup.players, 1 if rules.covering else 0)
        )
        encoding = code.c_state_encoding()
        vector.setup = hue_setup
        vector.encoding = encoding
        vector.capacity = 3 + lib.hue_game_moves(setup.players)
        vector.limit, vector.span = cells.MAX_COORDINATE, cells.MAX_SPAN
        vector.agent = -1 if setup.agents is None else setup.agents[0]
        vector.reward_sign = setup.reward_sign
        vector.autoreset = {
            "same-step": lib.HUE_SAME_STEP,
            "next-step": lib.HUE_NEXT_STEP,
            "disabled": lib.HUE_DISABLED,
        }[setup.autoreset]
        codes = {"random": lib.HUE_SEAT_RANDOM, "greedy": lib.HUE_SEAT_GREEDY}
        for seat, bot in enumerate(setup.bots):
            if bot is None:
                continue
            policy = SEAT_POLICIES.get(bot.resolve(setup.spec))
            label = repr_text(bot.label)
            if policy is None or bot.settings or label is None:
                return None
            vector.is_bot[seat] = 1
            vector.policies[seat] = codes[policy]
            vector.labels[seat][0 : len(label)] = label
            vector.label_lengths[seat] = len(label)
        if lib.hue_vector_env_size(vector) == 0:  # pragma: no cover -- settings the core refuses
            return None
        return cls(vector, [records, hue_setup, encoding, code], setup, buffers, chunks)

    def reset(self, seed: int, envs: np.ndarray | None) -> None:
        """See :meth:`huegames.vector.batch.Batch.reset`."""
        ffi, lib = c_state.ffi, c_state.lib
        vector = self._vector
        if envs is None:
            text = repr_text(seed)
            if text is None:
                raise ValueError(f"a batch seed's repr has at most {lib.HUE_SEED_TEXT} characters")
            vector.seed_text[0 : len(text)] = text
            vector.seed_length = len(text)
            which = ffi.NULL
        else:
            chosen = np.ascontiguousarray(envs, np.uint8)  # alive until the call returns
            which = ffi.from_buffer("uint8_t[]", chosen)
        status = lib.hue_vector_reset(
            vector,
            self._env_pointer,
            self.setup.num_envs,
            which,
            self._out,
            self._workspaces[0],
            self._workspace_size,
        )
        self._check(status)

    def step(self, actions: np.ndarray, chunk: int) -> None:
        """See :meth:`huegames.vector.batch.Batch.step` (the GIL released)."""
        start, stop = self.chunks[chunk]
        ffi = c_state.ffi
        status = self._step(
            self._vector,
            self._env_pointer,
            self.setup.num_envs,
            start,
            stop,
            ffi.cast("int64_t *", ffi.from_buffer(actions)),
            self._out,
            self._workspaces[chunk],
            self._workspace_size,
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
        pointed = point_copies(ffi, self._copies, copies, finals, "uint8_t[]")
        status = self._step_all(
            self._vector,
            self._env_pointer,
            self.setup.num_envs,
            given,
            selected,
            self._out,
            pointed,
            self._workspace_block,
            self._workspace_size,
            self._workers.pointer,
            self._refused,
        )
        return refused_env(status, self._refused, self._check)

    def random_actions(self, out: np.ndarray) -> None:
        """See :meth:`huegames.vector.batch.Batch.random_actions`: each env's
        draw among the legal ids the core keeps for its mask row (on the
        batch's threads)."""
        self._workers.check_process()
        ffi = c_state.ffi
        status = c_state.lib.hue_vector_random_all(
            self._vector,
            self._env_pointer,
            self.setup.num_envs,
            ffi.from_buffer("int64_t[]", out),
            self._workers.pointer,
        )
        self._check(status)

    def close(self) -> None:
        """See :meth:`huegames.vector.batch.Batch.close`."""
        self._workers.close()

    @staticmethod
    def _check(status: int) -> None:
        if status < 0:
            core = _cores.core(cells.CORE, cells.CORE_VERSION)
            message = _cores.error_message(core, status)
            raise RuntimeError(f"the Hue C core refused the step: {message}")
