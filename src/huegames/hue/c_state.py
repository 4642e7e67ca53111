"""One game of Hue in the C core (``hue_state``, ``csrc/hue_core.h``), behind the ``Game`` API.

When the C core is loaded, a :class:`~huegames.hue.Game` keeps its table
and its cards laid with what each covered in one ``hue_state`` block, and
the hands in a ``hue_hands`` beside it: ``play``, ``undo``,
``legal_moves`` and the scores are single calls into the core
(``hue_state_play``, ``hue_state_undo``, ``hue_state_legal``,
``hue_state_scores``).  Neither holds a pointer, so a copy of a game is a
copy of their bytes.  A view shares the table block (:meth:`CState.viewed`)
and never the hands; the game copies the block before it next changes it.

The pure-Python engine (:class:`~huegames.hue.Board` and the game's own
lists) is the specification it agrees with, move for move and error for
error (``tests/hue/test_c_state.py``): when the core refuses a move, the
game asks the Python rules why, so both backends say the same thing.
"""

from __future__ import annotations

import functools
import operator
import threading
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from .. import _cores
from . import cells
from .board import LegalMoves, TableMirror
from .cards import Deck, Kind

__all__ = ["CState", "available", "capacity_for", "deck_records", "default"]


def _built() -> ModuleType | None:
    """The C core when it was built, whatever backend is the default."""
    try:
        return _cores.core(cells.CORE, cells.CORE_VERSION)
    except ImportError:
        return None


default = _cores.load(cells.CORE, "the C core", cells.CORE_VERSION) is not None
"""Whether games keep their state in the C core unless asked otherwise (the
backend :mod:`huegames.hue.grid.backend` chose: not under ``HUEGAMES_BACKEND=python``)."""
_core = _built()
available = _core is not None
"""Whether the C core was built, so that ``backend="c"`` can run here."""

ffi: Any = None if _core is None else _core.ffi
lib: Any = None if _core is None else _core.lib

KIND_CODES: dict[Kind, int] = {}
"""Each card kind's ``HUE_KIND_*`` number (empty without the core)."""
if lib is not None:
    KIND_CODES.update(
        {
            Kind.STARTING: lib.HUE_KIND_STARTING,
            Kind.POISON: lib.HUE_KIND_POISON,
            Kind.SOLID: lib.HUE_KIND_SOLID,
            Kind.STRIPED: lib.HUE_KIND_STRIPED,
        }
    )


@functools.lru_cache(maxsize=32)
def deck_records(deck: Deck) -> Any:  # cdata hue_card[]
    """The deck as the C core's ``hue_card`` records, in deck order (cached).

    Raises ValueError when ``deck`` is too big for the core (``HUE_MAX_CARDS``).
    """
    if not 1 <= len(deck) <= lib.HUE_MAX_CARDS:
        raise ValueError(
            f"the kernel takes decks of 1 to {lib.HUE_MAX_CARDS} cards, not {len(deck)}"
        )
    records = ffi.new("hue_card[]", len(deck))
    for index, card in enumerate(deck.cards):
        record = records[index]
        for rotation, shape in enumerate(card.shapes):
            for square, code in enumerate(shape):
                record.shapes[rotation][square] = code
        for k, colour in enumerate(card.colours):
            record.colours[k] = int(colour)
        record.kind = KIND_CODES[card.kind]
        record.rotations = card.rotations
    return records


class _Deck:
    """What the state's calls need of a deck: its records as a ``hue_setup``,
    and card ids by deck index and back."""

    __slots__ = ("deck", "ids", "index", "records", "setup", "setups", "turns")

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.records = deck_records(deck)
        # One hue_setup per player count, never changed (threads share them).
        self.setups = {
            players: ffi.new("hue_setup *", (self.records, len(deck), players, 1))
            for players in range(lib.HUE_MIN_PLAYERS, lib.HUE_MAX_PLAYERS + 1)
        }
        self.setup = self.setups[lib.HUE_MIN_PLAYERS]
        """The setup the state's moves read: its deck alone (not its player count)."""
        self.ids = tuple(card.id for card in deck.cards)
        self.index = {card_id: at for at, card_id in enumerate(self.ids)}
        self.turns = {card.id: LegalMoves.turns_of([card]) for card in deck.cards}


@functools.lru_cache(maxsize=32)
def _deck(deck: Deck) -> _Deck:
    return _Deck(deck)


def capacity_for(laid: int, deck: Deck) -> int | None:
    """The capacity of a state for a game that lays ``laid`` cards of
    ``deck``, or None when the core cannot hold it (the Python engine plays
    that game)."""
    if lib is None or not 1 <= len(deck) <= lib.HUE_MAX_CARDS:
        return None
    return laid if lib.hue_state_size(laid, len(deck)) else None


class _Scratch(threading.local):
    """Output buffers of the core's calls, one set per thread, kept at the
    largest size asked for so the calls do not allocate."""

    def __init__(self) -> None:
        self.pairs = ffi.new("int64_t[]", 2)
        self.pair_capacity = 1  # anchors (x, y pairs) that pairs holds
        self.counts = ffi.new("int32_t[2]")
        self.values = ffi.new("int32_t[5]")
        self.scores = ffi.new("int32_t[]", lib.HUE_MAX_PLAYERS)
        self.workspace = ffi.new("char[]", 1)
        self.cards = ffi.new("int32_t[]", 1)
        self.rotations = ffi.new("int32_t[3]")


_scratch: _Scratch | None = _Scratch() if lib is not None else None


_unzeroed: Any = None if ffi is None else ffi.new_allocator(should_clear_after_alloc=False)
# The calls of every move, found once (an attribute of the core's lib costs a lookup a call).
_state_play: Any = None if lib is None else lib.hue_state_play
_state_legal: Any = None if lib is None else lib.hue_state_legal
"""``ffi.new`` without clearing: for blocks the core writes whole before reading."""


def _error(status: int, what: str) -> ValueError:
    assert _core is not None
    return ValueError(f"{what}: {_cores.error_message(_core, status)}")


class CState:
    """A game's ``hue_state`` block and its ``hue_hands``, and the deck it is
    played with; or a view's share of the block alone (:meth:`viewed`)."""

    __slots__ = ("__weakref__", "_block", "_deck", "_hands", "_state", "board", "hands", "mirror")

    def __init__(self, deck: Deck, players: int, covering: bool, capacity: int) -> None:
        size = lib.hue_state_size(capacity, len(deck))
        self._block = _unzeroed("int64_t[]", (size + 7) // 8)  # 8-aligned; init zeroes it
        self._state = ffi.cast("hue_state *", self._block)
        self._deck = _deck(deck)
        status = lib.hue_state_init(
            self._block,
            8 * len(self._block),
            players,
            len(deck),
            1 if covering else 0,
            capacity,
            cells.MAX_COORDINATE,
            cells.MAX_SPAN,
        )
        if status < 0:
            raise _error(status, "a game's C state")
        self._hands: Any = ffi.new("hue_hands *")
        self._hands.players = players
        self.hands: list[tuple[str, ...]] = [()] * players
        """Each seat's hand, card ids in deck order: the C state's, kept in Python to read."""
        self.board: Any = None
        """A view's own :class:`~huegames.hue.Board`, once read (by the view)."""
        self.mirror: Any = None
        """A view's :class:`~huegames.hue.board.TableMirror`: its game's table in Python."""

    @property
    def state_pointer(self) -> Any:
        """The ``hue_state *`` the core's calls take (for an encoder's one call; not to write)."""
        return self._state

    @property
    def hands_pointer(self) -> Any:
        """The ``hue_hands *`` the core's calls take; None for a view's share."""
        return self._hands

    def viewed(self, mirror: TableMirror) -> CState:
        """The table alone, sharing this block (no hands): what a view holds,
        with its game's ``mirror`` (the table in Python, which holds no hand
        either).  The game must copy the block (:meth:`copy`) before changing it."""
        share = CState.__new__(CState)
        share._block, share._state, share._deck = self._block, self._state, self._deck
        share._hands, share.hands, share.board, share.mirror = None, [], None, mirror
        return share

    def __eq__(self, other: object) -> bool:
        """Two states showing the same table: as many cards laid, the same
        code on every cell (what a view compares; the buffers may differ
        in size and place)."""
        if not isinstance(other, CState):
            return NotImplemented
        return self._table() == other._table()

    def _table(self) -> tuple[object, ...]:
        """The cards laid, the occupied box and each of its cells' codes."""
        state = self._state
        if state.laid == 0:
            return ()
        x0, y0 = state.origin_x + state.box[0], state.origin_y + state.box[1]
        x1, y1 = state.origin_x + state.box[2], state.origin_y + state.box[3]
        codes = tuple(
            lib.hue_state_cell(state, x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
        )
        return state.laid, state.fixed, (x0, y0, x1, y1), codes

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as the bytes of its block and hands, and
        its deck: the C state holds no pointer, so the bytes are the state."""
        hands = None if self._hands is None else ffi.buffer(self._hands)[:]
        return (
            _restore,
            (self._deck.deck, ffi.buffer(self._block)[:], hands, self.hands),
            (self.board, self.mirror),
        )

    def __setstate__(self, views: tuple[Any, Any]) -> None:
        self.board, self.mirror = views

    def copy(self) -> CState:
        """An independent state with the same game (a copy of the bytes)."""
        twin = CState.__new__(CState)
        twin._block = _unzeroed("int64_t[]", len(self._block))
        ffi.memmove(twin._block, self._block, 8 * len(self._block))
        twin._state = ffi.cast("hue_state *", twin._block)
        twin._deck = self._deck
        twin._hands = ffi.new("hue_hands *", self._hands[0])
        twin.hands = list(self.hands)
        twin.board = twin.mirror = None
        return twin

    # -- setting up --------------------------------------------------------

    def deal(
        self, seed: int
    ) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], tuple[int, ...], tuple[str, ...]]:
        """Deal a new game into this empty state as
        :func:`~huegames.hue.game.deal_cards` deals it from
        ``random.Random(seed)`` (0 <= seed < 2**64), in one call
        (``hue_state_deal``): the opening laid, the hands dealt.  Returns the
        hands, the three opening cards and their rotations, and the
        set-aside cards."""
        scratch = _scratch
        assert scratch is not None
        helper, players = self._deck, self._hands.players
        size = len(helper.ids)
        if len(scratch.cards) < size:
            scratch.cards = ffi.new("int32_t[]", size)
        status = lib.hue_state_deal(
            helper.setups[players], self._state, self._hands, seed, scratch.cards, scratch.rotations
        )
        if status < 0:
            raise _error(status, "the deal")
        names = operator.itemgetter(*ffi.unpack(scratch.cards, size))(helper.ids)
        per_hand = self._hands.count[0]
        dealt = per_hand * players
        hands = tuple(names[at : at + per_hand] for at in range(0, dealt, per_hand))
        self.hands = list(hands)
        rotations = tuple(ffi.unpack(scratch.rotations, 3))
        return hands, names[dealt : dealt + 3], rotations, names[dealt + 3 :]

    def give(self, seat: int, hand: Sequence[str]) -> None:
        """Seat ``seat`` holds ``hand`` (card ids in deck order) from now on."""
        index = self._deck.index
        cards = [index[card_id] for card_id in hand]
        status = lib.hue_hands_set(self._hands, len(self._deck.ids), seat, cards, len(cards))
        if status < 0:
            raise _error(status, f"hand {seat}")
        self.hands[seat] = tuple(hand)

    def lay(self, card_id: str, x: int, y: int, rotation: int, seat: int, check: bool) -> bool:
        """Lay a card not from a hand (the opening, seat -1, or a move
        already played by ``seat``); checked like a move when ``check``.
        False when the core refuses it, nothing changed."""
        card = self._deck.index.get(card_id, -1)
        try:
            status = lib.hue_state_lay(
                self._deck.setup, self._state, card, x, y, rotation, seat, 1 if check else 0
            )
        except OverflowError:  # a coordinate no table reaches
            return False
        return status >= 0

    # -- the game ----------------------------------------------------------

    def play(self, mover: int, card_id: str, x: int, y: int, rotation: int) -> bool:
        """The mover (seat ``mover``, as the game counts turns) plays a card
        from its hand, if legal (True); else nothing changes (False)."""
        deck = self._deck
        try:
            status = _state_play(
                deck.setup, self._state, self._hands, deck.index.get(card_id, -1), x, y, rotation
            )
        except (OverflowError, TypeError):  # a coordinate no table reaches, or no int
            return False
        if status < 0:
            return False
        hand = self.hands[mover]
        at = hand.index(card_id)
        self.hands[mover] = hand[:at] + hand[at + 1 :]
        return True

    def undo(self, seat: int) -> None:
        """Take back the last move, which seat ``seat`` played."""
        hands = self._hands
        card = lib.hue_state_undo(self._state, hands)
        if card < 0:
            raise _error(card, "undo")
        ids = self._deck.ids
        self.hands[seat] = tuple(ids[card] for card in hands.cards[seat][0 : hands.count[seat]])

    def legal_moves(self, hand: tuple[str, ...]) -> LegalMoves:
        """The legal moves of the cards ``hand`` (the mover's) on this table."""
        turns: tuple[tuple[str, int], ...] = ()
        per_card = self._deck.turns
        for card_id in hand:
            turns += per_card[card_id]
        return LegalMoves.of_turns(turns, self.anchors())

    def anchors(self) -> tuple[Sequence[int], Sequence[int]]:
        """The legal anchors of a vertical and of a horizontal card, as flat
        ``[x0, y0, x1, y1, ...]`` sequences (read-only views of one copy of
        the core's array)."""
        scratch = _scratch
        assert scratch is not None
        state, counts = self._state, scratch.counts
        total = _state_legal(state, scratch.pairs, scratch.pair_capacity, counts)
        if total < 0 and total == lib.HG_ERR_CAPACITY:  # a table wider than any before here
            scratch.pair_capacity = lib.hue_state_legal_capacity(state)
            scratch.pairs = ffi.new("int64_t[]", 2 * scratch.pair_capacity)
            total = _state_legal(state, scratch.pairs, scratch.pair_capacity, counts)
        if total < 0:
            raise _error(total, "legal moves")
        flat = memoryview(ffi.buffer(scratch.pairs, 16 * total)[:]).cast("q")
        vertical = 2 * counts[0]
        return flat[:vertical], flat[vertical:]

    def scores(self, players: int) -> tuple[tuple[int, ...], list[int]]:
        """The colour values of the table (G R Y P B) and each seat's score."""
        scratch = _scratch
        assert scratch is not None
        state = self._state
        size = lib.hue_state_workspace_size(state)
        if size > len(scratch.workspace):
            scratch.workspace = ffi.new("char[]", size)
        status = lib.hue_state_scores(
            self._deck.setup,
            state,
            ffi.NULL if self._hands is None else self._hands,
            scratch.workspace,
            size,
            scratch.values,
            scratch.scores,
        )
        if status < 0:
            raise _error(status, "scores")
        return tuple(ffi.unpack(scratch.values, 5)), ffi.unpack(scratch.scores, players)


def _restore(deck: Deck, block: bytes, hands: bytes | None, seats: list[tuple[str, ...]]) -> CState:
    """A :class:`CState` from the bytes :meth:`CState.__reduce__` took."""
    state = CState.__new__(CState)
    state._block = _unzeroed("int64_t[]", len(block) // 8)
    ffi.memmove(state._block, block, len(block))
    state._state = ffi.cast("hue_state *", state._block)
    state._deck = _deck(deck)
    state._hands = None if hands is None else ffi.new("hue_hands *")
    if hands is not None:
        ffi.memmove(state._hands, hands, len(hands))
    state.hands = list(seats)
    state.board = state.mirror = None
    return state
