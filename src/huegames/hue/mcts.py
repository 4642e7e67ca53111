"""Monte Carlo search for Hue: determinized playouts over the hidden cards.

:class:`MCTSBot` sees only a :class:`View`.  For each decision it

1. lists every legal move and values them all in one batch call
   (``board.colour_values_after``), keeping the ``candidates`` best by the
   greedy criterion -- the best score card it could still keep after the
   move -- and, as many again, the best by that score less the best score any
   unseen card would make (the strongest card an opponent might hold);
2. splits its playout budget over the candidates by *sequential halving*
   (each round gives every surviving candidate an equal share of playouts,
   then drops the worse half by mean reward), which spends the budget on
   telling the best moves apart rather than on re-testing bad ones -- at the
   root of a one-shot decision this beats UCB1 for the same budget;
3. each playout draws a fresh determinization -- every other seat gets, from
   the cards this seat cannot see, as many cards as it holds, one of them a
   poison card exactly when it has not played its poison yet -- makes the
   candidate move, and plays on to the end in the C kernel
   (:class:`kernel.Playouts`) by the ``rollout`` policy: ``keep_best`` (the
   default: random moves, but a seat down to two cards keeps the one scoring
   more on the table as it then is), ``random``, or ``greedy`` (every seat
   as :class:`~huegames.hue.GreedyBot`, stronger and far slower a playout).
   One call into C per round of halving.

The reward of a playout is 1 for a win (ties go to the earliest seat, as in
the rules) and 0 for a loss, plus ``margin`` times the score lead over the
best other seat, divided by 50 and clipped to +-1.

On the pure-Python backend the playouts run in Python (the same policy,
much slower): keep the budget small there.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Sequence

from .. import engine
from ..records import brief
from . import kernel
from .board import Board
from .bots import greedy_moves, seeded
from .moves import Move
from .view import HiddenCards, View

MARGIN_SCALE = 50.0

Rewards = Callable[[list[Move], int, int], list[float]]
"""(moves, playouts per move, playouts already run) -> total reward per move."""
Runner = Callable[
    [list[list[list[str]]], list[Move], int, int], tuple[list[tuple[int, ...]], list[int]]
]
"""(hands per playout, first move per playout, seed, first playout) -> (scores, winners)."""


class MCTSBot:
    """Determinized Monte Carlo search over the greedy bot's best candidates.

    ``MCTSBot(seed=...)`` plays with ``playouts=1000`` per decision; give
    ``seconds`` instead to search for about that long.  The same seed and
    the same views give the same moves.

    >>> from huegames import hue
    >>> from huegames.hue.bots import random_position
    >>> game = random_position(2, seed=3, moves=9)
    >>> view = game.view(game.current_player)
    >>> bot = hue.MCTSBot(seed=1, playouts=20)
    >>> bot.choose(view) in view.legal_moves()
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int = 1000,
        seconds: float | None = None,
        candidates: int = 12,
        margin: float = 0.2,
        rollout: str = "keep_best",
    ) -> None:
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
            raise ValueError(f"playouts must be a positive integer, not {brief(playouts)}")
        if seconds is not None and not (
            isinstance(seconds, (int, float))
            and not isinstance(seconds, bool)
            and 0 < seconds <= sys.float_info.max
        ):
            raise ValueError(f"seconds must be a positive number or None, not {brief(seconds)}")
        if isinstance(candidates, bool) or not isinstance(candidates, int) or candidates < 1:
            raise ValueError(f"candidates must be a positive integer, not {brief(candidates)}")
        if (
            isinstance(margin, bool)
            or not isinstance(margin, (int, float))
            or (isinstance(margin, float) and not math.isfinite(margin))
        ):
            raise ValueError(f"margin must be a finite number, not {brief(margin)}")
        if not isinstance(rollout, str) or rollout not in kernel.POLICIES:
            raise ValueError(
                f"unknown rollout policy {brief(rollout)}: use {', '.join(kernel.POLICIES)}"
            )
        self._rng = seeded(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.candidates = candidates
        self.margin = margin
        self.rollout = rollout

    # -- the decision ----------------------------------------------------------

    def choose(self, view: View) -> Move:
        """The searched move for the view's seat (NotYourTurnError when it is not to move).

        One call spends the whole budget (``playouts``, or about ``seconds``)
        on this decision; the bot keeps nothing from one call to the next.
        """
        me = engine.check_turn(view)
        seed = self._rng.getrandbits(63)
        rng = random.Random(seed)
        shortlist = self._shortlist(view, view.legal_moves())
        if len(shortlist) == 1:
            return shortlist[0]
        run = _runner(view.board, view.players, me, self.rollout)
        sampler = HiddenCards(view)

        def rewards(batch: list[Move], per_move: int, first_playout: int) -> list[float]:
            hands = [sampler.deal(rng) for _ in range(len(batch) * per_move)]
            firsts = [move for move in batch for _ in range(per_move)]
            scores, winners = run(hands, firsts, seed, first_playout)
            totals = [0.0] * len(batch)
            for p, (row, winner) in enumerate(zip(scores, winners, strict=True)):
                lead = row[me] - max(s for seat, s in enumerate(row) if seat != me)
                bonus = max(-1.0, min(1.0, lead / MARGIN_SCALE))
                totals[p // per_move] += (winner == me) + self.margin * bonus
            return totals

        budget = self.playouts
        if self.seconds is not None:
            start = time.perf_counter()
            rewards(shortlist, 1, 0)  # a timing round, results dropped
            rate = len(shortlist) / max(time.perf_counter() - start, 1e-6)
            budget = max(len(shortlist), int(min(rate * self.seconds, sys.maxsize)))
        return _halve(shortlist, budget, rewards)

    def _shortlist(self, view: View, moves: Sequence[Move]) -> list[Move]:
        """The best ``candidates`` moves by the greedy criterion, and as many
        again by it less the strongest card an opponent might hold."""
        moves = list(moves)
        if len(moves) <= self.candidates:
            return moves
        hand = [view.deck[card_id] for card_id in view.hand]
        unseen = [view.deck[card_id] for card_id in view.unseen_cards()]
        own, threat = [], []
        for move, values in zip(moves, view.board.colour_values_after(moves), strict=True):
            own.append(max(card.score(values) for card in hand if card.id != move.card))
            threat.append(max((card.score(values) for card in unseen), default=0))
        order = range(len(moves))
        by_own = sorted(order, key=lambda k: (-own[k], threat[k]))
        by_lead = sorted(order, key=lambda k: (threat[k] - own[k], -own[k]))
        chosen = dict.fromkeys(by_own[: self.candidates])
        chosen.update(dict.fromkeys(by_lead[: self.candidates]))
        return [moves[k] for k in chosen]


def _halve(candidates: list[Move], budget: int, rewards: Rewards) -> Move:
    """Sequential halving (Karnin, Koren and Somekh 2013) over ``candidates``."""
    alive = list(range(len(candidates)))
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    rounds = max(1, math.ceil(math.log2(len(candidates))))
    used = 0
    while len(alive) > 1:
        per_move = max(1, budget // (rounds * len(alive)))
        batch = [candidates[k] for k in alive]
        for k, total in zip(alive, rewards(batch, per_move, used), strict=True):
            totals[k] += total
            counts[k] += per_move
        used += per_move * len(alive)
        alive.sort(key=lambda k: -totals[k] / counts[k])
        alive = alive[: math.ceil(len(alive) / 2)]
    return candidates[alive[0]]


# -- playouts: the C kernel, or a slow Python twin ------------------------------------


def _runner(board: Board, players: int, to_move: int, policy: str) -> Runner:
    """Playouts from ``board`` with seat ``to_move`` to move: in C, or in Python."""
    if kernel.available:
        playouts = kernel.Playouts(board, players, to_move, policy=policy)

        def run_c(
            hands: list[list[list[str]]], firsts: list[Move], seed: int, first_playout: int
        ) -> tuple[list[tuple[int, ...]], list[int]]:
            result = playouts.run(hands, first=firsts, seed=seed, first_playout=first_playout)
            return result.scores, result.winners

        return run_c

    def run_python(
        hands: list[list[list[str]]], firsts: list[Move], seed: int, first_playout: int
    ) -> tuple[list[tuple[int, ...]], list[int]]:
        scores, winners = [], []
        for p, (per_seat, first) in enumerate(zip(hands, firsts, strict=True)):
            rng = random.Random(seed * 1_000_003 + first_playout + p)
            row = python_playout(board, per_seat, to_move, first, rng, policy)
            scores.append(row)
            winners.append(row.index(max(row)))
        return scores, winners

    return run_python


def python_playout(
    board: Board,
    hands: Sequence[Sequence[str]],
    to_move: int,
    first: Move | None,
    rng: random.Random,
    policy: str = "keep_best",
) -> tuple[int, ...]:
    """One playout in Python, as :class:`kernel.Playouts` plays it with
    ``policy`` (not the same random numbers): each seat's final score."""
    board = board.copy()
    held = [list(hand) for hand in hands]
    players = len(held)
    seat = to_move
    if first is not None:
        board.place(first)
        held[seat].remove(first.card)
        seat = (seat + 1) % players
    while any(len(hand) > 1 for hand in held):
        hand = held[seat]
        if len(hand) > 1:
            playable = hand
            if policy == "keep_best" and len(hand) == 2:
                values = board.colour_values()
                keep = int(board.deck[hand[1]].score(values) > board.deck[hand[0]].score(values))
                playable = [hand[1 - keep]]
            legal: Sequence[Move] = board.legal_placements_of(playable)
            if policy == "greedy":
                cards = [board.deck[card_id] for card_id in hand]
                others = [board.deck[c] for other in held if other is not hand for c in other]
                legal = greedy_moves(board, cards, others, legal)
            move = legal[rng.randrange(len(legal))]
            board.place(move)
            hand.remove(move.card)
        seat = (seat + 1) % players
    values = board.colour_values()
    return tuple(board.deck[hand[0]].score(values) for hand in held)
