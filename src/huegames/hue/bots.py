"""Simple Hue players.  A bot sees only a :class:`View` and returns a Move."""

from __future__ import annotations

import random

from .moves import Move
from .view import View


class RandomBot:
    """Plays a uniformly random legal move, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        moves = view.legal_moves()
        if not moves:
            raise ValueError(f"player {view.player} has no move to choose")
        return moves[self._rng.randrange(len(moves))]


class GreedyBot:
    """Plays the move that leaves it the best score card it could still keep.

    Every candidate is valued in one batch call into the backend.  Ties are
    broken uniformly at random from the bot's seed.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        moves = view.legal_moves()
        if not moves:
            raise ValueError(f"player {view.player} has no move to choose")
        cards = [view.deck[card_id] for card_id in view.hand]
        best_score, best_moves = -1, []
        for move, values in zip(moves, view.board.colour_values_after(moves), strict=True):
            score = max(card.score(values) for card in cards if card.id != move.card)
            if score > best_score:
                best_score, best_moves = score, [move]
            elif score == best_score:
                best_moves.append(move)
        return best_moves[self._rng.randrange(len(best_moves))]


BOTS = {"random": RandomBot, "greedy": GreedyBot}
"""Bot name -> class, for the batch runner and the command line."""
