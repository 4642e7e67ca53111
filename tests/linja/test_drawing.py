"""Linja's pictures: golden structural tests of seeded games'
SVGs, the console text and the notebook display.

Expected values come from the game state and the rules text (docs/rules/
linja.md §3), never from the picture itself.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from huegames import engine, linja, pictures

SVG = "{http://www.w3.org/2000/svg}"
RULE_POINTS = {7: 5, 6: 3, 5: 2, 4: 1}
"""Rules §3: points per red piece by position (black's mirror: 7 - p)."""


def played(seed: int, moves: int) -> linja.Game:
    """A seeded game after ``moves`` single moves of two seeded bots."""
    game = linja.new_game(seed=seed)
    bots: list[engine.Bot] = [linja.GreedyBot(seed=seed), linja.RandomBot(seed=seed + 1)]
    for _ in range(moves):
        if game.is_over:
            break
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game.view(seat)))
    return game


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def texts(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{SVG}text")]


@pytest.fixture(params=[(3, 0), (3, 17), (5, 40), (8, 200)], ids=lambda p: f"seed{p[0]}-{p[1]}")
def game(request: pytest.FixtureRequest) -> linja.Game:
    seed, moves = request.param
    return played(seed, moves)


def test_root_and_one_square_per_position(game: linja.Game) -> None:
    root = parse(linja.svg(game))
    assert root.tag == f"{SVG}svg" and root.get("class") == "huegames-linja"
    squares = with_class(root, "square")
    assert sorted(int(s.get("data-position", "-1")) for s in squares) == list(range(8))
    assert all(s.tag == f"{SVG}rect" for s in squares)


def test_piece_circles_per_position_and_side_match_the_board(game: linja.Game) -> None:
    root = parse(linja.svg(game))
    pieces = with_class(root, "piece")
    assert all(p.tag == f"{SVG}circle" for p in pieces)
    drawn = Counter((int(p.get("data-seat", "")), int(p.get("data-position", ""))) for p in pieces)
    for position in range(8):
        assert drawn[linja.RED, position] == game.board.red[position]
        assert drawn[linja.BLACK, position] == game.board.black[position]
    assert sum(drawn.values()) == 24
    palette = pictures.STANDARD
    for piece in pieces:
        seat = int(piece.get("data-seat", ""))
        assert piece.get("fill") == palette.colour(("red", "black")[seat])


def test_pieces_stand_inside_their_position(game: linja.Game) -> None:
    root = parse(linja.svg(game, size=20))
    boxes = {
        int(s.get("data-position", "")): (
            float(s.get("y", "")),
            float(s.get("y", "")) + float(s.get("height", "")),
        )
        for s in with_class(root, "square")
    }
    for piece in with_class(root, "piece"):
        top, bottom = boxes[int(piece.get("data-position", ""))]
        assert top < float(piece.get("cy", "")) < bottom


def test_large_groups_also_show_their_number() -> None:
    root = parse(linja.svg(linja.Board.start()))
    counts = {
        (int(e.get("data-seat", "")), int(e.get("data-position", ""))): e.text
        for e in with_class(root, "count")
    }
    assert counts == {(linja.RED, 0): "6", (linja.BLACK, 7): "6"}


def test_goal_rows_are_marked() -> None:
    root = parse(linja.svg(linja.new_game(seed=1)))
    goals = {
        int(s.get("data-position", "")): s.get("data-goal")
        for s in with_class(root, "square")
        if s.get("data-goal")
    }
    assert goals == {7: "red", 0: "black"}  # red races to 7, black to 0 (§1)
    labels = {e.text for e in with_class(root, "goal")}
    assert labels == {"red's goal", "black's goal"}


def test_points_per_position_along_the_edges() -> None:
    root = parse(linja.svg(linja.Board.start()))
    found = {
        (int(e.get("data-seat", "")), int(e.get("data-position", ""))): int(
            e.get("data-points", "")
        )
        for e in with_class(root, "points")
    }
    expected = {(linja.RED, p): v for p, v in RULE_POINTS.items()}
    expected |= {(linja.BLACK, 7 - p): v for p, v in RULE_POINTS.items()}
    assert found == expected
    # the number is written on each badge
    for value in RULE_POINTS.values():
        assert texts(root).count(str(value)) >= 2


def test_coordinates_on_and_off() -> None:
    board = linja.Board.start()
    on = with_class(parse(linja.svg(board)), "coordinate")
    assert sorted(e.text or "" for e in on) == [str(p) for p in range(8)]
    assert with_class(parse(linja.svg(board, coordinates=False)), "coordinate") == []


def _centre_y(root: ET.Element) -> dict[int, float]:
    return {
        int(s.get("data-position", "")): float(s.get("y", "")) + float(s.get("height", "")) / 2
        for s in with_class(root, "square")
    }


def test_flip_turns_the_board_round(game: linja.Game) -> None:
    plain, flipped = parse(linja.svg(game)), parse(linja.svg(game, flip=True))
    ys, flipped_ys = _centre_y(plain), _centre_y(flipped)
    assert sorted(ys, key=ys.__getitem__) == list(range(7, -1, -1))  # red's start at the bottom
    assert sorted(flipped_ys, key=flipped_ys.__getitem__) == list(range(8))
    width = float(plain.get("width", ""))
    middle = width / 2

    def sides(root: ET.Element) -> set[tuple[int, bool]]:
        return {
            (int(p.get("data-seat", "")), float(p.get("cx", "")) < middle)
            for p in with_class(root, "piece")
        }

    assert sides(plain) <= {(linja.RED, True), (linja.BLACK, False)}
    assert sides(flipped) <= {(linja.RED, False), (linja.BLACK, True)}
    # same pieces either way
    assert len(with_class(plain, "piece")) == len(with_class(flipped, "piece")) == 24


def test_colour_blind_palette_letters_every_piece(game: linja.Game) -> None:
    standard = parse(linja.svg(game))
    marked = parse(linja.svg(game, palette="colour-blind"))
    assert "R" not in texts(standard) and "B" not in texts(standard)
    red, black = sum(game.board.red), sum(game.board.black)
    assert Counter(texts(marked))["R"] == red == 12
    assert Counter(texts(marked))["B"] == black == 12
    fills = {p.get("fill") for p in with_class(marked, "piece")}
    assert fills == {pictures.COLOUR_BLIND.colour("red"), pictures.COLOUR_BLIND.colour("black")}


def test_last_move_is_highlighted() -> None:
    game = linja.new_game(seed=1)
    game.play("0-1")
    lit = {
        int(e.get("data-position", "")): e.get("data-role")
        for e in with_class(parse(linja.svg(game)), "highlight")
    }
    assert lit == {0: "from", 1: "to"}
    assert with_class(parse(linja.svg(game, last_move=False)), "highlight") == []
    assert with_class(parse(linja.svg(linja.new_game(seed=1))), "highlight") == []


def test_status_says_whose_turn_the_points_and_the_last_move() -> None:
    game = linja.new_game(seed=1)
    game.play("0-1")
    lines = [e.text for e in with_class(parse(linja.svg(game)), "status")]
    red, black = game.scores()
    assert lines == [
        "red to play a following move of 2",
        f"points: red {red} · black {black}",
        "last move by red: 0-1",
    ]
    assert with_class(parse(linja.svg(game.board)), "status") == []


def test_finished_game_says_who_won() -> None:
    game = played(8, 400)
    assert game.is_over
    outcome = game.outcome()
    assert outcome is not None
    first = with_class(parse(linja.svg(game)), "status")[0].text or ""
    assert first.startswith(f"game over ({outcome.termination.value})")
    if outcome.winners:
        assert f"{('red', 'black')[outcome.winners[0]]} wins" in first


def test_view_draws_the_same_board_and_names_the_seat() -> None:
    game = played(5, 30)
    view = game.view(linja.BLACK)
    root = parse(linja.svg(view))
    assert len(with_class(root, "piece")) == 24
    assert (with_class(root, "status")[0].text or "").endswith("you are black")


def test_repr_svg_is_the_picture() -> None:
    game = played(3, 9)
    assert game._repr_svg_() == linja.svg(game)
    assert game.board._repr_svg_() == linja.svg(game.board)
    view = game.view(0)
    assert view._repr_svg_() == linja.svg(view)


def test_registered_hooks_and_bad_subjects() -> None:
    spec = engine.game_spec("linja")
    assert spec.svg is linja.svg and spec.console is linja.console
    with pytest.raises(TypeError, match=r"linja\.Game, View or Board"):
        linja.svg("r6 r1b1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown palette"):
        linja.svg(linja.Board.start(), palette="sepia")


def test_png() -> None:
    pytest.importorskip("resvg_py")
    data = linja.png(linja.new_game(seed=2), size=16)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")


def _plain(markup: str) -> str:
    return re.sub(r"\[[^]]*]", "", markup)


def test_console_one_line_per_position_with_counts(game: linja.Game) -> None:
    lines = _plain(linja.console(game)).splitlines()
    rows = lines[1:9]
    assert [int(line.split()[0]) for line in rows] == list(range(7, -1, -1))
    for line in rows:
        position = int(line.split()[0])
        for seat in (linja.RED, linja.BLACK):
            count = game.board.pieces(seat)[position]
            if count:
                assert f" {count} " in f"{line} "
        assert line.count("●") == min(game.board.red[position], 6) + min(
            game.board.black[position], 6
        )
    assert "points: red" in lines[-2] or "points: red" in lines[-1]


def test_console_markup_is_balanced_and_colours_the_sides() -> None:
    text = linja.console(linja.new_game(seed=4))
    opened = len(re.findall(r"\[(?!/)[^]]*]", text))
    assert opened == text.count("[/]")
    assert "on #d7262e" in text and "on #262626" in text


def test_console_view_of_black_turns_the_board_round() -> None:
    game = played(3, 12)
    lines = _plain(linja.console(game.view(linja.BLACK))).splitlines()
    assert [int(line.split()[0]) for line in lines[1:9]] == list(range(8))
    assert "you are black" in _plain(linja.console(game.view(linja.BLACK)))
    board_only = _plain(linja.console(game.board)).splitlines()
    assert len(board_only) == 9  # no status for a bare board


def test_a_pass_is_named_but_lights_nothing() -> None:
    game = linja.new_game(seed=74)
    bots = [linja.RandomBot(seed=74), linja.RandomBot(seed=75)]
    for _ in range(75):
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game.view(seat)))
    assert game.history[-1].is_pass and game.current_player is not None
    root = parse(linja.svg(game))
    passer = ("red", "black")[1 - game.current_player]  # a pass ends the turn
    assert with_class(root, "status")[-1].text == f"last move by {passer}: pass"
    assert with_class(root, "highlight") == []
