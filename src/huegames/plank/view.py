"""What a seat of Plank sees: everything about the hand, as Plank hides nothing."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from .. import engine
from .board import Table
from .components import Deal
from .moves import Line, Move

GameT = TypeVar("GameT", bound="Position")


class Position(Protocol):
    """What a view reads of the game it shows (:class:`huegames.plank.Game`
    has it all): this module depends on this, not on the game module."""

    @property
    def players(self) -> int:
        """How many seats."""
        ...

    @property
    def current_player(self) -> int | None:
        """The seat to move, or None once over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        ...

    @property
    def deal(self) -> Deal:
        """Who holds which tokens, and who starts."""
        ...

    @property
    def table(self) -> Table:
        """The strips laid and who stands where."""
        ...

    @property
    def history(self) -> Sequence[Move]:
        """Every move so far."""
        ...

    @property
    def winning_line(self) -> Line | None:
        """The line that won, or None."""
        ...

    def strips(self, seat: int) -> tuple[str, ...]:
        """The strip patterns ``seat`` still holds."""
        ...

    def outcome(self) -> engine.Outcome | None:
        """How the hand ended, or None while it goes on."""
        ...

    def legal_moves(self) -> Sequence[Move]:
        """The legal single moves now."""
        ...

    def copy(self: GameT) -> GameT:
        """An independent copy."""
        ...


@dataclass(frozen=True, slots=True, eq=False)
class View(Generic[GameT]):
    """What seat ``player`` knows: everything about the hand (rules §4: all
    information is public), as read-only properties over a private copy.
    ``Game.view`` gives a ``View[Game]``.

    >>> from huegames import plank
    >>> game = plank.new_game(players=2, seed=7)
    >>> _ = game.play("T GWR R")
    >>> view = game.view(1)
    >>> view.current_player, view.table, view.history
    (1, (('GWR', (None, None, 0)),), (Move.parse('T GWR R'),))
    >>> view.legal_moves()[:2], game.view(0).legal_moves()
    ([Move.parse('Ga1'), Move.parse('Wb1')], [])
    >>> ahead = view.to_game()  # a copy to search: playing it leaves the game alone
    >>> ahead.play("Wb1"), len(game.history)
    (Move.parse('Wb1'), 1)
    """

    player: int
    _game: GameT

    @property
    def game(self) -> GameT:
        """The view's own copy of the game, to read (the view shares it: play
        on :meth:`to_game`'s copy instead)."""
        return self._game

    @property
    def players(self) -> int:
        """The number of seats: 2, 3 or 4."""
        return self._game.players

    @property
    def current_player(self) -> int | None:
        """The seat to move; None once the hand is over."""
        return self._game.current_player

    @property
    def is_over(self) -> bool:
        """True once the hand is over."""
        return self._game.is_over

    @property
    def letters(self) -> tuple[str, ...]:
        """Each seat's token set, as in :attr:`Deal.letters`."""
        return self._game.deal.letters

    @property
    def table(self) -> tuple[tuple[str, tuple[int | None, ...]], ...]:
        """Each strip top to bottom: its colours left to right and the seat
        on each square (None when empty)."""
        table = self._game.table
        return tuple(
            (strip, tuple(o if o >= 0 else None for o in table.owners[3 * r : 3 * r + 3]))
            for r, strip in enumerate(table.strips)
        )

    @property
    def strips(self) -> tuple[tuple[str, ...], ...]:
        """The strip patterns every seat still holds."""
        return tuple(self._game.strips(seat) for seat in range(self.players))

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move played in the hand so far, in order."""
        return tuple(self._game.history)

    def outcome(self) -> engine.Outcome | None:
        """How the hand ended (:meth:`Game.outcome`), or None while it goes on."""
        return self._game.outcome()

    @property
    def winning_line(self) -> Line | None:
        """The line that won the hand (:attr:`Game.winning_line`), or None."""
        return self._game.winning_line

    def legal_moves(self) -> Sequence[Move]:
        """This seat's legal moves when it is to move, else none."""
        return self._game.legal_moves() if self.player == self.current_player else []

    def to_game(self) -> GameT:
        """An independent game at this position, to search or replay."""
        return self._game.copy()

    def sample(self, rng: random.Random | int | None = None) -> GameT:
        """An independent game at this position (:meth:`to_game`): Plank hides
        nothing, so there is one world consistent with this view; ``rng`` is
        not used."""
        return self.to_game()

    def text(self, history: bool = False) -> str:
        """What this seat sees as one line of text; with ``history``, every
        move so far too."""
        table = " / ".join(
            strip + " " + "".join("." if seat is None else str(seat) for seat in seats)
            for strip, seats in self.table
        )
        parts = [
            f"seat {self.player}",
            f"to move {self.current_player}",
            f"letters {' '.join(self.letters)}",
            f"table {table}",
            f"strips {' / '.join(' '.join(strips) for strips in self.strips)}",
        ]
        if history:
            parts.append(f"moves {', '.join(map(str, self.history))}")
        return " | ".join(parts)

    def _repr_svg_(self) -> str:
        """What this seat sees as an SVG picture (:func:`huegames.plank.svg`)."""
        return engine.picture("plank", self)
