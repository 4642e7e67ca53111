"""Hostile records for all four games, and Plank's match records.

Real records come from seeded games played a few random moves in; each is
then mutated as a careless or hostile user would: a key dropped or added,
a value of the wrong type, huge or nested a thousand deep, moves swapped,
duplicated or dropped, the seed changed.  Whatever happens, only ValueError
or TypeError escapes, with a short message (:func:`hostile.refused`); a
record that is accepted describes a real game, so it writes itself back as
a record that reads to the same game; and an unmutated record reads back
to itself.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from hostile import fuzz_settings, refused
from huegames import engine, plank

GAMES = ("hue", "linja", "plank", "hues-and-cues", "plank-match")
"""The record kinds: each game's, and a Plank match's."""

Path = tuple[str | int, ...]


def nested(depth: int) -> object:
    value: object = 0
    for _ in range(depth):
        value = [value]
    return value


def loader(kind: str) -> Callable[[Any], Any]:
    return plank.Match.from_dict if kind == "plank-match" else engine.game_spec(kind).from_dict


@cache
def record_text(kind: str, seed: int, moves: int) -> str:
    """A real record as JSON text: a seeded game (or match) ``moves`` random moves in."""
    rng = random.Random(seed)
    if kind == "plank-match":
        match = plank.Match(2 + seed % 3, 3, seed)
        for _ in range(moves * 4):
            if match.is_over:
                break
            if match.game.is_over:
                match.next_hand()
            match.game.play(rng.choice(match.game.legal_moves()))
        return json.dumps(match.to_dict())
    spec = engine.game_spec(kind)
    game = spec.new_game(rng.randint(max(spec.min_players, 2), spec.max_players), seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(list(game.legal_moves())))
    return json.dumps(game.to_dict())


def paths(value: object, prefix: Path = ()) -> Iterator[Path]:
    """Every place in a record, the record itself excluded."""
    if prefix:
        yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:6]):
            yield from paths(inner, (*prefix, index))


def parent(record: Any, path: Path) -> Any:
    for key in path[:-1]:
        record = record[key]
    return record


HOSTILE = st.one_of(
    st.sampled_from(
        [None, True, False, 0, -1, 1.0, 2.0, float("nan"), float("inf"), 1 + 0j, "", "§", "①-2"]
    ),
    st.sampled_from([2**63, -(2**63), 2**64 + 1, 10**5000, "x" * 100_000]),
    st.builds(nested, st.sampled_from([2, 50, 1000])),
    st.builds(lambda depth: {"a": nested(depth)}, st.sampled_from([3, 1000])),
    st.integers(),
    st.text(max_size=20),
    st.lists(st.integers(-3, 20), max_size=4),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)
"""Values a field should not hold (some, by chance, it may)."""


def mutate(record: dict[str, Any], data: st.DataObject) -> str:
    """Change ``record`` in place one hostile way; returns what was done."""
    how = data.draw(
        st.sampled_from(
            ["drop", "replace", "add", "swap", "duplicate", "drop move", "seed", "players"]
        )
    )
    moves = record["moves"]
    if how in ("swap", "duplicate", "drop move") and len(moves) >= 2:
        i = data.draw(st.integers(0, len(moves) - 2))
        if how == "swap":
            moves[i], moves[i + 1] = moves[i + 1], moves[i]
        elif how == "duplicate":
            moves.insert(i, moves[i])
        else:
            del moves[i]
        return f"{how} move {i + 1}"
    if how == "seed":
        record["seed"] = data.draw(st.one_of(st.integers(0, 2**64), st.none(), HOSTILE))
        return "seed"
    if how == "players":
        record["players"] = data.draw(st.one_of(st.integers(-1, 12), HOSTILE))
        return "players"
    path = data.draw(st.sampled_from(sorted(paths(record), key=repr)))
    container = parent(record, path)
    if how == "drop":
        del container[path[-1]]
    elif how == "add" and isinstance(container, dict):
        container[data.draw(st.text(min_size=1, max_size=8))] = data.draw(HOSTILE)
    else:
        container[path[-1]] = data.draw(HOSTILE)
    return f"{how} {path}"


kinds = st.sampled_from(GAMES)
seeds = st.integers(0, 40)
lengths = st.integers(0, 14)


@fuzz_settings
@given(kinds, seeds, lengths)
def test_an_unmutated_record_reads_back_to_itself(kind, seed, moves):
    record = json.loads(record_text(kind, seed, moves))
    assert loader(kind)(record).to_dict() == record


@fuzz_settings
@given(kinds, seeds, lengths, st.data())
def test_a_mutated_record_is_refused_clearly_or_is_a_real_game(kind, seed, moves, data):
    record = json.loads(record_text(kind, seed, moves))
    changed = copy.deepcopy(record)
    how = mutate(changed, data)
    read: list[Any] = []
    message = refused(lambda: read.append(loader(kind)(changed)))
    if message is None:  # accepted: it must be a real game, written back as it reads
        again = read[0].to_dict()
        assert loader(kind)(json.loads(json.dumps(again))).to_dict() == again, how


@fuzz_settings
@given(kinds, seeds, st.integers(2, 14), st.data())
def test_a_reordered_move_list_is_named_by_its_move(kind, seed, moves, data):
    record = json.loads(record_text(kind, seed, moves))
    texts = record["moves"]
    if len(texts) < 2:
        return
    i = data.draw(st.integers(0, len(texts) - 2))
    for changed in (
        [*texts[:i], texts[i + 1], texts[i], *texts[i + 2 :]],
        [*texts[:i], texts[i], *texts[i:]],
        [*texts[:i], *texts[i + 1 :]],
    ):
        message = refused(lambda changed=changed: loader(kind)({**record, "moves": changed}))
        if message is not None:
            assert "record move " in message or "hand" in message, message


@fuzz_settings
@given(kinds, seeds, st.integers(0, 2**64))
def test_another_seed_is_refused_unless_it_gives_the_same_setup(kind, seed, other):
    record = json.loads(record_text(kind, seed, 0))
    read: list[Any] = []
    message = refused(lambda: read.append(loader(kind)({**record, "seed": other})))
    if message is None:  # the other seed happens to give the same setup
        assert json.loads(record_text(kind, seed, 0))["setup"] == read[0].to_dict()["setup"]
    else:
        assert "seed" in message, message
