"""One random-simulation test for every game (OpenSpiel's basic test).

At each step of seeded random games it checks that legal moves are unique
and non-empty until the end, that a copy matches and stays matched, that the
record round-trips through JSON, and that undo restores the state before the
move.  Written once against the shape all four engines share.
"""

from __future__ import annotations

import json
import random

import pytest

from huegames import engine

CASES = [
    (spec.name, players)
    for spec in engine.game_specs()
    for players in sorted({spec.min_players, 3, 4})
    if spec.min_players <= players <= spec.max_players
]


def snapshot(game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_the_shared_invariants(name, players, seed):
    game = engine.game_spec(name).new_game(players=players, seed=seed)
    twin = game.copy()
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        moves = list(game.legal_moves())
        assert moves, "a game that is not over has a legal move"
        assert len(set(moves)) == len(moves), "legal moves are listed once each"
        before = snapshot(game)
        assert snapshot(twin) == before, "a copy matches its original"
        record = json.loads(before)
        assert snapshot(type(game).from_dict(record)) == before, "the record round-trips"

        move = moves[rng.randrange(len(moves))]
        game.play(move)
        assert snapshot(twin) == before, "a copy is independent of its original"
        game.undo()
        assert snapshot(game) == before, "undo restores the state before the move"
        game.play(move)
        twin.play(move)
        steps += 1
        assert steps < 5000, "the game ends"
    assert not list(game.legal_moves())
    assert len(game.scores()) == players
