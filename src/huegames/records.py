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

import reprlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from .errors import IllegalMoveError, InvalidMoveError

__all__ = [
    "FORMAT",
    "HEADER",
    "brief",
    "check_keys",
    "check_options",
    "check_record",
    "check_seed",
    "check_seeded",
    "key_names",
    "make_record",
    "move_error",
    "replay",
]

FORMAT = 2
"""The record format this version writes and reads."""

HEADER = ("format", "game", "players", "rules", "seed")
"""Keys every record starts with."""


class _Brief(reprlib.Repr):
    """:mod:`reprlib` with a bound on nesting, item counts and text, and huge
    integers named by their size (``repr`` refuses ints over 4,300 digits)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = self.maxlong = 50
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 4

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<int of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_BRIEF = _Brief()


def brief(value: object, limit: int = 80) -> str:
    """A short, safe ``repr`` of ``value`` for an error message.

    Records and moves come from users, and a message must not echo them
    whole: nesting is cut at three levels (``[[[...]]]``), so data nested
    a thousand deep or cyclic never raises RecursionError; long texts and
    collections are shortened with ``...``; an integer too long to print is
    named by its size; an object whose ``repr`` fails is named by its type.
    The result is at most ``limit`` characters.

    >>> from huegames.records import brief
    >>> brief("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxx'"
    >>> brief(list(range(100))), brief({"a": [[[[1]]]]})
    ('[0, 1, 2, 3, ...]', "{'a': [[[...]]]}")
    >>> brief(10**2000)
    '<int of 6644 bits>'
    """
    try:
        text = _BRIEF.repr(value)
    except Exception:  # a broken __repr__ deep inside a container
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."


def make_record(
    game: str,
    players: int,
    rules: Mapping[str, Any],
    seed: int | None,
    setup: Mapping[str, Any],
    moves: Iterable[object],
    **extra: Any,
) -> dict[str, Any]:
    """A record in the one layout (``extra`` keys only where a game needs them).

    >>> from huegames.records import make_record
    >>> make_record("hue", 2, {"covering": True}, 7, {"deck": None}, ["X4 0 -3 0"])
    {'format': 2, 'game': 'hue', 'players': 2, 'rules': {'covering': True}, 'seed': 7,
     'setup': {'deck': None}, 'moves': ['X4 0 -3 0']}
    """
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
    saying what is wrong (a record of another game is named as such).

    ``format`` must be the integer :data:`FORMAT` itself: ``true``, ``2.0``
    and ``2+0j`` compare equal to it in Python but are not a format number.

    >>> from huegames.records import check_record
    >>> check_record({"game": "linja", "format": 2}, "hue")
    Traceback (most recent call last):
    ...
    ValueError: this is a 'linja' record, not a 'hue' record
    >>> check_record({"game": "hue", "format": 2.0}, "hue")
    Traceback (most recent call last):
    ...
    ValueError: unsupported hue record format 2.0: this version reads 2
    """
    if not isinstance(record, Mapping):
        raise TypeError(f"a game record must be a mapping, not {type(record).__name__}")
    found = record.get("game")
    if found != game:
        if isinstance(found, str) and found:
            raise ValueError(f"this is a {brief(found)} record, not a {game!r} record")
        raise ValueError(f"not a {game!r} record: its game is {brief(found)}")
    version = record.get("format")
    if type(version) is not int or version != FORMAT:
        raise ValueError(
            f"unsupported {game} record format {brief(version)}: this version reads {FORMAT}"
        )
    expected = {*HEADER, *keys}
    check_keys(record, f"{game} record", expected)
    players = record["players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"record players must be an integer, not {brief(players)}")
    check_seed(record["seed"])
    if "setup" in expected and not isinstance(record["setup"], Mapping):
        raise TypeError(f"record setup must be a mapping, not {type(record['setup']).__name__}")
    return record


def check_keys(
    data: object, what: str, required: Iterable[str], optional: Iterable[str] = ()
) -> Mapping[str, Any]:
    """``data`` when it is a mapping with every ``required`` key and no key
    beyond those and ``optional``; else a TypeError or ValueError naming ``what``."""
    if not isinstance(data, Mapping):
        raise TypeError(f"{what} must be a mapping, not {type(data).__name__}")
    required = set(required)
    missing = required - set(data)
    if missing:
        raise ValueError(f"{what} lacks {key_names(missing)}")
    unknown = set(data) - required - set(optional)
    if unknown:
        raise ValueError(f"{what} has unknown keys: {key_names(unknown)}")
    return data


def check_options(data: object, known: Iterable[str]) -> Mapping[str, Any]:
    """A record's rule options: a mapping that names only ``known`` options."""
    if not isinstance(data, Mapping):
        raise TypeError(f"rules must be a mapping, not {type(data).__name__}")
    unknown = set(data) - set(known)
    if unknown:
        raise ValueError(f"unknown rule options: {key_names(unknown)}")
    return data


def check_seed(seed: object) -> int | None:
    """A record's seed: an integer, or None for a game set up by hand; one too
    large to write as JSON text (over 4,300 digits) is a ValueError."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"record seed must be an integer or null, not {brief(seed)}")
    if seed is not None:
        try:
            str(seed)
        except ValueError:  # str() refuses ints over 4,300 digits: no record holds one
            raise ValueError(f"record seed is too large: {brief(seed)}") from None
    return seed


SetupT = TypeVar("SetupT")


def check_seeded(
    seed: int | None, recorded: SetupT, dealt: Callable[[int], SetupT], what: str
) -> None:
    """Refuse a record whose seed does not give its setup.

    A record keeps both the seed and what it set up (the deal, the first
    player), so a record cannot claim a seed and describe another game:
    ``dealt(seed)`` must equal ``recorded``.  A record without a seed (a
    game set up by hand) is taken as it is.
    """
    if seed is not None and dealt(seed) != recorded:
        raise ValueError(f"record {what} is not the one seed {brief(seed)} gives")


GameT = TypeVar("GameT")


def replay(game: GameT, moves: object) -> GameT:
    """Play a record's move texts in order, naming the first that fails.

    A refused move keeps its error type (:class:`~huegames.IllegalMoveError`
    or :class:`~huegames.InvalidMoveError`; a ValueError otherwise) and the
    message names its number, counted from 1, and its text.

    >>> from huegames import hue
    >>> from huegames.records import replay
    >>> replay(hue.new_game(players=2, seed=1), ["X4 0 -3 0"])
    Traceback (most recent call last):
    ...
    huegames.errors.IllegalMoveError: record move 1 ('X4 0 -3 0'): X4 0 -3 0: that card is not ...
    """
    if not isinstance(moves, list) or not all(isinstance(text, str) for text in moves):
        raise TypeError("record moves must be a list of move texts")
    for number, text in enumerate(moves, start=1):
        try:
            game.play(text)  # type: ignore[attr-defined]
        except ValueError as error:
            raise move_error(number, text, error) from None
    return game


def move_error(number: int, text: str, error: ValueError) -> ValueError:
    """``error`` of record move ``number`` (its text ``text``), restated to name the move."""
    kind = type(error) if isinstance(error, (IllegalMoveError, InvalidMoveError)) else ValueError
    return kind(f"record move {number} ({brief(text)}): {error}")


def key_names(keys: Iterable[object]) -> str:
    """Keys for a message, sorted: ``"a, b, c"``, each short, at most five named.

    >>> from huegames.records import key_names
    >>> key_names(["moves", "game"]), key_names("abcdefg")
    ('game, moves', 'a, b, c, d, e and 2 more')
    """
    names = sorted(_short(key) if isinstance(key, str) else brief(key, 30) for key in keys)
    return ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def _short(text: str, limit: int = 30) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
