"""Hue's pictures: the SVG checked structurally against the game it draws,
the notebook hooks, PNG and the coloured text of the terminal.

The expected colours, stripes and skulls come from the rules (§2's table of
rotations, applied to each card's colours), not from the cell codes the
drawing reads, so a slip in either shows.
"""

from __future__ import annotations

import dataclasses
import inspect
import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import engine, pictures
from huegames.hue import Board, Game, GreedyBot, Kind, Move, View, console, new_game, png, svg
from huegames.hue.bots import random_position
from huegames.hue.cards import default_deck
from huegames.hue.drawing import COLOUR_NAMES, _codes, _largest_areas
from huegames.text import shown
from profiles import examples
from terminal import assert_inert, assert_well_formed, rendered

NS = "{http://www.w3.org/2000/svg}"


def played(seed: int = 27, moves: int | None = None) -> Game:
    """A seeded three-player game played by seeded greedy bots."""
    game = new_game(3, seed=seed)
    bots = [GreedyBot(seed=seed + seat) for seat in range(3)]
    while game.current_player is not None and (moves is None or len(game.history) < moves):
        game.play(bots[game.current_player].choose(game.view(game.current_player)))
    return game


@pytest.fixture(scope="module")
def game() -> Game:
    return played()


def parse(document: str) -> ET.Element:
    root = ET.fromstring(document)
    assert root.tag == f"{NS}svg"
    assert root.get("class") == "huegames-hue"
    return root


def elements(root: ET.Element, css: str, tag: str = "") -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}" if tag else None) if e.get("class") == css]


def squares_at(root: ET.Element, x: int, y: int) -> list[ET.Element]:
    return [
        e
        for e in elements(root, "square", "rect")
        if (e.get("data-x"), e.get("data-y")) == (str(x), str(y))
    ]


def expected(board: Board, x: int, y: int) -> tuple[bool, list[str], bool]:
    """(striped, colour names left-to-right or top-to-bottom, skull) of the
    square showing on (x, y), by the rules' rotation table (§2)."""
    card_id, square = board.visible(x, y)  # type: ignore[misc]
    move = next(m for m in board.placements if m.card == card_id)
    card = board.deck[card_id]
    if card.kind.striped:
        stripes = card.colours if move.rotation in (0, 1) else card.colours[::-1]
        return True, [COLOUR_NAMES[c] for c in stripes], False
    order = (0, 1, 2) if move.rotation in (0, 3) else (2, 1, 0)
    colour = card.colours[order[square]]
    return False, [COLOUR_NAMES[colour]], card.kind is Kind.POISON and order[square] == 1


def box(element: ET.Element) -> tuple[float, float, float, float]:
    x, y, width, height = (float(element.get(k, "nan")) for k in ("x", "y", "width", "height"))
    return x, y, width, height


# -- the table ----------------------------------------------------------------------------


def test_one_card_group_per_card_showing(game: Game) -> None:
    board = game.board
    showing = {card_id for card_id, _ in board.cells().values()}
    root = parse(svg(game))
    drawn = [g.get("data-card", "") for g in elements(root, "card", "g")]
    assert sorted(drawn) == sorted(showing)
    assert len(drawn) == len(showing) == len(board.placements)  # nothing wholly covered here
    covered = sum(
        board.visible(*cell) != (move.card, square)
        for move in board.placements
        for square, cell in enumerate(move.cells)
    )
    assert covered > 0  # the seeded game covers squares, so hiding them is tested


def test_a_wholly_covered_card_is_not_drawn() -> None:
    board = Board.from_placements(["S0 0 0 0", "D0 -2 0 1", "D1 -2 1 1", "D2 -2 2 1"])
    assert "S0" in board and all(board.visible(0, y)[0] != "S0" for y in range(3))  # type: ignore[index]
    root = parse(svg(board))
    assert [g.get("data-card") for g in elements(root, "card", "g")] == ["D0", "D1", "D2"]
    assert not [e for e in elements(root, "square", "rect") if e.get("data-card") == "S0"]


def test_only_visible_squares_are_drawn_one_rect_per_square_or_stripe(game: Game) -> None:
    board = game.board
    root = parse(svg(game))
    total = 0
    for (x, y), (card_id, square) in board.cells().items():
        rects = squares_at(root, x, y)
        striped = board.deck[card_id].kind.striped
        assert len(rects) == (3 if striped else 1)
        assert {(r.get("data-card"), r.get("data-square")) for r in rects} == {
            (card_id, str(square))
        }
        total += len(rects)
    assert len(elements(root, "square", "rect")) == total


@pytest.mark.parametrize("palette", ["standard", "colour-blind"])
def test_fills_and_stripes_follow_the_rules(game: Game, palette: str) -> None:
    board = game.board
    colours = pictures.style(palette=palette).palette
    root = parse(svg(game, palette=palette))
    for x, y in board.cells():
        striped, names, _ = expected(board, x, y)
        rects = sorted(squares_at(root, x, y), key=lambda r: int(r.get("data-stripe", 0)))
        assert [r.get("data-colour") for r in rects] == names
        assert [r.get("fill") for r in rects] == [colours.colour(n) for n in names]
        if striped:
            move = next(m for m in board.placements if m.card == board.visible(x, y)[0])  # type: ignore[index]
            along = 0 if move.rotation % 2 == 0 else 1  # vertical stripes step in x
            starts = [box(r)[along] for r in rects]
            assert starts == sorted(starts) and len(set(starts)) == 3


def test_a_skull_on_every_visible_poison_middle_and_nowhere_else(game: Game) -> None:
    board = game.board
    root = parse(svg(game))
    skulls = {(x, y) for x, y in board.cells() if expected(board, x, y)[2]}
    assert skulls  # the seeded game shows one
    marked = {
        (int(r.get("data-x")), int(r.get("data-y")))  # type: ignore[arg-type]
        for r in elements(root, "square", "rect")
        if r.get("data-skull") == "true"
    }
    assert marked == skulls
    assert len(elements(root, "skull", "g")) == len(skulls)
    # Each skull lies on a skull square: its cranium's centre is inside one.
    places = [box(r) for r in elements(root, "square", "rect") if r.get("data-skull")]
    for skull in elements(root, "skull", "g"):
        circle = skull.find(f"{NS}circle")
        assert circle is not None
        cx, cy = float(circle.get("cx", "nan")), float(circle.get("cy", "nan"))
        assert any(bx < cx < bx + bw and by < cy < by + bh for bx, by, bw, bh in places)


def test_coordinates_on_every_edge_one_cell_beyond_the_cards(game: Game) -> None:
    min_x, min_y, max_x, max_y = game.board.bounds()  # type: ignore[misc]
    root = parse(svg(game))
    labels = elements(root, "coordinate", "text")
    xs = sorted(int(t.get("data-x")) for t in labels if t.get("data-x") is not None)  # type: ignore[arg-type]
    ys = sorted(int(t.get("data-y")) for t in labels if t.get("data-y") is not None)  # type: ignore[arg-type]
    assert xs == sorted(2 * list(range(min_x - 1, max_x + 2)))  # top and bottom
    assert ys == sorted(2 * list(range(min_y - 1, max_y + 2)))  # left and right
    assert all(t.text == t.get("data-x", t.get("data-y")) for t in labels)
    assert not elements(parse(svg(game, coordinates=False)), "coordinate")


def test_coordinates_lie_over_their_columns(game: Game) -> None:
    root = parse(svg(game))
    for x, y in game.board.cells():
        rx, _, width, _ = box(squares_at(root, x, y)[0])
        tops = [t for t in elements(root, "coordinate", "text") if t.get("data-x") == str(x)]
        assert all(rx - width < float(t.get("x")) < rx + 2 * width for t in tops)  # type: ignore[arg-type]


def test_flip_turns_the_table_half_round(game: Game) -> None:
    plain, flipped = parse(svg(game)), parse(svg(game, flip=True))
    (table,) = elements(plain, "table", "rect")
    left, top, width, height = box(table)

    def key(r: ET.Element) -> tuple[str | None, ...]:
        return (r.get("data-x"), r.get("data-y"), r.get("data-stripe"))

    mirrored = {key(r): box(r) for r in elements(flipped, "square", "rect")}
    assert len(mirrored) == len(elements(plain, "square", "rect"))
    for rect in elements(plain, "square", "rect"):
        x, y, w, h = box(rect)
        fx, fy, fw, fh = mirrored[key(rect)]
        assert (fw, fh) == pytest.approx((w, h))
        assert fx == pytest.approx(2 * left + width - x - w)
        assert fy == pytest.approx(2 * top + height - y - h)


def test_colour_blind_palette_letters_every_square_and_stripe(game: Game) -> None:
    assert not elements(parse(svg(game)), "mark")
    root = parse(svg(game, palette="colour-blind"))
    letters = pictures.COLOUR_BLIND.letters
    wanted = sorted(
        letters[name] for x, y in game.board.cells() for name in expected(game.board, x, y)[1]
    )
    assert sorted(t.text for t in elements(root, "mark", "text")) == wanted  # type: ignore[type-var]


def test_last_move_outlines_the_last_card_played(game: Game) -> None:
    assert not elements(parse(svg(game, last_move=False)), "last-move")
    (outline,) = elements(parse(svg(game, last_move=True)), "last-move", "rect")
    assert outline.get("data-card") == game.history[-1].card
    view = game.view(0)
    (outline,) = elements(parse(svg(view, last_move=True)), "last-move", "rect")
    assert outline.get("data-card") == view.history[-1].card
    fresh = new_game(3, seed=4)
    assert not elements(parse(svg(fresh, last_move=True)), "last-move")  # the opening is no move
    board = Board.from_placements(["S0 0 0 0", "D1 1 0 1"])
    (outline,) = elements(parse(svg(board, last_move=True)), "last-move", "rect")
    assert outline.get("data-card") == "D1"
    # The outline covers the card's footprint: its three squares lie inside.
    ox, oy, ow, oh = box(outline)
    for x, y in Move.parse("D1 1 0 1").cells:
        sx, sy, sw, sh = box(squares_at(parse(svg(board, last_move=True)), x, y)[0])
        assert ox <= sx and sx + sw <= ox + ow and oy <= sy and sy + sh <= oy + oh


# -- areas ----------------------------------------------------------------------------------


def test_areas_show_the_colour_values(game: Game) -> None:
    values = game.colour_values()
    root = parse(svg(game, areas=True))
    shown = {g.get("data-colour"): int(g.get("data-value")) for g in elements(root, "area", "g")}  # type: ignore[arg-type]
    assert shown == {COLOUR_NAMES[i]: v for i, (_, v) in enumerate(values.items()) if v}
    for group in elements(root, "area", "g"):
        (label,) = elements(group, "area-value", "text")
        assert label.text == group.get("data-value")
    legend = {t.get("data-colour"): int(t.text) for t in elements(root, "legend-value", "text")}  # type: ignore[arg-type]
    assert legend == {COLOUR_NAMES[i]: v for i, v in enumerate(values.values())}
    assert not elements(parse(svg(game)), "area")


def test_a_poisoned_area_is_not_outlined() -> None:
    # The rules' worked example: after X1 the red area touching the skull is worth nothing.
    board = Board.from_placements(["S0 0 0 0", "D1 1 0 1", "T0 4 0 0", "X1 1 1 3"])
    assert board.colour_values() == {"G": 3, "R": 3, "Y": 6, "P": 9, "B": 0}
    areas = _largest_areas(_codes(board))
    red = areas[1]
    assert len(red) == 9 and all(i // 3 in (0, 4) for i, _ in red)  # a stripe, not the skull's area
    root = parse(svg(board, areas=True))
    shown = {g.get("data-colour"): g.get("data-value") for g in elements(root, "area", "g")}
    assert shown == {"green": "3", "red": "3", "yellow": "6", "purple": "9"}


def test_areas_agree_with_colour_values_in_random_games() -> None:
    rng = random.Random(13)
    for _ in range(25):
        position = random_position(
            rng.randrange(2, 6), seed=rng.randrange(10**6), moves=rng.randrange(0, 21)
        )
        board = position.board
        areas = {colour: len(area) // 3 for colour, area in _largest_areas(_codes(board)).items()}
        assert [areas.get(i, 0) for i in range(5)] == list(board.colour_values().values())


# -- games, views and boards ----------------------------------------------------------------


def test_a_view_shows_its_own_hand_and_a_game_none(game: Game) -> None:
    middle = played(moves=7)
    seat = middle.current_player
    assert seat is not None
    view = middle.view(seat)
    root = parse(svg(view))
    assert [g.get("data-card") for g in elements(root, "hand-card", "g")] == list(view.hand)
    assert len(elements(root, "hand-square", "rect")) == sum(
        9 if view.deck[c].kind.striped else 3 for c in view.hand
    )
    others = {c for s in range(3) if s != seat for c in middle.hand(s)}
    text = svg(view)
    assert not any(f'data-card="{c}"' in text for c in others)
    (caption,) = elements(root, "caption", "text")
    assert caption.text == f"Seat {seat}'s hand (to move)"
    game_root = parse(svg(middle))
    assert not elements(game_root, "hand-card")
    (status,) = elements(game_root, "status", "text")
    assert status.text == f"Player {seat} to move · cards in hand " + " ".join(
        str(n) for n in middle.hand_sizes
    )
    (status,) = elements(parse(svg(game)), "status", "text")
    assert status.text is not None and status.text.startswith("Game over · scores ")
    assert not elements(parse(svg(middle.board)), "status")


def test_an_empty_table_draws() -> None:
    root = parse(svg(Board()))
    assert not elements(root, "card") and len(elements(root, "coordinate")) == 12


def test_notebook_display_is_the_svg(game: Game) -> None:
    view = game.view(1)
    assert game._repr_svg_() == svg(game)
    assert view._repr_svg_() == svg(view)
    assert game.board._repr_svg_() == svg(game.board)
    assert isinstance(view, View)


def test_the_registry_knows_the_pictures() -> None:
    spec = engine.game_spec("hue")
    assert spec.svg is svg and spec.console is console


def test_bad_options_are_refused(game: Game) -> None:
    with pytest.raises(TypeError, match=r"hue\.Game, a hue\.View or a hue\.Board"):
        svg("S0 0 0 0")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="last_move must be True or False"):
        svg(game, last_move=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="areas must be True or False"):
        svg(game, areas="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown palette"):
        svg(game, palette="sepia")
    with pytest.raises(ValueError, match="size must be"):
        svg(game, size=2)


def test_size_scales_the_picture(game: Game) -> None:
    small, large = parse(svg(game, size=16)), parse(svg(game, size=48))
    (a,) = elements(small, "table", "rect")
    (b,) = elements(large, "table", "rect")
    assert box(b)[2] == 3 * box(a)[2]


def test_png() -> None:
    pytest.importorskip("resvg_py")
    data = png(played(moves=4), size=20, areas=True)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")


# -- the terminal ----------------------------------------------------------------------------


def test_console_draws_the_table_with_coordinates(game: Game) -> None:
    board = game.board
    text = console(game)
    lines = text.splitlines()
    min_x, min_y, max_x, max_y = board.bounds()  # type: ignore[misc]
    assert lines[0].split() == [str(x) for x in range(min_x - 1, max_x + 2)]
    table = lines[1 : lines.index("")]
    row_labels = [line.split()[0] for line in table if line[:4].strip()]
    assert row_labels == [str(y) for y in range(min_y - 1, max_y + 2)]
    assert "[" not in lines[0] and "☠" in text
    for name in ("green", "red", "yellow", "purple", "blue"):
        assert f"on {pictures.STANDARD.colour(name)}]" in text
    assert lines[-1].startswith("Game over · scores")


def test_console_of_a_view_shows_only_its_own_hand() -> None:
    middle = played(moves=5)
    seat = middle.current_player
    assert seat is not None
    text = console(middle.view(seat))
    for card_id in middle.hand(seat):
        assert any(line.strip().startswith(card_id + " ") for line in text.splitlines())
    for other in range(3):
        if other != seat:
            assert not any(card_id in text for card_id in middle.hand(other))
    assert f"Seat {seat}'s hand (to move):" in text
    assert not any(card_id in console(middle) for hand in range(3) for card_id in middle.hand(hand))
    blind = console(middle.view(seat), palette="colour-blind")
    assert f"on {pictures.COLOUR_BLIND.colour('yellow')}]" in blind
    assert f"on {pictures.STANDARD.colour('yellow')}]" not in blind


def test_the_last_move_is_outlined_by_default_as_in_every_game(game: Game) -> None:
    assert svg(game) == svg(game, last_move=True) != svg(game, last_move=False)
    assert png(game) == png(game, last_move=True)
    for name in engine.game_names():
        draw = engine.game_spec(name).svg
        parameter = inspect.signature(draw).parameters.get("last_move") if draw else None
        assert parameter is None or parameter.default is True, name


# -- outside text ---------------------------------------------------------------------------


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.text(min_size=1, max_size=12).filter(lambda text: not any(c.isspace() for c in text))
)
def test_custom_card_ids_stay_text_in_every_picture(name: str) -> None:
    """A custom deck's card ids (any Unicode but spaces: controls, markup,
    lone surrogates) leave the SVG well-formed and the console inert."""
    deck = [
        dataclasses.replace(card, id=f"{name}{index}") for index, card in enumerate(default_deck())
    ]
    try:
        game = new_game(2, seed=1, deck=deck)
    except ValueError:
        return  # a backend may refuse an id it cannot hold
    for _ in range(2):
        game.play(game.legal_moves()[0])
    for subject in (game, game.view(0), game.board):
        root = assert_well_formed(svg(subject, palette="colour-blind"), png=subject is game)
        cards = {element.get("data-card") for element in root.iter()} - {None}
        assert cards and cards <= {shown(card.id) for card in deck}, "each id shown as it is"
        assert_inert(rendered(console(subject)))
    assert any(shown(name) in line for line in rendered(console(game.view(0))).splitlines())
