"""A game of Hues and Cues: rounds (rules §3), scoring (§4), the end (§5)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cache
from typing import Any

from .. import records
from ..errors import IllegalMoveError, InvalidMoveError
from .board import COLUMNS, SQUARES, Board, Square
from .cards import Card, default_deck, make_deck
from .cues import (
    BASIC_COLOURS,
    RELATIVE_WORDS,
    colour_word_in,
    cue_problem,
    normal,
    position_reference,
)
from .lexicon import vocabulary
from .moves import Action, Move

MIN_PLAYERS, MAX_PLAYERS = 3, 10  # the rule; 2 players is a variant (VARIANT_MIN_PLAYERS)
VARIANT_MIN_PLAYERS = 2
RECORD_FORMAT = 1


class Phase(Enum):
    TARGET = "target"  # the cue giver picks the target from the card
    FIRST_CUE = "first cue"
    FIRST_GUESSES = "first guesses"  # clockwise from the cue giver's left
    SECOND_CUE = "second cue"  # or skip
    SECOND_GUESSES = "second guesses"  # counter-clockwise from the cue giver's right
    SCORED = "scored"  # a finished round


@dataclass(frozen=True, slots=True)
class Rules:
    """Rule options; the defaults are the rules.

    - ``free_target``: the rulebook's variant for younger players: the cue
      giver picks any square instead of one of the card's four.
    - ``rounds_per_giver``: None for the rule (2 with up to 6 players, 1 with 7+).
    - ``giver_points``: points to the cue giver per piece in the frame; None
      for the rule (2 with 3 players or 2, else 1).
    - ``tie_breaks``: play tie-break rounds; False makes a tie a shared win.
    - ``colour_words``: the forbidden basic colour words; ``colour_stems``
      also refuses their forms and compounds (``reddish``, ``blueberry``).
    - ``relative_words``: words the second cue may not use.
    """

    free_target: bool = False
    rounds_per_giver: int | None = None
    giver_points: int | None = None
    tie_breaks: bool = True
    colour_words: tuple[str, ...] = BASIC_COLOURS
    colour_stems: bool = True
    relative_words: tuple[str, ...] = RELATIVE_WORDS

    def __post_init__(self) -> None:
        for name in ("free_target", "tie_breaks", "colour_stems"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"Rules.{name} must be True or False")
        for name in ("rounds_per_giver", "giver_points"):
            value = getattr(self, name)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or value < 1
            ):
                raise ValueError(f"Rules.{name} must be a positive integer or None, not {value!r}")
        for name in ("colour_words", "relative_words"):
            value = getattr(self, name)
            if isinstance(value, str) or not all(isinstance(w, str) and w for w in value):
                raise TypeError(f"Rules.{name} must be a sequence of words")
            object.__setattr__(self, name, tuple(w.casefold() for w in value))

    def rounds_for(self, players: int) -> int:
        """Scheduled rounds: each player is cue giver twice with 2-6 players, once with 7+."""
        per_giver = self.rounds_per_giver or (2 if players <= 6 else 1)
        return per_giver * players

    def giver_points_for(self, players: int) -> int:
        return self.giver_points or (2 if players <= 3 else 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "free_target": self.free_target,
            "rounds_per_giver": self.rounds_per_giver,
            "giver_points": self.giver_points,
            "tie_breaks": self.tie_breaks,
            "colour_words": list(self.colour_words),
            "colour_stems": self.colour_stems,
            "relative_words": list(self.relative_words),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        data = records.check_options(data, cls.__dataclass_fields__)
        values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**values)


@dataclass(frozen=True, slots=True)
class Round:
    """One round.  ``card`` and ``target`` are None where the viewer may not
    see them; ``guesses`` are ``(seat, square)`` in the order placed;
    ``points`` (per seat) only once the round is scored.
    """

    number: int
    giver: int
    phase: Phase
    card: Card | None
    target: Square | None = None
    cues: tuple[str, ...] = ()
    skipped: bool = False
    guesses: tuple[tuple[int, Square], ...] = ()
    points: tuple[int, ...] | None = None
    tie_break: bool = False

    def hidden(self) -> Round:
        """This round as a guesser sees it: no card, no target before scoring."""
        if self.phase is Phase.SCORED:
            return replace(self, card=None)
        return replace(self, card=None, target=None)


def guess_points(distance: int) -> int:
    """A guesser's piece: 3 on the target, 2 inside the frame, 1 touching it (§4)."""
    return (3, 2, 1)[distance] if distance <= 2 else 0


def guessing_order(giver: int, players: int, second: bool) -> tuple[int, ...]:
    """First guesses clockwise from the giver's left, second ones the other way."""
    step = -1 if second else 1
    return tuple((giver + step * k) % players for k in range(1, players))


def score_round(
    guesses: Iterable[tuple[int, Square]], target: Square, giver: int, players: int, per_piece: int
) -> tuple[int, ...]:
    """Each seat's points for a round (§4)."""
    points = [0] * players
    for seat, square in guesses:
        distance = square.distance(target)
        points[seat] += guess_points(distance)
        if distance <= 1:
            points[giver] += per_piece
    return tuple(points)


GUESSES = tuple(Move.guess(square) for square in SQUARES)


@cache
def _plain_cues(colours: tuple[str, ...], stems: bool) -> tuple[Move, ...]:
    """Vocabulary cues that break no colour-word or position rule."""
    return tuple(
        Move.cue(text)
        for text in vocabulary()
        if not any(
            colour_word_in(word, colours, stems) or position_reference(word)
            for word in text.split()
        )
    )


def legal_moves_of(round_: Round, used: frozenset[str], rules: Rules) -> list[Move]:
    """The legal moves of a round in play (shared by games and views).

    Cues are open text: at a cue phase this lists the legal cues of the
    package's colour vocabulary, but ``play`` takes any legal cue.
    """
    phase = round_.phase
    if phase is Phase.TARGET:
        squares = SQUARES if rules.free_target or round_.card is None else round_.card.squares
        return [Move.target(square) for square in squares]
    if phase in (Phase.FIRST_CUE, Phase.SECOND_CUE):
        second = phase is Phase.SECOND_CUE
        relative = set(rules.relative_words) if second else set()
        cues = [
            move
            for move in _plain_cues(rules.colour_words, rules.colour_stems)
            if (second or len(move.words) == 1)
            and move.text not in used
            and not relative.intersection(move.words)
        ]
        return [Move.skip(), *cues] if second else cues
    if phase in (Phase.FIRST_GUESSES, Phase.SECOND_GUESSES):
        taken = {square.row * COLUMNS + square.column for _, square in round_.guesses}
        return [move for index, move in enumerate(GUESSES) if index not in taken]
    return []


@dataclass(frozen=True, slots=True)
class _State:
    round: Round | None  # None once the game is over
    rounds: tuple[Round, ...]  # scored rounds
    scores: tuple[int, ...]
    used: frozenset[str] = field(default_factory=frozenset)  # normal() texts of given cues


class Game:
    """The state of one game of Hues and Cues.

    Build one with :func:`new_game`.  ``play`` checks a move and applies it
    (an illegal one raises and changes nothing), ``undo`` takes it back,
    ``copy`` gives an independent game.  Rounds are scored as soon as the
    last guess is placed (or the second cue is skipped).
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
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"players must be an integer, not {players!r}")
        if not VARIANT_MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(
                f"Hues and Cues is for 3 to {MAX_PLAYERS} players (2 as a variant), not {players}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an integer, not {seed!r}")
        self.players, self.seed = players, seed
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
        order = list(range(len(self.deck)))
        random.Random(f"hues-and-cues/{self.seed}/{cycle}").shuffle(order)
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
    def used_cues(self) -> frozenset[str]:
        """Every cue given so far, case-folded."""
        return self._state.used

    @property
    def phase(self) -> Phase | None:
        return None if self.round is None else self.round.phase

    @property
    def current_player(self) -> int | None:
        """The seat to move: the cue giver or the next guesser; None once over."""
        return _to_move(self.round, self.players)

    @property
    def is_over(self) -> bool:
        return self.round is None

    def scores(self) -> list[int]:
        return list(self._state.scores)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that share the win once the game is over (one seat, or
        every tied leader when all are tied or tie-breaks are off); ``()`` before."""
        if not self.is_over:
            return ()
        top = max(self._state.scores)
        return tuple(seat for seat, score in enumerate(self._state.scores) if score == top)

    @property
    def winner(self) -> int | tuple[int, ...] | None:
        """The winning seat; a tuple of seats for a shared win (as ``winners``);
        None before the end."""
        winners = self.winners
        if not winners:
            return None
        return winners[0] if len(winners) == 1 else winners

    # -- moves ---------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Target choices, the skip, free squares, and the vocabulary's legal cues.

        Cues are open text; any legal cue may be played (see :meth:`is_legal`).
        """
        if self.round is None:
            return []
        return legal_moves_of(self.round, self.used_cues, self.rules)

    def is_legal(self, move: Move | str) -> bool:
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

    def undo(self) -> Move:
        """Take back the last move (a round's scoring is taken back with it)."""
        if not self.history:
            raise IllegalMoveError("no move has been played: nothing to undo")
        self._states.pop()
        return self.history.pop()

    def copy(self) -> Game:
        game = Game.__new__(Game)
        game.players, game.seed, game.board = self.players, self.seed, self.board
        game.deck, game.rules = self.deck, self.rules
        game.history = list(self.history)
        game._states = list(self._states)
        return game

    def _checked(self, move: Move | str, player: int | None) -> Move:
        if isinstance(move, str):
            move = Move.parse(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError(f"a move must be a Move or its text, not {type(move).__name__}")
        round_ = self.round
        if round_ is None:
            raise IllegalMoveError(f"{move}: the game is over")
        mover = _to_move(round_, self.players)
        if player is not None and player != mover:
            raise IllegalMoveError(f"{move}: it is seat {mover}'s turn, not seat {player}'s")
        phase = round_.phase
        expected = {
            Phase.TARGET: (Action.TARGET,),
            Phase.FIRST_CUE: (Action.CUE,),
            Phase.FIRST_GUESSES: (Action.GUESS,),
            Phase.SECOND_CUE: (Action.CUE, Action.SKIP),
            Phase.SECOND_GUESSES: (Action.GUESS,),
        }[phase]
        if move.action not in expected:
            wanted = " or ".join(action.value for action in expected)
            raise IllegalMoveError(
                f"{move}: the round is at the {phase.value}: seat {mover} must {wanted}"
            )
        if move.action is Action.TARGET:
            assert move.square is not None
            if not self.rules.free_target and move.square not in round_.card.squares:  # type: ignore[union-attr]
                raise IllegalMoveError(f"{move}: the target must be on the card ({round_.card})")
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
                used=state.used | {normal(move.words)},
            )
        if move.action is Action.SKIP:
            return self._scored(state, replace(round_, skipped=True))
        guesses = (*round_.guesses, (_to_move(round_, self.players), move.square))
        round_ = replace(round_, guesses=guesses)
        if len(guesses) == self.players - 1 and round_.phase is Phase.FIRST_GUESSES:
            return replace(state, round=replace(round_, phase=Phase.SECOND_CUE))
        if len(guesses) == 2 * (self.players - 1):
            return self._scored(state, round_)
        return replace(state, round=round_)

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

    def view(self, player: int):
        """What seat ``player`` may see: the target only when it is the cue giver."""
        from .view import View

        return View.of(self, self._seat(player))

    def _seat(self, player: int) -> int:
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 0 <= player < self.players
        ):
            raise ValueError(f"no seat {player!r}: seats are 0 to {self.players - 1}")
        return player

    # -- records ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-able record that :meth:`from_dict` turns back into this game."""
        return {
            "game": "hues_and_cues",
            "format": RECORD_FORMAT,
            "players": self.players,
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "board": None if self.board.is_default() else [list(row) for row in self.board.rows],
            "deck": None if self.deck == default_deck() else [str(card) for card in self.deck],
            "moves": [str(move) for move in self.history],
        }

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Game:
        """Rebuild a game from :meth:`to_dict`'s record, replaying and checking every move."""
        keys = ("players", "seed", "rules", "board", "deck", "moves")
        record = records.check_header(record, "hues_and_cues", "Hues and Cues", RECORD_FORMAT, keys)
        game = cls(
            record["players"],
            records.check_seed(record["seed"]),
            board=None if record["board"] is None else Board(tuple(map(tuple, record["board"]))),
            deck=None if record["deck"] is None else make_deck(record["deck"]),
            rules=Rules.from_dict(record["rules"]),
        )
        return records.replay(game, record["moves"])

    def __repr__(self) -> str:
        if self.round is None:
            return f"<hues_and_cues.Game {self.players} players, over, scores {self.scores()}>"
        return (
            f"<hues_and_cues.Game {self.players} players, round {self.round.number + 1}, "
            f"{self.round.phase.value}, seat {self.current_player} to move>"
        )


def _to_move(round_: Round | None, players: int) -> int | None:
    if round_ is None:
        return None
    if round_.phase is Phase.FIRST_GUESSES:
        return guessing_order(round_.giver, players, False)[len(round_.guesses)]
    if round_.phase is Phase.SECOND_GUESSES:
        return guessing_order(round_.giver, players, True)[len(round_.guesses) - (players - 1)]
    return round_.giver


def new_game(
    players: int,
    seed: int | None = None,
    *,
    board: Board | None = None,
    deck: Iterable[Card | str | Sequence[Square | str]] | None = None,
    rules: Rules | None = None,
) -> Game:
    """A new game; the same seed always draws the same cards.

    ``seed=None`` picks a fresh seed, kept in ``game.seed`` and the record.
    ``board`` is any :class:`Board` (default: the package's), ``deck`` any
    cards as data (default: :func:`default_deck`).
    """
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    return Game(
        players,
        seed,
        board=board,
        deck=None if deck is None else make_deck(deck),
        rules=rules,
    )
