"""The ``huegames`` command: batch simulations and a quick benchmark.

huegames simulate hue --games 100000 --players 4 --bots greedy,random,random,random \\
    --workers 2 --seed 1 --out results.csv
huegames simulate hue --games 1000000 --scheduler tcp://host:8786 --out results.jsonl
huegames simulate hue --bots mcts:playouts=200,greedy --seat-swap --games 100
huegames simulate linja --bots mypkg.mybots:MyBot,greedy
huegames bench
huegames bench --games --budget 2
huegames show game.json -o game.html
huegames show results.jsonl --game hue --number 3 -o game.html
huegames play hue --players 3 --bots greedy,mcts:playouts=300 --seed 4
huegames evaluate linja mypolicy:act --against greedy --games 10000

Every failure ends with one line on stderr, ``huegames: error: ...``, never
a traceback: exit status 2 for a mistake in the command line (a bad value,
an unknown game or bot, an output that cannot be opened, a malformed
scheduler address), 1 for a failure while running (a scheduler that cannot
be reached, a write that fails on a full disk, a worker process that died,
a bot that failed), 130 for Ctrl-C, 128 + the signal's number for SIGTERM
or SIGHUP (which end a run as Ctrl-C does: no worker process left running,
the finished games kept).
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import json
import math
import os
import re
import sys
import textwrap
import time
import timeit
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import BrokenExecutor
from typing import Any, Final, TextIO
from urllib.parse import urlsplit

from . import __version__, engine
from .records import brief
from .run.recordfiles import FORMATS, check_record_file, find_record, format_of
from .run.runner import ENGINES, BotFailure, Ended, RunSpec, local_processes, simulate
from .text import quoted, shown

USAGE_ERROR, RUN_ERROR, INTERRUPTED = 2, 1, 130

MAX_GAMES: Final = 10**9
"""The most games one ``simulate`` or ``evaluate`` command plays (a run of
2**63 games would never end)."""

MAX_POSITIONS: Final = 1000
"""The most positions ``huegames bench`` rotates over."""

MAX_BUDGET: Final = 60.0
"""The longest ``huegames bench --budget``, in seconds per timing."""

SCHEDULER_SCHEMES: Final = ("tcp", "tls", "ws", "wss", "ucx")
"""The network protocols of a Dask scheduler address (``inproc://`` exists
only inside one process, so no command can reach it)."""

CONNECT_TIMEOUT: Final = "10s"
"""How long to try to reach a Dask scheduler."""

_MESSAGE_LIMIT: Final = 400

_HELP_WIDTH: Final = 79

_RUN_FILES: Final = (".csv", ".jsonl", ".ndjson")
"""The endings of a file that ``show`` reads as run records alone (a
``.json`` file may be a game record too)."""


class UsageError(Exception):
    """A mistake in the command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse's parser with one-line errors and no abbreviated options
    (``--game 10`` is a mistake, not ``--games 10``)."""

    appendix: Callable[[], str] | None = None
    """Text added under the help, made only when the help is shown."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # argparse's own errors: one line, no usage dump
        raise UsageError(message)

    def format_help(self) -> str:
        text = super().format_help()
        return f"{text}\n{self.appendix()}" if self.appendix is not None else text


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # also a number of more than 4,300 digits
        raise argparse.ArgumentTypeError(f"not a whole number: {quoted(text)}") from None


def _positive(text: str) -> int:
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {brief(value)}")
    return value


def _games(text: str) -> int:
    value = _positive(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_GAMES:,}, not {quoted(text)}")
    return value


def _positions(text: str) -> int:
    value = _positive(text)
    if value > MAX_POSITIONS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_POSITIONS}, not {brief(value)}")
    return value


def _seconds(text: str) -> float:
    """A timing budget: a finite number of seconds above 0, at most :data:`MAX_BUDGET`."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {quoted(text)}") from None
    if not (math.isfinite(value) and 0 < value <= MAX_BUDGET):
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds above 0 and at most {MAX_BUDGET:g}, not {quoted(text)}"
        )
    return value


def build_parser() -> argparse.ArgumentParser:
    """The ``huegames`` argument parser, with its ``simulate`` and ``bench`` commands.

    A mistake in the arguments raises :class:`UsageError` (one line, no usage
    dump) rather than exiting, so :func:`main` reports every failure alike.

    >>> from huegames.cli import build_parser
    >>> args = build_parser().parse_args(["simulate", "hue", "--games", "10", "--bots", "greedy"])
    >>> args.command, args.game, args.games, args.bots, args.seed
    ('simulate', 'hue', 10, 'greedy', 0)
    >>> build_parser().parse_args(["simulate", "hue", "--games", "0"])
    Traceback (most recent call last):
    ...
    huegames.cli.UsageError: argument --games: must be at least 1, not 0
    """
    parser = _Parser(
        prog="huegames", description="Rules engines for Hue, Linja, Plank and Hues and Cues."
    )
    parser.add_argument("--version", action="version", version=f"huegames {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    sim = commands.add_parser(
        "simulate",
        add_help=False,
        help="play many seeded games between bots and summarise them",
        description="Play many seeded games between bots; stream the records to a file "
        "and print each bot's win rate (95% Wilson interval) and scores.",
    )
    _catalogued(sim)
    sim.add_argument("game", help=f"one of: {', '.join(engine.game_names())}")
    sim.add_argument(
        "--games", type=_games, default=1000, help="games to play, at most 10**9 (1000)"
    )
    sim.add_argument(
        "--players", type=_positive, help="seats per game (default: the bots, at least the minimum)"
    )
    sim.add_argument(
        "--bots",
        default="random",
        help="comma-separated bots, one per seat or fewer (repeated round the table), "
        "turned one seat each game: a name (greedy), a name with settings "
        "(mcts:playouts=200) or package.module:Factory[:setting=value]; "
        "the bots are listed below (default: random)",
    )
    sim.add_argument(
        "--seat-swap",
        action="store_true",
        help="play each deal once per seat order (--games a multiple of the players)",
    )
    sim.add_argument("--seed", type=_integer, default=0, help="run seed (0)")
    sim.add_argument(
        "--workers",
        type=_positive,
        help="local worker processes (default: every core; never more than there are "
        "chunks of games, and at most 32 per core)",
    )
    sim.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask cluster, e.g. tcp://host:8786 (needs huegames[dask]); "
        "its threads do the work, so not with --workers",
    )
    sim.add_argument("--out", metavar="PATH", help="stream every game's record to PATH")
    sim.add_argument(
        "--format", choices=FORMATS, help="record format (default: from --out's extension)"
    )
    sim.add_argument("--moves", action="store_true", help="record every move too")
    sim.add_argument("--chunk-size", type=_positive, default=50, help="games per task (50)")
    sim.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help="auto: play in the game's C kernel when every bot has a kernel policy "
        "(records say engine kernel, and are the Python engine's games), else in "
        "Python; python: never the kernel; kernel: always, or fail (auto)",
    )
    sim.add_argument(
        "--keep-going",
        action="store_true",
        help="when a bot fails (raises, or chooses a move the game refuses), record its "
        "seat as forfeiting that game and play on (default: stop the run, keeping the "
        "games before it)",
    )
    _add_debug(sim)
    progress = sim.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress", dest="progress", action="store_true", default=None, help="show progress"
    )
    progress.add_argument(
        "--no-progress", dest="progress", action="store_false", help="no progress bar"
    )

    bench = commands.add_parser(
        "bench",
        help="measure this machine's headline speed ratios in a few seconds",
        description="Quick in-process timings (rotated inputs): Hue's C core against the "
        "pure-Python backend (bench/ compares with scipy.ndimage.label too). "
        "For the full benchmarks: python -m pytest bench --benchmark-only.",
    )
    bench.add_argument(
        "--positions",
        type=_positions,
        default=16,
        help=f"positions rotated over, at most {MAX_POSITIONS} (16)",
    )
    bench.add_argument(
        "--budget",
        type=_seconds,
        default=0.15,
        help=f"seconds per timing, about; above 0, at most {MAX_BUDGET:g} (0.15)",
    )
    bench.add_argument(
        "--games",
        action="store_true",
        help="instead: games per second through the runner on one core, every game "
        "and bot row of the batch-speed table, Python engine and C kernel",
    )
    _add_show(commands)
    _add_play(commands)
    _add_evaluate(commands)
    _add_tournament(commands)
    _add_engine(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "bench":
            return _bench(args)
        if args.command == "show":
            return _show(args)
        if args.command == "play":
            return _play(args)
        if args.command == "evaluate":
            return _evaluate(args)
        if args.command == "tournament":
            return _tournament(args)
        if args.command == "engine":
            return _engine_command(args)
        return _fail(
            "give a command: simulate, bench, show, play, evaluate, tournament or engine "
            "(huegames --help to see them)",
            USAGE_ERROR,
        )
    except UsageError as error:
        return _fail(str(error), USAGE_ERROR)
    except Ended as error:  # SIGTERM, SIGHUP: the run ended as Ctrl-C ends it
        return _fail(str(error), 128 + error.signum)
    except KeyboardInterrupt:
        return _fail("interrupted", INTERRUPTED)
    except BrokenPipeError:  # stdout closed early (| head): nothing more to say
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return RUN_ERROR


def _fail(message: str, status: int) -> int:
    """Report ``message`` as one line on stderr (control characters escaped,
    shortened) and return ``status``."""
    # the message quotes its outside text already: escape what is left, not backslashes
    line = "".join(char if char.isprintable() else shown(char) for char in message)
    if len(line) > _MESSAGE_LIMIT:
        line = line[: _MESSAGE_LIMIT - 3] + "..."
    print(f"huegames: error: {line}", file=sys.stderr)
    return status


# -- simulate ------------------------------------------------------------------


def _simulate(args: argparse.Namespace) -> int:
    try:
        run = RunSpec.build(
            args.game,
            args.bots,
            args.players,
            args.games,
            args.seed,
            seat_swap=args.seat_swap,
            record_moves=args.moves,
            engine=args.engine,
            keep_going=args.keep_going,
        )
        if args.scheduler is not None:
            if args.workers is not None:
                raise ValueError(
                    "--workers is for local processes: with --scheduler the cluster's "
                    "threads do the work"
                )
            _check_scheduler(args.scheduler)
            processes = 0
        else:
            processes = local_processes(args.games, args.chunk_size, args.workers)
        if args.out is not None:
            _check_writable(args.out)
        fmt = args.format or (format_of(args.out) if args.out is not None else None)
    except ValueError as error:
        return _fail(str(error), USAGE_ERROR)

    client = None
    executor = None
    workers = args.workers
    if args.scheduler is not None:
        try:
            client, executor, workers = _dask(args.scheduler)
        except (ImportError, OSError) as error:
            return _fail(str(error), RUN_ERROR)

    show = sys.stderr.isatty() if args.progress is None else args.progress
    bar = _progress_bar(args.games, show)
    started = time.perf_counter()
    failure: tuple[str, int] | None = None  # reported once the bar has ended its line
    try:
        bar.start()
        result = simulate(
            args.game,
            run.bots,
            run.players,
            args.games,
            args.seed,
            executor,
            seat_swap=args.seat_swap,
            workers=workers,
            out=args.out,
            out_format=fmt,
            record_moves=args.moves,
            keep_records=False,
            chunk_size=args.chunk_size,
            progress=bar.update,
            engine=args.engine,
            keep_going=args.keep_going,
        )
    except BotFailure as error:
        if args.debug:
            _traceback(error.details)
        failure = f"{error} (--keep-going to play on)", RUN_ERROR
    except ValueError as error:
        failure = str(error), USAGE_ERROR
    except OSError as error:
        if args.out is not None and error.filename == args.out:
            failure = f"cannot write {quoted(args.out)}: {error.strerror}", RUN_ERROR
        else:
            failure = f"the run failed: {error}", RUN_ERROR
    except BrokenExecutor as error:
        failure = f"a worker process died: {error}", RUN_ERROR
    finally:
        bar.close()
        if client is not None:
            client.close()
    if failure is not None:
        return _fail(*failure)
    elapsed = max(time.perf_counter() - started, 1e-9)

    if args.scheduler is not None:
        where = f"on {args.scheduler}"
    elif processes:
        where = f"on {processes} local worker processes"
    else:
        where = "in one process"
    print(result.summary.table())
    print(
        f"\n{args.games} games in {elapsed:.1f} s ({args.games / elapsed:,.0f} games/s) "
        f"{where}" + (f"; records in {shown(args.out)} ({fmt})" if args.out is not None else "")
    )
    return 0


def _add_debug(parser: argparse.ArgumentParser) -> None:
    """The ``--debug`` option: a failing bot's or policy's traceback before the error line."""
    parser.add_argument(
        "--debug",
        action="store_true",
        help="print the traceback of a bot or policy that fails, before the one-line error",
    )


def _traceback(text: str) -> None:
    """Print a traceback (``--debug``) on stderr, its lines shown safely."""
    print("\n".join(map(shown, text.splitlines())), file=sys.stderr)


def _catalogued(parser: _Parser) -> None:
    """Give a command that takes a GAME the bot catalogue under its help, and a
    ``--help`` that, after a game's name (``play hue --help``), is about that game."""
    parser.appendix = _bot_catalogue
    parser.add_argument("-h", "--help", action=_GameHelp, help="show this help message and exit")


class _GameHelp(argparse.Action):
    """``--help``: the command's help with every game's bots, or one game's
    bots and rule options when a game was named before it."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest=argparse.SUPPRESS, nargs=0, **kwargs)

    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        game = getattr(namespace, "game", None)
        if game in engine.game_names():
            parser.appendix = lambda: _bot_catalogue(game)
        parser.print_help()
        parser.exit()


def _bot_catalogue(only: str | None = None) -> str:
    """Each game's players and bots, with their summaries and settings; for
    ``only``, that game's alone, with its rule options."""
    names = engine.game_names() if only is None else [only]
    lines = [
        "games and their bots (NAME[:setting=value...]; settings with their defaults):"
        if only is None
        else "its bots (NAME[:setting=value...]; settings with their defaults):",
    ]
    for name in names:
        try:
            game = engine.game_spec(name)
        except (ImportError, ValueError) as error:
            lines += ["", f"  {name}: not available ({error})"]
            continue
        count = (
            f"{game.min_players}"
            if game.min_players == game.max_players
            else f"{game.min_players}-{game.max_players}"
        )
        penalties = ""
        if game.lower_scores_win:
            counts = ", ".join(map(str, sorted(game.lower_scores_win)))
            penalties = f"; with {counts} players lower scores are better"
        lines += ["", f"  {name} ({game.title}, {count} players{penalties}):"]
        width = max(len(entry.name) for entry in game.bots)
        for entry in game.bots:
            lines += _wrapped(f"{entry.name:<{width}}  ", _summary(entry), "    ")
            if entry.settings:
                settings = " ".join(f"{key}={value}" for key, value in entry.settings.items())
                lines += _wrapped(f"{'':<{width}}  settings: ", settings, "    ")
        if only is not None and dataclasses.is_dataclass(game.rules_class):
            options = " ".join(
                f"{option.name}={_default(option)}"
                for option in dataclasses.fields(game.rules_class)
            )
            lines += ["", "  rule options (--rules), with their defaults:"]
            lines += _wrapped("", options, "    ")
    lines += [
        "",
        "your own bot: --bots package.module:Factory[:setting=value...], a class or",
        "function called as Factory(seed=..., **settings) whose bots have choose(view).",
    ]
    return "\n".join(lines) + "\n"


def _default(option: dataclasses.Field[Any]) -> str:
    """A rule option's default as ``--rules`` reads it (JSON: true, null, [...])."""
    if option.default is not dataclasses.MISSING:
        value = option.default
    elif option.default_factory is not dataclasses.MISSING:
        value = option.default_factory()
    else:
        return "(required)"
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


def _wrapped(head: str, text: str, indent: str) -> list[str]:
    """``head`` then ``text`` wrapped to the help's width, its lines under the text's start."""
    return textwrap.wrap(
        shown(text),
        width=_HELP_WIDTH,
        initial_indent=indent + head,
        subsequent_indent=indent + " " * len(head),
        break_on_hyphens=False,
    )


_ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`~?([^`]*)`")
_LITERAL = re.compile(r"``([^`]*)``")
_BACKTICKED = re.compile(r"`([^`]*)`")


def _summary(entry: engine.BotEntry) -> str:
    """A bot's summary in plain text: its own, else the first paragraph of its
    factory's docstring, whole, on one line, with reST roles and backticks gone
    (``:class:`~huegames.engine.BotSpec``` reads ``BotSpec``)."""
    text = entry.summary or (inspect.getdoc(entry.factory) or "").split("\n\n")[0]
    text = _ROLE.sub(lambda match: _role_text(match.group(0), match.group(1)), text)
    text = _BACKTICKED.sub(r"\1", _LITERAL.sub(r"\1", text))
    return " ".join(text.split())


def _role_text(whole: str, target: str) -> str:
    """What a reST role shows: its title (``title <target>``), or its target,
    the last part of it after ``~``."""
    title, _, _ = target.partition(" <")
    if title != target:
        return title
    return target.rsplit(".", 1)[-1] if "`~" in whole else target


def _check_writable(path: str) -> None:
    """Refuse an output path that cannot be written, before any game is played."""
    if not path:
        raise ValueError("--out needs a path")
    if os.path.isdir(path):
        raise ValueError(f"cannot write {quoted(path)}: it is a directory")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise ValueError(f"cannot write {quoted(path)}: no folder {quoted(folder)}")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise ValueError(f"cannot write {quoted(path)}: permission denied")
    try:
        longest = os.pathconf(folder, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):  # no pathconf (Windows), or no answer
        longest = 255
    if len(os.fsencode(os.path.basename(path))) > longest:
        raise ValueError(f"cannot write {quoted(path)}: its file name is too long")


def _check_scheduler(address: str) -> None:
    """Refuse a Dask scheduler address that names no network scheduler:
    ``[scheme://]host:port`` with a scheme of :data:`SCHEDULER_SCHEMES`."""
    if not address.strip():
        raise ValueError("--scheduler needs an address, e.g. tcp://host:8786")
    scheme, separator, location = address.partition("://")
    if not separator:
        scheme, location = "tcp", address
    if scheme == "inproc":
        raise ValueError(
            f"cannot use the scheduler {quoted(address)}: an inproc:// address exists only "
            "inside the Python process that made it; give its network address, "
            "e.g. tcp://host:8786"
        )
    if scheme not in SCHEDULER_SCHEMES:
        raise ValueError(
            f"cannot use the scheduler {quoted(address)}: unknown protocol {quoted(scheme)}, "
            f"use {', '.join(name + '://' for name in SCHEDULER_SCHEMES)}"
        )
    try:
        parts = urlsplit(f"//{location}")
        host, port = parts.hostname, parts.port
    except ValueError:  # a port out of range or not a number, a broken [ipv6]
        host = port = None
    if not host or port is None or parts.path or parts.query or parts.fragment:
        raise ValueError(
            f"cannot use the scheduler {quoted(address)}: write {scheme}://host:port, "
            "e.g. tcp://host:8786"
        )


def _dask(address: str) -> tuple[Any, Any, int]:
    """A Dask client on ``address``, its executor, and the cluster's thread count.

    ImportError without dask.distributed; OSError naming the address when
    the scheduler cannot be reached (or TLS is not configured for tls://).
    """
    try:
        from distributed import Client
        from distributed.security import Security
    except ImportError:
        raise ImportError(
            '--scheduler needs dask.distributed: pip install "huegames[dask]"'
        ) from None
    scheme = address.partition("://")[0]
    if scheme in ("tls", "wss") and Security().get_connection_args("client")["ssl_context"] is None:
        raise OSError(
            f"cannot reach the Dask scheduler at {address}: {scheme}:// needs TLS "
            "certificates in Dask's configuration (distributed.comm.tls)"
        )
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
        threads = sum(client.nthreads().values()) or 1
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        raise OSError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    return client, client.get_executor(), threads


class _Progress:
    """Progress on stderr: tqdm when installed, else a plain line (rate, time left)."""

    def __init__(self, total: int, show: bool, stream: TextIO | None = None) -> None:
        self.total, self.show = total, show
        self.stream = stream or sys.stderr
        self.done = 0
        self.drawn = False
        """Whether a line was started on the stream, which close() ends."""
        self.started = self.shown = time.perf_counter()
        self._tqdm: Any = None

    def start(self) -> None:
        """Draw the bar, tqdm's when it is installed (else the first update does)."""
        if not self.show:
            return
        try:
            from tqdm import tqdm
        except ImportError:
            return

        class Bar(tqdm):
            monitor_interval = 0  # no monitor thread: see runner._submit on Ctrl-C

        self.drawn = True
        self._tqdm = Bar(total=self.total, unit="game", file=self.stream)

    def update(self, done: int) -> None:
        step, self.done = done - self.done, done
        if self._tqdm is not None:
            self._tqdm.update(step)
            return
        now = time.perf_counter()
        if self.show and (now - self.shown >= 0.5 or done == self.total):
            self.shown = now
            rate = done / max(now - self.started, 1e-9)
            left = (self.total - done) / rate if rate else 0.0
            self.drawn = True
            self.stream.write(
                f"\r{done:,}/{self.total:,} games  {rate:,.0f} games/s  {_clock(left)} left   "
            )
            self.stream.flush()

    def close(self) -> None:
        """End the bar's line, so that what follows starts on a line of its own."""
        if self._tqdm is not None:
            self._tqdm.close()
        elif self.drawn:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def _progress_bar(total: int, show: bool) -> _Progress:
    return _Progress(total, show)


# -- show ----------------------------------------------------------------------


def _add_show(commands: Any) -> None:
    """The ``show`` command: a record's replay as one HTML page."""
    from .pictures import PALETTES

    show = commands.add_parser(
        "show",
        help="write a game's replay as one self-contained HTML page",
        description="Write the replay of one game as a single HTML file that needs no "
        "network: its picture at every move, the move list, the scores over the game. "
        "RECORD is a game record (a JSON file of game.to_dict()) or a run-record file "
        "of simulate --moves (.jsonl or .csv).",
    )
    show.add_argument("record", metavar="RECORD", help="the record file")
    show.add_argument("-o", "--out", metavar="OUT.html", required=True, help="the page to write")
    show.add_argument(
        "--game",
        help="the game of a run-record file (default: the one its records name; "
        "older files do not name it)",
    )
    show.add_argument(
        "--number",
        type=_integer,
        metavar="N",
        help="which game of a run-record file: its game number (default: the file's first)",
    )
    show.add_argument(
        "--palette", choices=list(PALETTES), default="standard", help="colours (standard)"
    )
    show.add_argument("--size", type=_positive, help="pixels of the game's unit square or row")


def _show(args: argparse.Namespace) -> int:
    from .show.replay import Replay, read_record

    style: dict[str, Any] = {"palette": args.palette}
    if args.size is not None:
        style["size"] = args.size
    try:
        _check_writable(args.out)
        if args.record.lower().endswith(_RUN_FILES):  # read a record at a time
            record = find_record(args.record, args.number)
        else:
            check_record_file(args.record)  # not /dev/zero, nor too large to read whole
            record = read_record(args.record, number=args.number)
        game = args.game
        named = record.get("game")
        if "format" not in record and isinstance(named, str) and game not in (None, named):
            raise ValueError(f"{quoted(args.record)} holds {quoted(named)} games, not {game!r}")
        if "format" not in record and game is None:
            game = named
            if not isinstance(game, str):
                raise ValueError(
                    f"{quoted(args.record)} holds run records of an older version, which "
                    "do not name their game: give --game NAME"
                )
        replay = Replay.of(record, game=game, **style)
        page = replay.html()
    except (ValueError, TypeError) as error:
        return _fail(str(error), USAGE_ERROR)
    try:
        with open(args.out, "w", encoding="utf-8") as stream:
            stream.write(page)
    except OSError as error:
        return _fail(f"cannot write {quoted(args.out)}: {error.strerror or error}", RUN_ERROR)
    print(f"{shown(args.out)}: {replay.spec.title}, {replay.result()}")
    return 0


# -- play ----------------------------------------------------------------------


def _add_play(commands: Any) -> None:
    """The ``play`` command: a person against the bots, in the terminal."""
    play = commands.add_parser(
        "play",
        add_help=False,
        help="play a game in the terminal against the bots (needs huegames[play])",
        description="Play one game in the terminal: you sit at --seat, bots at the other "
        "seats. At the prompt type a move's number or the move in notation (Tab "
        "completes), or a command: moves, undo, hint, save FILE, help, quit.",
    )
    _catalogued(play)
    play.add_argument("game", help=f"one of: {', '.join(engine.game_names())}")
    play.add_argument(
        "--players",
        type=_positive,
        help="seats (default: one more than the bots, at least the minimum)",
    )
    play.add_argument(
        "--bots",
        help="comma-separated bots for the other seats, in seat order, repeated round the "
        "table, as simulate --bots takes them (default: the game's last bot listed below)",
    )
    play.add_argument("--seat", type=_integer, default=0, help="your seat, from 0 (0)")
    play.add_argument("--seed", type=_integer, help="the game's seed (default: a fresh one)")
    _add_rules(play)
    play.add_argument(
        "--hint-bot",
        metavar="BOT",
        help="the bot that answers hint (default: the game's last bot listed below)",
    )
    play.add_argument(
        "--save", metavar="FILE", help="write the record to FILE when the game ends (or you leave)"
    )


def _add_rules(parser: argparse.ArgumentParser) -> None:
    """The ``--rules`` option of the commands that make games (``play.parse_rules`` reads it)."""
    parser.add_argument(
        "--rules",
        metavar="OPTIONS",
        help="rule options: key=value[,key=value...] or a JSON object (the game's Rules)",
    )


def _play(args: argparse.Namespace) -> int:
    from .show import play

    try:
        if args.save is not None:
            if not args.save:
                raise ValueError("--save needs a path")
            _check_writable(args.save)
        session = play.Session(
            args.game,
            players=args.players,
            bots=args.bots,
            seat=args.seat,
            seed=args.seed,
            rules=None if args.rules is None else play.parse_rules(args.rules),
            hint=args.hint_bot,
        )
    except (ValueError, TypeError) as error:
        return _fail(str(error), USAGE_ERROR)
    try:
        return play.run(session, save=args.save)
    except ImportError as error:
        return _fail(str(error), RUN_ERROR)


# -- evaluate ------------------------------------------------------------------


def _add_evaluate(commands: Any) -> None:
    """The ``evaluate`` command: a batched numpy policy against the bots."""
    evaluate = commands.add_parser(
        "evaluate",
        add_help=False,
        help="play a batched numpy policy against the bots (needs huegames[gymnasium])",
        description="Play POLICY, a function policy(observations, masks) -> actions "
        "(numpy in, one action id per row out), against bots in a huegames.vector batch, "
        "its seat turned each game, and print the summary simulate prints. POLICY is "
        "package.module:function, imported with the current folder on the path.",
    )
    _catalogued(evaluate)
    evaluate.add_argument("game", help=f"one of: {', '.join(engine.game_names())}")
    evaluate.add_argument("policy", help="package.module:function")
    evaluate.add_argument(
        "--against",
        default="greedy",
        help="the bot of every other seat, or comma-separated, one per other seat, "
        "as simulate --bots takes them (greedy)",
    )
    evaluate.add_argument(
        "--games", type=_games, default=1000, help="games to play, at most 10**9 (1000)"
    )
    evaluate.add_argument("--players", type=_positive, help="seats (default: the game's least)")
    evaluate.add_argument("--seed", type=_integer, default=0, help="run seed (0)")
    evaluate.add_argument("--envs", type=_positive, default=256, help="games played at once (256)")
    evaluate.add_argument(
        "--threads", type=_positive, default=1, help="threads stepping the games (1)"
    )
    _add_rules(evaluate)
    _add_debug(evaluate)


def _evaluate(args: argparse.Namespace) -> int:
    try:
        from . import vector
        from .show.play import parse_rules
    except ImportError as error:
        return _fail(f"{error} (pip install 'huegames[gymnasium]')", RUN_ERROR)
    if os.getcwd() not in sys.path:  # the user's policy module, as python -m finds it
        sys.path.insert(0, os.getcwd())
    against = [part.strip() for part in args.against.split(",")]
    started = time.perf_counter()
    try:
        policy = vector.load_policy(args.policy)
        summary = vector.evaluate(
            policy,
            args.game,
            against=against[0] if len(against) == 1 else against,
            games=args.games,
            players=args.players,
            seed=args.seed,
            num_envs=args.envs,
            rules=None if args.rules is None else parse_rules(args.rules),
            threads=args.threads,
            name=args.policy,
        )
    except vector.PolicyError as error:
        if args.debug:
            _traceback("".join(traceback.format_exception(error)))
        return _fail(str(error), RUN_ERROR)
    except (ValueError, TypeError) as error:
        return _fail(str(error), USAGE_ERROR)
    elapsed = max(time.perf_counter() - started, 1e-9)
    print(summary.table())
    print(f"\n{args.games} games in {elapsed:.1f} s ({args.games / elapsed:,.0f} games/s)")
    return 0


# -- bench ---------------------------------------------------------------------


def _bench(args: argparse.Namespace) -> int:
    if args.games:
        from .run import throughput

        print(f"huegames {__version__}: games per second through the runner, one core")
        print(f"(about {args.budget:g} s a timing; also bench/test_bench_runner.py)\n")
        print("\n".join(throughput.table(args.budget)))
        return 0

    n = args.positions
    print(f"huegames {__version__} quick benchmark: {n} rotated positions, best of 3 timings")
    print("(full suite: python -m pytest bench --benchmark-only)\n")
    rows: list[tuple[str, str, float]] = []
    for spec in engine.game_specs():
        for what, backend, inputs, call, *per in spec.hot_path_cases(n):
            seconds = _per_call(inputs, call, args.budget) / (per[0] if per else 1)
            rows.append((f"{spec.title}: {what}", backend, seconds))
    if not any(backend == "c" for _, backend, _ in rows):
        print("no C core is built here: Python timings only\n")
    print(_bench_table(rows))
    return 0


def _per_call(inputs: list[Any], call: Callable[[Any], Any], budget: float = 0.15) -> float:
    """Seconds per call, best of 3 timings, each a whole number of passes over ``inputs``."""

    def one_pass() -> None:
        for item in inputs:
            call(item)

    once = timeit.timeit(one_pass, number=1)
    passes = max(1, int(budget / max(once, 1e-9)))
    best = min(timeit.repeat(one_pass, number=passes, repeat=3))
    return best / (passes * len(inputs))


def _bench_table(rows: list[tuple[str, str, float]]) -> str:
    lines = ["| hot path | implementation | per call | vs C |", "| --- | --- | --- | --- |"]
    c_time = {what: seconds for what, name, seconds in rows if name == "c"}
    paths = list(dict.fromkeys(what for what, _, _ in rows))
    order = {"c": 0, "python": 1}
    rows = sorted(rows, key=lambda row: (paths.index(row[0]), order.get(row[1], 3)))
    for what, name, seconds in rows:
        ratio = f"{seconds / c_time[what]:.1f}x" if what in c_time else "-"
        lines.append(f"| {what} | {name} | {_duration(seconds)} | {ratio} |")
    return "\n".join(lines)


def _duration(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:,.2f} ms"
    return f"{seconds * 1e6:,.1f} us"


# -- tournament and engine -----------------------------------------------------


def _add_tournament(commands: Any) -> None:
    """The ``tournament`` command: ratings, Elo and the SPRT (:mod:`huegames.arena`)."""
    tournament = commands.add_parser(
        "tournament",
        add_help=False,
        help="a tournament between bots and engines: ratings, Elo and the SPRT "
        "(needs huegames[arena])",
        description="Play every pairing of the bots on the same seeded deals, each deal "
        "once per seat order; print Plackett-Luce ratings and, with two seats, each pair's "
        "pentanomial, Elo (95% interval), LOS and the SPRT's LLR. Every game's record "
        "(moves included, huegames show replays it) goes to --out.",
    )
    _catalogued(tournament)
    tournament.add_argument("game", help=f"one of: {', '.join(engine.game_names())}")
    tournament.add_argument(
        "--bots",
        required=True,
        help="comma-separated bots as simulate takes them, or the NAME of an --engine "
        "(an engine's name comes before a catalogue bot's)",
    )
    tournament.add_argument(
        "--engine",
        action="append",
        default=[],
        metavar="NAME=COMMAND",
        help="an external engine speaking the JSON-lines protocol (repeatable); its "
        "stderr is appended to NAME.stderr.log beside --out",
    )
    tournament.add_argument(
        "--format",
        choices=("round-robin", "gauntlet"),
        default="round-robin",
        help="every group of --players bots, or the first bot with each group of the "
        "others (round-robin)",
    )
    count = tournament.add_mutually_exclusive_group()
    count.add_argument(
        "--games",
        type=_positive,
        help="games per pairing, a multiple of the players (default: 100 a seat)",
    )
    count.add_argument(
        "--sprt",
        metavar="elo0=0,elo1=5,alpha=0.05,beta=0.05",
        help="two bots: play pairs until the SPRT on normalized Elo accepts H0 or H1",
    )
    tournament.add_argument("--max-games", type=_positive, help="with --sprt: stop undecided here")
    tournament.add_argument("--players", type=_positive, help="seats per game (the game's least)")
    tournament.add_argument("--workers", type=_positive, help="local worker processes (1)")
    tournament.add_argument("--seed", type=_integer, default=0, help="tournament seed (0)")
    tournament.add_argument(
        "--time-ms", type=_positive, default=1000, help="an engine's budget a move (1000)"
    )
    tournament.add_argument(
        "--game-ms", type=_positive, help="an engine's budget for all its moves in a game"
    )
    tournament.add_argument("--out", required=True, metavar="PATH.jsonl", help="the records")
    tournament.add_argument(
        "--resume", action="store_true", help="keep --out's games and play only the others"
    )
    tournament.add_argument(
        "--report",
        metavar="PATH.html",
        help="also write the ratings, pairs and plots as one self-contained HTML page",
    )
    progress = tournament.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress", dest="progress", action="store_true", default=None, help="show progress"
    )
    progress.add_argument(
        "--no-progress", dest="progress", action="store_false", help="no progress bar"
    )


def _tournament(args: argparse.Namespace) -> int:
    try:
        from .arena import engines as arena_engines
        from .arena import tournament as arena
    except ImportError as error:
        return _fail(f"{error} (pip install 'huegames[arena]')", RUN_ERROR)
    logs = os.path.dirname(os.path.abspath(args.out))
    try:
        if args.max_games is not None and args.sprt is None:
            raise ValueError("--max-games is for --sprt; give --games otherwise")
        named = [
            arena_engines.parse_engine(text, args.game, args.time_ms, logs, args.game_ms)
            for text in args.engine
        ]
        built = arena.Tournament.build(
            args.game,
            args.bots,
            players=args.players,
            games=args.games if args.sprt is None else args.max_games,
            seed=args.seed,
            format=args.format,
            sprt=args.sprt,
            engines={engine.name: engine for engine in named},
        )
        _check_writable(args.out)
        if args.report is not None:
            _check_writable(args.report)
    except ValueError as error:
        return _fail(str(error), USAGE_ERROR)
    show = sys.stderr.isatty() if args.progress is None else args.progress
    bar = _progress_bar(built.total_games, show)

    def progress(standings: Any) -> None:
        bar.update(standings.games)
        if bar._tqdm is not None:
            bar._tqdm.set_postfix_str(standings.status(), refresh=False)

    failure: tuple[str, int] | None = None
    try:
        bar.start()
        standings = arena.play(
            built, args.out, resume=args.resume, workers=args.workers, progress=progress
        )
    except ValueError as error:
        failure = str(error), USAGE_ERROR
    except OSError as error:
        failure = f"the tournament failed: {error}", RUN_ERROR
    except BrokenExecutor as error:
        failure = f"a worker process died: {error}", RUN_ERROR
    finally:
        bar.close()
        arena_engines.end_all()
    if failure is not None:
        return _fail(*failure)
    if args.report is not None:  # before printing: a closed stdout stops nothing
        from .arena.report import report_html

        try:
            with open(args.report, "w", encoding="utf-8") as page:
                page.write(report_html(standings))
        except OSError as error:
            return _fail(f"cannot write {quoted(args.report)}: {error.strerror}", RUN_ERROR)
    print(standings.table())
    print(f"\nrecords in {shown(args.out)}")
    if args.report is not None:
        print(f"report in {shown(args.report)}")
    return 0


def _add_engine(commands: Any) -> None:
    """The ``engine`` command: run a built-in bot as an engine, or check an engine."""
    engine_parser = commands.add_parser(
        "engine",
        help="the JSON-lines engine protocol: serve a bot as an engine, or check one",
        description="serve: answer the protocol on stdin/stdout with a built-in bot. "
        "check: play one game against COMMAND and report what it got wrong.",
    )
    actions = engine_parser.add_subparsers(dest="action", metavar="ACTION", parser_class=_Parser)
    serve = actions.add_parser("serve", help="run BOT as an engine on stdin and stdout")
    serve.add_argument("game", help=f"one of: {', '.join(engine.game_names())}")
    serve.add_argument("bot", help="a bot as simulate takes it (greedy, mcts:playouts=200, ...)")
    check = actions.add_parser("check", help="exercise every message against COMMAND")
    check.add_argument("command_line", metavar="COMMAND", help="the engine's command line")
    check.add_argument(
        "--game",
        default=engine.game_names()[0],
        help=f"the game to play (default: {engine.game_names()[0]})",
    )
    check.add_argument("--players", type=_positive, help="seats (the game's least)")
    check.add_argument("--time-ms", type=_positive, default=1000, help="budget a move (1000)")
    check.add_argument(
        "--start-ms", type=_positive, default=10_000, help="budget to answer hello (10000)"
    )
    check.add_argument("--seed", type=_integer, default=0, help="the game's seed (0)")


def _engine_command(args: argparse.Namespace) -> int:
    from .arena import check, protocol

    if args.action == "serve":
        try:
            protocol.serve(args.game, args.bot)
        except ValueError as error:
            return _fail(str(error), USAGE_ERROR)
        return 0
    if args.action == "check":
        try:
            findings = check.check_engine(
                args.command_line,
                args.game,
                args.players,
                time_ms=args.time_ms,
                start_ms=args.start_ms,
                seed=args.seed,
            )
        except ValueError as error:
            return _fail(str(error), USAGE_ERROR)
        print(check.report(findings))
        return 0 if all(finding.passed for finding in findings) else RUN_ERROR
    return _fail("give an action: serve or check (huegames engine --help)", USAGE_ERROR)
