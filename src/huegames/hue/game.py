"""A game of Hue: setup from a seed (rules §3), turns (§4), the end and scores (§5)."""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import engine, records
from ..errors import IllegalMoveError
from .board import Board, ColourValues, LegalMoves
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
        "_hands",
        "_scored",
        "board",
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
    ) -> None:
        the_deck, the_rules = _deck(deck), _rules(rules)
        check_deck(the_deck, players, the_rules)
        _check_deal(the_deck, players, deal)
        if the_rules.opening is not None and the_rules.opening != deal.opening:
            raise ValueError("the deal's opening differs from the opening the rules give")
        self._start(players, deal, the_deck, the_rules, seed)

    def _start(self, players: int, deal: Deal, deck: Deck, rules: Rules, seed: int | None) -> None:
        """Set up from a checked deal: lay the opening, hand out the cards."""
        self.deck, self.rules = deck, rules
        self.players = players
        self.seed = None if seed is None else engine.check_seed(seed)
        self.deal = deal
        self.board = Board(deck, covering=rules.covering)
        for move in deal.opening:
            try:
                self.board.place(move)
            except IllegalMoveError as error:
                raise ValueError(f"the opening cannot be laid: {error}") from None
        self._hands = [list(hand) for hand in deal.hands]
        self.history: list[Move] = []
        self._scored: tuple[int, list[int]] | None = None  # see scores()

    # -- whose turn, what is left ----------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move, or :data:`engine.GAME_OVER` (None) once the game is over."""
        return engine.GAME_OVER if self.is_over else self._to_move

    @property
    def _to_move(self) -> int:
        """Whose turn it is by the count of moves (seats take turns in order)."""
        return len(self.history) % self.players

    def hand(self, player: int) -> tuple[str, ...]:
        """The cards a seat holds now, in deck order (omniscient: not a view)."""
        return tuple(self._hands[self._seat(player)])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds: what every seat may know of the others."""
        return tuple(map(len, self._hands))

    @property
    def is_over(self) -> bool:
        """True once every player holds exactly one card, the score card (§4)."""
        # map rather than a generator expression: it is read at every move
        return all(map((1).__eq__, map(len, self._hands)))

    # -- moves -------------------------------------------------------------------

    def legal_moves(self) -> LegalMoves:
        """Every legal placement of every card in the current player's hand.

        A :class:`LegalMoves` sequence (``len``, index, iterate, ``in``),
        empty once the game is over.
        """
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
        if self.is_over:
            raise IllegalMoveError("the game is over: every player holds only a score card")
        mover = self._to_move
        if player is not None and self._seat(player) != mover:
            raise IllegalMoveError(f"it is player {mover}'s turn, not player {player}'s")
        move = Move.coerce(move)
        hand = self._hands[mover]
        if move.card not in hand:
            raise IllegalMoveError(f"{move.describe()}: that card is not in player {mover}'s hand")
        move = self.board.place(move)
        hand.remove(move.card)
        self.history.append(move)
        return move

    def play_legal(self, move: Move) -> None:
        """Play ``move`` without checking it: it must be one of
        :meth:`legal_moves` now, in its listed rotation (:meth:`play` checks
        first).  For search and encodings that already hold a legal move."""
        self.board.lay_legal(move, self.deck[move.card], move.cells)
        self._hands[self._to_move].remove(move.card)
        self.history.append(move)

    def undo(self) -> Move:
        """Take back the last move played (the opening cannot be taken back)."""
        if not self.history:
            raise IllegalMoveError("no move has been played: nothing to undo")
        move = self.history.pop()
        self.board.remove_last()
        hand = self._hands[self._to_move]  # the seat that played it
        hand.append(move.card)
        hand.sort(key=self.deck.position)
        return move

    def copy(self) -> Game:
        """An independent game at the same position: moves on it leave this one alone.

        >>> from huegames import hue
        >>> game = hue.new_game(players=3, seed=7)
        >>> twin = game.copy()
        >>> _ = twin.play(twin.legal_moves()[0])
        >>> len(game.history), len(twin.history)
        (0, 1)
        """
        return Game.from_position(
            self.players,
            self.deal,
            self.board,
            self._hands,
            self.history,
            deck=self.deck,
            rules=self.rules,
            seed=self.seed,
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
    ) -> Game:
        """A game at a known position, trusted as consistent (copies and samples)."""
        game = cls.__new__(cls)
        game.players, game.deal, game.seed = players, deal, seed
        game.deck, game.rules = deck, rules
        game.board = board.copy()
        game._hands = [list(hand) for hand in hands]
        game.history = list(history)
        game._scored = None
        return game

    # -- the end (§5) -----------------------------------------------------------

    def colour_values(self) -> ColourValues:
        """Each colour's value on the table now: ``board.colour_values()``."""
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
        return [self.deck[hand[0]] for hand in self._hands]

    # -- information (§6) -------------------------------------------------------

    def view(self, player: int) -> View:
        """What seat ``player`` may see: no other hand, no set-aside card."""
        seat = self._seat(player)
        return View(  # the fields in order: positional arguments cost less
            seat,
            self.players,
            self.current_player,
            tuple(self._hands[seat]),
            self.hand_sizes,
            self.board.copy(),
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
        taken = {move.card for move in view.board.placements}
        taken.update(card_id for hand in dealt for card_id in hand)
        set_aside = tuple(card_id for card_id in deck if card_id not in taken)
        return cls.from_position(
            view.players,
            Deal(tuple(dealt), view.opening, set_aside),
            view.board,
            held,
            view.history,
            deck=deck,
            rules=view.rules,
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
) -> Game:
    """Set up a new game (§3); the same seed always gives the same game.

    ``seed=None`` takes :func:`engine.fresh_seed`, kept in ``game.seed`` and
    the record.  ``deck`` is any deck as data (default: :func:`default_deck`).

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
    setup = deal_cards(the_deck, players, random.Random(seed), the_rules)
    game = Game.__new__(Game)  # deal_cards checked the deck and made a possible deal
    game._start(players, setup, the_deck, the_rules, seed)
    return game


def _deck(deck: DeckData | None) -> Deck:
    return as_deck(deck)


def _rules(rules: Rules | None) -> Rules:
    if rules is None:
        return Rules()
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
