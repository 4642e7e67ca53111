"""Many games of one game as one Gymnasium vector environment (:func:`make`)."""

from __future__ import annotations

import importlib
import itertools
import sys
from collections.abc import Mapping
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .. import engine
from ..engine import BotSpec
from ..records import brief
from ..rl import _envs
from .batch import (
    AUTORESET_MODES,
    Batch,
    Buffers,
    Finals,
    PythonBatch,
    Setup,
    check_batch_seed,
)

__all__ = ["VECTOR_OPTIONS", "VectorEnv", "gymnasium_vector_env", "make"]

_MODES = {
    "same-step": AutoresetMode.SAME_STEP,
    "next-step": AutoresetMode.NEXT_STEP,
    "disabled": AutoresetMode.DISABLED,
}
MOST_THREADS = 64
"""The most threads a batch steps on (``csrc/hg_vector.h``'s ``HG_MOST_THREADS``)."""
BACKENDS = ("auto", "c", "python")
"""Where the games run: the game's C batch when its core is loaded (``"auto"``),
always (``"c"``: an error without it) or never (``"python"``)."""


def make(
    game: str | engine.GameSpec,
    num_envs: int,
    *,
    players: int | None = None,
    rules: dict[str, Any] | None = None,
    seed: int | None = None,
    opponents: Any = None,
    seat: int = 0,
    autoreset_mode: str = "same-step",
    threads: int = 1,
    backend: str = "auto",
    copy: bool = True,
    observation: str = "full",
    reward: str = "score-difference",
) -> VectorEnv:
    """``num_envs`` games of ``game`` stepped together (:class:`VectorEnv`).

    - ``opponents=None``: self-play, the caller plays every seat; each env
      observes from the seat to move (``infos["to_move"]``) and the rewards
      are ``(num_envs, players)``, one per seat.
    - ``opponents="greedy"`` (any bot, or one per other seat in seat order):
      the caller plays ``seat`` in every env and the bots
      the others, inside the C core where the game's kernel plays them; one
      ``step`` goes on to the caller's next turn; rewards are ``(num_envs,)``.
    - ``seed``: the batch seed of the first ``reset()`` (None: a fresh one);
      ``rules``: the game's ``Rules`` settings; ``threads``: how many
      threads step the batch (the C step releases the GIL); results are the
      same for any count; ``copy=False``: the observations returned are the
      environment's own arrays, rewritten by the next ``step`` or ``reset``
      (read-only views, ``infos["final_obs"]`` too: no copy of ``num_envs``
      observations and masks a step);
      ``observation``: ``"full"``, the single environment's, or another the
      game's encoding makes (its ``variant``: Hue's ``"compact"``, one cell
      value a cell in place of the 20 planes, :mod:`huegames.hue.encoding`);
      ``reward``: the single environment's, ``"score-difference"`` (the
      seat's score minus the others' mean, negated where lower scores win)
      or ``"win-loss"`` (+1 each winner, -1 each other seat, 0 in a draw).
    """
    return VectorEnv(
        game,
        num_envs,
        players=players,
        rules=rules,
        seed=seed,
        opponents=opponents,
        seat=seat,
        autoreset_mode=autoreset_mode,
        threads=threads,
        backend=backend,
        copy=copy,
        observation=observation,
        reward=reward,
    )


class VectorEnv(gymnasium.vector.VectorEnv[dict[str, Any], np.ndarray, np.ndarray]):
    """``num_envs`` games of one game, stepped in one call (see :func:`make`).

    The observation is the single environment's ``Dict(observation=...,
    action_mask=...)`` batched: ``observation`` of shape ``(num_envs,
    *shape)``, ``action_mask`` of ``(num_envs, action_count)`` int8, each
    env's legal actions for the seat it observes.  ``step(actions)`` takes
    one action id per env (int array of ``(num_envs,)``).  A game ends with
    ``terminated`` set and its reward, never truncated; ``infos`` always
    holds ``"to_move"`` (each env's seat to move, -1 once over) and, where a
    game ended, ``"final_info"`` (its ``"scores"`` and ``"winners"``, one row
    per env, ``"_final_info"`` saying which rows) and in ``"same-step"`` mode
    ``"final_obs"`` (its last observation and mask): the returned
    observation is then already the next game's.  Every array returned is
    the caller's own copy, except the observations with ``copy=False``.
    """

    def __init__(
        self,
        game: str | engine.GameSpec,
        num_envs: int,
        *,
        players: int | None = None,
        rules: dict[str, Any] | None = None,
        seed: int | None = None,
        opponents: Any = None,
        seat: int = 0,
        autoreset_mode: str = "same-step",
        threads: int = 1,
        backend: str = "auto",
        copy: bool = True,
        observation: str = "full",
        reward: str = "score-difference",
    ) -> None:
        spec, count, made_rules = _envs.resolve(game, players, dict(rules or {}))
        self.reward = _envs.check_choice(reward, _envs.REWARDS, "reward")
        """``"score-difference"`` or ``"win-loss"``, as the single environment's."""
        self.num_envs = engine.check_int(num_envs, "num_envs")
        if self.num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {brief(num_envs)}")
        threads = engine.check_int(threads, "threads")
        if not 1 <= threads <= min(self.num_envs, MOST_THREADS):
            most = f"num_envs ({self.num_envs})" if self.num_envs <= MOST_THREADS else MOST_THREADS
            raise ValueError(f"threads must be 1 to {most}, not {threads}")
        mode = _envs.check_choice(autoreset_mode, AUTORESET_MODES, "autoreset_mode")
        if not isinstance(copy, bool):
            raise TypeError(f"copy must be True or False, not {brief(copy)}")
        self.copy = copy
        """Whether each observation returned is the caller's own copy."""
        backend = _envs.check_choice(backend, BACKENDS, "backend")
        self.game_spec, self.players, self.rules = spec, count, made_rules
        self.encoding = _envs.build_encoding(spec, count, made_rules)
        if observation != "full":  # another observation of the game's encoding
            variant = getattr(self.encoding, "variant", None)
            if variant is None:
                raise ValueError(
                    f"{spec.title} has only the full observation, not {brief(observation)}"
                )
            self.encoding = variant(observation)
        agents, bots = _seats(spec, count, self.num_envs, opponents, seat)
        self.self_play = agents is None
        """True when the caller plays every seat (``opponents=None``)."""
        self.agents = None if agents is None else np.array(agents, np.int32)
        """Each env's caller's seat (None in self-play)."""
        self._agent = None if agents is None else agents[0]  # the same in every env
        self.setup = Setup(
            spec, count, made_rules, self.encoding, self.num_envs, agents, bots, mode
        )
        self.threads = threads
        bounds = np.linspace(0, self.num_envs, threads + 1).astype(int)
        self.chunks = [(int(a), int(b)) for a, b in itertools.pairwise(bounds)]
        self._buffers = Buffers.of(self.encoding, self.num_envs, count)
        buffers = self._buffers
        self._copies = _Handout(buffers.observations, buffers.masks, zeroed=False)
        self._final_copies = _Handout(buffers.final_observations, buffers.final_masks, zeroed=True)
        self._final_rows = np.zeros(self.num_envs, np.uint8)  # Finals.rows of this step's finals
        self._shown_finals = tuple(
            _read_only(a) for a in (self._buffers.final_observations, self._buffers.final_masks)
        )
        self._shown = tuple(
            _read_only(a) for a in (self._buffers.observations, self._buffers.masks)
        )
        self.batch: Batch = _batch(spec, backend, self.setup, self._buffers, self.chunks)
        self.backend = "python" if isinstance(self.batch, PythonBatch) else "c"
        """Where the games run: ``"c"`` (the game's C batch) or ``"python"``."""
        self.single_action_space = spaces.Discrete(self.encoding.action_count)
        self._spaces: dict[str, spaces.Space[Any]] = {}
        self.metadata = {"autoreset_mode": _MODES[mode]}
        self.autoreset_mode = mode
        self.seed = engine.fresh_seed() if seed is None else check_batch_seed(seed)
        """The batch seed of the games being played (:mod:`huegames.vector.batch`)."""
        self._started = False
        self._done = np.zeros(self.num_envs, np.bool_)

    # The spaces are made when first read: Hue's mask Box of 1,024 envs takes
    # seconds to build, and a batch that only steps (evaluate's) never needs one.
    @property
    def single_observation_space(self) -> spaces.Space[Any]:  # type: ignore[override]
        """The single environment's observation space."""
        made = self._spaces.get("single_observation_space")
        if made is None:
            made = _envs.observation_space(self.encoding)
            self._spaces["single_observation_space"] = made
        return made

    @single_observation_space.setter
    def single_observation_space(self, space: spaces.Space[Any]) -> None:
        self._spaces["single_observation_space"] = space

    @property
    def observation_space(self) -> spaces.Space[Any]:  # type: ignore[override]
        """The single observation space batched ``num_envs`` times."""
        return self._batched("observation_space", self.single_observation_space)

    @observation_space.setter
    def observation_space(self, space: spaces.Space[Any]) -> None:
        self._spaces["observation_space"] = space

    @property
    def action_space(self) -> spaces.Space[Any]:  # type: ignore[override]
        """The single action space batched ``num_envs`` times (``MultiDiscrete``)."""
        return self._batched("action_space", self.single_action_space)

    @action_space.setter
    def action_space(self, space: spaces.Space[Any]) -> None:
        self._spaces["action_space"] = space

    def _batched(self, name: str, single: spaces.Space[Any]) -> spaces.Space[Any]:
        made = self._spaces.get(name)
        if made is None:
            made = self._spaces[name] = batch_space(single, self.num_envs)
        return made

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start every env's first game of batch seed ``seed`` (None: the
        environment's seed the first time, else every env's next game), or
        with ``options={"reset_mask": mask}`` the next game of the envs the
        bool mask selects (no other option: a misspelt one would reset
        every env)."""
        mask = None
        if options is not None:
            if not isinstance(options, Mapping):
                raise TypeError(f"options must be a dict, not {brief(options)}")
            unknown = sorted(map(str, set(options) - {"reset_mask"}))
            if unknown:
                raise ValueError(f"unknown reset options {unknown}: the one option is 'reset_mask'")
            mask = options.get("reset_mask")
        if mask is not None:
            mask = np.asarray(mask)
            if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
                raise ValueError(f"reset_mask must be a bool array of ({self.num_envs},)")
            if seed is not None or not self._started:
                raise ValueError("reset_mask resets envs of a started batch, without a seed")
            self.batch.reset(self.seed, mask)
            self._done &= ~mask
        elif seed is not None or not self._started:
            chosen = self.seed if seed is None else check_batch_seed(seed)
            self.batch.reset(chosen, None)
            self.seed = chosen  # once the batch took it (Linja's C batch refuses a long one)
            self._done[:] = False
        else:
            self.batch.reset(self.seed, np.ones(self.num_envs, np.bool_))
            self._done[:] = False
        self._started = True
        return self._observations(), {"to_move": self._buffers.to_move.copy()}

    def step(
        self, actions: Any, *, step_mask: Any = None
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Play one action per env; see the class for what comes back.

        ``step_mask`` (a bool array of one per env) steps only the envs it
        selects: every other is left as it is (its action unread, its game
        unchanged even if over, its row of the observation the same), with
        reward 0 and not terminated.  :func:`~huegames.vector.evaluate` steps
        only the envs that still have games to play this way."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        given = self._as_actions(actions)
        chosen = active = None
        if step_mask is not None:
            chosen = np.asarray(step_mask)
            if chosen.dtype != np.bool_ or chosen.shape != (self.num_envs,):
                raise ValueError(f"step_mask must be a bool array of ({self.num_envs},)")
            active = np.ascontiguousarray(chosen).view(np.uint8)
        buffers = self._buffers
        # the batch writes each row into the caller's copies too, on its threads
        copies = None
        if self.copy:
            (observation_copies, mask_copies), _ = self._copies.take()
            copies = (observation_copies, mask_copies)
        finals = self._finals() if self.autoreset_mode == "same-step" else None
        refused = self.batch.step_all(np.ascontiguousarray(given, np.int64), copies, active, finals)
        if refused >= 0:  # no env changed: say why, naming it
            self._refuse(given, np.ones(self.num_envs, np.bool_) if chosen is None else chosen)
        terminated = buffers.terminated.copy()
        if self.autoreset_mode == "same-step":
            self._done[:] = False
        else:
            done = terminated | (self._done & (self.autoreset_mode == "disabled"))
            self._done = done if chosen is None else np.where(chosen, done, self._done)
        # the batch wrote every env's rewards, scores and winners: 0 where it did not end
        every = buffers.rewards
        if self.reward == "win-loss":
            every = _win_loss(buffers.winners) if terminated.any() else np.zeros_like(every)
        seats = every if self._agent is None else every[:, self._agent]
        rewards = seats.copy()
        infos: dict[str, Any] = {"to_move": buffers.to_move.copy()}
        if terminated.any():
            scores, winners = buffers.scores.copy(), buffers.winners.copy()
            infos["final_info"] = {"scores": scores, "winners": winners}
            infos["_final_info"] = terminated
            if finals is not None:
                shown = finals if self.copy else self._shown_finals
                infos["final_obs"] = {"observation": shown[0], "action_mask": shown[1]}
                infos["_final_obs"] = terminated
        truncated = np.zeros(self.num_envs, np.bool_)
        observations = (
            self._observations()
            if copies is None
            else {"observation": copies[0], "action_mask": copies[1]}
        )
        return observations, rewards, terminated, truncated, infos

    def random_actions(self) -> np.ndarray:
        """One uniformly random legal action per env (int64), drawn from each
        env's seeded generator; 0 for an env whose game is over."""
        if not self._started:
            raise RuntimeError("call reset() before random_actions()")
        out = np.zeros(self.num_envs, np.int64)
        self.batch.random_actions(out)
        return out

    def close(self, **kwargs: Any) -> None:
        """Stop the threads: the environment steps on in the caller's thread
        alone (the batch's memory goes with the environment)."""
        self.batch.close()
        super().close(**kwargs)

    def _finals(self) -> Finals:
        """Where the batch writes this step's ends: the caller's own arrays
        (``copy=True``: the last ones again if the caller let go of them,
        else new zeros) or the batch's own."""
        if not self.copy:
            buffers = self._buffers
            return Finals(buffers.final_observations, buffers.final_masks, self._final_rows)
        (observations, masks), fresh = self._final_copies.take()
        if fresh:
            self._final_rows[:] = 0
        return Finals(observations, masks, self._final_rows)

    def _observations(self) -> dict[str, np.ndarray]:
        buffers = self._buffers
        if not self.copy:
            return {"observation": self._shown[0], "action_mask": self._shown[1]}
        return {"observation": buffers.observations.copy(), "action_mask": buffers.masks.copy()}

    def _as_actions(self, actions: Any) -> np.ndarray:
        """``actions`` as an integer array of one per env, else a TypeError or ValueError."""
        array = np.asarray(actions)
        if array.dtype == np.bool_ or array.dtype.kind not in "iu":
            raise TypeError(f"actions are integer action ids, not an array of {array.dtype}")
        if array.shape != (self.num_envs,):
            raise ValueError(
                f"expected one action per env, shape ({self.num_envs},), not {array.shape}"
            )
        return array

    def _refuse(self, array: np.ndarray, chosen: np.ndarray) -> None:
        """Raise the ValueError that names the first env (of those ``chosen``)
        whose action in ``array`` (of :meth:`_as_actions`) the batch refused:
        its game is over (disabled mode), the id is out of range, or it is
        not legal there."""
        done = self._done & chosen
        if self.autoreset_mode == "disabled" and done.any():
            env = int(np.flatnonzero(done)[0])
            raise ValueError(f"env {env}: its game is over: reset it with reset(options=...)")
        count = self.encoding.action_count
        live = ~self._done & chosen
        outside = live & ((array < 0) | (array >= count))
        if outside.any():
            env = int(np.flatnonzero(outside)[0])
            raise ValueError(f"env {env}: action {int(array[env])} is not in 0..{count - 1}")
        actions = array.astype(np.int64)
        envs = np.arange(self.num_envs)
        illegal = live & (self._buffers.masks[envs, np.where(live, actions, 0)] == 0)
        env = int(np.flatnonzero(illegal)[0]) if illegal.any() else -1
        seat = int(self._buffers.to_move[env])
        raise ValueError(f"env {env}: action {int(actions[env])} is not legal for seat {seat} here")

    def __repr__(self) -> str:
        against = "self-play" if self.self_play else "against bots"
        return (
            f"<huegames.vector.VectorEnv {self.game_spec.name}, {self.players} players, "
            f"{self.num_envs} envs, {against}, {self.backend}>"
        )


class _Handout:
    """The copies of some arrays a vector environment hands its caller, new
    ones each step unless the caller has let go of the last.

    With ``copy=True`` each step returns arrays of megabytes (Plank's masks
    are 1.8 MB for 1,024 envs).  Allocating and freeing that much every step
    makes the C library give the memory back to the system and fault it in
    again, which costs more than the copy itself.  So when CPython's
    reference count says that nothing but this holder refers to the last
    copies (the caller dropped them, as a loop that reads each step's
    arrays and moves on does), they are written again: an array the caller
    still holds, or a view of it, is never touched.
    """

    def __init__(self, *sources: np.ndarray, zeroed: bool) -> None:
        self.sources = sources
        self.zeroed = zeroed
        """New copies are zeros (else their contents are to be written whole)."""
        self.last: tuple[np.ndarray, ...] = ()

    def _reusable(self) -> bool:
        # two references to each when the caller has none: self.last's and getrefcount's argument
        last = self.last
        return (
            bool(last)
            and _refcount is not None
            and all(_refcount(last[k]) <= 2 for k in range(len(last)))
        )

    def take(self) -> tuple[tuple[np.ndarray, ...], bool]:
        """Arrays for the caller shaped as the sources, and whether they are
        new (else they are the last ones, as the batch left them)."""
        if self._reusable():
            return self.last, False
        make = np.zeros_like if self.zeroed else np.empty_like
        self.last = tuple(make(source) for source in self.sources)
        return self.last, True


_refcount = getattr(sys, "getrefcount", None)
"""CPython's reference count (None elsewhere: every copy is then new)."""


def _read_only(array: np.ndarray) -> np.ndarray:
    """A view of ``array`` that cannot be written through."""
    view = array.view()
    view.flags.writeable = False
    return view


def _seats(
    spec: engine.GameSpec, players: int, num_envs: int, opponents: Any, seat: object
) -> tuple[tuple[int, ...] | None, tuple[BotSpec | None, ...]]:
    """Each env's caller's seat (None in self-play) and each seat's bot."""
    if opponents is None:
        return None, (None,) * players
    agent = engine.check_int(seat, "seat")
    if not 0 <= agent < players:
        raise ValueError(f"seat must be 0 to {players - 1}, not {brief(seat)}")
    others = iter(_envs.opponents(opponents, players - 1))
    bots = tuple(None if s == agent else next(others) for s in range(players))
    for bot in bots:
        if bot is not None:
            bot.check(spec)
    return (agent,) * num_envs, bots


def _batch(
    spec: engine.GameSpec,
    backend: str,
    setup: Setup,
    buffers: Buffers,
    chunks: list[tuple[int, int]],
) -> Batch:
    """The game's C batch when it has one and may (``backend``), else :class:`PythonBatch`."""
    if backend != "python" and spec.vector is not None:
        module_name, _, class_name = spec.vector.partition(":")
        factory = getattr(importlib.import_module(module_name), class_name)
        made = factory.of(setup, buffers, chunks)
        if made is not None:
            return made  # type: ignore[no-any-return]
    if backend == "c":
        raise ValueError(f"{spec.title} has no C batch for these settings (backend='c')")
    return PythonBatch(setup, buffers, chunks)


def _win_loss(winners: np.ndarray) -> np.ndarray:
    """Each seat's ``"win-loss"`` reward from the batch's winners rows (0
    where no game ended): +1 for each winner, -1 for each other seat, and 0
    for every seat of a game without a winner."""
    won = winners.astype(np.float64)
    decided = won.any(axis=1, keepdims=True)
    return np.where(decided, 2.0 * won - 1.0, 0.0)


VECTOR_OPTIONS: Final = frozenset(
    {"seed", "threads", "autoreset_mode", "copy", "observation", "backend"}
)
"""The keywords of :func:`make` that :func:`gymnasium_vector_env` passes on
as they are (every other keyword is a rule)."""


def gymnasium_vector_env(
    num_envs: int,
    game: str,
    players: int | None = None,
    seat: int = 0,
    opponents: Any = "random",
    reward: str = "score-difference",
    render_mode: str | None = None,
    **options: Any,
) -> VectorEnv:
    """What ``gymnasium.make_vec("huegames/<game>-v0", num_envs)`` builds (the
    ids' ``vector_entry_point``): the single environment's game, seat,
    opponents (``"random"`` unless given: ``opponents=None`` for
    self-play), reward and rules (as keywords, ``turn_limit=30``), with
    :func:`make`'s own options (:data:`VECTOR_OPTIONS`, such as ``seed``
    and ``threads``) beside them."""
    if render_mode is not None:
        raise ValueError(
            f"a vector environment does not render (render_mode={brief(render_mode)}): "
            "draw one game with huegames.pictures"
        )
    rules = {name: value for name, value in options.items() if name not in VECTOR_OPTIONS}
    chosen = {name: value for name, value in options.items() if name in VECTOR_OPTIONS}
    return make(
        game,
        num_envs,
        players=players,
        rules=rules,
        opponents=opponents,
        seat=seat,
        reward=reward,
        **chosen,
    )
