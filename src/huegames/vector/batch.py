"""What a vector environment steps: a batch of games, and the arrays it writes.

A batch holds ``num_envs`` games of one game and writes, for every env, its
observation and legal-action mask, the seat to move, and where a game ended
its final scores, winners, observation and mask, into numpy arrays the
:class:`~huegames.vector.VectorEnv` owns (:class:`Buffers`).  Two kinds
exist, with the same behaviour to the last number:

- :class:`PythonBatch`, here: each env a game of the engine, observed and
  played through the game's encoding, its bots built as the single
  environment builds them.  It is the specification, the fallback without a
  C core, and Hues and Cues' batch.
- a game's C batch (:attr:`huegames.engine.GameSpec.vector`, such as
  :class:`huegames.linja.vector.LinjaBatch`): every env's state in its C
  core, one call stepping a range of envs with no Python work per game.

**Seeds.**  A batch seeded ``seed`` plays, in env ``i``, the episodes whose
games are ``new_game(players, seed=game_seed(seed, i, k))`` for ``k = 0, 1,
...``, each bot seated as :class:`huegames.rl.gymnasium.Env` seats it
(``derive_seed(game seed, seat, bot label)``); the random actions of env
``i`` come from a SplitMix64 generator seeded ``derive_seed(seed, i,
"actions")`` (:func:`random_action`).
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, Protocol

import numpy as np

from .. import _cores, engine
from ..encoding import Encoding
from ..rl import _envs

__all__ = [
    "AUTORESET_MODES",
    "MOST_SEED_TEXT",
    "OUT_FIELDS",
    "Batch",
    "Buffers",
    "CBatch",
    "Finals",
    "PythonBatch",
    "Setup",
    "Workers",
    "actions_seed",
    "check_batch_seed",
    "first_refused",
    "game_seed",
    "point_out",
    "random_action",
    "repr_text",
    "splitmix64",
]

AUTORESET_MODES: Final = ("same-step", "next-step", "disabled")
"""How a finished env starts its next game, as Gymnasium 1.x's
``AutoresetMode`` names them: in the step that ended it (``"same-step"``),
in the step after (``"next-step"``, that step's action ignored), or only in
``reset(options={"reset_mask": ...})`` (``"disabled"``)."""

_MASK64: Final = (1 << 64) - 1

MOST_SEED_TEXT: Final = 256
"""The longest ``repr`` of a batch seed or of a bot's label, in characters:
the C batches make every env's seeds from that text (a batch seed of up to
255 digits and a sign)."""


def check_batch_seed(seed: object) -> int:
    """``seed`` when it is an integer whose ``repr`` fits :data:`MOST_SEED_TEXT`
    (every backend alike), else a TypeError or ValueError."""
    seed = engine.check_seed(seed)
    if len(repr(abs(seed))) >= MOST_SEED_TEXT:  # the sign's place kept
        raise ValueError(f"a batch seed has at most {MOST_SEED_TEXT - 1} digits")
    return seed


def repr_text(value: object) -> bytes | None:
    """``repr(value)`` as ASCII bytes for a C batch; None when it is longer than
    :data:`MOST_SEED_TEXT` or not ASCII (the batch then cannot seed it)."""
    text = repr(value)
    if len(text) > MOST_SEED_TEXT or not text.isascii():
        return None
    return text.encode("ascii")


def game_seed(seed: int, env: int, episode: int) -> int:
    """The seed of env ``env``'s game number ``episode`` (from 0) in a batch seeded ``seed``.

    >>> from huegames.vector.batch import game_seed
    >>> from huegames.engine import derive_seed
    >>> game_seed(1, 2, 0) == derive_seed(1, 2, 0)
    True
    """
    return engine.derive_seed(seed, env, episode)


def actions_seed(seed: int, env: int) -> int:
    """The seed of env ``env``'s random actions in a batch seeded ``seed``."""
    return engine.derive_seed(seed, env, "actions")


def splitmix64(state: int) -> tuple[int, int]:
    """SplitMix64's next ``(state, output)`` from ``state`` (64-bit integers)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def random_action(state: int, mask: np.ndarray) -> tuple[int, int]:
    """``(state, action)``: a uniformly random legal action of ``mask`` drawn
    from generator state ``state``, and the state after it; 0, without a
    draw, when nothing is legal.  The ``i``-th legal id (ascending) is
    chosen, ``i = (high 32 bits of the output * count) >> 32``."""
    legal = np.flatnonzero(mask)
    if not len(legal):
        return state, 0
    state, output = splitmix64(state)
    return state, int(legal[((output >> 32) * len(legal)) >> 32])


@dataclass(frozen=True)
class Setup:
    """What a batch plays: the game, its seats and how its envs reset."""

    spec: engine.GameSpec
    players: int
    rules: Any
    encoding: Encoding
    num_envs: int
    agents: tuple[int, ...] | None
    """Env ``i``'s caller's seat; None when the caller plays every seat (self-play)."""
    bots: tuple[engine.BotSpec | None, ...]
    """Each seat's bot (None for the caller's seat; all None in self-play)."""
    autoreset: str
    """One of :data:`AUTORESET_MODES`."""

    @property
    def reward_sign(self) -> float:
        """-1.0 where lower scores win at this player count, else 1.0: the
        sign of the ``"score-difference"`` rewards (:data:`Buffers.rewards`)."""
        return -1.0 if self.players in self.spec.lower_scores_win else 1.0


@dataclass
class Buffers:
    """The arrays a batch writes, one row per env (row ``i`` is env ``i``)."""

    observations: np.ndarray
    """``(num_envs, *observation_shape)``: what the observing seat sees now."""
    masks: np.ndarray
    """``(num_envs, action_count)`` int8: 1 where the action is legal (all 0 once over)."""
    to_move: np.ndarray
    """``(num_envs,)`` int32: the seat to move, -1 once over."""
    terminated: np.ndarray
    """``(num_envs,)`` bool: the game ended in the last step."""
    scores: np.ndarray
    """``(num_envs, players)`` float64: final scores, where terminated (0 elsewhere)."""
    winners: np.ndarray
    """``(num_envs, players)`` int8: 1 for each winner, where terminated (0 elsewhere)."""
    rewards: np.ndarray
    """``(num_envs, players)`` float64: each seat's reward, where terminated
    (0 elsewhere): the single environment's ``"score-difference"``
    (:func:`huegames.rl._envs.final_rewards`)."""
    final_observations: np.ndarray
    """The observation at the end, where terminated (``"same-step"`` only:
    ``observations`` then holds the next game's start)."""
    final_masks: np.ndarray

    @classmethod
    def of(cls, code: Encoding, num_envs: int, players: int) -> Buffers:
        """Zeroed buffers for ``num_envs`` envs of ``code``'s game with ``players`` seats."""
        shape = (num_envs, *code.observation_shape)
        dtype = np.dtype(code.observation_dtype)
        return cls(
            observations=np.zeros(shape, dtype),
            masks=np.zeros((num_envs, code.action_count), np.int8),
            to_move=np.full(num_envs, -1, np.int32),
            terminated=np.zeros(num_envs, np.bool_),
            scores=np.zeros((num_envs, players), np.float64),
            winners=np.zeros((num_envs, players), np.int8),
            rewards=np.zeros((num_envs, players), np.float64),
            final_observations=np.zeros(shape, dtype),
            final_masks=np.zeros((num_envs, code.action_count), np.int8),
        )


_C_TYPES: Final = {
    np.dtype(np.float32): "float *",
    np.dtype(np.float64): "double *",
    np.dtype(np.int8): "int8_t *",
    np.dtype(np.uint8): "uint8_t *",
    np.dtype(np.int32): "int32_t *",
    np.dtype(np.bool_): "uint8_t *",
}


def point_out(ffi: Any, out: Any, buffers: Buffers, names: Sequence[str]) -> list[np.ndarray]:
    """Point each field ``names`` of the C struct ``out`` (a C batch's
    ``*_vector_out``) at the array of that name in ``buffers``, typed by its
    dtype; the arrays, which the caller keeps alive while ``out`` is used."""
    arrays = [getattr(buffers, name) for name in names]
    for name, array in zip(names, arrays, strict=True):
        assert array.flags.c_contiguous
        setattr(out, name, ffi.cast(_C_TYPES[array.dtype], ffi.from_buffer(array)))
    return arrays


OUT_FIELDS: Final = (
    "observations",
    "masks",
    "to_move",
    "terminated",
    "scores",
    "winners",
    "final_observations",
    "final_masks",
    "rewards",
)
"""The :class:`Buffers` a C batch's ``*_vector_out`` points at, in its order."""


class Batch(Protocol):
    """A batch of games (:class:`PythonBatch` or a game's C batch), made as
    ``Batch(setup, buffers, chunks)``: ``chunks`` are the ``(start, stop)``
    ranges of envs that threads step at the same time, one each."""

    def reset(self, seed: int, envs: np.ndarray | None) -> None:
        """Start games: every env's first (``envs`` None: episode 0 of batch
        seed ``seed``, the random actions reseeded), or the next one of each
        env where ``envs`` (a bool array) is set, under the same seed."""

    def step(self, actions: np.ndarray, chunk: int) -> None:
        """Play ``actions[i]`` in each env ``i`` of chunk ``chunk``, the bots
        after it, and reset as the mode says.  The caller has checked them:
        each is legal in its env, or its env is over (next-step mode)."""

    def step_all(
        self,
        actions: np.ndarray,
        copies: tuple[np.ndarray, np.ndarray] | None,
        active: np.ndarray | None = None,
        finals: Finals | None = None,
    ) -> int:
        """Check every action (int64, one per env) as :func:`first_refused`
        does, then step every chunk (at once, on the batch's threads), each
        env's observation and mask also written into ``copies``' rows when
        given, and its end into ``finals`` (same-step mode); with ``active``
        (uint8, one per env), only the envs where it is set: the others are
        left as they are, their actions unread.  Returns -1, or the first
        env refused, with no env changed."""

    def random_actions(self, out: np.ndarray) -> None:
        """One uniformly random legal action per env into ``out`` (int64)."""

    def close(self) -> None:
        """Stop the batch's threads: it steps on in the calling thread alone."""


class Finals(NamedTuple):
    """Arrays a vector environment hands out in ``infos["final_obs"]``
    (same-step mode), which :meth:`Batch.step_all` keeps: row ``i`` holds
    env ``i``'s last observation and mask where its game ended in the step,
    zeros elsewhere."""

    observations: np.ndarray
    masks: np.ndarray
    rows: np.ndarray
    """``(num_envs,)`` uint8: 1 where row ``i`` holds an end (not zeros).
    The batch keeps it; whoever zeroes the arrays zeroes it too."""

    def write(self, buffers: Buffers) -> None:
        """This step's ends from ``buffers`` (the batch's own final rows,
        where ``buffers.terminated``), zeros in every other row."""
        ended = buffers.terminated
        stale = (self.rows != 0) & ~ended
        self.observations[stale] = 0
        self.masks[stale] = 0
        if self.observations is not buffers.final_observations:
            self.observations[ended] = buffers.final_observations[ended]
            self.masks[ended] = buffers.final_masks[ended]
        self.rows[:] = ended


def first_refused(
    actions: np.ndarray,
    masks: np.ndarray,
    done: np.ndarray,
    next_step: bool,
    active: np.ndarray | None = None,
) -> int:
    """The first env whose action (of ``actions``, int64) is refused, or -1:
    an env whose game is over takes any action in next-step mode (it starts
    its next game) and none otherwise; any other takes the ids its mask row
    allows; an env not ``active`` (where that is given) takes anything."""
    live = ~done
    inside = (actions >= 0) & (actions < masks.shape[1])
    picked = masks[np.arange(len(actions)), np.where(live & inside, actions, 0)] != 0
    refused = np.where(live, ~inside | ~picked, not next_step)
    if active is not None:
        refused &= active != 0
    return int(np.argmax(refused)) if refused.any() else -1


def _stop_workers(stop: Callable[[Any], None], pointer: Any, memory: Any, process: int) -> None:
    """Stop the worker threads at ``pointer`` (``memory`` their struct, alive
    until now), in the process that started them (a forked child has none)."""
    del memory
    if os.getpid() == process:
        stop(pointer)


class Workers:
    """A C batch's worker threads: the ``PREFIX_workers_*`` functions of its
    core (``csrc/hg_vector.h``), started for ``threads`` parts (the calling
    thread runs the first) and stopped with the object."""

    def __init__(self, ffi: Any, lib: Any, prefix: str, threads: int) -> None:
        self._memory = ffi.new("char[]", getattr(lib, f"{prefix}_workers_size")())
        self.pointer = self._memory
        """The block the core's batch calls take (``malloc``'s, so 8-aligned)."""
        self._start = getattr(lib, f"{prefix}_workers_start")
        self._stop = getattr(lib, f"{prefix}_workers_stop")
        self._process = os.getpid()
        self.threads = 0
        """The threads a call runs on, the caller's included."""
        self._start_threads(threads)
        weakref.finalize(self, _stop_workers, self._stop, self.pointer, self._memory, self._process)

    def _start_threads(self, threads: int) -> None:
        if self._start(self.pointer, threads) != threads:
            raise RuntimeError(f"the system refused {threads - 1} more threads")
        self.threads = threads

    def check_process(self) -> None:
        """A RuntimeError in a process forked from the one that started the
        threads (which the child does not have)."""
        if os.getpid() != self._process:
            raise RuntimeError(
                "this vector environment was made in another process (its threads are there): "
                "make it again in this one"
            )

    def close(self) -> None:
        """Stop the worker threads: the calls run on the calling thread alone
        from now on (in a forked child, which has none, it does nothing)."""
        if self.threads > 1 and os.getpid() == self._process:
            self._stop(self.pointer)
            self._start_threads(1)


class CBatch(_cores.ProcessBound):
    """What the games' C batches share: a :class:`Batch` over a core's
    ``PREFIX_vector_*`` calls (``csrc/hg_vector.h``), every env's game in
    the core.  A game's batch makes the core's ``PREFIX_vector`` settings
    (:meth:`settle`), passes them here, and makes the three calls that
    differ from core to core: :meth:`_reset`, :meth:`_step_all` and
    :meth:`_random_all`.
    """

    def __init__(
        self,
        core: Any,
        prefix: str,
        vector: Any,
        setup: Setup,
        buffers: Buffers,
        chunks: Sequence[tuple[int, int]],
        *,
        out_fields: Sequence[str] = OUT_FIELDS,
        observation_type: str = "float[]",
    ) -> None:
        ffi, lib = core.ffi, core.lib
        self.setup, self.buffers, self.chunks = setup, buffers, list(chunks)
        self._core, self._ffi, self._lib, self._vector = core, ffi, lib, vector
        self._title = setup.spec.title
        self._seed_text = getattr(lib, f"{prefix.upper()}_SEED_TEXT")
        self._out = ffi.new(f"{prefix}_vector_out *")
        self._out_arrays = point_out(ffi, self._out, buffers, out_fields)
        self._copies = ffi.new(f"{prefix}_vector_copies *")
        self._observation_type = observation_type
        self._workers = Workers(ffi, lib, prefix, len(self.chunks))
        self._refused = ffi.new("int32_t *")

    @staticmethod
    def settle(
        vector: Any,
        setup: Setup,
        lib: Any,
        prefix: str,
        seat_bot: Callable[[int, engine.BotSpec], bool],
    ) -> bool:
        """Set what every core's ``PREFIX_vector`` holds alike: the caller's
        seat, the reward sign, the autoreset mode and each bot seat's label,
        ``seat_bot(seat, bot)`` setting the bot's policy; False when the core
        does not play a bot (``seat_bot`` says so, or its label is too long)."""
        vector.agent = -1 if setup.agents is None else setup.agents[0]
        vector.reward_sign = setup.reward_sign
        mode = setup.autoreset.upper().replace("-", "_")
        vector.autoreset = getattr(lib, f"{prefix.upper()}_{mode}")
        for seat, bot in enumerate(setup.bots):
            if bot is None:
                continue
            label = repr_text(bot.label)
            if label is None or not seat_bot(seat, bot):
                return False
            vector.is_bot[seat] = 1
            vector.labels[seat][0 : len(label)] = label
            vector.label_lengths[seat] = len(label)
        return True

    def reset(self, seed: int, envs: np.ndarray | None) -> None:
        """See :meth:`Batch.reset`."""
        ffi = self._ffi
        if envs is None:
            text = repr_text(seed)
            if text is None:  # pragma: no cover -- VectorEnv checks the seed first
                raise ValueError(f"a batch seed's repr has at most {self._seed_text} characters")
            self._vector.seed_text[0 : len(text)] = text
            self._vector.seed_length = len(text)
            self._check(self._reset(ffi.NULL))
            return
        chosen = np.ascontiguousarray(envs, np.uint8)  # alive until the call returns
        if chosen.shape != (self.setup.num_envs,):
            raise ValueError(f"envs must be an array of ({self.setup.num_envs},)")
        self._check(self._reset(ffi.from_buffer("uint8_t[]", chosen)))

    def step_all(
        self,
        actions: np.ndarray,
        copies: tuple[np.ndarray, np.ndarray] | None,
        active: np.ndarray | None = None,
        finals: Finals | None = None,
    ) -> int:
        """See :meth:`Batch.step_all` (the GIL released)."""
        self._workers.check_process()
        self._check_actions(actions)
        ffi = self._ffi
        selected = ffi.NULL if active is None else ffi.from_buffer("uint8_t[]", active)
        given = ffi.from_buffer("int64_t[]", actions)
        status = self._step_all(given, selected, self._point_copies(copies, finals))
        if status < 0 and self._refused[0] >= 0:  # the env whose action the core refused
            return int(self._refused[0])
        self._check(status)
        return -1

    def random_actions(self, out: np.ndarray) -> None:
        """See :meth:`Batch.random_actions` (on the batch's threads)."""
        self._workers.check_process()
        self._check_actions(out)
        self._check(self._random_all(self._ffi.from_buffer("int64_t[]", out)))

    def close(self) -> None:
        """See :meth:`Batch.close`."""
        self._workers.close()

    def _point_copies(
        self, copies: tuple[np.ndarray, np.ndarray] | None, finals: Finals | None
    ) -> Any:
        """The core's ``PREFIX_vector_copies`` pointed at a step's ``copies``
        and ``finals`` (NULL where not given), or NULL without either.  A core
        whose final masks are all 0 (Hue's: the game is over) has no
        ``final_masks`` to point."""
        ffi, struct, kind = self._ffi, self._copies, self._observation_type
        if copies is None and finals is None:
            return ffi.NULL
        null, buffer = ffi.NULL, ffi.from_buffer
        if copies is None:
            struct.observations = struct.masks = null
        else:
            struct.observations = buffer(kind, copies[0])
            struct.masks = buffer("int8_t[]", copies[1])
        if finals is None:
            struct.final_observations = struct.final_rows = null
        else:
            struct.final_observations = buffer(kind, finals.observations)
            struct.final_rows = buffer("uint8_t[]", finals.rows)
        if hasattr(struct, "final_masks"):
            struct.final_masks = null if finals is None else buffer("int8_t[]", finals.masks)
        return struct

    def _reset(self, which: Any) -> int:
        """The core's ``PREFIX_vector_reset`` of the envs ``which`` selects (NULL: all)."""
        raise NotImplementedError

    def _step_all(self, actions: Any, active: Any, copies: Any) -> int:
        """The core's ``PREFIX_vector_step_all`` with these pointers."""
        raise NotImplementedError

    def _random_all(self, out: Any) -> int:
        """The core's ``PREFIX_vector_random_all`` into ``out``."""
        raise NotImplementedError

    def _check_actions(self, array: np.ndarray) -> None:
        """A ValueError unless ``array`` holds one int64 per env, contiguous."""
        if (
            array.dtype != np.int64
            or array.shape != (self.setup.num_envs,)
            or not array.flags.c_contiguous
        ):
            raise ValueError(f"expected a contiguous int64 array of ({self.setup.num_envs},)")

    def _check(self, status: int) -> None:
        """A RuntimeError naming the core's error, where ``status`` is one."""
        if status < 0:
            message = _cores.error_message(self._core, status)
            raise RuntimeError(f"the {self._title} C core refused the step: {message}")


class PythonBatch:
    """A batch on the Python engine: the specification of every batch."""

    def __init__(self, setup: Setup, buffers: Buffers, chunks: Sequence[tuple[int, int]]) -> None:
        self.setup = setup
        self.buffers = buffers
        self.chunks = list(chunks)
        self.seed = 0
        count = setup.num_envs
        self.games: list[Any] = [None] * count
        self.bots: list[list[engine.Bot | None]] = [[] for _ in range(count)]
        self.episodes = [0] * count
        self.last = [-1] * count
        self.done = [False] * count
        self.generators = [0] * count
        code = setup.encoding
        self._observe_seat = getattr(code, "observe_seat", None)
        self._play_seat = getattr(code, "play_seat", None)

    def reset(self, seed: int, envs: np.ndarray | None) -> None:
        """See :meth:`Batch.reset`."""
        if envs is None:
            self.seed = seed
            self.episodes = [0] * self.setup.num_envs
            self.generators = [actions_seed(seed, env) for env in range(self.setup.num_envs)]
            chosen: Sequence[int] = range(self.setup.num_envs)
        else:
            chosen = np.flatnonzero(envs).tolist()
            for env in chosen:
                self.episodes[env] += 1
        buffers = self.buffers
        for env in chosen:
            for ends in (buffers.terminated, buffers.rewards, buffers.scores, buffers.winners):
                ends[env] = 0
            self._start(env)

    def step(self, actions: np.ndarray, chunk: int) -> None:
        """See :meth:`Batch.step`."""
        self._step_envs(actions, range(*self.chunks[chunk]), None)

    def _step_envs(self, actions: np.ndarray, envs: range, active: np.ndarray | None) -> None:
        setup, buffers = self.setup, self.buffers
        same_step = setup.autoreset == "same-step"
        for ends in (buffers.terminated, buffers.rewards, buffers.scores, buffers.winners):
            ends[envs.start : envs.stop] = 0  # no env ended yet in this step
        for env in envs:
            if active is not None and not active[env]:
                continue
            if self.done[env]:  # next-step mode: this step starts its next game
                self.episodes[env] += 1
                self._start(env)
                continue
            game = self.games[env]
            seat = game.current_player
            action = int(actions[env])
            if self._play_seat is not None:
                self._play_seat(game, seat, action)
            else:
                game.play(self.setup.encoding.action_to_move(game.view(seat), action))
            self.last[env] = seat
            self._play_bots(env)
            if not game.is_over:
                self._write(env, buffers.observations, buffers.masks)
                continue
            buffers.terminated[env] = True
            outcome, scores = game.outcome(), game.scores()
            buffers.scores[env] = scores
            buffers.rewards[env] = _envs.final_rewards(
                setup.spec, game, "score-difference", scores, outcome
            )
            for winner in outcome.winners:
                buffers.winners[env, winner] = 1
            if same_step:
                self._write(env, buffers.final_observations, buffers.final_masks)
                self.episodes[env] += 1
                self._start(env)
            else:
                self._write(env, buffers.observations, buffers.masks)
                self.done[env] = True

    def step_all(
        self,
        actions: np.ndarray,
        copies: tuple[np.ndarray, np.ndarray] | None,
        active: np.ndarray | None = None,
        finals: Finals | None = None,
    ) -> int:
        """See :meth:`Batch.step_all` (one thread: the games are Python's)."""
        done = np.array(self.done, np.bool_)
        refused = first_refused(
            actions, self.buffers.masks, done, self.setup.autoreset == "next-step", active
        )
        if refused >= 0:
            return refused
        self._step_envs(actions, range(self.setup.num_envs), active)
        if copies is not None:
            copies[0][...] = self.buffers.observations
            copies[1][...] = self.buffers.masks
        if finals is not None:
            finals.write(self.buffers)
        return -1

    def close(self) -> None:
        """See :meth:`Batch.close` (no threads to stop)."""

    def random_actions(self, out: np.ndarray) -> None:
        """See :meth:`Batch.random_actions`."""
        masks = self.buffers.masks
        for env in range(self.setup.num_envs):
            self.generators[env], out[env] = random_action(self.generators[env], masks[env])

    def _start(self, env: int) -> None:
        setup = self.setup
        seed = game_seed(self.seed, env, self.episodes[env])
        game = self.games[env] = setup.spec.new_game(setup.players, seed=seed, rules=setup.rules)
        self.bots[env] = [
            None
            if bot is None
            else bot.build(setup.spec, engine.derive_seed(seed, seat, bot.label))
            for seat, bot in enumerate(setup.bots)
        ]
        self.last[env] = -1
        self.done[env] = False
        self._play_bots(env)
        if game.is_over:  # pragma: no cover -- no game ends before the caller's first move
            raise RuntimeError(f"env {env}: the bots ended the game before the caller moved")
        self._write(env, self.buffers.observations, self.buffers.masks)

    def _play_bots(self, env: int) -> None:
        game, bots = self.games[env], self.bots[env]
        while (seat := game.current_player) is not None and bots[seat] is not None:
            game.play(bots[seat].choose(game.view(seat)))
            self.last[env] = seat

    def _write(self, env: int, observations: np.ndarray, masks: np.ndarray) -> None:
        """Env ``env``'s observation and mask into row ``env`` of the arrays:
        the caller's seat's, or in self-play the seat to move's (once over,
        the seat that moved last)."""
        game = self.games[env]
        current = game.current_player
        agents = self.setup.agents
        if agents is not None:
            seat = agents[env]
        else:
            seat = current if current is not None else max(self.last[env], 0)
        if self._observe_seat is not None:
            observation, mask = self._observe_seat(game, seat)
        else:
            code = self.setup.encoding
            view = game.view(seat)
            observation = code.observation(view)
            mask = code.action_mask(view) if current == seat else 0
        observations[env] = observation
        masks[env] = mask
        self.buffers.to_move[env] = -1 if current is None else current
