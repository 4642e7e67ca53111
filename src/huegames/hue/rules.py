"""Hue's rule options (rules §3.3 and §4.2 variants): the ``Rules`` a game is played by."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import records
from . import cells
from .moves import Move


@dataclass(frozen=True, slots=True)
class Rules:
    """Rule options.

    - ``covering``: a card may cover exactly one square (the rule); False is
      the variant where cards never cover.
    - ``opening``: None for the random staircase of three starting cards;
      or the variant of a user-given opening, a sequence of placements of
      starting cards (``Move``, tuples or ``"S0 0 0 0"`` texts) laid in order,
      within the table's limits (:data:`MAX_COORDINATE`, :data:`MAX_SPAN`).

    >>> from huegames import hue
    >>> rules = hue.Rules(opening=["S0 0 0 0", "S1 1 1 0"])
    >>> rules
    Rules(covering=True, opening=(Move.parse('S0 0 0 0'), Move.parse('S1 1 1 0')))
    >>> hue.new_game(players=2, seed=1, rules=rules).board.placements
    [Move.parse('S0 0 0 0'), Move.parse('S1 1 1 0')]
    """

    covering: bool = True
    opening: tuple[Move, ...] | None = field(default=None)

    def __post_init__(self) -> None:
        if not isinstance(self.covering, bool):
            shown = records.brief(self.covering)
            raise TypeError(f"Rules.covering must be True or False, not {shown}")
        if self.opening is not None:
            if isinstance(self.opening, (str, bytes)) or not isinstance(self.opening, Iterable):
                raise TypeError("Rules.opening must be a sequence of placements or None")
            opening = tuple(Move.coerce(item) for item in self.opening)
            if not opening:
                raise ValueError("Rules.opening must hold at least one placement")
            box = None
            for move in opening:
                box = cells.union(box, move.box)
                problem = cells.beyond_limits(box)
                if problem is not None:
                    raise ValueError(f"Rules.opening {move.describe()}: {problem}")
            object.__setattr__(self, "opening", opening)

    def to_dict(self) -> dict[str, Any]:
        """The options as a record's ``rules`` holds them; :meth:`from_dict` reads them back.

        >>> from huegames import hue
        >>> hue.Rules(covering=False).to_dict()
        {'covering': False, 'opening': None}
        """
        return {
            "covering": self.covering,
            "opening": None if self.opening is None else [str(m) for m in self.opening],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from a record's ``rules`` (ValueError for an option Hue does not have).

        >>> from huegames import hue
        >>> hue.Rules.from_dict({"covering": False})
        Rules(covering=False, opening=None)
        """
        data = records.check_options(data, ("covering", "opening"))
        return cls(covering=data.get("covering", True), opening=data.get("opening"))
