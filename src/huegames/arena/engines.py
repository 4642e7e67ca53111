"""External engines: bots in any language, run as processes that speak
:mod:`huegames.arena.protocol` on their standard input and output.

An :class:`Engine` is a bot factory the runner can carry to worker
processes (plain data: a name, a command, the time budget): each game
builds an :class:`EngineBot`, which starts its process at its first move,
so every game starts a fresh process and a faulty engine is restarted for
its next game.  An engine that crashes, says nothing within its budget,
writes something that is not a JSON object, answers another ``id`` or
leaves the protocol raises :class:`EngineError` from ``choose``, which the
runner records as that seat's forfeit, with the reason; an illegal move is
refused by the game, likewise a forfeit.  Its standard error goes to its
log file.

:func:`game_played` ends the game for the engines started during it
(``game_over``, ``quit``, then the process is ended); no engine process
outlives the process that started it (on Linux the kernel ends it when that
process dies, Ctrl-C and ``kill -9`` included).
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any, Final

from .. import engine as _engine
from ..records import brief
from ..text import quoted
from . import protocol

__all__ = [
    "MARGIN_MS",
    "START_MS",
    "Engine",
    "EngineBot",
    "EngineError",
    "EngineProcess",
    "die_with_parent",
    "end_all",
    "game_played",
    "handshake",
    "parse_engine",
]

MARGIN_MS: Final = 200
"""Milliseconds an engine may take beyond ``time_ms`` (pipes and scheduling)."""

START_MS: Final = 10_000
"""Milliseconds an engine may take to start and answer ``hello``."""

MAX_LINE: Final = 1 << 20
"""The longest line an engine may write (a megabyte); a longer one is a fault."""


class EngineError(RuntimeError):
    """An engine broke the protocol: the message says how (it forfeits the game)."""


class EngineProcess:
    """One running engine process: JSON lines in and out, each read with a deadline.

    ``command`` is a shell-like command line (split with :func:`shlex.split`)
    or a list of arguments; its standard error is appended to ``log`` (a
    path), else discarded.
    """

    def __init__(self, command: str | Sequence[str], log: str | None = None) -> None:
        args = shlex.split(command) if isinstance(command, str) else list(command)
        if not args:
            raise ValueError("an engine's command is empty")
        self.command = args
        self.log = log
        error: IO[bytes] | int = subprocess.DEVNULL
        if log is not None:
            error = open(log, "ab")  # noqa: SIM115 - kept open by the process, closed in close()
        try:
            self.process = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=error,
                preexec_fn=die_with_parent if sys.platform == "linux" else None,
            )
        except OSError as failure:
            raise EngineError(f"could not be started: {failure.strerror or failure}") from None
        finally:
            if not isinstance(error, int):
                error.close()
        _live.add(self)
        self._buffer = b""

    def send(self, message: Mapping[str, Any]) -> None:
        """Write one message (an EngineError when the engine has gone)."""
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
            stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineError(self._gone("stopped reading")) from None

    def receive(self, deadline_ms: int) -> dict[str, Any]:
        """The engine's next message: an EngineError when it is not a JSON
        object, or none comes within ``deadline_ms``."""
        line = self._line(time.monotonic() + deadline_ms / 1000, deadline_ms)
        try:
            message = json.loads(line)
        except ValueError:
            raise EngineError(
                f"wrote something that is not JSON: {quoted(line.decode('utf-8', 'replace'), 60)}"
            ) from None
        if not isinstance(message, dict):
            raise EngineError(f"wrote JSON that is not an object: {brief(message)}")
        return message

    def _line(self, deadline: float, budget_ms: int) -> bytes:
        stdout = self.process.stdout
        assert stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(stdout, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                if len(self._buffer) > MAX_LINE:
                    raise EngineError(f"wrote a line of more than {MAX_LINE} bytes")
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise EngineError(f"did not answer within {budget_ms} ms")
                chunk = os.read(stdout.fileno(), 65536)
                if not chunk:
                    raise EngineError(self._gone("closed its output"))
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.strip()

    def _gone(self, what: str) -> str:
        try:
            code = self.process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            return what
        if code < 0:
            return f"{what}: killed by {signal.Signals(-code).name}"
        return f"{what}: exited with status {code}"

    def close(self, grace_ms: int = 500) -> None:
        """Ask the engine to quit, and end it if it has not within ``grace_ms``."""
        _live.discard(self)
        with contextlib.suppress(EngineError):
            self.send(protocol.quit_message())
        with contextlib.suppress(OSError):
            self.process.stdin.close()  # type: ignore[union-attr]
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=grace_ms / 1000)
        self.kill()  # a no-op for an engine that has quit, but for its pipes

    def kill(self) -> None:
        """End the process now, and close its pipes."""
        _live.discard(self)
        with contextlib.suppress(OSError):
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)
        for pipe in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                if pipe is not None:
                    pipe.close()


def die_with_parent() -> None:
    """Ask the Linux kernel to kill this process when its parent dies, however
    the parent dies (``kill -9`` included); elsewhere, nothing.  An engine's
    process calls it before it runs the command, a tournament's worker at start."""
    if sys.platform != "linux":
        return
    import ctypes

    pr_set_pdeathsig = 1
    ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)


class _Live(threading.local):
    """The engine processes this thread has running, and the bots of the game in play."""

    def __init__(self) -> None:
        self.processes: set[EngineProcess] = set()
        self.bots: list[EngineBot] = []

    def add(self, process: EngineProcess) -> None:
        self.processes.add(process)

    def discard(self, process: EngineProcess) -> None:
        self.processes.discard(process)


_live = _Live()


def handshake(process: EngineProcess, deadline_ms: int = START_MS) -> dict[str, Any]:
    """Say hello and return the engine's ``ready`` (an EngineError if it is not one)."""
    process.send(protocol.hello())
    while True:
        message = process.receive(deadline_ms)
        if message.get("type") == "ready":
            return message
        if message.get("type") == "move":
            raise EngineError(f"answered hello with {brief(message)}, not ready")


@dataclass(frozen=True)
class Engine:
    """An external engine as a bot factory: ``Engine(...)(seed=...)`` is the
    :class:`EngineBot` of one game.  Results name it ``name``.

    ``time_ms`` is its budget a move, ``game_ms`` (optional) for all its
    moves in a game (a move is then given at most what is left), ``start_ms``
    to start and answer hello; ``log`` the file its standard error is
    appended to (None: discarded).
    """

    name: str
    command: str
    game: str
    time_ms: int = 1000
    log: str | None = None
    start_ms: int = START_MS
    game_ms: int | None = None

    def __post_init__(self) -> None:
        if not self.name or not isinstance(self.name, str) or "," in self.name or ":" in self.name:
            raise ValueError(f"an engine's name is text without ',' or ':', not {brief(self.name)}")
        if not shlex.split(self.command):
            raise ValueError(f"engine {self.name}: its command is empty")
        for name in ("time_ms", "start_ms", "game_ms"):
            value = getattr(self, name)
            if name == "game_ms" and value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a positive integer, not {brief(value)}")
        # a bot factory's name is what results call it (BotSpec.label reads __qualname__)
        object.__setattr__(self, "__qualname__", self.name)

    def __call__(self, seed: int) -> EngineBot:
        return EngineBot(self, seed)


def parse_engine(
    text: str,
    game: str,
    time_ms: int = 1000,
    log_dir: str | None = None,
    game_ms: int | None = None,
) -> Engine:
    """``NAME=COMMAND`` as ``--engine`` takes it, for ``game``.

    >>> from huegames.arena.engines import parse_engine
    >>> parse_engine("mine=./my-engine --fast", "linja").command
    './my-engine --fast'
    """
    name, equals, command = text.partition("=")
    if not equals or not name.strip() or not command.strip():
        raise ValueError(f"an engine is NAME=COMMAND, not {brief(text)}")
    name = name.strip()
    log = None if log_dir is None else os.path.join(log_dir, f"{name}.stderr.log")
    return Engine(name, command.strip(), game, time_ms, log, game_ms=game_ms)


class EngineBot:
    """One game of an :class:`Engine`: its process is started at the first move."""

    def __init__(self, engine: Engine, seed: int) -> None:
        self.engine = engine
        self.seed = seed
        self.process: EngineProcess | None = None
        self.moves = 0
        self.used_ms = 0.0
        """Milliseconds the engine has taken to answer in this game."""
        _live.bots.append(self)

    def choose(self, view: Any) -> str:
        """The engine's move text for this view (EngineError if it breaks the protocol)."""
        seat = _engine.check_turn(view)
        try:
            if self.process is None:
                self.process = self._start(view, seat)
            self.moves += 1
            budget = self._budget()
            legal = [str(move) for move in view.legal_moves()]
            message = protocol.view_message(view, _engine.derive_seed(self.seed, self.moves))
            self.process.send(protocol.go(self.moves, message, legal, budget))
            asked = time.monotonic()
            answer = self.process.receive(budget + MARGIN_MS)
            self.used_ms += (time.monotonic() - asked) * 1000
            if answer.get("type") != "move" or not isinstance(answer.get("move"), str):
                raise EngineError(f"answered go with {brief(answer)}, not a move")
            if answer.get("id") != self.moves:
                raise EngineError(f"answered go {self.moves} with the id {brief(answer.get('id'))}")
            return str(answer["move"])
        except EngineError as error:
            if self.process is not None:
                self.process.kill()
            raise EngineError(f"{error}{self._log_note()}") from None

    def _budget(self) -> int:
        """This move's ``time_ms``: the budget a move, or what is left of the game's."""
        game_ms = self.engine.game_ms
        if game_ms is None:
            return self.engine.time_ms
        left = int(game_ms - self.used_ms)
        if left < 1:
            raise EngineError(f"used up its {game_ms} ms for the game")
        return min(self.engine.time_ms, left)

    def _start(self, view: Any, seat: int) -> EngineProcess:
        process = EngineProcess(self.engine.command, self.engine.log)
        try:
            handshake(process, self.engine.start_ms)
            rules = protocol.view_message(view, self.seed)["state"].get("rules", {})
            process.send(
                protocol.new_game(self.engine.game, view.players, seat, rules or {}, self.seed)
            )
        except EngineError:
            process.kill()
            raise
        return process

    def _log_note(self) -> str:
        log = self.engine.log
        return "" if log is None else f" (its stderr: {quoted(log)})"

    def finish(self, scores: list[float], winners: list[int]) -> None:
        """Tell the engine the game is over, then let it quit."""
        if self.process is None or self.process.process.poll() is not None:
            if self.process is not None:
                self.process.kill()
            return
        with contextlib.suppress(EngineError):
            self.process.send(protocol.game_over(scores, winners))
        self.process.close()


@contextlib.contextmanager
def game_played() -> Iterator[list[EngineBot]]:
    """Around one game: yields the list of engine bots made during it; at the
    end every engine process they started is ended (call their
    :meth:`EngineBot.finish` first to say ``game_over``)."""
    _live.bots = []
    try:
        yield _live.bots
    finally:
        for bot in _live.bots:
            if bot.process is not None:
                bot.process.kill()
        _live.bots = []


def end_all() -> None:
    """End every engine process this thread started that is still running."""
    for process in list(_live.processes):
        process.kill()
