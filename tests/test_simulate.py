"""The batch runner: seeded records whatever the executor, streaming, summary maths, bad input."""

from __future__ import annotations

import importlib
import io
import json
import math
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import huegames
from huegames import hue
from huegames.batch import (
    GAMES,
    BotSummary,
    Summary,
    derive_seed,
    read_records,
    simulate,
)

# small, quick runs: several chunks (uneven last one) so ordering is exercised
# (random bots only: a greedy Hue bot on the Python backend takes seconds a game)
RUN = {"game": "hue", "bots": ["random", "random"], "games": 13, "seed": 5, "chunk_size": 3}


@pytest.fixture(scope="module")
def reference():
    return simulate(**RUN, workers=1).records


def test_simulate_is_exported_from_the_package():
    assert huegames.simulate is simulate
    assert huegames.Summary is Summary


def test_records_have_the_documented_fields(reference):
    assert [r["game"] for r in reference] == list(range(13))
    for record in reference:
        assert set(record) == {"game", "seed", "seats", "scores", "winner"}
        assert record["seed"] == derive_seed(5, record["game"])
        assert len(record["seats"]) == len(record["scores"]) == 2
        assert record["winner"] in (0, 1, None)


def test_seats_turn_one_place_each_game():
    records = simulate("plank", "greedy,random,random", games=4, seed=1, workers=1).records
    assert [r["seats"] for r in records] == [
        ["greedy", "random", "random"],
        ["random", "random", "greedy"],
        ["random", "greedy", "random"],
        ["greedy", "random", "random"],
    ]


def test_same_records_with_a_process_pool_of_two(reference):
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert simulate(**RUN, executor=pool).records == reference


def test_same_records_with_the_default_local_pool(reference):
    assert simulate(**RUN, workers=2).records == reference


def test_same_records_with_a_thread_pool(reference):
    with ThreadPoolExecutor(max_workers=3) as pool:
        assert simulate(**RUN, executor=pool).records == reference


def test_same_records_with_chunks_of_another_size(reference):
    assert simulate(**{**RUN, "chunk_size": 50}, workers=1).records == reference


def test_same_records_on_a_dask_local_cluster(reference):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert simulate(**RUN, executor=client.get_executor()).records == reference


def test_another_seed_gives_other_games(reference):
    other = simulate(**{**RUN, "seed": 6}, workers=1).records
    assert [r["seed"] for r in other] != [r["seed"] for r in reference]


def test_recorded_moves_replay_to_the_recorded_scores():
    result = simulate("hue", "random", players=3, games=3, seed=2, workers=1, record_moves=True)
    for record in result.records:
        game = hue.new_game(3, seed=record["seed"])
        for move in record["moves"]:
            game.play(move)
        assert game.is_over
        assert game.scores() == record["scores"]
        assert game.winner == record["winner"]


class _Eager:
    """An executor that runs each task at once and counts tasks not yet read."""

    def __init__(self):
        self.submitted = 0

    def submit(self, fn, *args):
        self.submitted += 1
        future = Future()
        future.set_result(fn(*args))
        return future


def test_only_a_few_chunks_are_in_flight():
    eager, seen = _Eager(), []
    simulate(
        "hue", "random", games=40, chunk_size=2, executor=eager, workers=1,
        progress=lambda done: seen.append(eager.submitted - done // 2),
    )  # fmt: skip
    assert eager.submitted == 20
    assert max(seen) <= 4  # four chunks per worker, never the whole run


def test_progress_counts_every_game_in_order():
    seen = []
    simulate("hue", "random", games=7, chunk_size=3, workers=1, progress=seen.append)
    assert seen == [3, 6, 7]


# -- streaming -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["records.csv", "records.jsonl"])
def test_streamed_records_read_back_as_the_kept_ones(tmp_path, name):
    kept = simulate("plank", "greedy,random", players=4, games=6, seed=3, workers=1,
                    record_moves=True).records  # fmt: skip
    path = tmp_path / name
    result = simulate("plank", "greedy,random", players=4, games=6, seed=3, workers=1,
                      record_moves=True, out=path)  # fmt: skip
    assert result.records is None  # streamed, not held
    assert result.summary.games == 6
    assert list(read_records(path)) == kept
    assert any(isinstance(record["winner"], list) for record in kept)  # a team's win


def test_csv_columns_and_cells(tmp_path):
    path = tmp_path / "r.csv"
    simulate("hue", "random", games=2, seed=1, workers=1, out=path)
    lines = path.read_text().splitlines()
    assert lines[0] == "game,seed,seats,scores,winner"
    game, seed, seats, scores, winner = lines[1].split(",")
    assert (game, seed, seats) == ("0", str(derive_seed(1, 0)), "random random")
    assert len(scores.split()) == 2 and winner in ("0", "1", "")
    assert len(lines) == 3


def test_stream_gets_json_lines_and_records_can_be_kept_too():
    stream = io.StringIO()
    result = simulate("hue", "random", games=3, seed=4, workers=1, out=stream, keep_records=True)
    assert [json.loads(line) for line in stream.getvalue().splitlines()] == result.records


def test_format_overrides_the_extension(tmp_path):
    path = tmp_path / "records.txt"
    simulate("hue", "random", games=2, workers=1, out=path, out_format="csv")
    assert path.read_text().startswith("game,seed,")


# -- summary maths ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # by hand: p = 0.7, z = 1.96, z^2 = 3.8416
        # centre = (0.7 + 0.19208) / 1.38416 = 0.644492
        # half = 1.96 * sqrt(0.021 + 0.009604) / 1.38416 = 0.247719
        (7, 10, 0.396773, 0.892211),
        (0, 10, 0.0, 0.277540),  # 3.8416 / 13.8416
        (10, 10, 0.722460, 1.0),  # 10 / 13.8416
        (50, 100, 0.403830, 0.596170),  # 0.5 -+ 0.0998645 / 1.038416
    ],
)
def test_wilson_interval_matches_hand_computed_numbers(wins, games, low, high):
    entry = BotSummary("bot", games=games, wins=wins)
    assert entry.win_rate == wins / games
    got_low, got_high = entry.win_interval()
    assert got_low == pytest.approx(low, abs=1e-6)
    assert got_high == pytest.approx(high, abs=1e-6)


def test_no_games_give_the_widest_interval():
    assert BotSummary("bot").win_interval() == (0.0, 1.0)


def test_summary_counts_seats_wins_draws_and_score_spread():
    summary = Summary("plank", 4)
    summary.add({"seats": ["a", "b", "a", "b"], "scores": [1, 0, 1, 0], "winner": [0, 2]})
    summary.add({"seats": ["b", "a", "b", "a"], "scores": [0, 0, 0, 0], "winner": None})
    summary.add({"seats": ["a", "b", "a", "b"], "scores": [0, 3, 0, 4], "winner": 3})
    a, b = summary.bots
    assert (summary.games, summary.draws) == (3, 1)
    assert (a.name, a.games, a.wins) == ("a", 6, 2)
    assert (b.name, b.games, b.wins) == ("b", 6, 1)
    assert a.mean_score == pytest.approx(2 / 6)
    # b's scores 0 0 0 0 3 4: mean 7/6, sample variance (25 - 49/6) / 5
    assert b.mean_score == pytest.approx(7 / 6)
    assert b.score_std == pytest.approx(math.sqrt((25 - 49 / 6) / 5))
    assert "| a | 6 | 2 | 33.3% (9.7%-70.0%) |" in summary.table()
    assert summary.to_dict()["bots"][1]["wins"] == 1


def test_summary_of_a_run_adds_up(reference):
    result = simulate(**RUN, workers=1)
    wins = sum(entry.wins for entry in result.summary.bots)
    decided = sum(1 for r in reference if r["winner"] is not None)
    assert wins == decided and result.summary.games == 13
    assert sum(entry.games for entry in result.summary.bots) == 26


# -- the other games ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "bots", "players"),
    [("linja", "greedy,random", 2), ("plank", "greedy,random,random", 3), ("plank", "random", 4)],
)
def test_other_games_run_the_same_on_threads(game, bots, players):
    alone = simulate(game, bots, players=players, games=5, seed=9, workers=1, chunk_size=2)
    with ThreadPoolExecutor(2) as pool:
        threaded = simulate(game, bots, players=players, games=5, seed=9, executor=pool,
                            chunk_size=2)  # fmt: skip
    assert threaded.records == alone.records
    assert alone.summary.games == 5
    assert all(len(r["scores"]) == players for r in alone.records)


def test_hues_and_cues_runs_once_it_has_bots():
    module = importlib.import_module(GAMES["hues-and-cues"])
    bots = getattr(importlib.import_module(module.__name__ + ".bots"), "BOTS", None)
    if bots is None or not hasattr(module, "MIN_PLAYERS"):
        pytest.skip("huegames.hues_and_cues has no MIN_PLAYERS and bots.BOTS yet")
    name = "random" if "random" in bots else sorted(bots)[0]
    players = max(3, module.MIN_PLAYERS)
    result = simulate("hues-and-cues", [name], players=players, games=2, seed=1, workers=1)
    assert [len(r["scores"]) for r in result.records] == [players, players]


# -- bad arguments --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess': choose from hue, hues-and-cues, linja, plank"),
        ({"bots": ["random", "genius"]}, "unknown hue bot 'genius': choose from greedy, "),
        ({"bots": []}, "give at least one bot"),
        ({"bots": [3]}, "a bot is named by a string, not 3"),
        ({"games": 0}, "games must be a positive integer, not 0"),
        ({"games": -5}, "games must be a positive integer, not -5"),
        ({"games": 2.5}, "games must be a positive integer, not 2.5"),
        ({"games": True}, "games must be a positive integer, not True"),
        ({"players": 1}, "hue is for 2 to 5 players, not 1"),
        ({"players": 6}, "hue is for 2 to 5 players, not 6"),
        ({"game": "linja", "bots": ["random"], "players": 3}, "linja is for 2 players, not 3"),
        ({"bots": ["random"] * 3, "players": 2}, "3 bots for 2 seats: give at most one bot"),
        ({"seed": "1"}, "seed must be an integer, not '1'"),
        ({"chunk_size": 0}, "chunk_size must be a positive integer, not 0"),
        ({"workers": 0}, "workers must be a positive integer, not 0"),
        ({"executor": object()}, "executor must be a concurrent.futures.Executor"),
        ({"out": "records.txt"}, "cannot tell the format of 'records.txt'"),
        ({"out": io.StringIO(), "out_format": "xml"}, "unknown output format 'xml'"),
    ],
)
def test_bad_arguments_raise_a_clear_value_error(kwargs, message):
    arguments = {"game": "hue", "bots": ["random"], "games": 2, "workers": 1, **kwargs}
    with pytest.raises(ValueError) as error:
        simulate(**arguments)
    assert message in str(error.value)


def test_unwritable_output_is_a_value_error_and_nothing_is_played(tmp_path):
    folder = tmp_path / "folder.csv"
    folder.mkdir()
    with pytest.raises(ValueError, match=r"cannot write .*: it is a directory"):
        simulate("hue", "random", games=2, workers=1, out=folder)
    with pytest.raises(ValueError, match=r"cannot write .*No such file or directory"):
        simulate("hue", "random", games=2, workers=1, out=tmp_path / "missing" / "r.csv")
