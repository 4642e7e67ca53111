"""Plank's rule options: the ``Rules`` a hand is played by."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import engine, records


@dataclass(frozen=True, slots=True)
class Rules:
    """Rule options (the draw of §5, which the source leaves open).

    - ``repetition``: the hand is drawn when a position (table, tokens,
      strips in hand, player to move) occurs this many times; None: never.
    - ``turn_limit``: the hand is drawn after this many turns (passes
      included) without a line; None: no limit.

    At least one must be set, so that every hand ends.

    >>> from huegames import plank
    >>> plank.Rules()
    Rules(repetition=3, turn_limit=200)
    >>> rules = plank.Rules.from_dict({"turn_limit": 50})
    >>> rules.to_dict()
    {'repetition': 3, 'turn_limit': 50}
    >>> plank.new_game(players=3, seed=1, rules=rules).rules == rules
    True
    >>> plank.Rules(repetition=None, turn_limit=None)
    Traceback (most recent call last):
    ...
    ValueError: Rules need a repetition or a turn limit, or a hand may never end
    """

    repetition: int | None = 3
    turn_limit: int | None = 200

    def __post_init__(self) -> None:
        for name, least in (("repetition", 2), ("turn_limit", 1)):
            value = getattr(self, name)
            if value is not None:
                engine.check_setting(value, f"Rules.{name}", least)
        if self.repetition is None and self.turn_limit is None:
            raise ValueError("Rules need a repetition or a turn limit, or a hand may never end")

    def to_dict(self) -> dict[str, Any]:
        """The options as plain data, the ``rules`` of a record."""
        return {"repetition": self.repetition, "turn_limit": self.turn_limit}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict`'s mapping; a missing option takes its default,
        an unknown one is refused."""
        return cls(**records.check_options(data, ("repetition", "turn_limit")))
