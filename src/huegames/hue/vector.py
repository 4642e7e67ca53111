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
from ..vector.batch import OUT_FIELDS, Buffers, CBatch, Setup
from . import c_state, cells
from .cards import Deck, default_deck
from .encoding import HueEncoding
from .game import new_game
from .kernel import SEAT_POLICIES
from .rules import Rules

__all__ = ["HueBatch"]


class HueBatch(CBatch):
    """A batch of Hue games in the C core (:class:`huegames.vector.batch.Batch`)."""

    def __init__(
        self,
        vector: Any,
        keep: list[Any],
        setup: Setup,
        buffers: Buffers,
        chunks: Sequence[tuple[int, int]],
    ) -> None:
        core = _cores.core(cells.CORE, cells.CORE_VERSION)
        super().__init__(
            core,
            "hue",
            vector,
            setup,
            buffers,
            chunks,
            # no final masks: a finished game's mask is all 0 (hue_core.h)
            out_fields=[name for name in OUT_FIELDS if name != "final_masks"],
            observation_type="uint8_t[]",
        )
        ffi, lib = self._ffi, self._lib
        self._keep = keep  # what the vector's pointers point to
        self.env_size = lib.hue_vector_env_size(vector)
        """Bytes of one env's block in the core (its game, hands and mask's ids)."""
        self._envs = ffi.new("int64_t[]", setup.num_envs * self.env_size // 8)
        # One workspace per chunk, so threads share none.
        self._workspace_size = lib.hue_vector_workspace_size(vector)
        self._workspace_block = ffi.new("char[]", self._workspace_size * len(self.chunks))
        self._workspaces = [
            self._workspace_block + k * self._workspace_size for k in range(len(self.chunks))
        ]

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
        codes = {"random": lib.HUE_SEAT_RANDOM, "greedy": lib.HUE_SEAT_GREEDY}

        def seat_bot(seat: int, bot: Any) -> bool:
            policy = SEAT_POLICIES.get(bot.resolve(setup.spec))
            if policy is None or bot.settings:
                return False
            vector.policies[seat] = codes[policy]
            return True

        if not cls.settle(vector, setup, lib, "hue", seat_bot):
            return None
        if lib.hue_vector_env_size(vector) == 0:  # pragma: no cover -- settings the core refuses
            return None
        return cls(vector, [records, hue_setup, encoding, code], setup, buffers, chunks)

    def step(self, actions: np.ndarray, chunk: int) -> None:
        """See :meth:`huegames.vector.batch.Batch.step` (the GIL released)."""
        start, stop = self.chunks[chunk]
        ffi = self._ffi
        status = self._lib.hue_vector_step(
            self._vector,
            self._envs,
            self.setup.num_envs,
            start,
            stop,
            ffi.cast("int64_t *", ffi.from_buffer(actions)),
            self._out,
            self._workspaces[chunk],
            self._workspace_size,
        )
        self._check(status)

    def _reset(self, which: Any) -> int:
        return self._lib.hue_vector_reset(  # type: ignore[no-any-return]
            self._vector,
            self._envs,
            self.setup.num_envs,
            which,
            self._out,
            self._workspaces[0],
            self._workspace_size,
        )

    def _step_all(self, actions: Any, active: Any, copies: Any) -> int:
        return self._lib.hue_vector_step_all(  # type: ignore[no-any-return]
            self._vector,
            self._envs,
            self.setup.num_envs,
            actions,
            active,
            self._out,
            copies,
            self._workspace_block,
            self._workspace_size,
            self._workers.pointer,
            self._refused,
        )

    def _random_all(self, out: Any) -> int:
        return self._lib.hue_vector_random_all(  # type: ignore[no-any-return]
            self._vector, self._envs, self.setup.num_envs, out, self._workers.pointer
        )
