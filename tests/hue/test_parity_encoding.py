"""Parity and hostile input for the encoding's C functions, ``hue_mark_actions``,
``hue_paint_planes`` and ``hue_observe`` (``csrc/hue_core.h``).

The C core marks Hue's legal action ids and writes its observations
for boards on the C grid; boards on the Python grid take the numpy path of
:mod:`huegames.hue.encoding`.  Both must give the same bytes on every
state, and the C functions must refuse every bad argument with an error
code and nothing written (scripts/sanitize.sh runs this file under
AddressSanitizer and UBSan, on buffers from the C heap).
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from c_heap import c_heap_allocator
from huegames import hue
from huegames.hue import cells
from huegames.hue.encoding import PLANES, HueEncoding
from profiles import examples

core = pytest.importorskip("huegames.hue._hue_core")
ffi, lib = core.ffi, core.lib
c_heap = c_heap_allocator(ffi)
pytestmark = pytest.mark.skipif("c" not in hue.backends(), reason="the C core is not built")


@settings(max_examples=examples(40))  # each example is a whole game, checked at every state
@given(
    players=st.integers(hue.MIN_PLAYERS, hue.MAX_PLAYERS),
    seed=st.integers(0, 2**32 - 1),
    covering=st.booleans(),
)
def test_c_and_numpy_encode_every_state_alike(players, seed, covering):
    """A whole game: at every state, the C path's mask, ids, ``action_to_move``
    and observation are the Python-grid path's, byte for byte (the mover's,
    and the next seat's, which has no legal move)."""
    rules = hue.Rules(covering=covering)
    code = HueEncoding(players, rules)
    game = hue.new_game(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while True:
        twins = {name: game.with_backend(name) for name in ("c", "python")}
        mover = game.current_player
        seats = range(players) if mover is None else (mover, (mover + 1) % players)
        for seat in seats:  # the mover's mask, and a seat that sees less
            c_view, py_view = twins["c"].view(seat), twins["python"].view(seat)
            c_ids, py_ids = code.legal_actions(c_view), code.legal_actions(py_view)
            assert c_ids == py_ids
            assert (code.action_mask(c_view) == code.action_mask(py_view)).all()
            assert (code.observation(c_view) == code.observation(py_view)).all()
            for action in c_ids[:: max(1, len(c_ids) // 7)]:
                assert code.action_to_move(c_view, action) == code.action_to_move(py_view, action)
        if game.is_over:
            break
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])


def test_the_mask_handed_out_is_the_callers():
    """The first mask of a view is the one the C core marked; writing to it
    changes neither the next mask nor what ``action_to_move`` accepts."""
    code = HueEncoding(2)
    view = hue.new_game(players=2, seed=5).view(0)
    first = code.action_mask(view)
    legal = np.flatnonzero(first).tolist()
    first[:] = 1
    assert np.flatnonzero(code.action_mask(view)).tolist() == legal == code.legal_actions(view)
    illegal = next(action for action in range(code.action_count) if action not in set(legal))
    with pytest.raises(ValueError, match="not legal"):
        code.action_to_move(view, illegal)


# -- hostile input -------------------------------------------------------------


def grid_of(codes: dict[tuple[int, int], int], width: int, height: int):
    buffer = c_heap("hue_cell[]", width * height)
    for (x, y), code in codes.items():
        buffer[y * width + x] = code
    return buffer


SOLID = cells.encode(cells.SOLID, (0, 0, 0), False)
ONE_CARD = {(3, 3): SOLID, (3, 4): SOLID, (3, 5): SOLID}  # a vertical card in an 8 x 10 grid


def mark(
    buffer,
    *,
    width=8,
    height=10,
    origin=(0, 0),
    rotations=b"\x04",
    slots=1,
    cols=8,
    rows=10,
    pairs=None,
    capacity=None,
    mask=None,
    size=None,
    anchors=None,
):
    """hue_mark_actions with sound defaults, each argument replaceable."""
    if capacity is None:
        capacity = int(lib.hue_legal_capacity(width, height, 1)) // 2
    if pairs is None:
        pairs = c_heap("int64_t[]", 2 * max(capacity, 1))
    area = cols * rows
    if size is None:
        size = slots * 4 * area
    if mask is None:
        mask = c_heap("int8_t[]", max(size, 1))
    if anchors is None:
        anchors = c_heap("int8_t[]", 2 * area)
    grid = ffi.new("hue_grid *", (buffer, width, height))
    frame = ffi.new("hue_frame *", (cols, rows, *origin))
    marks = ffi.new("hue_marks *", (mask, size, anchors, pairs, capacity))
    status = lib.hue_mark_actions(grid, 1, frame, rotations, slots, marks)
    return status, mask, anchors


def test_mark_actions_counts_and_places_every_id():
    buffer = grid_of(ONE_CARD, 8, 10)
    status, mask, anchors = mark(buffer)
    area = 80
    marked = [i for i in range(4 * area) if mask[i]]
    listed = [i for i in range(2 * area) if anchors[i]]
    vertical = [i for i in listed if i < area]
    horizontal = [i - area for i in listed if i >= area]
    assert status == len(marked) == 2 * (len(vertical) + len(horizontal))
    expected = sorted(
        [r * area + p for r in (0, 2) for p in vertical]
        + [r * area + p for r in (1, 3) for p in horizontal]
    )
    assert marked == expected
    # Two listed rotations: only the ids of rotations 0 and 1.
    status, mask, _ = mark(buffer, rotations=b"\x02")
    assert status == len(vertical) + len(horizontal)
    assert not any(mask[i] for i in range(2 * area, 4 * area))


@pytest.mark.parametrize(
    ("change", "status"),
    [
        ({"rotations": b"\x03"}, "ARGUMENT"),
        ({"rotations": ffi.NULL}, "ARGUMENT"),
        ({"slots": -1}, "ARGUMENT"),
        ({"slots": 17, "rotations": b"\x04" * 17}, "ARGUMENT"),
        ({"cols": 0}, "ARGUMENT"),
        ({"rows": 4097}, "ARGUMENT"),
        ({"width": 0}, "ARGUMENT"),
        ({"size": 319}, "CAPACITY"),
        ({"capacity": 1}, "CAPACITY"),
        ({"origin": (-1, 0)}, "BOUNDS"),  # an anchor at frame column -1
        ({"origin": (0, 4)}, "BOUNDS"),  # an anchor at row 10 of 10
        ({"cols": 4}, "BOUNDS"),  # an anchor at column 4 of 4
        ({"origin": (-(2**62), 0)}, "ARGUMENT"),
    ],
)
def test_mark_actions_refuses_bad_arguments_and_writes_nothing(change, status):
    buffer = grid_of(ONE_CARD, 8, 10)
    got, mask, anchors = mark(buffer, **change)
    assert got == getattr(lib, f"HG_ERR_{status}")
    assert not any(ffi.unpack(mask, len(mask))) and not any(ffi.unpack(anchors, len(anchors)))


def test_mark_actions_refuses_an_invalid_cell_and_an_empty_table_marks_nothing():
    bad = grid_of({**ONE_CARD, (0, 0): 0xFFFF}, 8, 10)
    assert mark(bad)[0] == lib.HG_ERR_CELL
    status, mask, _ = mark(grid_of({}, 8, 10))
    assert status == 0 and not any(ffi.unpack(mask, len(mask)))


def paint(
    buffer,
    *,
    width=8,
    height=10,
    box=(3, 3, 3, 5),
    table=None,
    planes=PLANES,
    out=None,
    rows=4,
    cols=3,
):
    if table is None:
        table = c_heap("uint8_t[]", 4096 * planes)
        for code in cells.VALID_CODES:
            for p in range(planes):
                table[code * planes + p] = (code + p) % 251 + 1 if code else 0
    if out is None:
        out = c_heap("uint8_t[]", max(planes * rows * cols, 1))
    grid = ffi.new("hue_grid *", (buffer, width, height))
    painting = ffi.new("hue_planes *", (table, planes, rows, cols))
    status = lib.hue_paint_planes(grid, ffi.new("int32_t[4]", box), painting, out)
    return status, out


def test_paint_planes_writes_each_cell_at_its_place():
    buffer = grid_of(ONE_CARD, 8, 10)
    status, out = paint(buffer)
    assert status == 0
    for p in range(PLANES):
        for row in range(4):
            for col in range(3):
                at = (p * 4 + row) * 3 + col
                expected = (SOLID + p) % 251 + 1 if col == 0 and row < 3 else 0
                assert out[at] == expected, (p, row, col)


@pytest.mark.parametrize(
    "change",
    [
        {"box": (-1, 3, 3, 5)},
        {"box": (3, 3, 8, 5)},  # past the grid's last column
        {"box": (3, 5, 3, 3)},  # upside down
        {"box": (0, 0, 3, 5)},  # 4 columns into 3
        {"rows": 2},
        {"planes": 0},
        {"planes": 65},
        {"width": 4097},
        {"table": ffi.NULL},
        {"out": ffi.NULL},
    ],
)
def test_paint_planes_refuses_bad_arguments_and_writes_nothing(change):
    buffer = grid_of(ONE_CARD, 8, 10)
    status, out = paint(buffer, **change)
    assert status == lib.HG_ERR_ARGUMENT
    if out != ffi.NULL:
        assert not any(ffi.unpack(out, len(out)))


def test_paint_planes_refuses_an_invalid_cell():
    buffer = grid_of({**ONE_CARD, (3, 4): 0x1000}, 8, 10)
    status, out = paint(buffer)
    assert status == lib.HG_ERR_CELL and not any(ffi.unpack(out, len(out)))


# hue_observe over a tiny layout: the planes of a 3 x 4 cell frame, an origin
# part 4 wide, 2 hand slots, a deck of 5 cards, 2 players.
TINY_LAYOUT = {
    "planes": PLANES,
    "rows": 4,
    "cols": 3,
    "origin_at": 240,
    "origin_width": 4,
    "hand_at": 248,
    "slots": 2,
    "features": 20,
    "cards_at": 288,
    "deck_size": 5,
    "sizes_at": 313,
    "to_move_at": 319,
    "seat_at": 321,
    "over_at": 323,
    "players": 2,
    "size": 324,
}
SENTINEL = 0xAB


def observe(
    buffer,
    *,
    width=8,
    height=10,
    box=(3, 3, 3, 5),
    table=None,
    features=None,
    layout=None,
    hand=b"\x01",
    hand_count=None,
    opening=b"\x00",
    history=b"\x02\x03",
    sizes=b"\x02\x01",
    me=1,
    to_move=0,
    origin=(1, 2),
    out=None,
    **fields,
):
    """hue_observe with sound defaults, each argument (and layout field) replaceable."""
    if table is None:
        table = c_heap("uint8_t[]", 4096 * PLANES)
        for code in cells.VALID_CODES:
            for p in range(PLANES):
                table[code * PLANES + p] = (code + p) % 2 if code else 0
    if features is None:
        features = c_heap("uint8_t[]", 5 * 20)
        for card in range(5):
            features[card * 20] = 1
            features[card * 20 + 1 + card % 4] = 1
    if layout is None:
        layout = ffi.new("hue_observation_layout *", {**TINY_LAYOUT, **fields})
    if out is None:
        out = c_heap("uint8_t[]", TINY_LAYOUT["size"])
        ffi.memmove(out, bytes([SENTINEL]) * TINY_LAYOUT["size"], TINY_LAYOUT["size"])
    fields = {  # the buffers live as long as this dict
        "hand": c_bytes(hand),
        "hand_count": len(hand) if hand_count is None else hand_count,
        "opening": c_bytes(opening),
        "opening_count": len(opening),
        "history": c_bytes(history),
        "history_count": len(history),
        "sizes": c_bytes(sizes),
        "me": me,
        "to_move": to_move,
        "origin_x": origin[0],
        "origin_y": origin[1],
    }
    view = ffi.new("hue_seat_view *", fields)
    grid = ffi.new("hue_grid *", (buffer, width, height))
    box_c = ffi.new("int32_t[4]", box)
    status = lib.hue_observe(grid, box_c, table, features, layout, view, out)
    return status, out, table, features


def c_bytes(data):
    """``data`` (bytes) in a heap buffer of exactly its size, or NULL as it is."""
    if data == ffi.NULL or isinstance(data, ffi.CData):
        return data
    return c_heap("uint8_t[]", list(data)) if data else ffi.NULL


@pytest.mark.parametrize("over", [False, True])
def test_observe_writes_every_part(over):
    """Each part at its place, every other byte 0 (the sentinel overwritten)."""
    buffer = grid_of(ONE_CARD, 8, 10)
    sizes = b"\x01\x01" if over else b"\x02\x01"
    status, out, table, features = observe(buffer, sizes=sizes, to_move=-1 if over else 0)
    assert status == 0
    expected = np.zeros(TINY_LAYOUT["size"], dtype=np.uint8)
    for p in range(PLANES):
        for row in range(3):
            expected[(p * 4 + row) * 3] = table[SOLID * PLANES + p]
    expected[240 + 1] = expected[240 + 4 + 2] = 1  # origin columns 1 and 2
    expected[248 : 248 + 20] = ffi.unpack(features + 20, 20)  # slot 0: card 1
    # cards: 0 opening, 1 mine, 2 played by seat 0 (relative 1), 3 by seat 1 (me), 4 unseen
    for card, column in ((0, 2), (1, 1), (2, 3 + 1), (3, 3 + 0), (4, 0)):
        expected[288 + card * 5 + column] = 1
    # hand sizes from me: seat 1 then seat 0
    expected[313 + 0 * 3 + sizes[1]] = expected[313 + 1 * 3 + sizes[0]] = 1
    if over:
        expected[323] = 1
    else:
        expected[319 + 1] = 1  # seat 0 to move: relative seat 1
    expected[321 + 1] = 1  # my seat
    assert bytes(ffi.unpack(out, TINY_LAYOUT["size"])) == expected.tobytes()


@pytest.mark.parametrize(
    "change",
    [
        {"box": (3, 3, 8, 5)},
        {"box": (0, 0, 3, 5)},  # 4 columns into 3
        {"table": ffi.NULL},
        {"features": ffi.NULL},
        {"layout": ffi.NULL},
        {"sizes": ffi.NULL},
        {"hand": ffi.NULL, "hand_count": 1},
        {"hand": b"\x01\x02\x03"},  # more cards than slots
        {"hand": b"\x05"},  # beyond the deck
        {"opening": b"\x07"},
        {"history": b"\x00\x01\x02\x03\x04\x00"},  # more cards than the deck
        {"sizes": b"\x03\x01"},  # more than the slots
        {"me": 2},
        {"me": -1},
        {"to_move": 2},
        {"to_move": -2},
        {"origin": (4, 0)},
        {"origin": (0, -1)},
        {"size": 323},  # the over byte beyond the end
        {"cards_at": 300},  # the cards part past the end
        {"hand_at": -1},
        {"deck_size": 257},
        {"players": 0},
        {"slots": 17},
        {"planes": 65},
        {"rows": 2},  # the box's 3 rows do not fit
        {"origin_width": 0},
    ],
)
def test_observe_refuses_bad_arguments_and_writes_nothing(change):
    buffer = grid_of(ONE_CARD, 8, 10)
    status, out, _, _ = observe(buffer, **change)
    assert status == lib.HG_ERR_ARGUMENT
    assert set(ffi.unpack(out, TINY_LAYOUT["size"])) == {SENTINEL}


def test_observe_refuses_an_invalid_cell():
    buffer = grid_of({**ONE_CARD, (3, 4): 0x1000}, 8, 10)
    status, out, _, _ = observe(buffer)
    assert status == lib.HG_ERR_CELL
    assert set(ffi.unpack(out, TINY_LAYOUT["size"])) == {SENTINEL}


def reference_anchors(occupied: set[tuple[int, int]], allow_cover: bool, horizontal: bool):
    """Rules §4 cell by cell: the legal anchors of one orientation, by (y, x)."""
    dx, dy = (1, 0) if horizontal else (0, 1)
    xs, ys = [x for x, _ in occupied], [y for _, y in occupied]
    found = []
    for y in range(min(ys) - 3, max(ys) + 2):
        for x in range(min(xs) - 3, max(xs) + 2):
            footprint = [(x + k * dx, y + k * dy) for k in range(3)]
            covered = sum(cell in occupied for cell in footprint)
            if covered:
                legal = covered == 1 and allow_cover
            else:
                near = [(x - dx, y - dy), (x + 3 * dx, y + 3 * dy)]
                near += [(cx + dy, cy + dx) for cx, cy in footprint]
                near += [(cx - dy, cy - dx) for cx, cy in footprint]
                legal = any(cell in occupied for cell in near)
            if legal:
                found.append((x, y))
    return found


@settings(max_examples=examples(200))
@given(
    width=st.integers(1, 20),
    height=st.integers(1, 20),
    data=st.data(),
    allow_cover=st.booleans(),
)
def test_legal_anchors_follow_the_rules_to_the_grid_edges(width, height, data, allow_cover):
    """``hue_legal_anchors`` (rows scanned as bit windows, without bounds
    tests where the cells read lie inside the grid) is rules §4 cell by cell,
    for tables anywhere in the grid, against its edges too."""
    cells_at = data.draw(
        st.sets(st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)), min_size=1)
    )
    buffer = grid_of(dict.fromkeys(cells_at, SOLID), width, height)
    capacity = int(lib.hue_legal_capacity(width, height, 1)) // 2
    pairs = c_heap("int64_t[]", 2 * capacity)
    vertical = ffi.new("int64_t *")
    count = lib.hue_legal_anchors(
        buffer, width, height, int(allow_cover), 0, 0, pairs, capacity, vertical
    )
    assert count >= 0
    listed = [(pairs[2 * i], pairs[2 * i + 1]) for i in range(count)]
    assert listed[: vertical[0]] == reference_anchors(cells_at, allow_cover, horizontal=False)
    assert listed[vertical[0] :] == reference_anchors(cells_at, allow_cover, horizontal=True)
