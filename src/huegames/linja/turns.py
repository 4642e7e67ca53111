"""Whole turns (rules §2) generated straight from piece counts: the fast path for search.

This is a second, independent statement of the turn rules: :class:`Game`
plays single moves in absolute positions, while this module walks every
complete turn in the mover's own frame (the mover always heads for 7).
The tests check that both reach the same states.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import _cores
from . import c_state
from .board import RED, ROW_LIMIT, Board, passed
from .moves import MOVES, Move, Turn
from .rules import Rules
from .state import TurnOutcome

GOAL = 7  # in the mover's frame


def turn_outcomes(
    board: Board,
    seat: int,
    following: int = 0,
    bonus: bool = False,
    rules: Rules | None = None,
    *,
    backend: str | None = None,
) -> list[TurnOutcome]:
    """Every distinct way to complete the current turn of ``seat``.

    ``following`` is 0 at the initial move, else the length N of the pending
    following move; ``bonus`` says whether this is already a bonus turn.
    The state is assumed not over.  ``backend`` (``"c"`` or ``"python"``)
    chooses where the turns are walked; by default in the C core when it is
    loaded: both give the same list.

    >>> from huegames.linja import RED, Board, next_states, turn_outcomes
    >>> outcomes = turn_outcomes(Board.start(), RED)
    >>> len(outcomes), len(next_states(Board.start(), RED))  # some turns lead to the same place
    (43, 33)
    >>> first = outcomes[0]
    >>> first.turn, first.player, first.over
    (Turn.parse('0-1 0-2'), 1, False)
    >>> print(first.board)
    r4 r2b1 r2b1 r1b1 r1b1 r1b1 r1b1 b6
    """
    rules = rules or Rules()
    if in_c(backend):
        return c_state.turn_outcomes(board, seat, following, bonus, rules)
    found: list[TurnOutcome] = []
    _walk(board, seat, following, bonus, rules, found.append)
    return found


def next_states(
    board: Board,
    seat: int,
    following: int = 0,
    bonus: bool = False,
    rules: Rules | None = None,
    *,
    backend: str | None = None,
) -> list[tuple[Board, int, bool]]:
    """The distinct ``(board, player, over)`` that completing the turn can lead to,
    each once, in the order :func:`turn_outcomes` first reaches it
    (without the moves: the search bot's fast path; the C core's search
    lists them in the same order, which its tie-breaks rely on).
    ``backend`` as for :func:`turn_outcomes`."""
    rules = rules or Rules()
    if in_c(backend):
        return c_state.next_states(board, seat, following, bonus, rules)
    found: list[tuple[Board, int, bool]] = []
    _walk(board, seat, following, bonus, rules, None, found.append)
    return found


def in_c(backend: str | None) -> bool:
    """Whether ``backend`` (``"c"``, ``"python"``, or None for the default: C
    when the core is loaded) is the C core (:func:`huegames._cores.in_core`)."""
    return _cores.in_core(backend, c_state.available, c_state.CORE_NAME)


_FRAME_MOVES = (
    MOVES,
    tuple(tuple(MOVES[7 - s][7 - t] for t in range(8)) for s in range(8)),
)
"""Each seat's moves by positions in its own frame: ``_FRAME_MOVES[seat][s][t]``."""


def _walk(
    board: Board,
    seat: int,
    following: int,
    bonus: bool,
    rules: Rules,
    on_turn: Callable[[TurnOutcome], None] | None,
    on_state: Callable[[tuple[Board, int, bool]], None] | None = None,
) -> None:
    """Walk every complete turn, calling ``on_turn`` with each (or ``on_state``
    with each distinct end state once, in the order first reached)."""
    goal_bonus = rules.goal_bonus
    if seat == RED:
        own, opp = list(board.red), list(board.black)
    else:
        own, opp = list(board.black[::-1]), list(board.red[::-1])
    moves = _FRAME_MOVES[seat]
    other = 1 - seat

    def can_start_opp() -> bool:
        """Whether the other side (heading for 0 in this frame) has an initial move."""
        if opp[1]:
            return True
        return any(opp[s] and own[s - 1] + opp[s - 1] < ROW_LIMIT for s in range(2, 8))

    def can_start_own() -> bool:
        if own[6]:
            return True
        return any(own[s] and own[s + 1] + opp[s + 1] < ROW_LIMIT for s in range(6))

    seen: set[tuple[tuple[int, ...], tuple[int, ...], int, bool]] = set()
    """The end states already given to ``on_state``, in this frame."""

    def record(steps: tuple[Move, ...], player: int, over: bool) -> None:
        mine, theirs = tuple(own), tuple(opp)
        if on_state is not None:
            key = (mine, theirs, player, over)
            if key in seen:
                return
            seen.add(key)
        after = Board(mine, theirs) if seat == RED else Board(theirs[::-1], mine[::-1])
        if on_state is not None:
            on_state((after, player, over))
        elif on_turn is not None:
            on_turn(TurnOutcome(Turn(steps), after, player, over))

    def end_turn(steps: tuple[Move, ...]) -> None:
        record(steps, other, not can_start_opp() and not can_start_own())

    def initial(steps: tuple[Move, ...], in_bonus: bool) -> None:
        starts = [
            s
            for s in range(GOAL)
            if own[s] and (s + 1 == GOAL or own[s + 1] + opp[s + 1] < ROW_LIMIT)
        ]
        if not starts:
            if can_start_opp():
                end_turn((*steps, Move.PASS))
            else:  # a bonus turn that opens on a mutual blockade: the game ends
                record(steps, seat, True)
            return
        for s in starts:
            t = s + 1
            n = 1 if t == GOAL else own[t] + opp[t]
            own[s] -= 1
            own[t] += 1
            here = (*steps, moves[s][t])
            if passed(own, opp):
                record(here, seat, True)
            elif n == 0:
                end_turn(here)
            else:
                follow(here, n, in_bonus)
            own[s] += 1
            own[t] -= 1

    def follow(steps: tuple[Move, ...], n: int, in_bonus: bool) -> None:
        targets = []
        for s in range(GOAL):
            if own[s]:
                t = s + n if s + n < GOAL else GOAL
                if t == GOAL or own[t] + opp[t] < ROW_LIMIT:
                    targets.append((s, t))
        if not targets:
            end_turn((*steps, Move.PASS))
            return
        for s, t in targets:
            was_empty = own[t] + opp[t] == 0
            own[s] -= 1
            own[t] += 1
            here = (*steps, moves[s][t])
            if passed(own, opp):
                record(here, seat, True)
            elif was_empty and not in_bonus and (t != GOAL or goal_bonus):
                initial(here, True)
            else:
                end_turn(here)
            own[s] += 1
            own[t] -= 1

    if following:
        follow((), following, bonus)
    else:
        initial((), bonus)
