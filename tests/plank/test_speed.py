"""What ``huegames bench`` times for Plank (``huegames.plank.speed``): every API
call on every backend that runs here, whole random games, and the kernel's."""

from __future__ import annotations

import pytest

from huegames import engine, plank
from huegames.plank import kernel, speed

CALLS = {
    "a random game through the API",
    "new_game()",
    "legal_moves()",
    "play(move) and undo()",
    "view(seat)",
    "scores()",
}


def test_every_call_is_timed_on_every_backend():
    cases = engine.game_spec("plank").hot_path_cases(3)
    timed = {(what, backend) for what, backend, *_ in cases}
    assert timed >= {(what, backend) for what in CALLS for backend in speed.backends()}
    assert (("a random game through the API", "kernel") in timed) == kernel.available
    for _, _, inputs, call, *_ in cases:
        assert len(inputs) == 3
        for item in inputs:
            call(item)


def test_the_positions_differ_part_way_through_and_agree_between_backends():
    histories = set()
    for backend in speed.backends():
        games = speed.positions(8, backend)
        assert all(game.backend == backend and not game.is_over for game in games)
        assert len({tuple(game.history) for game in games}) == 8
        histories.add(tuple(tuple(game.history) for game in games))
    assert len(histories) == 1


def test_a_random_game_is_the_same_game_on_both_backends():
    for seed in range(12):
        scores = {tuple(speed.random_game((seed, backend))) for backend in speed.backends()}
        assert len(scores) == 1


@pytest.mark.skipif(not kernel.available, reason="the Plank C core is not loaded")
def test_the_kernels_random_game_is_random_bots_game():
    for seed in range(8):
        bots = [plank.RandomBot(seed=seed + 1), plank.RandomBot(seed=seed + 2)]
        game = engine.play_game(plank.new_game(2, seed=seed), bots)
        assert speed.kernel_game(seed) == game.scores()
        hands = kernel.play_hands(
            2, [seed], [[seed + 1, seed + 2]], [["random", "random"]], record_moves=True
        )
        assert hands.moves == [[str(move) for move in game.history]]
