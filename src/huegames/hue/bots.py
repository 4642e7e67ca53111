"""Simple Hue players.  A bot sees only a :class:`View` and returns a Move."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import engine
from .board import Board
from .cards import Card
from .game import Game, new_game
from .moves import Move
from .rules import Rules
from .view import View


def random_position(
    players: int, seed: int, moves: int | None = None, *, rules: Rules | None = None
) -> Game:
    """A new seeded game advanced by uniformly random moves drawn from the same
    seed: ``moves`` of them, or to the end.  For examples, tests and benchmarks.

    >>> from huegames.hue.bots import random_position
    >>> game = random_position(3, seed=7, moves=4)
    >>> game
    <hue.Game 3 players, 4 moves, player 1 to move>
    >>> game.history[:2]
    [Move.parse('D4 -2 1 1'), Move.parse('D1 -3 0 1')]
    """
    game = new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(game.history) < moves):
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    return game


def seeded(seed: int | None) -> random.Random:
    """A bot's random numbers from its seed: an int (TypeError for anything
    else, a float or text included), or None for a fresh one."""
    return random.Random(None if seed is None else engine.check_seed(seed))


class RandomBot:
    """Plays a uniformly random legal move.

    The same seed and the same views give the same moves.

    >>> from huegames import hue
    >>> game = hue.new_game(players=3, seed=7)
    >>> hue.RandomBot(seed=1).choose(game.view(0))
    Move.parse('D0 3 2 1')
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = seeded(seed)

    def choose(self, view: View) -> Move:
        """A random legal move for the view's seat (NotYourTurnError when it is not to move).

        >>> from huegames import hue
        >>> game = hue.new_game(players=3, seed=7)
        >>> hue.RandomBot(seed=1).choose(game.view(1))
        Traceback (most recent call last):
        ...
        huegames.errors.NotYourTurnError: seat 1 has no move: it is seat 0's turn
        """
        engine.check_turn(view)
        moves = view.legal_moves()
        return moves[self._rng.randrange(len(moves))]


class GreedyBot:
    """Plays the move that most improves the best score card it could still keep.

    Every candidate is valued in one batch call into the backend.  Among
    equal moves it hurts the leader: it prefers the move after which the
    strongest card an opponent might hold (any card it cannot see) scores
    least.  Remaining ties are broken at random from the bot's seed.

    >>> from huegames import hue
    >>> game = hue.new_game(players=3, seed=7)
    >>> hue.GreedyBot(seed=1).choose(game.view(0))
    Move.parse('T4 1 1 3')
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = seeded(seed)

    def choose(self, view: View) -> Move:
        """The greedy move for the view's seat (NotYourTurnError when it is not to move)."""
        engine.check_turn(view)
        hand = [view.deck[card_id] for card_id in view.hand]
        unseen = [view.deck[card_id] for card_id in view.unseen_cards()]
        best = greedy_moves(view.board, hand, unseen, view.legal_moves())
        return best[self._rng.randrange(len(best))]


def greedy_moves(
    board: Board, hand: Sequence[Card], unseen: Sequence[Card], moves: Sequence[Move]
) -> list[Move]:
    """The moves :class:`GreedyBot` chooses among, in the order of ``moves``:
    those after which the best card of ``hand`` other than the one laid scores
    most, and of those, the ones after which the strongest ``unseen`` card
    scores least.  Every move is valued in one batch call into the backend.

    >>> from huegames import hue
    >>> from huegames.hue.bots import greedy_moves
    >>> game = hue.new_game(players=3, seed=7)
    >>> view = game.view(0)
    >>> hand = [view.deck[card_id] for card_id in view.hand]
    >>> unseen = [view.deck[card_id] for card_id in view.unseen_cards()]
    >>> greedy_moves(view.board, hand, unseen, view.legal_moves())
    [Move.parse('T4 1 1 3')]
    """
    valued = list(zip(moves, board.colour_values_after(moves), strict=True))
    own = [max(c.score(values) for c in hand if c.id != move.card) for move, values in valued]
    best_own = max(own)
    tied = [pair for pair, score in zip(valued, own, strict=True) if score == best_own]
    leader = [max((c.score(values) for c in unseen), default=0) for _, values in tied]
    weakest = min(leader)
    return [move for (move, _), score in zip(tied, leader, strict=True) if score == weakest]
