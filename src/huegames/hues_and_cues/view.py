"""One seat's view of a game (rules §6): only the cue giver sees the card and target."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine
from .board import Board
from .moves import Move
from .rounds import Phase, Round, legal_moves_of, seat_to_move
from .rules import Rules


@dataclass(frozen=True, slots=True, eq=False)
class View:
    """What seat ``player`` knows: the board, the cues, every piece, the
    scores and the scored rounds with their targets.  A round's card (and,
    before scoring, its target) is there only when ``player`` was its cue giver.

    ``Game.view(seat)`` builds one; :meth:`seen_by` hides what the seat may
    not see.

    >>> from huegames import hues_and_cues as hc
    >>> game = hc.new_game(players=3, seed=7)
    >>> _ = game.play("target N10"), game.play("cue mint")
    >>> giver, guesser = game.view(0), game.view(1)
    >>> giver.round.target, guesser.round.target, guesser.round.card, guesser.round.cues
    (Square.parse('N10'), None, None, ('mint',))
    >>> guesser.phase, guesser.current_player, len(guesser.legal_moves())
    (<Phase.FIRST_GUESSES: 'first guesses'>, 1, 480)
    >>> game.view(2).legal_moves()  # not seat 2's turn
    []
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
    def seen_by(
        cls,
        player: int,
        *,
        players: int,
        round: Round | None,
        rounds: tuple[Round, ...],
        scores: tuple[int, ...],
        used_cues: frozenset[str],
        board: Board,
        rules: Rules,
    ) -> View:
        """The view of seat ``player`` of a game in this state: cards and
        unscored targets only of the rounds where it is the cue giver."""
        if round is not None and round.giver != player:
            round = round.hidden()
        return cls(
            player=player,
            players=players,
            round=round,
            rounds=tuple(r if r.giver == player else r.hidden() for r in rounds),
            scores=scores,
            used_cues=used_cues,
            board=board,
            rules=rules,
        )

    @property
    def current_player(self) -> int | None:
        """The seat to move, or None once the game is over."""
        return seat_to_move(self.round, self.players)

    @property
    def phase(self) -> Phase | None:
        """Where the round in play stands, None once the game is over."""
        return None if self.round is None else self.round.phase

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        return self.round is None

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves when it is to move, else none."""
        if self.round is None or self.current_player != self.player:
            return []
        return legal_moves_of(self.round, self.used_cues, self.rules)

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: :func:`huegames.hues_and_cues.svg` of this
        view, through the game's registry entry (this module does not import the drawing)."""
        return engine.picture("hues-and-cues", self)
