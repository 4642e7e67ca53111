"""The ``huegames`` command: batch simulations and a quick benchmark.

huegames simulate hue --games 100000 --players 4 --bots greedy,random,random,random \\
    --workers 2 --seed 1 --out results.csv
huegames simulate hue --games 1000000 --scheduler tcp://host:8786 --out results.jsonl
huegames simulate hue --bots mcts:playouts=200,greedy --seat-swap --games 100
huegames simulate linja --bots mypkg.mybots:MyBot,greedy
huegames bench

Bad arguments, unknown games or bots and unwritable files end with one line
on stderr and exit status 2 (1 for a scheduler that cannot be reached),
never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import timeit
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from . import __version__, engine
from .recordfiles import FORMATS, format_of
from .runner import RunSpec, simulate

USAGE_ERROR, RUN_ERROR, INTERRUPTED = 2, 1, 130


class UsageError(Exception):
    """A mistake in the command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    appendix: Callable[[], str] | None = None
    """Text added under the help, made only when the help is shown."""

    def error(self, message: str):  # argparse's own errors: one line, no usage dump
        raise UsageError(message)

    def format_help(self) -> str:
        text = super().format_help()
        return f"{text}\n{self.appendix()}" if self.appendix is not None else text


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="huegames", description="Rules engines for Hue, Linja, Plank and Hues and Cues."
    )
    parser.add_argument("--version", action="version", version=f"huegames {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    sim = commands.add_parser(
        "simulate",
        help="play many seeded games between bots and summarise them",
        description="Play many seeded games between bots; stream the records to a file "
        "and print each bot's win rate (95%% Wilson interval) and scores.",
    )
    sim.appendix = _bot_catalogue
    sim.add_argument("game", help=f"one of: {', '.join(engine.game_names())}")
    sim.add_argument("--games", type=_positive, default=1000, help="games to play (1000)")
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
        "--workers", type=_positive, help="local worker processes (default: every core)"
    )
    sim.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask cluster, e.g. tcp://host:8786 (needs huegames[dask])",
    )
    sim.add_argument("--out", metavar="PATH", help="stream every game's record to PATH")
    sim.add_argument(
        "--format", choices=FORMATS, help="record format (default: from --out's extension)"
    )
    sim.add_argument("--moves", action="store_true", help="record every move too")
    sim.add_argument("--chunk-size", type=_positive, default=50, help="games per task (50)")
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
        "pure-Python backend, and against scipy.ndimage.label when scipy is installed. "
        "For the full benchmarks: python -m pytest bench --benchmark-only.",
    )
    bench.add_argument(
        "--positions", type=_positive, default=16, help="positions rotated over (16)"
    )
    bench.add_argument(
        "--budget", type=float, default=0.15, help="seconds per timing, about (0.15)"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "bench":
            return _bench(args)
        build_parser().print_help()
        return USAGE_ERROR
    except UsageError as error:
        return _fail(str(error), USAGE_ERROR)
    except KeyboardInterrupt:
        return _fail("interrupted", INTERRUPTED)


def _fail(message: str, status: int) -> int:
    print(f"huegames: error: {message}", file=sys.stderr)
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
        )
        if args.out:
            _check_writable(args.out)
        fmt = args.format or (format_of(args.out) if args.out else None)
    except ValueError as error:
        return _fail(str(error), USAGE_ERROR)

    client = None
    executor = None
    workers = args.workers
    if args.scheduler:
        try:
            client, executor, workers = _dask(args.scheduler)
        except (ImportError, OSError, TimeoutError, ValueError) as error:
            return _fail(str(error), RUN_ERROR)

    show = sys.stderr.isatty() if args.progress is None else args.progress
    bar = _progress_bar(args.games, show)
    started = time.perf_counter()
    try:
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
        )
    except ValueError as error:
        return _fail(str(error), USAGE_ERROR)
    finally:
        bar.close()
        if client is not None:
            client.close()
    elapsed = time.perf_counter() - started

    where = args.scheduler or f"{workers or os.cpu_count()} local worker(s)"
    backend = ""
    if args.game == "hue":
        from . import hue

        backend = f", Hue backend {hue.backend}"
    print(result.summary.table())
    print(
        f"\n{args.games} games in {elapsed:.1f} s ({args.games / elapsed:,.0f} games/s) "
        f"on {where}{backend}" + (f"; records in {args.out} ({fmt})" if args.out else "")
    )
    return 0


def _bot_catalogue() -> str:
    """Each game's players and bots, with their one-line descriptions and settings."""
    lines = [
        "games and their bots (NAME[:setting=value...]; settings with their defaults):",
    ]
    for name in engine.game_names():
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
            lines.append(f"    {entry.name:<{width}}  {entry.description}")
            if entry.settings:
                settings = " ".join(f"{key}={value}" for key, value in entry.settings.items())
                lines.append(f"    {'':<{width}}  settings: {settings}")
    lines += [
        "",
        "your own bot: --bots package.module:Factory[:setting=value...], a class or",
        "function called as Factory(seed=..., **settings) whose bots have choose(view).",
    ]
    return "\n".join(lines) + "\n"


def _check_writable(path: str) -> None:
    """Refuse an output path that cannot be written, before any game is played."""
    if os.path.isdir(path):
        raise ValueError(f"cannot write {path!r}: it is a directory")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise ValueError(f"cannot write {path!r}: no folder {folder!r}")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise ValueError(f"cannot write {path!r}: permission denied")


def _dask(address: str) -> tuple[Any, Any, int]:
    """A Dask client on ``address``, its executor, and the cluster's thread count."""
    try:
        from distributed import Client
    except ImportError:
        raise ImportError(
            '--scheduler needs dask.distributed: pip install "huegames[dask]"'
        ) from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as error:
        raise OSError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    threads = sum(client.nthreads().values()) or 1
    return client, client.get_executor(), threads


class _Progress:
    """Progress on stderr: tqdm when installed, else a plain line (rate, time left)."""

    def __init__(self, total: int, show: bool, stream: TextIO | None = None) -> None:
        self.total, self.show = total, show
        self.stream = stream or sys.stderr
        self.done = 0
        self.started = self.shown = time.perf_counter()
        self._tqdm = None
        if show:
            try:
                from tqdm import tqdm
            except ImportError:
                pass
            else:
                self._tqdm = tqdm(total=total, unit="game", file=self.stream)

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
            self.stream.write(
                f"\r{done:,}/{self.total:,} games  {rate:,.0f} games/s  {_clock(left)} left   "
            )
            self.stream.flush()

    def close(self) -> None:
        if self._tqdm is not None:
            self._tqdm.close()
        elif self.show and self.done:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def _progress_bar(total: int, show: bool) -> _Progress:
    return _Progress(total, show)


# -- bench ---------------------------------------------------------------------


def _bench(args: argparse.Namespace) -> int:
    import random

    from . import hue
    from .hue.bots import random_position

    n = args.positions
    print(f"huegames {__version__} quick benchmark: {n} rotated positions, best of 3 timings")
    print(f"(active backend: {hue.backend}; full suite: python -m pytest bench --benchmark-only)\n")

    end_boards = [random_position(4, seed).board for seed in range(n)]
    middles = []
    for seed in range(1000, 1000 + n):
        board = random_position(4, seed, moves=12).board
        free = [card.id for card in board.deck.cards if card.id not in board]
        middles.append((board, random.Random(seed).sample(free, 6)))

    rows: list[tuple[str, str, float]] = []
    if "c" not in hue.backends():
        print("the C core is not built here: Python timings only\n")
    for name in hue.backends():  # both backends in one run, each board copied onto it
        boards = [board.with_backend(name) for board in end_boards]
        rows.append(
            ("colour values, end of game", name, _per_call(boards, _colour_values, args.budget))
        )
        cases = [(board.with_backend(name), hand) for board, hand in middles]
        rows.append(
            ("legal placements, 6-card hand", name, _per_call(cases, _legal_of_hand, args.budget))
        )
    try:
        from .scipy_scoring import Picture
    except ImportError:
        print("scipy/numpy not installed: no scipy.ndimage.label comparison\n")
    else:
        pictures = [Picture(board) for board in end_boards]
        rows.append(
            (
                "colour values, end of game",
                "scipy",
                _per_call(pictures, _colour_values, args.budget),
            )
        )

    print(_bench_table(rows))
    return 0


def _colour_values(board: Any) -> Any:
    return board.colour_values()


def _legal_of_hand(case: tuple[Any, list[str]]) -> Any:
    board, hand = case
    return len(board.legal_placements_of(hand))


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
    order = {"c": 0, "python": 1, "scipy": 2}
    rows = sorted(rows, key=lambda row: (paths.index(row[0]), order.get(row[1], 3)))
    for what, name, seconds in rows:
        ratio = f"{seconds / c_time[what]:.1f}x" if what in c_time else "-"
        lines.append(f"| {what} | {name} | {_duration(seconds)} | {ratio} |")
    return "\n".join(lines)


def _duration(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:,.2f} ms"
    return f"{seconds * 1e6:,.1f} us"
