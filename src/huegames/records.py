"""What every game's record shares: the header, the seed and the move list.

A record is a plain JSON-able mapping ``{"game": ..., "format": ...,
"seed": ..., ..., "moves": [...]}``; each engine's ``Game.from_dict`` checks
its header and seed here and replays its moves through ``play``, so a
record can never smuggle in an illegal move.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def check_header(
    record: object, game: str, title: str, version: int, keys: Iterable[str]
) -> Mapping[str, Any]:
    """The record as a mapping once it is a ``game`` record of ``version``
    holding every key, else a TypeError or ValueError saying what is wrong."""
    if not isinstance(record, Mapping):
        raise TypeError(f"a game record must be a mapping, not {type(record).__name__}")
    if record.get("game") != game:
        raise ValueError(f"not a {title} record: game is {record.get('game')!r}")
    if record.get("format") != version:
        raise ValueError(f"unsupported record format {record.get('format')!r}")
    missing = set(keys) - set(record)
    if missing:
        raise ValueError(f"game record lacks {', '.join(sorted(missing))}")
    return record


def check_options(data: object, known: Iterable[str]) -> Mapping[str, Any]:
    """A record's rule options: a mapping that names only ``known`` options."""
    if not isinstance(data, Mapping):
        raise TypeError(f"rules must be a mapping, not {type(data).__name__}")
    unknown = set(data) - set(known)
    if unknown:
        raise ValueError(f"unknown rule options: {', '.join(sorted(unknown))}")
    return data


def check_seed(seed: object) -> int | None:
    """A record's seed: an integer, or None for a game set up by hand."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"record seed must be an integer or null, not {seed!r}")
    return seed


def replay(game: Any, moves: object) -> Any:
    """Play a record's move texts in order, naming the first that fails."""
    if not isinstance(moves, list) or not all(isinstance(text, str) for text in moves):
        raise TypeError("record moves must be a list of move texts")
    for number, text in enumerate(moves, start=1):
        try:
            game.play(text)
        except ValueError as error:
            raise ValueError(f"record move {number} ({text!r}): {error}") from None
    return game
