"""Whole Linja games played in the C core (``csrc/linja_core.h``), for the runner.

:func:`play_games` is Linja's batch player (:attr:`huegames.engine.GameSpec.kernel`):
when every seat's bot is a plain :class:`~huegames.linja.RandomBot`,
:class:`~huegames.linja.GreedyBot` or :class:`~huegames.linja.SearchBot`
(any ``nodes`` and ``max_depth``), it plays a whole chunk of a run in one
call into C.  The C policies choose exactly as the Python bots do, from the
same seeds: the core's generator is Python's own (MT19937, seeded as
``random.Random(seed)``), so a kernel record is the record
:meth:`RunSpec.play <huegames.run.runner.RunSpec.play>` gives, game for game,
plus ``"engine": "kernel"``.

Without the compiled core (``HUEGAMES_BACKEND=python``, or no compiler at
install time) :func:`play_games` returns None and the runner plays on
Python; unset, a missing core warns once (:mod:`huegames._cores`).
"""

from __future__ import annotations

import threading
from types import ModuleType
from typing import Any

from .. import _cores, engine
from .bots import GreedyBot, RandomBot, SearchBot
from .c_state import CORE, CORE_NAME, CORE_VERSION
from .game import GAME_NAME
from .rules import Rules

__all__ = ["CORE_VERSION", "available", "play_games"]

_core: ModuleType | None = _cores.load(CORE, CORE_NAME, CORE_VERSION)

available = _core is not None
"""Whether the C core loaded: without it :func:`play_games` always returns None."""

_SEARCH_CHILDREN = 64
"""First guess of the search's children per expanded position (grown when short)."""
_MOST_CHILDREN = 1 << 23
"""The search workspace never grows past this many children (256 MiB): beyond,
the run goes to the Python engine."""
_MOST_NODES = 1 << 20
"""The largest node budget the C search takes (its table: 128 MiB); a larger
one plays on the Python engine."""


def policy_of(bot: engine.BotSpec) -> tuple[int, int, int] | None:
    """``(policy, nodes, max_depth)`` of the C policy that plays as ``bot``, or None.

    The bot is built once to read its settings; only the catalogue's own
    classes qualify (a subclass may choose otherwise).
    """
    assert _core is not None
    lib = _core.lib
    try:
        built = bot.build(engine.game_spec(GAME_NAME), 0)
    except (TypeError, ValueError):
        return None
    kind = type(built)
    if kind is RandomBot:
        return lib.LINJA_POLICY_RANDOM, 0, 1
    if kind is GreedyBot:
        return lib.LINJA_POLICY_GREEDY, 0, 1
    if kind is SearchBot and isinstance(built, SearchBot) and built.nodes <= _MOST_NODES:
        return lib.LINJA_POLICY_SEARCH, built.nodes, min(built.max_depth, 2**31 - 1)
    return None


class _Workspace(threading.local):
    """The C search's memory, one per thread, grown as runs need."""

    def __init__(self) -> None:
        assert _core is not None
        ffi = _core.ffi
        self.ws = ffi.new("linja_workspace *")
        self.keep: list[Any] = []
        most = _core.lib.LINJA_MAX_TURNS
        for field, kind in (
            ("turns", "linja_turn[]"),
            ("roots", "linja_child[]"),
            ("values", "double[]"),
            ("deeper", "double[]"),
            ("turn_root", "int32_t[]"),
        ):
            array = ffi.new(kind, most)
            self.keep.append(array)
            setattr(self.ws, field, array)
        seen = 1 << (2 * most - 1).bit_length()
        self.seen = ffi.new("linja_seen[]", seen)
        self.ws.seen, self.ws.seen_size = self.seen, seen
        self.children = self.table = None
        self.size(0, 0)

    def size(self, nodes: int, children: int) -> None:
        """At least a table for ``nodes`` expansions and room for ``children``."""
        assert _core is not None
        ffi = _core.ffi
        table = 1 << (2 * (nodes + _core.lib.LINJA_MAX_TURNS + 2)).bit_length()
        if self.table is None or table > self.ws.table_size:
            self.table = ffi.new("linja_entry[]", table)
            self.ws.table, self.ws.table_size, self.ws.stamp = self.table, table, 0
        if self.children is None or children > self.ws.children_capacity:
            self.children = ffi.new("linja_child[]", max(children, 1))
            self.ws.children, self.ws.children_capacity = self.children, max(children, 1)


_workspace: _Workspace | None = None
_MOVE_TEXT = {(-1, -1): "pass", **{(s, d): f"{s}-{d}" for s in range(8) for d in range(8)}}


def play_games(run: Any, start: int, stop: int) -> list[dict[str, Any]] | None:
    """The records of games ``start .. stop-1`` of ``run`` (a
    :class:`~huegames.run.runner.RunSpec` of Linja), played in C; None when the
    core is not loaded or a seat's bot has no C policy.

    Seeds are read as :meth:`RunSpec.play <huegames.run.runner.RunSpec.play>`
    reads them, and each record is the one it gives plus ``"engine": "kernel"``.
    """
    global _workspace
    rules = getattr(run, "rules", None) or Rules()
    if _core is None or run.game != GAME_NAME or not isinstance(rules, Rules):
        return None
    policies: dict[str, tuple[int, int, int]] = {}  # by bot label
    for bot in run.bots:
        policy = policy_of(bot)
        if policy is None:
            return None
        policies[bot.label] = policy
    count = stop - start
    if count <= 0:
        return []
    ffi, lib = _core.ffi, _core.lib
    seeding = run.seeding(start, stop)
    deals = ffi.new("uint64_t[]", seeding.deals)
    bots = ffi.new("linja_bot[]", 2 * count)
    nodes = max(budget for _, budget, _ in policies.values())
    for index, names in enumerate(seeding.seats):
        for seat, label in enumerate(names):
            slot = bots[2 * index + seat]
            slot.policy, slot.nodes, slot.max_depth = policies[label]
            slot.seed = seeding.bots[2 * index + seat]
    scores = ffi.new("int32_t[]", 2 * count)
    winners = ffi.new("int8_t[]", count)
    moves = ffi.new("linja_move[]", count * lib.LINJA_MAX_GAME_MOVES) if run.record_moves else None
    counts = ffi.new("int32_t[]", count) if run.record_moves else ffi.NULL
    if _workspace is None:
        _workspace = _Workspace()
    workspace = _workspace
    searching = any(policy[0] == lib.LINJA_POLICY_SEARCH for policy in policies.values())
    children = (nodes + 256) * _SEARCH_CHILDREN if searching else 0
    c_rules = ffi.new(
        "linja_rules *",
        {
            "goal_bonus": int(rules.goal_bonus),
            "tie_break": rules.tie_break == "goal",
            "blockade": rules.blockade == "draw",
        },
    )
    while True:
        workspace.size(nodes, children)
        status = lib.linja_play_games(
            c_rules,
            count,
            deals,
            bots,
            workspace.ws,
            scores,
            winners,
            ffi.NULL if moves is None else moves,
            counts,
        )
        if status != lib.HG_ERR_WORKSPACE:
            break
        children = 2 * max(children, workspace.ws.children_capacity)
        if children > _MOST_CHILDREN:
            return None
    if status < 0:
        raise RuntimeError(f"the Linja C core failed: {_cores.error_message(_core, status)}")
    step = lib.LINJA_MAX_GAME_MOVES
    records = []
    for index, number in enumerate(range(start, stop)):
        winner = winners[index]
        played = None
        if moves is not None:
            game_moves = moves[index * step : index * step + counts[index]]
            played = [_MOVE_TEXT[m.src, m.dst] for m in game_moves]
        records.append(
            run.kernel_record(
                number,
                seeding.deals[index],
                seeding.seats[index],
                [scores[2 * index], scores[2 * index + 1]],
                [] if winner < 0 else [winner],
                played,
            )
        )
    return records


def random_scores(seed: int, rules: Rules | None = None) -> list[int]:
    """The scores of one whole game between two random seats (``RandomBot``)
    played in the core: the first player drawn from ``seed`` as
    :func:`~huegames.linja.new_game` draws it, seat ``s``'s bot seeded
    ``seed + 1 + s``.  The kernel's random game, which ``huegames bench``
    sets against a random game through the API."""
    if _core is None:
        raise RuntimeError("the Linja C core is not loaded")
    global _workspace
    if _workspace is None:
        _workspace = _Workspace()
    ffi, lib = _core.ffi, _core.lib
    rules = rules or Rules()
    bots = ffi.new("linja_bot[2]", [(lib.LINJA_POLICY_RANDOM, 0, 1, seed + 1 + s) for s in (0, 1)])
    scores = ffi.new("int32_t[2]")
    c_rules = ffi.new(
        "linja_rules *",
        (int(rules.goal_bonus), int(rules.tie_break == "goal"), int(rules.blockade == "draw")),
    )
    status = lib.linja_play_games(
        c_rules, 1, ffi.new("uint64_t[1]", [seed]), bots, _workspace.ws, scores,
        ffi.new("int8_t[1]"), ffi.NULL, ffi.NULL,
    )  # fmt: skip
    if status < 0:
        raise RuntimeError(f"the Linja C core failed: {_cores.error_message(_core, status)}")
    return [scores[0], scores[1]]
