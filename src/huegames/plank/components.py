"""Plank's components (rules §1) and the setup of a hand (§4)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from .. import engine
from ..records import brief, check_keys

COLOURS = ("G", "R", "W")
COLOUR_NAMES = {"G": "green", "R": "red", "W": "white"}
PATTERNS = ("RWG", "RGW", "GRW")
"""The three colour orders of the strips, four strips of each."""
ORDERS = tuple("".join(order) for order in permutations("GRW"))
"""The six ways a strip can lie, left to right: each pattern and its reverse."""
PATTERN_OF = {order: order if order in PATTERNS else order[::-1] for order in ORDERS}
STRIPS_PER_PATTERN = 4
MAX_ROWS = len(PATTERNS) * STRIPS_PER_PATTERN
TOKENS_PER_COLOUR = 2
LETTERS = ("A", "B", "C", "D")
MIN_PLAYERS = 2
"""The fewest seats a game of Plank takes."""
MAX_PLAYERS = 4
"""The most seats a game of Plank takes (two teams of two)."""
PENALTY_PLAYERS = frozenset({3})
"""Player counts scored in penalty points, fewest best (§6: Sackson's 3-player scoring)."""


def check_players(players: object) -> int:
    """The player count, refused unless the int 2, 3 or 4."""
    count = engine.check_int(players, "players")
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ValueError(f"Plank is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {brief(count)}")
    return count


@dataclass(frozen=True, slots=True)
class Deal:
    """The setup of one hand, all public.

    - ``letters[seat]``: the token set that seat drew (turn order is A, B,
      C, D; in the 4-player game A+C play B+D).
    - ``strips[seat]``: the colour patterns of the strips dealt to that seat.
    - ``first``: the seat that moves first in this hand.

    >>> from huegames import plank
    >>> deal = plank.deal_hand(2, seed=7)
    >>> deal.letters, deal.first, deal.players
    (('A', 'B'), 0, 2)
    >>> deal.strips[0]
    ('RWG', 'RGW', 'RGW', 'RGW', 'GRW', 'GRW')
    >>> plank.Deal.from_dict(deal.to_dict()) == deal
    True
    >>> plank.deal_hand(2, seed=7, hand=1).first  # the other seat opens the next hand
    1
    """

    letters: tuple[str, ...]
    strips: tuple[tuple[str, ...], ...]
    first: int

    def __post_init__(self) -> None:
        players = check_players(len(self.letters))
        if sorted(self.letters) != list(LETTERS[:players]):
            raise ValueError(
                f"{players} players draw letters {LETTERS[:players]}, not {brief(self.letters)}"
            )
        if len(self.strips) != players:
            raise ValueError(f"the deal has {len(self.strips)} strip hands for {players} players")
        each = MAX_ROWS // players
        for seat, hand in enumerate(self.strips):
            if len(hand) != each or any(pattern not in PATTERNS for pattern in hand):
                raise ValueError(
                    f"seat {seat} must hold {each} strips of {PATTERNS}, not {brief(hand)}"
                )
        dealt = [pattern for hand in self.strips for pattern in hand]
        if any(dealt.count(pattern) != STRIPS_PER_PATTERN for pattern in PATTERNS):
            raise ValueError(f"the deal must hold {STRIPS_PER_PATTERN} strips of each pattern")
        if engine.check_int(self.first, "the first seat") not in range(players):
            raise ValueError(f"first seat must be 0 to {players - 1}, not {brief(self.first)}")

    @classmethod
    def unchecked(
        cls, letters: tuple[str, ...], strips: tuple[tuple[str, ...], ...], first: int
    ) -> Deal:
        """A deal made without the constructor's checks, for one known to be
        possible (the C core's deal, which :func:`deal_hand` gives too)."""
        deal = object.__new__(cls)
        object.__setattr__(deal, "letters", letters)
        object.__setattr__(deal, "strips", strips)
        object.__setattr__(deal, "first", first)
        return deal

    @property
    def players(self) -> int:
        """The number of seats dealt to: 2, 3 or 4."""
        return len(self.letters)

    def seat_of(self, letter: str) -> int:
        """The seat holding token set ``letter``."""
        return self.letters.index(letter)

    def to_dict(self) -> dict[str, Any]:
        """The deal as a record's ``setup``: letters, strips and first seat."""
        return {
            "letters": list(self.letters),
            "strips": [list(hand) for hand in self.strips],
            "first": self.first,
        }

    @classmethod
    def from_dict(cls, data: object) -> Deal:
        """A deal from :meth:`to_dict`'s mapping, checked like any other."""
        fields = check_keys(data, "a deal", ("letters", "strips", "first"))
        letters, strips = fields["letters"], fields["strips"]
        if not _is_list_of_text(letters) or not (
            isinstance(strips, list) and all(_is_list_of_text(hand) for hand in strips)
        ):
            raise TypeError("a deal's letters must be a list of letters, its strips lists of them")
        return cls(tuple(letters), tuple(tuple(hand) for hand in strips), fields["first"])


def _is_list_of_text(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def draw_letters(players: int, rng: random.Random) -> tuple[str, ...]:
    """Each seat draws a letter at random (§4); seats keep them all match."""
    letters = list(LETTERS[: check_players(players)])
    rng.shuffle(letters)
    return tuple(letters)


def deal_strips(players: int, rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Shuffle the 12 strips and deal them out evenly, face up (§4)."""
    strips = [pattern for pattern in PATTERNS for _ in range(STRIPS_PER_PATTERN)]
    rng.shuffle(strips)
    each = MAX_ROWS // check_players(players)
    return tuple(
        tuple(sorted(strips[seat * each : (seat + 1) * each], key=PATTERNS.index))
        for seat in range(players)
    )


def deal_hand(players: int, seed: int, hand: int = 0) -> Deal:
    """The deal of hand number ``hand`` (0-based) of a match played from ``seed``.

    Letters are drawn once per match (the same for every hand); each hand
    deals the strips afresh; the first seat is A's in hand 0, then the
    next letter in turn order each hand (alternating with two players).
    """
    if engine.check_int(hand, "hand") < 0:
        raise ValueError(f"hand must be a hand number 0, 1, ..., not {brief(hand)}")
    rng = random.Random(seed)
    letters = draw_letters(players, rng)
    for _ in range(hand + 1):
        strips = deal_strips(players, rng)
    return Deal(letters, strips, letters.index(LETTERS[hand % players]))
