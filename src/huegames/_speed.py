"""The timing cases every game's ``huegames bench`` rows share: its API
calls on one backend, over positions and seeds the game's speed module gives
(``GameSpec.hot_paths``).  Knows no game by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Case = tuple[Any, ...]
"""``(what, backend, inputs, call)``, and for a kernel's batch how many games one call plays."""
RANDOM_GAME = "a random game through the API"
"""The row of a whole random game: ``new_game``, ``legal_moves``, ``play`` to
the end, ``scores``."""


def backends(c_available: bool) -> tuple[str, ...]:
    """The backends a game runs on here: ``"c"`` first when its core is loaded."""
    return ("c", "python") if c_available else ("python",)


def api_cases(
    backend: str,
    count: int,
    games: Sequence[Any],
    random_game: Callable[[tuple[int, str]], Any],
    new_game: tuple[str, list[Any], Callable[[Any], Any]],
) -> list[Case]:
    """The API's rows on ``backend``: ``random_game`` of seeds ``0 .. count-1``,
    ``new_game`` (its row name, inputs and call), and ``legal_moves``,
    ``play`` with ``undo``, ``view`` and ``scores`` on ``games`` (positions
    part way through, none over)."""
    seeds = [(seed, backend) for seed in range(count)]
    what, inputs, call = new_game
    positions = list(games)
    moves = [(game, game.legal_moves()[-1]) for game in positions]
    return [
        (RANDOM_GAME, backend, seeds, random_game),
        (what, backend, inputs, call),
        ("legal_moves()", backend, positions, _legal_moves),
        ("play(move) and undo()", backend, moves, _play_and_undo),
        ("view(seat)", backend, positions, _view),
        ("scores()", backend, positions, _scores),
    ]


def _legal_moves(game: Any) -> int:
    return len(game.legal_moves())


def _play_and_undo(case: tuple[Any, Any]) -> None:
    game, move = case
    game.play(move)
    game.undo()


def _view(game: Any) -> Any:
    return game.view(game.current_player or 0)


def _scores(game: Any) -> Any:
    return game.scores()
