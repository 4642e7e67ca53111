"""The engine contract, checked the same way for every registered game.

OpenSpiel's random-simulation test, written once against ``huegames.engine``
and run over every game and player count (and, as the whole suite runs once
per backend, over both Hue backends).  At every step of seeded random games:
the legal moves are unique, non-empty until the end, and each one's text
parses back to it; a sample of them (all of them at the first step) plays and
undoes to exactly the state before; a copy matches and stays independent;
the record replays, through JSON, to the same state; each seat's view offers
moves only to the seat to move.  At the end: ``current_player`` is
:data:`engine.GAME_OVER`, the outcome names the game's own termination and
agrees with the scores, and every bot refuses to move.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import itertools
import json
import multiprocessing
import pickle
import random
import unicodedata
from enum import Enum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import IllegalMoveError, InvalidMoveError, NotYourTurnError, engine
from huegames.text import QUOTED_LIMIT
from profiles import examples

MOVES_TRIED_PER_STEP = 12
CHEAP_SETTINGS = {"playouts": 8, "nodes": 20, "candidates": 3}
"""Small search budgets so every bot plays whole games quickly on either backend."""


def player_counts(spec: engine.GameSpec) -> list[int]:
    middle = (spec.min_players + spec.max_players) // 2
    return sorted({spec.min_players, middle, spec.max_players})


CASES = [
    pytest.param(spec.name, players, id=f"{spec.name}-{players}p")
    for spec in engine.game_specs()
    for players in player_counts(spec)
]
BOT_CASES = [
    pytest.param(spec.name, entry.name, id=f"{spec.name}-{entry.name}")
    for spec in engine.game_specs()
    for entry in spec.bots
]


def snapshot(game: Any) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def package_of(spec: engine.GameSpec) -> Any:
    return importlib.import_module(spec.game_class.__module__.rpartition(".")[0])


def cheap_bot(spec: engine.GameSpec, name: str, seed: int) -> engine.Bot:
    settings = spec.bot_entry(name).settings
    return spec.bot(name, seed=seed, **{k: v for k, v in CHEAP_SETTINGS.items() if k in settings})


def check_moves_parse_back(move_type: Any, moves: list[Any]) -> None:
    for move in moves:
        text = str(move)
        assert move_type.parse(text) == move, f"{text!r} parses back to its move"
        assert move_type.coerce(text) == move
        assert move_type.coerce(move) == move
        assert hash(move) == hash(move_type.parse(text))


def check_step(spec: engine.GameSpec, game: Any, rng: random.Random) -> None:
    moves = list(game.legal_moves())
    seat = game.current_player
    assert moves, "a game that is not over has a legal move"
    assert len(set(moves)) == len(moves), "legal moves are listed once each"
    assert seat in range(game.players)
    assert game.outcome() is None and game.winner is None
    move_type = type(moves[0])
    check_moves_parse_back(move_type, moves)

    for other in range(game.players):
        offered = list(game.view(other).legal_moves())
        assert offered == (moves if other == seat else []), "a view offers moves to its seat only"

    before = snapshot(game)
    twin = game.copy()
    assert snapshot(twin) == before, "a copy matches its original"
    rebuilt = spec.from_dict(json.loads(before))
    assert snapshot(rebuilt) == before, "the record replays to the same state"
    assert list(rebuilt.legal_moves()) == moves

    tried = (
        moves
        if not game_moves_so_far(game)
        else rng.sample(moves, min(len(moves), MOVES_TRIED_PER_STEP))
    )
    for move in tried:
        assert game.play(move) == move
        assert snapshot(twin) == before, "a copy is independent of its original"
        assert game.undo() == move
        assert snapshot(game) == before, "undo restores the state before the move"


def game_moves_so_far(game: Any) -> int:
    return len(game.to_dict()["moves"])


def check_end(spec: engine.GameSpec, game: Any) -> None:
    assert game.is_over
    assert game.current_player is engine.GAME_OVER
    assert list(game.legal_moves()) == []
    outcome = game.outcome()
    assert isinstance(outcome, engine.Outcome)
    termination_type = package_of(spec).Termination
    assert issubclass(termination_type, Enum) and isinstance(outcome.termination, termination_type)
    assert game.winner == outcome.winner

    scores = game.scores()
    assert len(scores) == game.players
    best = min(scores) if game.players in spec.lower_scores_win else max(scores)
    assert all(scores[seat] == best for seat in outcome.winners), (
        f"winners {outcome.winners} hold the best score of {scores}"
    )
    for seat in range(game.players):
        view = game.view(seat)
        assert view.is_over and view.current_player is engine.GAME_OVER
        assert list(view.legal_moves()) == []
    before = snapshot(game)
    assert spec.from_dict(json.loads(before)).outcome() == outcome


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_the_contract(name: str, players: int, seed: int) -> None:
    spec = engine.game_spec(name)
    game = spec.new_game(players, seed)
    assert game.players == players
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        check_step(spec, game, rng)
        moves = game.legal_moves()
        move = moves[rng.randrange(len(moves))]
        game.play(str(move) if rng.random() < 0.5 else move)  # a move or its text
        steps += 1
        assert steps < 5000, "the game ends"
    check_end(spec, game)
    last = game.undo()
    assert not game.is_over and game.current_player in range(players)
    game.play(last)
    check_end(spec, game)


def same(a: Any, b: Any) -> bool:
    """Whether two views' contents are equal as data: dataclasses field by
    field, a Hue board by its placements (a board compares by identity)."""
    if a is b:
        return True
    if hasattr(a, "to_dict") and hasattr(b, "to_dict"):  # a whole game (of one that hides nothing)
        return bool(a.to_dict() == b.to_dict())
    if hasattr(a, "placements") and hasattr(b, "placements"):
        return tuple(a.placements) == tuple(b.placements)
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        if type(a) is not type(b):
            return False
        if type(a).__dataclass_params__.eq and a == b:  # type: ignore[attr-defined]
            return True  # equal by value: no need to look inside
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(map(same, a, b))
    return bool(a == b)


def hidden_worlds(game: Any, seat: int, rng: random.Random) -> list[Any]:
    """A game dealt afresh from what ``seat`` sees (``View.sample``): it must
    differ from ``game`` only in what the seat cannot see (a game that hides
    nothing gives a copy of itself)."""
    return [game.view(seat).sample(rng)]


def other_targets(spec: engine.GameSpec, game: Any) -> list[Any]:
    """Hues and Cues, just after the cue giver picked the target: the same
    game with each other square of the card as the target, replayed once from
    the record and then played on in step with ``game`` (so the check costs
    in proportion to the game's length)."""
    record = game.to_dict()
    moves = record["moves"]
    worlds = []
    for square in game.round.card.squares:
        if square != game.round.target:
            changed = [*moves[:-1], f"target {square}"]
            world = spec.from_dict({**record, "moves": changed})
            assert world.to_dict() != record, "another target is another game"
            worlds.append(world)
    return worlds


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("seed", [4, 5])
def test_a_view_never_holds_what_its_seat_cannot_see(name: str, players: int, seed: int) -> None:
    spec = engine.game_spec(name)
    game = spec.new_game(players, seed)
    rng = random.Random(seed)
    targets: list[Any] = []  # Hues and Cues: this round's other targets, played in step
    compared = 0
    for step in itertools.count():
        if game.is_over:
            break
        giver = getattr(getattr(game, "round", None), "giver", None)
        sampled = {game.current_player, step % players}  # each seat in turn, and the mover
        for seat in range(players):
            seen = game.view(seat)
            worlds = hidden_worlds(game, seat, rng) if seat in sampled else []
            worlds += targets if seat != giver else []
            for world in worlds:
                assert same(world.view(seat), seen), f"seat {seat} sees a hidden difference"
                compared += 1
        moves = game.legal_moves()
        move = moves[rng.randrange(len(moves))]
        game.play(move)
        round_ = getattr(game, "round", None)
        if round_ is None or round_.target is None:
            targets = []
        elif str(move).startswith("target "):
            targets = other_targets(spec, game)
        else:
            for world in targets:
                world.play(str(move))
    assert compared


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_same_seed_gives_the_same_game(name: str, players: int) -> None:
    spec = engine.game_spec(name)
    bots = lambda: [cheap_bot(spec, "random", seed) for seed in range(players)]  # noqa: E731
    first = engine.play_game(spec.new_game(players, 11), bots())
    second = engine.play_game(spec.new_game(players, 11), bots())
    assert first.to_dict() == second.to_dict()


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_game_without_a_seed_keeps_a_fresh_one_in_its_record(name: str, players: int) -> None:
    spec = engine.game_spec(name)
    game = spec.new_game(players)
    seed = game.to_dict()["seed"]
    assert isinstance(seed, int)
    assert spec.new_game(players, seed).to_dict() == game.to_dict()


@pytest.mark.parametrize(("name", "bot"), BOT_CASES)
def test_every_bot_plays_whole_games_and_refuses_out_of_turn(name: str, bot: str) -> None:
    spec = engine.game_spec(name)
    players = spec.min_players if spec.min_players > 2 else 2
    game = spec.new_game(players, 5)
    bots = [cheap_bot(spec, bot, seed) for seed in range(players)]
    waiting = (game.current_player + 1) % players
    with pytest.raises(NotYourTurnError):
        bots[waiting].choose(game.view(waiting))
    engine.play_game(game, bots)
    check_end(spec, game)
    for seat in range(players):
        with pytest.raises(NotYourTurnError):
            bots[seat].choose(game.view(seat))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_refused_moves_leave_the_state_as_it_was(name: str, players: int) -> None:
    spec = engine.game_spec(name)
    game = spec.new_game(players, 3)
    before = snapshot(game)
    for bad in ("", "not a move", "\x00", "9" * 400):
        with pytest.raises((IllegalMoveError, InvalidMoveError)):
            game.play(bad)
        assert snapshot(game) == before
    for bad in (None, 3, 1.5, object()):
        with pytest.raises((TypeError, InvalidMoveError)):
            game.play(bad)
        assert snapshot(game) == before


@pytest.mark.parametrize(("name", "players"), CASES)
def test_views_take_only_integer_seats(name: str, players: int) -> None:
    game = engine.game_spec(name).new_game(players, 3)
    for bad in (players, -1, 1.0, True, "0", None):
        with pytest.raises((TypeError, ValueError)):
            game.view(bad)


@pytest.mark.parametrize("name", [spec.name for spec in engine.game_specs()])
def test_records_of_another_game_are_refused(name: str) -> None:
    spec = engine.game_spec(name)
    for other in engine.game_specs():
        if other.name == name:
            continue
        record = other.new_game(other.min_players, 1).to_dict()
        if record["game"] == name:
            continue  # a game registered again under another name (tests/othergame.py)
        with pytest.raises(
            ValueError, match=f"this is a '{record['game']}' record, not a '{name}'"
        ):
            spec.from_dict(record)
    record = spec.new_game(spec.min_players, 1).to_dict()
    with pytest.raises(ValueError, match="format"):
        spec.from_dict({**record, "format": 1})
    with pytest.raises(TypeError):
        spec.from_dict([record])


@pytest.mark.parametrize("name", [spec.name for spec in engine.game_specs()])
def test_every_game_records_the_one_layout(name: str) -> None:
    spec = engine.game_spec(name)
    record = spec.new_game(spec.min_players, 1).to_dict()
    assert list(record) == ["format", "game", "players", "rules", "seed", "setup", "moves"]
    assert record["game"] == name and record["players"] == spec.min_players
    assert isinstance(spec.rules_class.from_dict(record["rules"]), spec.rules_class)


COPIERS = {
    "pickle": lambda thing: pickle.loads(pickle.dumps(thing)),
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
}


def midgame(spec: engine.GameSpec, players: int, seed: int) -> Any:
    """A game some random moves in (its first undo still possible)."""
    game = spec.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 12)):
        if game.is_over:
            break
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    return game


def check_plays_on_alike(game: Any, twin: Any, seed: int) -> None:
    """``twin`` is ``game``: the same record, moves, scores and views, move for
    move to the end, and no move on one reaches the other."""
    rng = random.Random(seed)
    assert twin is not game and snapshot(twin) == snapshot(game)
    while not game.is_over:
        moves = list(game.legal_moves())
        assert list(twin.legal_moves()) == moves
        assert twin.scores() == game.scores() and twin.current_player == game.current_player
        for seat in range(game.players):
            assert same(twin.view(seat), game.view(seat))
        move = moves[rng.randrange(len(moves))]
        before = snapshot(game)
        twin.play(move)
        assert snapshot(game) == before, "a move on the copy leaves the original alone"
        game.play(move)
    assert snapshot(twin) == snapshot(game) and twin.outcome() == game.outcome()
    assert twin.undo() == game.undo()
    assert snapshot(twin) == snapshot(game)


@pytest.mark.parametrize("how", list(COPIERS))
@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_game_pickles_and_copies_and_plays_on_alike(name: str, players: int, how: str) -> None:
    spec = engine.game_spec(name)
    for seed in (1, 2):
        game = midgame(spec, players, seed)
        check_plays_on_alike(game, COPIERS[how](game), seed)


@pytest.mark.parametrize("how", list(COPIERS))
@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_game_object_pickles_and_copies(name: str, players: int, how: str) -> None:
    spec = engine.game_spec(name)
    game = midgame(spec, players, 3)
    copier = COPIERS[how]
    moves = game.legal_moves()
    assert list(copier(moves)) == list(moves)
    for move in list(moves)[:5]:
        assert copier(move) == move and hash(copier(move)) == hash(move)
    rules = game.rules
    assert copier(rules) == rules
    assert copier(spec.rules_class()) == spec.rules_class()
    for seat in range(players):
        view = game.view(seat)
        twin = copier(view)
        assert same(twin, view) and list(twin.legal_moves()) == list(view.legal_moves())
        assert twin.current_player == view.current_player and twin.is_over == view.is_over
    for part in ("board", "deck", "deal", "table"):
        thing = getattr(game, part, None)
        if thing is not None and not callable(thing):
            assert alike(copier(thing), thing)


def alike(a: Any, b: Any) -> bool:
    """:func:`same`, or for an object compared by identity, the same fields."""
    if same(a, b):
        return True
    slots = [name for cls in type(a).__mro__ for name in getattr(cls, "__slots__", ())]
    return type(a) is type(b) and all(
        same(getattr(a, name), getattr(b, name)) for name in slots if not name.startswith("__")
    )


@pytest.mark.parametrize("how", list(COPIERS))
@pytest.mark.parametrize(("name", "players"), CASES)
def test_an_encoding_pickles_and_copies_and_encodes_alike(
    name: str, players: int, how: str
) -> None:
    pytest.importorskip("numpy")
    from huegames.encoding import encoding

    spec = engine.game_spec(name)
    if spec.encoding is None:
        pytest.skip(f"{spec.title} has no encoding")
    code = encoding(spec, players, None)
    game = midgame(spec, players, 4)
    code.observation(game.view(0))  # its caches filled first
    twin = COPIERS[how](code)
    for seat in range(players):
        view = game.view(seat)
        assert (twin.observation(view) == code.observation(view)).all()
        assert (twin.action_mask(view) == code.action_mask(view)).all()
        assert twin.legal_actions(view) == code.legal_actions(view)


def play_first_moves(game: Any) -> tuple[str, list[int]]:
    """``game`` played to its end, always by its first legal move: its record
    and scores (what a worker process sends back)."""
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return snapshot(game), game.scores()


def test_every_game_travels_to_a_spawned_process_and_plays_on_there() -> None:
    games = [midgame(spec, spec.min_players, 5) for spec in engine.game_specs()]
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        there = pool.map(play_first_moves, games, chunksize=1)
    assert there == [play_first_moves(game) for game in games]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_can_undo_says_whether_undo_takes_back_a_move(name: str, players: int) -> None:
    spec = engine.game_spec(name)
    game = spec.new_game(players, 6)
    assert game.can_undo is False
    with pytest.raises(IllegalMoveError):
        game.undo()
    rng = random.Random(6)
    played = []
    while not game.is_over:
        moves = game.legal_moves()
        played.append(game.play(moves[rng.randrange(len(moves))]))
        assert game.can_undo is True
    with pytest.raises(AttributeError):
        game.can_undo = False
    while played:
        assert game.can_undo is True
        assert game.undo() == played.pop()
    assert game.can_undo is False
    with pytest.raises(IllegalMoveError):
        game.undo()


HIDDEN_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Zl", "Zp"}
GAME_NAMES = [spec.name for spec in engine.game_specs()]


def check_safe_refusal(call: Any, *args: Any) -> None:
    """``call(*args)`` refuses with a ValueError or TypeError (or accepts) and its
    message holds no raw control, format or escape character and stays short:
    at most 200 characters of the input, each escaped in at most 10."""
    try:
        call(*args)
    except (ValueError, TypeError) as error:
        message = str(error)
        assert len(message) <= 10 * QUOTED_LIMIT + 200, message[:400]
        raw = [ch for ch in message if unicodedata.category(ch) in HIDDEN_CATEGORIES]
        assert not raw, f"raw {raw[:3]!r} in {message[:200]!r}"


HOSTILE_TEXT = st.one_of(
    st.text(),
    st.text(alphabet=st.characters(categories=["Cc", "Cf", "Zl", "Zp"])),
    st.builds(lambda head, n: head + "x" * n, st.text(max_size=20), st.integers(200, 300_000)),
    st.builds(lambda head, n: head + "\n\x1b" * n, st.text(max_size=20), st.integers(1, 10_000)),
)


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=examples(100))
@given(text=HOSTILE_TEXT)
def test_move_text_is_refused_with_a_short_safe_message(name: str, text: str) -> None:
    spec = engine.game_spec(name)
    game = spec.new_game(spec.min_players, 1)
    move_type = type(game.legal_moves()[0])
    before = snapshot(game)
    for call in (game.play, move_type.parse, move_type.coerce):
        check_safe_refusal(call, text)
    for part in (text, f"{text} 0 0 0", f"0 {text}"):
        check_safe_refusal(game.play, part)
        game = spec.new_game(spec.min_players, 1) if snapshot(game) != before else game


def test_a_hue_card_id_is_quoted_in_a_refusal() -> None:
    from huegames import hue

    game = hue.new_game(players=2, seed=1)
    for card in ("S0\n\x1b[2J", "\u202eD1", "x" * 100_000):
        with pytest.raises(IllegalMoveError) as refused:
            game.play(hue.Move(card, 0, 0, 0))
        check_safe_refusal(lambda error=refused.value: (_ for _ in ()).throw(error))


HUGE_INTS = st.one_of(
    st.integers(max_value=-1),
    st.integers(min_value=2**31 - 2),
    st.integers(min_value=2**62).map(lambda n: n * 2**64),
    st.integers(max_value=-(2**63)),
)


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=examples(100))
@given(number=HUGE_INTS)
def test_an_integer_out_of_range_is_a_value_error_never_an_overflow(name: str, number: int) -> None:
    spec = engine.game_spec(name)
    try:  # any seed is a seed: the game is dealt, on either backend alike
        dealt = spec.new_game(spec.min_players, number)
    except ValueError:
        dealt = None
    if dealt is not None:
        assert list(dealt.legal_moves())
    for call in (
        lambda: spec.new_game(number, 1),
        lambda: spec.new_game(spec.min_players, 1).view(number),
    ):
        with pytest.raises(ValueError):
            call()
    game = spec.new_game(spec.min_players, 1)
    for method in ("hand", "hand_size", "score", "threats"):
        call = getattr(game, method, None)
        if callable(call):
            with pytest.raises(ValueError):
                call(number)
