"""What ``huegames bench`` times for Linja (``huegames.linja.speed``): every API
call on every backend that runs here, whole random games, and the kernel's."""

from __future__ import annotations

import pytest

from huegames import engine, linja
from huegames.linja import c_state, kernel, speed

CALLS = {
    "a random game through the API",
    "Game() at the start",
    "legal_moves()",
    "play(move) and undo()",
    "view(seat)",
    "scores()",
    "next_states() of a position",
}


def test_every_call_is_timed_on_every_backend():
    cases = engine.game_spec("linja").hot_path_cases(3)
    timed = {(what, backend) for what, backend, _, _ in cases}
    assert timed >= {(what, backend) for what in CALLS for backend in speed.backends()}
    assert (("a random game through the API", "kernel") in timed) == c_state.available
    for _, _, inputs, call in cases:
        assert len(inputs) == 3
        for item in inputs:
            call(item)


def test_a_random_game_is_the_same_game_on_both_backends():
    for seed in range(5):
        scores = {tuple(speed.random_game((seed, backend))) for backend in speed.backends()}
        assert len(scores) == 1


@pytest.mark.skipif(not kernel.available, reason="the Linja C core is not loaded")
def test_the_kernels_random_game_is_random_bots_game():
    for seed in range(8):
        bots = [linja.RandomBot(seed=seed + 1), linja.RandomBot(seed=seed + 2)]
        game = engine.play_game(linja.new_game(seed=seed), bots)
        assert kernel.random_scores(seed) == game.scores()
