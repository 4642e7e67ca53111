"""Cards: four squares each (rules §1); the default deck of 100 from a seed."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .board import SQUARES, Square, as_square

CARD_SIZE = 4
DECK_SIZE = 100
DEFAULT_DECK_SEED = 2020


@dataclass(frozen=True, slots=True)
class Card:
    """Four distinct squares; ``str(card) == "A1 C7 H15 P30"``.

    >>> from huegames.hues_and_cues import Card
    >>> card = Card.parse("A1 C7 H15 P30")
    >>> str(card), card.squares[2], Card.of(["A1", "C7", "H15", "P30"]) == card
    ('A1 C7 H15 P30', Square.parse('H15'), True)
    >>> Card.parse("A1 A1 B2 C3")
    Traceback (most recent call last):
    ...
    ValueError: a card shows 4 distinct squares, not 'A1 A1 B2 C3'
    """

    squares: tuple[Square, ...]

    def __post_init__(self) -> None:
        if isinstance(self.squares, (str, bytes)) or not isinstance(self.squares, Iterable):
            raise ValueError("a card is a sequence of 4 squares")
        squares = tuple(as_square(square) for square in self.squares)
        if len(squares) != CARD_SIZE or len(set(squares)) != CARD_SIZE:
            raise ValueError(
                f"a card shows {CARD_SIZE} distinct squares, not {' '.join(map(str, squares))!r}"
            )
        object.__setattr__(self, "squares", squares)

    def __str__(self) -> str:
        return " ".join(map(str, self.squares))

    @classmethod
    def of(cls, squares: Iterable[Square | str]) -> Card:
        """A card from its squares or their texts (``["A1", "C7", "H15", "P30"]``)."""
        return cls(tuple(map(as_square, squares)))

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from its text, four squares separated by spaces; ValueError
        when it is not four distinct squares."""
        if not isinstance(text, str):
            raise ValueError(f"a card text must be a string, not {type(text).__name__}")
        return cls.of(text.split())


@lru_cache(maxsize=16)
def default_deck(seed: int = DEFAULT_DECK_SEED, size: int = DECK_SIZE) -> tuple[Card, ...]:
    """``size`` cards of 4 squares, no square on two cards (so ``size`` <= 120).

    >>> from huegames.hues_and_cues import default_deck
    >>> deck = default_deck()
    >>> len(deck), str(deck[0])
    (100, 'K18 P30 C30 L14')
    """
    squares = random.Random(seed).sample(SQUARES, CARD_SIZE * size)
    return tuple(Card(tuple(squares[i : i + CARD_SIZE])) for i in range(0, len(squares), CARD_SIZE))


def make_deck(cards: Iterable[Card | str | Sequence[Square | str]]) -> tuple[Card, ...]:
    """A deck from cards as data: Card objects, texts ``"A1 B2 C3 D4"`` or square lists.

    >>> from huegames import hues_and_cues as hc
    >>> deck = hc.make_deck(["A1 B2 C3 D4", ["P30", "H15", "C7", hc.Square(0, 1)]])
    >>> [str(card) for card in deck]
    ['A1 B2 C3 D4', 'P30 H15 C7 A2']
    >>> hc.new_game(players=3, seed=7, deck=deck).round.card in deck
    True
    """
    if isinstance(cards, (str, bytes)):
        raise ValueError("a deck is a sequence of cards, not one string")
    deck = tuple(
        card
        if isinstance(card, Card)
        else Card.parse(card)
        if isinstance(card, str)
        else Card.of(card)
        for card in cards
    )
    if not deck:
        raise ValueError("a deck needs at least one card")
    return deck
