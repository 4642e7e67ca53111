"""Plank generic random playouts: the engine's invariants at every step."""

import json
import random

import pytest

from huegames import engine, plank
from huegames.plank import Game, Pass, Termination


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_random_playout_invariants(players, seed):
    rng = random.Random(seed)
    game = plank.new_game(players=players, seed=seed)
    records = [game.to_dict()]
    while not game.is_over:
        legal = game.legal_moves()
        assert legal and len(set(legal)) == len(legal)
        assert legal == [Pass()] or Pass() not in legal
        seat = game.current_player
        if not game.strips(seat):
            assert not any(isinstance(m, (plank.LayPlace, plank.LayShift)) for m in legal)

        twin = game.copy()
        assert twin.to_dict() == game.to_dict() and twin.legal_moves() == legal
        record = json.loads(json.dumps(game.to_dict()))
        assert Game.from_dict(record).to_dict() == record

        wins = []
        for move in legal:
            game.play(move)
            if game.is_over and game.outcome().termination is Termination.LINE:
                wins.append(move)
            game.undo()
            assert game.to_dict() == records[-1]
        assert sorted(map(str, wins)) == sorted(map(str, game.winning_moves()))
        assert (game.threats(seat) > 0) == bool(wins)

        move = rng.choice(legal)
        assert game.play(move) == move
        assert twin.to_dict() == records[-1]  # the copy is independent
        records.append(game.to_dict())
        assert (
            sum(map(sum, (game.off_table(s).values() for s in range(players))))
            + sum(o >= 0 for o in game.table.owners)
            == 6 * players
        )

    scores = game.scores()
    assert game.legal_moves() == []
    if not game.outcome().winners:
        assert scores == [0] * players
    else:
        assert sorted(scores) == {2: [0, 1], 3: [0, 1, 2], 4: [0, 0, 1, 1]}[players]
    while game.history:
        game.undo()
        records.pop()
        assert game.to_dict() == records[-1]


def test_same_seed_same_game_and_views():
    def run(seed):
        game = plank.new_game(3, seed=seed)
        bots = [plank.RandomBot(seed + k) for k in range(3)]
        return engine.play_game(game, bots).to_dict()

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_view_shows_everything_and_is_independent():
    game = plank.new_game(4, seed=2)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    view = game.view(1)
    assert view.player == 1 and view.current_player == game.current_player
    assert view.strips == tuple(game.strips(s) for s in range(4))
    assert [row[0] for row in view.table] == game.table.strips
    assert view.legal_moves() == (game.legal_moves() if game.current_player == 1 else [])
    copy = view.to_game()
    copy.play(copy.legal_moves()[0])
    assert view.to_game().to_dict() == game.to_dict()
