"""Hue's batch player (hue.kernel.play_games): whole runs in C, game for game
the games the Python engine plays from the same seeds."""

import pytest

from huegames import engine, hue, simulate
from huegames.hue import kernel
from huegames.run.runner import RunSpec, play_chunk

needs_kernel = pytest.mark.skipif(not kernel.available, reason="the C backend is not in use")


def python_records(run, start, stop):
    return [{**run.play(number), "engine": "kernel"} for number in range(start, stop)]


@needs_kernel
@pytest.mark.parametrize(
    ("bots", "players", "games"),
    [
        ("random", 2, 200),
        ("random", 5, 60),
        ("greedy,random", 2, 40),
        ("random,greedy", 3, 20),
        ("greedy", 2, 20),
        ("greedy,random,greedy,random", 4, 8),
        ("greedy", 5, 6),
    ],
)
def test_kernel_games_are_the_python_engines_games(bots, players, games):
    run = RunSpec.build("hue", bots, players, games=games, seed=21, record_moves=True)
    assert kernel.play_games(run, 3, 3 + games) == python_records(run, 3, 3 + games)


@needs_kernel
@pytest.mark.parametrize(
    ("players", "game"),
    [(2, 9), (3, 60), (3, 324), (4, 750), (5, 2)],
)
def test_greedy_kernel_games_that_cover_a_cell_of_a_poisoned_area(players, game):
    """Games whose greedy seats value a covering move that joins areas into a
    poisoned one on the table with the covered cell emptied: the biggest area
    left must not be one that cell split (the first two games) or is one of
    the areas it split one into (the last three, which the runs above do not
    reach).  Found by breaking each of those paths of the C greedy policy."""
    run = RunSpec.build("hue", "greedy", players, games=game + 1, seed=21, record_moves=True)
    assert kernel.play_games(run, game, game + 1) == python_records(run, game, game + 1)


@needs_kernel
def test_kernel_games_with_seat_swap_and_large_seeds():
    run = RunSpec.build("hue", "greedy,random", games=12, seed=2**80 + 5, seat_swap=True)
    assert kernel.play_games(run, 0, 12) == python_records(run, 0, 12)


@needs_kernel
def test_kernel_records_replay_in_the_python_engine():
    run = RunSpec.build("hue", "greedy,random,random", games=10, seed=4, record_moves=True)
    for record in kernel.play_games(run, 0, 10):
        game = hue.new_game(players=3, seed=record["seed"])
        for move in record["moves"]:
            game.play(move)
        assert game.is_over
        assert game.scores() == record["scores"]
        assert [game.winner] == record["winners"] == [record["winner"]]


@needs_kernel
def test_simulate_plays_random_and_greedy_seats_in_the_kernel():
    result = simulate("hue", "greedy,random", games=30, seed=8, workers=1, chunk_size=7)
    assert all(record["engine"] == "kernel" for record in result.records)
    python = simulate("hue", "greedy,random", games=30, seed=8, workers=1, engine="python")
    assert all("engine" not in record for record in python.records)
    assert [{**record, "engine": "kernel"} for record in python.records] == result.records
    assert result.summary.to_dict() == python.summary.to_dict()


def test_seats_without_a_kernel_policy_are_played_in_python():
    run = RunSpec.build("hue", "mcts:playouts=20,random", games=2, seed=1)
    assert kernel.play_games(run, 0, 2) is None
    assert all("engine" not in record for record in play_chunk(run, 0, 2))


class SlowerGreedy(hue.GreedyBot):
    """A subclass may choose otherwise: the kernel does not play it."""


def test_a_subclass_of_a_kernel_bot_is_played_in_python():
    run = RunSpec.build("hue", [SlowerGreedy, "random"], games=2, seed=1)
    assert kernel.play_games(run, 0, 2) is None


@needs_kernel
def test_a_kernel_bot_named_by_its_import_path_is_played_in_the_kernel():
    run = RunSpec.build("hue", "huegames.hue:GreedyBot,random", games=4, seed=1)
    assert kernel.play_games(run, 0, 4) == python_records(run, 0, 4)


@pytest.mark.skipif(kernel.available, reason="the kernel is available")
def test_without_the_c_core_engine_kernel_is_refused():
    assert kernel.play_games(RunSpec.build("hue", "random", games=2), 0, 2) is None
    with pytest.raises(ValueError, match="the Hue kernel cannot play random"):
        RunSpec.build("hue", "random", engine="kernel")
    assert all("engine" not in r for r in simulate("hue", "random", games=2, workers=1).records)


def test_hue_registers_its_kernel():
    assert engine.game_spec("hue").kernel_player() is kernel.play_games
