"""The runner's kernel hook: GameSpec.kernel, RunSpec.engine, simulate(engine=) and --engine."""

import dataclasses
import importlib
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from huegames import cli, engine, linja, simulate
from huegames.run.runner import ENGINES, RunSpec, play_chunk

GAME = "linja-kernel"


@pytest.fixture(scope="module")
def kernelgame():
    """The stand-in games (tests/kernelgame.py), registered for this module's
    tests only: other modules enumerate the registry."""
    module = importlib.import_module("kernelgame")
    yield module
    for spec in (module.SPEC, module.PLAIN):
        engine._REGISTRY.pop(spec.name, None)


def test_auto_plays_each_chunk_in_one_kernel_call(kernelgame):
    kernelgame.CALLS.clear()
    result = simulate(GAME, "random", games=7, seed=3, workers=1, chunk_size=3)
    assert kernelgame.CALLS == [(0, 3), (3, 6), (6, 7)]
    assert [record["index"] for record in result.records] == list(range(7))
    assert all(record["engine"] == "kernel" for record in result.records)
    python = simulate(GAME, "random", games=7, seed=3, workers=1, engine="python")
    assert [{**record, "engine": "kernel"} for record in python.records] == result.records
    assert result.summary.to_dict() == python.summary.to_dict()


def test_bots_without_a_kernel_policy_play_in_python_and_say_nothing(kernelgame):
    kernelgame.CALLS.clear()
    result = simulate(GAME, "greedy,random", games=4, seed=3, workers=1)
    assert kernelgame.CALLS == []
    assert all("engine" not in record for record in result.records)
    python = simulate("linja", "greedy,random", games=4, seed=3, workers=1, engine="python")
    assert [{**record, "game": "linja"} for record in result.records] == python.records


def test_engine_python_never_asks_the_kernel(kernelgame):
    kernelgame.CALLS.clear()
    result = simulate(GAME, "random", games=3, workers=1, engine="python")
    assert kernelgame.CALLS == []
    assert all("engine" not in record for record in result.records)


def test_engine_kernel_refuses_at_build_when_the_kernel_cannot_play(kernelgame):
    with pytest.raises(ValueError, match="the Kernel Linja kernel cannot play greedy, random"):
        RunSpec.build(GAME, "greedy,random", engine="kernel")
    with pytest.raises(ValueError, match="Hues and Cues has no C kernel"):
        simulate("hues-and-cues", "random", games=2, workers=1, engine="kernel")
    run = RunSpec.build(GAME, "random", games=2, engine="kernel")
    assert run.engine == "kernel"
    assert all(record["engine"] == "kernel" for record in play_chunk(run, 0, 2))


def test_engine_kernel_fails_in_a_chunk_the_kernel_will_not_play(kernelgame):
    run = dataclasses.replace(RunSpec.build(GAME, "random", games=2), engine="kernel")
    refused = dataclasses.replace(run, bots=RunSpec.build(GAME, "greedy").bots * 2)
    with pytest.raises(ValueError, match="kernel cannot play greedy"):
        play_chunk(refused, 0, 2)


@pytest.mark.parametrize("bad", ["Kernel", "", None, 1])
def test_an_unknown_engine_is_a_value_error(kernelgame, bad):
    with pytest.raises(ValueError, match="engine must be one of auto, python, kernel"):
        RunSpec.build(GAME, "random", engine=bad)
    assert ENGINES == ("auto", "python", "kernel")


def test_kernel_records_in_fresh_worker_processes_match_one_process(kernelgame):
    here = simulate(GAME, "random", games=6, seed=2, workers=1)
    context = multiprocessing.get_context("spawn")  # workers that inherit no registry
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        there = simulate(GAME, "random", games=6, seed=2, executor=pool, chunk_size=2)
    assert there.records == here.records


def test_a_kernel_path_that_cannot_be_loaded_is_a_value_error(kernelgame):
    spec = dataclasses.replace(linja.SPEC, kernel="huegames.nowhere:play_games")
    with pytest.raises(ValueError, match=r"kernel .huegames\.nowhere:play_games. cannot be loaded"):
        spec.kernel_player()
    spec = dataclasses.replace(linja.SPEC, kernel="huegames.linja:SPEC")
    with pytest.raises(ValueError, match="is not a function"):
        spec.kernel_player()
    assert engine.game_spec("hues-and-cues").kernel_player() is None
    assert engine.game_spec(GAME).kernel_player() is kernelgame.play_games


def test_cli_engine_option(kernelgame, tmp_path, capsys):
    out = tmp_path / "records.jsonl"
    argv = ["simulate", GAME, "--games", "3", "--workers", "1", "--no-progress", "--out", str(out)]
    assert cli.main([*argv, "--engine", "kernel"]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [record["engine"] for record in records] == ["kernel"] * 3
    assert cli.main([*argv, "--engine", "python"]) == 0
    assert all("engine" not in json.loads(line) for line in out.read_text().splitlines())
    capsys.readouterr()
    assert cli.main([*argv, "--bots", "greedy", "--engine", "kernel"]) == cli.USAGE_ERROR
    assert "kernel cannot play greedy" in capsys.readouterr().err
    assert cli.main([*argv, "--engine", "fast"]) == cli.USAGE_ERROR
    assert "invalid choice: 'fast'" in capsys.readouterr().err


def test_csv_records_keep_the_engine_column(kernelgame, tmp_path):
    from huegames.run.recordfiles import read_records

    out = tmp_path / "records.csv"
    result = simulate(GAME, "random", games=3, seed=1, workers=1, out=out, keep_records=True)
    assert list(read_records(out)) == result.records


@pytest.mark.parametrize(
    ("game", "bots", "players", "seat_swap"),
    [
        ("hue", "greedy,random", 2, False),
        ("plank", "greedy", 4, True),
        ("linja", "random", 2, True),
    ],
)
def test_seeding_gives_the_seeds_play_derives(game, bots, players, seat_swap):
    """RunSpec.seeding, which every kernel reads, derives each game's seed, its
    seats and each bot's seed exactly as RunSpec.play does (seat turns and
    seat_swap's shared deals included)."""
    run = RunSpec.build(game, bots, players, games=8, seed=3, seat_swap=seat_swap, engine="python")
    seeding = run.seeding(2, 8)
    for index, number in enumerate(range(2, 8)):
        game_seed = engine.derive_seed(3, run.deal(number))
        labels = [bot.label for bot in run.seats(number)]
        assert seeding.deals[index] == game_seed == run.play(number)["seed"]
        assert seeding.seats[index] == labels == run.play(number)["seats"]
        assert seeding.bots[index * players : (index + 1) * players] == [
            engine.derive_seed(game_seed, seat, label) for seat, label in enumerate(labels)
        ]
    assert len(seeding.bots) == 6 * players
