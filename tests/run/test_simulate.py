"""The runner: seeded records whatever the executor, bots as specs and user classes,
seat swaps, streaming, summary maths, bad input."""

from __future__ import annotations

import errno
import io
import json
import math
import os
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import huegames
import userbots
from huegames import engine
from huegames.hue import kernel
from huegames.run.recordfiles import read_records
from huegames.run.runner import RunSpec, simulate
from huegames.run.stats import BotSummary, Summary

# small, quick runs: several chunks (uneven last one) so ordering is exercised
# (random bots only: a greedy Hue bot on the Python backend takes seconds a game)
RUN = {"game": "hue", "bots": ["random", "random"], "games": 13, "seed": 5, "chunk_size": 3}
MINE = {"game": "linja", "bots": [userbots.WanderBot, "greedy"], "games": 8, "seed": 2,
        "chunk_size": 3}  # fmt: skip


@pytest.fixture(scope="module")
def reference():
    return simulate(**RUN, workers=1).records


@pytest.fixture(scope="module")
def mine():
    return simulate(**MINE, workers=1).records


def test_simulate_is_exported_from_the_package():
    assert huegames.simulate is simulate
    assert huegames.Summary is Summary
    assert huegames.RunSpec is RunSpec


def test_read_records_is_exported_from_the_package():
    """The one name of the removed ``huegames.batch`` that the 0.1.0 README taught."""
    assert huegames.read_records is read_records


def test_records_have_the_documented_fields(reference):
    assert [r["index"] for r in reference] == list(range(13))
    for record in reference:
        fields = ["game", "index", "seed", "seats", "scores", "winners", "winner"]
        assert record["game"] == "hue"
        assert list(record) == ([*fields, "engine"] if kernel.available else fields)
        assert record.get("engine", "kernel") == "kernel"
        assert record["seed"] == engine.derive_seed(5, record["index"])
        assert len(record["seats"]) == len(record["scores"]) == 2
        assert record["winners"] in ([0], [1], [0, 1], [])
        alone = record["winners"][0] if len(record["winners"]) == 1 else None
        assert record["winner"] == alone


def test_seats_turn_one_place_each_game():
    records = simulate("plank", "greedy,random,random", games=4, seed=1, workers=1).records
    assert [r["seats"] for r in records] == [
        ["greedy", "random", "random"],
        ["random", "random", "greedy"],
        ["random", "greedy", "random"],
        ["greedy", "random", "random"],
    ]
    assert len({r["seed"] for r in records}) == 4  # each game its own deal


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


def test_same_records_on_a_dask_local_cluster(reference, mine):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert simulate(**RUN, executor=client.get_executor()).records == reference
        assert simulate(**MINE, executor=client.get_executor()).records == mine


def test_another_seed_gives_other_games(reference):
    other = simulate(**{**RUN, "seed": 6}, workers=1).records
    assert [r["seed"] for r in other] != [r["seed"] for r in reference]


def test_recorded_moves_replay_to_the_recorded_scores():
    result = simulate("hue", "random", players=3, games=3, seed=2, workers=1, record_moves=True)
    spec = engine.game_spec("hue")
    for record in result.records:
        game = spec.new_game(players=3, seed=record["seed"])
        for move in record["moves"]:
            game.play(move)
        assert game.is_over
        assert game.scores() == record["scores"]
        assert list(game.outcome().winners) == record["winners"]


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


# -- bots as specs and as your own classes ------------------------------------------


def test_a_user_bot_class_plays_with_two_workers(mine):
    assert simulate(**MINE, workers=2).records == mine
    assert {seat for record in mine for seat in record["seats"]} == {"WanderBot", "greedy"}


def test_a_user_bot_plays_on_a_dask_cluster_of_processes(mine):
    """A real worker process imports the bot by name, from the class and from its text."""
    distributed = pytest.importorskip("distributed")
    by_text = {**MINE, "bots": ["userbots:WanderBot:wander=0.25", "greedy"]}
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert simulate(**MINE, executor=client.get_executor()).records == mine
        remote = simulate(**by_text, executor=client.get_executor()).records
    assert remote == simulate(**by_text, workers=1).records
    assert remote[0]["seats"] == ["userbots:WanderBot:wander=0.25", "greedy"]


@pytest.mark.parametrize(
    ("bot", "label"),
    [
        ("userbots:WanderBot", "userbots:WanderBot"),
        ("userbots:WanderBot:wander=0", "userbots:WanderBot:wander=0"),
        ("userbots:first_move_bot", "userbots:first_move_bot"),
        (userbots.first_move_bot, "first_move_bot"),
        (engine.BotSpec.of(userbots.WanderBot, wander=0.0), "WanderBot:wander=0.0"),
        (engine.BotSpec.parse("search:nodes=10"), "search:nodes=10"),
        ("search:nodes=10:max_depth=2", "search:nodes=10:max_depth=2"),
    ],
)
def test_every_form_of_bot_plays_and_is_named_by_its_label(bot, label):
    result = simulate("linja", [bot, "random"], games=2, seed=4, workers=1)
    assert [entry.name for entry in result.summary.bots] == [label, "random"]
    assert result.records[0]["seats"] == [label, "random"]


def test_settings_reach_the_bot():
    """wander=0 always plays the first move: the same game whatever the bot's seed."""
    first = simulate("linja", ["userbots:WanderBot:wander=0", "userbots:first_move_bot"],
                     games=2, seed=1, workers=1).records  # fmt: skip
    again = simulate("linja", [userbots.first_move_bot, userbots.first_move_bot],
                     games=2, seed=1, workers=1).records  # fmt: skip
    assert [r["scores"] for r in first] == [r["scores"] for r in again]


def test_catalogue_bots_with_small_budgets_play():
    result = simulate("hue", "mcts:playouts=8:candidates=3,random", games=2, seed=3, workers=1)
    assert result.summary.bots[0].name == "mcts:playouts=8:candidates=3"
    assert result.summary.bots[0].games == 2


def test_a_bot_that_cannot_be_pickled_is_refused_for_processes_only():
    def local_bot(seed=None):
        return userbots.WanderBot(seed)

    with pytest.raises(ValueError, match="cannot be sent to worker processes"):
        simulate("linja", [local_bot, "random"], games=2, workers=2, chunk_size=1)
    assert simulate("linja", [local_bot, "random"], games=2, workers=1).summary.games == 2
    # one chunk of games starts no process, so nothing is sent
    assert simulate("linja", [local_bot, "random"], games=2, workers=2).summary.games == 2


# -- seat swaps --------------------------------------------------------------------


def test_seat_swap_plays_each_deal_once_per_seat_order():
    records = simulate("plank", "greedy,random,random", games=6, seed=1, workers=1,
                       seat_swap=True).records  # fmt: skip
    assert [r["seats"] for r in records[:3]] == [
        ["greedy", "random", "random"],
        ["random", "random", "greedy"],
        ["random", "greedy", "random"],
    ]
    seeds = [r["seed"] for r in records]
    assert seeds == [engine.derive_seed(1, n // 3) for n in range(6)]
    assert seeds[0] == seeds[2] != seeds[3] == seeds[5]


def test_seat_swap_records_are_the_same_on_one_and_two_workers():
    run = {"game": "linja", "bots": ["userbots:WanderBot", "search:nodes=10"], "games": 10,
           "seed": 8, "chunk_size": 3, "seat_swap": True}  # fmt: skip
    alone = simulate(**run, workers=1).records
    assert simulate(**run, workers=2).records == alone
    assert [r["seed"] for r in alone[::2]] == [r["seed"] for r in alone[1::2]]


def test_without_seat_swap_seeds_stay_as_they_were():
    records = simulate("linja", "random", games=3, seed=11, workers=1).records
    assert [r["seed"] for r in records] == [engine.derive_seed(11, n) for n in range(3)]


def test_seat_swap_needs_a_multiple_of_the_players():
    with pytest.raises(ValueError, match="games must be a multiple of the 3 players"):
        simulate("plank", "random", players=3, games=4, workers=1, seat_swap=True)


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
    team_wins = [record for record in kept if len(record["winners"]) == 2]
    assert team_wins and all(record["winner"] is None for record in team_wins)


def test_csv_columns_and_cells(tmp_path):
    path = tmp_path / "r.csv"
    simulate("hue", "random", games=2, seed=1, workers=1, out=path, engine="python")
    lines = path.read_text().splitlines()
    assert lines[0] == "game,index,seed,seats,scores,winners,winner"
    game, index, seed, seats, scores, winners, winner = lines[1].split(",")
    assert (game, index, seed) == ("hue", "0", str(engine.derive_seed(1, 0)))
    assert seats == "random random"
    assert len(scores.split()) == 2
    assert winner in winners.split() or (winner == "" and len(winners.split()) != 1)
    assert len(lines) == 3


def test_stream_gets_json_lines_and_records_can_be_kept_too():
    stream = io.StringIO()
    result = simulate("hue", "random", games=3, seed=4, workers=1, out=stream, keep_records=True)
    assert [json.loads(line) for line in stream.getvalue().splitlines()] == result.records


def test_format_overrides_the_extension(tmp_path):
    path = tmp_path / "records.txt"
    simulate("hue", "random", games=2, workers=1, out=path, out_format="csv")
    assert path.read_text().startswith("game,index,seed,")


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
    summary.add({"seats": ["a", "b", "a", "b"], "scores": [1, 0, 1, 0], "winners": [0, 2]})
    summary.add({"seats": ["b", "a", "b", "a"], "scores": [0, 0, 0, 0], "winners": []})
    summary.add({"seats": ["a", "b", "a", "b"], "scores": [0, 3, 0, 4], "winners": [3]})
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
    assert summary.to_dict()["lower_scores_win"] is False
    assert "lower" not in summary.table()


def test_summary_of_a_run_adds_up(reference):
    result = simulate(**RUN, workers=1)
    wins = sum(entry.wins for entry in result.summary.bots)
    assert wins == sum(len(r["winners"]) for r in reference) and result.summary.games == 13
    assert sum(entry.games for entry in result.summary.bots) == 26


def test_summary_says_when_lower_scores_are_better():
    spec = engine.game_spec("plank")
    assert 3 in spec.lower_scores_win
    result = simulate("plank", "greedy,random", players=3, games=6, seed=2, workers=1)
    summary = result.summary
    assert summary.lower_scores_win and summary.to_dict()["lower_scores_win"] is True
    assert "lower scores are better" in summary.table().splitlines()[0]
    assert "mean penalty (lower is better)" in summary.table()
    for record in result.records:  # the winners are the outcome's: the fewest penalty points
        if record["winners"]:
            fewest = min(record["scores"])
            assert all(record["scores"][seat] == fewest for seat in record["winners"])
    two = simulate("plank", "greedy,random", players=2, games=2, seed=2, workers=1).summary
    assert not two.lower_scores_win and "lower" not in two.table()


# -- every game ----------------------------------------------------------------------


@pytest.mark.parametrize("game", engine.game_names())
def test_every_registered_game_runs_with_its_first_bot_and_a_user_bot(game):
    spec = engine.game_spec(game)
    bots = [spec.bots[0].name, userbots.WanderBot]
    players = max(2, spec.min_players)
    result = simulate(game, bots, players=players, games=players, seed=1, workers=1,
                      seat_swap=True)  # fmt: skip
    assert [len(r["scores"]) for r in result.records] == [players] * players


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


# -- bad arguments --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess': choose from hue, hues-and-cues, linja, plank"),
        ({"game": None}, "a game is named by a string, not None"),
        ({"bots": ["random", "genius"]}, "unknown hue bot 'genius': choose from random, "),
        ({"bots": []}, "give at least one bot"),
        ({"bots": [3]}, "a bot is a name, a spec or a factory, not 3"),
        ({"bots": 3}, "bots must be a list of bots, not 3"),
        ({"bots": ["mcts:budget=3"]}, "bot 'mcts:budget=3' has no setting 'budget'"),
        ({"bots": ["mcts:playouts=lots"]}, "setting playouts must be int, not 'lots'"),
        ({"bots": ["random:x"]}, "cannot import bot 'random:x'"),
        ({"bots": ["userbots:Nobody"]}, "cannot import bot 'userbots:Nobody'"),
        ({"bots": ["nowhere.at.all:Bot"]}, "cannot import bot 'nowhere.at.all:Bot'"),
        ({"bots": ["userbots:WanderBot:wander=2"]}, "wander must be between 0 and 1, not 2"),
        ({"bots": ["userbots:Mute"]}, "bot 'userbots:Mute' has no choose(view) method"),
        ({"bots": ["a::b"]}, "bad bot spec 'a::b'"),
        ({"games": 0}, "games must be a positive integer, not 0"),
        ({"games": -5}, "games must be a positive integer, not -5"),
        ({"games": 2.5}, "games must be a positive integer, not 2.5"),
        ({"games": True}, "games must be a positive integer, not True"),
        ({"players": 1}, "Hue is for 2 to 5 players, not 1"),
        ({"players": 6}, "Hue is for 2 to 5 players, not 6"),
        ({"game": "linja", "bots": ["random"], "players": 3}, "Linja is for 2 players, not 3"),
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


def test_two_different_bots_with_one_label_are_refused():
    other = type("WanderBot", (userbots.WanderBot,), {})
    with pytest.raises(ValueError, match="two different bots are both named 'WanderBot'"):
        simulate("linja", [userbots.WanderBot, other], games=2, workers=1)


def test_unwritable_output_is_a_value_error_and_nothing_is_played(tmp_path):
    folder = tmp_path / "folder.csv"
    folder.mkdir()
    with pytest.raises(ValueError, match=r"cannot write .*: it is a directory"):
        simulate("hue", "random", games=2, workers=1, out=folder)
    with pytest.raises(ValueError, match=r"cannot write .*No such file or directory"):
        simulate("hue", "random", games=2, workers=1, out=tmp_path / "missing" / "r.csv")


def test_a_game_registered_elsewhere_plays_in_fresh_worker_processes():
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    import othergame

    here = huegames.simulate(othergame.SPEC.name, ["greedy", "random"], games=6, workers=1, seed=2)
    context = multiprocessing.get_context("spawn")  # workers that inherit no registry
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        there = huegames.simulate(
            othergame.SPEC.name, ["greedy", "random"], games=6, executor=pool, seed=2, chunk_size=2
        )
    assert there.records == here.records


def test_a_partial_bot_is_labelled_by_its_function_and_keywords():
    import functools

    from huegames.linja import SearchBot

    spec = huegames.BotSpec.of(functools.partial(SearchBot, nodes=30))
    assert spec.label == "SearchBot:nodes=30"
    result = huegames.simulate("linja", [spec, "random"], games=2, workers=1)
    assert result.summary.bots[0].name == "SearchBot:nodes=30"


# -- the API refuses what the command line refuses ------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"workers": 10**6}, "workers must be at most "),
        ({"workers": 2.0}, "workers must be a positive integer, not 2.0"),
        ({"workers": True}, "workers must be a positive integer, not True"),
        ({"workers": -1}, "workers must be a positive integer, not -1"),
        ({"workers": float("nan")}, "workers must be a positive integer, not nan"),
        ({"executor": ThreadPoolExecutor(1), "workers": 0}, "workers must be a positive integer"),
        ({"chunk_size": 2.5}, "chunk_size must be a positive integer, not 2.5"),
        ({"games": -(10**5000)}, "games must be a positive integer, not <int of 16610 bits>"),
        ({"seed": 10**5000}, "seed is too large: <int of 16610 bits>"),
        ({"seed": 1.0}, "seed must be an integer, not 1.0"),
        ({"out": "x\0y.csv"}, "cannot write 'x\\x00y.csv': embedded null byte"),
        ({"out": io.StringIO(), "out_format": ["csv"]}, "unknown output format ['csv']"),
    ],
)
def test_bad_run_arguments_are_value_errors(kwargs, message):
    arguments = {"game": "hue", "bots": ["random"], "games": 2, "workers": 1, **kwargs}
    with pytest.raises(ValueError) as error:
        simulate(**arguments)
    assert message in str(error.value)
    assert len(str(error.value)) < 300


def test_runspec_refuses_a_seed_it_cannot_derive_from():
    with pytest.raises(ValueError, match="seed is too large"):
        RunSpec.build("hue", "random", games=1, seed=-(10**4400))
    assert RunSpec.build("hue", "random", games=1, seed=-(10**4000)).seed == -(10**4000)


def test_worker_processes_are_capped_by_the_chunks_and_the_bound():
    from huegames.run.runner import WORKERS_PER_CORE, local_processes, max_workers

    cores = os.cpu_count() or 1
    assert max_workers() == WORKERS_PER_CORE * cores == 32 * cores
    assert local_processes(1, workers=max_workers()) == 0  # one game: played here
    assert local_processes(50, 50, workers=8) == 0  # one chunk
    assert local_processes(51, 50, workers=8) == 2
    assert local_processes(10**9, 50, workers=max_workers()) == max_workers()
    assert local_processes(10**9, 50) == (cores if cores > 1 else 0)  # default: every core
    assert local_processes(3, 1, workers=1) == 0
    with pytest.raises(ValueError, match=f"workers must be at most {max_workers()} "):
        local_processes(10**9, 1, workers=max_workers() + 1)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_full_disk_is_one_os_error_naming_the_file():
    """ENOSPC comes at close, when the buffer is flushed; it is raised once, naming the file."""
    with pytest.raises(OSError) as error:
        simulate("hue", "random", games=3, workers=1, out="/dev/full", out_format="jsonl")
    assert error.value.errno == errno.ENOSPC
    assert error.value.filename == "/dev/full"
    assert error.value.__suppress_context__  # one error, not "during handling of..."


def test_a_failed_run_closes_its_file_and_keeps_its_error(tmp_path, monkeypatch):
    """A run that fails midway (here a bot) closes the file it opened, with what was written."""
    path = tmp_path / "r.jsonl"

    def fails(spec, start, stop):
        if start:
            raise RuntimeError("a bot failed")
        return [spec.play(number) for number in range(start, stop)]

    monkeypatch.setattr("huegames.run.runner.play_chunk", fails)
    with pytest.raises(RuntimeError, match="a bot failed"):
        simulate("hue", "random", games=4, chunk_size=2, workers=1, out=path)
    assert [record["index"] for record in read_records(path)] == [0, 1]


def test_the_summary_table_shows_names_safely():
    summary = Summary("hue\x1b]0;x\x07", players=2)
    summary.add({"seats": ["\x1b[2Jevil", "b"], "scores": [3, 2], "winners": [0]})
    table = summary.table()
    assert "\x1b" not in table and "\x07" not in table
    assert table.startswith("hue\\x1b]0;x\\x07, 2 players") and "| \\x1b[2Jevil | 1 |" in table
