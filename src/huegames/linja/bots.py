"""Linja bots: ``choose(view) -> Move`` for :func:`huegames.engine.play_game`,
``choose_turn(view) -> Turn`` for whole-turn play.

Every bot is made as ``Bot(seed=..., **settings)`` and draws every random
choice from its seed; asked to move out of turn or after the end, it raises
:class:`~huegames.NotYourTurnError`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from operator import itemgetter, mul

from .. import engine
from ..records import brief
from .board import POINTS, RED, Board
from .moves import Move, Turn
from .rules import Rules
from .turns import TurnOutcome, next_states
from .view import View

WIN = 1000
PROGRESS_WEIGHT = 0.25
_RED_WORTH = tuple(points + PROGRESS_WEIGHT * p for p, points in enumerate(POINTS))
_BLACK_WORTH = _RED_WORTH[::-1]


class RandomBot:
    """Plays a uniformly random legal move (or whole turn, for choose_turn)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(None if seed is None else engine.check_seed(seed))

    def choose(self, view: View) -> Move:
        """A random legal single move for the seat to move."""
        engine.check_turn(view)
        return self.rng.choice(view.legal_moves())

    def choose_turn(self, view: View) -> Turn:
        """A random legal whole turn (each distinct turn equally likely)."""
        engine.check_turn(view)
        return self.rng.choice(view.legal_turns())


class TurnBot(ABC):
    """A bot that decides whole turns; ``choose`` plays the chosen turn move by move."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(None if seed is None else engine.check_seed(seed))
        self._plan: dict[object, Move] = {}

    def choose(self, view: View) -> Move:
        """The next single move of the turn :meth:`choose_turn` picks.

        The turn is chosen at its first move and remembered, so the moves
        that follow in the same turn come from the same decision.
        """
        engine.check_turn(view)
        game = view.game
        key = (len(game.history), game.state)
        if key not in self._plan:
            turn = self.choose_turn(view)
            self._plan = {}
            ahead = game.copy()
            for move in turn.moves:  # legal: choose_turn picked it among the legal turns
                self._plan[(len(ahead.history), ahead.state)] = move
                ahead.play_legal(move)
        return self._plan[key]

    def choose_turn(self, view: View) -> Turn:
        """The turn of the best outcome by :meth:`rank`, ties broken at random."""
        engine.check_turn(view)
        outcomes = view.game.turn_outcomes()
        ranks = self.rank(outcomes, view.player, view.game.rules)
        best = max(ranks)
        return self.rng.choice([o.turn for o, r in zip(outcomes, ranks, strict=True) if r == best])

    @abstractmethod
    def rank(self, outcomes: list[TurnOutcome], seat: int, rules: Rules) -> list[float]:
        """A value for ``seat`` of each outcome; the highest wins."""


class GreedyBot(TurnBot):
    """Plays the whole turn that leaves the best score balance (own minus other's points).

    >>> from huegames import linja
    >>> game = linja.new_game(seed=1)
    >>> game.play_turn("6-7 5-6"), game.play_turn("7-6 6-4")
    (Turn.parse('6-7 5-6'), Turn.parse('7-6 6-4'))
    >>> bot = linja.GreedyBot(seed=1)
    >>> bot.choose_turn(game.view(0))
    Turn.parse('3-4 4-7')
    >>> bot.choose(game.view(0))  # the first move of the turn it picks
    Move.parse('3-4')
    >>> bot.choose(game.view(1))
    Traceback (most recent call last):
    ...
    huegames.errors.NotYourTurnError: seat 1 has no move: it is seat 0's turn
    """

    def rank(self, outcomes: list[TurnOutcome], seat: int, rules: Rules) -> list[float]:
        """Each outcome's :func:`balance` for ``seat``: no look-ahead."""
        return [float(balance(o.board, seat)) for o in outcomes]


class SearchBot(TurnBot):
    """Alpha-beta (negamax) over whole turns, deepened one turn at a time, within a node budget.

    The first depth (every own turn against every reply) always finishes;
    deeper searches stop once ``nodes`` positions have been expanded, or once
    a search reached the end of the game everywhere (a deeper one would walk
    the same tree), and the deepest finished search decides; ``max_depth`` counts the turns looked
    at, own included.  Leaves are scored by :func:`estimate`, a finished game
    by its result.  A node budget, not the clock, limits the search, so a
    seed repeats a game exactly.

    >>> from huegames import engine, linja
    >>> game = linja.new_game(seed=1)
    >>> game.play_turn("6-7 5-6"), game.play_turn("7-6 6-4")
    (Turn.parse('6-7 5-6'), Turn.parse('7-6 6-4'))
    >>> linja.SearchBot(seed=1).choose_turn(game.view(0))
    Turn.parse('4-5 6-7')
    >>> linja.SearchBot(seed=1, nodes=10, max_depth=2).choose(game.view(0))
    Move.parse('4-5')
    """

    def __init__(self, seed: int | None = None, *, nodes: int = 100, max_depth: int = 4) -> None:
        super().__init__(seed)
        for name, value, least in (("nodes", nodes, 0), ("max_depth", max_depth, 1)):
            if engine.check_int(value, f"SearchBot {name}") < least:
                raise ValueError(f"SearchBot {name} must be at least {least}, not {brief(value)}")
        self.nodes = nodes
        self.max_depth = max_depth

    def rank(self, outcomes: list[TurnOutcome], seat: int, rules: Rules) -> list[float]:
        """Each outcome's value for ``seat`` by the deepest search the node
        budget lets finish (exact for the best outcomes, a bound for the rest)."""
        self._expanded, self._rules = 0, rules
        self._children: dict[tuple[Board, int], list[tuple[float, Board, int, bool]]] = {}
        # each distinct state once, in the order found, then the best leaves first
        # (a stable sort: the C core breaks ties the same way)
        states = sorted(
            dict.fromkeys((o.board, o.player, o.over) for o in outcomes),
            key=lambda s: -_leaf(s, seat),
        )
        values = {state: _leaf(state, seat) for state in states}
        for depth in range(1, self.max_depth):
            self._depth, self._horizon = depth, False
            try:
                values = self._search(states, seat, depth)
            except _OutOfNodes:
                break
            if not self._horizon:  # exact: a deeper search would walk the same tree again
                break
        return [values[(o.board, o.player, o.over)] for o in outcomes]

    def _search(
        self, states: list[tuple[Board, int, bool]], seat: int, depth: int
    ) -> dict[tuple[Board, int, bool], float]:
        """Each root state's value, exact for the best ones (ties included), a bound for others."""
        values = {}
        best = -float("inf")
        for state in states:
            board, player, over = state
            if over:
                values[state] = result(board, seat)
            else:
                values[state] = -self._negamax(board, player, depth, -float("inf"), -best + 1e-9)
            best = max(best, values[state])
        return values

    def _negamax(self, board: Board, seat: int, depth: int, alpha: float, beta: float) -> float:
        """Fail-soft alpha-beta: the value for ``seat``, to move at ``board``."""
        children = self._expand(board, seat)
        if depth == 1:  # the children are leaves, already valued and sorted
            self._horizon = True
            return children[0][0]
        best = -float("inf")
        for leaf_value, child, player, over in children:
            # after a whole turn the other seat moves
            value = leaf_value if over else -self._negamax(child, player, depth - 1, -beta, -alpha)
            if value > best:
                best = value
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        return best

    def _expand(self, board: Board, seat: int) -> list[tuple[float, Board, int, bool]]:
        """The distinct states after ``seat``'s whole turns with their leaf values for
        ``seat``, best first."""
        key = (board, seat)
        children = self._children.get(key)
        if children is None:
            self._expanded += 1
            if self._expanded > self.nodes and self._depth > 1:
                raise _OutOfNodes
            states = next_states(board, seat, rules=self._rules)
            children = sorted(((_leaf(s, seat), *s) for s in states), reverse=True, key=_first)
            self._children[key] = children
        return children


class _OutOfNodes(Exception):
    """The node budget is spent: the search stops at the last finished depth."""


def balance(board: Board, seat: int) -> int:
    """Points of ``seat`` minus points of the other seat, as the board stands."""
    return board.points(seat) - board.points(1 - seat)


def estimate(board: Board, seat: int) -> float:
    """A leaf's value for ``seat``: the score balance plus a little for progress,
    ``balance + PROGRESS_WEIGHT * (own progress - other progress)``."""
    red: float = sum(map(mul, board.red, _RED_WORTH))
    black: float = sum(map(mul, board.black, _BLACK_WORTH))
    return red - black if seat == RED else black - red


def result(board: Board, seat: int) -> float:
    """A finished game's value for ``seat``: a win outweighs any margin."""
    margin = balance(board, seat)
    return margin + (WIN if margin > 0 else -WIN if margin < 0 else 0)


def _leaf(state: tuple[Board, int, bool], seat: int) -> float:
    board, _, over = state
    return result(board, seat) if over else estimate(board, seat)


_first = itemgetter(0)
