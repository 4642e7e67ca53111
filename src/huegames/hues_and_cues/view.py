"""One seat's view of a game (rules §6): only the cue giver sees the card and target."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .. import engine
from .board import SQUARES, Board
from .cards import Card, default_deck
from .cues import UsedCues
from .moves import Move
from .rounds import Phase, Round, legal_moves_of, seat_to_move
from .rules import Rules


class Dealt(engine.State[Move], Protocol):
    """A game :meth:`View.sample` replays: the contract's state, and the card
    each round draws (:class:`huegames.hues_and_cues.Game` has them)."""

    def card_for(self, number: int) -> Card:
        """The card round ``number`` draws."""
        ...


class GameClass(Protocol):
    """What :meth:`View.sample` needs of the class of the game viewed: a new
    game from its setup.  This module depends on this, not on the game module."""

    def __call__(
        self,
        players: int,
        seed: int,
        *,
        board: Board | None = None,
        deck: Sequence[Card] | None = None,
        rules: Rules | None = None,
    ) -> Dealt: ...


@dataclass(frozen=True, slots=True, eq=False)
class View:
    """What seat ``player`` knows: the board, the cues, every piece, the
    scores and the scored rounds with their targets.  A round's card (and,
    before scoring, its target) is there only when ``player`` was its cue giver.

    ``Game.view(seat)`` builds one; :meth:`seen_by` hides what the seat may
    not see.

    >>> from huegames import hues_and_cues as hc
    >>> game = hc.new_game(players=3, seed=7)
    >>> _ = game.play("target N10"), game.play("cue mint")
    >>> giver, guesser = game.view(0), game.view(1)
    >>> giver.round.target, guesser.round.target, guesser.round.card, guesser.round.cues
    (Square.parse('N10'), None, None, ('mint',))
    >>> guesser.phase, guesser.current_player, len(guesser.legal_moves())
    (<Phase.FIRST_GUESSES: 'first guesses'>, 1, 480)
    >>> game.view(2).legal_moves()  # not seat 2's turn
    []
    """

    player: int
    players: int
    round: Round | None
    rounds: tuple[Round, ...]
    scores: tuple[int, ...]
    used_cues: UsedCues
    board: Board
    rules: Rules
    game_class: GameClass = field(repr=False)
    """The class of the game viewed, which :meth:`sample` builds (no hidden data)."""

    @classmethod
    def seen_by(
        cls,
        player: int,
        *,
        players: int,
        round: Round | None,
        rounds: tuple[Round, ...],
        scores: tuple[int, ...],
        used_cues: UsedCues,
        board: Board,
        rules: Rules,
        game_class: GameClass,
    ) -> View:
        """The view of seat ``player`` of a game in this state: cards and
        unscored targets only of the rounds where it is the cue giver."""
        if round is not None and round.giver != player:
            round = round.hidden()
        return cls(
            player=player,
            players=players,
            round=round,
            rounds=tuple(r if r.giver == player else r.hidden() for r in rounds),
            scores=scores,
            used_cues=used_cues,
            board=board,
            rules=rules,
            game_class=game_class,
        )

    @property
    def current_player(self) -> int | None:
        """The seat to move, or None once the game is over."""
        return seat_to_move(self.round, self.players)

    @property
    def phase(self) -> Phase | None:
        """Where the round in play stands, None once the game is over."""
        return None if self.round is None else self.round.phase

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        return self.round is None

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves when it is to move, else none."""
        if self.round is None or self.current_player != self.player:
            return []
        return legal_moves_of(self.round, self.used_cues, self.rules)

    def sample(self, rng: random.Random | int | None = None) -> Dealt:
        """A whole game this seat cannot tell from the one it sees: a determinization.

        Hidden from the seat: the card of each round it did not give (the
        target shows once scored) and the target of the round in play.  The
        sample draws a new seed and a deck built from the package's own, the
        seen cards where the new seed draws them, and replays every move.
        ``rng`` is a ``random.Random``, an int seed or None.

        >>> from huegames import hues_and_cues as hc
        >>> game = hc.new_game(players=3, seed=7)
        >>> _ = game.play("target N10"), game.play("cue mint")
        >>> world = game.view(1).sample(1)
        >>> world.round.cues, world.round.target in world.round.card.squares
        (('mint',), True)
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(None if rng is None else engine.check_seed(rng, "rng"))
        rounds = [*self.rounds, *([] if self.round is None else [self.round])]
        seed = rng.getrandbits(63)
        deck: list[Card] | None = None
        if not self.rules.free_target:
            deck, cards = self._sample_deck(rounds, seed, rng)
            targets = [
                round_.target if round_.target is not None else rng.choice(card.squares)
                for round_, card in zip(rounds, cards, strict=True)
            ]
        else:
            targets = [
                round_.target if round_.target is not None else rng.choice(SQUARES)
                for round_ in rounds
            ]
        game = self.game_class(self.players, seed, rules=self.rules, board=self.board, deck=deck)
        others = self.players - 1
        for round_, target in zip(rounds, targets, strict=True):
            if round_.phase is Phase.TARGET:
                break
            moves = [Move.target(target)]
            moves += [Move.cue(text) for text in round_.cues[:1]]
            moves += [Move.guess(square) for _, square in round_.guesses[:others]]
            if round_.skipped:
                moves.append(Move.skip())
            moves += [Move.cue(text) for text in round_.cues[1:]]
            moves += [Move.guess(square) for _, square in round_.guesses[others:]]
            for move in moves:
                game.play(move)
        return game

    def _sample_deck(
        self, rounds: list[Round], seed: int, rng: random.Random
    ) -> tuple[list[Card], list[Card]]:
        """A deck for a game of ``seed`` that draws, round by round, the cards
        this seat saw and random unseen ones where it saw none; and those cards."""
        base = list(default_deck())
        probe = self.game_class(self.players, seed, rules=self.rules, board=self.board, deck=base)
        slots = [base.index(probe.card_for(number)) for number in range(len(rounds))]
        if len(set(slots)) != len(slots):
            raise ValueError("cannot sample a game longer than the deck")
        known: list[Card | None] = []
        for round_ in rounds:
            card = round_.card
            if card is None and round_.target is not None:
                card = next((c for c in base if round_.target in c.squares), None)
                if card is None:  # another deck: any card with that target
                    others = rng.sample([s for s in SQUARES if s != round_.target], 3)
                    card = Card((round_.target, *others))
            known.append(card)
        used = {card for card in known if card is not None}
        spare = [card for card in base if card not in used]
        rng.shuffle(spare)
        cards = [card if card is not None else spare.pop() for card in known]
        placed: list[Card | None] = [None] * len(base)
        for slot, card in zip(slots, cards, strict=True):
            placed[slot] = card
        rest = iter(spare)
        return [card if card is not None else next(rest) for card in placed], cards

    def text(self, history: bool = False) -> str:
        """What this seat sees as one line of text; with ``history``, every
        round so far (with perfect recall) instead of the cues used."""
        parts = [
            f"seat {self.player}",
            f"to move {self.current_player}",
            f"scores {' '.join(map(str, self.scores))}",
            "now " + ("over" if self.round is None else self.round.text()),
        ]
        if history:
            parts.extend(round_.text() for round_ in self.rounds)
        else:
            parts.append(f"cues used {' / '.join(sorted(self.used_cues))}")
        return " | ".join(parts)

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: :func:`huegames.hues_and_cues.svg` of this
        view, through the game's registry entry (this module does not import the drawing)."""
        return engine.picture("hues-and-cues", self)
