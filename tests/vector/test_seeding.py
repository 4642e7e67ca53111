"""Seeds: a batch seed replays exactly, whatever the thread count and the
batch (Linja's C batch against the Python one, the specification, step by
step in every mode); the random actions are legal and drawn as
``batch.random_action`` draws them from each env's ``actions_seed``
generator; the C cores' ``hg_derive_seed`` is ``engine.derive_seed``."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import engine, vector
from huegames.linja import c_state
from huegames.vector.batch import actions_seed, game_seed, random_action, splitmix64
from profiles import examples
from vector.replay import BOT, C_BATCHES, PLAYERS, SLOW_BOTS, backends

needs_linja_c = pytest.mark.skipif("linja" not in C_BATCHES, reason="Linja's C batch is not loaded")

SEEDS = st.one_of(st.integers(0, 2**63 - 1), st.integers(-(2**70), -1), st.integers(2**64, 10**200))
"""Batch seeds: 63-bit ones, negative ones and big ones (their text goes into the cores)."""


def trajectory(envs, steps, seed=None, resets=None):
    """Everything ``envs`` returns over ``steps`` steps of its own random
    actions after ``reset(seed=seed)``, as plain arrays (disabled mode: the
    finished envs restarted with ``reset_mask``; ``resets``, a seed: now and
    then a random ``reset_mask`` too, finished envs or not)."""
    observations, infos = envs.reset(seed=seed)
    seen = [observations["observation"], observations["action_mask"], infos["to_move"]]
    rng = None if resets is None else np.random.default_rng(resets)
    for _ in range(steps):
        if rng is not None and rng.random() < 0.1:
            mask = rng.random(envs.num_envs) < 0.4
            observations, infos = envs.reset(options={"reset_mask": mask})
            seen += [mask, observations["observation"], observations["action_mask"]]
            seen.append(infos["to_move"])
        actions = envs.random_actions()
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        seen += [actions, observations["observation"], observations["action_mask"]]
        seen += [rewards, terminated, truncated, infos["to_move"]]
        for key in ("final_info", "final_obs"):
            if key in infos:
                seen += [infos[f"_{key}"], *infos[key].values()]
        if envs.autoreset_mode == "disabled" and terminated.any():
            observations, infos = envs.reset(options={"reset_mask": terminated})
            seen += [observations["observation"], observations["action_mask"], infos["to_move"]]
    return seen


def assert_same(first, second):
    assert len(first) == len(second)
    for number, (a, b) in enumerate(zip(first, second, strict=True)):
        assert a.dtype == b.dtype and a.shape == b.shape, f"array {number}"
        np.testing.assert_array_equal(a, b, err_msg=f"array {number}")


GAMES = [
    pytest.param(game, backend, id=f"{game}-{backend}")
    for game in PLAYERS
    for backend in backends(game)
]
STEPS = {"linja": 120, "plank": 80, "hue": 15, "hues-and-cues": 40}
PLAYED = {"linja": 2, "plank": 3, "hue": 2, "hues-and-cues": 3}


@pytest.mark.parametrize(("game", "backend"), GAMES)
def test_a_batch_seed_replays_exactly(game, backend):
    make = lambda: vector.make(game, 3, players=PLAYED[game], seed=5, backend=backend)  # noqa: E731
    envs = make()
    first = trajectory(envs, STEPS[game])
    assert_same(trajectory(envs, STEPS[game], seed=5), first)  # reset(seed=s) again
    assert_same(trajectory(make(), STEPS[game]), first)  # a new batch seeded s
    other = trajectory(envs, STEPS[game], seed=6)
    assert any(not np.array_equal(a, b) for a, b in zip(first, other, strict=False))


@pytest.mark.parametrize(
    ("game", "backend", "opponents"),
    [
        pytest.param(
            game,
            backend,
            bot,
            id=f"{game}-{backend}-{bot}",
            marks=[pytest.mark.slow] if (game, bot) in SLOW_BOTS and backend == "python" else [],
        )
        for game in PLAYERS
        for backend in backends(game)
        for bot in ("random", BOT[game])
    ],
)
def test_the_thread_count_changes_nothing(game, backend, opponents):
    runs = [
        trajectory(
            vector.make(
                game, 4, players=PLAYED[game], seed=7, threads=threads, opponents=opponents,
                autoreset_mode="next-step", backend=backend,
            ),
            STEPS[game],
        )
        for threads in (1, 2, 3)
    ]  # fmt: skip
    assert_same(runs[1], runs[0])
    assert_same(runs[2], runs[0])


@pytest.mark.parametrize(("game", "backend"), GAMES)
def test_a_closed_batch_of_threads_steps_every_env(game, backend):
    made = [
        vector.make(game, 4, players=PLAYED[game], seed=8, threads=threads, backend=backend)
        for threads in (2, 1)
    ]
    for envs in made:
        envs.reset()
    made[0].close()  # its threads stop: it steps on in the caller's
    made[0].close()
    for _ in range(STEPS[game] // 2):
        actions = made[1].random_actions()
        results = [envs.step(actions) for envs in made]
        made[0].random_actions()
        for key in results[1][0]:
            np.testing.assert_array_equal(results[0][0][key], results[1][0][key])
        np.testing.assert_array_equal(results[0][1], results[1][1])


@needs_linja_c
@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # fork with threads running
def test_a_batch_of_threads_refuses_to_step_in_a_forked_child():
    envs = vector.make("linja", 4, seed=1, threads=2, backend="c")
    envs.reset()
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # the child has no worker threads: a step would wait for them forever
        try:
            envs.step(np.zeros(4, np.int64))
            answer = b"stepped"
        except RuntimeError as error:
            answer = b"refused" if "another process" in str(error) else b"other"
        os.write(write, answer)
        os._exit(0)
    os.waitpid(child, 0)
    assert os.read(read, 16) == b"refused"
    envs.step(envs.random_actions())  # the parent's threads step on
    envs.close()


def masked_trajectory(envs, steps, seed):
    """Everything ``envs`` returns over ``steps`` steps of its own random
    actions, each stepping the envs of a random ``step_mask`` (seeded
    ``seed``), checking as it goes that the envs left out are as they were."""
    observations, infos = envs.reset()
    rng = np.random.default_rng(seed)
    seen = []
    for _ in range(steps):
        chosen = rng.random(envs.num_envs) < 0.6
        actions = envs.random_actions()
        before = {key: array.copy() for key, array in observations.items()}
        observations, rewards, terminated, _, infos = envs.step(actions, step_mask=chosen)
        for key, array in observations.items():
            np.testing.assert_array_equal(array[~chosen], before[key][~chosen], err_msg=key)
        assert not terminated[~chosen].any() and not rewards[~chosen].any()
        now = [chosen, actions, observations["observation"], observations["action_mask"]]
        now += [rewards, terminated, infos["to_move"]]
        for key in ("final_info", "final_obs"):
            if key in infos:
                now += [infos[f"_{key}"], *infos[key].values()]
        seen += [np.array(array) for array in now]  # copy=False: the views change
        if envs.autoreset_mode == "disabled" and terminated.any():
            observations, infos = envs.reset(options={"reset_mask": terminated})
    return seen


@pytest.mark.parametrize("mode", ["same-step", "next-step", "disabled"])
@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_step_mask_steps_those_envs_alike_on_every_backend_and_thread_count(game, mode):
    runs = [
        masked_trajectory(
            vector.make(
                game, 5, players=PLAYED[game], seed=9, threads=threads, backend=backend,
                autoreset_mode=mode, copy=copy,
            ),
            STEPS[game],
            seed=3,
        )
        for backend, threads, copy in [("python", 1, True), *[
            (backend, threads, copy)
            for backend in backends(game) if backend != "python"
            for threads, copy in ((1, True), (2, False), (3, True))
        ]]
    ]  # fmt: skip
    for run in runs[1:]:
        assert_same(run, runs[0])


def test_an_unseeded_batch_has_a_fresh_seed_that_replays_it():
    first, second = vector.make("linja", 3), vector.make("linja", 3)
    assert isinstance(first.seed, int) and first.seed != second.seed
    again = vector.make("linja", 3, seed=first.seed)
    assert_same(trajectory(first, 40), trajectory(again, 40))
    first.reset(seed=99)
    assert first.seed == 99


@needs_linja_c
@settings(max_examples=examples(60))
@given(
    seed=SEEDS,
    num_envs=st.integers(1, 9),
    threads=st.integers(1, 3),
    mode=st.sampled_from(vector.AUTORESET_MODES),
    opponents=st.sampled_from([None, "random", "greedy", ["greedy"]]),
    seat=st.integers(0, 1),
    resets=st.none() | st.integers(0, 2**32),
    rules=st.fixed_dictionaries(
        {},
        optional={
            "goal_bonus": st.booleans(),
            "tie_break": st.sampled_from(["draw", "goal"]),
            "blockade": st.sampled_from(["score", "draw"]),
        },
    ),
)
def test_linjas_c_batch_plays_as_the_python_batch(
    seed, num_envs, threads, mode, opponents, seat, resets, rules
):
    threads = min(threads, num_envs)
    made = {
        backend: vector.make(
            "linja", num_envs, seed=seed, opponents=opponents, seat=seat, threads=threads,
            autoreset_mode=mode, backend=backend, rules=rules,
        )
        for backend in ("c", "python")
    }  # fmt: skip
    assert made["c"].backend == "c" and made["python"].backend == "python"
    assert_same(
        trajectory(made["c"], 90, resets=resets), trajectory(made["python"], 90, resets=resets)
    )


@pytest.mark.parametrize("backend", ["auto", "python"])
def test_a_batch_seed_of_over_255_digits_is_refused_on_every_backend_and_changes_nothing(
    backend,
):
    made = [vector.make("linja", 3, seed=5, backend=backend) for _ in range(2)]
    refused, twin = made
    for envs in made:
        envs.reset()
        envs.step(envs.random_actions())
    for seed in (10**300, -(10**255)):
        with pytest.raises(ValueError, match="at most 255 digits"):
            refused.reset(seed=seed)
    assert refused.seed == 5
    mask = np.array([True, False, True])
    assert_same(
        trajectory_after(refused, mask), trajectory_after(twin, mask)
    )  # the same next episodes: of seed 5
    with pytest.raises(ValueError, match="at most 255 digits"):
        vector.make("linja", 3, seed=10**255, backend=backend)
    longest = vector.make("linja", 2, seed=-(10**255 - 1), backend=backend)
    longest.reset()
    assert longest.seed == -(10**255 - 1)


@needs_linja_c
def test_the_longest_batch_seed_gives_the_same_games_on_c_and_python():
    seed = 10**255 - 1
    made = [vector.make("linja", 3, seed=seed, backend=b) for b in ("c", "python")]
    assert_same(trajectory(made[0], 30), trajectory(made[1], 30))


def trajectory_after(envs, mask):
    observations, infos = envs.reset(options={"reset_mask": mask})
    seen = [observations["observation"], infos["to_move"]]
    for _ in range(10):
        observations, *_ = envs.step(envs.random_actions())
        seen.append(observations["observation"])
    return seen


@needs_linja_c
def test_linjas_c_batch_leaves_a_search_bot_to_python():
    assert vector.make("linja", 2, opponents="search").backend == "python"
    with pytest.raises(ValueError, match="no C batch"):
        vector.make("linja", 2, opponents="search", backend="c")


def test_hues_and_cues_has_no_c_batch():
    with pytest.raises(ValueError, match="Hues and Cues has no C batch"):
        vector.make("hues-and-cues", 2, backend="c")
    assert vector.make("hues-and-cues", 2).backend == "python"


PYTHON_ONLY = os.environ.get("HUEGAMES_BACKEND") == "python"


@pytest.mark.parametrize("game", PLAYERS)
def test_auto_takes_the_c_batch_only_where_the_backend_is_c(game):
    envs = vector.make(game, 2)
    if PYTHON_ONLY:
        assert envs.backend == "python"
    else:
        assert envs.backend == ("c" if game in C_BATCHES else "python")
    assert repr(envs).endswith(f", {envs.backend}>")


def test_the_python_backend_is_always_python():
    for game in PLAYERS:
        assert vector.make(game, 1, backend="python").backend == "python"


@pytest.mark.parametrize(("game", "backend"), GAMES)
def test_random_actions_are_legal_and_drawn_from_each_envs_generator(game, backend):
    seed, num_envs = 31, 5
    envs = vector.make(game, num_envs, players=PLAYED[game], seed=seed, backend=backend,
                       autoreset_mode="next-step")  # fmt: skip
    observations, _ = envs.reset()
    states = [actions_seed(seed, env) for env in range(num_envs)]
    for _ in range(STEPS[game]):
        masks = observations["action_mask"]
        actions = envs.random_actions()
        assert actions.dtype == np.int64 and actions.shape == (num_envs,)
        for env in range(num_envs):
            states[env], expected = random_action(states[env], masks[env])
            assert actions[env] == expected, f"env {env}"
            if masks[env].any():
                assert masks[env, actions[env]] == 1
            else:
                assert actions[env] == 0
        observations, *_ = envs.step(actions)
    # reproducible: the same seed, the same draws
    again = vector.make(game, num_envs, players=PLAYED[game], seed=seed, backend=backend,
                        autoreset_mode="next-step")  # fmt: skip
    again.reset()
    envs.reset(seed=seed)
    np.testing.assert_array_equal(envs.random_actions(), again.random_actions())


def test_random_action_picks_the_ith_legal_id_from_the_high_bits():
    mask = np.array([0, 1, 1, 0, 1, 0, 0, 1], np.int8)
    state = actions_seed(3, 0)
    after, output = splitmix64(state)
    legal = [1, 2, 4, 7]
    assert random_action(state, mask) == (after, legal[((output >> 32) * 4) >> 32])
    assert random_action(state, np.zeros(8, np.int8)) == (state, 0)  # no draw
    # SplitMix64's reference outputs from state 0
    outputs, state = [], 0
    for _ in range(3):
        state, output = splitmix64(state)
        outputs.append(output)
    assert outputs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_the_seeds_are_derive_seeds():
    assert game_seed(4, 2, 1) == engine.derive_seed(4, 2, 1)
    assert actions_seed(4, 2) == engine.derive_seed(4, 2, "actions")
    envs = vector.make("linja", 3, seed=4, backend="python")
    envs.reset()
    envs.reset()
    assert [game.seed for game in envs.batch.games] == [game_seed(4, i, 1) for i in range(3)]


@pytest.mark.skipif(not c_state.available, reason="the Linja C core is not loaded")
@settings(max_examples=examples(300))
@given(
    parts=st.lists(
        st.one_of(SEEDS, st.integers(-(2**63), 2**63), st.text(max_size=12)), min_size=1, max_size=4
    )
)
def test_the_c_derive_seed_is_engine_derive_seed(parts):
    text = repr(tuple(parts)).encode()
    assert c_state.lib.hg_derive_seed(text, len(text)) == engine.derive_seed(*parts)


@pytest.mark.skipif(not c_state.available, reason="the Linja C core is not loaded")
def test_the_c_derive_seed_of_known_seeds():
    lib = c_state.lib
    for parts in [
        (1, 2),
        (0, 0, 0),
        (-1, 3, "actions"),
        (2**63 - 1, 7, 2),
        (10**40, 0, 1),
        (-(10**30),),
    ]:
        text = repr(parts).encode()
        assert lib.hg_derive_seed(text, len(text)) == engine.derive_seed(*parts)
    assert lib.hg_derive_seed(b"(1, 2)", 6) == 7777801250388762567
