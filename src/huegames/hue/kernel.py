"""Whole random games and random playouts, played entirely in the C core.

Two batch entry points cross into C once per batch (``csrc/hue_core.h``,
``hue_random_games`` and ``hue_playouts``):

- :func:`random_games` deals and plays whole games (rules §3-5), every turn a
  uniformly random legal placement of the mover's hand -- the same listing as
  :meth:`Board.legal_placements_of` -- and returns each game's deal, moves,
  scores and winner; :func:`random_scores` returns only the scores and
  winners, for throughput.  Game ``i`` of a run draws from stream
  ``first_game + i`` of the seed alone, so a run may be cut into batches
  anywhere (or spread over processes) without changing any game.
- :class:`Playouts` runs many random playouts from one position (a board,
  each seat's hand, the seat to move), for search bots.
- :func:`play_games` is Hue's batch player for the runner
  (:attr:`GameSpec.kernel <huegames.engine.GameSpec.kernel>`): a chunk of a
  run whose seats are all ``random`` or ``greedy`` is played in one call
  (``hue_play_matches``), each game move for move the one
  :meth:`RunSpec.play <huegames.run.runner.RunSpec.play>` plays -- the C core
  reproduces Python's ``random.Random`` for the deal and both bots.

The kernel needs the C backend: on the pure-Python backend every entry point
raises :class:`KernelUnavailableError` (the MCTS bot has its own slow
fallback).  The random games and playouts draw from xoshiro256**, not
Python's ``random``: a :func:`random_games` game with seed ``s`` is not
``new_game(seed=s)`` (but a :func:`play_games` game is).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .. import _cores, engine
from ..records import brief
from . import c_state, cells
from .board import Board
from .bots import GreedyBot, RandomBot
from .cards import Card, Deck, default_deck
from .game import Deal, Game, check_deck, new_game
from .grid import backend
from .moves import Move
from .rules import Rules

__all__ = [
    "KernelGame",
    "KernelScores",
    "KernelUnavailableError",
    "PlayoutResults",
    "Playouts",
    "available",
    "deck_records",
    "moves_per_game",
    "play_games",
    "random_games",
    "random_scores",
]

# The core as the backend loaded it (None on the pure-Python backend).
_core = _cores.load(cells.CORE, "the C core", cells.CORE_VERSION) if backend.name == "c" else None
ffi: Any = None if _core is None else _core.ffi
lib: Any = None if _core is None else _core.lib

DeckLike = Deck | Iterable[Card | Mapping[str, object] | Sequence[object]] | None
"""A deck as the entry points take it: a Deck, cards or card records, or
None for the default deck."""

available = lib is not None
"""Whether the kernel can run: the C backend is the one in use."""

SEED_LIMIT = 2**64
"""Seeds and stream numbers are unsigned 64-bit integers: 0..2**64-1."""
INT32_LIMIT = 2**31
"""Counts the C core takes as ``int32_t``: games and playouts, 0..2**31-1."""
POLICIES = ("random", "keep_best", "greedy")
"""Playout policies: uniform random moves; the same, but a seat down to two
cards keeps the one scoring more on the table as it then is; or every seat
choosing as :class:`~huegames.hue.GreedyBot` does, the strongest card an
opponent might hold being one of the other seats' hands of the playout."""

# The C core's numbers for them, from csrc/hue_core.h (empty without the core).
_POLICY_CODES: dict[str, int] = {}
if lib is not None:
    _POLICY_CODES.update(
        {
            "random": lib.HUE_POLICY_RANDOM,
            "keep_best": lib.HUE_POLICY_KEEP_BEST,
            "greedy": lib.HUE_POLICY_GREEDY,
        }
    )


class KernelUnavailableError(RuntimeError):
    """The C kernel is not available: the pure-Python backend is in use."""


def _require() -> None:
    if lib is None:
        raise KernelUnavailableError(
            f"huegames.hue.kernel needs the C backend, but the {backend.name} backend is in "
            "use (HUEGAMES_BACKEND=python, or the C core was not built)"
        )


def _setup(records: Any, cards: int, players: int, covering: bool) -> Any:
    """The ``hue_setup`` of a deck's records (which the caller keeps alive)."""
    return ffi.new("hue_setup *", (records, cards, players, 1 if covering else 0))


def _check(status: int, what: str) -> None:
    if status < 0:
        assert _core is not None  # the kernel ran
        raise ValueError(f"{what}: {_cores.error_message(_core, status)}")


def _integer(name: str, value: object, low: int, high: int) -> int:
    """``value`` checked to be an int (not a bool or float) in ``low..high-1``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, not {brief(value)}")
    if not low <= value < high:
        raise ValueError(f"{name} must be in {low}..{high - 1}, not {brief(value)}")
    return value


def _streams(name: str, first: int, count: int) -> None:
    """Refuse a run whose streams ``first .. first+count-1`` would pass 2**64-1
    (the C core would wrap round to stream 0)."""
    _integer(name, first, 0, SEED_LIMIT - max(count - 1, 0))


def _sequence(name: str, value: object) -> Sequence[Any]:
    """``value`` checked to be a list or tuple (not a text)."""
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{name} must be a list or tuple, not {brief(value)}")
    return value


def _deck_of(deck: DeckLike) -> Deck:
    if isinstance(deck, Deck):
        return deck
    return Deck(default_deck() if deck is None else deck)


def deck_records(deck: Deck) -> Any:  # cdata hue_card[]
    """The deck as the C core's ``hue_card`` records, in deck order (cached:
    :func:`huegames.hue.c_state.deck_records`).

    What the kernel hands to ``lib.hue_random_games`` and ``lib.hue_playouts``;
    public for calling those entry points directly.  Raises TypeError when
    ``deck`` is not a :class:`Deck`, ValueError when it is too big for the
    core (``HUE_MAX_CARDS``).
    """
    _require()
    if not isinstance(deck, Deck):
        raise TypeError(f"deck must be a hue.Deck, not {brief(deck)}")
    return c_state.deck_records(deck)


_scratch = threading.local()


def _workspace(size: int) -> Any:  # cdata char[]
    """A per-thread workspace of at least ``size`` bytes, kept for reuse."""
    array = getattr(_scratch, "workspace", None)
    if array is None or len(array) < size:
        array = ffi.new("char[]", size)
        _scratch.workspace = array
    return array


def _players(players: object) -> int:
    """``players`` checked against the kernel's range of seats."""
    return _integer("players", players, lib.HUE_MIN_PLAYERS, lib.HUE_MAX_PLAYERS + 1)


def moves_per_game(players: int) -> int:
    """Moves in a game: each seat plays all but one card (5 each, 4 with 5 players)."""
    _require()
    moves: int = lib.hue_game_moves(_players(players))
    return moves


# -- whole games ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KernelGame:
    """One game played by the kernel: the deal, the moves in order (seat
    ``j % players`` made move ``j``), each seat's final score and the winner
    (ties: the earliest seat)."""

    players: int
    deal: Deal
    moves: tuple[Move, ...]
    scores: tuple[int, ...]
    winner: int
    deck: Deck
    covering: bool = True

    def replay(self) -> Game:
        """The game rebuilt by the Python engine, every move checked by ``play``."""
        game = Game(self.players, self.deal, deck=self.deck, rules=Rules(covering=self.covering))
        for move in self.moves:
            game.play(move)
        return game


class KernelScores(NamedTuple):
    """Scores (one tuple per game, one score per seat) and winners of a run."""

    scores: list[tuple[int, ...]]
    winners: list[int]


def _prepare(
    players: int, games: int, seed: int, first_game: int, deck: DeckLike, covering: bool
) -> tuple[Deck, Any, int]:
    _require()
    _players(players)
    _integer("games", games, 0, INT32_LIMIT)
    _integer("seed", seed, 0, SEED_LIMIT)
    _streams("first_game", first_game, games)
    if not isinstance(covering, bool):
        raise TypeError(f"covering must be True or False, not {brief(covering)}")
    the_deck = _deck_of(deck)
    check_deck(the_deck, players, Rules(covering=covering))
    size = lib.hue_games_workspace_size(len(the_deck), players)
    if size == 0:
        raise ValueError(f"a deck of {len(the_deck)} cards is beyond the kernel's limits")
    return the_deck, deck_records(the_deck), size


def _run_games(
    players: int,
    games: int,
    seed: int,
    first_game: int,
    deck: DeckLike,
    covering: bool,
    full: bool,
) -> tuple[Deck, list[tuple[int, ...]], list[int], Any, Any, Any]:
    the_deck, records, size = _prepare(players, games, seed, first_game, deck, covering)
    cards, per_game = len(the_deck), moves_per_game(players)
    scores = ffi.new("int32_t[]", max(1, games * players))
    winners = ffi.new("int32_t[]", max(1, games))
    owners = ffi.new("int32_t[]", max(1, games * cards)) if full else ffi.NULL
    opening = ffi.new("int32_t[]", max(1, games * 6)) if full else ffi.NULL
    moves = ffi.new("hue_placement[]", max(1, games * per_game)) if full else ffi.NULL
    status = lib.hue_random_games(
        _setup(records, cards, players, covering),
        seed,
        first_game,
        games,
        _workspace(size),
        size,
        ffi.new("hue_games_out *", (owners, opening, moves, scores, winners)),
    )
    _check(status, "random_games")
    flat = ffi.unpack(scores, games * players)
    score_rows = [tuple(flat[g * players : (g + 1) * players]) for g in range(games)]
    winner_list = ffi.unpack(winners, games)
    return the_deck, score_rows, winner_list, owners, opening, moves


def random_games(
    players: int,
    games: int,
    seed: int,
    *,
    deck: DeckLike = None,
    covering: bool = True,
    first_game: int = 0,
) -> list[KernelGame]:
    """Play ``games`` whole random games in C; game ``i`` is stream ``first_game + i``.

    ``seed`` is an integer in 0..2**64-1, ``games`` in 0..2**31-1 and
    ``first_game`` in 0..2**64-games (so no stream number passes 2**64-1).
    ``covering=False`` is the variant where no card covers another.  Raises
    KernelUnavailableError on the pure-Python backend, ValueError/TypeError
    for bad arguments (a deck too small for ``players``, say).

    Every kernel game replays move for move in the Python engine, to the
    same scores (the examples check nothing on the pure-Python backend,
    where there is no kernel to call):

    >>> from huegames.hue import kernel
    >>> games = kernel.random_games(players=3, games=2, seed=1) if kernel.available else []
    >>> all(len(game.moves) == 15 for game in games)
    True
    >>> all(game.replay().scores() == list(game.scores) for game in games)
    True
    """
    the_deck, score_rows, winner_list, owners, opening, moves = _run_games(
        players, games, seed, first_game, deck, covering, full=True
    )
    ids = list(the_deck)
    cards, per_game = len(ids), moves_per_game(players)
    owner_flat = ffi.unpack(owners, games * cards)
    opening_flat = ffi.unpack(opening, games * 6)
    result = []
    for g in range(games):
        row = owner_flat[g * cards : (g + 1) * cards]
        hands = tuple(
            tuple(ids[c] for c in range(cards) if row[c] == seat) for seat in range(players)
        )
        set_aside = tuple(ids[c] for c in range(cards) if row[c] == lib.HUE_OWNER_SET_ASIDE)
        first_card = opening_flat[6 * g : 6 * g + 6]
        laid = tuple(Move(ids[first_card[2 * k]], k, k, first_card[2 * k + 1]) for k in range(3))
        played = tuple(
            Move(ids[m.card], m.x, m.y, m.rotation)
            for m in moves[g * per_game : (g + 1) * per_game]
        )
        result.append(
            KernelGame(
                players,
                Deal(hands, laid, set_aside),
                played,
                score_rows[g],
                winner_list[g],
                the_deck,
                covering,
            )
        )
    return result


def random_scores(
    players: int,
    games: int,
    seed: int,
    *,
    deck: DeckLike = None,
    covering: bool = True,
    first_game: int = 0,
) -> KernelScores:
    """The same games as :func:`random_games`, returning only scores and winners.

    >>> from huegames.hue import kernel
    >>> if kernel.available:  # the C backend
    ...     scores, winners = kernel.random_scores(players=3, games=100, seed=1)
    ...     games = kernel.random_games(players=3, games=100, seed=1)
    ...     assert scores == [game.scores for game in games]
    ...     assert winners == [game.winner for game in games]
    """
    _, score_rows, winner_list, _, _, _ = _run_games(
        players, games, seed, first_game, deck, covering, full=False
    )
    return KernelScores(score_rows, winner_list)


# -- playouts for search -----------------------------------------------------------


class PlayoutResults(NamedTuple):
    """Per playout: each seat's final score, the winner, and (when asked
    for) the final colour values G R Y P B."""

    scores: list[tuple[int, ...]]
    winners: list[int]
    values: list[tuple[int, ...]] | None


class Playouts:
    """Random playouts from one position, many per call into C.

    The position is a board (whose cards are the table), the number of
    seats and the seat to move.  Each call to :meth:`run` gives, per
    playout, every seat's hand (card ids or deck indices: a determinization
    of the hidden cards) and optionally the first move of the seat to move;
    turns then go round from that seat, a seat holding one card passes, and
    the playout ends when every seat holds one card, its score card.
    ``policy``: ``"random"`` (uniform over listed placements),
    ``"keep_best"`` (the same, but a seat down to two cards keeps the one
    scoring more on the table as it then is) or ``"greedy"`` (every seat as
    :class:`~huegames.hue.GreedyBot`, about a hundred times slower).
    """

    __slots__ = (
        "_cells",
        "_deck",
        "_height",
        "_index",
        "_records",
        "_width",
        "_x0",
        "_y0",
        "covering",
        "players",
        "policy",
        "to_move",
    )

    def __init__(
        self,
        board: Board,
        players: int,
        to_move: int,
        *,
        policy: str = "keep_best",
    ) -> None:
        _require()
        if not isinstance(board, Board):
            raise TypeError(f"board must be a hue.Board, not {brief(board)}")
        _players(players)
        _integer("to_move", to_move, 0, players)
        if not isinstance(policy, str) or policy not in POLICIES:
            raise ValueError(f"unknown playout policy {brief(policy)}: use {', '.join(POLICIES)}")
        box = board.bounds()
        if box is None:
            raise ValueError("the table is empty: a playout needs the opening laid")
        self._records = deck_records(board.deck)
        self._deck = board.deck
        self._index = {card_id: k for k, card_id in enumerate(board.deck)}
        self.players, self.to_move, self.policy = players, to_move, policy
        self.covering = board.covering
        x0, y0, x1, y1 = box
        self._x0, self._y0 = x0, y0
        self._width, self._height = x1 - x0 + 1, y1 - y0 + 1
        self._cells = ffi.new("hue_cell[]", self._width * self._height)
        for move in board.placements:
            shape = board.deck[move.card].shapes[move.rotation]
            for (x, y), code in zip(move.cells, shape, strict=True):
                self._cells[(y - y0) * self._width + (x - x0)] = code

    def index(self, card: str | int) -> int:
        """A card's deck index from its id (or the index itself, checked).

        Raises ValueError for an unknown id or an index outside the deck,
        TypeError for anything but a text or an int.
        """
        if isinstance(card, str):
            index = self._index.get(card)
            if index is None:
                raise ValueError(f"{brief(card)} is not a card of this deck")
            return index
        return _integer("a card's deck index", card, 0, len(self._deck))

    def run(
        self,
        hands: Sequence[Sequence[Sequence[str | int]]],
        *,
        first: Move | str | Sequence[Move | str] | None = None,
        seed: int = 0,
        first_playout: int = 0,
        values: bool = False,
    ) -> PlayoutResults:
        """Play ``len(hands)`` playouts; playout ``p`` is stream ``first_playout + p``.

        ``hands[p][seat]`` is that seat's hand in playout ``p`` (card ids or
        deck indices).  ``first`` is None, one Move (or move text) made first
        in every playout, or one per playout.  ``seed`` is in 0..2**64-1,
        ``first_playout`` in 0..2**64-len(hands) (no stream passes 2**64-1).
        Raises ValueError when a hand or first move breaks the rules (a card
        twice, an empty hand, an illegal first move) or a number is out of
        range, TypeError for arguments of the wrong type.
        """
        hands = _sequence("hands", hands)
        count, players = len(hands), self.players
        _integer("playouts (len(hands))", count, 0, INT32_LIMIT)
        _integer("seed", seed, 0, SEED_LIMIT)
        _streams("first_playout", first_playout, count)
        if not isinstance(values, bool):
            raise TypeError(f"values must be True or False, not {brief(values)}")
        for p, per_seat in enumerate(hands):
            if len(_sequence(f"hands[{p}]", per_seat)) != players:
                raise ValueError(f"playout {p} has {len(per_seat)} hands for {players} seats")
            for seat, hand in enumerate(per_seat):
                _sequence(f"hands[{p}][{seat}]", hand)
        capacity = max(
            (len(hand) for per_seat in hands for hand in per_seat),
            default=1,
        )
        capacity = max(capacity, 1)
        if capacity > lib.HUE_MAX_HAND:
            raise ValueError(f"a hand holds {capacity} cards; at most {lib.HUE_MAX_HAND}")
        flat = ffi.new("int32_t[]", max(1, count * players * capacity))
        index = self.index
        at = 0
        for per_seat in hands:
            for hand in per_seat:
                for k in range(capacity):
                    flat[at + k] = index(hand[k]) if k < len(hand) else -1
                at += capacity
        first_array = ffi.NULL
        if first is not None:
            one = isinstance(first, (Move, str))
            moves = [first] * count if one else list(_sequence("first", first))
            if len(moves) != count:
                raise ValueError(f"{len(moves)} first moves for {count} playouts")
            first_array = ffi.new("hue_placement[]", max(1, count))
            for p, move in enumerate(moves):
                move = Move.coerce(move)
                x, y = move.x - self._x0, move.y - self._y0
                if not (-INT32_LIMIT <= x < INT32_LIMIT and -INT32_LIMIT <= y < INT32_LIMIT):
                    raise ValueError(
                        f"first move {move.describe()}: a hand or first move breaks the rules "
                        "(it lies far from the table)"
                    )
                record = first_array[p]
                record.card = index(move.card)
                record.x, record.y = x, y
                record.rotation = move.rotation
        sizes = (
            lib.hue_greedy_playouts_workspace_size
            if self.policy == "greedy"
            else lib.hue_playouts_workspace_size
        )
        size = sizes(self._width, self._height, len(self._deck), players, capacity)
        if size == 0:
            raise ValueError("the position is beyond the kernel's limits (board too wide?)")
        out_scores = ffi.new("int32_t[]", max(1, count * players))
        out_winners = ffi.new("int32_t[]", max(1, count))
        colours = lib.HUE_COLOURS
        out_values = ffi.new("int32_t[]", max(1, colours * count)) if values else ffi.NULL
        start = ffi.new(
            "hue_start *",
            {
                "grid": (self._cells, self._width, self._height),
                "to_move": self.to_move,
                "hands": flat,
                "hand_capacity": capacity,
                "first": first_array,
            },
        )
        status = lib.hue_playouts(
            _setup(self._records, len(self._deck), players, self.covering),
            start,
            count,
            _POLICY_CODES[self.policy],
            seed,
            first_playout,
            _workspace(size),
            size,
            ffi.new("hue_playouts_out *", (out_values, out_scores, out_winners)),
        )
        _check(status, "playouts")
        scores = ffi.unpack(out_scores, count * players)
        value_rows = None
        if values:
            flat_values = ffi.unpack(out_values, colours * count)
            value_rows = [tuple(flat_values[colours * p : colours * (p + 1)]) for p in range(count)]
        return PlayoutResults(
            [tuple(scores[p * players : (p + 1) * players]) for p in range(count)],
            ffi.unpack(out_winners, count),
            value_rows,
        )


# -- the runner's batch player ---------------------------------------------------

SEAT_POLICIES: dict[engine.BotFactory, str] = {RandomBot: "random", GreedyBot: "greedy"}
"""The bots :func:`play_games` plays in C, each by the policy of the same name."""


@functools.lru_cache(maxsize=1)
def _default_deck() -> Deck:
    return Deck(default_deck())


@functools.lru_cache(maxsize=64)
def _seat_codes(run: Any) -> tuple[int, ...] | None:
    """Each seat's kernel policy code in game 0's seat order, or None when a
    seat's bot has none (another bot, a subclass, or settings)."""
    spec = run.game_spec
    if spec.new_game is not new_game:
        return None
    codes = {"random": lib.HUE_SEAT_RANDOM, "greedy": lib.HUE_SEAT_GREEDY}
    seats = []
    for bot in run.bots:
        policy = SEAT_POLICIES.get(bot.resolve(spec))
        if policy is None or bot.settings:
            return None
        seats.append(codes[policy])
    return tuple(seats)


def play_games(run: Any, start: int, stop: int) -> list[dict[str, Any]] | None:
    """The records of games ``start .. stop-1`` of ``run`` (a
    :class:`~huegames.run.runner.RunSpec`), played in one call into C; None when
    the kernel cannot play it (a seat's bot is not ``random`` or ``greedy``,
    or the C backend is not in use).

    Each game is the one :meth:`RunSpec.play <huegames.run.runner.RunSpec.play>`
    plays from the same seeds, move for move: the record is the same, plus
    ``"engine": "kernel"``.

    >>> from huegames.hue import kernel
    >>> from huegames.run.runner import RunSpec
    >>> run = RunSpec.build("hue", "greedy,random", games=2, seed=1)
    >>> records = kernel.play_games(run, 0, 2) if kernel.available else None
    >>> records is None or [{**run.play(n), "engine": "kernel"} for n in range(2)] == records
    True
    """
    if lib is None or run.game != "hue":
        return None
    codes = _seat_codes(run)
    if codes is None:
        return None
    players, games = run.players, stop - start
    deck = _default_deck()
    records, size = deck_records(deck), lib.hue_matches_workspace_size(len(deck), players)
    seeding = run.seeding(start, stop)
    code_of = {bot.label: code for bot, code in zip(run.bots, codes, strict=True)}
    policies = [code_of[label] for names in seeding.seats for label in names]
    per_game = lib.hue_game_moves(players)
    scores = ffi.new("int32_t[]", max(1, games * players))
    winners = ffi.new("int32_t[]", max(1, games))
    moves = ffi.new("hue_placement[]", max(1, games * per_game)) if run.record_moves else ffi.NULL
    status = lib.hue_play_matches(
        _setup(records, len(deck), players, covering=True),
        games,
        ffi.new("uint64_t[]", seeding.deals) if games else ffi.NULL,
        ffi.new("int32_t[]", policies) if games else ffi.NULL,
        ffi.new("uint64_t[]", seeding.bots) if games else ffi.NULL,
        _workspace(size),
        size,
        ffi.new("hue_games_out *", (ffi.NULL, ffi.NULL, moves, scores, winners)),
    )
    _check(status, "play_games")
    flat, won = ffi.unpack(scores, games * players), ffi.unpack(winners, games)
    ids = list(deck)
    record = run.kernel_record
    return [
        record(
            start + g,
            seeding.deals[g],
            seeding.seats[g],
            flat[g * players : (g + 1) * players],
            [won[g]],
            None
            if moves == ffi.NULL
            else [
                f"{ids[m.card]} {m.x} {m.y} {m.rotation}"
                for m in moves[g * per_game : (g + 1) * per_game]
            ],
        )
        for g in range(games)
    ]
