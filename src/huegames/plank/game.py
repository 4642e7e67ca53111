"""A hand of Plank: setup (rules §4), turns (§5), lines (§2) and the draw."""

from __future__ import annotations

import functools
from collections.abc import Hashable, Mapping, Sequence
from enum import Enum
from typing import Any, cast

from .. import _cores, engine, records
from ..errors import IllegalMoveError
from . import c_state
from .board import EMPTY, Table
from .components import (
    COLOUR_NAMES,
    COLOURS,
    LETTERS,
    PATTERN_OF,
    PATTERNS,
    PENALTY_PLAYERS,
    TOKENS_PER_COLOUR,
    Deal,
    check_players,
    deal_hand,
)
from .moves import (
    LAY_PLACES,
    LAY_SHIFTS,
    PLACES,
    SHIFTS,
    SQUARES,
    LayPlace,
    LayShift,
    Line,
    Move,
    Pass,
    Place,
    Shift,
    Square,
)
from .rules import Rules
from .view import View

_RULES = Rules()
"""The usual rules (a Rules is immutable: every game without others shares it)."""
_COLOUR_INDEX = {c: k for k, c in enumerate(COLOURS)}
_ORDERS_OF = {pattern: (pattern, pattern[::-1]) for pattern in PATTERNS}
_PATTERN_INDEX = {order: PATTERNS.index(pattern) for order, pattern in PATTERN_OF.items()}
_CODE_BY_ID, _MOVES = c_state.CODE_BY_ID, c_state.MOVES


class Termination(Enum):
    """Why a hand ended: a line (won), or a draw by repetition or turn limit."""

    LINE = "line"
    REPETITION = "repetition"
    TURN_LIMIT = "turn limit"


_DRAWN_BY = (
    {c_state.TURN_LIMIT: Termination.TURN_LIMIT, c_state.REPETITION: Termination.REPETITION}
    if c_state.available
    else {}
)
"""The draws by the core's status after a move (``plank_line_play``)."""


class Game:
    """One hand of Plank between 2, 3 or 4 seats; everything is public.

    Seats are numbered 0 to ``players - 1``; ``deal.letters[seat]`` is the
    token set a seat drew, and turns go A, B, C, D from ``deal.first``.
    ``hand`` is the hand's number in a match (0 first): with ``seed`` it says
    which deal the seed gives, which a record is checked against.
    Once the hand is over, :meth:`outcome` says how it ended and
    :attr:`winning_line` which line won it.

    >>> from huegames import plank
    >>> game = plank.new_game(players=2, seed=7)
    >>> game.deal.letters, game.current_player, game.strips(0)
    (('A', 'B'), 0, ('RWG', 'RGW', 'RGW', 'RGW', 'GRW', 'GRW'))
    >>> len(game.legal_moves()), game.legal_moves()[:3]  # the first turn lays a strip
    (18, [Move.parse('T RWG G'), Move.parse('T RWG R'), Move.parse('T RWG W')])
    >>> for text in ["T GWR R", "T RWG R", "T GRW W", "Wb3"]:
    ...     _ = game.play(text)
    >>> for strip, seats in game.view(0).table:
    ...     print(strip, seats)
    GRW (None, None, 0)
    RWG (1, None, None)
    GWR (None, 1, 0)
    >>> game.off_table(0), game.threats(0), game.winning_moves()
    ({'G': 2, 'R': 1, 'W': 1}, 1, [Move.parse('Gc2')])
    >>> game.play("Ra1")
    Traceback (most recent call last):
    ...
    huegames.errors.IllegalMoveError: Ra1: a red token must stand on a red square; a1 is green
    >>> game.play("Gc2")  # column c reads W, G, R: a line
    Move.parse('Gc2')
    >>> game
    <plank.Game 2 players, 5 moves, seat 0 completed a line>
    >>> game.outcome(), game.scores(), game.winner
    (Outcome(termination=<Termination.LINE: 'line'>, winners=(0,)), [1, 0], 0)
    >>> [str(square) for square in game.winning_line.squares]
    ['c1', 'c2', 'c3']
    >>> game.undo(), game.is_over
    (Move.parse('Gc2'), False)
    """

    __slots__ = (
        "_c",
        "_held_now",
        "_keys",
        "_line",
        "_off_now",
        "_outcome",
        "_seen",
        "_table_now",
        "_teams",
        "_turn_order",
        "deal",
        "hand",
        "history",
        "players",
        "rules",
        "seed",
    )

    def __init__(
        self,
        deal: Deal,
        *,
        rules: Rules | None = None,
        seed: int | None = None,
        hand: int = 0,
        backend: str | None = None,
    ) -> None:
        if not isinstance(deal, Deal):
            raise TypeError(f"deal must be a plank.Deal, not {type(deal).__name__}")
        the_rules = _checked_rules(rules)
        if engine.check_int(hand, "hand") < 0:
            raise ValueError(f"hand must be a hand number 0, 1, ..., not {records.brief(hand)}")
        seed = records.check_seed(seed)
        # The hand lives in the C core when it is loaded (c_state), else here.
        line = None
        if _cores.in_core(backend, c_state.available, c_state.CORE_NAME):
            order, _ = _seating(tuple(deal.letters), deal.first)
            line = c_state.CLine(order, _held(tuple(map(tuple, deal.strips))), the_rules)
        self._start(deal, the_rules, seed, hand, line)

    def _start(
        self, deal: Deal, rules: Rules, seed: int | None, hand: int, line: c_state.CLine | None
    ) -> None:
        """Set up the hand of the checked ``deal``: in C when ``line`` is given
        (the core's line of play, at the deal's start), else in Python."""
        self.deal, self.rules, self.seed, self.hand = deal, rules, seed, hand
        self.players = deal.players
        self._turn_order, self._teams = _seating(tuple(deal.letters), deal.first)
        self.history: list[Move] = []
        self._outcome: engine.Outcome | None = None
        self._line: Line | None = None
        self._c = line
        # On C, the table and the tokens and strips off it are read from the
        # core when asked for (and kept until the next move).
        self._table_now: Table | None = None
        self._off_now: list[list[int]] | None = None
        self._held_now: list[list[int]] | None = None
        if line is not None:
            return
        self._table_now = Table()
        self._off_now = [[TOKENS_PER_COLOUR] * len(COLOURS) for _ in range(self.players)]
        self._held_now = [list(counts) for counts in _held(tuple(map(tuple, deal.strips)))]
        self._keys = [self._key()]
        self._seen: dict[Hashable, int] = {self._keys[0]: 1}  # each position's count

    # -- the backend --------------------------------------------------------------

    @property
    def backend(self) -> str:
        """Where the legal moves, winning moves and threats are worked out:
        ``"c"`` (the C core, which holds the hand's line of play) or ``"python"``."""
        return "python" if self._c is None else "c"

    @property
    def core_state(self) -> c_state.CLine | None:
        """The hand's line of play in the C core, or None on the Python
        backend: what an encoder reads the position from."""
        return self._c

    def with_backend(self, name: str) -> Game:
        """A copy of this game on backend ``name`` (``"c"`` or ``"python"``): the
        same hand, to compare the two engines in one process.

        Raises ValueError for an unknown name, or ``"c"`` without the C core.
        """
        twin = Game(self.deal, rules=self.rules, seed=self.seed, hand=self.hand, backend=name)
        for move in self.history:
            twin._apply(move, twin._to_move)
        return twin

    # -- the position: live here, or read from the C core -------------------------

    @property
    def table(self) -> Table:
        """The strips laid and the tokens on them (:class:`~huegames.plank.board.Table`)."""
        table = self._table_now
        if table is None:
            assert self._c is not None
            table = self._table_now = self._c.table()
        return table

    @property
    def _off(self) -> list[list[int]]:
        """Each seat's tokens off the table, by colour."""
        off = self._off_now
        if off is None:
            assert self._c is not None
            off = self._off_now = self._c.tokens_off()
        return off

    @property
    def _strips(self) -> list[list[int]]:
        """Each seat's strips in hand, by pattern."""
        held = self._held_now
        if held is None:
            assert self._c is not None
            held = self._held_now = self._c.strips_held()
        return held

    # -- whose turn, who holds what ---------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move; None (:data:`~huegames.engine.GAME_OVER`) once the hand is over."""
        return None if self._outcome is not None else self._to_move

    @property
    def _to_move(self) -> int:
        return self._turn_order[len(self.history) % self.players]

    @property
    def is_over(self) -> bool:
        """True once a line is completed or the hand is drawn."""
        return self._outcome is not None

    @property
    def turn_order(self) -> tuple[int, ...]:
        """The seats in the order they move, from the hand's first."""
        return self._turn_order

    def letter(self, seat: int) -> str:
        """The token set (``"A"`` to ``"D"``) that ``seat`` drew: it fixes the turn order."""
        return self.deal.letters[self._seat(seat)]

    def team(self, seat: int) -> tuple[int, ...]:
        """The seats on ``seat``'s side: its team (A+C, B+D) with 4 players, else itself."""
        return self._teams[self._seat(seat)]

    def strips(self, seat: int) -> tuple[str, ...]:
        """The strip patterns ``seat`` still holds."""
        counts = self._strips[self._seat(seat)]
        return tuple(p for p, n in zip(PATTERNS, counts, strict=True) for _ in range(n))

    def strip_counts(self, seat: int) -> tuple[int, ...]:
        """How many strips of each pattern (:data:`PATTERNS` order) ``seat`` still holds."""
        return tuple(self._strips[self._seat(seat)])

    def tokens_off(self, seat: int) -> tuple[int, ...]:
        """How many of ``seat``'s tokens of each colour (:data:`COLOURS` order)
        are still off the table: :meth:`off_table` as a tuple."""
        return tuple(self._off[self._seat(seat)])

    def repetitions(self) -> int:
        """How many times the position now on the table, with the same seat
        to move, has stood in this hand (1 the first time): the repetition
        rule's count (§5, draw)."""
        if self._c is not None:
            return self._c.repetitions()
        return self._seen[self._key()]

    def off_table(self, seat: int) -> dict[str, int]:
        """How many of ``seat``'s tokens of each colour are still off the table."""
        return dict(zip(COLOURS, self._off[self._seat(seat)], strict=True))

    def is_placing(self, seat: int) -> bool:
        """True in ``seat``'s placement phase, False once all six tokens are down."""
        return any(self._off[self._seat(seat)])

    # -- moves -------------------------------------------------------------------

    def legal_moves(self) -> Sequence[Move]:
        """Every legal move of the player to move; ``[Move.PASS]`` when there is
        no action; ``[]`` once the hand is over.  On C, a lazy sequence
        (:class:`~huegames.plank.c_state.LegalMoves`) that compares equal to
        the list; in Python, the list."""
        if self._outcome is not None:
            return []
        if self._c is not None:
            return self._c.legal_moves()
        seat, table = self._to_move, self.table
        colours, owners = table.colours, table.owners
        off = self._off[seat]
        orders = [
            o for p, n in zip(PATTERNS, self._strips[seat], strict=True) if n for o in _ORDERS_OF[p]
        ]
        ends = ("T", "B") if table.strips else ("T",)
        moves: list[Move] = []
        if any(off):
            for i, owner in enumerate(owners):
                if owner == EMPTY and off[_COLOUR_INDEX[colours[i]]]:
                    moves.append(PLACES[colours[i], i])
            free = [c for c, n in zip(COLOURS, off, strict=True) if n]
            moves += [LAY_PLACES[o, e, c] for o in orders for e in ends for c in free]
        else:
            own = [i for i, owner in enumerate(owners) if owner == seat]
            empty: dict[str, list[int]] = {"G": [], "R": [], "W": []}
            for t, owner in enumerate(owners):
                if owner == EMPTY:
                    empty[colours[t]].append(t)
            for s in own:
                # s holds a token, so the row's None (from s to s) is never picked
                row = cast(list[Shift], SHIFTS[s])
                moves += [row[t] for t in empty[colours[s]]]
            moves += [LAY_SHIFTS[o, e, s] for o in orders for e in ends for s in own]
        return moves or [Move.PASS]

    def is_legal(self, move: Move | str) -> bool:
        """Whether :meth:`play` would accept ``move`` (a Move or its text) now."""
        return self.legal_form(move) is not None

    def legal_form(self, move: Move | str) -> Move | None:
        """``move`` as :meth:`play` would play it (a first strip laid at "B"
        becomes "T"), or None when it is not legal now (or not a move)."""
        if self._outcome is not None:
            return None
        try:
            return self._check(Move.coerce(move), self._to_move)
        except ValueError:
            return None

    def play(self, move: Move | str, *, player: int | None = None) -> Move:
        """Check and play ``move`` (a Move or its text) for the player to move.

        Returns the move as played (a first strip laid at "B" is recorded
        as "T": on an empty table both are the same place).  ``player``,
        when given, must be the seat to move.  On any error (IllegalMoveError
        or InvalidMoveError, both ValueErrors) the game is unchanged.
        """
        c = self._c
        if c is not None and player is None and self._outcome is None:
            code = _CODE_BY_ID.get(id(move))  # one of legal_moves()' moves
            if code is not None:  # _play_in_c written out: the one call a move costs
                status = c.play(code)
                if status >= 0:  # the core says it is legal, and played it
                    known = _MOVES[code]  # the move itself
                    self.history.append(known)
                    self._table_now = self._off_now = self._held_now = None
                    if status:
                        self._end_in_c(status, known)
                    return known
        move = Move.coerce(move)
        if self._outcome is not None:
            raise IllegalMoveError(f"{move}: the hand is over ({self._ended()})")
        seat = self._to_move
        if player is not None and self._seat(player) != seat:
            raise IllegalMoveError(f"{move}: it is seat {seat}'s turn, not seat {player}'s")
        if c is not None and self._play_in_c(c, move, c_state.code_of(move)):
            return move
        move = self._check(move, seat)  # on C, the reason the core refused it
        self._apply(move, seat)
        return move

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` would take back a move (one has been played)."""
        return bool(self.history)

    def undo(self) -> Move:
        """Take back the last move played."""
        if not self.history:
            raise IllegalMoveError("no move has been played: nothing to undo")
        move = self.history.pop()
        self._outcome = self._line = None
        if self._c is not None:
            self._c.undo()
            self._table_now = self._off_now = self._held_now = None
            return move
        seat = self._to_move
        key = self._keys.pop()
        self._seen[key] -= 1
        table, off = self.table, self._off[seat]
        if isinstance(move, Place):
            table.owners[move.square.index] = EMPTY
            off[_COLOUR_INDEX[move.colour]] += 1
        elif isinstance(move, Shift):
            table.owners[move.target.index] = EMPTY
            table.owners[move.source.index] = seat
        elif isinstance(move, (LayPlace, LayShift)):
            table.unlay(move.end)
            self._strips[seat][_PATTERN_INDEX[move.strip]] += 1
            if isinstance(move, LayPlace):
                off[_COLOUR_INDEX[move.colour]] += 1
            else:
                table.owners[move.source.index] = seat
        return move

    def __copy__(self) -> Game:
        """``copy.copy(game)`` is :meth:`copy`: a copy sharing the state would
        see every move played on either game."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """``copy.deepcopy(game)`` is :meth:`copy` too (what a game holds
        besides its state is immutable)."""
        return self.copy()

    def copy(self) -> Game:
        """An independent game at the same position, with the same history."""
        game = Game.__new__(Game)
        game.deal, game.rules, game.seed, game.hand = self.deal, self.rules, self.seed, self.hand
        game.players, game._turn_order, game._teams = self.players, self._turn_order, self._teams
        game.history = self.history.copy()
        game._outcome, game._line = self._outcome, self._line
        c = self._c
        if c is not None:  # what was read from the core stays true of the copy's
            game._c = c.copy()
            game._table_now, game._off_now = self._table_now, self._off_now
            game._held_now = self._held_now
            return game
        game._c = None
        game._table_now = self.table.copy()
        game._off_now = [off.copy() for off in self._off]
        game._held_now = [strips.copy() for strips in self._strips]
        game._keys = self._keys.copy()
        game._seen = self._seen.copy()
        return game

    # -- lines and threats -------------------------------------------------------

    def threats(self, seat: int) -> int:
        """How many distinct ways ``seat`` could complete a line on its next
        turn (a square to fill, or a strip end and column to lay at)."""
        seat = self._seat(seat)
        if self._c is not None:
            return self._c.threats(seat)
        return len(self._targets(seat))

    def winning_moves(self) -> Sequence[Move]:
        """The legal moves that complete a line for the player to move now."""
        if self._outcome is not None:
            return []
        if self._c is not None:
            return self._c.winning_moves()
        seat, table = self._to_move, self.table
        placing = any(self._off[seat])
        own = [i for i, owner in enumerate(table.owners) if owner == seat]
        moves: list[Move] = []
        for target in sorted(self._targets(seat), key=str):
            if isinstance(target, int):
                colour = table.colours[target]
                if placing:
                    moves.append(PLACES[colour, target])
                else:
                    moves += [
                        cast(Shift, SHIFTS[s][target]) for s in own if table.colours[s] == colour
                    ]
                continue
            end, col, colour = target
            for pattern, count in zip(PATTERNS, self._strips[seat], strict=True):
                for order in _ORDERS_OF[pattern] if count else ():
                    if order[col] != colour:
                        continue
                    if placing:
                        moves.append(LAY_PLACES[order, end, colour])
                    else:
                        moves += [
                            LAY_SHIFTS[order, end, s] for s in own if table.colours[s] == colour
                        ]
        return list(dict.fromkeys(moves))

    def gives_a_line(self, move: Move) -> bool:
        """Whether the legal ``move`` leaves the hand going on with the next
        seat able to complete a line (:class:`~huegames.plank.GreedyBot`'s test).

        In Python a Place or Shift is tried on the owners alone, the draw
        rules read from the position it makes; a lay (and any move on C) is
        played and taken back.
        """
        c = self._c
        if c is not None:  # the move played in the core, the threats asked, then forgotten
            status = c.play(c_state.code_of(move))
            if status < 0:
                raise IllegalMoveError(f"{move}: not a legal move now")
            try:
                after = self._turn_order[(len(self.history) + 1) % self.players]
                return status == c_state.GOES_ON and c.threats(after) > 0
            finally:
                c.undo()
        seat = self._to_move
        if not isinstance(move, (Place, Shift)):
            self._apply(move, seat)  # one of legal_moves(): play()'s checks would pass
            try:
                mover = self.current_player
                return mover is not None and self.threats(mover) > 0
            finally:
                self.undo()
        if isinstance(move, Place):
            target, source = move.square.index, -1
        else:
            target, source = move.target.index, move.source.index
        table, rules = self.table, self.rules
        owners = table.owners
        turns = len(self.history) + 1
        mover = self._turn_order[turns % self.players]
        owners[target] = seat
        if source >= 0:
            owners[source] = EMPTY
        try:
            if table.line_through(target, seat) is not None:
                return False
            if rules.turn_limit is not None and turns >= rules.turn_limit:
                return False
            repetition = rules.repetition
            seen = self._seen.get((mover, tuple(owners)), 0)
            if repetition is not None and seen + 1 >= repetition:
                return False
            return bool(self._targets(mover))
        finally:
            owners[target] = EMPTY
            if source >= 0:
                owners[source] = seat

    def _targets(self, seat: int) -> set[int | tuple[str, int, str]]:
        table = self.table
        owners, colours = table.owners, table.colours
        off = self._off[seat]
        placing = any(off)
        targets: set[int | tuple[str, int, str]] = set()
        own = [i for i, owner in enumerate(owners) if owner == seat]
        lines_at = table.lines_at
        # a line to complete holds two of the seat's tokens: look only through them
        for a, b, c in [line for s in own[:-1] for line in lines_at[s]]:
            oa, ob, oc = owners[a], owners[b], owners[c]
            if oa == seat:
                if ob == seat and oc == EMPTY:
                    target = c
                elif ob == EMPTY and oc == seat:
                    target = b
                else:
                    continue
            elif oa == EMPTY and ob == seat and oc == seat:
                target = a
            else:
                continue
            if not placing or off[_COLOUR_INDEX[colours[target]]]:
                targets.add(target)
        rows = table.rows
        held = [p for p, n in zip(PATTERNS, self._strips[seat], strict=True) if n]
        if rows >= 2 and held:
            for end, near, far in (("T", 0, 3), ("B", 3 * rows - 3, 3 * rows - 6)):
                for col in range(3):
                    if owners[near + col] != seat or owners[far + col] != seat:
                        continue
                    pair = {colours[near + col], colours[far + col]}
                    if len(pair) != 2:
                        continue
                    (colour,) = set(COLOURS) - pair
                    if placing and not off[_COLOUR_INDEX[colour]]:
                        continue
                    if any(colour in (p[col], p[2 - col]) for p in held):
                        targets.add((end, col, colour))
        return targets

    # -- the end and scores (§6) ---------------------------------------------------

    def outcome(self) -> engine.Outcome | None:
        """How the hand ended, or None while it goes on.

        ``winners`` is the seat that completed a line, or with 4 players both
        seats of its team (e.g. ``(0, 2)``); ``()`` for a draw.
        """
        return self._outcome

    @property
    def winner(self) -> int | None:
        """The seat that won the hand alone (2 or 3 players); None while it
        goes on, for a draw and for a 4-player hand, which a team wins:
        ``outcome().winners`` holds the team's two seats."""
        return None if self._outcome is None else self._outcome.winner

    @property
    def winning_line(self) -> Line | None:
        """The line that won the hand and the seat that completed it (with 4
        players one seat of the winning team); None unless a line ended it."""
        return self._line

    def scores(self) -> list[int]:
        """The hand's points per seat (§6): 1 to the winner (2 players) or
        to both seats of the winning team (4 players); with 3 players the
        *penalty* points, 2 to the seat after the winner in turn order and 1
        to the next (fewest is best).  All 0 while playing and for a draw."""
        points = [0] * self.players
        if self._line is None:
            return points
        winner = self._line.seat
        if self.players in PENALTY_PLAYERS:
            k = LETTERS.index(self.deal.letters[winner])
            points[self.deal.seat_of(LETTERS[(k + 1) % 3])] = 2
            points[self.deal.seat_of(LETTERS[(k + 2) % 3])] = 1
        else:
            for seat in self._teams[winner]:
                points[seat] = 1
        return points

    # -- information -----------------------------------------------------------------

    def view(self, player: int) -> View[Game]:
        """What seat ``player`` sees: everything (Plank has no hidden information)."""
        return View(self._seat(player), self.copy())

    def to_dict(self) -> dict[str, Any]:
        """The game's record (:mod:`huegames.records` layout); ``setup`` holds
        the deal and, after a match's first hand, the hand's number."""
        setup = self.deal.to_dict()
        if self.hand:
            setup["hand"] = self.hand
        return records.make_record(
            "plank", self.players, self.rules.to_dict(), self.seed, setup, self.history
        )

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Game:
        """Rebuild a game from :meth:`to_dict`'s record, replaying and checking every move.

        A record with a seed must hold the deal the seed gives for its hand
        (hand 0 unless ``setup`` numbers it; a match's later hands are numbered).
        """
        record = records.check_record(record, "plank")
        setup = dict(record["setup"])
        if "hands" in setup:
            raise ValueError("this is a Plank match record: read it with plank.Match.from_dict")
        hand = setup.pop("hand", 0)
        deal = Deal.from_dict(setup)
        if deal.players != record["players"]:
            players = records.brief(record["players"])
            raise ValueError(f"record has {players} players but deals {deal.players}")
        game = cls(deal, rules=Rules.from_dict(record["rules"]), seed=record["seed"], hand=hand)
        dealt = functools.partial(deal_hand, deal.players, hand=game.hand)
        records.check_seeded(game.seed, deal, dealt, f"deal of hand {game.hand}")
        return records.replay(game, record["moves"])

    # -- helpers -------------------------------------------------------------------

    def _check(self, move: Move, seat: int) -> Move:
        """Raise IllegalMoveError unless ``move`` is legal for ``seat``; the move to apply."""
        table, off = self.table, self._off[seat]
        placing = any(off)
        rows = table.rows
        if isinstance(move, Pass):
            if self.legal_moves() != [Move.PASS]:
                raise IllegalMoveError(f"pass: seat {seat} has a legal action and must take it")
            return move
        if isinstance(move, (LayPlace, LayShift)):
            pattern = PATTERN_OF[move.strip]
            if not self._strips[seat][PATTERNS.index(pattern)]:
                raise IllegalMoveError(
                    f"{move}: seat {seat} holds no {pattern} strip (holds {self.strips(seat)})"
                )
            if rows == 0 and move.end == "B":
                move = (
                    LayPlace(move.strip, "T", move.colour)
                    if isinstance(move, LayPlace)
                    else LayShift(move.strip, "T", move.source)
                )
        elif rows == 0:
            raise IllegalMoveError(f"{move}: the table is empty; the first turn must lay a strip")
        if isinstance(move, (Place, LayPlace)):
            if not placing:
                raise IllegalMoveError(
                    f"{move}: seat {seat} has all six tokens on the table (movement phase): "
                    "move a token instead"
                )
            if not off[_COLOUR_INDEX[move.colour]]:
                raise IllegalMoveError(
                    f"{move}: seat {seat} has no {COLOUR_NAMES[move.colour]} token off the table"
                )
            if isinstance(move, Place):
                self._check_target(move, move.square, move.colour)
            return move
        if placing:
            raise IllegalMoveError(
                f"{move}: seat {seat} still has tokens off the table (placement phase): "
                "place one instead"
            )
        assert isinstance(move, (Shift, LayShift))  # every move is one of the five kinds
        source = move.source
        if source.row >= rows or table.owners[source.index] != seat:
            raise IllegalMoveError(f"{move}: seat {seat} has no token on {source}")
        if isinstance(move, Shift):
            self._check_target(move, move.target, table.colours[source.index])
        return move

    def _check_target(self, move: Move, square: Square, colour: str) -> None:
        table = self.table
        if square.row >= table.rows:
            raise IllegalMoveError(f"{move}: no square {square}: the table has {table.rows} strips")
        if table.colours[square.index] != colour:
            raise IllegalMoveError(
                f"{move}: a {COLOUR_NAMES[colour]} token must stand on a {COLOUR_NAMES[colour]}"
                f" square; {square} is {COLOUR_NAMES[table.colours[square.index]]}"
            )
        if table.owners[square.index] != EMPTY:
            raise IllegalMoveError(f"{move}: square {square} already holds a token")

    def _apply(self, move: Move, seat: int) -> None:
        """Play a legal ``move`` for ``seat`` and settle the end of the hand."""
        c = self._c
        if c is not None:
            if not self._play_in_c(c, move, c_state.code_of(move)):
                raise AssertionError(f"the C core refused {move}, a legal move")  # pragma: no cover
            return
        table, off = self.table, self._off[seat]
        if isinstance(move, Place):
            off[_COLOUR_INDEX[move.colour]] -= 1
        elif isinstance(move, Shift):
            table.owners[move.source.index] = EMPTY
        elif isinstance(move, LayPlace):
            table.lay(move.strip, move.end)
            self._strips[seat][_PATTERN_INDEX[move.strip]] -= 1
            off[_COLOUR_INDEX[move.colour]] -= 1
        elif isinstance(move, LayShift):
            table.lay(move.strip, move.end)
            self._strips[seat][_PATTERN_INDEX[move.strip]] -= 1
            table.owners[_shifted(move)] = EMPTY
        target = _target(move, table)
        if target is not None:
            table.owners[target] = seat
        self.history.append(move)
        self._settle(seat, None if target is None else table.line_through(target, seat))

    def _play_in_c(self, c: c_state.CLine, move: Move, code: int) -> bool:
        """Play ``move`` (its core ``code``) on the C line if it is legal
        there, ending the hand as the core says (True); else change nothing (False)."""
        status = c.play(code)
        if status < 0:
            return False
        self.history.append(move)
        self._table_now = self._off_now = self._held_now = None
        if status:
            self._end_in_c(status, move)
        return True

    def _end_in_c(self, status: int, move: Move) -> None:
        """End the hand after ``move`` as the core's ``status`` says."""
        if status != c_state.LINE:
            self._outcome = engine.Outcome(_DRAWN_BY[status], ())
            return
        seat = self._turn_order[(len(self.history) - 1) % self.players]
        table = self.table  # the core says a line: find it on the table, as Python does
        line = table.line_through(cast(int, _target(move, table)), seat)
        assert line is not None
        self._won(seat, line)

    def _settle(self, seat: int, line: tuple[int, int, int] | None) -> None:
        """After ``seat``'s move: count the position, and end the hand at
        ``line`` (completed by the move), the turn limit or a repetition."""
        key = self._key()
        self._keys.append(key)
        seen = self._seen[key] = self._seen.get(key, 0) + 1
        if line is not None:
            self._won(seat, line)
        elif self.rules.turn_limit is not None and len(self.history) >= self.rules.turn_limit:
            self._outcome = engine.Outcome(Termination.TURN_LIMIT, ())
        elif self.rules.repetition is not None and seen >= self.rules.repetition:
            self._outcome = engine.Outcome(Termination.REPETITION, ())

    def _won(self, seat: int, line: tuple[int, int, int]) -> None:
        """End the hand: ``seat`` completed ``line``, for itself or its team."""
        a, b, c = line
        self._line = Line(seat, (SQUARES[a], SQUARES[b], SQUARES[c]))
        self._outcome = engine.Outcome(Termination.LINE, self._teams[seat])

    def _key(self) -> Hashable:
        """The repetition rule's position now (in Python): the seat to move and the tokens."""
        # Strips only ever join the table, so along one history two positions
        # with as many squares have the same table and the same strips in hand.
        return (self._to_move, tuple(self.table.owners))

    def _ended(self) -> str:
        assert self._outcome is not None
        if self._line is None:
            return f"drawn by {self._outcome.termination.value}"
        return f"seat {self._line.seat} completed a line"

    def _seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is an integer, not {records.brief(seat)}")
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {records.brief(seat)}: seats are 0 to {self.players - 1}")
        return seat

    def __repr__(self) -> str:
        state = self._ended() if self._outcome else f"seat {self._to_move} to move"
        return f"<plank.Game {self.players} players, {len(self.history)} moves, {state}>"

    def _repr_svg_(self) -> str:
        """The table, the hands and whose turn as an SVG picture
        (:func:`huegames.plank.svg`): what Jupyter shows."""
        return engine.picture("plank", self)


def _shifted(move: LayShift) -> int:
    """The square a LayShift's token leaves, on the table with its strip laid."""
    return move.source.index + (3 if move.end == "T" else 0)


def _target(move: Move, table: Table) -> int | None:
    """The square ``move`` puts a token on, on the table as it stands after
    the move (a strip laid at the top moves every square down a row); None
    for a pass."""
    if isinstance(move, Place):
        return move.square.index
    if isinstance(move, Shift):
        return move.target.index
    if isinstance(move, (LayPlace, LayShift)):
        base = 0 if move.end == "T" else 3 * table.rows - 3
        colour = move.colour if isinstance(move, LayPlace) else table.colours[_shifted(move)]
        return base + move.strip.index(colour)
    return None


@functools.cache
def _seating(
    letters: tuple[str, ...], first: int
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The turn order of a deal (seats by letter from ``first``'s: A, B, C, D)
    and each seat's side (its team with 4 players, A+C and B+D, else itself)."""
    players = len(letters)
    start = LETTERS.index(letters[first])
    order = tuple(letters.index(LETTERS[(start + k) % players]) for k in range(players))
    if players != 4:
        return order, tuple((seat,) for seat in range(players))
    parity = [LETTERS.index(letter) % 2 for letter in letters]
    teams = tuple(
        tuple(s for s in range(4) if parity[s] == parity[seat]) for seat in range(players)
    )
    return order, teams


@functools.lru_cache(maxsize=4096)
def _held(strips: tuple[tuple[str, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Each seat's strips by pattern (:data:`PATTERNS` order): what a deal gives
    each (kept for the deals met lately: counting them costs more than finding them)."""
    return tuple(tuple(hand.count(pattern) for pattern in PATTERNS) for hand in strips)


def _checked_rules(rules: Rules | None) -> Rules:
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be plank.Rules, not {type(rules).__name__}")
    return rules or _RULES


def new_game(
    players: int = 2,
    seed: int | None = None,
    *,
    rules: Rules | None = None,
    hand: int = 0,
    backend: str | None = None,
) -> Game:
    """Set up a hand (§4); the same seed always gives the same game.

    ``hand`` is the hand's number in a match (0 first): the letters stay,
    the strips are dealt afresh and the first seat moves on (see
    :func:`deal_hand`).  ``seed=None`` picks a fresh seed, kept in
    ``game.seed`` and the record.  ``backend`` is ``"c"``, ``"python"`` or
    None (C when the core is loaded); on C, hand 0 of a seed from 0 to
    2**64 - 1 is dealt in C (``plank_deal`` draws as :func:`deal_hand` does).

    >>> from huegames import plank
    >>> game = plank.new_game(players=4, seed=3)
    >>> game.deal.letters, game.team(0), game.current_player  # A+C play B+D; A opens
    (('D', 'A', 'C', 'B'), (0, 3), 1)
    >>> plank.new_game(players=4, seed=3, hand=1).current_player  # B opens hand 2
    3
    >>> plank.new_game(players=4, seed=3, backend="python").deal == game.deal
    True
    """
    check_players(players)
    seed = engine.fresh_seed() if seed is None else engine.check_seed(seed)
    if (
        engine.check_int(hand, "hand") == 0
        and 0 <= seed < 2**64
        and _cores.in_core(backend, c_state.available, c_state.CORE_NAME)
    ):
        the_rules = _checked_rules(rules)
        line, deal = c_state.CLine.dealt(seed, players, the_rules)
        game = Game.__new__(Game)
        game._start(deal, the_rules, seed, hand, line)
        return game
    return Game(deal_hand(players, seed, hand), rules=rules, seed=seed, hand=hand, backend=backend)


def longest_game(players: int = 2, rules: Rules | None = None) -> int:
    """The most moves a hand can last: its turn limit (a drawn hand after
    that many turns, passes included); a ValueError without one, since
    passing lets a hand go on for ever."""
    rules = rules or Rules()
    if rules.turn_limit is None:
        raise ValueError("a game of Plank without a turn limit is unbounded: set turn_limit >= 1")
    return int(rules.turn_limit)


def score_bounds(players: int, rules: Rules | None, longest: int) -> tuple[float, float]:
    """A seat's lowest and highest score: 1 point to the winning seat or
    team; with 3 players 2 or 1 penalty points."""
    return 0.0, 2.0 if players in PENALTY_PLAYERS else 1.0
