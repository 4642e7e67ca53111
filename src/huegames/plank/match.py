"""Match play over an agreed number of hands (rules §6)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..errors import IllegalMoveError
from .components import check_players
from .game import Game, Rules, new_game


class Match:
    """``hands`` hands of Plank between the same seats, from one ``seed``.

    Seats keep their letters all match; hand k (0-based) deals the strips
    afresh and is opened by the seat after hand k-1's opener (§4).
    ``points`` are match points: with 3 players penalty points, fewest best.
    """

    __slots__ = ("games", "hands", "players", "rules", "seed")

    def __init__(
        self, players: int, hands: int, seed: int | None = None, *, rules: Rules | None = None
    ) -> None:
        check_players(players)
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
            raise ValueError(f"a match has 1 or more hands, not {hands!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.players, self.hands, self.seed, self.rules = players, hands, seed, rules or Rules()
        self.games: list[Game] = [new_game(players, seed, rules=self.rules)]

    @property
    def game(self) -> Game:
        """The hand being played (or the last one)."""
        return self.games[-1]

    def next_hand(self) -> Game:
        """Deal the next hand once the current one is over."""
        if not self.game.is_over:
            raise IllegalMoveError("the current hand is not over yet")
        if len(self.games) == self.hands:
            raise IllegalMoveError(f"the match is over: all {self.hands} hands are played")
        game = new_game(self.players, self.seed, rules=self.rules, hand=len(self.games))
        self.games.append(game)
        return game

    @property
    def is_over(self) -> bool:
        return len(self.games) == self.hands and self.game.is_over

    @property
    def points(self) -> list[int]:
        """Match points per seat so far; penalty points with 3 players."""
        totals = [0] * self.players
        for game in self.games:
            for seat, points in enumerate(game.scores()):
                totals[seat] += points
        return totals

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat sharing the best match points once the match is over
        (a tie is a shared win); empty before."""
        if not self.is_over:
            return ()
        points = self.points
        best = min(points) if self.players == 3 else max(points)
        return tuple(seat for seat, p in enumerate(points) if p == best)

    @property
    def winner(self) -> int | tuple[int, int] | None:
        """The match winner in :attr:`Game.winner`'s type (a seat, or a
        team's two seats with 4 players); None before the end or when shared."""
        winners = self.winners
        if self.players == 4 and len(winners) == 2:
            return winners  # type: ignore[return-value]
        return winners[0] if len(winners) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "plank-match",
            "players": self.players,
            "hands": self.hands,
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "games": [[str(move) for move in game.history] for game in self.games],
        }

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Match:
        """Rebuild a match from :meth:`to_dict`'s record, replaying every hand."""
        if not isinstance(record, Mapping) or record.get("game") != "plank-match":
            raise ValueError("not a Plank match record")
        missing = {"players", "hands", "seed", "rules", "games"} - set(record)
        if missing:
            raise ValueError(f"match record lacks {', '.join(sorted(missing))}")
        match = cls(
            record["players"],
            record["hands"],
            record["seed"],
            rules=Rules.from_dict(record["rules"]),
        )
        games = record["games"]
        if not isinstance(games, list) or not 1 <= len(games) <= match.hands:
            raise ValueError(f"a match record holds 1 to {match.hands} hands of moves")
        for number, moves in enumerate(games):
            if number:
                match.next_hand()
            record_of_hand = match.game.to_dict() | {"moves": moves}
            match.games[-1] = Game.from_dict(record_of_hand)
        return match
