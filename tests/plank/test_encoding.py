"""Plank's numeric encoding: every legal move round-trips through one action id,
the mask is the legal moves, and the observation is the view alone."""

import random
from collections import Counter

import numpy as np
import pytest

from huegames import encoding, plank
from huegames.plank import LayPlace, LayShift, Move, Place, Shift, Square, speed
from huegames.plank.encoding import (
    ACTION_COUNT,
    LAY_PLACE_BASE,
    LAY_SHIFT_BASE,
    PASS_ACTION,
    SHIFT_BASE,
    PlankEncoding,
)

CODES = {players: PlankEncoding(players=players) for players in (2, 3, 4)}


def random_states(players: int, seed: int, bots: bool = False):
    """Every state of one hand played by random (or greedy) bots, start to end."""
    game = plank.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    greedy = plank.GreedyBot(seed=seed)
    yield game.copy()
    while not game.is_over:
        view = game.view(game.current_player)
        move = (
            greedy.choose(view) if bots and rng.random() < 0.5 else rng.choice(game.legal_moves())
        )
        game.play(move)
        yield game.copy()


def reference_observation(game: plank.Game, seat: int) -> np.ndarray:
    """The module's table written out from the game's public reads, one
    number at a time: what every observation must equal."""
    p, table = game.players, game.table
    me = plank.LETTERS.index(game.letter(seat))
    rel = [(plank.LETTERS.index(game.letter(s)) - me) % p for s in range(p)]
    t = 108 + 36 * p
    out = np.zeros(t + 7 * p + 3, dtype=np.float32)
    for row, strip in enumerate(table.strips):
        for col, colour in enumerate(strip):
            out[36 * "GRW".index(colour) + 3 * row + col] = 1
    for square, owner in enumerate(table.owners):
        if owner >= 0:
            out[108 + 36 * rel[owner] + square] = 1
    for s in range(p):
        for n in range(3):
            out[t + 3 * rel[s] + n] = game.strip_counts(s)[n] / 4
            out[t + 3 * p + 3 * rel[s] + n] = game.tokens_off(s)[n] / 2
    if game.current_player is not None:
        out[t + 6 * p + rel[game.current_player]] = 1
    if game.rules.turn_limit is not None:
        out[t + 7 * p] = len(game.history) / game.rules.turn_limit
    if game.rules.repetition is not None:
        out[t + 7 * p + 1] = game.repetitions() / game.rules.repetition
    out[t + 7 * p + 2] = game.is_over
    return out


def accepted(code: PlankEncoding, view) -> list[int]:
    """Every id that ``action_to_move`` takes in ``view`` (the others raise ValueError)."""
    found = []
    for action in range(-1, ACTION_COUNT + 1):
        try:
            code.action_to_move(view, action)
        except ValueError:
            continue
        found.append(action)
    return found


def test_the_registry_builds_it():
    for players in (2, 3, 4):
        code = encoding.encoding("plank", players=players)
        assert isinstance(code, PlankEncoding) and isinstance(code, encoding.Encoding)
        assert (code.game, code.players, code.action_count) == ("plank", players, 1801)
        assert code.observation_shape == (111 + 43 * players,)
        assert code.observation_dtype == np.float32
        assert (code.observation_low, code.observation_high) == (0.0, 1.0)
    with pytest.raises(ValueError):
        PlankEncoding(players=5)
    with pytest.raises(TypeError):
        PlankEncoding(players=2, rules=3)  # type: ignore[arg-type]


def test_the_blocks_of_ids():
    assert (SHIFT_BASE, LAY_PLACE_BASE, LAY_SHIFT_BASE, PASS_ACTION) == (36, 1332, 1368, 1800)
    assert ACTION_COUNT == 1801
    game = plank.new_game(players=2, seed=7)
    for text in ["T GWR R", "T RWG R", "T GRW W", "Wb3"]:
        game.play(text)
    view, code = game.view(0), CODES[2]
    assert code.move_to_action(view, "Gc2") == 3 * 1 + 2
    assert code.move_to_action(view, "B RGW G") == LAY_PLACE_BASE + 6 * 2 + 3 * 1 + 0
    assert code.action_to_move(view, 5) == Place("G", Square(1, 2))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_every_legal_move_round_trips_and_the_mask_is_the_legal_moves(players, seed):
    code = CODES[players]
    kinds = set()
    for game in random_states(players, seed, bots=seed % 2 == 1):
        for seat in range(players):
            view = game.view(seat)
            legal = view.legal_moves()
            kinds.update(type(move) for move in legal)
            actions = [code.move_to_action(view, move) for move in legal]
            assert len(set(actions)) == len(actions)
            assert all(0 <= a < ACTION_COUNT for a in actions)
            assert [code.action_to_move(view, a) for a in actions] == legal
            assert code.legal_actions(view) == sorted(actions)
            mask = code.action_mask(view)
            assert mask.dtype == np.int8 and mask.shape == (ACTION_COUNT,)
            assert np.flatnonzero(mask).tolist() == sorted(actions)
            obs = code.observation(view)
            assert obs.shape == code.observation_shape and obs.dtype == np.float32
            assert ((obs >= 0) & (obs <= 1)).all()
        if len(game.history) % 7 == 0:
            view = game.view(game.current_player if not game.is_over else 0)
            assert accepted(code, view) == code.legal_actions(view)
    assert {Place, LayPlace} <= kinds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_movement_phase_and_a_full_table_are_reached(players):
    """Long random hands reach shifts, lays with shifts and 12 strips on the table."""
    kinds, rows = set(), 0
    for seed in range(30):
        for game in random_states(players, 100 + seed):
            rows = max(rows, game.table.rows)
            if not game.is_over:
                view = game.view(game.current_player)
                code = CODES[players]
                for move in view.legal_moves():
                    kinds.add(type(move))
                    assert code.action_to_move(view, code.move_to_action(view, move)) == move
                if len(game.history) % 11 == 0:
                    assert accepted(code, view) == code.legal_actions(view)
    assert {Place, Shift, LayPlace, LayShift} <= kinds and rows == 12


def test_a_pass_is_the_last_id():
    """A seat with no strips left whose off-table colours have no free square passes."""
    # a position set up by hand, on the Python engine (the C core mirrors
    # only positions reached by moves)
    game = plank.new_game(players=4, seed=1).with_backend("python")
    seat = game.current_player
    others = [s for s in range(4) if s != seat]
    for strip in ("RWG", "RGW", "GRW"):  # R W G / R G W / G R W
        game.table.lay(strip, "B")
    owners = {0: seat, 3: seat, 1: seat, 2: others[0], 5: others[0], 4: others[1]}
    owners |= {8: others[1], 6: others[2]}
    for square, owner in owners.items():
        game.table.owners[square] = owner
    game._off[seat] = [2, 0, 1]  # two green and a white off the table; no free G or W square
    game._strips[seat] = [0, 0, 0]
    assert game.legal_moves() == [Move.PASS]
    view = game.view(seat)
    assert CODES[4].legal_actions(view) == [PASS_ACTION]
    assert CODES[4].action_to_move(view, PASS_ACTION) is Move.PASS
    assert CODES[4].move_to_action(view, "pass") == PASS_ACTION
    assert np.flatnonzero(CODES[4].action_mask(view)).tolist() == [PASS_ACTION]
    assert accepted(CODES[4], view) == [PASS_ACTION]
    assert CODES[4].play_seat(game, seat, PASS_ACTION) is Move.PASS


def test_the_first_strip_laid_at_the_bottom_is_the_top_move():
    game = plank.new_game(players=2, seed=7)
    view, code = game.view(0), CODES[2]
    top = code.move_to_action(view, "T GWR R")
    assert code.move_to_action(view, "B GWR R") == top
    assert str(code.action_to_move(view, top)) == str(game.play("B GWR R")) == "T GWR R"


def test_illegal_moves_and_ids_raise_value_error():
    game = plank.new_game(players=2, seed=7)
    for text in ["T GWR R", "T RWG R"]:
        game.play(text)
    code = CODES[2]
    view, other = game.view(0), game.view(1)
    for bad in (-1, ACTION_COUNT, PASS_ACTION, 40, 2.0, True, "1"):
        with pytest.raises(ValueError):
            code.action_to_move(view, bad)  # type: ignore[arg-type]
    for text in ("Ra1", "Rc9", "a1-b1", "pass", "B GRW a1"):
        with pytest.raises(ValueError):
            code.move_to_action(view, text)
    with pytest.raises(ValueError):
        code.move_to_action(other, "Wb2")  # not seat 1's turn
    assert code.legal_actions(other) == [] and not code.action_mask(other).any()
    with pytest.raises(ValueError):
        CODES[3].legal_actions(view)  # a 2-player view


def test_the_observation_layout():
    game = plank.new_game(players=3, seed=4)
    code = CODES[3]
    first = game.current_player
    obs = code.observation(game.view(first))
    assert obs.shape == (240,) and obs.dtype == np.float32
    assert not obs[:216].any()  # an empty table
    hands, off, to_move, turns = 216, 225, 234, 237
    assert obs[to_move] == 1 and obs[to_move + 1 : turns].sum() == 0
    assert (obs[off : off + 9] == 1).all()  # every token off the table
    assert (obs[hands : hands + 9] * 4).sum() == 12  # four strips each
    assert (obs[hands : hands + 3] * 4).tolist() == [
        game.strips(first).count(p) for p in plank.PATTERNS
    ]
    assert obs[turns] == 0 and obs[turns + 1] == pytest.approx(1 / 3) and obs[turns + 2] == 0
    game.play("T RWG G")
    obs = code.observation(game.view(first))
    planes = obs[:216].reshape(6, 12, 3)
    assert planes[:3, 0].tolist() == [[0, 0, 1], [1, 0, 0], [0, 1, 0]]  # R W G
    assert planes[:3, 1:].sum() == 0
    assert planes[3, 0].tolist() == [0, 0, 1] and planes[4:].sum() == 0
    assert obs[off : off + 3].tolist() == [0.5, 1, 1]
    assert obs[to_move + 1] == 1 and obs[turns] == pytest.approx(1 / 200)
    nxt = code.observation(game.view(game.current_player))
    assert nxt[to_move] == 1 and nxt[108 + 2 * 36 + 2] == 1  # seat 0 is two turns after
    assert ((obs >= 0) & (obs <= 1)).all()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_are_taken_in_turn_order_from_the_view(players):
    code = CODES[players]
    for game in random_states(players, 3):
        for seat in range(players):
            obs = code.observation(game.view(seat))
            t = 108 + 36 * players
            tokens = obs[108:t].reshape(players, 36)
            for k in range(players):
                letter = plank.LETTERS[(plank.LETTERS.index(game.letter(seat)) + k) % players]
                other = game.deal.seat_of(letter)
                owned = [o == other for o in game.table.owners] + [False] * (
                    36 - len(game.table.owners)
                )
                assert tokens[k].astype(bool).tolist() == owned
                held = [game.strips(other).count(p) / 4 for p in plank.PATTERNS]
                assert obs[t + 3 * k : t + 3 * k + 3].tolist() == held
            if not game.is_over:
                k = obs[t + 6 * players : t + 7 * players].tolist().index(1)
                letter = plank.LETTERS[(plank.LETTERS.index(game.letter(seat)) + k) % players]
                assert game.deal.seat_of(letter) == game.current_player


@pytest.mark.parametrize("players", [2, 4])
def test_plank_hides_nothing_so_the_observation_is_the_view_alone(players):
    """No hidden information: the observation depends only on the view's position,
    the same for a game rebuilt from its record, and the same for two histories that
    meet in one position (bar the draw counters, which count turns and repeats)."""
    code = CODES[players]
    for game in random_states(players, 9):
        again = plank.Game.from_dict(game.to_dict())
        for seat in range(players):
            assert (code.observation(game.view(seat)) == code.observation(again.view(seat))).all()
    one, two = plank.new_game(players=2, seed=7), plank.new_game(players=2, seed=7)
    for text in ["T GWR R", "T RWG R", "Ga2", "Wb2", "Wb1", "Gc1"]:
        one.play(text)
    for text in ["T GWR R", "T RWG R", "Wb1", "Gc1", "Ga2", "Wb2"]:
        two.play(text)
    assert one.history != two.history and one.table.owners == two.table.owners
    for seat in (0, 1):
        assert (CODES[2].observation(one.view(seat)) == CODES[2].observation(two.view(seat))).all()


# -- the seat methods: no view -------------------------------------------------------

DRAWS = {  # how the hands end: their rules, and whether seats shift tokens back
    "line": (plank.Rules(), False),
    "turn limit": (plank.Rules(turn_limit=12), False),
    "repetition": (plank.Rules(repetition=2, turn_limit=None), True),
}


def chosen(game: plank.Game, rng: random.Random, last: dict | None) -> Move:
    """A random legal move; with ``last`` (each seat's last move), a shift
    where one is legal, and first the one taking the seat's last shift back
    (so positions come again)."""
    legal = list(game.legal_moves())
    if last is None:
        return rng.choice(legal)
    before = last.get(game.current_player)
    shifts = [move for move in legal if isinstance(move, Shift)]
    for move in shifts:
        if isinstance(before, Shift) and (move.source, move.target) == (
            before.target,
            before.source,
        ):
            return move
    return rng.choice(shifts or legal)


@pytest.mark.parametrize("backend", speed.backends())
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("draw", list(DRAWS))
def test_the_seat_methods_are_the_view_methods(backend, players, draw):
    """``observe_seat`` and ``play_seat`` read the game without a view (which
    copies it): at every state each seat's observation and mask are its
    view's (and the table's, number by number, and the Python engine's), and
    the move played is ``game.play(action_to_move(...))``'s."""
    rules, back = DRAWS[draw]
    code, endings = CODES[players], Counter()
    for seed in range(4):
        game = plank.new_game(players, seed=seed, rules=rules, backend=backend)
        twin, python = game.copy(), game.with_backend("python")
        rng, last = random.Random(seed), {}
        while True:
            for seat in range(players):
                view = game.view(seat)
                observation, mask = code.observe_seat(game, seat)
                assert observation.dtype == np.float32 and mask.dtype == np.int8
                assert observation.shape == code.observation_shape
                assert mask.shape == (ACTION_COUNT,)
                assert (observation == code.observation(view)).all()
                assert (observation == reference_observation(game, seat)).all()
                assert (mask == code.action_mask(view)).all()
                on_python = code.observe_seat(python, seat)
                assert (on_python[0] == observation).all() and (on_python[1] == mask).all()
            if game.is_over:
                break
            seat = game.current_player
            action = code.move_to_action(game.view(seat), chosen(game, rng, last if back else None))
            move = code.play_seat(game, seat, action)
            assert twin.play(code.action_to_move(twin.view(seat), action)) == move
            assert game.history == twin.history and game.history[-1] == move
            last[seat] = python.play(move)
        endings[game.outcome().termination.value] += 1
    assert draw in endings, endings


def test_arrays_from_observe_seat_are_the_callers():
    """Each call gives new arrays: changing one changes no later one."""
    game = plank.new_game(players=2, seed=4)
    seat = game.current_player
    observation, mask = CODES[2].observe_seat(game, seat)
    observation[:] = 7
    mask[:] = 7
    again, mask_again = CODES[2].observe_seat(game, seat)
    assert (again <= 1).all() and (mask_again <= 1).all() and mask_again.any()


@pytest.mark.parametrize("backend", speed.backends())
def test_play_seat_refuses_what_is_not_legal_and_plays_nothing(backend):
    """Every id not in the mask (a lay at the bottom of the empty table, a
    Place on a row not laid ...), another seat's turn, a bad seat or
    action: a ValueError or TypeError, and the game as it was."""
    code = CODES[2]
    game = plank.new_game(players=2, seed=7, backend=backend)

    def state():
        seen = [code.observe_seat(game, seat) for seat in (0, 1)]
        return list(game.history), [(o.tobytes(), m.tobytes()) for o, m in seen]

    for _ in range(3):  # the empty table, one strip, two
        seat = game.current_player
        legal = code.legal_actions(game.view(seat))
        before = state()
        for action in sorted(set(range(ACTION_COUNT)) - set(legal)):
            with pytest.raises(ValueError, match="not legal"):
                code.play_seat(game, seat, action)
        for other, action in ((1 - seat, legal[0]), (2, legal[0]), (-1, legal[0])):
            with pytest.raises(ValueError, match=r"not legal|no seat"):
                code.play_seat(game, other, action)
        for action in (-1, ACTION_COUNT, True, 2.0, "1"):
            with pytest.raises(ValueError, match=r"not in|integer"):
                code.play_seat(game, seat, action)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            code.play_seat(game, bool(seat), legal[0])  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"plank\.Game"):
            code.play_seat(game.view(seat), seat, legal[0])  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="3-player encoding"):
            CODES[3].play_seat(game, seat, legal[0])
        assert state() == before
        assert code.play_seat(game, seat, np.int64(legal[-1])) == game.history[-1]
    for seat in (2, -1):
        with pytest.raises(ValueError, match="no seat"):
            code.observe_seat(game, seat)
    with pytest.raises(TypeError):
        code.observe_seat(game, True)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"plank\.Game"):
        code.observe_seat(game.view(0), 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="3-player encoding"):
        CODES[3].observe_seat(game, 0)
