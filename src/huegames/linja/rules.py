"""Rule options: the decisions the Linja rules leave open, each with its alternative."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from .. import records
from ..records import brief

TIE_BREAKS = ("draw", "goal")
BLOCKADE_RESULTS = ("score", "draw")


@dataclass(frozen=True, slots=True)
class Rules:
    """Rule options; the defaults are the rules' decisions.

    - ``goal_bonus``: False (the rule) — reaching the goal never earns a bonus
      turn; True treats the goal like a row: a following move into an empty
      goal earns one.
    - ``tie_break``: ``"draw"`` (the rule) — equal points is a draw;
      ``"goal"`` — more pieces in the goal wins, still equal is a draw.
    - ``blockade``: ``"score"`` (the rule) — when neither side can make an
      initial move the game ends and is scored as it stands; ``"draw"`` —
      such a game is a draw whatever the points.

    >>> from huegames import linja
    >>> linja.Rules()
    Rules(goal_bonus=False, tie_break='draw', blockade='score')
    >>> rules = linja.Rules.from_dict({"tie_break": "goal"})
    >>> rules.to_dict()
    {'goal_bonus': False, 'tie_break': 'goal', 'blockade': 'score'}
    >>> linja.new_game(seed=1, rules=rules).rules == rules
    True
    >>> linja.Rules(tie_break="coin")
    Traceback (most recent call last):
    ...
    ValueError: Rules.tie_break must be one of ('draw', 'goal'), not 'coin'
    """

    goal_bonus: bool = False
    tie_break: str = "draw"
    blockade: str = "score"

    def __post_init__(self) -> None:
        if not isinstance(self.goal_bonus, bool):
            raise TypeError(f"Rules.goal_bonus must be True or False, not {brief(self.goal_bonus)}")
        if self.tie_break not in TIE_BREAKS:
            raise ValueError(
                f"Rules.tie_break must be one of {TIE_BREAKS}, not {brief(self.tie_break)}"
            )
        if self.blockade not in BLOCKADE_RESULTS:
            raise ValueError(
                f"Rules.blockade must be one of {BLOCKADE_RESULTS}, not {brief(self.blockade)}"
            )

    def to_dict(self) -> dict[str, Any]:
        """The options as plain data, the ``rules`` of a record."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict`'s mapping; a missing option takes its default,
        an unknown one is refused."""
        return cls(**records.check_options(data, (f.name for f in fields(cls))))
