"""What a seat of Linja sees: everything, as Linja hides nothing."""

from __future__ import annotations

import random
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

    def sample(self, rng: random.Random | int | None = None) -> Game:
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
            due + (" (bonus turn)" if game.state.bonus else ""),
        ]
        if history:
            parts.append(f"first {game.first_player}")
            parts.append(f"moves {' '.join(map(str, game.history))}")
        return " | ".join(parts)

    def _repr_svg_(self) -> str:
        """What this seat sees as an SVG picture (:func:`huegames.linja.svg`)."""
        return engine.picture("linja", self)
