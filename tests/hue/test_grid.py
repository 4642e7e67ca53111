"""The C grid against the pure-Python grid, its specification; the Python
constants against ``csrc/hue_core.h`` (every core's declarations are checked
in ``tests/packaging/test_cores.py``); the public door to both backends
(``Board.with_backend``); and the C core's argument checks called directly
through cffi.

Buffers handed to the core in the argument tests are exactly the size the
contract asks for, so a sanitized build (scripts/sanitize.sh) catches any
access beyond them.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from c_heap import c_heap_allocator
from huegames import hue
from huegames.hue import cells
from huegames.hue.bots import random_position
from huegames.hue.grid import backend, python_grid
from profiles import examples

core = pytest.importorskip("huegames.hue._hue_core")
ffi, lib = core.ffi, core.lib
from huegames.hue.grid import c_grid  # noqa: E402 -- needs the core

G, R, Y, P, B = range(5)
SETTINGS = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

# -- strategies ----------------------------------------------------------------

colours = st.integers(0, 4)
codes = st.builds(
    cells.encode,
    st.sampled_from([cells.SOLID, cells.VERTICAL, cells.HORIZONTAL]),
    st.tuples(colours, colours, colours),
    st.booleans(),
)
# Few colours make big areas; skulls stay rare so areas are worth something.
dull_codes = st.builds(
    cells.encode,
    st.sampled_from([cells.SOLID, cells.VERTICAL, cells.HORIZONTAL]),
    st.tuples(*[st.integers(0, 1)] * 3),
    st.just(False),
)
origins = st.sampled_from([0, 7, -5, 10**6, -(10**6), 2**40]) | st.integers(-100, 100)


@st.composite
def boards(draw, origin=None):
    """Writes (x, y, code) to apply in order, code 0 emptying a cell: a dense
    patch, long lines of cards, lone squares, all around a random origin."""
    ox, oy = origin or (draw(origins), draw(origins))
    code = draw(st.sampled_from([codes, dull_codes]))
    patch = st.tuples(st.integers(0, 9), st.integers(0, 9), code | st.just(cells.EMPTY))
    writes = draw(st.lists(patch, max_size=60))
    for _ in range(draw(st.integers(0, 2))):  # a long line of cards, row or column
        x, y, length = (
            draw(st.integers(-5, 12)),
            draw(st.integers(-5, 12)),
            draw(st.integers(3, 40)),
        )
        horizontal = draw(st.booleans())
        line = draw(code)
        writes += [(x + k, y, line) if horizontal else (x, y + k, line) for k in range(length)]
    if draw(st.booleans()):  # an isolated square, maybe a skull
        writes.append((draw(st.integers(-30, 40)), draw(st.integers(-30, 40)), draw(codes)))
    return [(ox + x, oy + y, c) for x, y, c in writes]


def twins(writes):
    spec, fast = python_grid.Grid(), c_grid.Grid()
    for x, y, code in writes:
        spec.set(x, y, code)
        fast.set(x, y, code)
    return spec, fast


def candidates_near(draw, writes, count):
    """Candidate placements around the board, some of them far off."""
    xs = [x for x, _, _ in writes] or [0]
    ys = [y for _, y, _ in writes] or [0]
    result = []
    for _ in range(count):
        if draw(st.integers(0, 9)) == 0:
            x = draw(st.integers(min(xs) - 60, max(xs) + 60))
            y = draw(st.integers(min(ys) - 60, max(ys) + 60))
        else:
            x = draw(st.integers(min(xs) - 4, max(xs) + 2))
            y = draw(st.integers(min(ys) - 4, max(ys) + 2))
        shape = draw(st.tuples(codes, codes, codes))
        result.append((x, y, draw(st.booleans()), shape))
    return result


def pairs(flat):
    """(x, y) pairs of a flat [x0, y0, x1, y1, ...] anchor list."""
    return list(zip(flat[0::2], flat[1::2], strict=True))


def hand_placements(anchors, rotations):
    """A hand's placements as the core lists them: card, rotation, y, x."""
    return [
        (card, x, y, rotation)
        for card, count in enumerate(rotations)
        for rotation in range(count)
        for x, y in pairs(anchors[rotation % 2])
    ]


# -- the C grid against the Python grid ------------------------------------------


@SETTINGS
@given(boards())
def test_cells_and_values_agree(writes):
    spec, fast = twins(writes)
    assert fast.is_empty() == spec.is_empty()
    for x, y, _ in writes:
        for dx, dy in ((0, 0), (1, 0), (0, -1), (-4, 3)):
            assert fast.get(x + dx, y + dy) == spec.get(x + dx, y + dy)
    assert fast.colour_values() == spec.colour_values()


@SETTINGS
@given(boards(), st.data())
def test_values_after_agree(writes, data):
    spec, fast = twins(writes)
    candidates = candidates_near(data.draw, writes, data.draw(st.integers(0, 12)))
    assert fast.colour_values_after(candidates) == spec.colour_values_after(candidates)
    assert fast.colour_values_after(iter(candidates)) == spec.colour_values_after(candidates)
    assert fast.colour_values() == spec.colour_values()  # the grid itself is untouched


@SETTINGS
@given(boards(), st.booleans())
def test_legal_anchors_agree(writes, allow_cover):
    spec, fast = twins(writes)
    assert fast.legal_anchors(allow_cover) == spec.legal_anchors(allow_cover)


@SETTINGS
@given(origins, origins, st.data())
def test_copies_are_independent(ox, oy, data):
    first, second = data.draw(boards((ox, oy))), data.draw(boards((ox, oy)))
    spec, fast = twins(first)
    spec_twin, fast_twin = spec.copy(), fast.copy()
    for x, y, code in second:
        spec_twin.set(x, y, code)
        fast_twin.set(x, y, code)
    assert fast.colour_values() == spec.colour_values()
    assert fast_twin.colour_values() == spec_twin.colour_values()
    for x, y, _ in first + second:
        assert fast.get(x, y) == spec.get(x, y)
        assert fast_twin.get(x, y) == spec_twin.get(x, y)


def test_emptied_grid_is_empty():
    grid = c_grid.Grid()
    code = cells.encode(cells.SOLID, (G, G, G))
    grid.set(10**6, 5, code)
    grid.set(10**6, 5, cells.EMPTY)
    assert grid.is_empty()
    assert grid.legal_anchors(True) == ([], [])
    assert grid.colour_values() == (0, 0, 0, 0, 0)
    grid.set(0, 0, code)  # far from the old spot: the buffer moves
    assert grid.get(0, 0) == code
    assert grid.get(10**6, 5) == cells.EMPTY


# -- the Python copies of the header's numbers -------------------------------------


def test_python_cell_codes_are_the_headers():
    """cells.py is the one Python copy (the Python backend runs without C)."""
    assert (cells.EMPTY, cells.SOLID, cells.VERTICAL, cells.HORIZONTAL) == (
        lib.HUE_EMPTY,
        lib.HUE_SOLID,
        lib.HUE_VERTICAL,
        lib.HUE_HORIZONTAL,
    )
    assert cells.LAYOUT_MASK == lib.HUE_LAYOUT_MASK
    assert cells.COLOUR_SHIFT == lib.HUE_COLOUR_SHIFT
    assert cells.SKULL == lib.HUE_SKULL
    assert cells.COLOURS == lib.HUE_COLOURS == len(hue.Colour)


def test_valid_codes_are_the_ones_the_core_accepts():
    work, size = workspace(1, 1)
    values = c_heap("int32_t[5]")
    for code in range(1 << 16):
        status = lib.hue_colour_values(c_heap("hue_cell[1]", [code]), 1, 1, work, size, values)
        assert (status == 0) == (code in cells.VALID_CODES), hex(code)


# -- the public door to both backends ---------------------------------------------


def test_available_backends():
    assert backend.available() == ("c", "python") == backend.BACKENDS
    assert hue.backend in backend.available()


@pytest.mark.parametrize("name", ["c", "python"])
def test_with_backend_keeps_the_board(name):
    board = random_position(3, 5, moves=8).board
    hand = [card.id for card in board.deck.cards if card.id not in board][:4]
    twin = board.with_backend(name)
    assert twin.backend == name and twin.with_backend(name).backend == name
    assert twin.copy().backend == name
    assert twin.placements == board.placements and twin.cells() == board.cells()
    assert str(twin) == str(board)
    assert twin.colour_values() == board.colour_values()
    legal = board.legal_placements_of(hand)
    assert twin.legal_placements_of(hand) == legal
    assert twin.colour_values_after(legal) == board.colour_values_after(legal)
    move = legal[len(legal) // 2]
    twin.place(move)  # the twin is independent of the board
    assert move not in board.placements
    assert twin.remove_last() == move and twin.colour_values() == board.colour_values()


def test_with_backend_refuses_unknown_names():
    board = hue.Board()
    assert board.with_backend("python").backend == "python"
    for name in ("C", "numpy", ""):
        with pytest.raises(ValueError, match="unknown Hue backend"):
            board.with_backend(name)
    assert board.backend == hue.backend


# -- hand-checked values ---------------------------------------------------------


@pytest.mark.parametrize("grid_class", [python_grid.Grid, c_grid.Grid])
def test_one_striped_card(grid_class):
    grid = grid_class()
    for y in range(3):
        grid.set(0, y, cells.encode(cells.VERTICAL, (R, G, P)))
    assert grid.colour_values() == (3, 3, 0, 3, 0)


@pytest.mark.parametrize("grid_class", [python_grid.Grid, c_grid.Grid])
def test_solid_row(grid_class):
    grid = grid_class()
    for x in range(-2, 7):
        grid.set(x, 4, cells.encode(cells.SOLID, (B, 0, 0)))
    assert grid.colour_values() == (0, 0, 0, 0, 27)


@pytest.mark.parametrize("grid_class", [python_grid.Grid, c_grid.Grid])
def test_skull_zeroes_its_area(grid_class):
    grid = grid_class()
    for x in range(3):
        grid.set(x, 0, cells.encode(cells.SOLID, (Y, 0, 0)))
    grid.set(3, 0, cells.encode(cells.SOLID, (Y, 0, 0), skull=True))
    grid.set(0, 5, cells.encode(cells.SOLID, (Y, 0, 0)))  # a lone, smaller area
    assert grid.colour_values() == (0, 0, 3, 0, 0)
    poison = cells.encode(cells.SOLID, (G, 0, 0))
    assert grid.colour_values_after([(3, 0, False, (poison, poison, poison))]) == [(9, 0, 9, 0, 0)]


# -- errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "code",
    [
        4,  # colour bits with layout 0
        0x1000 | cells.SOLID,  # a bit above the skull
        cells.encode(cells.VERTICAL, (5, 0, 0)),  # colour 5
        cells.encode(cells.HORIZONTAL, (0, 0, 7)),
        -1,
        1 << 20,
    ],
)
@pytest.mark.parametrize("grid_class", [python_grid.Grid, c_grid.Grid])
def test_bad_cell_code(code, grid_class):
    grid = grid_class()
    with pytest.raises(ValueError, match="cell code"):
        grid.set(0, 0, code)
    assert grid.is_empty()
    with pytest.raises(ValueError, match="cell code"):
        grid.colour_values_after([(0, 0, True, (cells.SOLID, code, cells.SOLID))])


def test_board_too_wide():
    code = cells.encode(cells.SOLID, (G, 0, 0))
    grid = c_grid.Grid()
    grid.set(0, 0, code)
    limit = lib.HUE_MAX_SIDE - 2 * c_grid.MARGIN - 1  # farthest cell that still fits
    grid.set(limit, 0, code)
    with pytest.raises(ValueError, match="4096"):
        grid.set(limit + 1, 0, code)
    with pytest.raises(ValueError, match="4096"):
        grid.set(0, -(10**9), code)
    with pytest.raises(ValueError, match="4096"):
        grid.colour_values_after([(-(10**7), 0, True, (code, code, code))])
    assert grid.get(limit + 1, 0) == cells.EMPTY
    assert grid.colour_values() == (3, 0, 0, 0, 0)


@pytest.mark.parametrize("grid_class", [python_grid.Grid, c_grid.Grid])
def test_write_is_all_or_nothing(grid_class):
    """A write of several cells checks them all before it changes any."""
    code = cells.encode(cells.SOLID, (G, 0, 0))
    grid = grid_class()
    grid.write([(0, 0, code), (1, 0, code)])
    with pytest.raises(ValueError, match="cell code"):
        grid.write([(2, 0, code), (3, 0, 4)])  # 4: colour bits on an empty layout
    assert grid.get(2, 0) == cells.EMPTY and grid.colour_values() == (6, 0, 0, 0, 0)
    grid.write([(1, 0, cells.EMPTY), (2, 0, code)])
    assert (grid.get(1, 0), grid.get(2, 0)) == (cells.EMPTY, code)


def test_c_write_beyond_the_buffer_writes_nothing():
    code = cells.encode(cells.SOLID, (G, 0, 0))
    grid = c_grid.Grid()
    grid.set(0, 0, code)
    for far in (lib.HUE_MAX_SIDE, 2**62, -(2**70)):
        with pytest.raises(ValueError, match="C backend"):
            grid.write([(1, 0, code), (far, 0, code)])
        assert grid.get(1, 0) == cells.EMPTY and grid.colour_values() == (3, 0, 0, 0, 0)


def test_the_c_grid_holds_every_table_within_the_limits():
    """The shared limits leave the C grid room for its margins and slack,
    and the kernel's playouts room to grow the table by a whole game."""
    reach = c_grid.MARGIN + c_grid.SLACK
    assert hue.MAX_SPAN + 2 * reach <= lib.HUE_MAX_SIDE
    assert hue.MAX_COORDINATE + reach <= lib.HUE_MAX_ORIGIN - lib.HUE_MAX_SIDE
    assert lib.hue_playouts_workspace_size(hue.MAX_SPAN, hue.MAX_SPAN, 30, 5, lib.HUE_MAX_HAND)
    code = cells.encode(cells.SOLID, (G, 0, 0))
    m = hue.MAX_COORDINATE
    for x, y in ((m, m), (-m, -m), (m, -m)):
        grid = c_grid.Grid()
        grid.set(x, y, code)
        grid.set(x - (hue.MAX_SPAN - 1) if x > 0 else x + hue.MAX_SPAN - 1, y, code)
        assert len(grid.legal_anchors(True)[0]) > 0


# -- the C core's argument checks, through cffi ------------------------------------

c_heap = c_heap_allocator(ffi)

SOLID_G = cells.encode(cells.SOLID, (G, 0, 0))


def filled_grid(width, height, fill=SOLID_G):
    return c_heap("hue_cell[]", [fill] * (width * height))


def workspace(width, height, short=0):
    size = lib.hue_workspace_size(width, height) - short
    return c_heap("char[]", size), size


def test_sizes():
    assert lib.hue_core_version() == lib.HUE_CORE_VERSION
    assert divmod(lib.HUE_CORE_VERSION // 100, 100) == cells.CORE_VERSION
    for width, height in ((0, 1), (1, 0), (-1, 5), (lib.HUE_MAX_SIDE + 1, 1), (1, -(2**31))):
        assert lib.hue_workspace_size(width, height) == 0
        assert lib.hue_legal_capacity(width, height, 1) == -1
    assert lib.hue_workspace_size(lib.HUE_MAX_SIDE, lib.HUE_MAX_SIDE) > 0
    assert lib.hue_legal_capacity(3, 3, -1) == -1
    assert lib.hue_legal_capacity(3, 3, 0) == 0


def test_colour_values_arguments():
    cells_ = filled_grid(2, 3)
    work, size = workspace(2, 3)
    values = c_heap("int32_t[5]", [-7] * 5)
    assert lib.hue_colour_values(ffi.NULL, 2, 3, work, size, values) == lib.HG_ERR_ARGUMENT
    assert lib.hue_colour_values(cells_, 2, 3, ffi.NULL, size, values) == lib.HG_ERR_ARGUMENT
    assert lib.hue_colour_values(cells_, 2, 3, work, size, ffi.NULL) == lib.HG_ERR_ARGUMENT
    assert lib.hue_colour_values(cells_, 0, 3, work, size, values) == lib.HG_ERR_ARGUMENT
    assert lib.hue_colour_values(cells_, 2, 3, work, size - 1, values) == lib.HG_ERR_WORKSPACE
    cells_[5] = 0x1000 | cells.SOLID
    assert lib.hue_colour_values(cells_, 2, 3, work, size, values) == lib.HG_ERR_CELL
    assert list(values) == [-7] * 5
    cells_[5] = SOLID_G
    short, short_size = workspace(2, 3, short=1)
    assert lib.hue_colour_values(cells_, 2, 3, short, short_size, values) == lib.HG_ERR_WORKSPACE
    assert lib.hue_colour_values(cells_, 2, 3, work, size, values) == 0
    assert list(values) == [18, 0, 0, 0, 0]


def candidate(x, y, horizontal, code=SOLID_G):
    return (x, y, ((code, code, code), horizontal))


@pytest.mark.parametrize(
    ("shape", "status"),
    [
        (candidate(-1, 0, 1), lib.HG_ERR_BOUNDS),
        (candidate(2, 0, 1), lib.HG_ERR_BOUNDS),  # x + 2 == width
        (candidate(0, 2, 0), lib.HG_ERR_BOUNDS),  # y + 2 == height
        (candidate(0, 4, 1), lib.HG_ERR_BOUNDS),
        (candidate(2**31 - 1, 0, 1), lib.HG_ERR_BOUNDS),
        (candidate(0, 2**31 - 2, 0), lib.HG_ERR_BOUNDS),
        (candidate(-(2**31), -(2**31), 0), lib.HG_ERR_BOUNDS),
        (candidate(0, 0, 2), lib.HG_ERR_ARGUMENT),
        (candidate(0, 0, 1, code=4), lib.HG_ERR_CELL),
    ],
)
def test_colour_values_after_arguments(shape, status):
    width, height = 4, 4
    cells_ = filled_grid(width, height, fill=0)
    work, size = workspace(width, height)
    good = candidate(1, 1, 0)
    batch = c_heap("hue_candidate[]", [good, shape, good])
    values = c_heap("int32_t[]", [-7] * 15)
    args = (cells_, width, height)
    assert lib.hue_colour_values_after(*args, batch, 3, work, size, values) == status
    assert list(values) == [-7] * 15
    assert lib.hue_colour_values_after(*args, batch, -1, work, size, values) == lib.HG_ERR_ARGUMENT
    assert (
        lib.hue_colour_values_after(*args, ffi.NULL, 1, work, size, values) == lib.HG_ERR_ARGUMENT
    )
    assert lib.hue_colour_values_after(*args, batch, 1, work, size - 1, values) == (
        lib.HG_ERR_WORKSPACE
    )
    assert lib.hue_colour_values_after(*args, ffi.NULL, 0, work, size, ffi.NULL) == 0
    assert lib.hue_colour_values_after(*args, batch, 1, work, size, values) == 0
    assert list(values[0:5]) == [9, 0, 0, 0, 0]


def test_legal_placements_arguments():
    width, height = 3, 2
    cells_ = filled_grid(width, height, fill=0)
    cells_[0] = SOLID_G
    rotations = c_heap("uint8_t[]", [4, 2])
    total = lib.hue_legal_placements(cells_, width, height, rotations, 2, 1, ffi.NULL, 0)
    assert total == lib.HG_ERR_ARGUMENT
    capacity = lib.hue_legal_capacity(width, height, 2)
    out = c_heap("hue_placement[]", capacity)
    total = lib.hue_legal_placements(cells_, width, height, rotations, 2, 1, out, capacity)
    spec = python_grid.Grid()
    spec.set(0, 0, SOLID_G)
    assert total == len(hand_placements(spec.legal_anchors(True), [4, 2])) > 0
    for room in (0, 1, total - 1):  # exactly `room` records: no writes past them
        short = c_heap("hue_placement[]", room)
        status = lib.hue_legal_placements(cells_, width, height, rotations, 2, 1, short, room)
        assert status == lib.HG_ERR_CAPACITY
    exact = c_heap("hue_placement[]", total)
    assert lib.hue_legal_placements(cells_, width, height, rotations, 2, 1, exact, total) == total
    assert ffi.buffer(exact) == ffi.buffer(out, ffi.sizeof(exact))
    for bad in ([4, 3], [0], [255]):
        status = lib.hue_legal_placements(
            cells_, width, height, c_heap("uint8_t[]", bad), len(bad), 1, out, capacity
        )
        assert status == lib.HG_ERR_ARGUMENT
    for args in (
        (ffi.NULL, width, height, rotations, 2, 1, out, capacity),
        (cells_, width, 0, rotations, 2, 1, out, capacity),
        (cells_, width, height, ffi.NULL, 2, 1, out, capacity),
        (cells_, width, height, rotations, -1, 1, out, capacity),
        (cells_, width, height, rotations, 2, 1, out, -1),
    ):
        assert lib.hue_legal_placements(*args) == lib.HG_ERR_ARGUMENT
    assert lib.hue_legal_placements(cells_, width, height, ffi.NULL, 0, 1, ffi.NULL, 0) == 0
    cells_[1] = 0x3 << 14
    assert lib.hue_legal_placements(cells_, width, height, rotations, 2, 1, out, capacity) == (
        lib.HG_ERR_CELL
    )


def test_legal_anchors_arguments():
    width, height = 3, 2
    cells_ = filled_grid(width, height, fill=0)
    cells_[0] = SOLID_G
    spec = python_grid.Grid()
    spec.set(0, 0, SOLID_G)
    vertical, horizontal = (pairs(flat) for flat in spec.legal_anchors(True))
    total = len(vertical) + len(horizontal)
    count = c_heap("int64_t[1]")
    capacity = lib.hue_legal_capacity(width, height, 1) // 2
    assert total <= capacity
    for room in (0, 1, total - 1):  # exactly `room` pairs: no writes past them
        short = c_heap("int64_t[]", 2 * room)
        status = lib.hue_legal_anchors(cells_, width, height, 1, 0, 0, short, room, count)
        assert status == lib.HG_ERR_CAPACITY and count[0] == 0
    exact = c_heap("int64_t[]", 2 * total)
    origin = (-(10**12), 7)
    assert lib.hue_legal_anchors(cells_, width, height, 1, *origin, exact, total, count) == total
    shifted = [(x + origin[0], y + origin[1]) for x, y in vertical + horizontal]
    assert pairs(ffi.unpack(exact, 2 * total)) == shifted
    assert count[0] == len(vertical)
    far = lib.HUE_MAX_ORIGIN + 1
    for args in (
        (ffi.NULL, width, height, 1, 0, 0, exact, total, count),
        (cells_, 0, height, 1, 0, 0, exact, total, count),
        (cells_, width, height, 1, far, 0, exact, total, count),
        (cells_, width, height, 1, 0, -far, exact, total, count),
        (cells_, width, height, 1, 0, 0, ffi.NULL, total, count),
        (cells_, width, height, 1, 0, 0, exact, -1, count),
        (cells_, width, height, 1, 0, 0, exact, total, ffi.NULL),
    ):
        assert lib.hue_legal_anchors(*args) == lib.HG_ERR_ARGUMENT
    cells_[1] = 0x3 << 14
    assert lib.hue_legal_anchors(cells_, width, height, 1, 0, 0, exact, total, count) == (
        lib.HG_ERR_CELL
    )


def test_c_grid_refuses_coordinates_beyond_its_range():
    grid = c_grid.Grid()
    with pytest.raises(ValueError, match="coordinates"):
        grid.set(2**62, 0, SOLID_G)
    assert grid.is_empty()


raw_codes = st.integers(0, 0xFFFF) | codes | st.just(0)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.integers(1, 7),
    st.integers(1, 7),
    st.data(),
)
def test_core_fuzz(width, height, data):
    """Any grid, candidates and hand, on exact-size buffers: the core either
    refuses with the right code or agrees with the Python grid."""
    grid = data.draw(st.lists(raw_codes, min_size=width * height, max_size=width * height))
    cells_ = c_heap("hue_cell[]", grid)
    valid = all(code in cells.VALID_CODES for code in grid)
    spec = python_grid.Grid()
    for at, code in enumerate(grid if valid else []):
        spec.set(at % width, at // width, code)
    work, size = workspace(width, height)

    values = c_heap("int32_t[5]")
    status = lib.hue_colour_values(cells_, width, height, work, size, values)
    assert status == (0 if valid else lib.HG_ERR_CELL)
    if valid:
        assert tuple(values) == spec.colour_values()

    coordinate = st.integers(-3, 9) | st.integers(-(2**31), 2**31 - 1)
    shapes = data.draw(
        st.lists(
            st.tuples(coordinate, coordinate, st.integers(0, 1), st.tuples(codes, codes, codes)),
            max_size=4,
        )
    )
    batch = c_heap("hue_candidate[]", [(x, y, (c, h)) for x, y, h, c in shapes])
    values = c_heap("int32_t[]", 5 * len(shapes))
    status = lib.hue_colour_values_after(
        cells_, width, height, batch, len(shapes), work, size, values
    )
    inside = all(
        x >= 0 and y >= 0 and x + 2 * h < width and y + 2 * (1 - h) < height
        for x, y, h, _ in shapes
    )
    if not inside:  # candidates are checked before the grid
        assert status == lib.HG_ERR_BOUNDS
    elif not valid:
        assert status == lib.HG_ERR_CELL
    else:
        assert status == 0
        flat = list(values)
        expected = spec.colour_values_after([(x, y, h == 1, c) for x, y, h, c in shapes])
        assert [tuple(flat[5 * k : 5 * k + 5]) for k in range(len(shapes))] == expected

    hand = data.draw(st.lists(st.sampled_from([2, 4]), max_size=3))
    allow_cover = data.draw(st.booleans())
    capacity = lib.hue_legal_capacity(width, height, len(hand))
    out = c_heap("hue_placement[]", capacity)
    total = lib.hue_legal_placements(
        cells_, width, height, c_heap("uint8_t[]", hand), len(hand), allow_cover, out, capacity
    )
    if not valid:
        assert total == lib.HG_ERR_CELL
    else:
        found = [(p.card, p.x, p.y, p.rotation) for p in out[0:total]]
        assert found == hand_placements(spec.legal_anchors(allow_cover), hand)
        room = lib.hue_legal_capacity(width, height, 1) // 2
        flat, count = c_heap("int64_t[]", 2 * room), c_heap("int64_t[1]")
        total = lib.hue_legal_anchors(cells_, width, height, allow_cover, 0, 0, flat, room, count)
        vertical, horizontal = spec.legal_anchors(allow_cover)
        assert 2 * total == len(vertical) + len(horizontal) and 2 * count[0] == len(vertical)
        assert ffi.unpack(flat, 2 * total) == vertical + horizontal
