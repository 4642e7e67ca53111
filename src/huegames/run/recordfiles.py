"""Run records on disk: written one at a time as CSV or JSON Lines, and read back.

A run record (one per game, see :mod:`huegames.run.runner`) is a flat mapping::

    {"game": "hue", "index": 12, "seed": 3920..., "seats": ["greedy", "mcts:playouts=200"],
     "scores": [41, 37], "winners": [0], "winner": 0, "moves": [...]}

``game`` is the game's registry name and ``index`` the game's number in its
run.  Older files, whose ``game`` was the number and which named no game,
are read as records with an ``index`` and no ``game``.

plus ``"engine": "kernel"`` when a game's C kernel played it.  The records
of a run that keeps going past failing bots also have ``"forfeit"``, the
seat whose bot failed in that game (else None), and ``"reason"``, what it
did; a forfeited game has no winners.

JSON Lines keeps each record as it is.  CSV has one column per key:
lists are joined by spaces (``seats``, ``scores``, ``winners``), an empty
``winner`` means nobody won alone (a draw, a shared or a team win), and
moves -- whose notation may hold spaces -- are joined by ``;``.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import stat
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, TextIO

from ..records import brief
from ..text import quoted, shown

__all__ = [
    "FORMATS",
    "MAX_FILE_BYTES",
    "MAX_LINE_CHARS",
    "RecordOutput",
    "RecordWriter",
    "check_format",
    "check_record_file",
    "find_record",
    "format_of",
    "read_records",
]

FORMATS: Final = ("csv", "jsonl")
"""The record file formats."""

_EXTENSIONS: Final = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl"}


def format_of(path: str | os.PathLike[str]) -> str:
    """The format a file name asks for: ``.csv``; ``.jsonl``, ``.ndjson`` or ``.json``.

    >>> from huegames.run.recordfiles import format_of
    >>> format_of("runs/results.csv"), format_of("results.NDJSON")
    ('csv', 'jsonl')
    >>> format_of("results.txt")
    Traceback (most recent call last):
    ...
    ValueError: cannot tell the format of 'results.txt': name it .csv or .jsonl, ...
    """
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix not in _EXTENSIONS:
        raise ValueError(
            f"cannot tell the format of {quoted(os.fspath(path))}: "
            f"name it .csv or .jsonl, or give the format (csv or jsonl)"
        )
    return _EXTENSIONS[suffix]


def check_format(fmt: object) -> str:
    """``fmt`` when it is one of :data:`FORMATS`, else a ValueError."""
    if not isinstance(fmt, str) or fmt not in FORMATS:
        raise ValueError(f"unknown output format {brief(fmt)}: use {' or '.join(FORMATS)}")
    return str(fmt)


class RecordWriter:
    """Writes run records one at a time to a text stream, as CSV or JSON Lines.

    >>> import io
    >>> from huegames.run.recordfiles import RecordWriter
    >>> stream = io.StringIO()
    >>> writer = RecordWriter(stream, "csv")
    >>> writer.write({"index": 0, "seats": ["greedy", "random"], "winners": [0], "winner": 0})
    >>> writer.write({"index": 1, "seats": ["random", "greedy"], "winners": [], "winner": None})
    >>> print(stream.getvalue(), end="")
    index,seats,winners,winner
    0,greedy random,0,0
    1,random greedy,,
    """

    def __init__(self, stream: TextIO, fmt: str) -> None:
        check_format(fmt)
        self._stream = stream
        self._csv = csv.writer(stream, lineterminator="\n") if fmt == "csv" else None
        self._columns: list[str] | None = None

    format_of = staticmethod(format_of)

    def write(self, record: Mapping[str, Any]) -> None:
        """Write one record; the first record's keys are a CSV file's columns.

        >>> import io
        >>> from huegames.run.recordfiles import RecordWriter
        >>> stream = io.StringIO()
        >>> RecordWriter(stream, "jsonl").write({"index": 0, "winners": [0]})
        >>> stream.getvalue()
        '{"index":0,"winners":[0]}\\n'
        """
        if self._csv is None:
            self._stream.write(json.dumps(record, separators=(",", ":")) + "\n")
            return
        if self._columns is None:
            self._columns = list(record)
            self._csv.writerow(self._columns)
        self._csv.writerow([_csv_cell(column, record.get(column)) for column in self._columns])


class RecordOutput:
    """Where a run's records go: a file opened (and closed) here, or a caller's
    text stream (flushed, left open).

    A path that cannot be opened for writing is a ValueError, raised before
    anything is written.  A write that fails later -- a full disk (``/dev/full``
    refuses only when the buffer is flushed at close), an I/O error -- is an
    OSError naming the file, raised once; the file keeps the records written
    before it.
    """

    def __init__(self, out: str | os.PathLike[str] | TextIO, fmt: str) -> None:
        check_format(fmt)
        self.name: str | None = None
        """The file's path; None for a caller's stream."""
        if isinstance(out, (str, os.PathLike)):
            self.name = os.fspath(out)
            if os.path.isdir(self.name):
                raise ValueError(f"cannot write {quoted(self.name)}: it is a directory")
            try:  # open for the whole run: close() closes it
                out = open(self.name, "w", newline="", encoding="utf-8")  # noqa: SIM115
            except (OSError, ValueError) as error:  # ValueError: a NUL in the path
                reason = getattr(error, "strerror", None) or error
                raise ValueError(f"cannot write {quoted(self.name)}: {reason}") from None
        self._stream = out
        self._writer = RecordWriter(out, fmt)

    def write(self, record: Mapping[str, Any]) -> None:
        """Write one record (buffered)."""
        try:
            self._writer.write(record)
        except OSError as error:
            raise self._failed(error) from None

    def close(self) -> None:
        """Write out what is buffered and close the file (flush a caller's stream)."""
        try:
            if self.name is None:
                self._stream.flush()
            else:
                self._stream.close()
        except OSError as error:
            raise self._failed(error) from None

    def abandon(self) -> None:
        """Close after the run failed elsewhere: that failure is the one to
        report, so a second from the file (the same full disk) is dropped."""
        with contextlib.suppress(OSError):
            self.close()

    def _failed(self, error: OSError) -> OSError:
        if self.name is None:
            return error
        return OSError(error.errno, error.strerror or str(error), self.name)


def _csv_cell(column: str, value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return (";" if column == "moves" else " ").join(map(str, value))
    return value


MAX_LINE_CHARS: Final = 2**20
"""The longest line of a run-record file that :func:`read_records` reads
(a record of the longest game is a few kB): a longer one is refused,
so an endless line (``/dev/zero``) is never read whole."""

MAX_FILE_BYTES: Final = 2**28
"""The largest file read whole (a game record for ``huegames show``,
:func:`check_record_file`); run-record files are read a line at a time,
however long."""

_REQUIRED: Final = ("index", "seed", "seats", "scores", "winners", "winner")

_KINDS: Final = {
    "game": "a game's name",
    "index": "an integer",
    "seed": "an integer",
    "seats": "a list of bot names",
    "moves": "a list of move texts",
    "scores": "a list of numbers",
    "winners": "a list of seats",
    "winner": "a seat or null",
    "forfeit": "a seat or null",
    "reason": "a text or null",
    "engine": "a text",
}


def read_records(path: str | os.PathLike[str], fmt: str | None = None) -> Iterator[dict[str, Any]]:
    """Read back the records a run wrote, one at a time (CSV cells parsed back).

    Memory stays bounded whatever the file: a line longer than
    :data:`MAX_LINE_CHARS` is refused.  Anything that is not a run record
    -- bytes that are not UTF-8, a line that is not JSON, a record missing a
    field or with a field of the wrong type -- is a ValueError naming the
    file and the line.
    """
    fmt = check_format(fmt) if fmt is not None else format_of(path)
    name = os.fspath(path)
    try:
        stream = open(name, newline="", encoding="utf-8")  # noqa: SIM115
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        reason = getattr(error, "strerror", None) or error
        raise ValueError(f"cannot read {quoted(name)}: {reason}") from None
    number = 0

    def lines() -> Iterator[str]:
        nonlocal number
        while True:
            number += 1
            line = stream.readline(MAX_LINE_CHARS + 1)
            if not line:
                return
            if len(line) > MAX_LINE_CHARS:
                raise ValueError(f"it is longer than {MAX_LINE_CHARS:,} characters")
            yield line

    with stream:
        try:
            if fmt == "jsonl":
                for line in lines():
                    if line.strip():
                        yield _checked(_upgraded(_json(line)))
                return
            for row in csv.DictReader(lines(), strict=True):
                yield _checked(_csv_record(row))
        except (ValueError, TypeError, KeyError, RecursionError, csv.Error) as error:
            raise ValueError(f"cannot read {quoted(name)}, line {number}: {_why(error)}") from None


def check_record_file(path: str | os.PathLike[str]) -> None:
    """Refuse a file that cannot be read whole: one that is not a regular
    file (a device such as ``/dev/zero``, a pipe), or one larger than
    :data:`MAX_FILE_BYTES`; a ValueError naming it."""
    name = os.fspath(path)
    try:
        status = os.stat(name)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or error
        raise ValueError(f"cannot read {quoted(name)}: {reason}") from None
    if not stat.S_ISREG(status.st_mode):
        raise ValueError(f"cannot read {quoted(name)}: it is not a regular file")
    if status.st_size > MAX_FILE_BYTES:
        raise ValueError(
            f"cannot read {quoted(name)}: it has {status.st_size:,} bytes, "
            f"more than the {MAX_FILE_BYTES:,} a record file may have"
        )


def _json(line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON ({error.msg}, column {error.colno})") from None


def _csv_record(row: Mapping[str | None, Any]) -> dict[str, Any]:
    if None in row:
        raise ValueError("it has more cells than the header has columns")
    if any(cell is None for cell in row.values()):
        raise ValueError("it has fewer cells than the header has columns")
    record: dict[str, Any] = {}
    if "index" in row:
        if "game" in row:
            record["game"] = row["game"]
        record["index"] = _integer(row["index"])
    else:  # an older file's: the game's number as game
        record["index"] = _integer(row["game"])
    record |= {
        "seed": _integer(row["seed"]),
        "seats": row["seats"].split(),
        "scores": [_number(cell) for cell in row["scores"].split()],
        "winners": [_integer(cell) for cell in row["winners"].split()],
        "winner": _integer(row["winner"]) if row["winner"] else None,
    }
    if "moves" in row:
        record["moves"] = row["moves"].split(";") if row["moves"] else []
    if "forfeit" in row:
        record["forfeit"] = _integer(row["forfeit"]) if row["forfeit"] else None
        record["reason"] = row.get("reason") or None
    if row.get("engine"):
        record["engine"] = row["engine"]
    return record


def _checked(record: object) -> dict[str, Any]:
    """``record`` when it has the fields of a run record, of their types."""
    if not isinstance(record, dict):
        raise ValueError(f"a run record is a JSON object, not {type(record).__name__}")
    missing = [key for key in _REQUIRED if key not in record]
    if missing:
        raise ValueError(f"the record lacks {', '.join(missing)}")
    for key, value in record.items():
        if not _fits(key, value):
            raise ValueError(f"its {quoted(key, 30)} must be {_KINDS[key]}, not {brief(value)}")
    return record


def _fits(key: str, value: object) -> bool:
    def integer(item: object) -> bool:
        return isinstance(item, int) and not isinstance(item, bool)

    def texts(item: object) -> bool:
        return isinstance(item, list) and all(isinstance(text, str) for text in item)

    checks: dict[str, Callable[[object], bool]] = {
        "game": lambda item: isinstance(item, str),
        "index": integer,
        "seed": integer,
        "seats": texts,
        "moves": texts,
        "scores": lambda item: (
            isinstance(item, list)
            and all(isinstance(n, (int, float)) and not isinstance(n, bool) for n in item)
        ),
        "winners": lambda item: isinstance(item, list) and all(map(integer, item)),
        "winner": lambda item: item is None or integer(item),
        "forfeit": lambda item: item is None or integer(item),
        "reason": lambda item: item is None or isinstance(item, str),
        "engine": lambda item: isinstance(item, str),
    }
    check = checks.get(key)
    return check is None or check(value)


def _why(error: BaseException) -> str:
    """What was wrong, for a message: shown safely, at most 200 characters."""
    if isinstance(error, RecursionError):
        return "it is nested too deeply"
    if isinstance(error, KeyError):
        return f"the header has no column {quoted(str(error.args[0]) if error.args else '', 30)}"
    if isinstance(error, UnicodeDecodeError):
        return f"it is not UTF-8 text (byte {error.start} of a read)"
    text = shown(str(error))
    return text if len(text) <= 200 else text[:197] + "..."


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"not a whole number: {quoted(text, 30)}") from None


def find_record(
    path: str | os.PathLike[str], number: int | None = None, fmt: str | None = None
) -> dict[str, Any]:
    """The run record of game ``number`` (its ``index``) in the file ``path``,
    by default the file's first, read one record at a time; a ValueError
    naming the file when it has none."""
    name = os.fspath(path)
    seen: list[object] = []
    for record in read_records(name, fmt):
        if number is None or record.get("index") == number:
            return record
        seen.append(record.get("index"))
    if not seen:
        raise ValueError(f"{quoted(name)} holds no record")
    raise ValueError(f"{quoted(name)} has no game {number}: its games are {brief(seen)}")


def _upgraded(record: object) -> object:
    """A run record in today's layout: one of an older file, whose ``game``
    was its number (and which named no game), gets that number as ``index``."""
    if not isinstance(record, dict):
        return record
    game = record.get("game")
    if "index" in record or isinstance(game, bool) or not isinstance(game, int):
        return record
    return {"index": game, **{key: value for key, value in record.items() if key != "game"}}


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"not a number: {quoted(text, 30)}") from None
