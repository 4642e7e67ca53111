"""Records as a hostile user writes them, for all four games.

What a record is checked against: its ``format`` is the int 2 itself; seats,
counts and seeds are ints; a record with a seed holds the setup that seed
gives (Hue's deal, Linja's first player, Plank's deal of its hand); Hue's
hands and set-aside cards are in deck order; moves replay through ``play``,
a refused one named by its number.  Every error message shows user data
through :func:`huegames.records.brief`, so nothing nested a thousand deep
raises RecursionError and nothing huge is echoed.  Each test runs on the
active Hue backend (the suite runs once per backend).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from huegames import IllegalMoveError, engine, hue, linja, plank, records
from huegames import hues_and_cues as hc

GAMES = ("hue", "linja", "plank", "hues-and-cues")


def played(name: str, seed: int = 3, moves: int = 6) -> engine.State[Any]:
    """A seeded game of ``name`` a few random moves in."""
    spec = engine.game_spec(name)
    game = spec.new_game(spec.min_players + (name == "hues-and-cues"), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(list(game.legal_moves())))
    return game


def record_of(name: str, seed: int = 3, moves: int = 6) -> dict[str, Any]:
    return json.loads(json.dumps(played(name, seed, moves).to_dict()))


def load(name: str) -> Callable[[Any], Any]:
    return engine.game_spec(name).from_dict


def nested(depth: int = 1000) -> object:
    value: object = 0
    for _ in range(depth):
        value = [value]
    return value


# -- records.brief -----------------------------------------------------------------


def test_brief_of_deeply_nested_and_cyclic_data():
    deep_dict: dict[str, object] = {}
    inner = deep_dict
    for _ in range(5000):
        inner["a"] = inner = {}
    cyclic: list[object] = []
    cyclic.append(cyclic)
    for value in (nested(1000), nested(100_000), deep_dict, cyclic):
        text = records.brief(value)
        assert "..." in text and len(text) <= 80


def test_brief_is_short_for_huge_text_and_numbers():
    text = records.brief("x" * 1_000_000)
    assert text.startswith("'xxx") and "..." in text and len(text) < 80
    assert records.brief(10**5000) == f"<int of {(10**5000).bit_length()} bits>"
    assert records.brief([1, 2, 3, 4, 5, 6, 7]) == "[1, 2, 3, 4, ...]"
    assert records.brief("mint") == "'mint'" and records.brief(1.0) == "1.0"
    assert records.brief(True) == "True" and records.brief(1 + 0j) == "(1+0j)"
    assert records.brief("a long enough text to cut", limit=12) == "'a long e..."


def test_brief_names_an_object_whose_repr_fails():
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    assert "Broken" in records.brief(Broken())
    assert "Broken" in records.brief([Broken()])


# -- item 5: format ----------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("version", [True, 1.0, 1 + 0j, 2.0, 2 + 0j, "2", None, 1, 3])
def test_record_format_is_the_int_2(name, version):
    record = record_of(name)
    assert load(name)(record).to_dict() == record
    with pytest.raises(ValueError, match=f"unsupported {name} record format"):
        load(name)({**record, "format": version})


# -- item 5: deep nesting and huge values in every field -------------------------------


def fields(record: dict[str, Any]) -> list[tuple[str, ...]]:
    """Every header field, and every field of ``setup`` and ``rules``."""
    paths = [(key,) for key in record]
    for key in ("setup", "rules"):
        paths += [(key, inner) for inner in record[key]]
    return paths


def replaced(record: dict[str, Any], path: tuple[str, ...], value: object) -> dict[str, Any]:
    changed = copy.deepcopy(record)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


@pytest.mark.parametrize("name", GAMES)
def test_a_field_nested_1000_deep_is_refused_clearly(name):
    record = record_of(name)
    for path in fields(record):
        for value in (nested(1000), {"a": nested(1000)}):
            with pytest.raises((ValueError, TypeError)) as caught:
                load(name)(replaced(record, path, value))
            assert 0 < len(str(caught.value)) < 300, path


@pytest.mark.parametrize("name", ["hue", "linja", "plank"])
def test_huge_values_in_the_header_are_refused_with_a_short_message(name):
    record = record_of(name)
    for key in ("format", "game", "players"):
        for value in (10**5000, "x" * 100_000):
            with pytest.raises((ValueError, TypeError)) as caught:
                load(name)({**record, key: value})
            assert len(str(caught.value)) < 300, key


# -- item 5: moves duplicated, swapped, dropped --------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_bad_move_is_named_by_its_number(name):
    record = record_of(name, moves=6)
    moves = record["moves"]
    assert len(moves) >= 3
    bad = {
        "duplicated": [*moves[:2], moves[1], *moves[2:]],
        "swapped": [moves[1], moves[0], *moves[2:]],
        "dropped": moves[1:],
        "not a move": [*moves[:2], "§"],
    }
    for how, changed in bad.items():
        try:
            game = load(name)({**record, "moves": changed})
        except ValueError as error:
            assert "record move " in str(error), how
        else:  # some games allow the change (a swapped Linja pass, say): it replays
            assert game.to_dict()["moves"] == changed, how


def test_a_refused_move_keeps_its_error_type():
    record = record_of("plank")
    moves = record["moves"]
    with pytest.raises(IllegalMoveError, match="record move 2"):
        plank.Game.from_dict({**record, "moves": [moves[0], "pass"]})


# -- item 5: Hue hands in deck order, the deal from the seed ----------------------------


def test_hue_hands_out_of_deck_order_are_refused():
    record = record_of("hue", moves=0)
    record["setup"]["hands"][0].reverse()
    with pytest.raises(ValueError, match="hand 0 is not in deck order"):
        hue.Game.from_dict(record)


def test_hue_set_aside_out_of_deck_order_is_refused():
    record = record_of("hue", moves=0)
    record["setup"]["set_aside"].reverse()
    with pytest.raises(ValueError, match="set-aside cards are not in deck order"):
        hue.Game.from_dict(record)


def test_hue_a_hand_out_of_order_would_reorder_legal_moves_after_undo():
    """Why the order is checked: undo puts a card back in deck order."""
    game = hue.new_game(2, seed=3)
    before = list(game.legal_moves())
    game.play(before[0])
    game.undo()
    assert list(game.legal_moves()) == before


def test_hue_record_seed_must_deal_its_deal():
    record = record_of("hue")
    with pytest.raises(ValueError, match="record deal is not the one seed 4 gives"):
        hue.Game.from_dict({**record, "seed": 4})
    swapped = copy.deepcopy(record)
    swapped["setup"]["hands"].reverse()
    with pytest.raises(ValueError, match="record deal is not the one seed 3 gives"):
        hue.Game.from_dict({**swapped, "moves": []})


def test_hue_record_without_a_seed_takes_any_possible_deal():
    record = record_of("hue", moves=0)
    record["setup"]["hands"].reverse()
    game = hue.Game.from_dict({**record, "seed": None})
    assert game.seed is None and game.hand(0) == tuple(record["setup"]["hands"][0])


# -- item 5: Linja's first player from the seed ------------------------------------------


def test_linja_record_seed_must_draw_its_first_player():
    record = record_of("linja", moves=0)
    first = record["setup"]["first_player"]
    assert first == linja.draw_first_player(record["seed"])
    with pytest.raises(ValueError, match="record first player is not the one seed 3 gives"):
        linja.Game.from_dict({**record, "setup": {"first_player": 1 - first}})


def test_linja_a_chosen_first_player_is_recorded_as_chosen():
    """A match: the loser starts, whatever the game's seed draws."""
    drawn = linja.draw_first_player(5)
    game = linja.new_game(seed=5, first_player=1 - drawn)
    record = game.to_dict()
    assert record["setup"] == {"first_player": 1 - drawn, "first_player_chosen": True}
    assert linja.Game.from_dict(record).to_dict() == record
    for games in (linja.play_match([linja.RandomBot(seed=1), linja.RandomBot(seed=2)], 4, 9),):
        for one in games:
            assert linja.Game.from_dict(one.to_dict()).to_dict() == one.to_dict()


@pytest.mark.parametrize(
    ("chosen", "seed", "match"),
    [
        (1, 5, "is true when present, not 1"),
        ("yes", 5, "is true when present"),
        (True, None, "without a seed draws no first player"),
    ],
)
def test_linja_first_player_chosen_flag_is_checked(chosen, seed, match):
    drawn = linja.draw_first_player(5)
    record = linja.new_game(seed=5, first_player=1 - drawn).to_dict()
    record = {**record, "seed": seed, "setup": {**record["setup"], "first_player_chosen": chosen}}
    with pytest.raises(ValueError, match=match):
        linja.Game.from_dict(record)


def test_linja_chosen_flag_with_the_drawn_first_player_is_refused():
    record = linja.new_game(seed=5).to_dict()
    record["setup"]["first_player_chosen"] = True
    with pytest.raises(ValueError, match="but the seed draws that first player"):
        linja.Game.from_dict(record)


# -- item 5: Plank's deal from the seed -----------------------------------------------------


def test_plank_record_seed_must_deal_its_deal():
    record = record_of("plank", moves=0)
    with pytest.raises(ValueError, match="record deal of hand 0 is not the one seed 4 gives"):
        plank.Game.from_dict({**record, "seed": 4})
    swapped = copy.deepcopy(record)
    swapped["setup"]["strips"].reverse()
    if swapped["setup"]["strips"] != record["setup"]["strips"]:
        with pytest.raises(ValueError, match="is not the one seed 3 gives"):
            plank.Game.from_dict(swapped)
    first = copy.deepcopy(record)
    first["setup"]["first"] = 1 - record["setup"]["first"]
    with pytest.raises(ValueError, match="is not the one seed 3 gives"):
        plank.Game.from_dict(first)


def test_plank_a_match_hand_records_its_number_and_is_checked_by_it():
    game = plank.new_game(3, seed=8, hand=2)
    record = game.to_dict()
    assert record["setup"]["hand"] == 2
    again = plank.Game.from_dict(record)
    assert again.hand == 2 and again.to_dict() == record
    with pytest.raises(ValueError, match="record deal of hand 1 is not the one seed 8 gives"):
        plank.Game.from_dict({**record, "setup": {**record["setup"], "hand": 1}})
    unnumbered = {key: value for key, value in record["setup"].items() if key != "hand"}
    with pytest.raises(ValueError, match="record deal of hand 0 is not the one seed 8 gives"):
        plank.Game.from_dict({**record, "setup": unnumbered})


@pytest.mark.parametrize(("hand", "error"), [(1.0, TypeError), (True, TypeError), (-1, ValueError)])
def test_plank_hand_number_is_an_int(hand, error):
    record = plank.new_game(2, seed=8, hand=1).to_dict()
    with pytest.raises(error, match="hand"):
        plank.Game.from_dict({**record, "setup": {**record["setup"], "hand": hand}})
    with pytest.raises(error, match="hand"):
        plank.new_game(2, seed=8, hand=hand)


def test_plank_record_without_a_seed_takes_any_possible_deal():
    record = record_of("plank", moves=0)
    record["setup"]["first"] = 1 - record["setup"]["first"]
    game = plank.Game.from_dict({**record, "seed": None})
    assert game.seed is None and game.deal.first == record["setup"]["first"]


# -- item 4: integers mean int ---------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [1.0, True, "1", None])
def test_view_takes_an_int_seat(name, seat):
    game = played(name)
    before = game.to_dict()
    with pytest.raises(TypeError, match="seat"):
        game.view(seat)
    assert game.to_dict() == before


@pytest.mark.parametrize("name", GAMES)
def test_play_player_takes_an_int_seat(name):
    game = played(name, moves=1)
    before = game.to_dict()
    move = game.legal_moves()[0]
    assert game.current_player is not None
    for seat in (
        float(game.current_player),
        bool(game.current_player) if game.current_player < 2 else "1",
    ):
        with pytest.raises(TypeError, match="seat"):
            game.play(move, player=seat)
        assert game.to_dict() == before


def test_linja_first_player_is_an_int():
    with pytest.raises(TypeError, match="first_player must be a seat number"):
        linja.Game(None, 1.0)
    record = linja.new_game(seed=3).to_dict()
    record["setup"]["first_player"] = float(record["setup"]["first_player"])
    with pytest.raises(TypeError, match="first_player must be a seat number"):
        linja.Game.from_dict(record)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2.0, 3.0, True])
def test_record_players_is_an_int(name, players):
    with pytest.raises(TypeError, match="players must be an integer"):
        load(name)({**record_of(name), "players": players})


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1.0, True, "7"])
def test_seeds_are_ints(name, seed):
    spec = engine.game_spec(name)
    with pytest.raises(TypeError, match="seed"):
        spec.new_game(spec.max_players, seed)
    with pytest.raises(TypeError, match="seed"):
        load(name)({**record_of(name), "seed": seed})
    with pytest.raises(TypeError, match="seed"):
        engine.check_seed(seed)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2.0, True, "3"])
def test_player_counts_are_ints(name, players):
    spec = engine.game_spec(name)
    with pytest.raises(TypeError, match="players must be an integer"):
        spec.check_players(players)
    with pytest.raises(TypeError, match="players"):
        spec.new_game(players, 1)


def test_plank_counts_are_ints():
    with pytest.raises(TypeError, match=r"Rules\.repetition must be an integer"):
        plank.Rules(repetition=3.0)
    with pytest.raises(TypeError, match="hands must be an integer"):
        plank.Match(2, 2.0, seed=1)
    with pytest.raises(TypeError, match="SearchBot nodes must be an integer"):
        plank.SearchBot(nodes=10.0)
    with pytest.raises(TypeError, match="seed"):
        plank.RandomBot(seed=1.5)
    with pytest.raises(TypeError, match="seed"):
        linja.RandomBot(seed=1.5)


def test_hues_and_cues_setup_of_the_wrong_shape_is_a_type_error():
    record = record_of("hues-and-cues")
    for key, value in (("board", [["#ff0000"], 5]), ("board", "abc"), ("deck", [["A1"]])):
        with pytest.raises(TypeError, match=f"setup {key} must be null or a list"):
            hc.Game.from_dict({**record, "setup": {**record["setup"], key: value}})


# -- the records module ----------------------------------------------------------------------


def test_check_keys_names_missing_and_unknown_keys_briefly():
    with pytest.raises(ValueError, match="thing lacks b"):
        records.check_keys({"a": 1}, "thing", ("a", "b"))
    with pytest.raises(ValueError, match=r"thing has unknown keys: 1, 10, 2, 3, 4 and 5 more"):
        records.check_keys({"a": 1, **{k: 0 for k in range(1, 11)}}, "thing", ("a",))
    with pytest.raises(TypeError, match="thing must be a mapping, not list"):
        records.check_keys([], "thing", ())
    long_key = "k" * 10_000
    with pytest.raises(ValueError) as caught:
        records.check_keys({long_key: 0}, "thing", ())
    assert len(str(caught.value)) < 80


@pytest.mark.parametrize("name", GAMES)
def test_an_unmutated_record_replays_to_itself(name):
    for seed in range(4):
        record = record_of(name, seed=seed, moves=12)
        assert load(name)(record).to_dict() == record
