"""One seat's view of a game (rules §6): only the cue giver sees the card and target."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .game import Game, Phase, Round, Rules, _to_move, legal_moves_of
from .moves import Move


@dataclass(frozen=True, slots=True, eq=False)
class View:
    """What seat ``player`` knows: the board, the cues, every piece, the
    scores and the scored rounds with their targets.  A round's card (and,
    before scoring, its target) is there only when ``player`` was its cue giver.
    """

    player: int
    players: int
    round: Round | None
    rounds: tuple[Round, ...]
    scores: tuple[int, ...]
    used_cues: frozenset[str]
    board: Board
    rules: Rules

    @classmethod
    def of(cls, game: Game, player: int) -> View:
        round_ = game.round
        if round_ is not None and round_.giver != player:
            round_ = round_.hidden()
        return cls(
            player=player,
            players=game.players,
            round=round_,
            rounds=tuple(r if r.giver == player else r.hidden() for r in game.rounds),
            scores=tuple(game.scores()),
            used_cues=game.used_cues,
            board=game.board,
            rules=game.rules,
        )

    @property
    def current_player(self) -> int | None:
        return _to_move(self.round, self.players)

    @property
    def phase(self) -> Phase | None:
        return None if self.round is None else self.round.phase

    @property
    def is_over(self) -> bool:
        return self.round is None

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves when it is to move, else none."""
        if self.round is None or self.current_player != self.player:
            return []
        return legal_moves_of(self.round, self.used_cues, self.rules)
