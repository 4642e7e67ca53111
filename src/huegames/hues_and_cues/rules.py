"""Hues and Cues' rule options: the ``Rules`` a game is played by (the rulebook's variants)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import engine, records
from .cues import BASIC_COLOURS, RELATIVE_WORDS


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

    >>> from huegames.hues_and_cues import Rules
    >>> rules = Rules()
    >>> rules.rounds_for(4), rules.rounds_for(7)  # each seat gives cues twice, or once with 7+
    (8, 7)
    >>> rules.giver_points_for(3), rules.giver_points_for(4)
    (2, 1)
    >>> rules.colour_words[:3], rules.relative_words[:3]
    (('black', 'blue', 'brown'), ('lighter', 'darker', 'brighter'))
    >>> variant = Rules.from_dict({"free_target": True, "giver_points": 3})
    >>> variant.giver_points_for(4), Rules.from_dict(variant.to_dict()) == variant
    (3, True)
    >>> Rules(giver_points=0)
    Traceback (most recent call last):
    ...
    ValueError: Rules.giver_points must be None or 1 to 2147483647, not 0
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
            if value is not None:
                engine.check_setting(value, f"Rules.{name}", 1)
        for name in ("colour_words", "relative_words"):
            value = getattr(self, name)
            if not isinstance(value, (list, tuple)) or not all(
                isinstance(w, str) and w for w in value
            ):
                raise TypeError(f"Rules.{name} must be a list or tuple of words")
            object.__setattr__(self, name, tuple(w.casefold() for w in value))

    def rounds_for(self, players: int) -> int:
        """Scheduled rounds: each player is cue giver twice with 2-6 players, once with 7+."""
        per_giver = self.rounds_per_giver or (2 if players <= 6 else 1)
        return per_giver * players

    def giver_points_for(self, players: int) -> int:
        """The cue giver's points per piece in the frame: ``giver_points`` when
        set, else the rule's 2 with 2 or 3 players and 1 with more."""
        return self.giver_points or (2 if players <= 3 else 1)

    def to_dict(self) -> dict[str, Any]:
        """The options as plain data, the ``rules`` of a record."""
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
        """Rules from :meth:`to_dict`'s mapping; a missing option takes its default,
        an unknown one is refused."""
        data = records.check_options(data, cls.__dataclass_fields__)
        values: dict[str, Any] = {
            k: tuple(v) if isinstance(v, list) else v for k, v in data.items()
        }
        return cls(**values)
