"""AEC steps per second of every game's environment beside PettingZoo's own
connect_four_v3 and chess_v6, rounds interleaved (README's step-rate table).

A step is what ``bench/test_bench_envs.py`` times: ``last()`` (observation
and mask built), a random legal action read from the mask, ``step``; a
finished game is reset from the next of 64 seeds.  Each environment plays
seven rounds of 2,000 steps (300 for chess), one round of each environment
after another, so a slow spell of a shared machine falls on all of them
alike; the rate is the best round's, in CPU time of this thread.

    python scripts/env_step_rates.py
"""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Callable

import numpy as np

from huegames.rl import pettingzoo as hz

GAMES = [("hue", 2), ("hue", 3), ("hue", 4), ("hue", 5), ("linja", 2), ("plank", 2),
         ("plank", 4), ("hues-and-cues", 3), ("hues-and-cues", 10)]  # fmt: skip
ROUNDS = 7


def stepper(aec, steps: int = 2000) -> Callable[[], float]:
    """One round of ``steps`` random legal steps of ``aec``: its steps per second."""
    rng = random.Random(0)
    resets = iter(range(1, 10**9))
    aec.reset(seed=0)

    def round_() -> float:
        start = time.thread_time()
        for _ in range(steps):
            observation, _reward, _terminated, _truncated, _info = aec.last()
            legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
            aec.step(int(legal[rng.randrange(legal.size)]))
            if all(aec.terminations.values()) or all(aec.truncations.values()):
                aec.reset(seed=next(resets) % 64)
        return steps / (time.thread_time() - start)

    return round_


def main() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import chess_v6, connect_four_v3

        envs = {
            "PettingZoo connect_four_v3": stepper(connect_four_v3.env()),
            "PettingZoo chess_v6": stepper(chess_v6.env(), 300),
        }
        for game, players in GAMES:
            envs[f"{game}, {players} players"] = stepper(hz.env(game, players))
        best = dict.fromkeys(envs, 0.0)
        for _ in range(ROUNDS):
            for name, round_ in envs.items():
                best[name] = max(best[name], round_())
    baseline = best["PettingZoo connect_four_v3"]
    print("| environment | AEC steps/s | vs connect_four_v3 |\n| --- | ---: | ---: |")
    for name, rate in best.items():
        print(f"| {name} | {rate:,.0f} | {rate / baseline:.2f}x |")


if __name__ == "__main__":
    main()
