"""Plank's kernel: whole hands in C, move for move the Python engine's.

The core draws from the Python bots' own generator, so the checks are
exact: the same hands, records and statistics as the Python path from the
same seeds; plus the records replay on the Python engine, and the
statistics of runs from different seeds agree within their errors.
"""

from __future__ import annotations

import math

import pytest

from huegames import engine, plank, simulate
from huegames.plank import kernel
from huegames.run.runner import RunSpec, play_chunk
from huegames.run.stats import Summary

if not kernel.available:
    pytest.skip("the Plank C core is not loaded", allow_module_level=True)

RULES = [
    plank.Rules(),
    plank.Rules(repetition=2, turn_limit=40),
    plank.Rules(repetition=None, turn_limit=25),
    plank.Rules(repetition=5, turn_limit=300),
    plank.Rules(repetition=None, turn_limit=600),  # a hand longer than TYPICAL_TURNS
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", RULES, ids=str)
def test_hands_are_the_python_engines_hands(players, rules):
    mixes = [["random"] * players, ["greedy"] * players, (["greedy", "random"] * 2)[:players]]
    deals, seeds, policies = [], [], []
    for number in range(60):
        deal = engine.derive_seed("plank kernel", players, number)
        deals.append(deal)
        seeds.append([engine.derive_seed(deal, seat) for seat in range(players)])
        policies.append(mixes[number % 3])
    hands = kernel.play_hands(players, deals, seeds, policies, rules=rules, record_moves=True)
    assert hands.moves is not None
    if rules.turn_limit == 600 and players == 2:
        assert max(len(moves) for moves in hands.moves) > kernel.TYPICAL_TURNS
    for h, deal in enumerate(deals):
        game = plank.new_game(players=players, seed=deal, rules=rules)
        pairs = zip(policies[h], seeds[h], strict=True)
        bots = [kernel.POLICIES[name](seed=seed) for name, seed in pairs]
        engine.play_game(game, bots)
        outcome = game.outcome()
        assert outcome is not None
        assert hands.moves[h] == [str(move) for move in game.history]
        assert (hands.scores[h], hands.winners[h]) == (game.scores(), outcome.winners)


@pytest.mark.parametrize(
    ("bots", "players", "seat_swap"),
    [
        ("random", 2, False),
        ("greedy,random", 2, True),
        ("greedy", 3, False),
        ("random,greedy", 4, True),
    ],
)
def test_runs_match_the_python_path_and_replay(bots, players, seat_swap):
    options = {"players": players, "games": 24, "seed": 5, "workers": 1, "seat_swap": seat_swap}
    fast = simulate("plank", bots, **options, record_moves=True, chunk_size=10)
    slow = simulate("plank", bots, **options, record_moves=True, engine="python")
    assert fast.records is not None and slow.records is not None
    assert fast.records == [{**record, "engine": "kernel"} for record in slow.records]
    assert fast.summary.to_dict() == slow.summary.to_dict()
    for record in fast.records:
        game = plank.new_game(players=players, seed=record["seed"])
        for move in record["moves"]:
            game.play(move)
        outcome = game.outcome()
        assert outcome is not None
        assert (game.scores(), list(outcome.winners)) == (record["scores"], record["winners"])


def _agree(first: Summary, second: Summary, label: str) -> None:
    """Win rates and mean scores within five standard errors of each other."""
    a, b = first.bot(label), second.bot(label)
    rate = math.sqrt(
        a.win_rate * (1 - a.win_rate) / a.games + b.win_rate * (1 - b.win_rate) / b.games
    )
    assert abs(a.win_rate - b.win_rate) <= 5 * max(rate, 1 / a.games)
    score = math.sqrt(a.score_std**2 / a.games + b.score_std**2 / b.games)
    assert abs(a.mean_score - b.mean_score) <= 5 * max(score, 1 / a.games)


@pytest.mark.parametrize(
    ("bots", "players", "games"), [("random", 3, 3000), ("greedy,random", 2, 600)]
)
def test_statistics_of_the_two_paths_agree(bots, players, games):
    """Other seeds, other hands: the same distribution."""
    fast = simulate("plank", bots, players=players, games=games, seed=1, workers=1)
    slow = simulate("plank", bots, players=players, games=games, seed=2, workers=1, engine="python")
    for entry in fast.summary.bots:
        _agree(fast.summary, slow.summary, entry.name)


def test_only_plain_random_and_greedy_seats_play_in_the_kernel():
    run = RunSpec.build("plank", "greedy,search:nodes=20", games=2, seed=1)
    assert kernel.play_games(run, 0, 2) is None
    assert all("engine" not in record for record in play_chunk(run, 0, 2))
    own = RunSpec.build("plank", ["huegames.plank.bots:GreedyBot", "random"], games=2, seed=1)
    records = kernel.play_games(own, 0, 2)
    assert records is not None and records == [
        {**own.play(number), "engine": "kernel"} for number in range(2)
    ]
    assert kernel.play_games(own, 1, 1) == []
    with pytest.raises(ValueError, match="the Plank kernel cannot play greedy, search"):
        RunSpec.build("plank", "greedy,search", engine="kernel")


def test_play_hands_refuses_bad_arguments():
    with pytest.raises(ValueError, match="needs a turn limit"):
        kernel.play_hands(2, [1], [[1, 2]], [["random"] * 2], rules=plank.Rules(turn_limit=None))
    with pytest.raises(ValueError, match="unknown policy 'search'"):
        kernel.play_hands(2, [1], [[1, 2]], [["random", "search"]])
    with pytest.raises(ValueError, match=r"0\.\.2\*\*64-1"):
        kernel.play_hands(2, [2**64], [[1, 2]], [["random"] * 2])
    with pytest.raises(TypeError, match="bot seeds must be integers"):
        kernel.play_hands(2, [1], [[1, 2.0]], [["random"] * 2])
    with pytest.raises(ValueError, match="hand 0 needs 2 bot seeds"):
        kernel.play_hands(2, [1], [[1, 2, 3]], [["random"] * 2])
    with pytest.raises(ValueError, match="1 deal seeds need as many"):
        kernel.play_hands(2, [1], [], [])
    with pytest.raises(ValueError, match="Plank is for 2 to 4 players"):
        kernel.play_hands(5, [], [], [])
    empty = kernel.play_hands(4, [], [], [], record_moves=True)
    assert (empty.scores, empty.winners, empty.moves) == ([], [], [])


def test_the_core_writes_only_into_its_buffers():
    """Exact-size buffers (the sanitizer build catches a write past one), and a
    moves buffer one code short refused with HG_ERR_CAPACITY."""
    ffi, lib = kernel.ffi, kernel.lib
    players, hands, limit = 3, 4, 60
    deals = ffi.new("uint64_t[]", [11, 12, 13, 14])
    seeds = ffi.new("uint64_t[]", list(range(hands * players)))
    policies = ffi.new("int8_t[]", [lib.PLANK_POLICY_GREEDY, lib.PLANK_POLICY_RANDOM] * 6)
    size = lib.plank_workspace_size(limit)
    scores, winners, lengths = (ffi.new("int32_t[]", n) for n in (hands * players, hands, hands))

    rules = ffi.new("plank_rules *", (players, 3, limit))

    def run(workspace, moves, capacity, kinds=policies):
        out = ffi.new("plank_hands_out *", (scores, winners, lengths, moves, capacity))
        return lib.plank_play_hands(rules, hands, deals, seeds, kinds, workspace, size, out)

    assert run(ffi.new("char[]", size), ffi.NULL, 0) == 0
    played = sum(lengths)
    assert run(ffi.new("char[]", size), ffi.new("uint32_t[]", played), played) == 0
    short = ffi.new("uint32_t[]", played - 1)
    assert run(ffi.new("char[]", size), short, played - 1) == lib.HG_ERR_CAPACITY
    assert run(ffi.NULL, ffi.NULL, 0) == lib.HG_ERR_WORKSPACE
    bad = ffi.new("int8_t[]", [2] * (hands * players))
    assert run(ffi.new("char[]", size), ffi.NULL, 0, bad) == lib.HG_ERR_ARGUMENT
    out = ffi.new("plank_hands_out *", (scores, winners, lengths, ffi.NULL, 0))
    args = (hands, deals, seeds, policies, ffi.new("char[]", size), size)
    assert lib.plank_play_hands(ffi.NULL, *args, out) == lib.HG_ERR_ARGUMENT
    assert lib.plank_play_hands(rules, *args, ffi.NULL) == lib.HG_ERR_ARGUMENT
