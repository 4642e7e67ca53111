"""Tournaments: every pairing of bots plays the same seeded deals, each deal
once per seat order, and the results become ratings, Elo and an SPRT.

A :class:`Tournament` is plain data, like the runner's
:class:`~huegames.run.runner.RunSpec` it is made of: each pairing (a
group of ``players`` bots) is a run with ``seat_swap`` (every deal is played
once per rotation of the seats, so the luck of the deal cancels) and
``keep_going`` (a bot that fails forfeits that game, with the reason, and
the tournament goes on).  Every pairing plays the same deals.

Its records are the runner's run records with the moves (so ``huegames
show`` replays any of them), plus ``"pairing"``, the pairing's number; a
record's ``index`` is its number in the tournament (pairing after pairing),
and its ``seats`` name the bots by their tournament names (a bot given
twice is named ``greedy#2`` the second time).

:func:`play` plays the games not yet in its ``out`` file (``resume``), in
game order whatever the number of workers, and stops a run with an
:class:`~huegames.arena.stats.SPRT` at the first pair after which H0 or H1
is accepted; :class:`Standings` reads the records, so a resumed tournament
ends with the table an uninterrupted one would.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from .. import engine as _engine
from ..engine import BotSpec
from ..records import brief
from ..run import runner
from ..run.recordfiles import RecordOutput, read_records
from ..text import quoted, shown
from . import engines
from .engines import Engine
from .stats import (
    SPRT,
    EloEstimate,
    Finish,
    Pentanomial,
    Rating,
    elo_estimate,
    finishing_ranks,
    plackett_luce,
    ranked,
)

__all__ = [
    "FORMATS",
    "SPRT_GAMES",
    "PairResult",
    "Standings",
    "Tournament",
    "game_points",
    "play",
    "play_pairing_chunk",
]

FORMATS: Final = ("round-robin", "gauntlet")
"""How bots are grouped: every group of ``players`` bots (round robin), or
the first bot with every group of the others (gauntlet)."""

SPRT_GAMES: Final = 100_000
"""The most games an SPRT plays by default before it stops undecided."""

CHUNK_DEALS: Final = 8
"""Deals per task sent to a worker process."""


@dataclass(frozen=True)
class Tournament:
    """Everything that decides a tournament's records.

    Build one with :meth:`build`, which checks every argument.

    >>> from huegames.arena.tournament import Tournament
    >>> tournament = Tournament.build("linja", ["greedy", "random", "search:nodes=10"], games=4)
    >>> tournament.names
    ('greedy', 'random', 'search:nodes=10')
    >>> [tuple(tournament.names[bot] for bot in group) for group in tournament.pairings]
    [('greedy', 'random'), ('greedy', 'search:nodes=10'), ('random', 'search:nodes=10')]
    >>> tournament.total_games
    12
    """

    game: str
    bots: tuple[BotSpec, ...]
    names: tuple[str, ...]
    players: int
    games: int
    """Games per pairing (with an SPRT, the most it plays)."""
    seed: int = 0
    format: str = "round-robin"
    sprt: SPRT | None = None
    pairings: tuple[tuple[int, ...], ...] = field(default=())
    """Each pairing's bots (indices into ``bots``) in the seat order of its first game."""

    @classmethod
    def build(
        cls,
        game: str,
        bots: Sequence[runner.BotLike] | str,
        *,
        players: int | None = None,
        games: int | None = None,
        seed: int = 0,
        format: str = "round-robin",
        sprt: SPRT | str | None = None,
        engines: Mapping[str, Engine] | None = None,
    ) -> Tournament:
        """A checked tournament: ValueError, naming the mistake, for any bad argument.

        ``bots`` are at least ``players`` bots (a list, or one comma-separated
        text) as :func:`~huegames.run.runner.simulate` takes them;
        ``players`` defaults to the game's fewest; ``games`` per pairing, a
        multiple of ``players`` (default ``100 * players``, or
        :data:`SPRT_GAMES` with an ``sprt``).  An ``sprt`` needs two seats
        and two bots.  ``engines`` are external engines by name: a bot given
        by such a name is that engine.
        """
        spec = _engine.game_spec(game)
        if isinstance(bots, str):
            texts: Sequence[runner.BotLike] = [text.strip() for text in bots.split(",")]
        elif isinstance(bots, Sequence):
            texts = bots
        else:
            raise ValueError(f"bots must be a list of bots or one text, not {brief(bots)}")
        named = engines or {}
        specs = [
            BotSpec(named[bot]) if isinstance(bot, str) and bot in named else BotSpec.of(bot)
            for bot in texts
        ]
        count = spec.min_players if players is None else spec.check_players(players)
        if len(specs) < max(count, 2):
            raise ValueError(
                f"a tournament of {count}-player {spec.title} needs at least {max(count, 2)} "
                f"bots, not {len(specs)}"
            )
        if format not in FORMATS:
            raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {brief(format)}")
        if isinstance(sprt, str):
            sprt = SPRT.parse(sprt)
        if sprt is not None and (count != 2 or len(specs) != 2):
            raise ValueError("an SPRT is between two bots at two seats")
        if games is None:
            games = SPRT_GAMES if sprt is not None else 100 * count
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise ValueError(f"games must be a positive integer, not {brief(games)}")
        if games % count:
            raise ValueError(
                f"games must be a multiple of the {count} players (each deal is played once "
                f"per seat order), not {games}"
            )
        if format == "gauntlet":
            groups = [
                (0, *group) for group in itertools.combinations(range(1, len(specs)), count - 1)
            ]
        else:
            groups = list(itertools.combinations(range(len(specs)), count))
        tournament = cls(
            game, tuple(specs), _names(specs), count, games, seed, format, sprt, tuple(groups)
        )
        tournament.run(0)  # checks the bots, the seed and the games
        return tournament

    @property
    def game_spec(self) -> _engine.GameSpec:
        """The registered game this tournament plays."""
        return _engine.game_spec(self.game)

    @property
    def total_games(self) -> int:
        """The games of every pairing (with an SPRT, the most it may play)."""
        return self.games * len(self.pairings)

    def run(self, pairing: int) -> runner.RunSpec:
        """The runner's run of one pairing: its bots, every deal once per seat order."""
        return runner.RunSpec.build(
            self.game,
            [self.bots[bot] for bot in self.pairings[pairing]],
            self.players,
            self.games,
            self.seed,
            seat_swap=True,
            record_moves=True,
            keep_going=True,
        )

    def seat_names(self, pairing: int, number: int) -> list[str]:
        """The tournament names of the bots at each seat of a pairing's game ``number``."""
        group = self.pairings[pairing]
        return [self.names[group[(seat + number) % self.players]] for seat in range(self.players)]

    def record(self, pairing: int, played: Mapping[str, Any]) -> dict[str, Any]:
        """A run record of a pairing as the tournament keeps it: numbered in the
        tournament, its pairing named, its seats by tournament names."""
        number = played["index"]
        return {
            **played,
            "index": pairing * self.games + number,
            "pairing": pairing,
            "seats": self.seat_names(pairing, number),
        }

    def check(self, record: Mapping[str, Any]) -> None:
        """ValueError unless ``record`` is one of this tournament's games, as it plays them."""
        index = record.get("index")
        if not isinstance(index, int) or not 0 <= index < self.total_games:
            raise ValueError(f"game {brief(index)} is not one of this tournament's")
        pairing, number = divmod(index, self.games)
        expected = {
            "game": self.game,
            "pairing": pairing,
            "seats": self.seat_names(pairing, number),
            "seed": _engine.derive_seed(self.seed, number // self.players),
        }
        for key, value in expected.items():
            if record.get(key) != value:
                raise ValueError(
                    f"game {index} has {key} {brief(record.get(key))}, where this tournament "
                    f"has {brief(value)}: the file holds another tournament's games"
                )


def _names(specs: Sequence[BotSpec]) -> tuple[str, ...]:
    """Each bot's label, a second bot of the same label named ``label#2`` and so on."""
    seen: dict[str, int] = {}
    names = []
    for spec in specs:
        label = spec.label
        seen[label] = seen.get(label, 0) + 1
        names.append(label if seen[label] == 1 else f"{label}#{seen[label]}")
    return tuple(names)


# -- standings -----------------------------------------------------------------------


def game_points(record: Mapping[str, Any], seat: int) -> float:
    """A two-seat game's points for ``seat``: 1 for a win, 1/2 for a draw or a
    shared win, 0 for a loss; a forfeit loses, the other seat winning."""
    forfeit = record.get("forfeit")
    if forfeit is not None:
        return 0.0 if forfeit == seat else 1.0
    winners = record["winners"]
    if seat in winners:
        return 1.0 if len(winners) == 1 else 0.5
    return 0.5 if not winners else 0.0


@dataclass(frozen=True)
class PairResult:
    """Two bots' pairs of games: the first bot's pentanomial and what follows from it."""

    first: str
    second: str
    counts: Pentanomial

    @property
    def elo(self) -> EloEstimate:
        """The first bot's Elo over the second, with its 95% interval and LOS."""
        return elo_estimate(self.counts)


@dataclass
class Standings:
    """A tournament's results so far, built from its records in game order.

    ``ratings`` are every bot's Plackett-Luce rating from each game's
    finishing order (teams rated as teams: seats that a game's ``team``
    method groups); with two seats ``pairs`` has each pairing's pair
    results; ``decision`` is the SPRT's, once made.
    """

    tournament: Tournament
    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)
    forfeits: dict[str, int] = field(default_factory=dict)
    reasons: list[str] = field(default_factory=list)
    pairs: dict[int, PairResult] = field(default_factory=dict)
    ratings: dict[str, Rating] = field(default_factory=dict)
    decision: str | None = None
    llr: float | None = None
    llr_history: list[tuple[int, float]] = field(default_factory=list)
    """``(games, LLR)`` after each pair, with an SPRT."""
    finishes: list[Finish] = field(default_factory=list)
    _open: dict[int, list[Mapping[str, Any]]] = field(default_factory=dict, init=False, repr=False)

    @classmethod
    def of(cls, tournament: Tournament, records: Iterable[Mapping[str, Any]]) -> Standings:
        """The standings after ``records`` (in any order), as a tournament reads them:
        in game order, up to the SPRT's decision."""
        standings = cls(tournament)
        for record in sorted(records, key=lambda record: record["index"]):
            if standings.decision is not None:
                break
            standings.add(record)
        standings.rate()
        return standings

    def add(self, record: Mapping[str, Any]) -> None:
        """Count one more game, the tournament's next in game order."""
        tournament = self.tournament
        self.games += 1
        seats = record["seats"]
        forfeit = record.get("forfeit")
        for seat, name in enumerate(seats):
            self.played[name] = self.played.get(name, 0) + 1
            self.wins[name] = self.wins.get(name, 0) + (seat in record["winners"])
        if forfeit is not None:
            name = seats[forfeit]
            self.forfeits[name] = self.forfeits.get(name, 0) + 1
            self.reasons.append(f"game {record['index']}: {name} {record.get('reason')}")
        self.finishes.append(self._finish(record))
        if tournament.players == 2:
            self._pair(record)

    def _finish(self, record: Mapping[str, Any]) -> Finish:
        spec = self.tournament.game_spec
        ranks = finishing_ranks(
            record["scores"],
            record["winners"],
            lower_scores_win=self.tournament.players in spec.lower_scores_win,
            forfeit=record.get("forfeit"),
        )
        teams = self._sides(record)
        return Finish(
            tuple(tuple(record["seats"][seat] for seat in team) for team in teams),
            tuple(min(ranks[seat] for seat in team) for team in teams),
        )

    def _sides(self, record: Mapping[str, Any]) -> list[tuple[int, ...]]:
        """The game's sides: its teams where the game dealt from the record's seed
        has a ``team(seat)`` method (Plank's partners), else each seat alone."""
        players = self.tournament.players
        game: Any = self.tournament.game_spec.new_game(players=players, seed=record["seed"])
        team = getattr(game, "team", None)
        if not callable(team):
            return [(seat,) for seat in range(players)]
        return sorted({tuple(sorted(team(seat))) for seat in range(players)})

    def _pair(self, record: Mapping[str, Any]) -> None:
        pairing = record["pairing"]
        number = record["index"] % self.tournament.games
        games = self._open.setdefault(pairing, [])
        games.append(record)
        if number % 2 == 0:
            return
        del self._open[pairing]
        group = self.tournament.pairings[pairing]
        first, second = (self.tournament.names[bot] for bot in group)
        points = sum(game_points(game, game["seats"].index(first)) for game in games)
        known = self.pairs.get(pairing)
        counts = (known.counts if known else Pentanomial()).add(points)
        self.pairs[pairing] = PairResult(first, second, counts)
        sprt = self.tournament.sprt
        if sprt is not None:
            self.llr = sprt.llr(counts)
            self.llr_history.append((self.games, self.llr))
            lower, upper = sprt.bounds
            if self.llr >= upper:
                self.decision = "H1"
            elif self.llr <= lower:
                self.decision = "H0"

    def rate(self) -> None:
        """Rate every bot from the finishes so far (:func:`~huegames.arena.stats.plackett_luce`)."""
        self.ratings = plackett_luce(self.finishes)

    RATING_COLUMNS: ClassVar = (
        "rank",
        "bot",
        "rating (mu ± sigma)",
        "ordinal",
        "games",
        "wins",
        "forfeits",
    )
    """The columns of :meth:`rating_rows`."""
    PAIR_COLUMNS: ClassVar = (
        "bot",
        "against",
        "pairs",
        "pentanomial 0-2",
        "score",
        "Elo (95% CI)",
        "LOS",
        "nElo",
    )
    """The columns of :meth:`pair_rows`."""

    def rating_rows(self) -> list[tuple[str, ...]]:
        """The rating table's rows, best first, as texts (not escaped)."""
        return [
            (
                str(rank),
                name,
                str(rating),
                f"{rating.ordinal:.2f}",
                str(self.played.get(name, 0)),
                str(self.wins.get(name, 0)),
                str(self.forfeits.get(name, 0)),
            )
            for rank, (name, rating) in enumerate(ranked(self.ratings), 1)
        ]

    def pair_rows(self) -> list[tuple[str, ...]]:
        """Each two-seat pairing's row, as texts (not escaped)."""
        rows: list[tuple[str, ...]] = []
        for _, result in sorted(self.pairs.items()):
            elo, counts = result.elo, result.counts
            rows.append(
                (
                    result.first,
                    result.second,
                    str(counts.pairs),
                    str(list(counts.counts)),
                    f"{100 * counts.score:.1f}%",
                    f"{elo.elo:+.1f} ({elo.low:+.1f} to {elo.high:+.1f})",
                    f"{100 * elo.los:.1f}%",
                    f"{elo.nelo:+.1f}",
                )
            )
        return rows

    def title(self) -> str:
        """What was played: the game, its seats, the format and the games so far."""
        t = self.tournament
        return (
            f"{t.game_spec.title}, {t.players} players, {t.format}, "
            f"{self.games} of {t.total_games} games"
        )

    def table(self) -> str:
        """The standings as Markdown tables: ratings, then pair results and the SPRT."""
        lines = [self.title(), "", *_markdown(self.RATING_COLUMNS, self.rating_rows())]
        if self.pairs:
            lines += ["", *_markdown(self.PAIR_COLUMNS, self.pair_rows())]
        if self.tournament.sprt is not None:
            lines += ["", self.sprt_line()]
        if self.reasons:
            lines += ["", "Forfeits:", *(f"- {shown(reason)}" for reason in self.reasons)]
        return "\n".join(lines)

    def status(self) -> str:
        """One line for a progress bar: the SPRT's state, else the latest pair's Elo."""
        if self.tournament.sprt is not None:
            return self.sprt_line()
        if not self.pairs:
            return ""
        result = self.pairs[max(self.pairs)]
        return f"{result.first} against {result.second}: {result.elo}"

    def sprt_line(self) -> str:
        """The SPRT's state: its LLR against its bounds, and its decision once made."""
        sprt = self.tournament.sprt
        if sprt is None:
            return ""
        lower, upper = sprt.bounds
        llr = 0.0 if self.llr is None else self.llr
        state = {"H1": "H1 accepted", "H0": "H0 accepted", None: "undecided"}[self.decision]
        return f"SPRT [{sprt}]: LLR {llr:.2f} ({lower:.2f}, {upper:.2f}), {state}"


def _markdown(columns: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    """A Markdown table's lines, every cell shown safely."""
    return [
        "| " + " | ".join(columns) + " |",
        "| " + " | ".join("---" for _ in columns) + " |",
        *("| " + " | ".join(shown(cell) for cell in row) + " |" for row in rows),
    ]


# -- playing -------------------------------------------------------------------------


def play(
    tournament: Tournament,
    out: str | os.PathLike[str],
    *,
    resume: bool = False,
    workers: int | None = None,
    progress: Callable[[Standings], None] | None = None,
) -> Standings:
    """Play ``tournament``, writing each game's record to ``out`` (JSON Lines), and
    return its standings.

    With ``resume`` the records already in ``out`` are kept (a last line cut
    short by a killed run is dropped) and only the other games are played;
    a record of another tournament is a ValueError.  ``workers`` local
    processes play chunks of deals (default: one, this process); records are
    taken in game order, so the standings, and the SPRT's stopping point,
    are the same for any number.  ``progress`` is called with the standings
    after every game.
    """
    _check_workers(workers)
    path = os.fspath(out)
    finished: list[dict[str, Any]] = []
    if resume and os.path.exists(path):
        _drop_cut_line(path)
        finished = list(read_records(path, "jsonl"))
        for record in finished:
            tournament.check(record)
    done = {record["index"] for record in finished}
    tasks = _tasks(tournament, done)
    standings = Standings(tournament)
    try:
        stream = open(path, "a" if resume else "w", encoding="utf-8", newline="")  # noqa: SIM115
    except OSError as error:
        raise ValueError(f"cannot write {quoted(path)}: {error.strerror or error}") from None
    with stream:
        output = RecordOutput(stream, "jsonl")
        try:
            with _pool(workers) as pool:
                played = _played(tournament, tasks, pool, workers or 1)
                for record in _merged(tournament, finished, tasks, played):
                    if standings.decision is not None:
                        break
                    if record["index"] not in done:
                        output.write(record)
                        stream.flush()  # whole lines on disk, for a resume after a kill
                    standings.add(record)
                    if progress is not None:
                        progress(standings)
        except BaseException:
            output.abandon()
            raise
        output.close()
    standings.rate()
    return standings


def _drop_cut_line(path: str) -> None:
    """Cut a last line that a killed run left without its newline."""
    with open(path, "rb+") as stream:
        data = stream.read()
        if data and not data.endswith(b"\n"):
            stream.truncate(data.rfind(b"\n") + 1)


def _tasks(tournament: Tournament, done: set[int]) -> list[tuple[int, int, int]]:
    """``(pairing, start, stop)`` chunks of the games not yet played, in game order."""
    chunk = CHUNK_DEALS * tournament.players
    tasks = []
    for pairing in range(len(tournament.pairings)):
        base = pairing * tournament.games
        for start, stop in runner.chunks(tournament.games, chunk):
            missing = [n for n in range(start, stop) if base + n not in done]
            for _, run in itertools.groupby(enumerate(missing), key=lambda item: item[1] - item[0]):
                numbers = [number for _, number in run]
                tasks.append((pairing, numbers[0], numbers[-1] + 1))
    return tasks


def _merged(
    tournament: Tournament,
    finished: list[dict[str, Any]],
    tasks: list[tuple[int, int, int]],
    played: Iterator[list[dict[str, Any]]],
) -> Iterator[dict[str, Any]]:
    """The finished records and each task's new ones, together in game order:
    the finished records before a task come before it is asked for (an SPRT
    they decide plays nothing more)."""
    queue = deque(sorted(finished, key=lambda record: record["index"]))
    for pairing, start, _ in tasks:
        while queue and queue[0]["index"] < pairing * tournament.games + start:
            yield queue.popleft()
        yield from next(played)
    yield from queue


def play_pairing_chunk(
    tournament: Tournament, pairing: int, start: int, stop: int
) -> list[dict[str, Any]]:
    """Play games ``start .. stop-1`` of a pairing (the task a worker is given)
    and return their tournament records."""
    spec = tournament.run(pairing)
    played = spec.kernel_records(start, stop)
    if played is None:  # one game at a time, each ending its engines
        played = []
        for number in range(start, stop):
            with engines.game_played() as bots:
                record = spec.play(number)
                for bot in bots:
                    bot.finish(record["scores"], record["winners"])
            played.append(record)
    return [tournament.record(pairing, record) for record in played]


def _played(
    tournament: Tournament,
    tasks: list[tuple[int, int, int]],
    pool: ProcessPoolExecutor | None,
    workers: int,
) -> Iterator[list[dict[str, Any]]]:
    """Each task's records, task by task, at most four tasks a worker in flight."""
    if pool is None:
        for task in tasks:
            yield play_pairing_chunk(tournament, *task)
        return
    in_flight: deque[Future[list[dict[str, Any]]]] = deque()
    try:
        for task in tasks:
            in_flight.append(pool.submit(play_pairing_chunk, tournament, *task))
            if len(in_flight) >= 4 * workers:
                yield in_flight.popleft().result()
        while in_flight:
            yield in_flight.popleft().result()
    finally:
        for future in in_flight:
            future.cancel()


def _check_workers(workers: object) -> None:
    most = runner.max_workers()
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= most
    ):
        raise ValueError(f"workers must be 1 to {most}, not {brief(workers)}")


@contextlib.contextmanager
def _pool(workers: int | None) -> Iterator[ProcessPoolExecutor | None]:
    """A process pool of ``workers`` (none for one: this process plays).

    At the end it is shut down once the chunks being played are done; when
    the run fails or is ended (Ctrl-C, a signal), its workers are ended at
    once (and with them their engines, which die with their parent)."""
    if workers is None or workers == 1:
        yield None
        return
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(workers, initializer=_worker_start)
    try:
        yield pool
    except BaseException:
        for child in set(multiprocessing.active_children()) - before:
            child.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True, cancel_futures=True)


def _worker_start() -> None:
    """A worker dies with the tournament's process, and Ctrl-C (which the
    terminal sends the whole process group) ends it at once and silently:
    the main process reports it."""
    engines.die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_DFL)
