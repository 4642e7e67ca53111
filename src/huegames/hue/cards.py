"""Colours, cards and decks (rules §1), and how a card lies on the table (§2)."""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from ..records import brief
from . import cells


class Colour(enum.IntEnum):
    """The five colours, indexed as in the rules and the C core."""

    G = 0
    R = 1
    Y = 2
    P = 3
    B = 4

    @classmethod
    def parse(cls, value: object) -> Colour:
        """A colour from its letter (``"G"``), index (``0``) or itself.

        >>> from huegames.hue import Colour
        >>> Colour.parse("g"), Colour.parse(4)
        (<Colour.G: 0>, <Colour.B: 4>)
        """
        if isinstance(value, Colour):
            return value
        if isinstance(value, str) and value.upper() in cls.__members__:
            return cls[value.upper()]
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(cls):
            return cls(value)
        raise ValueError(f"unknown colour {brief(value)}: expected one of G R Y P B")


class Kind(str, enum.Enum):
    """The four kinds of card."""

    STARTING = "starting"
    POISON = "poison"
    SOLID = "solid"
    STRIPED = "striped"

    @property
    def striped(self) -> bool:
        """Whether cards of this kind are striped: starting and striped cards."""
        return self in (Kind.STARTING, Kind.STRIPED)

    @property
    def standard(self) -> bool:
        """Whether this kind is standard (solid or striped): dealt to hands besides the poison."""
        return self in (Kind.SOLID, Kind.STRIPED)


@dataclass(frozen=True, slots=True)
class Card:
    """One card: an id, a kind and its three colours.

    The colours are ``(s0, s1, s2)`` for solid and poison cards and the
    stripes ``(L, M, R)`` for striped and starting cards; the middle one is
    the centre colour, which scores double.  A kind may be given by its
    value (``"solid"``) and colours by letter or index (``"GRY"``); anything
    else raises ValueError or TypeError saying what was wrong.

    >>> from huegames.hue import Card
    >>> card = Card("D0", "solid", "GRY")
    >>> card
    Card(id='D0', kind=<Kind.SOLID: 'solid'>, colours=(<Colour.G: 0>, <Colour.R: 1>, <Colour.Y: 2>))
    >>> card.centre
    <Colour.R: 1>
    >>> Card("D0", "solid", "GRQ")
    Traceback (most recent call last):
    ...
    ValueError: card 'D0': unknown colour 'Q': expected one of G R Y P B
    """

    id: str
    kind: Kind
    colours: tuple[Colour, Colour, Colour]
    shapes: tuple[tuple[int, int, int], ...] = field(init=False, repr=False, compare=False)
    rotations: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", _kind(self.id, self.kind))
        object.__setattr__(self, "colours", _colours(self.id, self.colours))
        shapes = tuple(_shape(self.kind, self.colours, rotation) for rotation in range(4))
        object.__setattr__(self, "shapes", shapes)
        # Rotations r and r+2 share a footprint; they are one placement when
        # they also paint the same picture (rules §2).
        object.__setattr__(self, "rotations", 2 if shapes[0] == shapes[2] else 4)

    @property
    def centre(self) -> Colour:
        """The middle colour, which counts twice when the card scores."""
        return self.colours[1]

    def score(self, values: Mapping[str, int] | Sequence[int]) -> int:
        """This card's score as a score card (§5), given the colour values as
        ``{"G": 9, ...}`` or a sequence in colour order.  A repeated colour
        counts each time; a poison card's skull is ignored.

        >>> from huegames.hue import Card
        >>> card = Card("D0", "solid", "GRY")
        >>> card.score({"G": 9, "R": 7, "Y": 3, "P": 0, "B": 1})  # 9 + 2*7 + 3
        26
        >>> card.score([9, 7, 3, 0, 1])
        26
        """
        first, centre, third = self.colours
        if isinstance(values, Mapping):
            return values[first.name] + 2 * values[centre.name] + values[third.name]
        return values[first] + 2 * values[centre] + values[third]

    def canonical_rotation(self, rotation: int) -> int:
        """The listed rotation that looks the same as ``rotation``.

        A card whose two ends match looks the same turned half round, so
        only rotations 0 and 1 are listed for it:

        >>> from huegames.hue import Card
        >>> Card("D9", "solid", "GRG").canonical_rotation(3)
        1
        >>> Card("D0", "solid", "GRY").canonical_rotation(3)
        3
        """
        return rotation % self.rotations

    def to_dict(self) -> dict[str, str]:
        """The card as a record's deck holds it; :class:`Deck` reads it back.

        >>> from huegames.hue import Card
        >>> Card("D0", "solid", "GRY").to_dict()
        {'id': 'D0', 'kind': 'solid', 'colours': 'GRY'}
        """
        return {
            "id": self.id,
            "kind": self.kind.value,
            "colours": "".join(colour.name for colour in self.colours),
        }


def _shape(
    kind: Kind, colours: tuple[Colour, Colour, Colour], rotation: int
) -> tuple[int, int, int]:
    """The three cell codes, in footprint order, of a card in a rotation (§2 table)."""
    if kind.striped:
        first, middle, last = colours
        stripes = (first, middle, last) if rotation in (0, 1) else (last, middle, first)
        layout = cells.VERTICAL if rotation % 2 == 0 else cells.HORIZONTAL
        code = cells.encode(layout, stripes)
        return (code, code, code)
    order = (0, 1, 2) if rotation in (0, 3) else (2, 1, 0)
    skull = kind is Kind.POISON
    first_code, middle_code, last_code = (
        cells.encode(cells.SOLID, (colours[square],) * 3, skull=skull and square == 1)
        for square in order
    )
    return (first_code, middle_code, last_code)


def card(id: str, kind: Kind | str, colours: Iterable[object]) -> Card:
    """Build a card from loose data, with a clear error for anything wrong."""
    return Card(id, kind, colours)  # type: ignore[arg-type]


def _kind(card_id: object, kind: object) -> Kind:
    """The card's id checked, and its kind from a Kind or its value."""
    if not isinstance(card_id, str):
        raise TypeError(f"card id must be a string, not {brief(card_id)}")
    if not card_id or any(ch.isspace() for ch in card_id):
        raise ValueError(f"card id must be a non-empty string without spaces, got {brief(card_id)}")
    try:
        return Kind(kind)
    except (ValueError, TypeError):
        raise ValueError(
            f"card {brief(card_id)}: unknown kind {brief(kind)}: expected one of "
            + ", ".join(k.value for k in Kind)
        ) from None


def _colours(card_id: str, colours: object) -> tuple[Colour, Colour, Colour]:
    """Three colours from a text of letters (``"GRY"``) or a sequence."""
    if isinstance(colours, str):
        colours = list(colours)
    if not isinstance(colours, (list, tuple)):
        raise TypeError(
            f"card {brief(card_id)}: colours must be a text like 'GRY' or a sequence of 3, "
            f"not {brief(colours)}"
        )
    if len(colours) != 3:
        raise ValueError(f"card {brief(card_id)}: needs exactly 3 colours, got {len(colours)}")
    try:
        first, centre, third = (Colour.parse(colour) for colour in colours)
    except ValueError as error:
        raise ValueError(f"card {brief(card_id)}: {error}") from None
    return first, centre, third


_DEFAULT_PATTERNS = (
    # (kind, id prefix, first id number, colour offsets of card i)
    (Kind.STARTING, "S", 0, (1, 0, 3)),
    (Kind.POISON, "X", 0, (2, 0, 4)),
    (Kind.SOLID, "D", 0, (1, 0, 2)),
    (Kind.SOLID, "D", 5, (4, 0, 3)),
    (Kind.STRIPED, "T", 0, (2, 0, 1)),
    (Kind.STRIPED, "T", 5, (3, 0, 4)),
)


@functools.cache
def default_deck() -> tuple[Card, ...]:
    """The balanced 30-card deck of rules §1: S0-S4, X0-X4, D0-D9, T0-T9.

    Built once: the cards are immutable, so every game shares them.

    >>> from huegames import hue
    >>> deck = hue.default_deck()
    >>> len(deck), [card.id for card in deck[:6]]
    (30, ['S0', 'S1', 'S2', 'S3', 'S4', 'X0'])
    >>> deck[10]
    Card(id='D0', kind=<Kind.SOLID: 'solid'>, colours=(<Colour.R: 1>, <Colour.G: 0>, <Colour.Y: 2>))
    """
    return tuple(
        Card(f"{prefix}{first + i}", kind, tuple(Colour((i + k) % 5) for k in offsets))  # type: ignore[arg-type]
        for kind, prefix, first, offsets in _DEFAULT_PATTERNS
        for i in range(5)
    )


class Deck(Mapping[str, Card]):
    """An ordered, validated set of cards addressed by id.

    Cards may be given as :class:`Card` objects, ``(id, kind, colours)``
    triples or records with those keys; an id given twice is a ValueError.

    >>> from huegames.hue import Deck
    >>> deck = Deck([("A", "solid", "GRY"), {"id": "B", "kind": "striped", "colours": "PBG"}])
    >>> deck, list(deck), deck["B"].kind
    (Deck(2 cards), ['A', 'B'], <Kind.STRIPED: 'striped'>)
    """

    __slots__ = ("_cards", "_hash", "_index", "_kinds")

    def __init__(self, cards: Iterable[Card | Mapping[str, object] | Sequence[object]]) -> None:
        if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Iterable):
            raise TypeError(f"a deck must be a sequence of cards, not {brief(cards)}")
        parsed = tuple(_coerce_card(item) for item in cards)
        index: dict[str, int] = {}
        for position, item in enumerate(parsed):
            if item.id in index:
                raise ValueError(f"deck has card id {brief(item.id)} twice")
            index[item.id] = position
        self._cards = parsed
        self._index = index
        self._kinds: dict[tuple[Kind, ...], tuple[Card, ...]] = {}  # of_kind's, as asked
        self._hash: int | None = None  # made when first asked for: decks key caches

    def __getitem__(self, card_id: str) -> Card:
        try:
            return self._cards[self._index[card_id]]
        except (KeyError, TypeError):
            raise KeyError(f"no card {brief(card_id)} in the deck") from None

    def __iter__(self) -> Iterator[str]:
        return (item.id for item in self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and self._cards == other._cards

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._cards)
        return self._hash

    def __repr__(self) -> str:
        return f"Deck({len(self._cards)} cards)"

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card, in deck order."""
        return self._cards

    def position(self, card_id: str) -> int:
        """The card's position in deck order (hands are kept in this order)."""
        return self._index[card_id]

    def of_kind(self, *kinds: Kind) -> list[Card]:
        """The cards of any of ``kinds``, in deck order.

        >>> from huegames.hue import Deck, Kind, default_deck
        >>> [card.id for card in Deck(default_deck()).of_kind(Kind.POISON)]
        ['X0', 'X1', 'X2', 'X3', 'X4']
        """
        found = self._kinds.get(kinds)
        if found is None:  # a deck never changes: each choice of kinds is listed once
            found = self._kinds[kinds] = tuple(item for item in self._cards if item.kind in kinds)
        return list(found)

    def is_default(self) -> bool:
        """Whether this is :func:`default_deck`, which a record then names by None."""
        return self._cards == default_deck()

    def to_list(self) -> list[dict[str, str]]:
        """Every card's :meth:`Card.to_dict`, in deck order: the deck as a record holds it."""
        return [item.to_dict() for item in self._cards]


def as_deck(deck: Deck | Iterable[Card | Mapping[str, object] | Sequence[object]] | None) -> Deck:
    """``deck`` as a :class:`Deck`: itself when it is one, the default deck
    (built once and shared, as it is immutable) for None, else ``Deck(deck)``.

    >>> from huegames.hue.cards import as_deck
    >>> as_deck(None) is as_deck(None), len(as_deck(None))
    (True, 30)
    """
    if isinstance(deck, Deck):
        return deck
    return _default_deck_object() if deck is None else Deck(deck)


@functools.cache
def _default_deck_object() -> Deck:
    return Deck(default_deck())


def _coerce_card(item: Card | Mapping[str, object] | Sequence[object]) -> Card:
    if isinstance(item, Card):
        return item
    if isinstance(item, Mapping):
        missing = [key for key in ("id", "kind", "colours") if key not in item]
        if missing:
            raise ValueError(f"card record {brief(item)} lacks {', '.join(missing)}")
        return Card(item["id"], item["kind"], item["colours"])  # type: ignore[arg-type]
    if isinstance(item, (list, tuple)) and len(item) == 3:
        return Card(*item)
    raise TypeError(
        f"a card must be a Card, a mapping with id/kind/colours or an (id, kind, colours) "
        f"triple, not {brief(item)}"
    )
