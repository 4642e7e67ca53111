"""Seeded game records and ``huegames simulate`` output, kept from before a refactor.

Issue 24 moved every module; what the games do must not have moved with
them.  :data:`CASES` names seeded games (each bot of each catalogue, at
the fewest and the most seats) and seeded simulate runs (Python engine
and kernel, CSV and JSON lines with moves); :func:`produce` plays one.
``tests/data/golden/`` holds what each produced before the change, made
by ``python tests/golden.py --write``; ``tests/run/test_golden.py``
checks today's output against it byte for byte, on both backends.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path

FOLDER = Path(__file__).parent / "data" / "golden"

# Cheap settings for the search bots: the record, not the strength, is under test.
SETTINGS = {"mcts": "mcts:playouts=24:candidates=4", "search": "search:nodes=40:max_depth=2"}
GAMES = ("hue", "linja", "plank", "hues-and-cues")


def _game_cases() -> list[str]:
    from huegames import engine

    cases = []
    for name in GAMES:
        spec = engine.game_spec(name)
        seats = sorted({spec.min_players, min(spec.max_players, spec.min_players + 2)})
        for entry in spec.bots:
            for players in seats:
                cases.append(f"game-{name}-{entry.name}-{players}")
    return cases


def _simulate_cases() -> list[str]:
    return [
        f"simulate-{name}-{engine}-{fmt}"
        for name in GAMES
        for engine in ("python", "auto")
        for fmt in ("csv", "jsonl")
    ]


def cases(backend: str = "c") -> list[str]:
    """Every kept case's name (its file's stem) that ``backend`` reproduces.

    The kept files come from the C backend.  Hue's MCTS plays out in C there
    and in Python on the other backend, with other random numbers, and an
    ``auto`` run uses the kernels only with C: those cases are the C
    backend's alone.
    """
    every = _game_cases() + _simulate_cases()
    if backend == "c":
        return every
    return [case for case in every if "-mcts-" not in case and "-auto-" not in case]


def _play(name: str, bot: str, players: int) -> bytes:
    from huegames import engine

    spec = engine.game_spec(name)
    spec_text = SETTINGS.get(bot, bot)
    # the kept game: seat s plays `bot`, every other seat the catalogue's first bot
    bots = [
        spec.bot(spec_text if seat == 0 else spec.bots[0].name, seed=100 + seat)
        for seat in range(players)
    ]
    game = spec.new_game(players=players, seed=players * 1000 + len(bot))
    engine.play_game(game, bots)
    record = {"record": game.to_dict(), "scores": game.scores(), "outcome": repr(game.outcome())}
    return (json.dumps(record, sort_keys=True, indent=1) + "\n").encode()


def _simulate(name: str, which: str, fmt: str) -> bytes:
    from huegames import cli

    bots = {"hue": "random,greedy", "linja": "greedy,random", "plank": "random,greedy"}.get(
        name, "random,en,random"
    )
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, f"runs.{fmt}")
        argv = [
            "simulate", name, "--games", "8", "--bots", bots, "--seed", "24",
            "--engine", which, "--workers", "1", "--no-progress", "--out", str(out),
        ]  # fmt: skip
        if fmt == "jsonl":
            argv.append("--moves")
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            status = cli.main(argv)
        assert status == 0, printed.getvalue()
        # the timing line differs run to run; the table above it may not
        table = printed.getvalue().rsplit("\n\n", 1)[0]
        return table.encode() + b"\n---\n" + out.read_bytes()


def produce(case: str) -> bytes:
    """What ``case`` gives today."""
    kind, rest = case.split("-", 1)
    if kind == "game":
        name, bot, players = rest.rsplit("-", 2)
        return _play(name, bot, int(players))
    name, which, fmt = rest.rsplit("-", 2)
    return _simulate(name, which, fmt)


def path(case: str) -> Path:
    return FOLDER / f"{case}.txt"


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/golden.py --write  (before a change that must keep them)")
    FOLDER.mkdir(parents=True, exist_ok=True)
    for case in cases():
        path(case).write_bytes(produce(case))
        print(case)
