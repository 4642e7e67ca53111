"""One seat's view of a game (rules §6), and dealing out again what it cannot see.

This module sits below :mod:`.game` and imports nothing of it: ``Game.view``
builds a :class:`View`, and a view remembers the class of the game it was
taken from (:class:`GameClass`, what :meth:`View.sample` needs of it), so
that sampling builds a game of that class through ``Game.from_view``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .. import engine
from .board import Board, LegalMoves
from .c_state import CState
from .cards import Deck, Kind
from .moves import Move
from .rules import Rules


class GameClass(Protocol):
    """What :meth:`View.sample` needs of the class of the game viewed
    (:class:`huegames.hue.Game` has it)."""

    def from_view(self, view: View, hands: Sequence[Sequence[str]]) -> engine.State[Move]:
        """The game ``view`` shows, seat ``s`` holding ``hands[s]`` now."""
        ...


@dataclass(frozen=True, slots=True, eq=False, init=False)
class View:
    """What seat ``player`` knows: the table, its own hand, every hand's size
    and the history of placements.  Other hands, the set-aside cards and the
    seed are not here.  ``board`` is the view's own copy; ``current_player``
    is None once the game is over.

    On the C backend a view shares its game's table in C, never the hands
    (the game copies the table before its next change), so taking a view
    copies nothing; ``board`` is read from it when first asked for, and
    ``legal_moves`` is one C call.

    >>> from huegames import hue
    >>> game = hue.new_game(players=3, seed=7)
    >>> view = game.view(0)
    >>> view.hand, view.hand_sizes, view.current_player
    (('X4', 'D0', 'D3', 'D4', 'D5', 'T4'), (6, 6, 6), 0)
    >>> len(view.legal_moves()), len(game.view(1).legal_moves())
    (600, 0)
    """

    player: int
    players: int
    current_player: int | None
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    table: Board | CState = field(repr=False)
    """The table: the view's own Board, or its game's table in C, shared (no hands)."""
    opening: tuple[Move, ...]
    history: tuple[Move, ...]
    deck: Deck
    rules: Rules
    game_class: GameClass = field(repr=False)
    """The class of the game viewed, which :meth:`sample` builds (no hidden data)."""

    def __init__(
        self,
        player: int,
        players: int,
        current_player: int | None,
        hand: tuple[str, ...],
        hand_sizes: tuple[int, ...],
        table: Board | CState,
        opening: tuple[Move, ...],
        history: tuple[Move, ...],
        deck: Deck,
        rules: Rules,
        game_class: GameClass,
    ) -> None:
        # Each field set through its slot: a game takes a view at every move,
        # and the frozen dataclass's own __init__ (object.__setattr__ a
        # field) costs twice as much.
        _set_player(self, player)
        _set_players(self, players)
        _set_current_player(self, current_player)
        _set_hand(self, hand)
        _set_hand_sizes(self, hand_sizes)
        _set_table(self, table)
        _set_opening(self, opening)
        _set_history(self, history)
        _set_deck(self, deck)
        _set_rules(self, rules)
        _set_game_class(self, game_class)

    @property
    def board(self) -> Board:
        """The table as this seat sees it: every card laid, in order (the
        view's own Board: a change to it leaves the game alone)."""
        table = self.table
        if isinstance(table, Board):
            return table
        if table.board is None:  # its game's table in Python, copied once
            table.board = table.mirror.at((*self.opening, *self.history)).copy()
        board: Board = table.board
        return board

    @property
    def backend(self) -> str:
        """Where the view's table lives: ``"c"`` (its game's C state) or ``"python"``."""
        return "python" if isinstance(self.table, Board) else "c"

    @property
    def is_over(self) -> bool:
        """True once every hand holds only its score card (no seat is to move)."""
        return self.current_player is None

    def legal_moves(self) -> LegalMoves:
        """This seat's legal moves when it is to move, else none."""
        if self.player != self.current_player:  # not its turn, or the game is over
            return LegalMoves.none()
        table = self.table
        if isinstance(table, Board):
            return table.legal_placements_of(self.hand)
        return table.legal_moves(self.hand)

    def played_by(self, seat: int) -> tuple[str, ...]:
        """The cards a seat has played, in order."""
        return tuple(
            move.card for number, move in enumerate(self.history) if number % self.players == seat
        )

    def unseen_cards(self) -> tuple[str, ...]:
        """Cards this seat cannot see: other hands and the set-aside cards.

        >>> from huegames import hue
        >>> view = hue.new_game(players=3, seed=7).view(0)
        >>> view.unseen_cards()[:6], len(view.unseen_cards())
        (('S0', 'S4', 'X0', 'X1', 'X2', 'X3'), 21)
        """
        seen = {move.card for move in (*self.opening, *self.history)} | set(self.hand)
        return tuple(card_id for card_id in self.deck if card_id not in seen)

    def sample(self, rng: random.Random | int | None = None) -> engine.State[Move]:
        """A full game consistent with this view: a determinization.

        Each other seat is dealt, from the unseen cards, as many as it holds,
        including one poison card when it has not played its poison yet (every
        seat was dealt exactly one); the rest are set aside.  Every deal
        consistent with the view is equally likely.  ``rng`` is a
        ``random.Random``, an int seed (TypeError for anything else) or None.

        >>> from huegames import hue
        >>> view = hue.new_game(players=3, seed=7).view(0)
        >>> game = view.sample(1)
        >>> game.hand(0) == view.hand, game.hand(1)
        (True, ('X1', 'D2', 'D8', 'T7', 'T8', 'T9'))
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(None if rng is None else engine.check_seed(rng, "rng"))
        return self.game_class.from_view(self, HiddenCards(self).deal(rng))

    def text(self, history: bool = False) -> str:
        """What this seat sees as one line of text.  The table's placements
        are the game's history (the opening, then every move), so
        ``history`` adds nothing."""
        return " | ".join(
            [
                f"seat {self.player}",
                f"to move {self.current_player}",
                f"hand {' '.join(self.hand)}",
                f"hands {' '.join(map(str, self.hand_sizes))}",
                f"table {', '.join(map(str, (*self.opening, *self.history)))}",
            ]
        )

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: :func:`huegames.hue.svg` of this view,
        through the game's registry entry (this module does not import the drawing)."""
        return engine.picture("hue", self)


(
    _set_player,
    _set_players,
    _set_current_player,
    _set_hand,
    _set_hand_sizes,
    _set_table,
    _set_opening,
    _set_history,
    _set_deck,
    _set_rules,
    _set_game_class,
) = (View.__dict__[name].__set__ for name in View.__slots__)


class HiddenCards:
    """The cards a view cannot see, and how to deal them out again.

    Every other seat holds, from the unseen cards, as many as its hand size,
    one of them a poison card exactly when it has not played its poison yet
    (every seat was dealt one); the rest were set aside.  Built once per
    view, so a search can draw many determinizations cheaply.
    """

    __slots__ = ("_hand", "_needs", "_players", "_poison", "_poison_total", "_standard")

    def __init__(self, view: View) -> None:
        deck = view.deck
        unseen = view.unseen_cards()
        self._poison = [c for c in unseen if deck[c].kind is Kind.POISON]
        self._standard = [c for c in unseen if deck[c].kind.standard]
        self._hand = list(view.hand)
        self._players = view.players
        # Per other seat: (seat, poison cards it holds, standard cards it holds).
        self._needs: list[tuple[int, int, int]] = []
        for seat in range(view.players):
            if seat != view.player:
                played = view.played_by(seat)
                poison = 0 if any(deck[c].kind is Kind.POISON for c in played) else 1
                self._needs.append((seat, poison, view.hand_sizes[seat] - poison))
        self._poison_total = sum(poison for _, poison, _ in self._needs)

    def deal(self, rng: random.Random) -> list[list[str]]:
        """Every seat's hand, the viewer's as it is and the others drawn at
        random; every deal consistent with the view is equally likely."""
        standard_total = sum(standard for _, _, standard in self._needs)
        poison = rng.sample(self._poison, self._poison_total)
        standard = rng.sample(self._standard, standard_total)
        hands = [self._hand] * self._players
        p = s = 0
        for seat, n_poison, n_standard in self._needs:
            hands[seat] = poison[p : p + n_poison] + standard[s : s + n_standard]
            p += n_poison
            s += n_standard
        return hands
