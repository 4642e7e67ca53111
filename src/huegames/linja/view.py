"""What a seat of Linja sees: everything, as Linja hides nothing."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from .. import engine
from .board import Board
from .moves import Move, Turn

GameT = TypeVar("GameT", bound="Position")


class Position(Protocol):
    """What a view reads of the game it shows (:class:`huegames.linja.Game`
    has it all): this module depends on this, not on the game module."""

    @property
    def board(self) -> Board:
        """The pieces as they stand."""
        ...

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
    def following(self) -> int:
        """The steps the following move must make, 0 for an initial move."""
        ...

    @property
    def bonus(self) -> bool:
        """True during a bonus turn."""
        ...

    @property
    def first_player(self) -> int:
        """The seat that moved first."""
        ...

    @property
    def history(self) -> Sequence[Move]:
        """Every move so far."""
        ...

    def legal_moves(self) -> list[Move]:
        """The legal single moves now."""
        ...

    def legal_turns(self) -> list[Turn]:
        """The legal whole turns now."""
        ...

    def copy(self: GameT) -> GameT:
        """An independent copy."""
        ...


@dataclass(frozen=True, slots=True)
class View(Generic[GameT]):
    """What seat ``player`` sees: the whole game (a copy of its own), as Linja
    hides nothing.  ``Game.view`` gives a ``View[Game]``."""

    player: int
    game: GameT

    @property
    def board(self) -> Board:
        """The pieces as they stand now."""
        return self.game.board

    @property
    def players(self) -> int:
        """Always 2."""
        return self.game.players

    @property
    def current_player(self) -> int | None:
        """The seat to move, or None once the game is over."""
        return self.game.current_player

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        return self.game.is_over

    def legal_moves(self) -> list[Move]:
        """This seat's legal single moves when it is to move, else none."""
        return self.game.legal_moves() if self.player == self.current_player else []

    def legal_turns(self) -> list[Turn]:
        """This seat's legal whole turns when it is to move, else none."""
        return self.game.legal_turns() if self.player == self.current_player else []

    def sample(self, rng: random.Random | int | None = None) -> GameT:
        """The whole game (a copy): Linja hides nothing, so there is one
        world consistent with this view; ``rng`` is not used."""
        return self.game.copy()

    def text(self, history: bool = False) -> str:
        """What this seat sees as one line of text; with ``history``, the
        first player and every move so far too."""
        game = self.game
        due = f"following move of {game.following}" if game.following else "initial move"
        parts = [
            str(self.board),
            f"seat {self.player}",
            f"to move {self.current_player}",
            due + (" (bonus turn)" if game.bonus else ""),
        ]
        if history:
            parts.append(f"first {game.first_player}")
            parts.append(f"moves {' '.join(map(str, game.history))}")
        return " | ".join(parts)

    def _repr_svg_(self) -> str:
        """What this seat sees as an SVG picture (:func:`huegames.linja.svg`)."""
        return engine.picture("linja", self)
