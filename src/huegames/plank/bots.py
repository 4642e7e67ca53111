"""Bots for Plank, all ``bot.choose(view) -> move``, and a hand runner."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .game import Game
from .moves import Move
from .view import View

WIN = 1_000_000


class Bot(Protocol):
    def choose(self, view: View) -> Move: ...


def play_hand(game: Game, bots: Sequence[Bot]) -> Game:
    """Play ``game`` to its end, seat s choosing with ``bots[s]``; returns it."""
    while not game.is_over:
        seat = game.current_player
        game.play(bots[seat].choose(game.view(seat)), player=seat)
    return game


class RandomBot:
    """A uniformly random legal move, from a seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        return self.rng.choice(view.legal_moves())


class GreedyBot:
    """Completes a line when it can; otherwise avoids every move after which
    the next seat could complete one (so it blocks an immediate win when it
    can); picks at random (seeded) among what is left."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        game = view.to_game()
        wins = game.winning_moves()
        if wins:
            return self.rng.choice(wins)
        moves = game.legal_moves()
        safe = [move for move in moves if not _gives_a_win(game, move)]
        return self.rng.choice(safe or moves)


def _gives_a_win(game: Game, move: Move) -> bool:
    game.play(move)
    try:
        return not game.is_over and game.threats(game.current_player) > 0
    finally:
        game.undo()


class _OutOfBudget(Exception):
    """Raised inside the search when the node budget is spent."""


class SearchBot:
    """Alpha-beta search with iterative deepening, within ``budget`` nodes.

    Paranoid: the bot's side (its team with 4 players) against everyone
    else.  A seat to move that can complete a line counts as having won.
    Leaves score ``threats`` (ways to complete a line next turn) of the
    bot's side minus the others'.  Ties are broken by a seeded shuffle.
    """

    def __init__(self, seed: int | None = None, budget: int = 400, max_depth: int = 4) -> None:
        self.rng = random.Random(seed)
        self.budget, self.max_depth = budget, max_depth
        self._nodes = 0

    def choose(self, view: View) -> Move:
        game = view.to_game()
        wins = game.winning_moves()
        if wins:
            return self.rng.choice(wins)
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        self.rng.shuffle(moves)
        side = frozenset(game.team(view.player))
        self._nodes = 0
        best = moves[0]
        for depth in range(1, self.max_depth + 1):
            try:
                best, value = self._root(game, moves, depth, side)
            except _OutOfBudget:
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
        self._nodes += 1
        if self._nodes > self.budget:
            raise _OutOfBudget
        outcome = game.outcome
        if outcome is not None:
            if outcome.player is None:
                return 0
            return WIN + depth + 1 if outcome.player in side else -(WIN + depth + 1)
        mover = game.current_player
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


BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
"""Bot name -> class (called with a seed), for the batch runner and the command line."""
