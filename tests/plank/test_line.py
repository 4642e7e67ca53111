"""Plank's line of play in C (``plank_line_play`` and ``plank_line_repetitions``
in ``csrc/plank_core.h``), called directly: how a hand stands after each move
(§2 a line wins it; §5 the draws by the turn limit and by repetition) and
their precedence, refusals that write nothing anywhere in the line, capacity
and depth at their edges, and the repetition count against the Python
engine's, the specification."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import plank
from huegames.plank import Termination, c_state
from profiles import examples

pytestmark = pytest.mark.skipif(not c_state.available, reason="the Plank C core is not loaded")

if c_state.available:
    ffi, lib = c_state.ffi, c_state.lib
    GOES_ON, LINE = lib.PLANK_GOES_ON, lib.PLANK_LINE
    TURN_LIMIT, REPETITION = lib.PLANK_TURN_LIMIT, lib.PLANK_REPETITION
    SIZE = ffi.sizeof("plank_position")
CODES = {move: code for code, move in c_state.MOVES.items()}

# Seed 7, two players: the fifth move completes column c for seat 0 (Game's docstring).
TO_A_LINE = ["T GWR R", "T RWG R", "T GRW W", "Wb3", "Gc2"]
# Seed 0, two players: both seats reach the movement phase with no line
# (tests/plank/test_rules.py); then each shuttles a token there and back.
BOTH_MOVING = [
    "T GRW G", "T GRW G", "Rb2", "Wc2", "T WRG G", "B GWR W",
    "B GWR W", "B RWG R", "B WRG W", "B WGR G", "Rc8", "Rc5",
]  # fmt: skip
SHUTTLE = ["c1-a4", "a2-a5", "a4-c1", "a5-a2"]

ENDED_BY = {
    Termination.LINE: "LINE",
    Termination.TURN_LIMIT: "TURN_LIMIT",
    Termination.REPETITION: "REPETITION",
}


def new_line(capacity: int, seed: int, players: int = 2):
    """A line of ``capacity`` positions, the first hand 0 dealt from ``seed``,
    the rest filled with a byte no position holds (to see what is written)."""
    line = ffi.new("plank_position[]", capacity)
    ffi.memmove(line, b"\xa5" * (capacity * SIZE), capacity * SIZE)
    assert lib.plank_deal(seed, players, line) == 0
    return line


def c_rules(players: int = 2, repetition: int = 3, turn_limit: int = 200):
    return ffi.new("plank_rules *", (players, repetition, turn_limit))


def raw(line) -> bytes:
    """Every byte of the line's buffer."""
    return bytes(ffi.buffer(line))


def play_line(line, texts: list[str], rules, depth: int = 0) -> list[int]:
    """Play ``texts`` from ``line[depth]`` on; each move's status."""
    statuses = []
    for text in texts:
        statuses.append(
            lib.plank_line_play(line, len(line), depth, CODES[plank.Move.parse(text)], rules)
        )
        depth += 1
    return statuses


def status_of(game: plank.Game) -> int:
    """How the Python engine says the hand stands: the status the line must give."""
    outcome = game.outcome()
    return GOES_ON if outcome is None else getattr(lib, f"PLANK_{ENDED_BY[outcome.termination]}")


# -- how the hand stands after a move (§2, §5) -----------------------------------


def test_the_hand_goes_on_until_a_line_of_three_colours_wins_it():
    line = new_line(8, seed=7)
    assert play_line(line, TO_A_LINE, c_rules()) == [GOES_ON] * 4 + [LINE]


def test_a_line_on_the_last_turn_beats_the_turn_limit():
    line = new_line(8, seed=7)
    assert play_line(line, TO_A_LINE, c_rules(turn_limit=5)) == [GOES_ON] * 4 + [LINE]
    assert play_line(line, TO_A_LINE[:4], c_rules(turn_limit=4)) == [GOES_ON] * 3 + [TURN_LIMIT]


def test_draw_by_threefold_repetition_in_the_line():
    moves = BOTH_MOVING + SHUTTLE * 2
    line = new_line(len(moves) + 1, seed=0)
    statuses = play_line(line, moves, c_rules(repetition=3))
    assert statuses == [GOES_ON] * (len(moves) - 1) + [REPETITION]
    game = plank.new_game(2, seed=0, backend="python", rules=plank.Rules(repetition=None))
    for depth, text in enumerate(moves, 1):
        game.play(text)
        assert lib.plank_line_repetitions(line, depth) == game.repetitions()
    assert lib.plank_line_repetitions(line, len(moves)) == 3


def test_draw_repetition_count_is_the_rules_repetition():
    moves = BOTH_MOVING + SHUTTLE
    line = new_line(len(moves) + 1, seed=0)
    assert play_line(line, moves, c_rules(repetition=2))[-1] == REPETITION
    assert play_line(line, moves, c_rules(repetition=3))[-1] == GOES_ON


def test_the_turn_limit_draws_before_a_repetition():
    moves = BOTH_MOVING + SHUTTLE
    line = new_line(len(moves) + 1, seed=0)
    assert play_line(line, moves, c_rules(repetition=2, turn_limit=len(moves)))[-1] == TURN_LIMIT


def test_no_turn_limit_and_no_repetition_draw_when_they_are_zero():
    moves = BOTH_MOVING + SHUTTLE * 60  # 252 turns, the position again and again
    line = new_line(len(moves) + 1, seed=0)
    assert set(play_line(line, moves, c_rules(repetition=0, turn_limit=0))) == {GOES_ON}
    assert lib.plank_line_repetitions(line, len(moves)) == 61


def test_passes_that_repeat_a_position_draw_the_hand():
    """Four players, seed 0: the seat to move then has no action (it passes,
    §5); passes leave the position as it was, so they count as repetitions."""
    stuck = [
        "T GRW G", "Wc1", "Rb1", "T GRW G", "B GWR W", "Rc3", "Rb1", "Ga3", "Wc1",
        "B RGW W", "T GRW G", "B WGR R", "T RWG G", "Ra1", "Gb6", "Wb1", "Ra6",
        "Gb7", "B RGW W", "Wa7", "Rb2", "Gb8", "Wc2", "Ra8",
    ]  # fmt: skip
    game = plank.new_game(4, seed=0, backend="python", rules=plank.Rules(repetition=2))
    line = new_line(64, seed=0, players=4)
    rules = c_rules(players=4, repetition=2)
    depth = 0
    for text in stuck:
        game.play(text)
        assert play_line(line, [text], rules, depth) == [status_of(game)]
        depth += 1
    while not game.is_over:
        move = game.legal_moves()[0]
        game.play(move)
        assert lib.plank_line_play(line, 64, depth, CODES[move], rules) == status_of(game)
        depth += 1
        assert lib.plank_line_repetitions(line, depth) == game.repetitions()
    assert game.outcome().termination is Termination.REPETITION


# -- what a line play writes, and refuses ----------------------------------------


def test_a_line_play_writes_only_the_next_position():
    line = new_line(8, seed=7)
    play_line(line, TO_A_LINE[:3], c_rules())
    before = raw(line)
    code = CODES[plank.Move.parse("Wb3")]
    after = ffi.new("plank_position *", line[3])
    assert lib.plank_play(after, code) == 0
    assert lib.plank_line_play(line, 8, 3, code, c_rules()) == GOES_ON
    assert raw(line)[: 4 * SIZE] == before[: 4 * SIZE]
    assert raw(line)[4 * SIZE : 5 * SIZE] == bytes(ffi.buffer(after))
    assert raw(line)[5 * SIZE :] == before[5 * SIZE :]


def test_playing_from_an_earlier_depth_branches_the_line():
    line = new_line(8, seed=7)
    play_line(line, TO_A_LINE[:4], c_rules())
    before = raw(line)
    assert play_line(line, ["T RGW G"], c_rules(), depth=1) == [GOES_ON]
    assert raw(line)[: 2 * SIZE] == before[: 2 * SIZE]  # the line up to the depth
    assert raw(line)[2 * SIZE : 3 * SIZE] != before[2 * SIZE : 3 * SIZE]
    assert raw(line)[3 * SIZE :] == before[3 * SIZE :]  # what follows is the caller's to forget


def refusals():
    """``(name, capacity, depth, move text, rules fields, error)``: each way a
    line play is refused."""
    legal, illegal = "T GWR R", "Ra1"
    good = (2, 3, 200)
    return [
        ("illegal move", 4, 0, illegal, good, "ILLEGAL"),
        ("a code no move has", 4, 0, None, good, "ILLEGAL"),
        ("no room for the next position", 4, 3, legal, good, "CAPACITY"),
        ("a line of one position", 1, 0, legal, good, "CAPACITY"),
        ("a depth below 0", 4, -1, legal, good, "ARGUMENT"),
        ("a depth at the capacity", 4, 4, legal, good, "ARGUMENT"),
        ("a depth past the capacity", 4, 9, legal, good, "ARGUMENT"),
        ("repetition 1", 4, 0, legal, (2, 1, 200), "ARGUMENT"),
        ("a repetition below 0", 4, 0, legal, (2, -3, 200), "ARGUMENT"),
        ("a turn limit below 0", 4, 0, legal, (2, 3, -1), "ARGUMENT"),
        ("rules for three players", 4, 0, legal, (3, 3, 200), "ARGUMENT"),
    ]


@pytest.mark.parametrize(
    ("capacity", "depth", "text", "fields", "error"),
    [case[1:] for case in refusals()],
    ids=[case[0] for case in refusals()],
)
def test_a_refused_line_play_writes_nothing(capacity, depth, text, fields, error):
    line = new_line(capacity, seed=7)
    for k in range(1, capacity):  # a line of the start again and again, the caller's to play
        line[k] = line[0]
    before = raw(line)
    code = 4095 if text is None else CODES[plank.Move.parse(text)]
    rules = ffi.new("plank_rules *", fields)
    refused = lib.plank_line_play(line, capacity, depth, code, rules)
    assert refused == getattr(lib, f"HG_ERR_{error}")
    assert raw(line) == before


def test_a_line_play_refuses_null_pointers_and_a_position_no_game_reaches():
    line = new_line(4, seed=7)
    before = raw(line)
    code = CODES[plank.Move.parse("T GWR R")]
    assert lib.plank_line_play(ffi.NULL, 4, 0, code, c_rules()) == lib.HG_ERR_ARGUMENT
    assert lib.plank_line_play(line, 4, 0, code, ffi.NULL) == lib.HG_ERR_ARGUMENT
    assert raw(line) == before
    line[0].owners[30] = 1  # a token beyond the table
    before = raw(line)
    assert lib.plank_line_play(line, 4, 0, code, c_rules()) == lib.HG_ERR_STATE
    assert raw(line) == before


def test_line_repetitions_refuses_what_it_cannot_count():
    line = new_line(4, seed=7)
    assert lib.plank_line_repetitions(line, 0) == 1
    assert lib.plank_line_repetitions(ffi.NULL, 0) == lib.HG_ERR_ARGUMENT
    assert lib.plank_line_repetitions(line, -1) == lib.HG_ERR_ARGUMENT
    line[0].players = 5
    assert lib.plank_line_repetitions(line, 0) == lib.HG_ERR_STATE


def test_a_line_fills_to_its_capacity_and_no_further():
    capacity = 6
    line = new_line(capacity, seed=7)
    moves = plank.new_game(2, seed=7, backend="python")
    depth = 0
    while depth + 1 < capacity:
        move = moves.legal_moves()[0]
        assert lib.plank_line_play(line, capacity, depth, CODES[move], c_rules()) >= 0
        moves.play(move)
        depth += 1
    before = raw(line)
    move = CODES[moves.legal_moves()[0]]
    assert lib.plank_line_play(line, capacity, depth, move, c_rules()) == lib.HG_ERR_CAPACITY
    assert raw(line) == before
    bigger = ffi.new("plank_position[]", capacity + 1)
    ffi.memmove(bigger, line, capacity * SIZE)
    assert lib.plank_line_play(bigger, capacity + 1, depth, move, c_rules()) >= 0


# -- against the Python engine ----------------------------------------------------


@settings(max_examples=examples(60), deadline=None)
@given(
    st.integers(2, 4),
    st.integers(0, 2**64 - 1),
    st.sampled_from([None, 2, 3]),
    st.sampled_from([None, 12, 40]),
)
def test_statuses_and_repetitions_are_the_python_engines(players, seed, repetition, limit):
    """Random hands, tokens often shuttled back to where they stood (so that
    positions repeat) and moves sometimes taken back: after each move the
    line's status is how the Python hand ended, or that it goes on, and each
    position's repetition count is ``Game.repetitions()``."""
    if repetition is None and limit is None:
        limit = 60
    rng = random.Random(seed)
    rules = plank.Rules(repetition=repetition, turn_limit=limit)
    game = plank.new_game(players, seed, rules=rules, backend="python")
    line = new_line(200, seed, players)
    c = c_rules(players, repetition or 0, limit or 0)
    while not game.is_over and len(game.history) < 150:
        if game.history and rng.random() < 0.1:
            game.undo()
        else:
            move = shuttled(game, rng) or rng.choice(game.legal_moves())
            depth = len(game.history)
            game.play(move)
            assert lib.plank_line_play(line, len(line), depth, CODES[move], c) == status_of(game)
        assert lib.plank_line_repetitions(line, len(game.history)) == game.repetitions()


def shuttled(game: plank.Game, rng: random.Random) -> plank.Move | None:
    """Half the time, the mover's last shift taken back when that is legal."""
    seat, players = game.current_player, game.players
    if rng.random() < 0.5 or len(game.history) < players:
        return None
    last = game.history[-players]
    if not isinstance(last, plank.Shift):
        return None
    back = plank.Shift(last.target, last.source)
    assert seat is not None
    return back if back in game.legal_moves() else None
