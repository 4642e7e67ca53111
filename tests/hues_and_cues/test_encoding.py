"""Hues and Cues' numeric encoding: every legal move round-trips through one
action id, the mask is the legal moves, and a guesser's observation never
shows the card or the target."""

import random

import numpy as np
import pytest

from huegames import encoding, engine
from huegames import hues_and_cues as hc
from huegames.hues_and_cues import Board, Phase, Rules
from huegames.hues_and_cues.colour import oklab
from huegames.hues_and_cues.encoding import (
    ACTION_COUNT,
    CUE_BASE,
    CUES,
    GUESS_BASE,
    SKIP_ACTION,
    HuesAndCuesEncoding,
)
from huegames.hues_and_cues.lexicon import lexicon, vocabulary

pytestmark = pytest.mark.backend_independent  # the same on either backend

CODES: dict[tuple[int, Rules], HuesAndCuesEncoding] = {}


def code_for(players: int, rules: Rules | None = None) -> HuesAndCuesEncoding:
    key = (players, rules or Rules())
    if key not in CODES:
        CODES[key] = HuesAndCuesEncoding(players=players, rules=rules)
    return CODES[key]


def shape(players: int) -> int:
    return 480 * (5 + 2 * players) + 19 + 3 * players


def random_states(players: int, seed: int, rules: Rules | None = None, lexicon_bots=False):
    """Every state of one game played by random (or lexicon) bots, start to end."""
    game = hc.new_game(players=players, seed=seed, rules=rules)
    if lexicon_bots:
        bots = [hc.LexiconBot(seed=seed + seat) for seat in range(players)]
    else:
        bots = [hc.RandomBot(seed=seed + seat) for seat in range(players)]
    yield game
    while not game.is_over:
        game.play(bots[game.current_player].choose(game.view(game.current_player)))
        yield game


def check_state(code: HuesAndCuesEncoding, game: hc.Game, rng: random.Random) -> None:
    """The round trip, the mask and the refusals at one state, for every seat."""
    for seat in range(game.players):
        view = game.view(seat)
        legal = view.legal_moves()
        mask = code.action_mask(view)
        assert mask.dtype == np.int8 and mask.shape == (ACTION_COUNT,)
        if not legal:
            assert not mask.any() and code.legal_actions(view) == []
            continue
        actions = [code.move_to_action(view, move) for move in legal]
        assert len(set(actions)) == len(actions)
        assert all(0 <= a < ACTION_COUNT for a in actions)
        assert [code.action_to_move(view, a) for a in actions] == legal
        assert code.legal_actions(view) == sorted(actions)
        assert np.flatnonzero(mask).tolist() == sorted(actions)
        obs = code.observation(view)
        assert obs.shape == code.observation_shape and obs.dtype == np.float32
        assert ((obs >= code.observation_low) & (obs <= code.observation_high)).all()
        taken = set(actions)
        for action in rng.sample(range(ACTION_COUNT), 40):
            if action not in taken:
                with pytest.raises(ValueError):
                    code.action_to_move(view, action)


def test_the_registry_builds_it():
    for players in range(3, 11):
        code = encoding.encoding("hues-and-cues", players=players)
        assert isinstance(code, HuesAndCuesEncoding) and isinstance(code, encoding.Encoding)
        assert (code.game, code.players, code.action_count) == ("hues-and-cues", players, 2028)
        assert code.observation_shape == (shape(players),)
        assert code.observation_dtype == np.float32
    assert HuesAndCuesEncoding(players=2).observation_shape == (shape(2),)  # the variant
    for players in (1, 11):
        with pytest.raises(ValueError):
            HuesAndCuesEncoding(players=players)
    with pytest.raises(TypeError):
        HuesAndCuesEncoding(players=3, rules={})  # type: ignore[arg-type]


def test_the_blocks_of_ids_and_the_vocabulary():
    assert (GUESS_BASE, SKIP_ACTION, CUE_BASE, ACTION_COUNT) == (480, 960, 961, 2028)
    assert CUES == vocabulary() == tuple(sorted(CUES)) and len(CUES) == 1067
    assert len(set(CUES)) == len(CUES)
    every = lexicon("all")
    assert all(text in every.labs or text in every.words for text in CUES)


@pytest.mark.parametrize("players", range(2, 11))
def test_every_legal_move_round_trips_and_the_mask_is_the_legal_moves(players):
    rng = random.Random(players)
    code = code_for(players)
    for number, game in enumerate(random_states(players, seed=players)):
        if number % 3 == 0 or game.phase in (Phase.TARGET, Phase.FIRST_CUE, Phase.SECOND_CUE):
            check_state(code, game, rng)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(free_target=True),
        Rules(colour_words=("red", "teal", "rose"), colour_stems=False),
        Rules(relative_words=("dark", "light", "pale"), rounds_per_giver=1),
    ],
)
def test_under_other_rules(rules):
    rng = random.Random(1)
    code = code_for(4, rules)
    for game in random_states(4, seed=11, rules=rules):
        if game.phase is not Phase.FIRST_GUESSES:
            check_state(code, game, rng)
    # an encoding built for the default rules follows the view's rules
    for game in random_states(3, seed=12, rules=rules):
        if game.phase in (Phase.TARGET, Phase.SECOND_CUE):
            check_state(code_for(3), game, rng)


def test_a_game_of_lexicon_bots_round_trips():
    rng = random.Random(3)
    for game in random_states(3, seed=5, lexicon_bots=True):
        check_state(code_for(3), game, rng)


def test_a_repeated_cue_is_masked_as_legal_moves_mask_it():
    game = hc.new_game(players=3, seed=7)
    code = code_for(3)
    for text in ["target N10", "cue mint", "guess A1", "guess A2"]:
        game.play(text)
    view = game.view(0)
    mask = code.action_mask(view)
    assert not mask[CUE_BASE + CUES.index("mint")]  # given already
    assert mask[SKIP_ACTION] and mask[CUE_BASE + CUES.index("sea")]
    assert np.flatnonzero(mask).tolist() == sorted(
        code.move_to_action(view, move) for move in view.legal_moves()
    )
    for bad in ("cue mint", "cue MINT", "cue lighter", "cue sea", "guess A1"):
        if bad == "cue sea":
            assert code.move_to_action(view, bad) == CUE_BASE + CUES.index("sea")
            continue
        with pytest.raises(ValueError):
            code.move_to_action(view, bad)


def test_a_cue_outside_the_vocabulary_has_no_id_but_is_still_observed():
    game = hc.new_game(players=3, seed=7)
    code = code_for(3)
    game.play("target N10")
    assert game.is_legal("cue zorblax") and "zorblax" not in CUES
    with pytest.raises(ValueError, match="vocabulary"):
        code.move_to_action(game.view(0), "cue zorblax")
    game.play("cue zorblax")
    obs = code.observation(game.view(1))
    f = 480 * 11
    assert obs[f] == 1 and obs[f + 1] == 0 and not obs[f + 2 : f + 5].any()


def test_illegal_ids_and_views_raise_value_error():
    game = hc.new_game(players=3, seed=7)
    code = code_for(3)
    view, guesser = game.view(0), game.view(1)
    for bad in (-1, ACTION_COUNT, 0, GUESS_BASE, SKIP_ACTION, CUE_BASE, 1.0, True, "213"):
        with pytest.raises(ValueError):
            code.action_to_move(view, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        code.move_to_action(view, "target A1")  # not on the card
    with pytest.raises(ValueError):
        code.move_to_action(guesser, "target N10")  # not the guesser's move
    assert code.legal_actions(guesser) == [] and not code.action_mask(guesser).any()
    with pytest.raises(ValueError):
        code_for(4).action_mask(view)  # a 3-player view


def test_the_observation_layout():
    game = hc.new_game(players=3, seed=7)
    code = code_for(3)
    f = 480 * 11
    obs = code.observation(game.view(0))
    assert obs.shape == (5308,) and obs.dtype == np.float32
    planes = obs[:f].reshape(11, 16, 30)
    assert np.allclose(planes[:3, 7, 14], oklab(game.board["H15"]), atol=1e-6)
    card = {(s.row, s.column) for s in game.round.card.squares}
    assert {tuple(map(int, rc)) for rc in np.argwhere(planes[3])} == card
    assert not planes[4:].any()
    assert obs[f + 10] == 1 and obs[f + 16] == 1 and obs[f + 17] == 1 and obs[f + 20] == 1
    assert not code.observation(game.view(1))[3 * 480 : 5 * 480].any()  # no card for a guesser
    for text in ["target N10", "cue mint", "guess N11", "guess M10", "cue sea", "guess N10"]:
        game.play(text)
    obs = code.observation(game.view(1))  # seat 1: seat 2 is k=1, the giver seat 0 is k=2
    planes = obs[:f].reshape(11, 16, 30)
    assert planes[5, 13, 10] == 1 and planes[6, 12, 9] == 1  # first guesses: us N11, seat 2 M10
    assert planes[9, 13, 9] == 1 and planes[5:].sum() == 3  # seat 2's second guess N10
    assert not planes[3:5].any()  # neither card nor target for a guesser
    every = lexicon("all")
    mint, sea = every.labs["mint"], every.labs.get("sea") or every.words["sea"]
    assert obs[f] == obs[f + 1] == obs[f + 5] == obs[f + 6] == 1
    assert np.allclose(obs[f + 2 : f + 5], mint) and np.allclose(obs[f + 7 : f + 10], sea)
    assert obs[f + 14] == 1 and obs[f + 16] == 0 and obs[f + 19] == 1  # second guesses; giver k=2
    assert obs[f + 20] == 1  # seat 1 (us) to move
    assert obs[f + 26] == 0 and obs[f + 27] == 0  # round 0, no tie-break
    game.play("guess O12")  # the round is scored: scores [6, 3, 5]
    obs = code.observation(game.view(1))
    assert obs[f + 23 : f + 26].tolist() == [3, 5, 6] and obs[f + 26] == 1
    low, high = code.observation_low, code.observation_high
    assert low.shape == high.shape == (5308,) and ((obs >= low) & (obs <= high)).all()


def test_a_finished_game():
    game = hc.new_game(players=3, seed=1)
    engine.play_game(game, [hc.RandomBot(seed=seat) for seat in range(3)])
    code = code_for(3)
    for seat in range(3):
        view = game.view(seat)
        obs = code.observation(view)
        assert obs[480 * 11 + 15] == 1 and not code.action_mask(view).any()
        assert obs[480 * 11 + 23 : 480 * 11 + 26].sum() == sum(game.scores())


def test_a_custom_board_is_observed():
    rows = tuple(tuple(f"#{8 * r:02x}{8 * c:02x}80" for c in range(30)) for r in range(16))
    board = Board(rows)
    game = hc.new_game(players=3, seed=2, board=board)
    obs = code_for(3).observation(game.view(1))
    planes = obs[: 3 * 480].reshape(3, 16, 30)
    assert np.allclose(planes[:, 5, 20], oklab(board.rows[5][20]), atol=1e-6)
    default = code_for(3).observation(hc.new_game(players=3, seed=2).view(1))
    assert not np.array_equal(default[: 3 * 480], obs[: 3 * 480])


@pytest.mark.parametrize("players", [3, 5])
def test_a_guesser_cannot_tell_two_targets_apart(players):
    """Two games that differ only in the card and the target the giver picked,
    with the same cues and guesses: every guesser sees the same observation,
    the giver does not."""
    one = hc.new_game(players=players, seed=3, deck=["A1 B2 C3 D4"])
    two = hc.new_game(players=players, seed=3, deck=["P30 O29 N28 M27"])
    one.play("target C3")
    two.play("target O29")
    rng = random.Random(players)
    code = code_for(players)
    while True:
        for seat in range(players):
            obs = [code.observation(game.view(seat)) for game in (one, two)]
            assert np.array_equal(obs[0], obs[1]) == (seat != 0)  # seat 0 gives the cues
            masks = [code.action_mask(game.view(seat)) for game in (one, two)]
            assert np.array_equal(masks[0], masks[1])  # a guesser's moves do not show it either
        move = rng.choice(one.legal_moves()[:50])
        one.play(move)
        two.play(move)
        if one.rounds:  # scored: the targets are public now
            break


def test_the_cues_that_repeat_a_cue_are_what_repeats_says():
    """The encoding finds the repeating cues through their readings; every cue
    the rules' ``repeats`` refuses is found, and no other."""
    from huegames.hues_and_cues.cues import normal, repeats
    from huegames.hues_and_cues.encoding import _cue_tables

    tables = _cue_tables(Rules())
    rng = random.Random(4)
    tricky = [
        "sea foam",
        "seafoam",
        "m\u0131nt",
        "\uff4d\uff49\uff4e\uff54",
        "MINT",
        "Rose",
        "corn",
    ]
    tricky += ["com", "Sea-Foam", "d\u00fcsty rose", "lilac", "zorblax", "l\u0456lac", "IIlac"]
    for text in [*tricky, *rng.sample(CUES, 150)]:
        cue = normal(text.split())
        brute = tuple(
            action
            for action, move in sorted(tables.moves.items())
            if repeats(move.words, (cue,)) is not None
        )
        assert tables.repeats(cue) == brute, text


@pytest.mark.parametrize("rules", [None, Rules(free_target=True)])
def test_action_to_move_takes_exactly_the_masked_ids(rules):
    code = code_for(3, rules)
    for number, game in enumerate(random_states(3, seed=21, rules=rules)):
        if number % 2:
            continue
        for seat in range(3):
            view = game.view(seat)
            found = []
            for action in range(-1, ACTION_COUNT + 1):
                try:
                    code.action_to_move(view, action)
                except ValueError:
                    continue
                found.append(action)
            assert found == code.legal_actions(view)


def test_observation_bounds_are_finite_and_hold_every_observation():
    """Scores and the round's number, which the rules leave open, are bounded
    by the largest float32, so the Box is bounded; a played game stays inside."""
    enc = HuesAndCuesEncoding(3)
    assert np.isfinite(enc.observation_high).all() and np.isfinite(enc.observation_low).all()
    game = hc.new_game(players=3, seed=2)
    rng = random.Random(2)
    while not game.is_over:
        view = game.view(game.current_player)
        observed = enc.observation(view)
        assert (enc.observation_low <= observed).all() and (observed <= enc.observation_high).all()
        game.play(rng.choice(game.legal_moves()[:40]))


def test_the_gymnasium_environment_is_built_without_a_warning():
    import warnings

    gymnasium = pytest.importorskip("gymnasium")
    from huegames.rl import gymnasium as envs

    envs.register_envs()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env = gymnasium.make(envs.env_id("hues-and-cues"))
        env.reset(seed=1)
        space = env.observation_space["observation"]
        assert space.is_bounded()
    env.close()
    assert [str(warning.message) for warning in caught] == []
