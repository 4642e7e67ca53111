"""The state of a game of Linja, as values: whose move it is and what is pending
(:class:`State`), why a game ended (:class:`Termination`), and where a whole
turn leads (:class:`TurnOutcome`).  Both engines, the pure-Python one and the
C core's, speak in these."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from .board import Board
from .moves import Turn

__all__ = ["State", "Termination", "TurnOutcome"]


class Termination(Enum):
    """Why a game of Linja ended (rules §2.5 and §3)."""

    PASSED = "passed"
    """The sides have passed each other: every red piece above every black one."""
    BLOCKADE = "blockade"
    """Neither side can make an initial move (a mutual blockade of full rows)."""


class State(NamedTuple):
    """Everything that decides the future of a game (history aside); hashable.

    ``current_player`` is the seat to move (at the end, the seat that would
    be: :attr:`Game.current_player` is None then); ``following`` is 0 when a
    turn starts with its initial move, else the length N of the pending
    following move; ``bonus`` is True during a bonus turn; ``termination``
    is None while the game goes on.
    """

    board: Board
    current_player: int
    following: int
    bonus: bool
    termination: Termination | None


class TurnOutcome(NamedTuple):
    """A complete turn and where it leads: the board, the seat to move, the end flag.

    ``player`` is :attr:`State.current_player` (a seat even when ``over``,
    where :attr:`Game.current_player` is None).
    """

    turn: Turn
    board: Board
    player: int
    over: bool
