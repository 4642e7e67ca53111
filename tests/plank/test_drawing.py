"""Plank's pictures: golden structural tests of seeded hands'
SVGs, the console text and the notebook display.

Expected values come from the game state (its public table, strips and
tokens), never from the picture itself.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from huegames import engine, pictures, plank
from huegames.plank.board import Table

SVG = "{http://www.w3.org/2000/svg}"
NAMES = {"G": "green", "R": "red", "W": "white"}


def played(players: int, seed: int, moves: int) -> plank.Game:
    """A seeded hand after ``moves`` moves of seeded bots."""
    game = plank.new_game(players=players, seed=seed)
    bots: list[engine.Bot] = [
        plank.GreedyBot(seed=seed + k) if k % 2 else plank.RandomBot(seed=seed + k)
        for k in range(players)
    ]
    for _ in range(moves):
        if game.is_over:
            break
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game.view(seat)))
    return game


def won(players: int) -> plank.Game:
    """A seeded hand played to its end by greedy bots: one a line wins."""
    for seed in range(50):
        game = plank.new_game(players=players, seed=seed)
        engine.play_game(game, [plank.GreedyBot(seed=seed + k) for k in range(players)])
        if game.winning_line is not None:
            return game
    raise AssertionError("no seeded hand was won")


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def texts(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{SVG}text")]


def square_name(row: int, col: int) -> str:
    return f"{'abc'[col]}{row + 1}"


@pytest.fixture(
    params=[(2, 7, 4), (2, 7, 9), (3, 1, 14), (4, 3, 30), (2, 11, 60)],
    ids=lambda p: f"{p[0]}p-seed{p[1]}-{p[2]}",
)
def game(request: pytest.FixtureRequest) -> plank.Game:
    return played(*request.param)


def test_root_strips_and_three_squares_each(game: plank.Game) -> None:
    root = parse(plank.svg(game))
    assert root.tag == f"{SVG}svg" and root.get("class") == "huegames-plank"
    table = game.view(0).table
    strips = with_class(root, "strip")
    assert [s.get("data-strip") for s in strips] == [strip for strip, _ in table]
    squares = with_class(root, "square")
    assert len(squares) == 3 * len(table)
    assert all(s.tag == f"{SVG}rect" for s in squares)


def test_square_fills_are_the_palette_colour_of_the_square(game: plank.Game) -> None:
    for palette in (pictures.STANDARD, pictures.COLOUR_BLIND):
        root = parse(plank.svg(game, palette=palette))
        drawn = {
            (int(s.get("data-row", "")), int(s.get("data-column", ""))): s
            for s in with_class(root, "square")
        }
        for row, (strip, _) in enumerate(game.view(0).table):
            for col, letter in enumerate(strip):
                square = drawn[row, col]
                assert square.get("data-colour") == NAMES[letter]
                assert square.get("fill") == palette.colour(NAMES[letter])
                assert square.get("data-square") == square_name(row, col)


def test_tokens_stand_on_their_squares_with_their_seat_letter(game: plank.Game) -> None:
    root = parse(plank.svg(game))
    expected = {
        square_name(row, col): game.letter(seat)
        for row, (_, seats) in enumerate(game.view(0).table)
        for col, seat in enumerate(seats)
        if seat is not None
    }
    tokens = with_class(root, "token")
    found = {t.get("data-square"): t.get("data-letter") for t in tokens}
    assert found == expected
    squares = {s.get("data-square"): s for s in with_class(root, "square")}
    for token in tokens:
        letters = [e.text for e in token.iter(f"{SVG}text")]
        assert letters == [token.get("data-letter")]
        seat = int(token.get("data-seat", ""))
        assert game.letter(seat) == token.get("data-letter")
        # coloured like the square it stands on: its shape has the square's fill
        square = squares[token.get("data-square")]
        fills = [e.get("fill") for e in token if e.tag != f"{SVG}text"]
        assert square.get("fill") in fills
        # and it stands inside that square
        x, y = float(square.get("x", "")), float(square.get("y", ""))
        side = float(square.get("width", ""))
        shape = token[1]
        cx = float(shape.get("cx", shape.get("x", "0")))
        if shape.tag == f"{SVG}circle":
            assert x < cx < x + side
            assert y < float(shape.get("cy", "")) < y + side


def test_seats_differ_by_shape_as_well_as_letter() -> None:
    game = played(4, 3, 30)
    root = parse(plank.svg(game))
    shapes: dict[int, set[str]] = {}
    for token in with_class(root, "token"):
        shapes.setdefault(int(token.get("data-seat", "")), set()).add(token[1].tag)
    assert all(len(tags) == 1 for tags in shapes.values())
    # seat marks: circle, square (rect), triangle and diamond (polygons)
    assert shapes.get(0, {f"{SVG}circle"}) == {f"{SVG}circle"}
    assert shapes.get(1, {f"{SVG}rect"}) == {f"{SVG}rect"}


def test_hands_show_every_seats_strips_and_tokens_off_the_table(game: plank.Game) -> None:
    root = parse(plank.svg(game))
    strips = with_class(root, "hand-strip")
    for seat in range(game.players):
        own = [s.get("data-strip") for s in strips if s.get("data-seat") == str(seat)]
        assert own == list(game.strips(seat))
    for strip in strips:
        colours = [e.get("data-colour") for e in with_class(strip, "hand-square")]
        assert colours == [NAMES[c] for c in strip.get("data-strip", "")]
    tokens = Counter(
        (int(t.get("data-seat", "")), t.get("data-colour")) for t in with_class(root, "hand-token")
    )
    for seat in range(game.players):
        for letter, count in game.off_table(seat).items():
            assert tokens[seat, NAMES[letter]] == count


def test_a_view_shows_the_same_public_table_and_hands() -> None:
    game = played(3, 1, 14)
    view = game.view(2)
    root = parse(plank.svg(view))
    assert len(with_class(root, "hand-strip")) == sum(len(s) for s in view.strips)
    own = [h for h in with_class(root, "hand") if with_class(h, "own-hand")]
    assert [h.get("data-seat") for h in own] == ["2"]
    status = with_class(root, "status")[0].text or ""
    assert status.endswith(f"you are {game.letter(2)}")


def test_empty_table_and_bare_table() -> None:
    game = plank.new_game(players=2, seed=7)
    root = parse(plank.svg(game))
    assert with_class(root, "square") == [] and with_class(root, "token") == []
    assert "no strip yet" in texts(root)
    assert len(with_class(root, "hand-strip")) == 12
    table = Table()
    table.lay("RWG", "T")
    table.owners[1] = 1
    bare = parse(plank.svg(table))
    assert len(with_class(bare, "square")) == 3
    tokens = with_class(bare, "token")
    assert [(t.get("data-square"), t.get("data-letter")) for t in tokens] == [("b1", "1")]
    assert with_class(bare, "hand") == [] and with_class(bare, "status") == []


def test_coordinates_on_and_off(game: plank.Game) -> None:
    rows = game.view(0).table
    on = [e.text for e in with_class(parse(plank.svg(game)), "coordinate")]
    assert Counter(on) == Counter(["a", "b", "c"] * 2 + [str(r + 1) for r in range(len(rows))])
    assert with_class(parse(plank.svg(game, coordinates=False)), "coordinate") == []


def _corners(root: ET.Element) -> dict[str | None, tuple[float, float]]:
    return {
        s.get("data-square"): (float(s.get("x", "")), float(s.get("y", "")))
        for s in with_class(root, "square")
    }


def test_flip_turns_the_table_round(game: plank.Game) -> None:
    plain, flipped = _corners(parse(plank.svg(game))), _corners(parse(plank.svg(game, flip=True)))
    rows = len(game.view(0).table)
    assert plain.keys() == flipped.keys()
    for row in range(rows):
        for col in range(3):
            assert flipped[square_name(row, col)] == plain[square_name(rows - 1 - row, 2 - col)]
    assert plain["a1"] == min(plain.values())  # a1 top left, unflipped


def test_colour_blind_palette_letters_every_square(game: plank.Game) -> None:
    rows = len(game.view(0).table)
    standard = parse(plank.svg(game))
    marked = parse(plank.svg(game, palette="colour-blind"))
    assert with_class(standard, "colour-mark") == []
    marks = [e.text for e in with_class(marked, "colour-mark")]
    expected = [letter for strip, _ in game.view(0).table for letter in strip]
    assert marks == expected and len(marks) == 3 * rows


def test_winning_line_is_struck_through() -> None:
    for players in (2, 3, 4):
        game = won(players)
        line = game.winning_line
        assert line is not None
        root = parse(plank.svg(game))
        (group,) = with_class(root, "winning-line")
        assert group.get("data-seat") == str(line.seat)
        lit = [e.get("data-square") for e in with_class(root, "winning")]
        assert lit == [str(square) for square in line.squares]
        for square in line.squares:  # the line is the winner's own tokens
            token = next(
                t for t in with_class(root, "token") if t.get("data-square") == str(square)
            )
            assert token.get("data-letter") == game.letter(line.seat)
        status = with_class(root, "status")[0].text or ""
        assert "wins" in status and game.letter(line.seat) in status
    unfinished = played(2, 7, 9)
    assert with_class(parse(plank.svg(unfinished)), "winning-line") == []


def test_last_move_outlines_its_squares() -> None:
    game = plank.new_game(players=2, seed=7)
    game.play("T GWR R")
    game.play("T RWG R")  # a new top strip: its red square is a1

    def lit(game: plank.Game) -> dict[str | None, str | None]:
        root = parse(plank.svg(game))
        return {
            e.get("data-role"): e.get("data-square") or e.get("data-row")
            for e in with_class(root, "last")
        }

    assert lit(game) == {"laid": "0", "to": "a1"}
    game.play("T GRW W")
    game.play("Wb3")
    assert lit(game) == {"to": "b3"}
    assert with_class(parse(plank.svg(game, last_move=False)), "last") == []


def random_hand(seed: int, moves: int) -> plank.Game:
    """A seeded 2-player hand after ``moves`` moves of two random bots."""
    game = plank.new_game(players=2, seed=seed)
    bots = [plank.RandomBot(seed=seed), plank.RandomBot(seed=seed + 1)]
    for _ in range(moves):
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game.view(seat)))
    return game


def test_last_move_of_a_token_moved_on() -> None:
    game = random_hand(2, 15)  # the movement phase: a token moved from c3 to c9
    move = game.history[-1]
    assert isinstance(move, plank.Shift)
    root = parse(plank.svg(game))
    roles = {e.get("data-role"): e.get("data-square") for e in with_class(root, "last")}
    assert roles == {"from": str(move.source), "to": str(move.target)}
    tokens = {t.get("data-square"): t.get("data-seat") for t in with_class(root, "token")}
    assert str(move.source) not in tokens and str(move.target) in tokens


def test_last_move_of_a_token_moved_onto_a_new_strip() -> None:
    game = random_hand(2, 13)  # "B RWG a2": a strip at the bottom, a2's token onto it
    move = game.history[-1]
    assert isinstance(move, plank.LayShift) and move.end == "B"
    table = game.view(0).table
    bottom = len(table) - 1
    source_colour = table[move.source.row][0][move.source.col]
    target = square_name(bottom, table[bottom][0].index(source_colour))
    root = parse(plank.svg(game))
    roles = {
        e.get("data-role"): e.get("data-square") or e.get("data-row")
        for e in with_class(root, "last")
    }
    assert roles == {"laid": str(bottom), "from": str(move.source), "to": target}
    tokens = {t.get("data-square") for t in with_class(root, "token")}
    assert target in tokens and str(move.source) not in tokens


def test_repr_svg_is_the_picture() -> None:
    game = played(2, 7, 9)
    assert game._repr_svg_() == plank.svg(game)
    assert game.table._repr_svg_() == plank.svg(game.table)
    view = game.view(1)
    assert view._repr_svg_() == plank.svg(view)


def test_registered_hooks_and_bad_subjects() -> None:
    spec = engine.game_spec("plank")
    assert spec.svg is plank.svg and spec.console is plank.console
    with pytest.raises(TypeError, match=r"plank\.Game, View or Table"):
        plank.svg(["RWG"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="size"):
        plank.svg(plank.new_game(seed=1), size=1)


def test_png() -> None:
    pytest.importorskip("resvg_py")
    assert plank.png(played(2, 7, 9), size=16).startswith(b"\x89PNG\r\n\x1a\n")


def _plain(markup: str) -> str:
    return re.sub(r"\[[^]]*]", "", markup)


def test_console_one_line_per_strip_with_tokens_and_hands(game: plank.Game) -> None:
    text = _plain(plank.console(game))
    lines = text.splitlines()
    table = game.view(0).table
    for row, (strip, seats) in enumerate(table):
        cells = lines[1 + row].split()
        assert cells[0] == str(row + 1)
        expected = [
            colour.lower() + ("" if seat is None else game.letter(seat))
            for colour, seat in zip(strip, seats, strict=True)
        ]
        assert cells[1:] == expected
    for seat in range(game.players):
        hand = next(line for line in lines if line.startswith(f"{game.letter(seat)} seat {seat}"))
        assert " ".join(game.strips(seat)) in hand or not game.strips(seat)


def test_console_markup_is_balanced_and_marks_the_view() -> None:
    game = won(2)
    text = plank.console(game.view(1))
    assert len(re.findall(r"\[(?!/)[^]]*]", text)) == text.count("[/]")
    assert "(you)" in _plain(text) and text.count("reverse") == 3
    assert _plain(plank.console(game.table)).count("\n") == game.table.rows
