"""Match play over an agreed number of hands (rules §6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import engine, records
from ..errors import IllegalMoveError
from .components import PENALTY_PLAYERS, Deal, check_players, deal_hand
from .game import Game, new_game
from .rules import Rules


class Match:
    """``hands`` hands of Plank between the same seats, from one ``seed``.

    Seats keep their letters all match; hand k (0-based) deals the strips
    afresh and is opened by the seat after hand k-1's opener (§4).
    ``points`` are match points: with 3 players penalty points, fewest best.

    >>> from huegames import engine, plank
    >>> match = plank.Match(2, hands=3, seed=1)
    >>> bots = [plank.GreedyBot(seed=1), plank.RandomBot(seed=2)]
    >>> while True:
    ...     _ = engine.play_game(match.game, bots)
    ...     if match.is_over:
    ...         break
    ...     _ = match.next_hand()
    >>> [game.deal.first for game in match.games]  # the opener moves on each hand
    [1, 0, 1]
    >>> match.points, match.winners, match.winner
    ([3, 0], (0,), 0)
    >>> plank.Match.from_dict(match.to_dict()).points
    [3, 0]

    Its record (:meth:`to_dict`) has the one layout of
    :mod:`huegames.records`, ``game`` ``"plank"``; ``setup`` holds the
    agreed number of ``hands`` and the ``deals`` of the hands dealt so far
    (each a hand record's setup, checked against the seed's deals), and
    ``moves`` every hand's moves in order, one list: a hand ends with the
    move that ends it, so the next move opens the next hand::

        {"format": 2, "game": "plank", "players": 3, "rules": {...}, "seed": 7,
         "setup": {"hands": 5, "deals": [{"letters": [...], "strips": [...],
                                          "first": 0}, ...]},
         "moves": ["T RWG R", ..., "Gc1", "T GRW G", ...]}
    """

    __slots__ = ("games", "hands", "players", "rules", "seed")

    def __init__(
        self, players: int, hands: int, seed: int | None = None, *, rules: Rules | None = None
    ) -> None:
        check_players(players)
        if engine.check_int(hands, "hands") < 1:
            raise ValueError(f"a match has 1 or more hands, not {records.brief(hands)}")
        seed = engine.fresh_seed() if seed is None else engine.check_seed(seed)
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
        """True once the last agreed hand is over."""
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
        (a tie is a shared win; with 4 players a team's two seats); empty before."""
        if not self.is_over:
            return ()
        points = self.points
        best = min(points) if self.players in PENALTY_PLAYERS else max(points)
        return tuple(seat for seat, p in enumerate(points) if p == best)

    @property
    def winner(self) -> int | None:
        """The seat that won the match alone, as :attr:`Game.winner`; None
        before the end, when shared, and for a team (see :attr:`winners`)."""
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        """The match's record; :meth:`from_dict` replays it."""
        setup = {"hands": self.hands, "deals": [game.deal.to_dict() for game in self.games]}
        moves = [move for game in self.games for move in game.history]
        return records.make_record(
            "plank", self.players, self.rules.to_dict(), self.seed, setup, moves
        )

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Match:
        """Rebuild a match from :meth:`to_dict`'s record, replaying every hand."""
        record = records.check_record(record, "plank")
        if {"letters", "strips", "first"} <= set(record["setup"]):
            raise ValueError(
                "this is the record of one Plank hand: read it with plank.Game.from_dict"
            )
        setup = records.check_keys(record["setup"], "plank match record setup", ("hands", "deals"))
        if record["seed"] is None:
            raise ValueError("a Plank match record needs the seed its hands are dealt from")
        match = cls(
            record["players"],
            setup["hands"],
            record["seed"],
            rules=Rules.from_dict(record["rules"]),
        )
        deals = setup["deals"]
        if not isinstance(deals, list) or not 1 <= len(deals) <= match.hands:
            raise ValueError(
                f"a match record deals 1 to {match.hands} hands, not {records.brief(deals)}"
            )
        for hand, deal in enumerate(deals):
            if Deal.from_dict(deal) != deal_hand(match.players, match.seed, hand):
                raise ValueError(f"record deal of hand {hand + 1} is not the one its seed deals")
        moves = record["moves"]
        if not isinstance(moves, list) or not all(isinstance(text, str) for text in moves):
            raise TypeError("record moves must be a list of move texts")
        for number, text in enumerate(moves, start=1):
            try:
                if match.game.is_over:
                    match.next_hand()
                match.game.play(text)
            except ValueError as error:
                raise records.move_error(number, text, error) from None
        if len(match.games) > len(deals):
            raise ValueError(f"record moves play {len(match.games)} hands, its deals {len(deals)}")
        while len(match.games) < len(deals):
            if not match.game.is_over:
                raise ValueError(
                    f"record deals {len(deals)} hands, but hand {len(match.games)} is not over"
                )
            match.next_hand()
        return match
