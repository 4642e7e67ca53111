"""Play many seeded games between bots, on one core or a cluster.

Games are cut into chunks of consecutive game numbers.  Game ``i`` draws
everything from seeds derived from ``(seed, i)`` alone -- the deal, and
each bot's own generator -- and its seats are the bot list turned ``i``
places, so every bot sits in every seat equally often.  The records are
therefore the same whatever the number of workers or the executor; they
come back (and are written) in game order.
"""

from __future__ import annotations

import csv
import hashlib
import importlib
import json
import math
import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TextIO

GAMES = {
    "hue": "huegames.hue",
    "linja": "huegames.linja",
    "plank": "huegames.plank",
    "hues-and-cues": "huegames.hues_and_cues",
}
"""Game name -> engine module.

Each module provides ``MIN_PLAYERS``, ``MAX_PLAYERS``, ``new_game(players=,
seed=)``, and ``bots.BOTS`` (bot name -> factory called with one seed); its
games have ``current_player``, ``view(seat)``, ``play``, ``is_over``,
``scores()`` and ``winner`` (a seat, a tuple of seats for a shared or team
win, or None), and its bots ``choose(view)``.
"""

CHUNK_SIZE = 50
FORMATS = ("csv", "jsonl")
_EXTENSIONS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl"}


def game_module(name: str):
    """The engine module of a game, or a ValueError naming the known games."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}: choose from {', '.join(sorted(GAMES))}")
    return importlib.import_module(GAMES[name])


def player_limits(game: str) -> tuple[int, int]:
    """The fewest and most players of a game, from its module's bounds."""
    module = game_module(game)
    try:
        return module.MIN_PLAYERS, module.MAX_PLAYERS
    except AttributeError:
        raise ValueError(
            f"{game} is not ready for the runner yet ({module.__name__} has no "
            "MIN_PLAYERS/MAX_PLAYERS)"
        ) from None


def bot_names(game: str) -> list[str]:
    """The names of a game's bots, as the runner and the command line know them."""
    return sorted(_bots(game))


def bot_factory(game: str, name: str) -> Callable[[int], Any]:
    """The class of bot ``name`` of a game: called with a seed, it makes a bot."""
    bots = _bots(game)
    if name not in bots:
        raise ValueError(f"unknown {game} bot {name!r}: choose from {', '.join(sorted(bots))}")
    return bots[name]


def _bots(game: str) -> dict[str, Callable[[int], Any]]:
    module = game_module(game)
    bots = getattr(importlib.import_module(module.__name__ + ".bots"), "BOTS", None)
    if not isinstance(bots, dict):
        raise ValueError(f"{game} has no bots for the runner yet ({module.__name__}.bots.BOTS)")
    return bots


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts, the same on every machine and Python."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class Spec:
    """Everything a worker needs to play a chunk: plain, picklable data."""

    game: str
    bots: tuple[str, ...]
    players: int
    seed: int
    record_moves: bool = False


def play_one(spec: Spec, number: int) -> dict[str, Any]:
    """Play game ``number`` of a run and return its record."""
    module = game_module(spec.game)
    game_seed = derive_seed(spec.seed, number)
    seats = [spec.bots[(seat + number) % len(spec.bots)] for seat in range(spec.players)]
    bots = [
        bot_factory(spec.game, name)(derive_seed(game_seed, seat, name))
        for seat, name in enumerate(seats)
    ]
    game = module.new_game(players=spec.players, seed=game_seed)
    moves = []
    while not game.is_over:
        seat = game.current_player
        move = bots[seat].choose(game.view(seat))
        game.play(move)
        if spec.record_moves:
            moves.append(str(move))
    winner = game.winner
    record: dict[str, Any] = {
        "game": number,
        "seed": game_seed,
        "seats": seats,
        "scores": list(game.scores()),
        "winner": winner if isinstance(winner, int) or winner is None else list(winner),
    }
    if spec.record_moves:
        record["moves"] = moves
    return record


def play_chunk(spec: Spec, start: int, stop: int) -> list[dict[str, Any]]:
    """Play games ``start .. stop-1`` (the unit of work sent to an executor)."""
    return [play_one(spec, number) for number in range(start, stop)]


def winners_of(record: dict[str, Any]) -> list[int]:
    """The winning seats of a record: one, several for a shared win, none for a draw."""
    winner = record["winner"]
    if winner is None:
        return []
    return [winner] if isinstance(winner, int) else list(winner)


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for no trials."""
    if not trials:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BotSummary:
    """Results of one bot over a run."""

    name: str
    games: int = 0
    wins: int = 0
    score_sum: float = 0.0
    score_squares: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def win_interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson score interval of the win rate (95% by default)."""
        return wilson_interval(self.wins, self.games, z)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def score_std(self) -> float:
        if self.games < 2:
            return 0.0
        variance = (self.score_squares - self.score_sum**2 / self.games) / (self.games - 1)
        return math.sqrt(max(0.0, variance))


@dataclass
class Summary:
    """Win rates and score statistics per bot, built one record at a time.

    A bot's games count the seats it played: with two random bots in a
    4-player game, "random" plays two seats of it.
    """

    game: str
    players: int
    games: int = 0
    draws: int = 0
    bots: list[BotSummary] = field(default_factory=list)

    def add(self, record: dict[str, Any]) -> None:
        winners = winners_of(record)
        self.games += 1
        self.draws += not winners
        for seat, (name, score) in enumerate(zip(record["seats"], record["scores"], strict=True)):
            entry = self._entry(name)
            entry.games += 1
            entry.wins += seat in winners
            entry.score_sum += score
            entry.score_squares += score * score

    def _entry(self, name: str) -> BotSummary:
        for entry in self.bots:
            if entry.name == name:
                return entry
        self.bots.append(BotSummary(name))
        return self.bots[-1]

    def table(self) -> str:
        """A markdown table of the summary."""
        lines = [
            f"{self.game}, {self.players} players, {self.games} games"
            + (f", {self.draws} draws" if self.draws else ""),
            "",
            "| bot | seats played | wins | win rate (95% CI) | mean score | score std |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for entry in self.bots:
            low, high = entry.win_interval()
            lines.append(
                f"| {entry.name} | {entry.games} | {entry.wins} | "
                f"{entry.win_rate:.1%} ({low:.1%}-{high:.1%}) | "
                f"{entry.mean_score:.2f} | {entry.score_std:.2f} |"
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "draws": self.draws,
            "bots": [
                {
                    "name": entry.name,
                    "games": entry.games,
                    "wins": entry.wins,
                    "win_rate": entry.win_rate,
                    "win_interval": list(entry.win_interval()),
                    "mean_score": entry.mean_score,
                    "score_std": entry.score_std,
                }
                for entry in self.bots
            ],
        }


@dataclass
class Result:
    """What :func:`simulate` returns: the summary, and the records unless streamed."""

    summary: Summary
    records: list[dict[str, Any]] | None


class RecordWriter:
    """Writes records one at a time as CSV or JSON Lines.

    JSON Lines keeps each record as it is.  CSV has the columns ``game,
    seed, seats, scores, winner`` (and ``moves`` when recorded): lists are
    joined by spaces, a shared win lists its seats the same way, a draw
    leaves ``winner`` empty, and moves -- whose notation may hold spaces --
    are joined by ``;``.
    """

    def __init__(self, stream: TextIO, fmt: str) -> None:
        if fmt not in FORMATS:
            raise ValueError(f"unknown output format {fmt!r}: use {' or '.join(FORMATS)}")
        self._stream = stream
        self._csv = csv.writer(stream, lineterminator="\n") if fmt == "csv" else None
        self._columns: list[str] | None = None

    @staticmethod
    def format_of(path: str | os.PathLike[str]) -> str:
        """The format a file name asks for: ``.csv``; ``.jsonl``, ``.ndjson`` or ``.json``."""
        suffix = os.path.splitext(os.fspath(path))[1].lower()
        if suffix not in _EXTENSIONS:
            raise ValueError(
                f"cannot tell the format of {os.fspath(path)!r}: "
                f"name it .csv or .jsonl, or give the format (csv or jsonl)"
            )
        return _EXTENSIONS[suffix]

    def write(self, record: dict[str, Any]) -> None:
        if self._csv is None:
            self._stream.write(json.dumps(record, separators=(",", ":")) + "\n")
            return
        if self._columns is None:
            self._columns = list(record)
            self._csv.writerow(self._columns)
        self._csv.writerow([_csv_cell(column, record[column]) for column in self._columns])


def _csv_cell(column: str, value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return (";" if column == "moves" else " ").join(map(str, value))
    return value


def read_records(path: str | os.PathLike[str], fmt: str | None = None) -> Iterator[dict[str, Any]]:
    """Read back the records a run wrote, one at a time (CSV cells parsed back)."""
    fmt = fmt or RecordWriter.format_of(path)
    with open(path, newline="", encoding="utf-8") as stream:
        if fmt == "jsonl":
            for line in stream:
                if line.strip():
                    yield json.loads(line)
            return
        for row in csv.DictReader(stream):
            record: dict[str, Any] = {
                "game": int(row["game"]),
                "seed": int(row["seed"]),
                "seats": row["seats"].split(),
                "scores": [_number(v) for v in row["scores"].split()],
            }
            winner = [int(v) for v in row["winner"].split()]
            record["winner"] = None if not winner else winner[0] if len(winner) == 1 else winner
            if "moves" in row:
                record["moves"] = row["moves"].split(";") if row["moves"] else []
            yield record


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)


def chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


def simulate(
    game: str = "hue",
    bots: Sequence[str] | str = ("greedy", "random"),
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    workers: int | None = None,
    out: str | os.PathLike[str] | TextIO | None = None,
    out_format: str | None = None,
    record_moves: bool = False,
    keep_records: bool | None = None,
    chunk_size: int = CHUNK_SIZE,
    progress: Callable[[int], None] | None = None,
) -> Result:
    """Play ``games`` seeded games of ``game`` between ``bots`` and summarise them.

    - ``bots``: bot names (a list, or one comma-separated string), one per
      seat or fewer (then repeated); the list is turned one place each game,
      so each bot plays every seat.
    - ``players``: seats per game (default: the number of bots, at least the
      game's minimum).
    - ``executor``: any ``concurrent.futures.Executor`` (a process pool, a
      ``dask.distributed`` client's ``get_executor()``, ...); default a local
      process pool of ``workers`` processes (default: every core).  With
      ``workers=1`` and no executor, games run in this process.  With an
      executor, ``workers`` only sets how many chunks are kept in flight
      (four per worker).
    - ``out``: a path or text stream; records are streamed there in game
      order (the format from ``out_format``, else the file's extension,
      ``.csv`` or ``.jsonl``; JSON Lines for a stream) and not kept, so
      memory stays flat however many games are played.
    - ``keep_records``: also return the records (default: only when there is
      no ``out``).
    - ``progress``: called with the number of games finished so far.

    The same arguments give the same records whatever the executor.  Bad
    arguments raise ValueError before any game is played or file opened.
    """
    spec = _spec(game, bots, players, games, seed, record_moves, chunk_size)
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise ValueError(f"workers must be a positive integer, not {workers!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    fmt = None
    if out is not None:
        if out_format is not None:
            fmt = out_format
        elif hasattr(out, "write"):
            fmt = "jsonl"
        else:
            fmt = RecordWriter.format_of(out)  # type: ignore[arg-type]
        if fmt not in FORMATS:
            raise ValueError(f"unknown output format {fmt!r}: use {' or '.join(FORMATS)}")

    summary = Summary(
        game, spec.players, bots=[BotSummary(name) for name in dict.fromkeys(spec.bots)]
    )
    keep = (out is None) if keep_records is None else keep_records
    records: list[dict[str, Any]] | None = [] if keep else None

    stream, close = _open(out)
    try:
        writer = RecordWriter(stream, fmt) if stream is not None and fmt else None
        done = 0
        for chunk in _run(spec, games, chunk_size, executor, workers):
            for record in chunk:
                summary.add(record)
                if writer is not None:
                    writer.write(record)
                if records is not None:
                    records.append(record)
            done += len(chunk)
            if progress is not None:
                progress(done)
    finally:
        if close:
            stream.close()
        elif stream is not None:
            stream.flush()
    return Result(summary, records)


def _spec(game, bots, players, games, seed, record_moves, chunk_size) -> Spec:
    low, high = player_limits(game)
    if isinstance(bots, str):
        bots = [name.strip() for name in bots.split(",")]
    try:
        bots = tuple(bots)
    except TypeError:
        raise ValueError(f"bots must be a list of bot names, not {bots!r}") from None
    if not bots:
        raise ValueError(f"give at least one bot: {', '.join(bot_names(game))}")
    for name in bots:
        if not isinstance(name, str):
            raise ValueError(f"a bot is named by a string, not {name!r}")
        bot_factory(game, name)
    players = max(len(bots), low) if players is None else players
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        raise ValueError(f"{game} is for {count} players, not {players!r}")
    if len(bots) > players:
        raise ValueError(
            f"{len(bots)} bots for {players} seats: give at most one bot per seat"
            " (fewer are repeated round the table)"
        )
    bots = tuple(bots[seat % len(bots)] for seat in range(players))
    for name, value in (("games", games), ("chunk_size", chunk_size)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a positive integer, not {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    return Spec(game, bots, players, seed, bool(record_moves))


def _open(out) -> tuple[TextIO | None, bool]:
    if out is None:
        return None, False
    if hasattr(out, "write"):
        return out, False
    path = os.fspath(out)
    if os.path.isdir(path):
        raise ValueError(f"cannot write {path!r}: it is a directory")
    try:
        return open(path, "w", newline="", encoding="utf-8"), True
    except OSError as error:
        raise ValueError(f"cannot write {path!r}: {error.strerror or error}") from None


def _run(spec, games, chunk_size, executor, workers) -> Iterator[list[dict[str, Any]]]:
    """Chunks of records in game order, with a bounded number in flight.

    At most four chunks per worker are submitted ahead of the one being
    read, so however many games a run has, only a few chunks of records
    exist at once.
    """
    if executor is None and workers == 1:
        for start, stop in chunks(games, chunk_size):
            yield play_chunk(spec, start, stop)
        return
    own = executor is None
    pool = ProcessPoolExecutor(max_workers=workers or os.cpu_count()) if own else executor
    limit = 4 * (workers or os.cpu_count() or 1)
    in_flight: deque[Future] = deque()
    try:
        for start, stop in chunks(games, chunk_size):
            in_flight.append(pool.submit(play_chunk, spec, start, stop))
            if len(in_flight) >= limit:
                yield in_flight.popleft().result()
        while in_flight:
            yield in_flight.popleft().result()
    finally:
        for future in in_flight:
            future.cancel()
        if own:
            pool.shutdown(cancel_futures=True)
