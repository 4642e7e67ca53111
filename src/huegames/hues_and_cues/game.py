"""A game of Hues and Cues: rounds (rules §3), scoring (§4), the end (§5)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import lru_cache
from typing import Any, Final

from .. import engine, records
from ..errors import IllegalMoveError
from .board import Board, Square
from .cards import Card, default_deck, make_deck
from .cues import UsedCues, cue_problem, normal
from .moves import Action, Move
from .rounds import Phase, Round, legal_moves_of, score_round, seat_to_move
from .rules import Rules
from .view import View

GAME = "hues-and-cues"
"""The game's registry name, which its records carry."""
MIN_PLAYERS = 3
"""The fewest players the rules allow (2 is a variant: VARIANT_MIN_PLAYERS)."""
MAX_PLAYERS = 10
"""The most players the rules allow."""
VARIANT_MIN_PLAYERS = 2
SETUP_KEYS = ("board", "deck")
"""A record's ``setup``: the board's rows and the deck's cards, each None for the package's own."""


class Termination(Enum):
    """How a game ended (rules §5): the winners are the seats with the top score."""

    ROUNDS_PLAYED = "rounds played"
    """The scheduled rounds are over: one seat leads alone, or the top score
    is shared by every seat (or by the tied leaders, without tie-breaks)."""
    TIE_BREAK = "tie-break"
    """Tie-break rounds settled it: one seat leads alone, or every seat is tied."""


@dataclass(frozen=True, slots=True)
class _State:
    round: Round | None  # None once the game is over
    rounds: tuple[Round, ...]  # scored rounds
    scores: tuple[int, ...]
    used: UsedCues = field(default_factory=UsedCues)  # normal() texts of given cues


_EXPECTED = {
    Phase.TARGET: (Action.TARGET,),
    Phase.FIRST_CUE: (Action.CUE,),
    Phase.FIRST_GUESSES: (Action.GUESS,),
    Phase.SECOND_CUE: (Action.CUE, Action.SKIP),
    Phase.SECOND_GUESSES: (Action.GUESS,),
}
"""The kinds of move each phase of a round in play takes."""


@lru_cache(maxsize=1024)
def _deck_order(seed: str, size: int) -> tuple[int, ...]:
    """A deck of ``size`` cards shuffled from ``seed`` (worked out once per seed)."""
    order = list(range(size))
    random.Random(seed).shuffle(order)
    return tuple(order)


class Game:
    """The state of one game of Hues and Cues.

    Build one with :func:`new_game`.  ``play`` checks a move and applies it
    (an illegal one raises and changes nothing), ``undo`` takes it back,
    ``copy`` gives an independent game.  Rounds are scored as soon as the
    last guess is placed (or the second cue is skipped).

    A whole round with three players: seat 0 gives the cues, seats 1 and 2
    guess, clockwise after the first cue and the other way after the second.

    >>> from huegames import hues_and_cues as hc
    >>> game = hc.new_game(players=3, seed=7)
    >>> game
    <hues_and_cues.Game 3 players, round 1, target, seat 0 to move>
    >>> game.legal_moves()  # a target from the card
    [Move.parse('target N10'), Move.parse('target K24'), Move.parse('target N16'), ...]
    >>> game.play("target A1")
    Traceback (most recent call last):
    ...
    huegames.errors.IllegalMoveError: target A1: the target must be on the card (N10 K24 N16 H4)
    >>> game.play("target N10"), game.phase
    (Move.parse('target N10'), <Phase.FIRST_CUE: 'first cue'>)
    >>> game.is_legal("cue reddish"), game.is_legal("cue sea foam"), game.is_legal("cue mint")
    (False, False, True)
    >>> for text in ["cue mint", "guess N11", "guess M10", "cue sea", "guess N10", "guess O12"]:
    ...     _ = game.play(text)
    >>> game.rounds[0].guesses
    ((1, Square.parse('N11')), (2, Square.parse('M10')), (2, Square.parse('N10')), (1, ...))
    >>> game.scores()  # the giver: 2 a piece in the frame; guessers: 3, 2, 1 by distance
    [6, 3, 5]
    >>> game
    <hues_and_cues.Game 3 players, round 2, target, seat 1 to move>
    >>> game.undo(), game.scores(), game.phase
    (Move.parse('guess O12'), [0, 0, 0], <Phase.SECOND_GUESSES: 'second guesses'>)
    """

    __slots__ = ("_states", "board", "deck", "history", "players", "rules", "seed")

    def __init__(
        self,
        players: int,
        seed: int,
        *,
        board: Board | None = None,
        deck: Sequence[Card] | None = None,
        rules: Rules | None = None,
    ) -> None:
        if not VARIANT_MIN_PLAYERS <= engine.check_int(players, "players") <= MAX_PLAYERS:
            shown = records.brief(players)
            raise ValueError(
                f"Hues and Cues is for 3 to {MAX_PLAYERS} players (2 as a variant), not {shown}"
            )
        self.players, self.seed = players, engine.check_seed(seed)
        self.board = board or Board.default()
        self.deck = make_deck(default_deck() if deck is None else deck)
        self.rules = rules or Rules()
        self.history: list[Move] = []
        self._states = [_State(self._new_round(0, 0, False), (), (0,) * players)]

    # -- the deck ------------------------------------------------------------------

    def card_for(self, number: int) -> Card:
        """The card drawn in round ``number``: the deck shuffled from the seed,
        reshuffled (from the seed again) each time it runs out."""
        cycle, position = divmod(number, len(self.deck))
        order = _deck_order(f"hues-and-cues/{self.seed}/{cycle}", len(self.deck))
        return self.deck[order[position]]

    def _new_round(self, number: int, giver: int, tie_break: bool) -> Round:
        card = None if self.rules.free_target else self.card_for(number)
        return Round(number, giver, Phase.TARGET, card, tie_break=tie_break)

    # -- state ---------------------------------------------------------------------

    @property
    def _state(self) -> _State:
        return self._states[-1]

    @property
    def round(self) -> Round | None:
        """The round in play (card and target included), None once over."""
        return self._state.round

    @property
    def rounds(self) -> tuple[Round, ...]:
        """The scored rounds, in order."""
        return self._state.rounds

    @property
    def used_cues(self) -> UsedCues:
        """Every cue given so far, case-folded (a set)."""
        return self._state.used

    @property
    def phase(self) -> Phase | None:
        """Where the round in play stands, None once the game is over."""
        return None if self.round is None else self.round.phase

    @property
    def current_player(self) -> int | None:
        """The seat to move: the cue giver or the next guesser; None once over."""
        return seat_to_move(self.round, self.players)

    @property
    def is_over(self) -> bool:
        """True once the scheduled rounds (and any tie-breaks) are scored."""
        return self.round is None

    def scores(self) -> list[int]:
        """Each seat's points from the rounds scored so far (final once over)."""
        return list(self._state.scores)

    def outcome(self) -> engine.Outcome | None:
        """How the game ended, None while it goes on.  The winners are the seats
        with the top score: one seat, or every tied leader when all are tied
        or tie-breaks are off (a shared win)."""
        if not self.is_over:
            return None
        scores = self._state.scores
        top = max(scores)
        termination = (
            Termination.TIE_BREAK if self.rounds[-1].tie_break else Termination.ROUNDS_PLAYED
        )
        return engine.Outcome(
            termination, tuple(seat for seat, score in enumerate(scores) if score == top)
        )

    @property
    def winner(self) -> int | None:
        """The seat that won alone; None for a shared win and before the end."""
        outcome = self.outcome()
        return None if outcome is None else outcome.winner

    # -- moves ---------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Target choices, the skip, free squares, and the vocabulary's legal cues.

        Cues are open text; any legal cue may be played (see :meth:`is_legal`).
        """
        if self.round is None:
            return []
        return legal_moves_of(self.round, self.used_cues, self.rules)

    def is_legal(self, move: Move | str) -> bool:
        """Whether :meth:`play` would take ``move`` now; the way to check a
        cue that :meth:`legal_moves` does not list."""
        try:
            self._checked(move, None)
        except ValueError:
            return False
        return True

    def play(self, move: Move | str, *, player: int | None = None) -> Move:
        """Check and play ``move`` for the seat to move; returns it as a Move.

        ``player``, when given, must be that seat.  Raises InvalidMoveError for
        malformed text, IllegalMoveError (saying which rule) for a move the
        rules refuse now; either way the game is unchanged.
        """
        move = self._checked(move, player)
        self._states.append(self._after(move))
        self.history.append(move)
        return move

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take back a move (False at the start,
        where it raises)."""
        return bool(self.history)

    def undo(self) -> Move:
        """Take back the last move (a round's scoring is taken back with it)."""
        if not self.history:
            raise IllegalMoveError("no move has been played: nothing to undo")
        self._states.pop()
        return self.history.pop()

    def __copy__(self) -> Game:
        """``copy.copy(game)`` is :meth:`copy`: a copy sharing the history
        would see every move played on either game."""
        return self.copy()

    def copy(self) -> Game:
        """An independent game at the same position, with the same history."""
        game = Game.__new__(Game)
        game.players, game.seed, game.board = self.players, self.seed, self.board
        game.deck, game.rules = self.deck, self.rules
        game.history = list(self.history)
        game._states = list(self._states)
        return game

    def _checked(self, move: Move | str, player: int | None) -> Move:
        move = Move.coerce(move)
        round_ = self.round
        if round_ is None:
            raise IllegalMoveError(f"{move}: the game is over")
        mover = seat_to_move(round_, self.players)
        if player is not None and self._seat(player) != mover:
            raise IllegalMoveError(f"{move}: it is seat {mover}'s turn, not seat {player}'s")
        phase = round_.phase
        expected = _EXPECTED[phase]
        if move.action not in expected:
            wanted = " or ".join(action.value for action in expected)
            raise IllegalMoveError(
                f"{move}: the round is at the {phase.value}: seat {mover} must {wanted}"
            )
        if move.action is Action.TARGET:
            card = round_.card
            if card is not None and move.square not in card.squares:
                raise IllegalMoveError(f"{move}: the target must be on the card ({card})")
        elif move.action is Action.CUE:
            problem = cue_problem(
                move.words,
                second=phase is Phase.SECOND_CUE,
                used=self.used_cues,
                colours=self.rules.colour_words,
                stems=self.rules.colour_stems,
                relative=self.rules.relative_words,
            )
            if problem is not None:
                raise IllegalMoveError(problem)
        elif move.action is Action.GUESS:
            for seat, square in round_.guesses:
                if square == move.square:
                    raise IllegalMoveError(f"{move}: seat {seat}'s piece is already on {square}")
        return move

    def _after(self, move: Move) -> _State:
        """The state after a checked move."""
        state = self._state
        round_ = state.round
        assert round_ is not None
        if move.action is Action.TARGET:
            return replace(state, round=replace(round_, target=move.square, phase=Phase.FIRST_CUE))
        if move.action is Action.CUE:
            phase = Phase.FIRST_GUESSES if round_.phase is Phase.FIRST_CUE else Phase.SECOND_GUESSES
            return replace(
                state,
                round=replace(round_, cues=(*round_.cues, move.text), phase=phase),
                used=state.used.with_cue(normal(move.words)),
            )
        if move.action is Action.SKIP:
            return self._scored(state, replace(round_, skipped=True))
        guesser, square = seat_to_move(round_, self.players), move.square
        assert guesser is not None and square is not None  # a guess in a round in play
        guesses = (*round_.guesses, (guesser, square))
        r = round_  # built directly rather than by dataclasses.replace: most moves are guesses
        round_ = Round(
            r.number,
            r.giver,
            r.phase,
            r.card,
            r.target,
            r.cues,
            r.skipped,
            guesses,
            r.points,
            r.tie_break,
        )
        if len(guesses) == self.players - 1 and round_.phase is Phase.FIRST_GUESSES:
            return replace(state, round=replace(round_, phase=Phase.SECOND_CUE))
        if len(guesses) == 2 * (self.players - 1):
            return self._scored(state, round_)
        return _State(round_, state.rounds, state.scores, state.used)

    def _scored(self, state: _State, round_: Round) -> _State:
        """Score a finished round and set up the next one, or end the game (§5)."""
        assert round_.target is not None
        points = score_round(
            round_.guesses,
            round_.target,
            round_.giver,
            self.players,
            self.rules.giver_points_for(self.players),
        )
        scores = tuple(a + b for a, b in zip(state.scores, points, strict=True))
        rounds = (*state.rounds, replace(round_, phase=Phase.SCORED, points=points))
        return replace(state, round=self._next_round(rounds, scores), rounds=rounds, scores=scores)

    def _next_round(self, rounds: tuple[Round, ...], scores: tuple[int, ...]) -> Round | None:
        number, giver = len(rounds), rounds[-1].giver
        if number < self.rules.rounds_for(self.players):
            return self._new_round(number, (giver + 1) % self.players, False)
        top = max(scores)
        tied = {seat for seat, score in enumerate(scores) if score == top}
        if len(tied) == 1 or len(tied) == self.players or not self.rules.tie_breaks:
            return None
        giver = next(
            seat
            for seat in ((giver + k) % self.players for k in range(1, self.players + 1))
            if seat not in tied
        )
        return self._new_round(number, giver, True)

    # -- information (§6) ------------------------------------------------------------

    def view(self, player: int) -> View:
        """What seat ``player`` may see: the target only when it is the cue giver."""
        return View.seen_by(
            self._seat(player),
            players=self.players,
            round=self.round,
            rounds=self.rounds,
            scores=self._state.scores,
            used_cues=self.used_cues,
            board=self.board,
            rules=self.rules,
            game_class=type(self),
        )

    def _seat(self, player: object) -> int:
        if isinstance(player, bool) or not isinstance(player, int):
            shown = records.brief(player)
            raise TypeError(f"a seat is an int from 0 to {self.players - 1}, not {shown}")
        if not 0 <= player < self.players:
            shown = records.brief(player)
            raise ValueError(f"no seat {shown}: seats are 0 to {self.players - 1}")
        return player

    # -- records ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-able record that :meth:`from_dict` turns back into this game.

        ``setup`` holds the board's rows and the deck's cards, each None for
        the package's own; the cards are drawn in an order shuffled from ``seed``.
        """
        setup = {
            "board": None if self.board.is_default() else [list(row) for row in self.board.rows],
            "deck": None if self.deck == default_deck() else [str(card) for card in self.deck],
        }
        return records.make_record(
            GAME, self.players, self.rules.to_dict(), self.seed, setup, self.history
        )

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Game:
        """Rebuild a game from :meth:`to_dict`'s record, replaying and checking every move."""
        record = records.check_record(record, GAME)
        setup = records.check_keys(record["setup"], f"{GAME} record setup", SETUP_KEYS)
        board, deck = setup["board"], setup["deck"]
        if board is not None and not (
            isinstance(board, list) and all(_is_list_of_text(row) for row in board)
        ):
            raise TypeError(f"{GAME} record setup board must be null or a list of rows of colours")
        if deck is not None and not _is_list_of_text(deck):
            raise TypeError(f"{GAME} record setup deck must be null or a list of card texts")
        game = cls(
            record["players"],
            engine.check_seed(record["seed"], f"a {GAME} record's seed"),
            board=None if board is None else Board(tuple(map(tuple, board))),
            deck=None if deck is None else make_deck(deck),
            rules=Rules.from_dict(record["rules"]),
        )
        return records.replay(game, record["moves"])

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: :func:`huegames.hues_and_cues.svg` of this
        game, through the game's registry entry (this module does not import the drawing)."""
        return engine.picture(GAME, self)

    def __repr__(self) -> str:
        if self.round is None:
            return f"<hues_and_cues.Game {self.players} players, over, scores {self.scores()}>"
        return (
            f"<hues_and_cues.Game {self.players} players, round {self.round.number + 1}, "
            f"{self.round.phase.value}, seat {self.current_player} to move>"
        )


def _is_list_of_text(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def new_game(
    players: int = MIN_PLAYERS,
    seed: int | None = None,
    *,
    rules: Rules | None = None,
    board: Board | None = None,
    deck: Iterable[Card | str | Sequence[Square | str]] | None = None,
) -> Game:
    """A new game; the same seed always draws the same cards.

    ``seed=None`` picks a fresh seed, kept in ``game.seed`` and the record.
    ``board`` is any :class:`Board` (default: the package's), ``deck`` any
    cards as data (default: :func:`default_deck`).

    >>> from huegames import hues_and_cues as hc
    >>> game = hc.new_game(players=3, seed=7)
    >>> str(game.round.card), game.round.card == hc.new_game(players=5, seed=7).round.card
    ('N10 K24 N16 H4', True)
    >>> game.rules.rounds_for(game.players), game.current_player
    (6, 0)
    >>> hc.new_game(players=3, seed=7, deck=["A1 B2 C3 D4"]).legal_moves()
    [Move.parse('target A1'), Move.parse('target B2'), Move.parse('target C3'), ...]
    """
    return Game(
        players,
        engine.fresh_seed() if seed is None else seed,
        board=board,
        deck=None if deck is None else make_deck(deck),
        rules=rules,
    )


TIE_BREAK_ROUNDS: Final = 10
"""The tie-break rounds :func:`longest_game` allows by default.  The rules
leave tie-breaks unbounded; an adapter that needs a longest game (OpenSpiel)
stops the game after the scheduled rounds and this many tie-break rounds'
worth of moves, the top scores sharing the win."""


def longest_game(
    players: int = MIN_PLAYERS, rules: Rules | None = None, tie_break_rounds: int = TIE_BREAK_ROUNDS
) -> int:
    """The most moves a game can last, with at most ``tie_break_rounds``
    tie-break rounds: a round is the target, a cue, a guess per other seat,
    a cue or a skip, and a guess each."""
    rules = rules or Rules()
    extra = engine.check_int(tie_break_rounds, "tie_break_rounds")
    if extra < 0:
        raise ValueError(f"tie_break_rounds must be >= 0, not {extra}")
    rounds = rules.rounds_for(players) + (extra if rules.tie_breaks else 0)
    return rounds * (2 * players + 1)


def score_bounds(players: int, rules: Rules | None, longest: int) -> tuple[float, float]:
    """A seat's lowest and highest score in ``longest`` moves: a round gives
    a guesser at most 3 + 2, the cue giver its points for every piece in the
    frame (9 squares); a round is at least players + 2 moves."""
    rules = rules or Rules()
    rounds = -(-longest // (players + 2))
    best = max(5, rules.giver_points_for(players) * min(9, 2 * (players - 1)))
    return 0.0, float(rounds * best)
