"""What the vector tests share: each game's player counts, the batches a
backend has, and env ``i``'s games replayed one at a time outside the batch
(:class:`Replay`), the yardstick every trajectory is held to."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from huegames import engine, hue, vector
from huegames.rl import _envs
from huegames.rl import gymnasium as hg
from huegames.vector.batch import game_seed

PLAYERS = {
    name: range(engine.game_spec(name).min_players, engine.game_spec(name).max_players + 1)
    for name in engine.game_names()
}
"""Every player count each game allows (hue 2-5, linja 2, plank 2-4, hues-and-cues 3-10)."""

BOT = {"hue": "greedy", "linja": "greedy", "plank": "greedy", "hues-and-cues": "xkcd"}
"""A bot of each game other than "random" (Hues and Cues has no greedy bot)."""


SLOW_BOTS = frozenset({("hue", "greedy")} if hue.backend == "python" else ())
"""Bots too slow in pure Python for the everyday run (Hue's greedy bot,
without the Hue core: a minute a case); their cases are marked slow."""


def same(a: Any, b: Any, where: str) -> None:
    """Equal results, down to every array's dtype and numbers."""
    if isinstance(a, dict):
        assert a.keys() == b.keys(), where
        for key in a:
            same(a[key], b[key], f"{where}/{key}")
    elif isinstance(a, tuple):
        assert len(a) == len(b), where
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{k}]")
    else:
        x, y = np.asarray(a), np.asarray(b)
        assert x.dtype == y.dtype and x.shape == y.shape, where
        assert np.array_equal(x, y), f"{where}: {np.argwhere(x != y)[:4].tolist()}"


def has_c_batch(game: str, **settings: Any) -> bool:
    """Whether ``game`` has a C batch here (its core loaded, these settings)."""
    try:
        vector.make(game, 1, backend="c", **settings).close()
    except ValueError as error:
        assert "no C batch" in str(error)
        return False
    return True


C_BATCHES = frozenset(name for name in engine.game_names() if has_c_batch(name))
"""The games stepped in C under this backend (none under HUEGAMES_BACKEND=python)."""


def backends(game: str) -> tuple[str, ...]:
    """The batches of ``game`` to test: the Python one, and the C one where it exists."""
    return ("python", "c") if game in C_BATCHES else ("python",)


class Replay:
    """Env ``env``'s games of a batch seeded ``seed``, one game at a time:
    against bots on a :class:`huegames.rl.gymnasium.Env` reset with
    ``game_seed(seed, env, k)``; in self-play on the engine's game of that
    seed, observed through the encoding's views from the seat to move (once
    over, the seat that moved last)."""

    def __init__(
        self,
        game: str,
        players: int,
        seed: int,
        env: int,
        *,
        opponents: Any = None,
        seat: int = 0,
        rules: dict[str, Any] | None = None,
        reward: str = "score-difference",
    ) -> None:
        self.single = hg.Env(
            game,
            players,
            seat=seat,
            opponents=opponents or "random",
            reward=reward,
            **(rules or {}),
        )
        self.reward = reward
        self.self_play = opponents is None
        self.spec, self.players, self.code = self.single.game_spec, players, self.single.encoding
        self.seed, self.env, self.episode = seed, env, -1
        self.game: Any = None
        self.last = -1
        self._observation: dict[str, np.ndarray] = {}

    def start(self, episode: int | None = None) -> None:
        """Deal the env's next game (the first: episode 0), or game ``episode``."""
        self.episode = self.episode + 1 if episode is None else episode
        seed = game_seed(self.seed, self.env, self.episode)
        if self.self_play:
            self.game = self.spec.new_game(self.players, seed=seed, rules=self.single.rules)
            self.last = -1
        else:
            self._observation, _ = self.single.reset(seed=seed)
            self.game = self.single.game

    def observed(self) -> tuple[np.ndarray, np.ndarray, int]:
        """The observation, mask and seat to move (-1 once over) now."""
        game = self.game
        to_move = -1 if game.current_player is None else game.current_player
        if not self.self_play:
            observation = self._observation
            return observation["observation"], observation["action_mask"], to_move
        seat = to_move if to_move >= 0 else self.last
        view = game.view(seat)
        mask = (
            self.code.action_mask(view)
            if to_move == seat
            else np.zeros(self.code.action_count, np.int8)
        )
        return self.code.observation(view), mask, to_move

    def play(self, action: int) -> tuple[Any, bool]:
        """Play the caller's ``action``: the rewards (one per seat in
        self-play, the agent's against bots) and whether the game ended."""
        if not self.self_play:
            self._observation, reward, terminated, truncated, _ = self.single.step(action)
            assert not truncated
            return reward, terminated
        game = self.game
        seat = game.current_player
        game.play(self.code.action_to_move(game.view(seat), action))
        self.last = seat
        if not game.is_over:
            return np.zeros(self.players), False
        return np.array(_envs.final_rewards(self.spec, game, self.reward)), True

    def outcome(self) -> tuple[list[float], list[int]]:
        """The ended game's scores and its winners as 0/1 per seat."""
        winners = [0] * self.players
        for winner in self.game.outcome().winners:
            winners[winner] = 1
        return list(self.game.scores()), winners


def assert_seen(
    observation: np.ndarray, mask: np.ndarray, to_move: int, replay: Replay, where: str
) -> None:
    """Env ``replay.env``'s row is what its replay sees now."""
    expected, expected_mask, expected_to_move = replay.observed()
    np.testing.assert_array_equal(observation, expected, err_msg=f"{where}: observation")
    np.testing.assert_array_equal(mask, expected_mask, err_msg=f"{where}: action mask")
    assert to_move == expected_to_move, f"{where}: to_move"
    if to_move >= 0:
        assert mask.any(), f"{where}: an env to move with no legal action"


def play_along(
    envs: vector.VectorEnv, replays: list[Replay], steps: int, rng: np.random.Generator
) -> int:
    """Step ``envs`` ``steps`` times with random legal actions (from ``rng``)
    and hold every env's row, reward, end and final info to its replay, in
    whichever autoreset mode ``envs`` runs (disabled: each finished env is
    restarted with ``reset_mask``).  Returns the games finished."""
    observations, infos = envs.reset(seed=replays[0].seed)
    for replay in replays:
        replay.start()
    pending = np.zeros(envs.num_envs, bool)  # next-step: the next step starts a game
    finished = 0
    for step in range(steps):
        masks = observations["action_mask"]
        actions = np.array(
            [rng.choice(np.flatnonzero(row)) if row.any() else rng.integers(-9, 9) for row in masks]
        )
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        assert not truncated.any()
        assert set(infos) <= {"to_move", "final_info", "_final_info", "final_obs", "_final_obs"}
        for i, replay in enumerate(replays):
            where = f"env {i}, episode {replay.episode}, step {step}"
            if pending[i]:
                replay.start()
                assert not terminated[i], where
                np.testing.assert_array_equal(rewards[i], 0.0, err_msg=where)
            else:
                reward, ended = replay.play(int(actions[i]))
                assert terminated[i] == ended, where
                np.testing.assert_array_equal(rewards[i], reward, err_msg=f"{where}: reward")
            if terminated[i]:
                finished += 1
                scores, winners = replay.outcome()
                final = infos["final_info"]
                assert infos["_final_info"][i], where
                assert final["scores"][i].tolist() == scores, where
                assert final["winners"][i].tolist() == winners, where
                if envs.autoreset_mode == "same-step":
                    assert infos["_final_obs"][i], where
                    final_obs = infos["final_obs"]
                    assert_seen(
                        final_obs["observation"][i], final_obs["action_mask"][i], -1, replay, where
                    )
                    replay.start()
            row = (observations["observation"][i], observations["action_mask"][i])
            assert_seen(*row, int(infos["to_move"][i]), replay, where)
        if "final_info" in infos:
            final = infos["final_info"]
            assert final["scores"].dtype == np.float64 and final["winners"].dtype == np.int8
            assert final["scores"].shape == final["winners"].shape == (envs.num_envs, envs.players)
            assert (infos["_final_info"] == terminated).all()
            assert not infos["final_info"]["scores"][~terminated].any()
            assert not infos["final_info"]["winners"][~terminated].any()
            if envs.autoreset_mode == "same-step":
                assert (infos["_final_obs"] == terminated).all()
                for array in infos["final_obs"].values():
                    assert not array[~terminated].any(), "final_obs of an env that did not end"
            else:
                assert "final_obs" not in infos
        else:
            assert not terminated.any()
        pending = terminated & (envs.autoreset_mode == "next-step")
        if envs.autoreset_mode == "disabled" and terminated.any():
            observations, infos = envs.reset(options={"reset_mask": terminated})
            for i in np.flatnonzero(terminated):
                replays[i].start()
            for i, replay in enumerate(replays):
                row = (observations["observation"][i], observations["action_mask"][i])
                assert_seen(*row, int(infos["to_move"][i]), replay, f"env {i} after reset_mask")
    return finished


def replays_of(game: str, players: int, seed: int, num_envs: int, **settings: Any) -> list[Replay]:
    """One :class:`Replay` per env of a batch made with these settings."""
    return [Replay(game, players, seed, env, **settings) for env in range(num_envs)]


def skip_unless_c_batch(game: str) -> None:
    """Skip a case of the C batch where ``game`` has none (the Python backend)."""
    if game not in C_BATCHES:
        pytest.skip(f"no C batch of {game} under this backend")
