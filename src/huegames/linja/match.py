"""Playing games between bots, and a match of several games where the loser starts the next."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .game import Game, View, new_game
from .moves import Move
from .rules import Rules


class Bot(Protocol):
    def choose(self, view: View) -> Move: ...


def play_game(game: Game, bots: Sequence[Bot]) -> Game:
    """Play ``game`` to the end, seat ``s`` choosing with ``bots[s]``; returns the game."""
    while not game.is_over:
        seat = game.current_player
        game.play(bots[seat].choose(game.view(seat)))
    return game


def next_first_player(game: Game) -> int:
    """Who starts the next game of a match: the loser; after a draw, the seat
    that did not start this one."""
    if not game.is_over:
        raise ValueError("the game is not over: no next game yet")
    if game.winner is None:
        return 1 - game.first_player
    return 1 - game.winner


def play_match(
    bots: Sequence[Bot], games: int, seed: int, *, rules: Rules | None = None
) -> list[Game]:
    """A match of ``games`` games: the first starter drawn from ``seed``, then the
    loser of each game starts the next.  Every game's seed comes from ``seed``."""
    rng = random.Random(seed)
    played: list[Game] = []
    for _ in range(games):
        first = None if not played else next_first_player(played[-1])
        game = new_game(rng.randrange(2**63), first_player=first, rules=rules)
        played.append(play_game(game, bots))
    return played
