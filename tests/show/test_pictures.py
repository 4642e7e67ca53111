"""What every game's pictures share: the PNG's own font and its limits.

The PNG tests draw each game's picture twice, with and without its
``<text>`` elements: the package's font must make the two differ, and
only where the text's glyphs lie.
"""

from __future__ import annotations

import io
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import engine, pictures
from huegames.text import shown
from profiles import examples
from terminal import assert_well_formed

pytest.importorskip("resvg_py")
Image = pytest.importorskip("PIL.Image")

NS = "http://www.w3.org/2000/svg"
ET.register_namespace("", NS)
SHAPES = {f"{{{NS}}}{tag}" for tag in ("rect", "circle", "line", "polygon", "polyline", "path")}


def played(name: str, moves: int = 6) -> engine.State:  # type: ignore[type-arg]
    """A seeded game of ``name`` a few moves in."""
    spec = engine.game_spec(name)
    game = spec.new_game(spec.min_players, seed=3)
    for _ in range(moves):
        if game.current_player is None:
            break
        game.play(game.legal_moves()[0])
    return game


def without(svg: str, keep_text: bool) -> str:
    """``svg`` without its text (``keep_text=False``) or with nothing else."""
    root = ET.fromstring(svg)
    for parent in list(root.iter()):
        for child in list(parent):
            text = child.tag == f"{{{NS}}}text"
            if (text and not keep_text) or (keep_text and child.tag in SHAPES):
                parent.remove(child)
    return ET.tostring(root, encoding="unicode")


def pixels(svg: str) -> list[bytes]:
    """The RGBA pixels of ``svg``'s PNG, row by row."""
    data = Image.open(io.BytesIO(pictures.png(svg))).convert("RGBA").tobytes()
    return [data[index : index + 4] for index in range(0, len(data), 4)]


GAMES = ("hue", "linja", "plank", "hues-and-cues")
PICTURES = [*((name, {}) for name in GAMES), ("hue", {"palette": "colour-blind"})]


@pytest.mark.parametrize(("name", "options"), PICTURES)
def test_png_draws_the_text_in_the_package_font(name: str, options: dict[str, str]) -> None:
    spec = engine.game_spec(name)
    assert spec.svg is not None
    svg = spec.svg(played(name), **options)
    assert f'font-family="{pictures.FONT_FAMILY}, sans-serif"' in svg
    whole, bare, glyphs = pixels(svg), pixels(without(svg, False)), pixels(without(svg, True))
    changed = {index for index, (a, b) in enumerate(zip(whole, bare, strict=True)) if a != b}
    inked = {index for index, pixel in enumerate(glyphs) if pixel[3]}
    assert len(changed) > 100, "the text is drawn"
    assert changed <= inked, "only where the text's glyphs lie"
    assert pictures.png(svg) == pictures.png(svg), "the same bytes every time"


# -- outside text ----------------------------------------------------------------------------


@settings(max_examples=examples(120), deadline=None)
@given(text=st.text())
def test_any_text_leaves_the_svg_well_formed(text: str) -> None:
    """Text, tooltips and attribute values of any Unicode (controls, lone
    surrogates, U+FFFE, markup) read back as :func:`huegames.text.shown`."""
    doc = pictures.Svg(40, 20, data_name=text)
    doc.open(class_=text)
    doc.title(text)
    doc.text(20, 10, text, data_card=text)
    doc.close()
    root = assert_well_formed(doc.render())
    group = root[0]
    assert root.get("data-name") == group.get("class") == shown(text)
    assert [element.text or "" for element in group] == [shown(text)] * 2
    assert group[1].get("data-card") == shown(text)


@settings(max_examples=examples(120), deadline=None)
@given(text=st.text(st.sampled_from("[]/\\ab#@=X\x1b\n")) | st.text())
def test_console_text_shows_as_it_is_in_rich_markup(text: str) -> None:
    from rich.text import Text

    assert Text.from_markup(pictures.console_text(text), emoji=False).plain == shown(text)


# -- limits ----------------------------------------------------------------------------------

HUGE = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))
from huegames import hue, pictures
game = hue.new_game(2, seed=1)
wide = '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>'
for draw in (
    lambda: hue.png(game, scale=10**400),
    lambda: hue.png(game, scale=1e6),
    lambda: hue.png(game, scale=float("nan")),
    lambda: pictures.png(wide),
    lambda: pictures.png('<svg xmlns="http://www.w3.org/2000/svg"/>', scale=400),
):
    try:
        draw()
    except ValueError as error:
        print("ValueError", str(error)[:60])
    else:
        print("drawn")
"""


def test_a_huge_scale_or_picture_is_a_value_error_before_drawing() -> None:
    result = subprocess.run(
        [sys.executable, "-c", HUGE], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-2000:]
    lines = result.stdout.splitlines()
    assert len(lines) == 5 and all(line.startswith("ValueError") for line in lines), lines
    assert "at most" in lines[0]


def test_scale_must_be_a_number() -> None:
    with pytest.raises(TypeError, match="scale must be a number"):
        pictures.png("<svg/>", scale="2")  # type: ignore[arg-type]
    assert pictures.png(pictures.Svg(10, 10).render(), scale=pictures.MAX_SCALE)
