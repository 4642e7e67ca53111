"""Linja's numeric encoding: every legal move round-trips through one action id,
the mask is the legal moves, and the observation is the view alone."""

import random
import subprocess
import sys

import numpy as np
import pytest

from huegames import encoding, linja
from huegames.linja import Board, Game, Move, speed
from huegames.linja.encoding import ACTION_COUNT, PASS_ACTION, LinjaEncoding

CODE = LinjaEncoding(players=2)


def random_states(seed: int, rules: linja.Rules | None = None):
    """Every state of one random game (random moves), from the start to the end."""
    game, rng = linja.new_game(seed=seed, rules=rules), random.Random(seed)
    yield game.copy()
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
        yield game.copy()


def blocked() -> Game:
    """Red cannot make an initial move (row 6 is full), black can: red must pass."""
    return Game(Board.of((0, 0, 0, 0, 0, 6, 0, 6), (0, 0, 0, 6, 0, 0, 6, 0)), linja.RED)


def test_the_registry_builds_it():
    code = encoding.encoding("linja", players=2)
    assert isinstance(code, LinjaEncoding) and isinstance(code, encoding.Encoding)
    assert (code.game, code.players, code.action_count) == ("linja", 2, 29)
    assert code.observation_shape == (25,) and code.observation_dtype == np.float32
    assert (code.observation_low, code.observation_high) == (0.0, 1.0)
    with pytest.raises(ValueError):
        LinjaEncoding(players=3)
    with pytest.raises(TypeError):
        LinjaEncoding(players=2, rules="goal")  # type: ignore[arg-type]


def test_ids_are_the_forward_pairs_then_the_pass():
    game = Game(first_player=linja.RED)
    pairs = [(s, t) for s in range(7) for t in range(s + 1, 8)]
    assert len(pairs) == PASS_ACTION == 28 and ACTION_COUNT == 29
    assert [s * (15 - s) // 2 + t - s - 1 for s, t in pairs] == list(range(28))
    red = game.view(linja.RED)
    assert CODE.action_to_move(red, 0) == Move(0, 1)  # red: 0-1 is action 0
    black = Game(first_player=linja.BLACK).view(linja.BLACK)
    assert CODE.action_to_move(black, 0) == Move(7, 6)  # black: the same id is 7-6


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("goal_bonus", [False, True])
def test_every_legal_move_round_trips_and_the_mask_is_the_legal_moves(seed, goal_bonus):
    rules = linja.Rules(goal_bonus=goal_bonus)
    code = LinjaEncoding(players=2, rules=rules)
    for game in random_states(seed, rules):
        for seat in (0, 1):
            view = game.view(seat)
            legal = view.legal_moves()
            actions = [code.move_to_action(view, move) for move in legal]
            assert len(set(actions)) == len(actions)
            assert all(0 <= a < ACTION_COUNT for a in actions)
            assert [code.action_to_move(view, a) for a in actions] == legal
            assert code.legal_actions(view) == sorted(actions)
            mask = code.action_mask(view)
            assert mask.dtype == np.int8 and mask.shape == (ACTION_COUNT,)
            assert np.flatnonzero(mask).tolist() == sorted(actions)
            obs = code.observation(view)
            assert obs.shape == (25,) and obs.dtype == np.float32
            assert ((obs >= 0) & (obs <= 1)).all()
            for action in set(range(ACTION_COUNT)) - set(actions):
                with pytest.raises(ValueError):
                    code.action_to_move(view, action)


def test_a_pass_is_action_28_and_only_when_no_move_exists():
    game = blocked()
    view = game.view(linja.RED)
    assert game.legal_moves() == [Move.PASS]
    assert CODE.legal_actions(view) == [PASS_ACTION]
    assert CODE.move_to_action(view, "pass") == PASS_ACTION
    assert CODE.action_to_move(view, PASS_ACTION) == Move.PASS
    with pytest.raises(ValueError):
        CODE.move_to_action(linja.new_game(seed=1).view(0), Move.PASS)


def test_illegal_moves_and_ids_raise_value_error():
    game = linja.new_game(seed=1)  # red to move
    red, black = game.view(0), game.view(1)
    for bad in (-1, ACTION_COUNT, 1, 2.0, True, "0"):
        with pytest.raises(ValueError):
            CODE.action_to_move(red, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        CODE.move_to_action(red, "0-2")  # an initial move goes one position
    with pytest.raises(ValueError):
        CODE.move_to_action(red, "7-6")  # backwards for red
    with pytest.raises(ValueError):
        CODE.move_to_action(black, "7-6")  # not black's turn
    assert CODE.legal_actions(black) == [] and not CODE.action_mask(black).any()


def test_a_finished_game_has_no_actions():
    game = Game(Board.of((0, 0, 0, 0, 0, 2, 2, 8), (6, 4, 2, 0, 0, 0, 0, 0)))
    assert game.is_over
    for seat in (0, 1):
        assert CODE.legal_actions(game.view(seat)) == []
        obs = CODE.observation(game.view(seat))
        assert obs[24] == 1 and obs[16] == 0


def test_the_observation_layout():
    game = linja.new_game(seed=1)  # red to move
    obs = CODE.observation(game.view(0))
    assert obs.shape == (25,) and obs.dtype == np.float32
    assert (obs * 12)[:8].round().tolist() == [6, 1, 1, 1, 1, 1, 1, 0]
    assert (obs * 12)[8:16].round().tolist() == [0, 1, 1, 1, 1, 1, 1, 6]
    assert obs[16] == 1 and obs[17] == 1 and obs[18:].sum() == 0  # to move; initial move
    game.play("0-1")  # row 1 held 2: a following move of 2
    obs = CODE.observation(game.view(0))
    assert obs[19] == 1 and obs[17] == 0 and obs[16] == 1 and obs[23] == 0
    assert CODE.observation(game.view(1))[16] == 0
    game.play("0-2")  # onto row 2, which held 2: no bonus
    bonus = linja.new_game(
        seed=1, board=Board.of((6, 1, 0, 1, 1, 1, 1, 1), (0, 1, 0, 1, 1, 1, 1, 7))
    )
    bonus.play("0-1")
    bonus.play("0-2")  # onto the empty row 2: a bonus turn
    assert CODE.observation(bonus.view(0))[23] == 1
    assert ((CODE.observation(game.view(0)) >= 0) & (CODE.observation(game.view(0)) <= 1)).all()


@pytest.mark.parametrize("seed", range(10))
def test_both_seats_see_the_same_table_from_their_own_side(seed):
    for game in random_states(seed):
        red, black = CODE.observation(game.view(0)), CODE.observation(game.view(1))
        assert (red[0:8] == black[8:16][::-1]).all() and (red[8:16] == black[0:8][::-1]).all()
        assert (red[17:] == black[17:]).all()
        if not game.is_over:
            assert red[16] + black[16] == 1


@pytest.mark.parametrize("seed", range(10))
def test_linja_hides_nothing_so_the_observation_is_the_state_alone(seed):
    """No hidden information: the observation depends only on the view's state, not
    the history that led to it (the same state rebuilt from scratch looks the same),
    and different states look different."""
    seen: dict[bytes, linja.State] = {}
    for game in random_states(seed):
        fresh = Game(game.board, game.state.current_player, rules=game.rules)
        fresh.state = game.state  # the same state, no history
        for seat in (0, 1):
            obs = CODE.observation(game.view(seat))
            assert (obs == CODE.observation(fresh.view(seat))).all()
            key = bytes([seat]) + obs.tobytes()
            assert seen.setdefault(key, game.state) == game.state


@pytest.mark.parametrize("backend", speed.backends())
@pytest.mark.parametrize("seed", range(6))
def test_the_seat_methods_are_the_view_methods(seed, backend):
    """``observe_seat`` and ``play_seat`` read the game without a view (which
    copies it): at every state each seat's observation and mask are its
    view's, and the move played is ``game.play(action_to_move(...))``'s."""
    game = linja.new_game(seed=seed).with_backend(backend)
    twin, rng = game.copy(), random.Random(seed)
    while True:
        for seat in (0, 1):
            view = game.view(seat)
            observation, mask = CODE.observe_seat(game, seat)
            assert observation.dtype == np.float32 and mask.dtype == np.int8
            assert (observation == CODE.observation(view)).all()
            assert (mask == CODE.action_mask(view)).all()
            assert observation.flags.writeable and mask.flags.writeable
        if game.is_over:
            break
        seat = game.current_player
        action = rng.choice(CODE.legal_actions(game.view(seat)))
        move = CODE.play_seat(game, seat, action)
        assert twin.play(CODE.action_to_move(twin.view(seat), action)) == move
        assert game.history == twin.history and game.state == twin.state


def test_arrays_from_observe_seat_are_the_callers():
    """Each call gives new arrays: changing one changes no later one."""
    game = linja.new_game(seed=4)
    observation, mask = CODE.observe_seat(game, 0)
    observation[:] = 7
    mask[:] = 7
    again, mask_again = CODE.observe_seat(game, 0)
    assert (again <= 1).all() and (mask_again <= 1).all() and mask_again.any()


def test_play_seat_refuses_what_is_not_legal_and_plays_nothing():
    game = linja.new_game(seed=1)  # red to move
    legal = CODE.legal_actions(game.view(0))
    illegal = next(a for a in range(ACTION_COUNT) if a not in legal)
    for seat, action in ((1, legal[0]), (0, illegal), (0, -1), (0, ACTION_COUNT), (2, legal[0])):
        with pytest.raises(ValueError, match=r"not legal|not in|no seat"):
            CODE.play_seat(game, seat, action)
    with pytest.raises(ValueError, match="integer"):
        CODE.play_seat(game, 0, True)
    with pytest.raises(TypeError, match=r"linja\.Game"):
        CODE.play_seat(game.view(0), 0, legal[0])  # type: ignore[arg-type]
    assert game.history == []
    assert CODE.play_seat(game, 0, np.int64(legal[0])) == game.history[-1]
    for seat in (2, -1):
        with pytest.raises(ValueError, match="no seat"):
            CODE.observe_seat(game, seat)
    with pytest.raises(TypeError):
        CODE.observe_seat(game, True)
    with pytest.raises(TypeError, match=r"linja\.Game"):
        CODE.observe_seat(game.view(0), 0)  # type: ignore[arg-type]


def test_importing_the_games_does_not_import_numpy():
    code = (
        "import sys, huegames, huegames.linja, huegames.plank, huegames.hues_and_cues\n"
        "bad = {'numpy', 'pettingzoo', 'gymnasium', 'pyspiel'} & set(sys.modules)\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
