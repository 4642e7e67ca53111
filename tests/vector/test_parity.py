"""Parity with the single environment: env ``i`` of a batch seeded ``s``
plays, episode after episode, the games a :class:`huegames.rl.gymnasium.Env`
reset with ``game_seed(s, i, k)`` plays when fed the same actions (the
engine's own game in self-play): the same observations, masks, seats to
move, rewards, ends and final scores, on every batch (Python, and C where
the game has it), in self-play and against the bots."""

from __future__ import annotations

import numpy as np
import pytest

from huegames import vector
from vector.replay import BOT, SLOW_BOTS, backends, play_along, replays_of

SIZES = {"linja": (6, 150), "plank": (4, 80), "hue": (3, 40), "hues-and-cues": (2, 100)}
"""Each game's envs and steps a case plays (Hue and Hues and Cues are slow in Python)."""
LONGER = {("hues-and-cues", 10): 260, ("hue", 5): 50}
"""The steps of a case whose games are longer (ten seats giving cues in turn)."""
SHORTER = {("hue", "greedy"): 12}
"""The steps against a bot that ends games soon and is slow in Python (three games an env)."""


def cases(players_of):
    return [
        pytest.param(
            game,
            players,
            opponents,
            backend,
            id=f"{game}-{players}-{opponents}-{backend}",
            marks=[pytest.mark.slow] if (game, opponents) in SLOW_BOTS else [],
        )
        for game, counts in players_of.items()
        for players in counts
        for opponents in (None, "random", BOT[game])
        for backend in backends(game)
    ]


EVERYDAY = {"linja": [2], "plank": [2, 3], "hue": [2], "hues-and-cues": [3]}
LONG = {"plank": [4], "hue": [3, 5], "hues-and-cues": [10]}


def check(game, players, opponents, backend, seed=11):
    num_envs, steps = SIZES[game]
    steps = SHORTER.get((game, opponents), LONGER.get((game, players), steps))
    seat = players - 1 if opponents else 0  # the last seat: the bots move before the agent
    settings = {"opponents": opponents, "seat": seat} if opponents else {}
    envs = vector.make(game, num_envs, players=players, seed=seed, backend=backend, **settings)
    assert envs.backend == backend
    replays = replays_of(game, players, seed, num_envs, **settings)
    finished = play_along(envs, replays, steps, np.random.default_rng(seed))
    assert finished > 0, "no game ended: the case checks no autoreset"
    envs.close()


@pytest.mark.parametrize(("game", "players", "opponents", "backend"), cases(EVERYDAY))
def test_each_env_plays_the_single_environments_games(game, players, opponents, backend):
    check(game, players, opponents, backend)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "opponents", "backend"), cases(LONG))
def test_each_env_plays_the_single_environments_games_with_more_players(
    game, players, opponents, backend
):
    check(game, players, opponents, backend)


RULES = {
    "linja": {"goal_bonus": True, "tie_break": "goal", "blockade": "draw"},
    "plank": {"repetition": 2, "turn_limit": 30},
    "hue": {"covering": False},
}
"""Rule options other than the rules, for each game with a C batch to honour them."""


@pytest.mark.parametrize(
    ("game", "backend"),
    [pytest.param(g, b, id=f"{g}-{b}") for g in RULES for b in backends(g)],
)
@pytest.mark.parametrize("opponents", [None, "random"])
def test_each_env_plays_the_single_environments_games_under_other_rules(game, backend, opponents):
    num_envs, steps = SIZES[game]
    settings = {"opponents": opponents} if opponents else {}
    rules = RULES[game]
    envs = vector.make(game, num_envs, seed=4, backend=backend, rules=rules, **settings)
    replays = replays_of(game, envs.players, 4, num_envs, rules=rules, **settings)
    assert play_along(envs, replays, steps, np.random.default_rng(4)) > 0


@pytest.mark.parametrize(
    ("game", "backend"),
    [pytest.param(g, b, id=f"{g}-{b}") for g in RULES for b in backends(g)],
)
@pytest.mark.parametrize("opponents", [None, "random"])
def test_win_loss_rewards_are_the_single_environments(game, backend, opponents):
    num_envs, steps = SIZES[game]
    settings = {"opponents": opponents} if opponents else {}
    envs = vector.make(game, num_envs, seed=6, backend=backend, reward="win-loss", **settings)
    replays = replays_of(game, envs.players, 6, num_envs, reward="win-loss", **settings)
    assert play_along(envs, replays, steps, np.random.default_rng(6)) > 0


@pytest.mark.parametrize(
    ("game", "players", "opponents", "seat", "size"),
    [
        pytest.param("plank", 4, ["greedy", "random", "greedy"], 1, (4, 80), id="plank-4"),
        pytest.param("plank", 3, ["random", "greedy"], 2, (4, 80), id="plank-3"),
        pytest.param("hue", 3, ["random", "random"], 1, (3, 40), id="hue-3"),
        pytest.param("linja", 2, ["search:nodes=8"], 1, (2, 60), id="linja-search"),
        pytest.param(
            "hues-and-cues", 4, ["xkcd", "random", "css"], 2, (2, 50), id="hues-and-cues-4"
        ),
    ],
)
def test_each_env_plays_the_single_environments_games_against_a_list_of_bots(
    game, players, opponents, seat, size
):
    num_envs, steps = size
    settings = {"opponents": opponents, "seat": seat}
    envs = vector.make(game, num_envs, players=players, seed=13, **settings)
    assert [bot and bot.label for bot in envs.setup.bots] == [
        *opponents[:seat],
        None,
        *opponents[seat:],
    ]
    replays = replays_of(game, players, 13, num_envs, **settings)
    assert play_along(envs, replays, steps, np.random.default_rng(13)) > 0
