"""``huegames engine check``: every message of the protocol sent to a real
engine, and what it got wrong.

:func:`check_engine` starts the engine, says hello, sends a message type
and fields it cannot know (which it must ignore), plays one whole game
against the game's random bot (every ``go`` answered in time, with its
``id``, by a legal move), ends it and asks the engine to quit.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass

from .. import engine as _engine
from ..records import brief
from . import protocol
from .engines import MARGIN_MS, START_MS, EngineError, EngineProcess, handshake

__all__ = ["Finding", "check_engine", "report"]


@dataclass(frozen=True)
class Finding:
    """One check: what was checked, and whether the engine passed it."""

    passed: bool
    what: str

    def __str__(self) -> str:
        return f"{'ok  ' if self.passed else 'FAIL'} {self.what}"


def check_engine(
    command: str,
    game: str,
    players: int | None = None,
    *,
    time_ms: int = 1000,
    start_ms: int = START_MS,
    seed: int = 0,
) -> list[Finding]:
    """Run ``command`` as an engine through one game of ``game`` and say what it did.

    The engine sits at seat 0; the game's ``random`` bot plays the others.
    ``time_ms`` is its budget a move, ``start_ms`` to answer hello.  The
    findings stop at the first fault that ends the game.
    """
    spec = _engine.game_spec(game)
    count = spec.min_players if players is None else spec.check_players(players)
    findings: list[Finding] = []
    try:
        process = EngineProcess(command)
    except EngineError as error:
        return [Finding(False, f"the engine {error}")]
    try:
        _play_checked(process, spec, count, time_ms, start_ms, seed, findings)
    except EngineError as error:
        findings.append(Finding(False, f"the engine {error}"))
        process.kill()
        return findings
    process.send(protocol.quit_message())
    try:
        process.process.wait(timeout=1)
        findings.append(Finding(True, "it exits on quit"))
    except subprocess.TimeoutExpired:
        findings.append(Finding(False, "it was still running a second after quit"))
    process.kill()
    return findings


def _play_checked(
    process: EngineProcess,
    spec: _engine.GameSpec,
    players: int,
    time_ms: int,
    start_ms: int,
    seed: int,
    findings: list[Finding],
) -> None:
    ready = handshake(process, start_ms)
    findings.append(Finding(True, "it answers hello with ready"))
    for key in ("name", "version"):
        value = ready.get(key)
        findings.append(
            Finding(
                isinstance(value, str) and bool(value), f"ready names its {key}: {brief(value)}"
            )
        )
    process.send({"type": "huegames-check-unknown", "protocol": protocol.PROTOCOL, "extra": [1]})
    game = spec.new_game(players=players, seed=seed)
    others = [spec.bot("random", seed=_engine.derive_seed(seed, seat)) for seat in range(players)]
    message = protocol.new_game(spec.name, players, 0, {}, seed)
    process.send({**message, "unknown_field": True})
    moves = 0
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        if seat != 0:
            game.play(others[seat].choose(game.view(seat)))
            continue
        moves += 1
        view = game.view(0)
        legal = [str(move) for move in view.legal_moves()]
        go = protocol.go(moves, protocol.view_message(view, moves), legal, time_ms)
        process.send({**go, "unknown_field": {"nested": True}})
        answer = process.receive(time_ms + MARGIN_MS)
        if answer.get("type") != "move":
            raise EngineError(f"answered go {moves} with {brief(answer)}, not a move")
        if answer.get("id") != moves:
            raise EngineError(f"answered go {moves} with the id {brief(answer.get('id'))}")
        if answer.get("move") not in legal:
            raise EngineError(f"played {brief(answer.get('move'))}, not a legal move")
        game.play(answer["move"])
    findings.append(Finding(True, "it ignores unknown message types and fields"))
    findings.append(
        Finding(True, f"it played {moves} legal moves in time, each with its id, to the end")
    )
    outcome = game.outcome()
    winners = [] if outcome is None else list(outcome.winners)
    process.send(protocol.game_over(game.scores(), winners))


def report(findings: list[Finding]) -> str:
    """The findings one a line, and a last line saying whether all passed."""
    failed = sum(not finding.passed for finding in findings)
    verdict = "the engine passed every check" if not failed else f"{failed} check(s) failed"
    return "\n".join([*map(str, findings), verdict])
