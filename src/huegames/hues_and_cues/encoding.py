"""Hues and Cues as fixed-size numbers (:class:`huegames.encoding.Encoding`).

Squares are numbered row-major, ``i = 30 * row + column`` (``A1`` is 0,
``A30`` 29, ``P30`` 479).

**Actions** (``Discrete(2028)``), one block per kind of move:

=============  ==============================================================
ids            move
=============  ==============================================================
0 .. 479       ``target`` square ``i`` (one of the card's four; any square
               under ``Rules(free_target=True)``)
480 .. 959     ``guess`` square ``i``
960            ``skip`` (no second cue)
961 .. 2027    ``cue`` :data:`CUES`\\ ``[k]`` as action ``961 + k``
=============  ==============================================================

Targets are squares rather than card slots so that one action space serves
the free-target variant too.  :data:`CUES` is the package's colour
vocabulary (:func:`huegames.hues_and_cues.lexicon.vocabulary`: every lexicon
name of one or two words and every word of a name, 1067 texts in sorted
order), the same for every state and rule: :meth:`Game.legal_moves
<huegames.hues_and_cues.Game.legal_moves>` lists the cues of this
vocabulary that are legal now, and those are the legal cue actions.  A cue
outside the vocabulary (``play`` takes any legal text) has no action id:
:meth:`HuesAndCuesEncoding.move_to_action` raises ValueError for it.

**Observation** (``float32``, shape ``(480 * (5 + 2 * P) + 19 + 3 * P,)``
for ``P`` players).  Seats are counted clockwise from the view's seat:
``k = 0`` is "us", ``k = 1`` the seat to our left, and so on.  The first
``480 * (5 + 2 * P)`` numbers reshape to ``(5 + 2 * P, 16, 30)`` planes:

===============  =============================================================
plane            meaning
===============  =============================================================
0, 1, 2          the board's colours in OKLab (L, a, b) (any board:
                 ``Board.from_csv`` too)
3                the squares of the round's card: **only in the cue giver's
                 view**, zeros in a guesser's
4                the round's target once chosen: **only in the cue giver's
                 view**
5 + k            seat ``k``'s first-guess piece this round
5 + P + k        seat ``k``'s second-guess piece this round
===============  =============================================================

then, from ``F = 480 * (5 + 2 * P)``:

=================  ============================================================
index              meaning
=================  ============================================================
F + 5 * j          1 when cue ``j`` (0 first, 1 second) has been given
F + 5 * j + 1      1 when its text has a lexicon colour (every vocabulary cue)
F + 5 * j + 2..4   that colour in OKLab: the ``"all"`` lexicon's colour of
                   the name, or its word's mean colour (zeros when unknown)
F + 10 .. F + 14   one-hot phase: target, first cue, first guesses, second
                   cue, second guesses
F + 15             1 once the game is over
F + 16             1 when we are the round's cue giver
F + 17 + k         1 when seat ``k`` is the cue giver
F + 17 + P + k     1 when seat ``k`` is to move
F + 17 + 2P + k    seat ``k``'s score (points, not scaled)
F + 17 + 3P        the round's number (0 first; scheduled rounds, then
                   tie-breaks)
F + 18 + 3P        1 in a tie-break round
=================  ============================================================

Every number is built from :meth:`Game.view <huegames.hues_and_cues.Game.view>`,
which holds the card and target only for the cue giver: a guesser's
observation is the same whatever the target.  ``observation_low`` and
``observation_high`` give each number's bounds (OKLab ``L`` in 0..1,
``a`` and ``b`` in -0.5..0.5, scores and round numbers unbounded).

>>> from huegames import hues_and_cues as hc
>>> from huegames.hues_and_cues.encoding import HuesAndCuesEncoding
>>> code = HuesAndCuesEncoding(players=3)
>>> code.action_count, code.observation_shape
(2028, (5308,))
>>> game = hc.new_game(players=3, seed=7)
>>> view = game.view(0)
>>> code.legal_actions(view)  # the card's N10 K24 N16 H4, as squares
[213, 323, 399, 405]
>>> code.action_to_move(view, 399), code.move_to_action(view, "target K24")
(Move.parse('target N10'), 323)
>>> _ = game.play("target N10")
>>> _ = game.play("cue mint")
>>> planes = code.observation(game.view(0))[: 480 * 11].reshape(11, 16, 30)
>>> planes[4, 13, 9], code.observation(game.view(1))[480 * 4 + 30 * 13 + 9]  # the target
(np.float32(1.0), np.float32(0.0))
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..encoding import check_action
from .board import COLUMNS, ROWS, SQUARES, Board
from .colour import oklab
from .cues import readings, repeats
from .game import MAX_PLAYERS, VARIANT_MIN_PLAYERS
from .lexicon import lexicon, vocabulary
from .moves import Action, Move
from .rounds import GUESSES, Phase, Round, legal_moves_of, seat_to_move
from .rules import Rules
from .view import View

__all__ = [
    "ACTION_COUNT",
    "CUES",
    "CUE_BASE",
    "GUESS_BASE",
    "SKIP_ACTION",
    "HuesAndCuesEncoding",
]

SQUARE_COUNT = ROWS * COLUMNS
GUESS_BASE = SQUARE_COUNT
"""The first ``guess`` id (480)."""
SKIP_ACTION = 2 * SQUARE_COUNT
"""The id of ``skip`` (960)."""
CUE_BASE = SKIP_ACTION + 1
"""The first ``cue`` id (961): cue ``CUES[k]`` is ``CUE_BASE + k``."""
CUES: tuple[str, ...] = vocabulary()
"""The cue texts that have action ids, in id order (the package's vocabulary)."""
ACTION_COUNT = CUE_BASE + len(CUES)
"""2028 action ids in all."""

_CUE_ID = {text: CUE_BASE + k for k, text in enumerate(CUES)}
_TARGETS = tuple(Move.target(square) for square in SQUARES)
_PHASES = (
    Phase.TARGET,
    Phase.FIRST_CUE,
    Phase.FIRST_GUESSES,
    Phase.SECOND_CUE,
    Phase.SECOND_GUESSES,
)
_PHASE_INDEX = {phase: k for k, phase in enumerate(_PHASES)}
_L, _AB = (0.0, 1.0), (-0.5, 0.5)


def _lab_of(text: str) -> tuple[float, float, float] | None:
    """The colour the ``"all"`` lexicon gives a cue: its name's, else its word's mean."""
    words = lexicon("all")
    key = " ".join(text.split()).casefold()
    return words.labs.get(key) or words.words.get(key)


def _clip(lab: tuple[float, float, float]) -> tuple[float, float, float]:
    """OKLab coordinates kept within the observation's bounds."""
    lightness, a, b = lab
    return (
        min(max(lightness, _L[0]), _L[1]),
        min(max(a, _AB[0]), _AB[1]),
        min(max(b, _AB[0]), _AB[1]),
    )


_CUE_LABS = tuple(_lab_of(text) for text in CUES)


@dataclass(frozen=True, slots=True)
class _CueTables:
    """The cue actions of one set of rules: which are legal before repeats."""

    first: np.ndarray  # ids of legal first cues when nothing was said yet
    second: np.ndarray  # ids of legal second cues when nothing was said yet
    first_set: frozenset[int]
    second_set: frozenset[int]
    moves: dict[int, Move]  # id -> the very Move that legal_moves lists
    read: dict[str, tuple[int, ...]]  # a reading of a cue's words joined -> the cues' ids
    repeating: dict[str, tuple[int, ...]]  # a cue given -> ids of the cues that repeat it

    def repeats(self, cue: str) -> tuple[int, ...]:
        """The ids of the cues that repeat ``cue`` (worked out once per cue).

        :func:`~huegames.hues_and_cues.cues.repeats` compares the readings of
        a cue's words joined with the spellings of an earlier cue (its words
        in lower, upper or title case, joined, read); those spellings are
        among the readings of the same case forms, so the cues read so are
        the only candidates, and ``repeats`` itself decides among them.
        """
        found = self.repeating.get(cue)
        if found is None:
            words = cue.split()
            candidates = {
                action
                for case in (str.lower, str.upper, str.title)
                for text in readings("".join(map(case, words)))
                for action in self.read.get(text, ())
            }
            found = tuple(
                sorted(a for a in candidates if repeats(self.moves[a].words, (cue,)) is not None)
            )
            if len(self.repeating) >= 65536:
                self.repeating.clear()
            self.repeating[cue] = found
        return found


def _cue_tables(rules: Rules) -> _CueTables:
    """The cues ``legal_moves`` lists at each cue phase of a round with no cue given yet."""
    nothing: frozenset[str] = frozenset()
    first = legal_moves_of(Round(0, 0, Phase.FIRST_CUE, None), nothing, rules)
    second = legal_moves_of(Round(0, 0, Phase.SECOND_CUE, None), nothing, rules)[1:]
    moves = {_CUE_ID[move.text]: move for move in (*first, *second)}
    first_ids = sorted(_CUE_ID[move.text] for move in first)
    second_ids = sorted(_CUE_ID[move.text] for move in second)
    read: dict[str, list[int]] = {}
    for action, move in moves.items():
        for text in readings("".join(move.words)):
            read.setdefault(text, []).append(action)
    return _CueTables(
        np.array(first_ids, dtype=np.intp),
        np.array(second_ids, dtype=np.intp),
        frozenset(first_ids),
        frozenset(second_ids),
        moves,
        {text: tuple(ids) for text, ids in read.items()},
        {},
    )


_UNBOUNDED = float(np.finfo(np.float32).max)
"""The bound of a number the rules leave open (scores and the round's number:
tie-break rounds go on): the largest float32, which no game's score reaches."""


class HuesAndCuesEncoding:
    """Hues and Cues' actions and observations for ``players`` seats (2 to
    10; the tables in this module's text).

    ``rules`` (a :class:`huegames.hues_and_cues.Rules` or None) are the
    rules whose cue tables are built at once; a view under other rules gets
    its own tables on first use.
    """

    game = "hues-and-cues"
    action_count = ACTION_COUNT
    observation_dtype = np.dtype(np.float32)

    def __init__(self, players: int = 3, rules: Rules | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"players must be an int, not {type(players).__name__}")
        if not VARIANT_MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(
                f"Hues and Cues is for 3 to {MAX_PLAYERS} players (2 as a variant), not {players}"
            )
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be hues_and_cues.Rules, not {type(rules).__name__}")
        self.players = players
        self.rules = rules or Rules()
        p = players
        self._planes = 5 + 2 * p
        self._extra = SQUARE_COUNT * self._planes
        self.observation_shape: tuple[int, ...] = (self._extra + 19 + 3 * p,)
        low = np.zeros(self.observation_shape, dtype=np.float32)
        high = np.ones(self.observation_shape, dtype=np.float32)
        for start in (SQUARE_COUNT, 2 * SQUARE_COUNT):  # the board's a and b planes
            low[start : start + SQUARE_COUNT], high[start : start + SQUARE_COUNT] = _AB
        for j in (0, 1):  # each cue's a and b
            at = self._extra + 5 * j + 3
            low[at : at + 2], high[at : at + 2] = _AB
        high[self._extra + 17 + 2 * p :] = _UNBOUNDED  # scores and the round's number
        high[-1] = 1.0  # ... but not the tie-break flag
        self.observation_low = low
        """Each number's least value (an array of :attr:`observation_shape`)."""
        self.observation_high = high
        """Each number's greatest value (the largest float32 for scores and the
        round's number, which the rules do not bound: finite, so a Box of these
        bounds is bounded)."""
        self._tables: dict[Rules, _CueTables] = {self.rules: _cue_tables(self.rules)}
        self._boards: dict[int, tuple[Board, np.ndarray]] = {}
        self._last_mask: tuple[View, np.ndarray] | None = None

    # -- actions -----------------------------------------------------------------------

    def _cues(self, rules: Rules) -> _CueTables:
        tables = self._tables.get(rules)
        if tables is None:
            if len(self._tables) >= 16:
                self._tables = {self.rules: self._tables[self.rules]}
            tables = self._tables[rules] = _cue_tables(rules)
        return tables

    def _check(self, view: View) -> None:
        if not isinstance(view, View):
            raise TypeError(f"not a hues_and_cues.View: {type(view).__name__}")
        if view.players != self.players:
            raise ValueError(f"a {view.players}-player view for a {self.players}-player encoding")

    def _repeated(self, tables: _CueTables, used: Set[str]) -> set[int]:
        """The ids of the vocabulary cues that repeat a cue in ``used``."""
        found = set[int]()
        for cue in used:
            found.update(tables.repeats(cue))
        return found

    def _mask_into(self, view: View, mask: np.ndarray) -> None:
        """Set ``mask`` (zeros) to 1 at the legal actions of ``view``."""
        round_ = view.round
        if round_ is None or seat_to_move(round_, view.players) != view.player:
            return
        phase = round_.phase
        if phase is Phase.TARGET:
            if view.rules.free_target or round_.card is None:
                mask[:SQUARE_COUNT] = 1
            else:
                mask[[s.row * COLUMNS + s.column for s in round_.card.squares]] = 1
        elif phase is Phase.FIRST_CUE or phase is Phase.SECOND_CUE:
            tables = self._cues(view.rules)
            second = phase is Phase.SECOND_CUE
            mask[tables.second if second else tables.first] = 1
            repeated = self._repeated(tables, view.used_cues)
            if repeated:
                mask[list(repeated)] = 0
            if second:
                mask[SKIP_ACTION] = 1
        elif phase is Phase.FIRST_GUESSES or phase is Phase.SECOND_GUESSES:
            mask[GUESS_BASE : GUESS_BASE + SQUARE_COUNT] = 1
            for _, s in round_.guesses:
                mask[GUESS_BASE + s.row * COLUMNS + s.column] = 0

    def _is_legal(self, view: View, action: int) -> bool:
        seen = self._last_mask
        if seen is not None and seen[0] is view:  # the mask of this very view, already built
            return 0 <= action < ACTION_COUNT and bool(seen[1][action])
        round_ = view.round
        if round_ is None or seat_to_move(round_, view.players) != view.player:
            return False
        if not 0 <= action < ACTION_COUNT:
            return False
        phase = round_.phase
        if phase is Phase.TARGET:
            if action >= SQUARE_COUNT:
                return False
            if view.rules.free_target or round_.card is None:
                return True
            return SQUARES[action] in round_.card.squares
        if phase is Phase.FIRST_CUE or phase is Phase.SECOND_CUE:
            second = phase is Phase.SECOND_CUE
            if second and action == SKIP_ACTION:
                return True
            tables = self._cues(view.rules)
            if action not in (tables.second_set if second else tables.first_set):
                return False
            return action not in self._repeated(tables, view.used_cues)
        if phase is Phase.FIRST_GUESSES or phase is Phase.SECOND_GUESSES:
            if not GUESS_BASE <= action < SKIP_ACTION:
                return False
            square = SQUARES[action - GUESS_BASE]
            return all(taken != square for _, taken in round_.guesses)
        return False

    def legal_actions(self, view: View) -> list[int]:
        """The action ids of the seat's legal moves, ascending (none when it is not to move)."""
        return np.flatnonzero(self.action_mask(view)).tolist()

    def action_mask(self, view: View) -> np.ndarray:
        """An ``int8`` array of 2028: 1 where the action is legal."""
        self._check(view)
        mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        self._mask_into(view, mask)
        self._last_mask = (view, mask.copy())  # for action_to_move on the same view
        return mask

    def move_to_action(self, view: View, move: Any) -> int:
        """The action id of ``move`` (a Move or its text), which must be legal in
        ``view`` (and, for a cue, a text of :data:`CUES`)."""
        self._check(view)
        move = Move.coerce(move)
        if move.action is Action.CUE:
            action = _CUE_ID.get(move.text)
            if action is None:
                raise ValueError(
                    f"cue {move.text!r} is not in the encoding's vocabulary (CUES): it has no id"
                )
        elif move.action is Action.SKIP:
            action = SKIP_ACTION
        else:
            assert move.square is not None  # targets and guesses name a square
            action = move.square.row * COLUMNS + move.square.column
            if move.action is Action.GUESS:
                action += GUESS_BASE
        if not self._is_legal(view, action):
            raise ValueError(f"move {move} is not legal for seat {view.player} here")
        return action

    def action_to_move(self, view: View, action: int) -> Move:
        """The move of action id ``action``, which must be legal in ``view``."""
        self._check(view)
        action = check_action(action)
        if not self._is_legal(view, action):
            raise ValueError(f"action {action} is not legal for seat {view.player} here")
        if action < GUESS_BASE:
            return _TARGETS[action]
        if action < SKIP_ACTION:
            return GUESSES[action - GUESS_BASE]
        if action == SKIP_ACTION:
            return Move.skip()
        return self._cues(view.rules).moves[action]

    # -- observations ------------------------------------------------------------------

    def _board(self, board: Board) -> np.ndarray:
        """An observation of zeros but the board's three OKLab planes, worked out once per board."""
        cached = self._boards.get(id(board))
        if cached is not None and cached[0] is board:
            return cached[1]
        labs = np.array(
            [_clip(oklab(board.rows[r][c])) for r in range(ROWS) for c in range(COLUMNS)],
            dtype=np.float32,
        )
        planes = np.ascontiguousarray(labs.T).reshape(-1)
        blank = np.zeros(self.observation_shape, dtype=np.float32)
        blank[: 3 * SQUARE_COUNT] = planes
        if len(self._boards) >= 16:
            self._boards.clear()
        self._boards[id(board)] = (board, blank)
        return blank

    def observation(self, view: View) -> np.ndarray:
        """The numbers of the module's tables, for the view's seat."""
        self._check(view)
        p, me = self.players, view.player
        out = self._board(view.board).copy()
        f = self._extra
        out[f + 17 + 2 * p : f + 17 + 3 * p] = view.scores[me:] + view.scores[:me]
        round_ = view.round
        if round_ is None:
            out[f + 15] = 1.0
            return out
        ones = []
        if round_.card is not None:
            ones += [3 * SQUARE_COUNT + s.row * COLUMNS + s.column for s in round_.card.squares]
        if round_.target is not None:
            ones.append(4 * SQUARE_COUNT + round_.target.row * COLUMNS + round_.target.column)
        for number, (seat, s) in enumerate(round_.guesses):
            plane = 5 + (seat - me) % p + (p if number >= p - 1 else 0)
            ones.append(plane * SQUARE_COUNT + s.row * COLUMNS + s.column)
        for j, text in enumerate(round_.cues[:2]):
            ones.append(f + 5 * j)
            action = _CUE_ID.get(text)
            lab = _CUE_LABS[action - CUE_BASE] if action is not None else _lab_of(text)
            if lab is not None:
                ones.append(f + 5 * j + 1)
                out[f + 5 * j + 2 : f + 5 * j + 5] = _clip(lab)
        ones.append(f + 10 + _PHASE_INDEX[round_.phase])
        giver = (round_.giver - me) % p
        if giver == 0:
            ones.append(f + 16)
        ones.append(f + 17 + giver)
        mover = seat_to_move(round_, p)
        assert mover is not None  # a round in play has a seat to move
        ones.append(f + 17 + p + (mover - me) % p)
        out[ones] = 1.0
        out[f + 17 + 3 * p] = round_.number
        if round_.tie_break:
            out[f + 18 + 3 * p] = 1.0
        return out
