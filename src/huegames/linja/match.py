"""A match of several games where the loser of each game starts the next (rules §1)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import engine
from .game import Game, new_game
from .rules import Rules


def next_first_player(game: Game) -> int:
    """Who starts the next game of a match: the loser; after a draw, the seat
    that did not start this one."""
    if not game.is_over:
        raise ValueError("the game is not over: no next game yet")
    if game.winner is None:
        return 1 - game.first_player
    return 1 - game.winner


def play_match(
    bots: Sequence[engine.Bot], games: int, seed: int, *, rules: Rules | None = None
) -> list[Game]:
    """A match of ``games`` games between ``bots`` (one per seat), played with
    :func:`huegames.engine.play_game`: the first starter drawn from ``seed``,
    then the loser of each game starts the next.  Every game's seed comes
    from ``seed``.

    >>> from huegames import linja
    >>> bots = [linja.GreedyBot(seed=1), linja.RandomBot(seed=2)]
    >>> games = linja.play_match(bots, games=3, seed=5)
    >>> [(game.first_player, game.winner) for game in games]  # the loser starts the next
    [(0, 0), (1, 0), (1, 0)]
    >>> games[0]
    <linja.Game b3 b1 b2 b5 . . b1 r12 | 73 moves, over (passed)>
    >>> linja.next_first_player(games[-1])
    1
    """
    rng = random.Random(engine.check_seed(seed))
    played: list[Game] = []
    for _ in range(games):
        first = None if not played else next_first_player(played[-1])
        game = new_game(seed=rng.randrange(2**63), first_player=first, rules=rules)
        played.append(engine.play_game(game, bots))
    return played
