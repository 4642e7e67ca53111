"""The engine protocol, version 1: JSON lines between huegames and a bot in any language.

huegames writes one JSON object a line to the engine's standard input and
reads one a line from its standard output (UTF-8); the engine writes
anything else to standard error.  Both sides ignore message types and
fields they do not know, so later versions can add to them.

- huegames sends ``{"type": "hello", "protocol": 1}``; the engine answers
  ``{"type": "ready", "name": ..., "version": ...}``.
- ``{"type": "new_game", "game": NAME, "players": P, "seat": S, "rules": {...},
  "seed": N}``: no answer.
- ``{"type": "go", "id": K, "view": {...}, "legal": [TEXT, ...], "time_ms": T}``:
  the engine answers ``{"type": "move", "id": K, "move": TEXT}``.
- ``{"type": "game_over", "scores": [...], "winners": [...]}``: no answer.
- ``{"type": "quit"}``: the engine exits.

``seed`` is the engine's own seed for the game (its random choices), not
the deal's.  A ``view`` holds ``player``, ``players``, ``current_player``
and ``state``: a game record (as ``Game.to_dict()`` writes it) of a game
this seat cannot tell from the real one, what it may not see (other hands,
a target) drawn at random; :func:`serve` rebuilds it with the game's
``from_dict``.  ``legal`` lists the legal moves' texts; the answer must be
one of them, within ``time_ms`` milliseconds.

:func:`serve` makes any :class:`~huegames.engine.Bot` an engine::

    from huegames.arena.protocol import serve
    serve("linja", "greedy")    # reads stdin, writes stdout until quit
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any, Final, TextIO

from .. import __version__
from .. import engine as _engine

__all__ = [
    "PROTOCOL",
    "game_over",
    "go",
    "hello",
    "new_game",
    "quit_message",
    "serve",
    "view_message",
]

PROTOCOL: Final = 1
"""The protocol version this module speaks."""


def hello() -> dict[str, Any]:
    """The first message: which protocol huegames speaks."""
    return {"type": "hello", "protocol": PROTOCOL}


def new_game(
    game: str, players: int, seat: int, rules: Mapping[str, Any], seed: int
) -> dict[str, Any]:
    """A game starts: the engine plays ``seat``; ``seed`` is its own."""
    return {
        "type": "new_game",
        "game": game,
        "players": players,
        "seat": seat,
        "rules": dict(rules),
        "seed": seed,
    }


def go(number: int, view: Mapping[str, Any], legal: list[str], time_ms: int) -> dict[str, Any]:
    """Ask for move ``number`` of the engine's seat, answered within ``time_ms``."""
    return {"type": "go", "id": number, "view": dict(view), "legal": legal, "time_ms": time_ms}


def game_over(scores: Sequence[float], winners: Sequence[int]) -> dict[str, Any]:
    """The game has ended with these scores and winning seats."""
    return {"type": "game_over", "scores": list(scores), "winners": list(winners)}


def quit_message() -> dict[str, Any]:
    """The engine should exit."""
    return {"type": "quit"}


def view_message(view: Any, seed: int) -> dict[str, Any]:
    """A seat's view as JSON: its seat, the seat to move, and the record of a game
    it cannot tell from the real one (``view.sample``, drawn from ``seed``).

    >>> from huegames import linja
    >>> from huegames.arena.protocol import view_message
    >>> message = view_message(linja.new_game(seed=1).view(0), seed=2)
    >>> message["player"], message["current_player"], message["state"]["game"]
    (0, 0, 'linja')
    """
    sample = getattr(view, "sample", None)
    if not callable(sample):
        raise ValueError(f"{type(view).__qualname__} has no sample(): it cannot be sent")
    return {
        "player": view.player,
        "players": view.players,
        "current_player": view.current_player,
        "state": sample(random.Random(seed)).to_dict(),
    }


def serve(
    game: str,
    bot: _engine.BotSpec | str | _engine.BotFactory,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> None:
    """Play as an engine: answer the messages on ``stdin`` (default the
    process's) on ``stdout`` with ``bot``'s moves until ``quit`` or the end
    of the input.  Lines that are not JSON objects, and unknown message
    types, are ignored.

    ``bot`` is a catalogue name or spec text (``"mcts:playouts=200"``), a
    :class:`~huegames.engine.BotSpec`, or any bot class or factory, made
    afresh each game with the ``seed`` of ``new_game``.

    >>> import io, json
    >>> from huegames import linja
    >>> from huegames.arena import protocol
    >>> view = protocol.view_message(linja.new_game(seed=1).view(0), seed=0)
    >>> messages = [protocol.hello(), protocol.new_game("linja", 2, 0, {}, 7),
    ...             protocol.go(1, view, [], 1000), protocol.quit_message()]
    >>> lines = io.StringIO("".join(json.dumps(message) + "\\n" for message in messages))
    >>> out = io.StringIO()
    >>> protocol.serve("linja", "greedy", lines, out)
    >>> [json.loads(line)["type"] for line in out.getvalue().splitlines()]
    ['ready', 'move']
    """
    spec = _engine.game_spec(game)
    bot_spec = _engine.BotSpec.of(bot)
    bot_spec.check(spec)
    source = sys.stdin if stdin is None else stdin
    sink = sys.stdout if stdout is None else stdout
    player: Any = None

    def answer(message: Mapping[str, Any]) -> None:
        sink.write(json.dumps(message, separators=(",", ":")) + "\n")
        sink.flush()

    for line in source:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if not isinstance(message, dict):
            continue
        kind = message.get("type")
        if kind == "hello":
            answer({"type": "ready", "name": bot_spec.label, "version": __version__})
        elif kind == "new_game":
            player = bot_spec.build(spec, seed=int(message.get("seed", 0)))
        elif kind == "go":
            if player is None:
                player = bot_spec.build(spec, seed=0)
            view = message["view"]
            state = spec.from_dict(view["state"])
            move = player.choose(state.view(view["player"]))
            answer({"type": "move", "id": message.get("id"), "move": str(move)})
        elif kind == "quit":
            return
