"""Play many seeded games between bots, on one core, a process pool or a Dask cluster.

A run is a :class:`RunSpec`: the game (by its registry name), one
:class:`~huegames.engine.BotSpec` per seat, the seed and the number of
games -- plain, picklable data, so it travels to any executor, and a bot
given as ``"package.module:Factory"`` is imported where it plays.

Game ``i`` draws everything from seeds derived from the run seed and its
deal alone: the deal (``derive_seed(seed, deal)``) and each bot's own
generator.  Its seats are the bot list turned ``i`` places, so every bot
plays every seat equally often.  Without ``seat_swap`` every game is its
own deal (deal ``i``); with it, each deal is played once per seat order
(deal ``i // players``, rotation ``i % players``), so seat advantage and
deal luck cancel between the bots.  The records are the same whatever the
number of workers or the executor; they come back, and are written, in
game order.

Each game is played with :func:`huegames.engine.play_game` and yields a
run record (see :mod:`huegames.run.recordfiles`)::

    {"game": "hue", "index": i, "seed": <the deal's seed>,
     "seats": [bot labels by seat], "scores": [...], "winners": [winning seats],
     "winner": <seat or None>}

``game`` is the game's registry name (as in a game record) and ``index``
the game's number in the run.

``winners`` are the outcome's winning seats (empty for a draw, several
for a shared or team win); ``winner`` is the seat that won alone, else
None.  With ``record_moves`` a ``moves`` list of move texts follows.

When every seat's bot has a kernel policy in the game's C kernel
(:attr:`GameSpec.kernel <huegames.engine.GameSpec.kernel>`: Hue's
``random`` and ``greedy``, say), a whole chunk of games is played in one
call into C and its records carry ``"engine": "kernel"``.  Each of
huegames' kernels reads the same seeds (:meth:`RunSpec.seeding`) and draws as the Python
engine and bots do (CPython's ``random.Random``, reproduced in C), so a
kernel record is the Python engine's record of the same game, plus that
field.  ``engine="python"`` keeps to :func:`~huegames.engine.play_game`.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import threading
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, InvalidStateError, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Final, TextIO, TypeAlias

from .. import engine as _engine
from ..engine import BotSpec
from ..records import brief
from ..text import quoted
from .recordfiles import RecordOutput, check_format, format_of
from .stats import Summary

__all__ = [
    "CHUNK_SIZE",
    "ENGINES",
    "WORKERS_PER_CORE",
    "BotFailure",
    "BotLike",
    "Ended",
    "Result",
    "RunSpec",
    "Seeding",
    "chunks",
    "local_processes",
    "max_workers",
    "play_chunk",
    "simulate",
]

CHUNK_SIZE: Final = 50
"""Games per task sent to an executor, by default."""

ENGINES: Final = ("auto", "python", "kernel")
"""How a run plays its games: ``"auto"``, the game's C kernel when it can
play every seat's bot, else the Python engine; ``"python"``, always the
Python engine; ``"kernel"``, always the kernel (a ValueError at
:meth:`RunSpec.build` when it cannot)."""

WORKERS_PER_CORE: Final = 32
"""The most local worker processes a run may ask for, per core: more only
thrash the machine (and a typo such as ``workers=10000`` would fork that many)."""

BotLike: TypeAlias = BotSpec | str | _engine.BotFactory
"""A bot as :func:`simulate` takes it: a catalogue name, a spec text such as
``"mcts:playouts=200"`` or ``"package.module:Factory"``, a
:class:`~huegames.engine.BotSpec`, or a bot class or factory (called as
``factory(seed=..., **settings)``)."""


class BotFailure(RuntimeError):
    """A bot failed in a game of a run: it raised, or chose a move the game refused.

    The message names the game's number, the seat, the bot's label and the
    game's seed, and quotes the error.  ``details`` is the bot's traceback
    as text (made where the game was played, so it crosses process
    boundaries); ``finished`` holds the records of the chunk's games played
    before this one, which :func:`simulate` writes before it stops.
    """

    def __init__(self, game: str, number: int, seat: int, bot: str, seed: int, reason: str):
        super().__init__(game, number, seat, bot, seed, reason)
        self.game, self.number, self.seat, self.bot, self.seed = game, number, seat, bot, seed
        self.reason = reason
        self.details = ""
        self.finished: list[dict[str, Any]] = []

    def __str__(self) -> str:
        return (
            f"{self.game} game {self.number} (seed {self.seed}): the bot of seat {self.seat}, "
            f"{quoted(self.bot)}, {self.reason}"
        )


class Ended(KeyboardInterrupt):
    """The run was ended by a signal (SIGTERM, SIGHUP), as Ctrl-C ends it: its
    worker processes are ended and the records finished so far are written.

    A KeyboardInterrupt, so that no ``except Exception`` in between stops it.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    def __str__(self) -> str:
        return f"ended by {signal.Signals(self.signum).name}"


ENDING_SIGNALS: Final = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that end a run as Ctrl-C does (:class:`Ended`), while
:func:`simulate` runs in the main thread and they have no handler of their own."""


@contextlib.contextmanager
def _ending_signals() -> Iterator[None]:
    """While the run lasts, :data:`ENDING_SIGNALS` raise :class:`Ended` in the
    main thread instead of killing the process at once, which would leave
    the worker processes running and the last records half written."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def end(signum: int, frame: object) -> None:
        raise Ended(signum)

    kept = {}
    for signum in ENDING_SIGNALS:
        if signal.getsignal(signum) is signal.SIG_DFL:
            kept[signum] = signal.signal(signum, end)
    try:
        yield
    finally:
        for signum, handler in kept.items():
            signal.signal(signum, handler)


class _Raised(Exception):
    """A bot's own error, carried out of :func:`~huegames.engine.play_game`
    apart from the game's refusal of a move."""

    def __init__(self, error: Exception) -> None:
        super().__init__(error)
        self.error = error


class _Guarded:
    """A bot whose errors, in ``choose``, come out as :class:`_Raised`."""

    def __init__(self, bot: _engine.Bot) -> None:
        self.bot = bot

    def choose(self, view: Any) -> Any:
        try:
            return self.bot.choose(view)
        except Exception as error:
            raise _Raised(error) from error


@dataclass(frozen=True)
class Seeding:
    """The seeds of a stretch of a run's games, as :meth:`RunSpec.play` derives
    them, for a C kernel that plays them in one call (:meth:`RunSpec.seeding`).

    ``deals[g]`` is game ``g``'s seed (its deal), ``seats[g]`` its bot labels
    in seat order, and ``bots`` each seat's bot seed, game after game
    (``bots[g * players + seat]``).  ``seats`` lists are shared between games
    with the same seat order: copy one before changing it.
    """

    deals: list[int]
    seats: list[list[str]]
    bots: list[int]


@dataclass(frozen=True)
class RunSpec:
    """Everything that decides a run's records: plain, picklable data.

    Build one with :meth:`build`, which checks every argument (and makes
    each bot once) so that mistakes raise ValueError before any game is
    played; ``bots`` holds one spec per seat, in the seat order of game 0.

    >>> from huegames.run.runner import RunSpec
    >>> spec = RunSpec.build("linja", ["greedy", "random"], games=4, seed=1)
    >>> spec.players, spec.labels
    (2, ['greedy', 'random'])
    >>> spec.play(1)
    {'game': 'linja', 'index': 1, 'seed': 7366372954872853517, 'seats': ['random', 'greedy'],
     'scores': [43, 60], 'winners': [1], 'winner': 1}
    """

    game: str
    bots: tuple[BotSpec, ...]
    players: int
    games: int
    seed: int
    seat_swap: bool = False
    record_moves: bool = False
    module: str | None = None
    """Where the game's package is imported from in a fresh worker (a game
    registered outside ``huegames``); None for a built-in game."""
    engine: str = "auto"
    """One of :data:`ENGINES`: whether the game's C kernel plays the games."""
    keep_going: bool = False
    """Whether a game in which a bot fails is recorded as forfeited by its
    seat and the run plays on (else :class:`BotFailure` stops the run)."""

    @classmethod
    def build(
        cls,
        game: str,
        bots: Sequence[BotLike] | BotLike = ("greedy", "random"),
        players: int | None = None,
        games: int = 100,
        seed: int = 0,
        *,
        seat_swap: bool = False,
        record_moves: bool = False,
        engine: str = "auto",
        keep_going: bool = False,
    ) -> RunSpec:
        """A checked run: ValueError, naming the mistake, for any bad argument.

        ``bots`` is a list of bots (or one comma-separated text), one per
        seat or fewer (then repeated round the table); ``players`` defaults
        to the number of bots, at least the game's minimum.  ``engine`` is
        one of :data:`ENGINES`; ``"kernel"`` raises ValueError when the
        game's kernel cannot play these bots.

        >>> from huegames.run.runner import RunSpec
        >>> RunSpec.build("linja", "greedy,nobody")
        Traceback (most recent call last):
        ...
        ValueError: unknown linja bot 'nobody': choose from random, greedy, search
        >>> RunSpec.build("linja", "greedy,random", games=3, seat_swap=True)
        Traceback (most recent call last):
        ...
        ValueError: with seat_swap, games must be a multiple of the 2 players ...
        """
        if not isinstance(game, str):
            raise ValueError(f"a game is named by a string, not {game!r}")
        if engine not in ENGINES:
            raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {brief(engine)}")
        spec = _engine.game_spec(game)
        specs = _bot_specs(bots, spec)
        count = max(len(specs), spec.min_players) if players is None else players
        spec.check_players(count)
        if len(specs) > count:
            raise ValueError(
                f"{len(specs)} bots for {count} seats: give at most one bot per seat"
                " (fewer are repeated round the table)"
            )
        _check_positive("games", games)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, not {brief(seed)}")
        try:
            _engine.derive_seed(seed)
        except ValueError:  # repr() refuses ints over 4,300 digits
            raise ValueError(f"seed is too large: {brief(seed)}") from None
        if seat_swap and games % count:
            raise ValueError(
                f"with seat_swap, games must be a multiple of the {count} players "
                f"(each deal is played once per seat order), not {games}"
            )
        _check_bots(specs, spec)
        seats = tuple(specs[seat % len(specs)] for seat in range(count))
        module = spec.home
        run = cls(
            game,
            seats,
            count,
            games,
            seed,
            bool(seat_swap),
            bool(record_moves),
            None if module.startswith("huegames.") else module,
            engine,
            bool(keep_going),
        )
        if engine == "kernel" and run.kernel_records(0, 0) is None:
            raise ValueError(run._no_kernel())
        return run

    @property
    def game_spec(self) -> _engine.GameSpec:
        """The registered game this run plays."""
        return _engine.game_spec(self.game, module=self.module)

    @property
    def labels(self) -> list[str]:
        """The bots' labels, each once, in seat order of game 0 (the summary's rows)."""
        return list(dict.fromkeys(bot.label for bot in self.bots))

    def deal(self, number: int) -> int:
        """The deal game ``number`` is played on: its own, or with ``seat_swap``
        the same for each of ``players`` games in a row.

        >>> from huegames.run.runner import RunSpec
        >>> spec = RunSpec.build("linja", ["greedy", "random"], games=4, seat_swap=True)
        >>> [spec.deal(number) for number in range(4)]
        [0, 0, 1, 1]
        >>> [[bot.label for bot in spec.seats(number)] for number in range(2)]
        [['greedy', 'random'], ['random', 'greedy']]
        """
        return number // self.players if self.seat_swap else number

    def seats(self, number: int) -> tuple[BotSpec, ...]:
        """The bot of each seat in game ``number``: the list turned ``number`` places."""
        return tuple(self.bots[(seat + number) % self.players] for seat in range(self.players))

    def seeding(self, start: int, stop: int) -> Seeding:
        """The seeds of games ``start .. stop-1``, as :meth:`play` derives them.

        >>> from huegames import engine
        >>> from huegames.run.runner import RunSpec
        >>> run = RunSpec.build("hue", "greedy,random", games=4, seed=1)
        >>> seeding = run.seeding(1, 3)
        >>> seeding.seats
        [['random', 'greedy'], ['greedy', 'random']]
        >>> seeding.deals[0] == engine.derive_seed(1, 1)
        True
        >>> seeding.bots[1] == engine.derive_seed(seeding.deals[0], 1, "greedy")
        True
        """
        derive, deal, seed, players = _engine.derive_seed, self.deal, self.seed, self.players
        labels = [bot.label for bot in self.bots]
        turned = [labels[shift:] + labels[:shift] for shift in range(players)]
        deals: list[int] = []
        seats: list[list[str]] = []
        bots: list[int] = []
        for number in range(start, stop):
            game_seed = derive(seed, deal(number))
            names = turned[number % players]
            deals.append(game_seed)
            seats.append(names)
            bots += [derive(game_seed, seat, label) for seat, label in enumerate(names)]
        return Seeding(deals, seats, bots)

    def kernel_record(
        self,
        number: int,
        seed: int,
        seats: Sequence[str],
        scores: list[int],
        winners: list[int],
        moves: list[str] | None = None,
    ) -> dict[str, Any]:
        """The record of game ``number`` played by a C kernel: :meth:`play`'s
        record of the same game (``moves`` with ``record_moves``), plus
        ``"engine": "kernel"``."""
        record = self._record(number, seed, list(seats), scores, winners, moves or [])
        record["engine"] = "kernel"
        return record

    def kernel_records(self, start: int, stop: int) -> list[dict[str, Any]] | None:
        """The records of games ``start .. stop-1`` played by the game's C kernel,
        or None when it has none, this run's engine is ``"python"``, or the
        kernel cannot play these bots (then :meth:`play` plays them)."""
        if self.engine == "python":
            return None
        player = self.game_spec.kernel_player()
        return None if player is None else player(self, start, stop)

    def _no_kernel(self) -> str:
        spec = self.game_spec
        if spec.kernel is None:
            return f"engine='kernel': {spec.title} has no C kernel; use engine 'auto' or 'python'"
        return (
            f"engine='kernel': the {spec.title} kernel cannot play "
            f"{', '.join(self.labels)} with {self.players} players (a bot or setting with no "
            "kernel policy, a rule option it lacks, or its C core not loaded); "
            "use engine 'auto' or 'python'"
        )

    def play(self, number: int) -> dict[str, Any]:
        """Play game ``number`` of the run with the Python engine and return its record.

        A bot that raises, or chooses a move the game refuses, is a
        :class:`BotFailure`; with :attr:`keep_going` the record says which
        seat forfeited and why (``"forfeit"`` and ``"reason"``, None in the
        records of games played out), and the game has no winners.
        """
        spec = self.game_spec
        seed = _engine.derive_seed(self.seed, self.deal(number))
        makers = _bot_makers(self, spec)
        labels = [makers[(seat + number) % self.players][0] for seat in range(self.players)]
        game = spec.new_game(players=self.players, seed=seed)
        moves: list[str] = []

        def record(_: object, move: object) -> None:
            moves.append(str(move))

        seat = 0
        try:
            bots = []
            for seat, label in enumerate(labels):
                maker = makers[(seat + number) % self.players][1]
                bots.append(_Guarded(maker(seed=_engine.derive_seed(seed, seat, label))))
            seat = -1
            _engine.play_game(game, bots, on_move=record if self.record_moves else None)
        except Exception as error:
            failure = self._failure(number, seed, labels, game, seat, error)
            if not self.keep_going:
                raise failure from None
            return self._record(number, seed, labels, game.scores(), [], moves, failure)
        outcome = game.outcome()
        if outcome is None:
            raise RuntimeError(f"{self.game} game {number} stopped before it was over")
        return self._record(number, seed, labels, game.scores(), outcome.winners, moves)

    def _failure(
        self, number: int, seed: int, labels: list[str], game: Any, seat: int, error: Exception
    ) -> BotFailure:
        """The :class:`BotFailure` of ``error``: a bot that could not be made
        (``seat`` at or above 0), raised, or chose a move the game refused."""
        if seat >= 0:
            reason, cause = "could not be made", error
        elif isinstance(error, _Raised):
            reason, cause = "raised", error.error
        elif isinstance(error, (ValueError, TypeError)):  # the game refused its move
            reason, cause = "chose a move the game refused", error
        else:
            raise error
        if seat < 0:
            seat = game.current_player
        failure = BotFailure(
            self.game,
            number,
            seat,
            labels[seat],
            seed,
            f"{reason}: {type(cause).__name__}: {quoted(str(cause))}",
        )
        failure.details = "".join(traceback.format_exception(cause))
        return failure

    def _record(
        self,
        number: int,
        seed: int,
        labels: list[str],
        scores: Sequence[int],
        winners: Sequence[int],
        moves: list[str],
        failure: BotFailure | None = None,
    ) -> dict[str, Any]:
        result: dict[str, Any] = {
            "game": self.game,
            "index": number,
            "seed": seed,
            "seats": labels,
            "scores": list(scores),
            "winners": list(winners),
            "winner": winners[0] if len(winners) == 1 else None,
        }
        if self.record_moves:
            result["moves"] = moves
        if self.keep_going:
            result["forfeit"] = None if failure is None else failure.seat
            result["reason"] = None if failure is None else failure.reason
        return result


def _bot_makers(
    run: RunSpec, game: _engine.GameSpec
) -> tuple[tuple[str, Callable[..., _engine.Bot]], ...]:
    """Each of ``run.bots``' label and factory with its settings bound (called
    with ``seed=``): found once for the run this thread played last, not
    once a game."""
    last = _last_makers.run
    if last is run:
        return _last_makers.makers
    makers = tuple((bot.label, bot.maker(game)) for bot in run.bots)
    _last_makers.run, _last_makers.makers = run, makers
    return makers


class _LastMakers(threading.local):
    run: RunSpec | None = None
    makers: tuple[tuple[str, Callable[..., _engine.Bot]], ...] = ()


_last_makers = _LastMakers()


def _bot_specs(bots: object, game: _engine.GameSpec) -> list[BotSpec]:
    if isinstance(bots, str):
        bots = [text.strip() for text in bots.split(",")]
    elif isinstance(bots, BotSpec) or callable(bots):
        bots = [bots]
    if not isinstance(bots, Sequence):
        raise ValueError(f"bots must be a list of bots, not {brief(bots)}")
    if not bots:
        raise ValueError(f"give at least one bot: {game.bot_names()}")
    specs = []
    for bot in bots:
        try:
            specs.append(BotSpec.of(bot))
        except TypeError as error:
            raise ValueError(str(error)) from None
    return specs


def _check_bots(specs: Sequence[BotSpec], game: _engine.GameSpec) -> None:
    """Make each bot once, here, so that a bad one fails before any game is played."""
    by_label: dict[str, BotSpec] = {}
    for bot in specs:
        known = by_label.setdefault(bot.label, bot)
        if known != bot:
            raise ValueError(f"two different bots are both named {bot.label!r}")
        if known is not bot:
            continue
        bot.check(game)
        try:
            made = bot.build(game, seed=0)
        except (TypeError, ValueError) as error:
            raise ValueError(f"bot {bot.label!r}: {error}") from None
        if not callable(getattr(made, "choose", None)):
            raise ValueError(f"bot {bot.label!r} has no choose(view) method")


def _check_positive(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive integer, not {brief(value)}")


def max_workers() -> int:
    """The most local worker processes a run may ask for on this machine:
    :data:`WORKERS_PER_CORE` per core."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def local_processes(games: int, chunk_size: int = CHUNK_SIZE, workers: int | None = None) -> int:
    """How many worker processes a run without an executor starts: ``workers``
    (default: every core), but never more than it has chunks of games; 0 when
    that leaves one, as it is then played in this process.

    ValueError when ``workers`` is not a positive integer or above
    :func:`max_workers`.

    >>> from huegames.run.runner import local_processes
    >>> local_processes(1000, chunk_size=50, workers=2), local_processes(40, chunk_size=50)
    (2, 0)
    """
    _check_positive("games", games)
    _check_positive("chunk_size", chunk_size)
    if workers is not None:
        _check_positive("workers", workers)
        if workers > max_workers():
            raise ValueError(
                f"workers must be at most {max_workers()} ({WORKERS_PER_CORE} per core "
                f"on this machine), not {brief(workers)}"
            )
    wanted = workers if workers is not None else os.cpu_count() or 1
    processes = min(wanted, -(-games // chunk_size))
    return processes if processes > 1 else 0


def play_chunk(spec: RunSpec, start: int, stop: int) -> list[dict[str, Any]]:
    """Play games ``start .. stop-1`` of a run (the unit of work sent to an executor):
    in one call into the game's kernel when it can play them
    (:meth:`RunSpec.kernel_records`), else one by one with :meth:`RunSpec.play`.

    A run built with ``engine="kernel"`` raises ValueError where the kernel
    cannot play (a worker without the C core, say).  A bot that fails
    without :attr:`~RunSpec.keep_going` is a :class:`BotFailure` holding the
    records of the chunk's games before it.
    """
    records = spec.kernel_records(start, stop)
    if records is not None:
        return records
    if spec.engine == "kernel":
        raise ValueError(spec._no_kernel())
    records = []
    for number in range(start, stop):
        try:
            records.append(spec.play(number))
        except BotFailure as failure:
            failure.finished = records
            raise
    return records


def chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` game numbers of each chunk of a run, in order.

    >>> from huegames.run.runner import chunks
    >>> list(chunks(120, 50))
    [(0, 50), (50, 100), (100, 120)]
    """
    for start in range(0, games, size):
        yield start, min(games, start + size)


@dataclass
class Result:
    """What :func:`simulate` returns: the summary, and the records unless streamed."""

    summary: Summary
    records: list[dict[str, Any]] | None


def simulate(
    game: str,
    bots: Sequence[BotLike] | BotLike = ("greedy", "random"),
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    seat_swap: bool = False,
    workers: int | None = None,
    out: str | os.PathLike[str] | TextIO | None = None,
    out_format: str | None = None,
    record_moves: bool = False,
    keep_records: bool | None = None,
    chunk_size: int = CHUNK_SIZE,
    progress: Callable[[int], None] | None = None,
    engine: str = "auto",
    keep_going: bool = False,
) -> Result:
    """Play ``games`` seeded games of ``game`` between ``bots`` and summarise them.

    - ``bots``: one per seat or fewer (then repeated), each a catalogue
      name (``"greedy"``), a name with settings (``"mcts:playouts=200"``),
      ``"package.module:Factory"``, a :class:`~huegames.engine.BotSpec`, or
      your own bot class or factory; or one comma-separated text.  The list
      is turned one place each game, so each bot plays every seat.
      Results name each bot by its :attr:`~huegames.engine.BotSpec.label`.
    - ``players``: seats per game (default: the number of bots, at least the
      game's minimum).
    - ``seat_swap``: play each deal once per seat order (``games`` must be a
      multiple of ``players``), so strength comparisons need no loop of
      their own.
    - ``executor``: any ``concurrent.futures.Executor`` (a process pool, a
      ``dask.distributed`` client's ``get_executor()``, ...); default a local
      process pool of ``workers`` processes (default: every core), never
      more than the run has chunks (:func:`local_processes`), and at most
      :func:`max_workers` (:data:`WORKERS_PER_CORE` per core).  With
      ``workers=1``, or a run of one chunk, and no executor, games run in
      this process.  With an executor, ``workers`` only sets how many
      chunks are kept in flight (four per worker).
    - ``out``: a path or text stream; records are streamed there in game
      order (the format from ``out_format``, else the file's extension,
      ``.csv`` or ``.jsonl``; JSON Lines for a stream) and not kept, so
      memory stays flat however many games are played.
    - ``keep_records``: also return the records (default: only when there is
      no ``out``).
    - ``progress``: called with the number of games finished so far.
    - ``engine``: ``"auto"`` plays each chunk in the game's C kernel when it
      can play every seat's bot (its records say ``"engine": "kernel"``
      and are otherwise the Python engine's records of the same games),
      ``"python"`` never, ``"kernel"`` always (a
      ValueError when it cannot); see :data:`ENGINES`.
    - ``keep_going``: a game in which a bot fails (it raises, or chooses a
      move the game refuses) is recorded as forfeited by its seat and the
      run plays on; the summary counts such games apart.  Without it the
      run stops with :class:`BotFailure`, naming the game, seat, bot and
      seed, once the games before it are written to ``out``.

    The same arguments give the same records whatever the executor.  Bad
    arguments (an unknown bot or setting, a bad value, a bot that cannot be
    imported, an output that cannot be opened) raise ValueError before any
    game is played.  A write to ``out`` that fails during the run (a full
    disk, an I/O error) raises OSError naming the file, which keeps the
    records written before it.

    A tiny run in this process:

    >>> from huegames import simulate
    >>> result = simulate("linja", ["greedy", "random"], games=4, seed=1, workers=1)
    >>> print(result.summary.table())
    linja, 2 players, 4 games
    <BLANKLINE>
    | bot | seats played | wins | win rate (95% CI) | mean score | score std |
    | --- | --- | --- | --- | --- | --- |
    | greedy | 4 | 4 | 100.0% (51.0%-100.0%) | 60.00 | 0.00 |
    | random | 4 | 0 | 0.0% (0.0%-49.0%) | 37.00 | 4.24 |
    >>> result.records[0]  # plus 'engine': 'kernel' where Linja's C kernel played it
    {'game': 'linja', 'index': 0, 'seed': 2886239381528970591, 'seats': ['greedy', 'random'],
     'scores': [60, 37], 'winners': [0], 'winner': 0...}

    The same run streamed to a file or stream keeps no records:

    >>> import io
    >>> stream = io.StringIO()
    >>> simulate("linja", "greedy,random", games=2, seed=1, workers=1, out=stream).records
    >>> stream.getvalue().splitlines()[0]
    '{"game":"linja","index":0,"seed":2886239381528970591,"seats":["greedy","random"],"scores":[60,37],...}'
    """
    spec = RunSpec.build(
        game,
        bots,
        players,
        games,
        seed,
        seat_swap=seat_swap,
        record_moves=record_moves,
        engine=engine,
        keep_going=keep_going,
    )
    _check_positive("chunk_size", chunk_size)
    if executor is None:
        processes = local_processes(games, chunk_size, workers)
    else:
        processes = 0
        if workers is not None:
            _check_positive("workers", workers)
        if not callable(getattr(executor, "submit", None)):
            raise ValueError(
                f"executor must be a concurrent.futures.Executor, not {brief(executor)}"
            )
    if processes or isinstance(executor, ProcessPoolExecutor):
        _check_picklable(spec)
    fmt = None
    if out is not None:
        if out_format is not None:
            fmt = check_format(out_format)
        elif isinstance(out, (str, os.PathLike)):
            fmt = format_of(out)
        else:
            fmt = "jsonl"

    summary = Summary(
        game, spec.players, lower_scores_win=spec.players in spec.game_spec.lower_scores_win
    )
    for label in spec.labels:
        summary.bot(label)
    keep = (out is None) if keep_records is None else keep_records
    records: list[dict[str, Any]] | None = [] if keep else None

    output = RecordOutput(out, fmt) if out is not None and fmt is not None else None

    def take(chunk: list[dict[str, Any]]) -> None:
        for record in chunk:
            summary.add(record)
            if output is not None:
                output.write(record)
            if records is not None:
                records.append(record)

    try:
        done = 0
        in_flight = processes or workers or os.cpu_count() or 1
        with _ending_signals():
            try:
                for chunk in _run(spec, chunk_size, executor, processes, in_flight):
                    take(chunk)
                    done += len(chunk)
                    if progress is not None:
                        progress(done)
            except BotFailure as failure:  # keep the games played before it
                take(failure.finished)
                raise
    except BaseException:
        if output is not None:
            output.abandon()
        raise
    if output is not None:
        output.close()
    return Result(summary, records)


def _check_picklable(spec: RunSpec) -> None:
    try:
        pickle.dumps(spec)
    except (pickle.PicklingError, AttributeError, TypeError) as error:
        raise ValueError(
            f"the bots cannot be sent to worker processes ({error}): define bot classes "
            "and factories at the top level of a module, or play with workers=1"
        ) from None


def _worker_start() -> None:
    """Let Ctrl-C end a worker process at once and silently: the terminal sends
    it to the whole process group, and the main process reports it, once.

    The worker was started with SIGINT blocked (see :func:`_submit`), so a
    Ctrl-C that came before this point ends it now, not as a
    KeyboardInterrupt traceback in multiprocessing's start-up code.
    """
    for signum in (signal.SIGINT, *ENDING_SIGNALS):  # not the parent's handlers
        signal.signal(signum, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _submit(
    pool: Executor, own: bool, start: int, stop: int, spec: RunSpec
) -> Future[list[dict[str, Any]]]:
    """``pool.submit`` of one chunk; for the run's own pool, with Ctrl-C held
    back while it may start worker processes.

    A SIGINT handled during ``fork`` runs Python's at-fork hooks' way, where
    the KeyboardInterrupt is swallowed (the run would go on), and a worker
    born before it installs :func:`_worker_start` would print a traceback.
    Held back, it arrives when ``submit`` returns; the workers (and the
    pool's threads) are born with it blocked.
    """
    if not own or not hasattr(signal, "pthread_sigmask"):
        return pool.submit(play_chunk, spec, start, stop)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return pool.submit(play_chunk, spec, start, stop)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _run(
    spec: RunSpec, chunk_size: int, executor: Executor | None, processes: int, workers: int
) -> Iterator[list[dict[str, Any]]]:
    """Chunks of records in game order, with a bounded number in flight.

    Without an executor, ``processes`` local worker processes play them (none:
    this process does).  At most four chunks per worker are submitted ahead
    of the one being read, so however many games a run has, only a few
    chunks of records exist at once.
    """
    if executor is None and not processes:
        for start, stop in chunks(spec.games, chunk_size):
            yield play_chunk(spec, start, stop)
        return
    own = executor is None
    pool = (
        executor
        if executor is not None
        else ProcessPoolExecutor(processes, initializer=_worker_start)
    )
    limit = 4 * workers
    in_flight: deque[Future[list[dict[str, Any]]]] = deque()
    try:
        for start, stop in chunks(spec.games, chunk_size):
            in_flight.append(_submit(pool, own, start, stop, spec))
            if len(in_flight) >= limit:
                yield in_flight.popleft().result()
        while in_flight:
            yield in_flight.popleft().result()
    except BaseException:
        if own:
            _end_workers(pool)
        raise
    finally:
        with _quiet_cancelled_futures() if own else contextlib.nullcontext():
            for future in in_flight:
                future.cancel()
            if own:
                pool.shutdown(cancel_futures=True)  # joins the pool's manager thread


def _end_workers(pool: Executor) -> None:
    """End the run's own worker processes now, in the middle of their chunks:
    the run has failed or was ended, and their results would be thrown away.
    (After Ctrl-C, which the whole process group gets, they have ended already.)"""
    processes = getattr(pool, "_processes", None) or {}  # ProcessPoolExecutor's own
    for process in list(processes.values()):
        with contextlib.suppress(OSError, ValueError):  # ended already, or closed
            process.terminate()


@contextlib.contextmanager
def _quiet_cancelled_futures() -> Iterator[None]:
    """Keep one race of ``concurrent.futures`` off the terminal while the run's
    own pool is given up: when Ctrl-C has ended its workers, the pool's
    manager thread fails every pending future, and one this process has just
    cancelled raises InvalidStateError there, printed as a thread traceback
    (CPython 3.11's ``terminate_broken``).  Other thread errors still print."""
    previous = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if not issubclass(args.exc_type, InvalidStateError):
            previous(args)

    threading.excepthook = hook
    try:
        yield
    finally:
        threading.excepthook = previous
