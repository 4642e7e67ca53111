"""A game of Hue: setup from a seed (rules §3), turns (§4), the end and scores (§5)."""

from __future__ import annotations

import enum
import functools
import random
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import _cores, engine, records
from ..errors import IllegalMoveError
from . import c_state
from .board import Board, ColourValues, LegalMoves, TableMirror, as_values
from .cards import Card, Deck, Kind, as_deck, default_deck
from .moves import Move
from .rules import Rules
from .view import View

MIN_PLAYERS = 2
"""The fewest seats a game of Hue takes."""
MAX_PLAYERS = 5
"""The most seats a game of Hue takes."""
DeckData = Iterable[Card | Mapping[str, object] | Sequence[object]]
"""A deck as data: cards, ``{"id", "kind", "colours"}`` mappings or triples."""
GAME_NAME = "hue"
"""The registry name, which records carry."""
SETUP_KEYS = ("deck", "hands", "opening", "set_aside")
_RULES = Rules()
"""The usual rules (a Rules is immutable: every game without others shares it)."""
"""What a record's ``setup`` holds: the deck (None for the default one) and the deal."""


class Termination(enum.Enum):
    """How a game of Hue ends: there is one way (§4)."""

    HANDS_PLAYED = "every hand holds only its score card"


def standard_cards_dealt(players: int) -> int:
    """Standard cards dealt to each player: 5 with 2-4 players, 4 with 5 (§3.4)."""
    return 4 if players == 5 else 5


def staircase(cards: Sequence[str], rotations: Sequence[int]) -> tuple[Move, ...]:
    """The opening of §3.3: vertical cards at (k, k), each one right and one down."""
    return tuple(
        Move(card_id, k, k, rotation)
        for k, (card_id, rotation) in enumerate(zip(cards, rotations, strict=True))
    )


@dataclass(frozen=True, slots=True)
class Deal:
    """Who got what at setup: the hands, the opening and the unseen set-aside cards."""

    hands: tuple[tuple[str, ...], ...]
    opening: tuple[Move, ...]
    set_aside: tuple[str, ...]


def deal_cards(deck: Deck, players: int, rng: random.Random, rules: Rules) -> Deal:
    """Setup (§3), every random choice drawn from ``rng`` in a fixed order."""
    check_deck(deck, players, rules)
    poison = [card.id for card in deck.of_kind(Kind.POISON)]
    rng.shuffle(poison)
    starting = [card.id for card in deck.of_kind(Kind.STARTING)]
    if rules.opening is None:
        rng.shuffle(starting)
        opening = staircase(starting[:3], [rng.choice((0, 2)) for _ in range(3)])
    else:
        opening = rules.opening
    standard = [card.id for card in deck.of_kind(Kind.SOLID, Kind.STRIPED)]
    rng.shuffle(standard)

    per_player = standard_cards_dealt(players)
    hands = []
    for seat in range(players):
        hand = [poison[seat], *standard[seat : per_player * players : players]]
        hands.append(tuple(sorted(hand, key=deck.position)))
    laid = {move.card for move in opening}
    set_aside = [
        *poison[players:],
        *(c for c in starting if c not in laid),
        *standard[per_player * players :],
    ]
    return Deal(tuple(hands), opening, tuple(sorted(set_aside, key=deck.position)))


@functools.lru_cache(maxsize=1024)
def _staircase(cards: tuple[str, ...], rotations: tuple[int, ...]) -> tuple[Move, ...]:
    """:func:`staircase`, remembered: there are few openings to draw."""
    return staircase(cards, rotations)


@functools.lru_cache(maxsize=64)
def _deck_deals(deck: Deck, players: int, rules: Rules) -> bool:
    """:func:`check_deck`, remembered for the decks that pass it."""
    check_deck(deck, players, rules)
    return True


def check_deck(deck: Deck, players: int, rules: Rules) -> None:
    """Refuse a deck that cannot deal a game of ``players`` (a clear ValueError)."""
    if not MIN_PLAYERS <= engine.check_int(players, "players") <= MAX_PLAYERS:
        shown = records.brief(players)
        raise ValueError(f"Hue is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown}")
    needs = {
        Kind.POISON: players,
        Kind.STARTING: 3 if rules.opening is None else 0,
    }
    for kind, count in needs.items():
        have = len(deck.of_kind(kind))
        if have < count:
            raise ValueError(
                f"the deck has {have} {kind.value} cards; {players} players need {count}"
            )
    standard = len(deck.of_kind(Kind.SOLID, Kind.STRIPED))
    wanted = standard_cards_dealt(players) * players
    if standard < wanted:
        raise ValueError(
            f"the deck has {standard} standard (solid or striped) cards; "
            f"{players} players need {wanted}"
        )
    if rules.opening is not None:
        for move in rules.opening:
            if move.card not in deck:
                raise ValueError(
                    f"opening {move.describe()}: {records.brief(move.card)} "
                    "is not a card of this deck"
                )
            if deck[move.card].kind is not Kind.STARTING:
                raise ValueError(f"opening {move}: {move.card} is not a starting card")


class Game:
    """The state of one game of Hue, from setup to the score cards.

    Build one with :func:`new_game`.  ``play`` checks a move and applies it
    (an illegal one raises IllegalMoveError and changes nothing), ``undo``
    takes it back, ``copy`` gives an independent game.  Once every hand
    holds only its score card the game is over: ``current_player`` is None
    and ``outcome()`` names the one winner.

    When the C core is loaded the table, the cards laid with what each
    covered, and the hands live in it (:mod:`huegames.hue.c_state`), and
    ``play``, ``undo``, ``legal_moves`` and the scores are single calls into
    it; else they live here, in the pure-Python engine, the specification.
    Both play the same game and refuse the same moves with the same words.
    ``backend`` (``"c"`` or ``"python"``) chooses one; :meth:`with_backend`
    copies a game onto the other.

    >>> from huegames import hue
    >>> game = hue.new_game(players=3, seed=7)
    >>> game.hand(0)
    ('X4', 'D0', 'D3', 'D4', 'D5', 'T4')
    >>> game.play("X4 0 -3 0")
    Move.parse('X4 0 -3 0')
    >>> game.current_player, game.hand_sizes
    (1, (5, 6, 6))
    >>> game.undo(), game.hand_sizes
    (Move.parse('X4 0 -3 0'), (6, 6, 6))
    >>> game.play("D2 0 -3 0")
    Traceback (most recent call last):
    ...
    huegames.errors.IllegalMoveError: D2 0 -3 0: that card is not in player 0's hand
    """

    __slots__ = (
        "_board",
        "_c",
        "_hands",
        "_mirror",
        "_over",
        "_scored",
        "_views",
        "deal",
        "deck",
        "history",
        "players",
        "rules",
        "seed",
    )

    def __init__(
        self,
        players: int,
        deal: Deal,
        *,
        deck: DeckData | None = None,
        rules: Rules | None = None,
        seed: int | None = None,
        backend: str | None = None,
    ) -> None:
        the_deck, the_rules = _deck(deck), _rules(rules)
        check_deck(the_deck, players, the_rules)
        _check_deal(the_deck, players, deal)
        if the_rules.opening is not None and the_rules.opening != deal.opening:
            raise ValueError("the deal's opening differs from the opening the rules give")
        self._start(players, deal, the_deck, the_rules, seed, backend, checked=True)

    def _start(
        self,
        players: int,
        deal: Deal,
        deck: Deck,
        rules: Rules,
        seed: int | None,
        backend: str | None,
        *,
        checked: bool,
    ) -> None:
        """Set up from a checked deal: lay the opening (checking it when
        ``checked``: a deal from :func:`deal_cards` lays a staircase, legal
        by construction), hand out the cards."""
        self.deck, self.rules = deck, rules
        self.players = players
        self.seed = None if seed is None else engine.check_seed(seed)
        self.deal = deal
        self.history: list[Move] = []
        self._scored: tuple[int, list[int]] | None = None  # see scores()
        self._c = _c_state(deck, players, rules, backend, len(deal.opening), deal.hands)
        if self._c is None:
            self._board = _opening_board(deck, rules, deal.opening)
            if backend is not None and self._board.backend != backend:  # the grid asked for
                self._board = self._board.with_backend(backend)
            self._hands = [list(hand) for hand in deal.hands]
            return
        for move in deal.opening:
            if not self._c.lay(*move, -1, checked):
                _opening_board(deck, rules, deal.opening)  # raises the rules' ValueError
                raise AssertionError(f"the C core refused the opening {move}")
        self._in_c(deal.hands)

    def _deal_in_c(self, players: int, deck: Deck, rules: Rules, seed: int) -> None:
        """Set up as :meth:`_start` does from :func:`deal_cards`' deal, the
        deal drawn, the opening laid and the hands dealt in one C call."""
        self.deck, self.rules, self.players, self.seed = deck, rules, players, seed
        self.history = []
        self._scored = None
        # the opening, then every card but the score cards (the hands are even)
        moves = players * standard_cards_dealt(players)
        c = self._c = c_state.CState(deck, players, rules.covering, 3 + moves)
        dealt, opening, rotations, set_aside = c.deal(seed)
        self.deal = Deal(dealt, _staircase(opening, rotations), set_aside)
        self._in_c(dealt, given=True)

    def _in_c(self, hands: Sequence[Sequence[str]], *, given: bool = False) -> None:
        """Hand out ``hands`` in the C state (unless ``given`` there already),
        and start its Python mirrors."""
        c = self._c
        assert c is not None
        if not given:
            for seat, hand in enumerate(hands):
                c.give(seat, hand)
        # the table read in Python, brought up to date when asked for
        self._mirror = TableMirror(self.deck, self.rules.covering)
        self._hands = []  # the hands are the C state's
        self._over = all(len(hand) == 1 for hand in hands)
        self._views: list[weakref.ref[c_state.CState]] = []  # see _own_state

    # -- the backend ----------------------------------------------------------

    @property
    def backend(self) -> str:
        """Where this game's state lives: ``"c"`` (the C core) or ``"python"``."""
        return "python" if self._c is None else "c"

    @property
    def core_state(self) -> c_state.CState | None:
        """The game's state in the C core (its table, cards laid and hands),
        or None on the Python backend: what an encoder reads in one call."""
        return self._c

    def with_backend(self, name: str) -> Game:
        """A copy of this game whose state lives on backend ``name`` (``"c"``
        or ``"python"``): the same game, to compare the two engines in one
        process.  Raises ValueError for an unknown name, or ``"c"`` without
        the C core.

        >>> from huegames import hue
        >>> game = hue.new_game(players=2, seed=5)
        >>> _ = game.play(game.legal_moves()[0])
        >>> twin = game.with_backend("python")
        >>> twin.backend, twin.history == game.history, twin.scores() == game.scores()
        ('python', True, True)
        """
        twin = Game.__new__(Game)
        twin._start(self.players, self.deal, self.deck, self.rules, self.seed, name, checked=False)
        for move in self.history:
            twin.play_legal(move)
        return twin

    @property
    def board(self) -> Board:
        """The table: every card laid, in order, and what shows on each cell.

        Read it only: a change to it bypasses the game (play moves with
        :meth:`play`).  On the C backend it is the C state's table read
        into a :class:`Board` when asked for (kept until the next move).
        """
        if self._c is not None:
            return self._mirror.at((*self.deal.opening, *self.history))
        return self._board

    # -- whose turn, what is left ----------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move, or :data:`engine.GAME_OVER` (None) once the game is over."""
        over = self._over if self._c is not None else self.is_over
        return engine.GAME_OVER if over else len(self.history) % self.players

    @property
    def _to_move(self) -> int:
        """Whose turn it is by the count of moves (seats take turns in order)."""
        return len(self.history) % self.players

    def hand(self, player: int) -> tuple[str, ...]:
        """The cards a seat holds now, in deck order (omniscient: not a view)."""
        seat = self._seat(player)
        if self._c is not None:
            return self._c.hands[seat]
        return tuple(self._hands[seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds: what every seat may know of the others."""
        if self._c is not None:
            return tuple(map(len, self._c.hands))
        return tuple(map(len, self._hands))

    @property
    def is_over(self) -> bool:
        """True once every player holds exactly one card, the score card (§4)."""
        # map rather than a generator expression: it is read at every move
        if self._c is not None:
            return self._over
        return all(map((1).__eq__, map(len, self._hands)))

    # -- moves -------------------------------------------------------------------

    def legal_moves(self) -> LegalMoves:
        """Every legal placement of every card in the current player's hand.

        A :class:`LegalMoves` sequence (``len``, index, iterate, ``in``),
        empty once the game is over.
        """
        c = self._c
        if c is not None:
            if self._over:
                return LegalMoves.none()
            return c.legal_moves(c.hands[len(self.history) % self.players])
        if self.is_over:
            return LegalMoves.none()
        return self.board.legal_placements_of(self._hands[self._to_move])

    def play(
        self, move: Move | tuple[str, int, int, int] | str, *, player: int | None = None
    ) -> Move:
        """Check and play ``move`` for the current player; returns it as a Move.

        ``player``, when given, must be the seat to move (a server can pass
        the sender's seat).  On any error the game is unchanged.
        """
        c = self._c
        over = self._over if c is not None else self.is_over
        if over:
            raise IllegalMoveError("the game is over: every player holds only a score card")
        mover = len(self.history) % self.players
        if player is not None and self._seat(player) != mover:
            raise IllegalMoveError(f"it is player {mover}'s turn, not player {player}'s")
        move = Move.coerce(move)
        if c is not None:  # the hot path of every bot: one call into the C state
            return self._play_in_c(c, move, mover)
        hand = self._hands[mover]
        if move.card not in hand:
            raise IllegalMoveError(f"{move.describe()}: that card is not in player {mover}'s hand")
        move = self._board.place(move)
        hand.remove(move.card)
        self.history.append(move)
        return move

    def _play_in_c(self, c: c_state.CState, move: Move, mover: int) -> Move:
        """:meth:`play` on the C state ``c``: one call, or the rules' refusal."""
        if self._views:
            c = self._own_state(c)
        card_id, x, y, rotation = move
        if not c.play(mover, card_id, x, y, rotation):
            self._refuse(move, mover)
        if rotation > 1 and self.deck[card_id].rotations == 2:  # looks like rotation - 2
            move = Move(card_id, x, y, rotation - 2)
        self.history.append(move)
        if len(c.hands[mover]) == 1:  # the game may be over now
            self._over = all(map((1).__eq__, map(len, c.hands)))
        return move

    def _refuse(self, move: Move, mover: int) -> None:
        """Raise what the Python rules say of a move the C core refused."""
        if move.card not in self.hand(mover):
            raise IllegalMoveError(f"{move.describe()}: that card is not in player {mover}'s hand")
        self.board.check(move)  # raises IllegalMoveError, as on the Python backend
        raise AssertionError(f"the C core refused {move}, which the rules allow")

    def _own_state(self, c: c_state.CState) -> c_state.CState:
        """The C state to change: ``c``, which views taken since the last
        change shared, or a copy of it while one of them is still alive
        (that view keeps the old table; the copy is the game's now)."""
        views = self._views
        for share in views:
            if share() is not None:
                c = self._c = c.copy()
                break
        views.clear()
        return c

    def play_legal(self, move: Move) -> None:
        """Play ``move`` without checking it: it must be one of
        :meth:`legal_moves` now, in its listed rotation (:meth:`play` checks
        first).  For search and encodings that already hold a legal move."""
        if self._c is not None:
            self._play_in_c(self._c, move, self._to_move)
            return
        self._board.lay_legal(move, self.deck[move.card], move.cells)
        self._hands[self._to_move].remove(move.card)
        self.history.append(move)

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` would take back a move: one has been played
        (the opening cannot be taken back)."""
        return bool(self.history)

    def undo(self) -> Move:
        """Take back the last move played (the opening cannot be taken back)."""
        if not self.history:
            raise IllegalMoveError("no move has been played: nothing to undo")
        c = self._c
        if c is not None:
            if self._views:
                c = self._own_state(c)
            move = self.history.pop()
            c.undo(self._to_move)  # the seat that played it
            self._over = False
            self._scored = None
            return move
        move = self.history.pop()
        self._board.remove_last()
        hand = self._hands[self._to_move]  # the seat that played it
        hand.append(move.card)
        hand.sort(key=self.deck.position)
        return move

    def __copy__(self) -> Game:
        """``copy.copy(game)`` is :meth:`copy`: a copy sharing the state would
        see every move played on either game."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """``copy.deepcopy(game)`` is :meth:`copy` too (what a game holds
        besides its state is immutable)."""
        return self.copy()

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """Pickled as its fields, but not the weak references to its views'
        tables (an unpickled game has no views yet)."""
        fields = {name: getattr(self, name) for name in Game.__slots__ if hasattr(self, name)}
        if "_views" in fields:
            fields["_views"] = []
        return None, fields

    def copy(self) -> Game:
        """An independent game at the same position: moves on it leave this one alone.

        >>> from huegames import hue
        >>> game = hue.new_game(players=3, seed=7)
        >>> twin = game.copy()
        >>> _ = twin.play(twin.legal_moves()[0])
        >>> len(game.history), len(twin.history)
        (0, 1)
        """
        c = self._c
        if c is not None:
            twin = Game.__new__(Game)
            twin.players, twin.deal, twin.seed = self.players, self.deal, self.seed
            twin.deck, twin.rules = self.deck, self.rules
            twin.history = list(self.history)
            twin._scored = None
            twin._c = c.copy()
            twin._mirror = TableMirror(self.deck, self.rules.covering)
            twin._hands = []
            twin._over = self._over
            twin._views = []
            return twin
        return Game.from_position(
            self.players,
            self.deal,
            self.board,
            self._hands,
            self.history,
            deck=self.deck,
            rules=self.rules,
            seed=self.seed,
            backend="python",
        )

    @classmethod
    def from_position(
        cls,
        players: int,
        deal: Deal,
        board: Board,
        hands: Sequence[Sequence[str]],
        history: Sequence[Move],
        *,
        deck: Deck,
        rules: Rules,
        seed: int | None = None,
        backend: str | None = None,
    ) -> Game:
        """A game at a known position, trusted as consistent (copies and
        samples), on ``backend`` (None: C when the core is loaded)."""
        return cls._at(
            players, deal, board, board.placements, hands, history, deck, rules, seed, backend
        )

    @classmethod
    def _at(
        cls,
        players: int,
        deal: Deal,
        board: Board | None,
        placements: Sequence[Move],
        hands: Sequence[Sequence[str]],
        history: Sequence[Move],
        deck: Deck,
        rules: Rules,
        seed: int | None,
        backend: str | None,
    ) -> Game:
        """:meth:`from_position` with the table's ``placements`` (the opening,
        then the history), and its board when there is one to copy."""
        game = cls.__new__(cls)
        game.players, game.deal, game.seed = players, deal, seed
        game.deck, game.rules = deck, rules
        game.history = list(history)
        game._scored = None
        fixed = len(placements) - len(history)
        c = game._c = _c_state(deck, players, rules, backend, len(placements), hands)
        if c is not None:
            for number, move in enumerate(placements):
                seat = -1 if number < fixed else (number - fixed) % players
                if not c.lay(*move, seat, False):
                    raise ValueError(f"the table cannot hold {move}: it lies out of reach")
            game._in_c(hands)
            return game
        if board is None:
            board = Board.laid_out(placements, deck, covering=rules.covering)
        game._board = board.copy()
        game._hands = [list(hand) for hand in hands]
        return game

    # -- the end (§5) -----------------------------------------------------------

    def colour_values(self) -> ColourValues:
        """Each colour's value on the table now: ``board.colour_values()``."""
        if self._c is not None:
            return as_values(self._c.scores(self.players)[0])
        return self.board.colour_values()

    def scores(self) -> list[int]:
        """Each seat's score.

        At the end, the score card's score.  Before the end, the best score
        the seat could keep now from its hand (a provisional figure).

        >>> from huegames import hue
        >>> game = hue.new_game(players=2, seed=3)
        >>> while not game.is_over:
        ...     _ = game.play(game.legal_moves()[0])
        >>> game.scores(), game.winner, [card.id for card in game.score_cards()]
        ([12, 18], 1, ['T1', 'T9'])
        """
        c = self._c
        if c is not None:  # the final scores kept until an undo (see below)
            if not self._over:
                return c.scores(self.players)[1]
            if self._scored is None:
                self._scored = (len(self.history), c.scores(self.players)[1])
            return list(self._scored[1])
        # Kept with the board's stamp: every play and undo changes the board,
        # so an equal stamp means the same table and hands (the end of a
        # game asks for its scores and its outcome, which asks again).
        stamp, scored = self._scored or (None, [])
        if stamp != self.board.stamp:
            values = self.board.colour_values()
            deck = self.deck
            scored = [max(deck[card_id].score(values) for card_id in hand) for hand in self._hands]
            self._scored = (self.board.stamp, scored)
        return list(scored)

    def outcome(self) -> engine.Outcome | None:
        """How the game ended, or None while it goes on.

        There is always one winner: the highest score, ties going to the
        tied seat first in turn order from the start player, seat 0 (§5).
        """
        if not self.is_over:
            return None
        scores = self.scores()
        return engine.Outcome(Termination.HANDS_PLAYED, (scores.index(max(scores)),))

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over (``outcome().winner``), else None."""
        outcome = self.outcome()
        return None if outcome is None else outcome.winner

    def score_cards(self) -> list[Card] | None:
        """Each seat's score card once the game is over."""
        if not self.is_over:
            return None
        return [self.deck[self.hand(seat)[0]] for seat in range(self.players)]

    # -- information (§6) -------------------------------------------------------

    def view(self, player: int) -> View:
        """What seat ``player`` may see: no other hand, no set-aside card."""
        seat = self._seat(player)
        c = self._c
        if c is not None:
            share = c.viewed(self._mirror)
            self._views.append(weakref.ref(share))  # the game copies it to change, if alive
            table: Board | c_state.CState = share
            hand, sizes = c.hands[seat], tuple(map(len, c.hands))
        else:
            table = self._board.copy()
            hand, sizes = tuple(self._hands[seat]), tuple(map(len, self._hands))
        return View(  # the fields in order: positional arguments cost less
            seat,
            self.players,
            self.current_player,
            hand,
            sizes,
            table,
            self.deal.opening,
            tuple(self.history),
            self.deck,
            self.rules,
            type(self),
        )

    @classmethod
    def from_view(cls, view: View, hands: Sequence[Sequence[str]]) -> Game:
        """The game a view shows, seat ``s`` holding ``hands[s]`` now: a
        determinization (see :meth:`View.sample`).  The deal is rebuilt from
        the hands and the cards each seat has played; every other card is set
        aside.  The hands are trusted to fit the view (as
        :class:`HiddenCards` deals them)."""
        deck = view.deck
        held = [sorted(hand, key=deck.position) for hand in hands]
        dealt = [
            tuple(sorted([*hand, *view.played_by(seat)], key=deck.position))
            for seat, hand in enumerate(held)
        ]
        taken = {move.card for move in (*view.opening, *view.history)}
        taken.update(card_id for hand in dealt for card_id in hand)
        set_aside = tuple(card_id for card_id in deck if card_id not in taken)
        return cls._at(
            view.players,
            Deal(tuple(dealt), view.opening, set_aside),
            view.board if view.backend == "python" else None,
            (*view.opening, *view.history),
            held,
            view.history,
            deck,
            view.rules,
            None,
            view.backend,
        )

    # -- records -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-able record that :meth:`from_dict` turns back into this game.

        The one record layout (:func:`records.make_record`); ``setup`` holds
        the deck (None for the default deck) and the deal: the hands, the
        opening laid and the cards set aside.

        >>> from huegames import hue
        >>> game = hue.new_game(players=3, seed=7)
        >>> _ = game.play("X4 0 -3 0")
        >>> record = game.to_dict()
        >>> list(record)
        ['format', 'game', 'players', 'rules', 'seed', 'setup', 'moves']
        >>> record["seed"], record["moves"]
        (7, ['X4 0 -3 0'])
        >>> hue.Game.from_dict(record).history == game.history
        True
        """
        setup = {
            "deck": None if self.deck.is_default() else self.deck.to_list(),
            "hands": [list(hand) for hand in self.deal.hands],
            "opening": [str(move) for move in self.deal.opening],
            "set_aside": list(self.deal.set_aside),
        }
        return records.make_record(
            GAME_NAME, self.players, self.rules.to_dict(), self.seed, setup, self.history
        )

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Game:
        """Rebuild a game from :meth:`to_dict`'s record, replaying and checking every move.

        A record of another game, or of another format, is refused with a
        ValueError saying so; so is a record whose seed does not deal its
        hands, opening and set-aside cards (a record without a seed, of a
        game dealt by hand, is taken as it is), and hands or set-aside cards
        out of deck order.
        """
        record = records.check_record(record, GAME_NAME)
        rules = Rules.from_dict(record["rules"])
        setup = record["setup"]
        if set(setup) != set(SETUP_KEYS):
            raise ValueError(
                "record setup must hold exactly deck, hands, opening and set_aside, "
                f"not {records.key_names(setup) or 'nothing'}"
            )
        deck = Deck(default_deck() if setup["deck"] is None else setup["deck"])
        hands = setup["hands"]
        if not isinstance(hands, list):
            raise TypeError("record setup hands must be a list of lists of card ids")
        deal = Deal(
            hands=tuple(tuple(_strings(hand, "hands")) for hand in hands),
            opening=tuple(Move.parse(text) for text in _strings(setup["opening"], "opening")),
            set_aside=tuple(_strings(setup["set_aside"], "set_aside")),
        )
        game = cls(record["players"], deal, deck=deck, rules=rules, seed=record["seed"])
        records.check_seeded(
            game.seed,
            deal,
            lambda seed: deal_cards(game.deck, game.players, random.Random(seed), game.rules),
            "deal",
        )
        return records.replay(game, record["moves"])

    # -- helpers -----------------------------------------------------------------

    def _seat(self, player: int) -> int:
        if type(player) is int and 0 <= player < self.players:  # the common case, at once
            return player
        if not 0 <= engine.check_int(player, "a seat") < self.players:
            raise ValueError(f"no seat {records.brief(player)}: seats are 0 to {self.players - 1}")
        return player

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"player {self.current_player} to move"
        return f"<hue.Game {self.players} players, {len(self.history)} moves, {state}>"

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: :func:`huegames.hue.svg` of this game,
        through the game's registry entry (this module does not import the drawing)."""
        return engine.picture(GAME_NAME, self)


def new_game(
    players: int = MIN_PLAYERS,
    seed: int | None = None,
    *,
    rules: Rules | None = None,
    deck: DeckData | None = None,
    backend: str | None = None,
) -> Game:
    """Set up a new game (§3); the same seed always gives the same game.

    ``seed=None`` takes :func:`engine.fresh_seed`, kept in ``game.seed`` and
    the record.  ``deck`` is any deck as data (default: :func:`default_deck`).
    ``backend`` is ``"c"``, ``"python"`` or None (C when the core is loaded).

    >>> from huegames import hue
    >>> game = hue.new_game(players=3, seed=7)
    >>> game.board.placements  # the opening staircase
    [Move.parse('S2 0 0 0'), Move.parse('S3 1 1 0'), Move.parse('S1 2 2 0')]
    >>> game.hand(0), game.current_player
    (('X4', 'D0', 'D3', 'D4', 'D5', 'T4'), 0)
    >>> len(game.legal_moves())
    600
    >>> hue.new_game(players=3, seed=7).deal == game.deal
    True
    """
    seed = engine.fresh_seed() if seed is None else engine.check_seed(seed)
    the_deck, the_rules = _deck(deck), _rules(rules)
    game = Game.__new__(Game)
    if the_rules.opening is None and 0 <= seed < 2**64 and _in_c(backend):
        _deck_deals(the_deck, engine.check_int(players, "players"), the_rules)
        game._deal_in_c(players, the_deck, the_rules, seed)  # deal_cards' deal, drawn in C
        return game
    setup = deal_cards(the_deck, players, random.Random(seed), the_rules)
    # deal_cards checked the deck and made a possible deal
    game._start(
        players, setup, the_deck, the_rules, seed, backend, checked=the_rules.opening is not None
    )
    return game


def _c_state(
    deck: Deck,
    players: int,
    rules: Rules,
    backend: str | None,
    laid: int,
    hands: Sequence[Sequence[str]],
) -> c_state.CState | None:
    """A C state for a game with ``laid`` cards on the table and ``hands``
    to play, on the backend asked for (None: C when the core is loaded), or
    None for the Python engine (also for a game too big for the core)."""
    if not _in_c(backend):
        return None
    capacity = c_state.capacity_for(laid + sum(map(len, hands)), deck)
    if capacity is None:
        return None
    return c_state.CState(deck, players, rules.covering, capacity)


def _in_c(backend: str | None) -> bool:
    """Whether a game asked for ``backend`` (None: the default) lives in the C core."""
    if backend is None:
        return c_state.default
    return _cores.in_core(backend, c_state.available, "the C core")


def _opening_board(deck: Deck, rules: Rules, opening: Sequence[Move]) -> Board:
    """The table with the opening laid, each card checked (ValueError if one
    may not be laid)."""
    board = Board(deck, covering=rules.covering)
    for move in opening:
        try:
            board.place(move)
        except IllegalMoveError as error:
            raise ValueError(f"the opening cannot be laid: {error}") from None
    return board


def _deck(deck: DeckData | None) -> Deck:
    return as_deck(deck)


def _rules(rules: Rules | None) -> Rules:
    if rules is None:
        return _RULES
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a hue.Rules or None, not {records.brief(rules)}")
    return rules


def _strings(value: object, name: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise TypeError(f"record setup {name} must be a list of texts")
    return value


def _check_deal(deck: Deck, players: int, setup: Deal) -> None:
    """Refuse a deal that is not a possible setup of ``deck`` for ``players``.

    Hands and set-aside cards are in deck order, as :func:`deal_cards` and
    :meth:`Game.undo` keep them: the order of ``legal_moves()`` follows the
    hand's, so a hand out of order would list moves in another order after
    a play and its undo.
    """
    if len(setup.hands) != players:
        raise ValueError(f"the deal has {len(setup.hands)} hands for {players} players")
    per_player = standard_cards_dealt(players)
    seen: set[str] = set()
    for seat, hand in enumerate(setup.hands):
        unknown = [card_id for card_id in hand if card_id not in deck]
        if unknown:
            raise ValueError(f"hand {seat} holds cards not in the deck: {records.brief(unknown)}")
        kinds = [deck[card_id].kind for card_id in hand]
        if kinds.count(Kind.POISON) != 1 or sum(k.standard for k in kinds) != per_player:
            raise ValueError(
                f"hand {seat} must hold 1 poison and {per_player} standard cards, "
                f"got {records.brief(list(hand))}"
            )
        if list(hand) != sorted(hand, key=deck.position):
            raise ValueError(f"hand {seat} is not in deck order: {records.brief(list(hand))}")
    everything = [card_id for hand in setup.hands for card_id in hand]
    everything += [move.card for move in setup.opening] + list(setup.set_aside)
    for card_id in everything:
        if card_id not in deck:
            raise ValueError(f"the deal names {records.brief(card_id)}, which is not in the deck")
        if card_id in seen:
            raise ValueError(f"the deal holds card {card_id} twice")
        seen.add(card_id)
    missing = [card_id for card_id in deck if card_id not in seen]
    if missing:
        raise ValueError(f"the deal leaves cards out: {records.brief(missing)}")
    if list(setup.set_aside) != sorted(setup.set_aside, key=deck.position):
        raise ValueError(
            f"the set-aside cards are not in deck order: {records.brief(setup.set_aside)}"
        )
    for move in setup.opening:
        if deck[move.card].kind is not Kind.STARTING:
            raise ValueError(f"opening {move}: {move.card} is not a starting card")


def longest_game(players: int, rules: Rules | None = None) -> int:
    """The most moves a game can last: every turn plays one card, and the
    game ends when each hand holds one card."""
    return sum(new_game(players, seed=0, rules=rules).hand_sizes) - players


def score_bounds(players: int, rules: Rules | None, longest: int) -> tuple[float, float]:
    """A seat's lowest and highest score: v(first) + 2 v(centre) + v(third)
    is at most 4 times the largest area, and an area is at most every
    visible square, 3 points each: 9 a card."""
    cards = len(new_game(players, seed=0, rules=rules).board.placements) + longest
    return 0.0, 4.0 * 9 * cards
