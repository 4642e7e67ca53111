"""What a seat of Linja sees: everything, as Linja hides nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import engine
from .board import Board
from .moves import Move, Turn

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class View:
    """What seat ``player`` sees: the whole game (a copy of its own), as Linja hides nothing."""

    player: int
    game: Game

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

    def _repr_svg_(self) -> str:
        """What this seat sees as an SVG picture (:func:`huegames.linja.svg`)."""
        return engine.picture("linja", self)
