"""What ``huegames bench`` times for Hue (``huegames.hue.speed``): every API
call on every backend that runs here, whole random games, the kernel's, and
the table's two hot paths on every grid."""

from __future__ import annotations

from huegames import engine
from huegames.hue import kernel, speed
from huegames.hue.grid.backend import available

CALLS = {
    "a random game through the API",
    "new_game()",
    "legal_moves()",
    "play(move) and undo()",
    "view(seat)",
    "scores()",
}
TABLE = {"colour values, end of game", "legal placements, 6-card hand"}


def test_every_call_is_timed_on_every_backend():
    cases = engine.game_spec("hue").hot_path_cases(3)
    timed = {(case[0], case[1]) for case in cases}
    assert timed >= {(what, backend) for what in CALLS for backend in speed.backends()}
    assert timed >= {(what, grid) for what in TABLE for grid in available()}
    assert (("a random game through the API", "kernel") in timed) == kernel.available
    for _what, backend, inputs, call, *per in cases:
        assert len(inputs) == 3
        assert per == ([speed.KERNEL_BATCH] if backend == "kernel" else [])
        for item in inputs:
            call(item)


def test_a_random_game_is_the_same_game_on_both_backends():
    for seed in range(5):
        scores = {tuple(speed.random_game((seed, backend))) for backend in speed.backends()}
        assert len(scores) == 1


def test_play_and_undo_leaves_each_position_as_it_was():
    for game in speed.positions(4, speed.backends()[0]):
        before = game.to_dict()
        move = game.legal_moves()[-1]
        game.play(move)
        game.undo()
        assert game.to_dict() == before
