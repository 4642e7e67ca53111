"""One seat's view of a hand: Plank hides nothing, so the whole position."""

from __future__ import annotations

from dataclasses import dataclass

from .game import Game, Outcome
from .moves import Move


@dataclass(frozen=True, slots=True, eq=False)
class View:
    """What seat ``player`` knows: everything about the hand (rules §4: all
    information is public), as read-only properties over a private copy."""

    player: int
    _game: Game

    @property
    def players(self) -> int:
        return self._game.players

    @property
    def current_player(self) -> int:
        return self._game.current_player

    @property
    def letters(self) -> tuple[str, ...]:
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
        return tuple(self._game.history)

    @property
    def outcome(self) -> Outcome | None:
        return self._game.outcome

    @property
    def is_over(self) -> bool:
        return self._game.is_over

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves when it is to move, else none."""
        return self._game.legal_moves() if self.player == self.current_player else []

    def to_game(self) -> Game:
        """An independent game at this position, to search or replay."""
        return self._game.copy()
