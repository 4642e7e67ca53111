"""The one record layout every game writes, and its one header check.

A record is a plain JSON-able mapping::

    {"format": 2, "game": "hue", "players": 3, "rules": {...}, "seed": 7,
     "setup": {...}, "moves": ["X4 0 -3 0", ...]}

``game`` is the registry name (:func:`huegames.engine.game_spec`), ``rules``
the rule options, ``seed`` the seed the game was set up from (None for a
game set up by hand), ``setup`` what the game's own setup needs (a deal, a
board, a first player) and ``moves`` the move texts in order.  Each game's
``from_dict`` checks the header with :func:`check_record` and replays the
moves through ``play`` with :func:`replay`, so a record can never smuggle in
an illegal move.  A record of a match (Plank) has the same header and holds
its hands' setups and moves in ``setup``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

FORMAT = 2
"""The record format this version writes and reads."""

HEADER = ("format", "game", "players", "rules", "seed")
"""Keys every record starts with."""


def make_record(
    game: str,
    players: int,
    rules: Mapping[str, Any],
    seed: int | None,
    setup: Mapping[str, Any],
    moves: Iterable[object],
    **extra: Any,
) -> dict[str, Any]:
    """A record in the one layout (``extra`` keys only where a game needs them)."""
    return {
        "format": FORMAT,
        "game": game,
        "players": players,
        "rules": dict(rules),
        "seed": seed,
        "setup": dict(setup),
        "moves": [str(move) for move in moves],
        **extra,
    }


def check_record(
    record: object, game: str, keys: Iterable[str] = ("setup", "moves")
) -> Mapping[str, Any]:
    """The record as a mapping once it is a ``game`` record of this format
    holding exactly the header and ``keys``; else a TypeError or ValueError
    saying what is wrong (a record of another game is named as such)."""
    if not isinstance(record, Mapping):
        raise TypeError(f"a game record must be a mapping, not {type(record).__name__}")
    found = record.get("game")
    if found != game:
        if isinstance(found, str) and found:
            raise ValueError(f"this is a {found!r} record, not a {game!r} record")
        raise ValueError(f"not a {game!r} record: its game is {found!r}")
    version = record.get("format")
    if version != FORMAT:
        raise ValueError(
            f"unsupported {game} record format {version!r}: this version reads {FORMAT}"
        )
    expected = {*HEADER, *keys}
    missing = expected - set(record)
    if missing:
        raise ValueError(f"{game} record lacks {', '.join(sorted(missing))}")
    unknown = set(record) - expected
    if unknown:
        raise ValueError(f"{game} record has unknown keys: {', '.join(sorted(map(str, unknown)))}")
    players = record["players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"record players must be an integer, not {players!r}")
    check_seed(record["seed"])
    if "setup" in expected and not isinstance(record["setup"], Mapping):
        raise TypeError(f"record setup must be a mapping, not {type(record['setup']).__name__}")
    return record


def check_header(
    record: object, game: str, title: str, version: int, keys: Iterable[str]
) -> Mapping[str, Any]:
    """Transitional: the format-1 header check, until every game writes format 2."""
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
        raise ValueError(f"unknown rule options: {', '.join(sorted(map(str, unknown)))}")
    return data


def check_seed(seed: object) -> int | None:
    """A record's seed: an integer, or None for a game set up by hand."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"record seed must be an integer or null, not {seed!r}")
    return seed


GameT = TypeVar("GameT")


def replay(game: GameT, moves: object) -> GameT:
    """Play a record's move texts in order, naming the first that fails."""
    if not isinstance(moves, list) or not all(isinstance(text, str) for text in moves):
        raise TypeError("record moves must be a list of move texts")
    for number, text in enumerate(moves, start=1):
        try:
            game.play(text)  # type: ignore[attr-defined]
        except ValueError as error:
            raise ValueError(f"record move {number} ({text!r}): {error}") from None
    return game
