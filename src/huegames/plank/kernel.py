"""Whole hands of Plank played in the C core (``csrc/plank_core.h``).

The core deals and plays hands with the random and greedy policies, the
choices of :class:`~huegames.plank.RandomBot` and
:class:`~huegames.plank.GreedyBot`, drawing from the same generator
(MT19937 as ``random.Random``): a hand it plays from the seeds of a deal and
of each seat's bot is move for move the hand the Python engine plays from
them.  The runner plays a run here when every seat's bot is ``random`` or
``greedy`` (:func:`play_games`, registered as Plank's
:attr:`~huegames.engine.GameSpec.kernel`); its records equal the Python
path's, plus ``"engine": "kernel"``.

Without the C core (``HUEGAMES_BACKEND=python``, or no compiler at install
time) :data:`available` is False, :func:`play_games` returns None and
:func:`play_hands` raises :class:`KernelUnavailableError`.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import _cores, engine
from ..records import brief
from .bots import GreedyBot, RandomBot
from .c_state import CORE, CORE_NAME, CORE_VERSION, MOVES
from .components import check_players
from .rules import Rules

__all__ = [
    "POLICIES",
    "Hands",
    "KernelUnavailableError",
    "available",
    "play_games",
    "play_hands",
    "policy_of",
]

_core = _cores.load(CORE, CORE_NAME, CORE_VERSION)
ffi: Any = None if _core is None else _core.ffi
lib: Any = None if _core is None else _core.lib

available = lib is not None
"""Whether the C core is loaded (it is not under ``HUEGAMES_BACKEND=python``)."""

POLICIES = {"random": RandomBot, "greedy": GreedyBot}
"""The kernel's policies by name, and the bot whose choices each makes."""

SEED_LIMIT = 2**64
"""Deal and bot seeds are unsigned 64-bit integers for the core: 0..2**64-1."""
TYPICAL_TURNS = 400
"""Moves a hand is given room for at first when they are recorded (the
default turn limit is 200)."""


class KernelUnavailableError(RuntimeError):
    """The Plank C core is not loaded (``HUEGAMES_BACKEND=python``, or not built)."""


def _require() -> Any:
    if lib is None:
        raise KernelUnavailableError(
            "huegames.plank.kernel needs the Plank C core, which is not loaded "
            "(HUEGAMES_BACKEND=python, or it was not built at install time)"
        )
    return lib


_POLICY_CODES = (
    {"random": lib.PLANK_POLICY_RANDOM, "greedy": lib.PLANK_POLICY_GREEDY} if available else {}
)
_TEXTS = {code: str(move) for code, move in MOVES.items()}

_scratch = threading.local()


def _workspace(size: int) -> Any:  # cdata char[]
    """A per-thread workspace of at least ``size`` bytes, kept for reuse."""
    array = getattr(_scratch, "workspace", None)
    if array is None or len(array) < size:
        array = ffi.new("char[]", size)
        _scratch.workspace = array
    return array


def policy_of(bot: engine.BotSpec) -> int | None:
    """The core's policy (``PLANK_POLICY_*``) that plays as ``bot``, or None
    (without the core, or for any other bot than plain ``random`` or
    ``greedy``).  The bot is built once to read its class: only the
    catalogue's own classes qualify (a subclass may choose otherwise)."""
    if lib is None:
        return None
    try:
        built = bot.build(engine.game_spec("plank"), 0)
    except (TypeError, ValueError):
        return None
    kind = type(built)
    if kind is RandomBot:
        return int(lib.PLANK_POLICY_RANDOM)
    if kind is GreedyBot:
        return int(lib.PLANK_POLICY_GREEDY)
    return None


@dataclass(frozen=True, slots=True)
class Hands:
    """What :func:`play_hands` returns, one entry per hand: each seat's
    ``scores`` (as :meth:`Game.scores <huegames.plank.Game.scores>`), the
    ``winners`` (as ``outcome().winners``; ``()`` for a draw), and the
    ``moves`` as text (None unless asked for)."""

    scores: list[list[int]]
    winners: list[tuple[int, ...]]
    moves: list[list[str]] | None


def _seeds(name: str, seeds: Sequence[int]) -> list[int]:
    for seed in seeds:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"{name} must be integers, not {brief(seed)}")
        if not 0 <= seed < SEED_LIMIT:
            raise ValueError(f"{name} must be in 0..2**64-1, not {brief(seed)}")
    return list(seeds)


def play_hands(
    players: int,
    deal_seeds: Sequence[int],
    bot_seeds: Sequence[Sequence[int]],
    policies: Sequence[Sequence[str]],
    *,
    rules: Rules | None = None,
    record_moves: bool = False,
) -> Hands:
    """Deal and play one hand per deal seed, in C.

    Hand ``h`` is ``plank.new_game(players, seed=deal_seeds[h], rules=rules)``
    with seat ``s`` played by ``POLICIES[policies[h][s]](seed=bot_seeds[h][s])``,
    move for move.  The core needs a turn limit (``Rules.turn_limit`` of at most
    1,000,000): ValueError otherwise.

    >>> from huegames import engine, plank
    >>> from huegames.plank import kernel
    >>> game = plank.new_game(players=2, seed=7)
    >>> _ = engine.play_game(game, [plank.GreedyBot(seed=1), plank.RandomBot(seed=2)])
    >>> if kernel.available:  # the C core: the same hand, move for move
    ...     hands = kernel.play_hands(2, [7], [[1, 2]], [["greedy", "random"]], record_moves=True)
    ...     print(hands.moves[0] == [str(move) for move in game.history], hands.scores[0])
    ... else:
    ...     print(True, game.scores())
    True [1, 0]
    """
    core = _require()
    players = check_players(players)
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be plank.Rules, not {type(rules).__name__}")
    limit = rules.turn_limit
    if limit is None or limit > core.PLANK_MAX_TURN_LIMIT:
        raise ValueError(
            f"the Plank kernel needs a turn limit of at most {core.PLANK_MAX_TURN_LIMIT:,}, "
            f"not {limit}"
        )
    deals = _seeds("deal seeds", deal_seeds)
    count = len(deals)
    if len(bot_seeds) != count or len(policies) != count:
        raise ValueError(
            f"{count} deal seeds need as many bot seed and policy lists, not "
            f"{len(bot_seeds)} and {len(policies)}"
        )
    seeds, codes = [], []
    for hand in range(count):
        if len(bot_seeds[hand]) != players or len(policies[hand]) != players:
            raise ValueError(f"hand {hand} needs {players} bot seeds and policies")
        seeds += _seeds("bot seeds", bot_seeds[hand])
        for policy in policies[hand]:
            if policy not in POLICIES:
                raise ValueError(f"unknown policy {brief(policy)}: choose from random, greedy")
            codes.append(_POLICY_CODES[policy])
    return _play(core, players, rules, deals, seeds, codes, record_moves)


def _play(
    core: Any,
    players: int,
    rules: Rules,
    deals: list[int],
    seeds: list[int],
    codes: list[int],
    record_moves: bool,
) -> Hands:
    """The core's call, on checked arguments."""
    count = len(deals)
    limit = rules.turn_limit
    assert limit is not None  # checked by the callers
    size = core.plank_workspace_size(limit)
    scores = ffi.new("int32_t[]", max(1, count * players))
    winners = ffi.new("int32_t[]", max(1, count))
    lengths = ffi.new("int32_t[]", max(1, count))
    arguments = (
        ffi.new("uint64_t[]", deals or [0]),
        ffi.new("uint64_t[]", seeds or [0]),
        ffi.new("int8_t[]", codes or [0]),
    )
    # Room for hands of up to TYPICAL_TURNS moves first; hands that run
    # longer are played again (the same hands) with room for the turn limit.
    for turns in sorted({min(limit, TYPICAL_TURNS), limit}) if record_moves else [0]:
        capacity = count * turns
        moves = ffi.new("uint32_t[]", max(1, capacity)) if record_moves else ffi.NULL
        out = ffi.new(
            "plank_hands_out *",
            {
                "scores": scores,
                "winners": winners,
                "lengths": lengths,
                "moves": moves,
                "move_capacity": capacity,
            },
        )
        status = core.plank_play_hands(
            ffi.new("plank_rules *", (players, rules.repetition or 0, limit)),
            count,
            *arguments,
            _workspace(size),
            size,
            out,
        )
        if status != core.HG_ERR_CAPACITY:
            break
    if status < 0:
        assert _core is not None  # the core ran
        message = _cores.error_message(_core, status)
        raise ValueError(f"the Plank C core refused the hands: {message}")
    flat = ffi.unpack(scores, count * players)
    masks = ffi.unpack(winners, count)
    seats = range(players)
    texts: list[list[str]] | None = None
    if record_moves:
        texts, at, codes_played = [], 0, ffi.unpack(moves, sum(ffi.unpack(lengths, count)))
        for length in ffi.unpack(lengths, count):
            texts.append([_TEXTS[code] for code in codes_played[at : at + length]])
            at += length
    return Hands(
        [flat[h * players : (h + 1) * players] for h in range(count)],
        [tuple(s for s in seats if mask >> s & 1) for mask in masks],
        texts,
    )


def play_games(run: Any, start: int, stop: int) -> list[dict[str, Any]] | None:
    """Plank's kernel player (:data:`huegames.engine.KernelPlayer`): the records
    of games ``start .. stop-1`` of ``run`` (a :class:`huegames.run.runner.RunSpec`),
    as :meth:`RunSpec.play <huegames.run.runner.RunSpec.play>` gives them plus
    ``"engine": "kernel"``; None without the C core or when a seat's bot is
    not plain ``random`` or ``greedy``.

    >>> from huegames import simulate
    >>> from huegames.plank import kernel
    >>> result = simulate("plank", "greedy,random", games=2, seed=1, workers=1)
    >>> [record.get("engine") for record in result.records] == [
    ...     "kernel" if kernel.available else None
    ... ] * 2
    True
    """
    if lib is None:
        return None
    spec = run.game_spec
    policy = {}
    for bot in run.bots:
        factory = bot.resolve(spec)
        names = [name for name, kind in POLICIES.items() if kind is factory]
        if bot.settings or not names:
            return None
        policy[bot.label] = names[0]
    if start >= stop:
        return []
    seeding = run.seeding(start, stop)
    codes = [_POLICY_CODES[policy[label]] for names in seeding.seats for label in names]
    hands = _play(lib, run.players, Rules(), seeding.deals, seeding.bots, codes, run.record_moves)
    return [
        run.kernel_record(
            number,
            seeding.deals[h],
            seeding.seats[h],
            hands.scores[h],
            list(hands.winners[h]),
            None if hands.moves is None else hands.moves[h],
        )
        for h, number in enumerate(range(start, stop))
    ]
