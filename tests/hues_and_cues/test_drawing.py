"""Hues and Cues' pictures: golden structural tests of the SVG (squares,
pieces, cones, the frame only where it may be shown), the style options,
notebook display, PNG and the rich-markup console picture."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import engine, pictures
from huegames import hues_and_cues as hc
from huegames.hues_and_cues import drawing
from huegames.text import shown
from profiles import examples
from terminal import assert_inert, assert_well_formed, rendered

pytestmark = pytest.mark.backend_independent  # the same on either backend

NS = {"svg": "http://www.w3.org/2000/svg"}
PLAYERS = 4
SEED = 1  # round 1: no first guess and no cone on the target
SKIPPING_SEED = 5  # round 1: the cue giver skips the second cue


def played(moves: int, players: int = PLAYERS, seed: int = SEED) -> hc.Game:
    """A seeded game after ``moves`` moves of seeded xkcd bots."""
    game = hc.new_game(players=players, seed=seed)
    bots = [hc.SPEC.bot("xkcd", seed=seat) for seat in range(players)]
    for _ in range(moves):
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game.view(seat)))
    return game


def mid_second_guesses() -> hc.Game:
    """Round 1 of a 4-player game with the three first guesses and one cone
    placed: the bots would skip the second cue, so the cue is given here."""
    game = played(5)  # target, cue, three first guesses
    assert game.phase is hc.Phase.SECOND_CUE
    game.play("cue soft lilac")
    seat = game.current_player
    assert seat is not None
    game.play(hc.SPEC.bot("xkcd", seed=seat).choose(game.view(seat)))
    assert game.phase is hc.Phase.SECOND_GUESSES and len(game.round.guesses) == PLAYERS
    return game


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def squares(root: ET.Element) -> dict[str, ET.Element]:
    return {rect.get("data-square"): rect for rect in by_class(root, "square")}


def pieces(root: ET.Element) -> set[tuple[int, str, str]]:
    return {
        (int(g.get("data-seat")), g.get("data-square"), g.get("data-guess"))
        for g in by_class(root, "piece")
    }


def expected_pieces(round_: hc.Round, players: int) -> set[tuple[int, str, str]]:
    """From the game state: the first ``players - 1`` guesses are first guesses."""
    return {
        (seat, str(square), "first" if index < players - 1 else "second")
        for index, (seat, square) in enumerate(round_.guesses)
    }


# -- the golden position --------------------------------------------------------------


def test_golden_game_draws_480_squares_in_the_board_colours():
    game = mid_second_guesses()
    root = parse(hc.svg(game))
    assert root.get("class") == "huegames-hues-and-cues"
    found = squares(root)
    assert len(found) == 480 and len(by_class(root, "square")) == 480
    for square in hc.SQUARES:
        assert found[str(square)].get("fill") == game.board.rows[square.row][square.column]
    assert found["A1"].get("fill") == game.board["A1"] == "#ff002b"
    assert found["I15"].get("fill") == game.board["I15"]
    rect = found["C20"]  # 32-pixel squares after a 32-pixel margin
    assert (rect.get("x"), rect.get("y"), rect.get("width")) == ("640", "96", "32")


def test_golden_game_places_pieces_and_cones_of_the_right_seats():
    game = mid_second_guesses()
    root = parse(hc.svg(game))
    round_ = game.round
    assert pieces(root) == expected_pieces(round_, PLAYERS)
    kinds = [g.get("data-guess") for g in by_class(root, "piece")]
    assert kinds.count("first") == PLAYERS - 1 and kinds.count("second") == 1
    palette = pictures.STANDARD
    for g in by_class(root, "piece"):
        assert g.get("fill") == palette.seat(int(g.get("data-seat")))
        assert g.find("svg:text", NS).text == g.get("data-seat")  # the number reads in greyscale


def test_a_game_in_play_hides_the_target_and_a_guesser_view_leaks_nothing():
    game = mid_second_guesses()
    target = str(game.round.target)
    for subject in (game, game.view(1), game.view(2)):
        svg = hc.svg(subject)
        root = parse(svg)
        assert not by_class(root, "frame") and not by_class(root, "target")
        assert "target" not in svg and "data-target" not in svg
        assert not by_class(root, "card")
        texts = " ".join(e.text or "" for e in root.iter())
        assert target not in texts
    # the same table with another target from the card looks the same to a guesser
    other = hc.new_game(players=PLAYERS, seed=SEED)
    card = [str(square) for square in other.round.card.squares]
    assert target in card
    other.play(f"target {next(s for s in card if s != target)}")
    for move in game.history[1:]:
        other.play(move)
    for seat in (1, 2, 3):
        assert hc.svg(other.view(seat)) == hc.svg(game.view(seat))
        assert hc.console(other.view(seat)) == hc.console(game.view(seat))
    assert hc.svg(other.view(0)) != hc.svg(game.view(0))


def test_the_cue_giver_sees_the_secret_frame():
    game = mid_second_guesses()
    giver = game.round.giver
    root = parse(hc.svg(game.view(giver)))
    (frame,) = by_class(root, "frame")
    assert frame.get("data-target") == str(game.round.target)
    assert frame.get("data-state") == "secret"
    assert pieces(root) == expected_pieces(game.round, PLAYERS)


def test_after_the_reveal_the_scored_round_stays_on_the_table_with_its_frame():
    game = played(6, seed=SKIPPING_SEED)  # the first round is scored: the second cue skipped
    assert game.phase is hc.Phase.TARGET and len(game.rounds) == 1
    scored = game.rounds[0]
    root = parse(hc.svg(game))
    (frame,) = by_class(root, "frame")
    assert frame.get("data-target") == str(scored.target)
    assert frame.get("data-state") == "revealed"
    assert pieces(root) == expected_pieces(scored, PLAYERS)
    # the frame covers the 3 x 3 squares around the target
    rect = frame.find("svg:rect", NS)
    top_left = squares(root)[str(min(scored.target.within(1)))]
    assert (rect.get("x"), rect.get("y")) == (top_left.get("x"), top_left.get("y"))
    assert rect.get("width") == rect.get("height") == str(3 * 32)
    # every seat may see a scored round
    for seat in range(PLAYERS):
        assert by_class(parse(hc.svg(game.view(seat))), "frame")
    scores = {int(g.get("data-seat")): int(g.get("data-score")) for g in by_class(root, "score")}
    assert scores == dict(enumerate(game.scores()))
    caption = " ".join(e.text or "" for e in by_class(root, "caption")[0])
    assert f"target {scored.target}" in caption and scored.cues[0] in caption


def test_the_next_cue_giver_sees_its_card_and_nobody_else_does():
    game = played(6, seed=SKIPPING_SEED)
    giver = game.round.giver
    card = {str(square) for square in game.round.card.squares}
    root = parse(hc.svg(game.view(giver)))
    assert {rect.get("data-square") for rect in by_class(root, "card")} == card
    for subject in (game, *(game.view(seat) for seat in range(PLAYERS) if seat != giver)):
        assert not by_class(parse(hc.svg(subject)), "card")


def test_frame_is_cut_at_the_board_edge():
    root = parse(hc.svg(hc.Board.default(), target="A1", size=10))
    rect = by_class(root, "frame")[0].find("svg:rect", NS)
    a1 = squares(root)["A1"]
    assert (rect.get("x"), rect.get("y"), rect.get("width")) == (a1.get("x"), a1.get("y"), "20")


def test_a_finished_game_shows_the_last_round_and_the_winner():
    for seed in range(1, 20):  # the first seeded game with one winner
        game = hc.new_game(players=3, seed=seed)
        engine.play_game(game, [hc.SPEC.bot("xkcd", seed=seat) for seat in range(3)])
        if game.winner is not None:
            break
    assert game.is_over and game.winner is not None
    root = parse(hc.svg(game))
    assert by_class(root, "frame")[0].get("data-target") == str(game.rounds[-1].target)
    caption = " ".join(e.text or "" for e in by_class(root, "caption")[0])
    assert f"Game over: seat {game.winner} wins" in caption


# -- style options --------------------------------------------------------------------


def test_coordinates_on_and_off():
    game = mid_second_guesses()
    with_labels = parse(hc.svg(game, size=20))
    labels = [e.text for e in by_class(with_labels, "coordinate")]
    assert len(labels) == 2 * 30 + 2 * 16
    assert set(labels) == {str(n) for n in range(1, 31)} | set("ABCDEFGHIJKLMNOP")
    bare = parse(hc.svg(game, size=20, coordinates=False))
    assert not by_class(bare, "coordinate")
    assert float(bare.get("width")) < float(with_labels.get("width"))
    assert len(squares(bare)) == 480


def test_flip_turns_the_board_round():
    game = mid_second_guesses()
    size = 20
    plain, turned = parse(hc.svg(game, size=size)), parse(hc.svg(game, size=size, flip=True))
    width = float(plain.get("width"))
    board_height = 2 * size + 16 * size
    plain_squares, turned_squares = squares(plain), squares(turned)
    for square in hc.SQUARES:
        a, b = plain_squares[str(square)], turned_squares[str(square)]
        assert float(b.get("x")) == width - float(a.get("x")) - size
        assert float(b.get("y")) == board_height - float(a.get("y")) - size
        assert a.get("fill") == b.get("fill")
    assert turned_squares["P30"].get("x") == plain_squares["A1"].get("x")
    for a, b in zip(by_class(plain, "piece"), by_class(turned, "piece"), strict=True):
        assert a.get("data-square") == b.get("data-square")
        ca, cb = a.find("svg:circle", NS), b.find("svg:circle", NS)
        assert float(cb.get("cx")) == width - float(ca.get("cx"))
        assert float(cb.get("cy")) == board_height - float(ca.get("cy"))
    top = [e.text for e in by_class(turned, "coordinate")][:2]
    assert top == ["1", "1"]  # column 1 is labelled on the right now
    first_x = float(by_class(turned, "coordinate")[0].get("x"))
    assert first_x > width / 2


def test_colour_blind_palette_gives_each_seat_its_shape():
    game = played(15, players=10)  # round 1 of 10 players: nine first guesses, a cone
    standard = parse(hc.svg(game))
    marked = parse(hc.svg(game, palette="colour-blind"))
    assert {g.get("data-mark") for g in by_class(standard, "piece")} == {"circle"}
    seats = set()
    for g in by_class(marked, "piece"):
        seat = int(g.get("data-seat"))
        seats.add(seat)
        assert g.get("data-mark") == pictures.COLOUR_BLIND.seat_mark(seat)
        assert g.get("fill") == pictures.COLOUR_BLIND.seat(seat)
    assert len(seats) == 9
    shapes = {g.get("data-mark") for g in by_class(marked, "piece")}
    assert len(shapes) == 9  # nine seats, nine shapes
    assert marked.findall(".//svg:polygon", NS) and not standard.findall(".//svg:polygon", NS)
    assert pieces(marked) == pieces(standard)


def test_size_sets_the_square_size_and_bad_style_is_refused():
    root = parse(hc.svg(hc.Board.default(), size=10))
    assert squares(root)["B3"].get("width") == "10"
    assert root.get("width") == str(2 * 10 + 30 * 10)
    with pytest.raises(ValueError, match="size"):
        hc.svg(hc.Board.default(), size=2)
    with pytest.raises(ValueError, match="palette"):
        hc.svg(hc.Board.default(), palette="sepia")


def test_target_and_pieces_are_for_a_bare_board_only():
    board = hc.Board.default()
    root = parse(hc.svg(board, target="H15", pieces={"H15": 2, "G14": 0}))
    assert pieces(root) == {(2, "H15", "first"), (0, "G14", "first")}
    assert by_class(root, "frame")[0].get("data-target") == "H15"
    assert not by_class(root, "caption") and not by_class(root, "score")
    game = hc.new_game(players=3, seed=1)
    with pytest.raises(ValueError, match="bare Board"):
        hc.svg(game.view(1), target="A1")
    with pytest.raises(ValueError, match="bare Board"):
        hc.svg(game, pieces={"A1": 0})
    with pytest.raises(TypeError, match="draws a Game, a View or a Board"):
        hc.svg("A1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat"):
        hc.svg(board, pieces={"A1": "red"})  # type: ignore[dict-item]


# -- notebooks, the registry, PNG -------------------------------------------------------


def test_repr_svg_is_the_picture():
    game = mid_second_guesses()
    assert game._repr_svg_() == hc.svg(game)
    assert game.view(2)._repr_svg_() == hc.svg(game.view(2))
    assert game.board._repr_svg_() == hc.svg(game.board)


def test_the_spec_carries_the_hooks():
    assert hc.SPEC.svg is hc.svg and hc.SPEC.console is hc.console
    assert drawing.svg is hc.svg and drawing.png is hc.png


def test_png_shows_the_board_colours():
    pytest.importorskip("resvg_py")
    game = mid_second_guesses()
    data = hc.png(game, size=10)
    assert data.startswith(b"\x89PNG")
    image_module = pytest.importorskip("PIL.Image")
    import io

    image = image_module.open(io.BytesIO(data)).convert("RGB")
    occupied = {square for _, square in game.round.guesses}
    for text in ("A1", "P30", "H4", "C20"):
        square = hc.Square.parse(text)
        if square in occupied:
            continue
        x, y = 10 + square.column * 10 + 5, 10 + square.row * 10 + 5
        colour = "#{:02x}{:02x}{:02x}".format(*image.getpixel((x, y)))
        assert colour == game.board[square]
    assert hc.png(game, size=10, scale=2.0)[16:24] != data[16:24]  # twice the size


def test_board_svg_and_board_png_are_kept():
    board = hc.Board.default()
    assert hc.board_svg(board, target="A1", cell=12) == hc.svg(board, target="A1", size=12)


# -- console ----------------------------------------------------------------------------


def test_console_shows_the_board_pieces_cues_and_scores():
    game = mid_second_guesses()
    text = hc.console(game)
    lines = text.splitlines()
    rows = lines[2:18]
    cells = [re.findall(r"\[([^\]]*)\](..)\[/\]", row) for row in rows]
    assert [len(row) for row in cells] == [30] * 16
    guesses = {square: (index, seat) for index, (seat, square) in enumerate(game.round.guesses)}
    for square in hc.SQUARES:
        style, shown = cells[square.row][square.column]
        if square in guesses:
            index, seat = guesses[square]
            assert style.endswith(f"on {pictures.STANDARD.seat(seat)}")
            assert shown == (f" {seat}" if index < PLAYERS - 1 else f"{seat}'")
        else:
            assert (style, shown) == (f"on {game.board[square]}", "  ")
    assert rows[0].startswith(" A ") and rows[-1].endswith(" P")
    assert f"cues: {game.round.cues[0]}, soft lilac" in text
    assert "Scores:" in text and "<>" not in text and "target" not in text


def test_console_of_the_giver_marks_the_target_and_parses_as_rich_markup():
    game = mid_second_guesses()
    text = hc.console(game.view(game.round.giver))
    assert f"target {game.round.target} (only you know it)" in text
    text_module = pytest.importorskip("rich.text")
    plain = text_module.Text.from_markup(text).plain.splitlines()
    assert plain[1].split() == [str(n % 10) for n in range(1, 31)]
    for line in plain[2:18]:
        assert len(line) == 3 + 2 * 30 + 2
    target = game.round.target
    row = plain[2 + target.row]
    cell = row[3 + 2 * target.column : 5 + 2 * target.column]
    on_target = [seat for seat, square in game.round.guesses if square == target]
    assert cell == "<>" or on_target


def test_console_of_a_bare_board_has_no_caption():
    lines = hc.console(hc.Board.default()).splitlines()
    assert len(lines) == 18


# -- outside text ---------------------------------------------------------------------------

WORDS = st.text(st.characters(categories=("L", "M", "N")), min_size=1, max_size=10)


@settings(max_examples=examples(60), deadline=None)
@given(cue=WORDS | st.text(max_size=12) | st.builds("{} {}".format, WORDS, WORDS))
def test_any_cue_the_game_takes_stays_text_in_every_picture(cue: str) -> None:
    """A cue is outside text: whatever the cue rules let through, the SVG
    stays well-formed and the console inert, and the cue reads as given."""
    game = hc.new_game(3, seed=SEED)
    game.play(game.legal_moves()[0])  # the cue giver picks the target
    try:
        game.play(f"cue {cue}")
    except ValueError:
        return  # the cue rules refused it
    for subject in (game, game.view(1)):
        root = assert_well_formed(drawing.svg(subject), png=subject is game)
        words = " ".join(element.text or "" for element in root.iter())
        assert shown(cue) in words or shown(cue.casefold()) in words.casefold()
        assert_inert(rendered(drawing.console(subject)))
