"""The table: placed cards, what shows on each cell, legality and values."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from .. import engine
from ..errors import IllegalMoveError
from ..records import brief
from . import cells
from .cards import Card, Colour, Deck, as_deck
from .grid import backend
from .grid.backend import Grid
from .moves import Move

ColourValues = dict[str, int]
"""Colour letter -> value in points, e.g. ``{"G": 9, "R": 7, ...}``."""


_LETTERS = tuple(colour.name for colour in Colour)
_move = functools.partial(tuple.__new__, Move)
"""``_move((card, x, y, rotation))``: a Move of checked fields, made as the
tuple it is (half the cost of ``Move(...)``: the legal moves make one per read)."""


def as_values(values: Sequence[int]) -> ColourValues:
    """Colour values in the order G, R, Y, P, B as a :data:`ColourValues` dict."""
    return dict(zip(_LETTERS, values, strict=True))


class LegalMoves(Sequence[Move]):
    """The legal placements of some cards, as an immutable sequence of Moves.

    Legality depends only on a card's footprint, so the backend lists the
    anchors of a vertical and of a horizontal card once (flat ``[x0, y0,
    x1, y1, ...]`` lists), and each Move is made only when asked for
    (python-chess's ``legal_moves`` is the model): ``len``, indexing and
    ``move in moves`` cost no list of all moves, which is what a random
    playout needs.  ``list(moves)`` gives a plain list.

    >>> from huegames import hue
    >>> board = hue.Board.from_placements(["S0 0 0 0", "S1 1 1 0"])
    >>> moves = board.legal_placements("D0")
    >>> moves
    <LegalMoves: 84 moves>
    >>> moves[0], ("D0", 0, -3, 0) in moves, ("D0", 0, 0, 0) in moves
    (Move.parse('D0 0 -3 0'), True, False)
    """

    __slots__ = ("_anchors", "_length", "_per_turn", "_sets", "_turns", "_vertical")

    def __init__(self, cards: Sequence[Card], anchors: tuple[Sequence[int], Sequence[int]]) -> None:
        self._start(self.turns_of(cards), anchors)

    @staticmethod
    def turns_of(cards: Iterable[Card]) -> tuple[tuple[str, int], ...]:
        """The turns of the legal moves of ``cards``: ``(card id, r)`` for r
        = 0 and, for a card whose rotations 2 and 3 look different, r = 2;
        a turn lists rotation r at every vertical anchor, then r + 1 at
        every horizontal one."""
        return tuple((card.id, base) for card in cards for base in range(0, card.rotations, 2))

    def _start(
        self, turns: tuple[tuple[str, int], ...], anchors: tuple[Sequence[int], Sequence[int]]
    ) -> None:
        # A turn is a card with a vertical rotation r (0 or 2) at every
        # vertical anchor, then r + 1 at every horizontal one.
        self._turns = turns
        self._anchors = anchors
        self._vertical = len(anchors[0]) // 2
        self._per_turn = self._vertical + len(anchors[1]) // 2
        self._length = len(turns) * self._per_turn
        self._sets: dict[int, frozenset[tuple[int, int]]] = {}

    @classmethod
    def of_turns(
        cls, turns: tuple[tuple[str, int], ...], anchors: tuple[Sequence[int], Sequence[int]]
    ) -> LegalMoves:
        """The legal moves of ``turns`` (:meth:`turns_of`, the cards' in
        order) at ``anchors``: what a table in C lists."""
        moves = cls.__new__(cls)
        moves._start(turns, anchors)
        return moves

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) with its anchors as tuples (the C
        backend's are memoryviews, which do not pickle)."""
        vertical, horizontal = self._anchors
        return LegalMoves.of_turns, (self._turns, (tuple(vertical), tuple(horizontal)))

    @classmethod
    def none(cls) -> LegalMoves:
        """The empty sequence: no move to make."""
        return cls([], ([], []))

    @property
    def anchors(self) -> tuple[Sequence[int], Sequence[int]]:
        """Where a vertical card, and where a horizontal one, may be laid: flat
        ``[x0, y0, x1, y1, ...]`` sequences sorted by (y, x), shared by every
        card (rotations 0 and 2 are vertical, 1 and 3 horizontal).  Read only."""
        return self._anchors

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(f"move {index} of {self._length} legal moves")
        turn, place = divmod(index, self._per_turn)
        card_id, rotation = self._turns[turn]
        if place < self._vertical:
            anchors = self._anchors[0]
        else:
            anchors, place, rotation = self._anchors[1], place - self._vertical, rotation + 1
        return _move((card_id, anchors[2 * place], anchors[2 * place + 1], rotation))

    def __iter__(self) -> Iterator[Move]:
        for card_id, rotation in self._turns:
            for orientation in (0, 1):
                coordinates = iter(self._anchors[orientation])
                for x, y in zip(coordinates, coordinates, strict=True):
                    yield _move((card_id, x, y, rotation + orientation))

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, tuple) or len(move) != 4:
            return False
        card_id, x, y, rotation = move
        if (
            card_id,
            rotation - rotation % 2 if isinstance(rotation, int) else None,
        ) not in self._turns:
            return False
        orientation = rotation % 2
        if orientation not in self._sets:
            coordinates = iter(self._anchors[orientation])
            self._sets[orientation] = frozenset(zip(coordinates, coordinates, strict=True))
        return (x, y) in self._sets[orientation]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LegalMoves, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<LegalMoves: {self._length} moves>"


def _within_limits(
    box: cells.Box, anchors: tuple[list[int], list[int]]
) -> tuple[list[int], list[int]]:
    """The anchors (vertical, horizontal) of a table filling ``box`` whose
    cards keep the table within its limits (:func:`cells.beyond_limits`)."""
    min_x, min_y, max_x, max_y = box
    # Every listed footprint lies within three cells of the box.
    if cells.beyond_limits((min_x - 3, min_y - 3, max_x + 3, max_y + 3)) is None:
        return anchors
    kept: tuple[list[int], list[int]] = ([], [])
    for horizontal, flat in enumerate(anchors):
        dx, dy = (2, 0) if horizontal else (0, 2)
        coordinates = iter(flat)
        for x, y in zip(coordinates, coordinates, strict=True):
            if cells.beyond_limits(cells.union(box, (x, y, x + dx, y + dy))) is None:
                kept[horizontal].extend((x, y))
    return kept


_STAMPS = itertools.count()
"""Board contents stamps: a board takes the next one at every change, and a
copy keeps its original's, so two boards with one stamp hold the same cards."""


class Board:
    """The cards on the table, in the order they were laid.

    Each cell shows the square of the last card laid on it.  A Board checks
    every placement it is given (rules §4) and can take the last one back.
    ``covering=False`` is the variant where no card may cover another.

    The table has limits, the same on both backends: every occupied cell
    within :data:`MAX_COORDINATE` of the origin on each axis, and the
    occupied cells at most :data:`MAX_SPAN` cells across.  A placement that
    would break them is illegal like any other, and never listed.

    >>> from huegames import hue
    >>> board = hue.Board()
    >>> board.place("S0 0 0 1")
    Move.parse('S0 0 0 1')
    >>> board.place("D0 1 0 1")
    Traceback (most recent call last):
    ...
    huegames.errors.IllegalMoveError: D0 1 0 1: it would cover 2 squares; ...
    >>> len(board), "S0" in board, board.bounds()
    (1, True, (0, 0, 2, 0))
    """

    __slots__ = (
        "_boxes",
        "_covered",
        "_deck",
        "_grid",
        "_laid",
        "_owners",
        "_placements",
        "_stamp",
        "covering",
    )

    def __init__(self, deck: Deck | Iterable[Card] | None = None, *, covering: bool = True) -> None:
        self._deck = as_deck(deck)
        self.covering = covering
        self._grid: backend.Grid = backend.new_grid()
        self._placements: list[Move] = []
        self._laid: set[str] = set()  # ids of the cards in _placements
        # cell -> (card id, square index in footprint order) of the visible square
        self._owners: dict[tuple[int, int], tuple[str, int]] = {}
        # per placement: (owner, cell code) its footprint showed before, for remove_last
        self._covered: list[tuple[tuple[tuple[str, int] | None, int], ...]] = []
        # per placement: the box of the occupied cells once it was laid
        self._boxes: list[cells.Box] = []
        self._stamp = next(_STAMPS)  # see _STAMPS

    @property
    def stamp(self) -> int:
        """A number for the cards on this table: it changes at every placement
        and removal, and a copy keeps its original's, so two boards with one
        stamp hold the same cards (for caches of what a table gives)."""
        return self._stamp

    @classmethod
    def from_placements(
        cls,
        placements: Iterable[Move | tuple[str, int, int, int] | str],
        deck: Deck | Iterable[Card] | None = None,
        *,
        covering: bool = True,
    ) -> Board:
        """Lay ``(card_id, x, y, rotation)`` placements in order, each checked
        (IllegalMoveError for the first that may not be laid).

        Placements may be Moves, tuples or move texts:

        >>> from huegames import hue
        >>> board = hue.Board.from_placements(["S0 0 0 1", ("T0", 3, 0, 3)])
        >>> board
        Board.from_placements([('S0', 0, 0, 1), ('T0', 3, 0, 3)])
        >>> print(board)
        RRR RRR RRR RRR RRR RRR
        GGG GGG GGG GGG GGG GGG
        PPP PPP PPP YYY YYY YYY
        """
        board = cls(deck, covering=covering)
        for placement in placements:
            board.place(placement)
        return board

    @classmethod
    def laid_out(
        cls,
        placements: Iterable[Move],
        deck: Deck | Iterable[Card] | None = None,
        *,
        covering: bool = True,
    ) -> Board:
        """A board holding ``placements`` laid in order, each trusted to be
        legal when laid (a game's table read back; :meth:`from_placements`
        checks each)."""
        board = cls(deck, covering=covering)
        for move in placements:
            board.lay_legal(move, board._deck[move.card], move.cells)
        return board

    def copy(self) -> Board:
        """An independent board on the same backend: placing on it leaves this one alone."""
        return self._twin(self._grid.copy())

    def _twin(self, grid: backend.Grid) -> Board:
        """A copy of this board with ``grid`` (holding the same cells) as its grid."""
        twin = Board.__new__(Board)
        twin._deck = self._deck
        twin.covering = self.covering
        twin._grid = grid
        twin._placements = list(self._placements)
        twin._laid = set(self._laid)
        twin._owners = dict(self._owners)
        twin._covered = list(self._covered)
        twin._boxes = list(self._boxes)
        twin._stamp = self._stamp
        return twin

    def with_backend(self, name: str) -> Board:
        """A copy whose cells live in the named backend's grid, ``"c"`` or ``"python"``.

        Both backends give the same results; this runs one board on each in
        the same process (to compare them, or to time them), whatever
        ``HUEGAMES_BACKEND`` chose.  Copies of the copy stay on that
        backend.  Raises ValueError for an unknown name or a backend that
        cannot run here (the C core was not built).
        """
        grid = backend.new_grid(name)
        grid.write([(x, y, self._grid.get(x, y)) for x, y in self._owners])
        return self._twin(grid)

    # -- what is on the table ------------------------------------------------

    @property
    def deck(self) -> Deck:
        """The deck whose cards this board takes (the default deck unless given)."""
        return self._deck

    @property
    def backend(self) -> str:
        """The backend holding this board's cells: ``"c"`` or ``"python"``."""
        return self._grid.backend

    @property
    def grid(self) -> Grid:
        """The backend grid holding the cell codes of the visible squares
        (:mod:`huegames.hue.cells`): the door for encoders, which hand the
        whole table to the C core in one call (``board.grid.paint_planes``).
        Read it only: a write would bypass the rules and the board's records."""
        return self._grid

    @property
    def placements(self) -> list[Move]:
        """Every placement on the table, opening included, in the order laid."""
        return list(self._placements)

    def __len__(self) -> int:
        return len(self._placements)

    def __contains__(self, card_id: object) -> bool:
        """Whether a card (by id) lies on the table."""
        return card_id in self._laid

    def visible(self, x: int, y: int) -> tuple[str, int] | None:
        """``(card id, square)`` showing on cell (x, y), or None when empty.

        ``square`` is the index in the card's footprint order (0-2).

        >>> from huegames import hue
        >>> board = hue.Board.from_placements(["S0 0 0 1"])
        >>> board.visible(1, 0), board.visible(1, 1)
        (('S0', 1), None)
        """
        return self._owners.get((x, y))

    def cells(self) -> dict[tuple[int, int], tuple[str, int]]:
        """Every occupied cell and the square showing on it."""
        return dict(self._owners)

    def bounds(self) -> tuple[int, int, int, int] | None:
        """``(min_x, min_y, max_x, max_y)`` of the occupied cells, or None."""
        return self._boxes[-1] if self._boxes else None

    # -- legality (rules §4) ---------------------------------------------------

    def card(self, card_id: str) -> Card:
        """The deck's card ``card_id``; IllegalMoveError when the deck has no such card."""
        try:
            return self._deck[card_id]
        except KeyError:
            raise IllegalMoveError(f"{brief(card_id)} is not a card of this deck") from None

    def check(self, move: Move | tuple[str, int, int, int] | str) -> Move:
        """The move as a :class:`Move` if it may be laid now, else IllegalMoveError.

        A rotation that looks the same as a listed one comes back as the
        listed one (the same placement, written one way).  A placement
        that would break the table's limits (:data:`MAX_COORDINATE`,
        :data:`MAX_SPAN`) is illegal too.

        >>> from huegames import hue
        >>> board = hue.Board.from_placements(["S0 0 0 0", "S1 1 1 0"])
        >>> board.check("D9 0 -3 2")
        Move.parse('D9 0 -3 2')
        >>> board.check("D0 5 5 0")
        Traceback (most recent call last):
        ...
        huegames.errors.IllegalMoveError: D0 5 5 0: it touches no card on the table
        """
        return self._checked(move)[0]

    def _checked(
        self, move: Move | tuple[str, int, int, int] | str
    ) -> tuple[Move, Card, tuple[tuple[int, int], ...]]:
        """:meth:`check`'s move, with its card and the cells it covers."""
        move = Move.coerce(move)
        card = self.card(move.card)
        footprint = move.cells
        box = self._boxes[-1] if self._boxes else None
        (x0, y0), _, (x1, y1) = footprint
        problem = cells.beyond_limits(cells.union(box, (x0, y0, x1, y1)))
        if problem is not None:
            raise IllegalMoveError(f"{move.describe()}: {problem}")
        if move.rotation >= card.rotations:  # looks the same as a listed rotation
            move = move._replace(rotation=card.canonical_rotation(move.rotation))
        if move.card in self._laid:
            raise IllegalMoveError(f"{move}: card {move.card} is already on the table")
        owners = self._owners
        if not owners:
            return move, card, footprint
        covered = (footprint[0] in owners) + (footprint[1] in owners) + (footprint[2] in owners)
        if covered > 1:
            raise IllegalMoveError(
                f"{move}: it would cover {covered} squares; a card may cover at most one"
            )
        if covered == 1 and not self.covering:
            raise IllegalMoveError(f"{move}: it covers a square, and covering is disabled")
        if covered == 0 and not any(
            (x + 1, y) in owners
            or (x - 1, y) in owners
            or (x, y + 1) in owners
            or (x, y - 1) in owners
            for x, y in footprint
        ):
            raise IllegalMoveError(f"{move}: it touches no card on the table")
        return move, card, footprint

    def is_legal(self, move: Move | tuple[str, int, int, int] | str) -> bool:
        """Whether :meth:`check` would accept ``move``: the same test, without the error.

        >>> from huegames import hue
        >>> board = hue.Board.from_placements(["S0 0 0 0", "S1 1 1 0"])
        >>> board.is_legal("D0 0 -3 0"), board.is_legal("D0 0 0 0"), board.is_legal("no move")
        (True, False, False)
        """
        try:
            self.check(move)
        except ValueError:
            return False
        return True

    def legal_placements(self, card_id: str) -> LegalMoves:
        """Every legal placement of one card, identical-looking rotations once.

        >>> from huegames import hue
        >>> board = hue.Board.from_placements(["S0 0 0 1"])
        >>> moves = board.legal_placements("D0")
        >>> len(moves), moves[:2]
        (70, [Move.parse('D0 0 -3 0'), Move.parse('D0 1 -3 0')])
        """
        return self.legal_placements_of([card_id])

    def legal_placements_of(self, card_ids: Sequence[str]) -> LegalMoves:
        """Every legal placement of each of several cards (a hand), in one call.

        Order: the cards as given, then rotation, then y, then x.  The moves
        come as a :class:`LegalMoves` sequence, made one by one on demand.

        >>> from huegames import hue
        >>> board = hue.Board.from_placements(["S0 0 0 0", "S1 1 1 0"])
        >>> board.legal_placements_of(["D0", "T0"])
        <LegalMoves: 168 moves>
        """
        hand = [self.card(card_id) for card_id in card_ids]
        for item in hand:
            if item.id in self:
                raise IllegalMoveError(f"card {item.id} is already on the table")
        box = self.bounds()
        if box is None:
            raise IllegalMoveError(
                "the table is empty: any placement is legal, so there is nothing to list"
            )
        return LegalMoves(hand, _within_limits(box, self._grid.legal_anchors(self.covering)))

    # -- changing the table ----------------------------------------------------

    def place(self, move: Move | tuple[str, int, int, int] | str) -> Move:
        """Lay a card after checking it (IllegalMoveError leaves the board as it was).

        All or nothing: the move is checked, then its three cells written in
        one call to the grid, and only then is it recorded for
        :meth:`remove_last`.
        """
        move, card, footprint = self._checked(move)
        self.lay_legal(move, card, footprint)
        return move

    def lay_legal(self, move: Move, card: Card, footprint: tuple[tuple[int, int], ...]) -> None:
        """Lay ``move`` (``card`` with the three cells it covers, ``move.cells``)
        without checking it: it must be one of this board's legal placements
        as it is now (:meth:`place` checks first, then calls this).  For
        search and encodings that already hold a legal move."""
        shape = card.shapes[move.rotation]
        owners, grid = self._owners, self._grid
        first, middle, last = footprint
        covered = (
            (owners.get(first), grid.get(*first)),
            (owners.get(middle), grid.get(*middle)),
            (owners.get(last), grid.get(*last)),
        )
        (x0, y0), (x, y), (x1, y1) = footprint
        grid.write(((x0, y0, shape[0]), (x, y, shape[1]), (x1, y1, shape[2])))
        card_id = move.card
        owners[first], owners[middle], owners[last] = (card_id, 0), (card_id, 1), (card_id, 2)
        self._covered.append(covered)
        self._boxes.append(cells.union(self.bounds(), (x0, y0, x1, y1)))
        self._placements.append(move)
        self._laid.add(card_id)
        self._stamp = next(_STAMPS)

    def remove_last(self) -> Move:
        """Take back the last placement and show what it covered again.

        >>> from huegames import hue
        >>> board = hue.Board.from_placements(["S0 0 0 1", "T0 3 0 3"])
        >>> board.remove_last(), board.placements
        (Move.parse('T0 3 0 3'), [Move.parse('S0 0 0 1')])
        """
        if not self._placements:
            raise IllegalMoveError("the table is empty: there is no placement to take back")
        move, covered = self._placements[-1], self._covered[-1]
        self._grid.write(
            [(x, y, code) for (x, y), (_, code) in zip(move.cells, covered, strict=True)]
        )
        for cell, (owner, _) in zip(move.cells, covered, strict=True):
            if owner is None:
                del self._owners[cell]
            else:
                self._owners[cell] = owner
        self._placements.pop()
        self._covered.pop()
        self._boxes.pop()
        self._laid.discard(move.card)
        self._stamp = next(_STAMPS)
        return move

    # -- scoring (rules §5) ----------------------------------------------------

    def colour_values(self) -> ColourValues:
        """Each colour's value: its largest area worth anything, in points.

        An area is counted in squares (a third of a cell's sub-cells each),
        and an area touching a skull is worth nothing (rules §5).

        >>> from huegames import hue
        >>> board = hue.Board.from_placements(["S0 0 0 1", "T0 3 0 3"])
        >>> board.colour_values()
        {'G': 6, 'R': 6, 'Y': 3, 'P': 3, 'B': 0}
        """
        return as_values(self._grid.colour_values())

    def colour_values_after(
        self, moves: Iterable[Move | tuple[str, int, int, int]]
    ) -> list[ColourValues]:
        """Colour values after each move, each tried alone on this board.

        One call into the backend for the whole batch (the greedy bot's step).
        The moves (read by :meth:`Move.coerce`) are trusted to be legal:
        check them first if unsure.  A batch reaching
        beyond the table's limits is checked move by move (IllegalMoveError),
        so both backends answer alike.

        >>> from huegames import hue
        >>> board = hue.Board.from_placements(["S0 0 0 1", "T0 3 0 1"])
        >>> for values in board.colour_values_after(["D0 6 0 1", "X0 6 0 1"]):
        ...     print(values)
        {'G': 6, 'R': 3, 'Y': 6, 'P': 3, 'B': 0}
        {'G': 6, 'R': 3, 'Y': 3, 'P': 3, 'B': 3}
        >>> len(board)  # each move was tried alone, and taken back
        2
        """
        parsed = [Move.coerce(move) for move in moves]
        if parsed:
            xs, ys = [move.x for move in parsed], [move.y for move in parsed]
            reach = (min(xs), min(ys), max(xs) + 2, max(ys) + 2)  # every footprint, and more
            problem = cells.beyond_limits(cells.union(self.bounds(), reach))
            if problem is not None and not self._boxes:
                raise IllegalMoveError(f"moves tried on the empty table: {problem}")
            if problem is not None:
                parsed = [self.check(move) for move in parsed]
        candidates = [
            (move.x, move.y, move.horizontal, self.card(move.card).shapes[move.rotation])
            for move in parsed
        ]
        return [as_values(values) for values in self._grid.colour_values_after(candidates)]

    # -- looks -------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"Board.from_placements({[tuple(p) for p in self._placements]!r})"

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: :func:`huegames.hue.svg` of this table,
        through the game's registry entry (this module does not import the drawing)."""
        return engine.picture("hue", self)

    def __str__(self) -> str:
        """A picture of the table, three characters per sub-cell row of a square.

        Colour letters show each sub-cell; skull squares are lower case and
        empty cells are dots.
        """
        box = self.bounds()
        if box is None:
            return "(empty table)"
        min_x, min_y, max_x, max_y = box
        lines = []
        for y in range(min_y, max_y + 1):
            for row in range(3):
                line = []
                for x in range(min_x, max_x + 1):
                    code = self._grid.get(x, y)
                    for column in range(3):
                        if code == cells.EMPTY:
                            line.append(".")
                            continue
                        letter = Colour(cells.sub_cell_colour(code, column, row)).name
                        line.append(letter.lower() if cells.is_skull(code) else letter)
                    line.append(" ")
                lines.append("".join(line).rstrip())
            lines.append("")
        return "\n".join(lines).rstrip()


class TableMirror:
    """A :class:`Board` kept in step with a table held elsewhere (a game's C
    state), brought up to date only when read.

    :meth:`at` lays the placements made since the last read and takes back
    those undone, or starts again when the table went another way (another
    position), so a game whose table is read every turn pays for one
    placement a turn, not for the whole table.  The board it gives is its
    own: read it only (copy it to change it).
    """

    __slots__ = ("_board", "_deck", "covering")

    def __init__(self, deck: Deck, covering: bool) -> None:
        self._deck = deck
        self.covering = covering
        self._board: Board | None = None

    def at(self, placements: Sequence[Move]) -> Board:
        """The table holding ``placements`` laid in order, each trusted legal."""
        board = self._board
        held = 0
        if board is not None:
            laid = board._placements
            held = min(len(laid), len(placements))
            if laid[:held] != list(placements[:held]):
                board, held = None, 0
            else:  # moves taken back since: take them back here too
                for _ in range(len(laid) - held):
                    board.remove_last()
        if board is None:
            board = self._board = Board(self._deck, covering=self.covering)
        deck = self._deck
        for move in placements[held:]:
            board.lay_legal(move, deck[move.card], move.cells)
        return board
