"""Bots for Plank, all ``bot.choose(view) -> move``.

Each takes ``seed=`` and its settings as keywords, and refuses to move out
of turn with :class:`~huegames.NotYourTurnError` (:func:`engine.check_turn`).
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence

from .. import engine
from ..records import brief
from .game import Game
from .moves import Move
from .view import View

WIN = 1_000_000


def play_hand(game: Game, bots: Sequence[engine.Bot]) -> Game:
    """Deprecated: use :func:`huegames.engine.play_game`."""
    warnings.warn(
        "plank.play_hand is deprecated: use huegames.engine.play_game",
        DeprecationWarning,
        stacklevel=2,
    )
    return engine.play_game(game, bots)


class RandomBot:
    """Plays a uniformly random legal move."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(None if seed is None else engine.check_seed(seed))

    def choose(self, view: View) -> Move:
        """A random legal move for the seat to move."""
        engine.check_turn(view)
        return self.rng.choice(view.legal_moves())


class GreedyBot:
    """Completes a line when it can, else avoids handing the next seat one.

    Among the moves after which the next seat cannot complete a line (so it
    blocks an immediate win when it can), it picks at random (seeded).

    >>> from huegames import plank
    >>> game = plank.new_game(players=2, seed=7)
    >>> for text in ["T GWR R", "T RWG R", "T GRW W", "Wb3"]:
    ...     _ = game.play(text)
    >>> game.winning_moves()
    [Move.parse('Gc2')]
    >>> plank.GreedyBot(seed=1).choose(game.view(0)), plank.RandomBot(seed=1).choose(game.view(0))
    (Move.parse('Gc2'), Move.parse('Ga3'))
    >>> plank.GreedyBot(seed=1).choose(game.view(1))
    Traceback (most recent call last):
    ...
    huegames.errors.NotYourTurnError: seat 1 has no move: it is seat 0's turn
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(None if seed is None else engine.check_seed(seed))

    def choose(self, view: View) -> Move:
        """A winning move if there is one, else a random move that hands the
        next seat no immediate line (any move when none is safe)."""
        engine.check_turn(view)
        game = view.to_game()
        wins = game.winning_moves()
        if wins:
            return self.rng.choice(wins)
        moves = game.legal_moves()
        safe = [move for move in moves if not game.gives_a_line(move)]
        return self.rng.choice(safe or moves)


class _OutOfNodes(Exception):
    """Raised inside the search when it has visited its ``nodes``."""


class SearchBot:
    """Alpha-beta search with iterative deepening, visiting at most nodes positions.

    Paranoid: the bot's side (its team with 4 players) against everyone
    else.  A seat to move that can complete a line counts as having won.
    Leaves score ``threats`` (ways to complete a line next turn) of the
    bot's side minus the others'.  Ties are broken by a seeded shuffle.
    ``budget=`` is a deprecated name of ``nodes``.

    >>> from huegames import engine, plank
    >>> game = plank.new_game(players=3, seed=0)
    >>> bots = [plank.SearchBot(seed=seat, nodes=100, max_depth=2) for seat in range(3)]
    >>> engine.play_game(game, bots)
    <plank.Game 3 players, 35 moves, seat 2 completed a line>
    >>> game.scores()  # 3 players: penalty points to the two seats after the winner
    [1, 2, 0]
    """

    def __init__(
        self, seed: int | None = None, *, nodes: int = 400, max_depth: int = 4, **deprecated: int
    ) -> None:
        if deprecated.keys() - {"budget"}:
            unknown = ", ".join(sorted(deprecated.keys() - {"budget"}))
            raise TypeError(f"SearchBot got unexpected keyword arguments: {unknown}")
        if "budget" in deprecated:
            warnings.warn(
                "SearchBot(budget=...) is deprecated: use nodes=...",
                DeprecationWarning,
                stacklevel=2,
            )
            nodes = deprecated["budget"]
        for name, value in (("nodes", nodes), ("max_depth", max_depth)):
            if engine.check_int(value, f"SearchBot {name}") < 1:
                raise ValueError(f"SearchBot {name} must be a positive integer, not {brief(value)}")
        self.rng = random.Random(None if seed is None else engine.check_seed(seed))
        self.nodes, self.max_depth = nodes, max_depth
        self._visited = 0

    def choose(self, view: View) -> Move:
        """A winning move if there is one, else the best move of the deepest
        search that finished within ``nodes`` positions."""
        seat = engine.check_turn(view)
        game = view.to_game()
        wins = game.winning_moves()
        if wins:
            return self.rng.choice(wins)
        moves = list(game.legal_moves())
        if len(moves) == 1:
            return moves[0]
        self.rng.shuffle(moves)
        side = frozenset(game.team(seat))
        self._visited = 0
        best = moves[0]
        for depth in range(1, self.max_depth + 1):
            try:
                best, value = self._root(game, moves, depth, side)
            except _OutOfNodes:
                break
            moves.remove(best)
            moves.insert(0, best)
            if abs(value) >= WIN:
                break
        return best

    def _root(
        self, game: Game, moves: list[Move], depth: int, side: frozenset[int]
    ) -> tuple[Move, float]:
        best, alpha = moves[0], -float("inf")
        for move in moves:
            game.play(move)
            try:
                value = self._value(game, depth - 1, alpha, float("inf"), side)
            finally:
                game.undo()
            if value > alpha:
                best, alpha = move, value
        return best, alpha

    def _value(
        self, game: Game, depth: int, alpha: float, beta: float, side: frozenset[int]
    ) -> float:
        self._visited += 1
        if self._visited > self.nodes:
            raise _OutOfNodes
        mover = game.current_player
        if mover is None:
            outcome = game.outcome()
            assert outcome is not None  # a game with no seat to move is over
            if not outcome.winners:
                return 0
            return WIN + depth + 1 if outcome.winners[0] in side else -(WIN + depth + 1)
        ours = mover in side
        if game.threats(mover):
            return WIN + depth if ours else -(WIN + depth)
        if depth == 0:
            return sum(
                game.threats(seat) if seat in side else -game.threats(seat)
                for seat in range(game.players)
            )
        best = -float("inf") if ours else float("inf")
        for move in game.legal_moves():
            game.play(move)
            try:
                value = self._value(game, depth - 1, alpha, beta, side)
            finally:
                game.undo()
            if ours:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best
