"""A game of Linja: setup (rules §1), single moves and whole turns (§2), the end and scores (§3)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from .. import engine, records
from ..errors import IllegalMoveError
from . import c_state
from .board import BLACK, GOALS, RED, ROW_LIMIT, SEAT_NAMES, Board, forward, is_row
from .moves import MOVES, Move, Turn
from .rules import Rules
from .state import State, Termination
from .turns import TurnOutcome, in_c, turn_outcomes
from .view import View

MIN_PLAYERS = MAX_PLAYERS = 2
"""Linja is for two players (the same shape as the other games' bounds)."""

GAME_NAME = "linja"
"""The registry name, also the ``game`` of every Linja record."""
CHOSEN = "first_player_chosen"
"""The setup key of a record whose first player was chosen, not drawn from its seed."""


class Game:
    """The state of one game of Linja.

    Build one with :func:`new_game`.  Seat 0 is red (from 0 towards 7), seat
    1 black (from 7 towards 0).  ``play`` checks and applies one single move,
    ``play_turn`` a whole turn; an illegal one raises IllegalMoveError and
    changes nothing.  ``undo`` takes back the last single move.

    The position lives in the Linja C core when it is loaded
    (:mod:`huegames.linja.c_state`), else in Python, the specification; both
    play the same game.  ``backend`` (``"c"`` or ``"python"``) chooses one;
    :meth:`with_backend` copies a game onto the other.

    >>> from huegames import linja
    >>> game = linja.new_game(seed=1)
    >>> game
    <linja.Game r6 r1b1 ... b6 | 0 moves, red to play an initial move>
    >>> game.current_player, game.legal_moves()[:3]
    (0, [Move.parse('0-1'), Move.parse('1-2'), Move.parse('2-3')])
    >>> game.play("0-1")          # row 1 held 2 pieces: the following move goes 2
    Move.parse('0-1')
    >>> game.following, game.legal_moves()[:3]
    (2, [Move.parse('0-2'), Move.parse('1-3'), Move.parse('2-4')])
    >>> game.play("0-3")
    Traceback (most recent call last):
    ...
    huegames.errors.IllegalMoveError: move 0-3 (...): the following move goes exactly 2 ...
    >>> game.undo(), len(game.legal_turns())
    (Move.parse('0-1'), 43)
    >>> game.play_turn("6-7 5-6")  # into the goal: the following move goes 1
    Turn.parse('6-7 5-6')
    >>> game.current_player, game.board.red, game.scores()
    (1, (6, 1, 1, 1, 1, 0, 1, 1), [9, 6])
    """

    __slots__ = ("_c", "_stack", "_state", "first_player", "history", "rules", "seed", "start")

    def __init__(
        self,
        start: Board | None = None,
        first_player: int = RED,
        *,
        rules: Rules | None = None,
        seed: int | None = None,
        backend: str | None = None,
    ) -> None:
        if start is not None and not isinstance(start, Board):
            raise TypeError(f"start must be a Board, not {type(start).__name__}")
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be a linja.Rules, not {type(rules).__name__}")
        self.first_player = _check_seat(first_player, "first_player")
        if start is None:  # the usual start: its two first states made once
            self.start, state = _START, _START_STATES[first_player]
        else:
            start.check()
            self.start, state = start, self._start_state(start, first_player)
        self.rules = rules or _RULES
        self.seed = records.check_seed(seed)
        self.history: list[Move] = []
        self._stack: list[State] = []
        self._state = state
        # The position lives in the C core when it is loaded (c_state), else here.
        self._c: c_state.CState | None = None
        if in_c(backend):
            usual = start is None and self.rules is _RULES
            self._c = (
                _START_LINES[first_player].copy() if usual else c_state.CState(state, self.rules)
            )

    # -- the backend ----------------------------------------------------------

    @property
    def backend(self) -> str:
        """Where this game's position lives: ``"c"`` (the C core) or ``"python"``."""
        return "python" if self._c is None else "c"

    @property
    def core_state(self) -> c_state.CState | None:
        """The game's line of play in the C core, or None on the Python
        backend: what an encoder reads the position from."""
        return self._c

    def with_backend(self, name: str) -> Game:
        """A copy of this game whose position lives on backend ``name`` (``"c"``
        or ``"python"``): the same game, to compare the two engines in one process.

        Raises ValueError for an unknown name, or ``"c"`` without the C core.
        """
        twin = Game(self.start, self.first_player, rules=self.rules, seed=self.seed, backend=name)
        for move in self.history:
            twin.play_legal(move)
        return twin

    @property
    def state(self) -> State:
        """Everything that decides the future of the game (:class:`State`).

        Setting it puts the game in another position (to set up a study, say);
        the history and the undo steps stay as they were."""
        return self._state if self._c is None else self._c.state

    @state.setter
    def state(self, state: State) -> None:
        if not isinstance(state, State):
            raise TypeError(f"state must be a linja.State, not {type(state).__name__}")
        self._state = state
        if self._c is not None:
            self._c.set(state)

    # -- the state ------------------------------------------------------------

    @property
    def players(self) -> int:
        """Always 2: Linja is for two players."""
        return MIN_PLAYERS

    @property
    def board(self) -> Board:
        """The pieces as they stand now."""
        return self.state.board

    @property
    def current_player(self) -> int | None:
        """The seat to move, or None (:data:`huegames.engine.GAME_OVER`) once the game is over."""
        c = self._c
        if c is not None:
            return c.to_move  # None is engine.GAME_OVER
        return engine.GAME_OVER if self.is_over else self._state.current_player

    @property
    def following(self) -> int:
        """0 at an initial move, else the length N the following move must cover."""
        return self.state.following

    @property
    def bonus(self) -> bool:
        """True while the turn being played is a bonus turn (:attr:`State.bonus`)."""
        return self.state.bonus

    @property
    def is_over(self) -> bool:
        """True once the sides have passed each other or a blockade ended the game."""
        c = self._c
        return self._state.termination is not None if c is None else not c.keys[-1]

    def scores(self) -> list[int]:
        """Each seat's points as the board stands (final once the game is over)."""
        return [self.board.points(0), self.board.points(1)]

    def outcome(self) -> engine.Outcome | None:
        """How the game ended, or None while it goes on.

        More points wins (§3); equal points is a draw (``winners == ()``)
        unless ``Rules.tie_break`` is ``"goal"``; a blockade is a draw
        whatever the points under ``Rules(blockade="draw")``.

        >>> from huegames import engine, linja
        >>> game = linja.new_game(seed=3)
        >>> game.outcome() is None
        True
        >>> engine.play_game(game, [linja.GreedyBot(seed=1), linja.GreedyBot(seed=2)])
        <linja.Game b12 r1 . r1 . . . r10 | 74 moves, over (passed)>
        >>> game.outcome(), game.scores(), game.winner
        (Outcome(termination=<Termination.PASSED: 'passed'>, winners=(1,)), [50, 60], 1)
        """
        termination = self.state.termination
        if termination is None:
            return None
        if termination is Termination.BLOCKADE and self.rules.blockade == "draw":
            return engine.Outcome(termination, ())
        red, black = self.scores()
        if red == black and self.rules.tie_break == "goal":
            red, black = self.board.red[GOALS[0]], self.board.black[GOALS[1]]
        if red == black:
            return engine.Outcome(termination, ())
        return engine.Outcome(termination, (0,) if red > black else (1,))

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over; None for a draw or while it goes on."""
        outcome = self.outcome()
        return None if outcome is None else outcome.winner

    # -- single moves ---------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The single moves available now: initial or following moves, or ``[Move.PASS]``."""
        c = self._c
        if c is not None:  # the list of the position's moves key, when met before
            listed = _LISTS.get(c.keys[-1])
            return list(listed) if listed is not None else c.legal_moves()
        if self.is_over:
            return []
        state = self._state
        return _steps(state.board, state.current_player, state.following or 1) or [Move.PASS]

    def play(self, move: Move | str, *, player: int | None = None) -> Move:
        """Check and play one single move for the current player; returns it as a Move.

        ``player``, when given, must be the seat to move.  On any error the
        game is unchanged.
        """
        c = self._c
        if c is not None and player is None and c.play_known(move):
            self.history.append(move)  # the fast path: a move from legal_moves()
            return move
        self._check_can_play(player)
        move = Move.coerce(move)
        if c is not None:
            if not c.play(move):
                legal = c.legal_moves()
                raise IllegalMoveError(
                    f"move {move} ({self._describe()}): {self._why(move, legal)}"
                )
            self.history.append(move)
            return move
        legal = self.legal_moves()
        if move not in legal:
            raise IllegalMoveError(f"move {move} ({self._describe()}): {self._why(move, legal)}")
        self.play_legal(move)
        return move

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` would take back a move (one has been played)."""
        return bool(self.history)

    def undo(self) -> Move:
        """Take back the last single move."""
        if not self.history:
            raise IllegalMoveError("no move has been played: nothing to undo")
        if self._c is not None:
            self._c.undo()
        else:
            self._state = self._stack.pop()
        return self.history.pop()

    # -- whole turns ----------------------------------------------------------

    def legal_turns(self) -> list[Turn]:
        """Every distinct way to complete the current turn, bonus turn included."""
        return [outcome.turn for outcome in self.turn_outcomes()]

    def turn_outcomes(self) -> list[TurnOutcome]:
        """:meth:`legal_turns` with the board, seat to move and end flag each one leads to."""
        if self.is_over:
            return []
        if self._c is not None:
            return self._c.turn_outcomes()
        p = self._state
        return turn_outcomes(
            p.board, p.current_player, p.following, p.bonus, self.rules, backend="python"
        )

    def play_turn(
        self, turn: Turn | str | Iterable[Move | str], *, player: int | None = None
    ) -> Turn:
        """Check and play the rest of the current turn as one move sequence.

        The sequence must finish the turn exactly (up to the next player's
        turn or the end of the game).  On any error the game is unchanged.
        """
        self._check_can_play(player)
        turn = Turn.coerce(turn)
        seat, played = self.state.current_player, 0
        try:
            for number, move in enumerate(turn.moves):
                if number and self._turn_done(seat):
                    raise IllegalMoveError(f"the turn is complete after {number} moves")
                self.play(move)
                played += 1
            if not self._turn_done(seat):
                raise IllegalMoveError(f"the turn is not complete ({self._describe()})")
        except IllegalMoveError as error:
            for _ in range(played):
                self.undo()
            raise IllegalMoveError(f"turn {turn}: {error}") from None
        return turn

    # -- copies, views, records -----------------------------------------------

    def __copy__(self) -> Game:
        """``copy.copy(game)`` is :meth:`copy`: a copy sharing the state would
        see every move played on either game."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """``copy.deepcopy(game)`` is :meth:`copy` too (what a game holds
        besides its state is immutable)."""
        return self.copy()

    def copy(self) -> Game:
        """An independent game at the same position, with the same history (to
        search ahead or replay without touching this one)."""
        game = Game.__new__(Game)
        game.start, game.first_player = self.start, self.first_player
        game.rules, game.seed = self.rules, self.seed
        game._state = self._state
        game._c = None if self._c is None else self._c.copy()
        game.history = list(self.history)
        game._stack = list(self._stack)
        return game

    def view(self, player: int) -> View[Game]:
        """What seat ``player`` may see: everything (Linja has no hidden information)."""
        return View(_check_seat(player, "player"), self.copy())

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-able record (:mod:`huegames.records`) that :meth:`from_dict`
        turns back into this game; ``setup`` holds the first player, with
        ``"first_player_chosen": true`` when it was chosen (a match: the loser
        starts) rather than the one the seed draws, and, when it is not the
        usual one, the start board."""
        setup: dict[str, Any] = {"first_player": self.first_player}
        if self.seed is not None and self.first_player != draw_first_player(self.seed):
            setup[CHOSEN] = True
        if self.start != Board.start():
            setup["board"] = self.start.to_dict()
        return records.make_record(
            GAME_NAME, self.players, self.rules.to_dict(), self.seed, setup, self.history
        )

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Game:
        """Rebuild a game from :meth:`to_dict`'s record, replaying and checking every move.

        A record with a seed must have the first player that seed draws,
        unless it says the first player was chosen (and then another one).
        """
        record = records.check_record(record, GAME_NAME)
        if record["players"] != MIN_PLAYERS:
            raise ValueError(
                f"Linja is for {MIN_PLAYERS} players, not {records.brief(record['players'])}"
            )
        setup = records.check_keys(
            record["setup"], "linja record setup", ("first_player",), ("board", CHOSEN)
        )
        start = Board.from_dict(setup["board"]) if "board" in setup else None
        rules = Rules.from_dict(record["rules"])
        game = cls(start, setup["first_player"], rules=rules, seed=record["seed"])
        if CHOSEN not in setup:
            records.check_seeded(game.seed, game.first_player, draw_first_player, "first player")
        elif setup[CHOSEN] is not True:
            found = records.brief(setup[CHOSEN])
            raise ValueError(f"linja record setup {CHOSEN} is true when present, not {found}")
        elif game.seed is None:
            raise ValueError(f"a linja record without a seed draws no first player: drop {CHOSEN}")
        elif game.first_player == draw_first_player(game.seed):
            raise ValueError(
                f"linja record setup says {CHOSEN}, but the seed draws that first player"
            )
        return records.replay(game, record["moves"])

    # -- helpers --------------------------------------------------------------

    def play_legal(self, move: Move) -> None:
        """Play ``move`` without checking it: it must be one of
        :meth:`legal_moves` now (:meth:`play` checks first).  For search that
        already holds a legal move.  The board, then who plays what next
        (§2), then the end (§3)."""
        c = self._c
        if c is not None:
            if not c.play(move):
                raise IllegalMoveError(f"move {move} is not legal here ({self._describe()})")
            self.history.append(move)
            return
        p = self._state
        self._stack.append(p)
        self.history.append(move)
        seat = p.current_player
        if move.is_pass:
            self._state = self._turn_start(p.board, 1 - seat, bonus=False)
            return
        arrived_on = p.board.count(move.dst)
        pieces = list(p.board.pieces(seat))
        pieces[move.src] -= 1
        pieces[move.dst] += 1
        board = (
            Board(tuple(pieces), p.board.black)
            if seat == RED
            else Board(p.board.red, tuple(pieces))
        )
        if board.passed:
            self._state = State(board, seat, 0, p.bonus, Termination.PASSED)
        elif not p.following:  # the initial move sets N
            n = 1 if move.dst == GOALS[seat] else arrived_on
            if n:
                self._state = State(board, seat, n, p.bonus, None)
            else:
                self._state = self._turn_start(board, 1 - seat, bonus=False)
        elif not p.bonus and arrived_on == 0 and (is_row(move.dst) or self.rules.goal_bonus):
            self._state = self._turn_start(board, seat, bonus=True)
        else:
            self._state = self._turn_start(board, 1 - seat, bonus=False)

    @classmethod
    def _start_state(cls, start: Board, first_player: int) -> State:
        """The state of a game from ``start``, ``first_player`` to move."""
        state = cls._turn_start(start, first_player, bonus=False)
        return state._replace(termination=Termination.PASSED) if start.passed else state

    @staticmethod
    def _turn_start(board: Board, seat: int, *, bonus: bool) -> State:
        """A new turn of ``seat``; a mutual blockade of initial moves ends the game."""
        blocked = not _can_start(board, seat) and not _can_start(board, 1 - seat)
        return State(board, seat, 0, bonus, Termination.BLOCKADE if blocked else None)

    def _turn_done(self, seat: int) -> bool:
        return self.is_over or self.state.current_player != seat

    def _check_can_play(self, player: int | None) -> None:
        c = self._c
        termination = self._state.termination if c is None else c.termination
        if termination is not None:
            raise IllegalMoveError(f"the game is over ({termination.value}): no more moves")
        seat = self._state.current_player if c is None else c.player
        if player is not None and _check_seat(player, "player") != seat:
            raise IllegalMoveError(
                f"it is {SEAT_NAMES[seat]}'s (seat {seat}) move, not seat {player}'s"
            )

    def _describe(self) -> str:
        p = self.state
        name = SEAT_NAMES[p.current_player]
        stage = f"a following move of {p.following}" if p.following else "an initial move"
        return f"{name} to play {stage}{' in a bonus turn' if p.bonus else ''}"

    def _why(self, move: Move, legal: list[Move]) -> str:
        """Why a well-formed move is not among the legal ones."""
        if move.is_pass:
            return f"no pass while a move exists ({', '.join(map(str, legal))})"
        reason = self._broken_rule(move)
        if legal == [Move.PASS]:
            return f"{reason}; no move exists here: the only legal move is pass"
        return reason

    def _broken_rule(self, move: Move) -> str:
        seat, n = self.state.current_player, self.following
        goal = GOALS[seat]
        if (move.dst - move.src) * forward(seat) < 0:
            return f"backward move: {SEAT_NAMES[seat]} moves towards {goal}"
        if not self.board.pieces(seat)[move.src]:
            return f"{SEAT_NAMES[seat]} has no piece on position {move.src}"
        if not n and move.length != 1:
            return "an initial move goes exactly one position forward"
        if n:
            target = move.src + n * forward(seat)
            if move.dst != (target if 0 <= target <= 7 else goal):
                return f"the following move goes exactly {n} positions (or stops in the goal)"
        if self.board.count(move.dst) >= ROW_LIMIT:
            return f"row {move.dst} is full ({ROW_LIMIT} pieces)"
        return "not a legal move here"

    def __repr__(self) -> str:
        termination = self.state.termination
        state = self._describe() if termination is None else f"over ({termination.value})"
        return f"<linja.Game {self.board} | {len(self.history)} moves, {state}>"

    def _repr_svg_(self) -> str:
        """The board, whose turn and the last move as an SVG picture
        (:func:`huegames.linja.svg`): what Jupyter shows."""
        return engine.picture(GAME_NAME, self)


def _check_seat(seat: object, name: str) -> int:
    """``seat`` when it is a seat (the int 0 or 1), else a TypeError or ValueError."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"{name} must be a seat number (int 0 or 1), not {records.brief(seat)}")
    if seat not in (RED, BLACK):
        raise ValueError(f"no seat {records.brief(seat)}: seats are 0 (red) and 1 (black)")
    return seat


def _steps(board: Board, seat: int, n: int) -> list[Move]:
    """The moves of ``n`` positions forward for ``seat``: never ending in a full
    row, stopping in the goal with steps left over (an initial move is ``n == 1``)."""
    red, black = board.red, board.black
    found = []
    if seat == RED:
        for src in range(7):
            if red[src]:
                dst = src + n if src + n < 7 else 7
                if dst == 7 or red[dst] + black[dst] < ROW_LIMIT:
                    found.append(MOVES[src][dst])
    else:
        for src in range(1, 8):
            if black[src]:
                dst = src - n if src > n else 0
                if dst == 0 or red[dst] + black[dst] < ROW_LIMIT:
                    found.append(MOVES[src][dst])
    return found


def _can_start(board: Board, seat: int) -> bool:
    """Whether ``seat`` has an initial move (:func:`_steps` of 1 is not empty)."""
    red, black = board.red, board.black
    if seat == RED:
        return bool(red[6]) or any(
            red[src] and red[src + 1] + black[src + 1] < ROW_LIMIT for src in range(6)
        )
    return bool(black[1]) or any(
        black[src] and red[src - 1] + black[src - 1] < ROW_LIMIT for src in range(2, 8)
    )


_START = Board.start()
_START_STATES = tuple(Game._start_state(_START, seat) for seat in (RED, BLACK))
_LISTS = c_state.LISTS
_RULES = Rules()
"""The usual rules (a Rules is immutable: every game without others shares it)."""
_START_LINES = (
    tuple(c_state.CState(state, _RULES) for state in _START_STATES) if c_state.available else ()
)
"""The usual start under the usual rules in C, by first player: a new game copies one."""


def new_game(
    players: int = MIN_PLAYERS,
    seed: int | None = None,
    *,
    first_player: int | None = None,
    rules: Rules | None = None,
    board: Board | None = None,
) -> Game:
    """Set up a new game; the same seed always gives the same game.

    ``players`` is always 2 (the contract's first argument, shared with the
    other games).  The first player is drawn from ``seed`` unless
    ``first_player`` is given (a match: the loser starts).  ``seed=None``
    picks a fresh seed, kept in ``game.seed`` and the record.  ``board`` sets
    a custom start position.

    >>> from huegames import linja
    >>> linja.new_game(seed=0).current_player, linja.new_game(seed=1).current_player
    (1, 0)
    >>> linja.new_game(seed=0, first_player=linja.RED).current_player
    0
    >>> board = linja.Board.of((6, 1, 0, 1, 1, 1, 1, 1), (0, 1, 0, 1, 1, 1, 1, 7))
    >>> game = linja.new_game(seed=1, board=board)
    >>> game.play("0-1"), game.play("0-2")  # a following move onto the empty row 2
    (Move.parse('0-1'), Move.parse('0-2'))
    >>> game                                # earns a bonus turn
    <linja.Game r4 r2b1 r1 ... | 2 moves, red to play an initial move in a bonus turn>
    """
    if engine.check_int(players, "players") != MIN_PLAYERS:
        raise ValueError(f"Linja is for {MIN_PLAYERS} players, not {records.brief(players)}")
    seed = engine.fresh_seed() if seed is None else engine.check_seed(seed)
    first = draw_first_player(seed) if first_player is None else first_player
    return Game(board, first, rules=rules, seed=seed)


def draw_first_player(seed: int) -> int:
    """The seat that ``seed`` draws to start (§1): what a record's seed is checked against."""
    return random.Random(seed).randrange(2)


def longest_game(players: int = MIN_PLAYERS, rules: Rules | None = None) -> int:
    """The most single moves a game can last.

    Pieces only move forward: at most A steps in all (A = 126 from the
    start).  A turn that is not a pass advances at least one step, so there
    are at most A of them, each with at most A's share of advancing moves
    and one pass (a following or bonus move skipped).  A whole-turn pass is
    followed by a turn that is not one (two in a row are a blockade, which
    ends the game), so there are at most A + 1 of them: A + A + (A + 1).
    """
    board = new_game(players, seed=0, rules=rules).board
    last = len(board.red) - 1
    steps = sum(n * (last - p) for p, n in enumerate(board.red))
    steps += sum(n * p for p, n in enumerate(board.black))
    return 3 * steps + 1


def score_bounds(players: int, rules: Rules | None, longest: int) -> tuple[float, float]:
    """A seat's lowest and highest score: at most 5 points a piece, every piece in the goal."""
    return 0.0, 5.0 * sum(new_game(players, seed=0, rules=rules).board.red)
