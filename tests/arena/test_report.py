"""The tournament report page: one self-contained HTML file, checked as text
and in headless chromium as the replay page is (tests/show/test_replay.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from huegames.arena.engines import Engine
from huegames.arena.report import report_html
from huegames.arena.tournament import Tournament, play
from huegames.cli import main
from show.test_replay import browser, load, only_local_urls  # noqa: F401 - browser: a fixture

pytestmark = pytest.mark.backend_independent  # the same on either backend


def test_the_report_of_an_sprt_has_its_tables_and_both_plots(capsys, tmp_path):
    page = tmp_path / "sprt.html"
    status = main(
        ["tournament", "linja", "--bots", "greedy,random", "--sprt", "elo0=0,elo1=5", "--seed",
         "1", "--out", str(tmp_path / "sprt.jsonl"), "--report", str(page), "--no-progress"]
    )  # fmt: skip
    assert status == 0, capsys.readouterr().err
    text = page.read_text(encoding="utf-8")
    only_local_urls(text)
    assert "H1 accepted" in text and "[0, 0, 0, 0, 147]" in text
    svgs = [ET.fromstring(svg + "</svg>") for svg in _svgs(text)]
    assert len(svgs) == 2  # the ratings, the LLR
    namespace = "{http://www.w3.org/2000/svg}"
    assert len(svgs[0].findall(f"{namespace}polyline")) == 2  # a line a bot
    assert len(svgs[1].findall(f"{namespace}line[@class='bound']")) == 2


def _svgs(text: str) -> list[str]:
    """Each inline SVG element of the page, without its closing tag."""
    return ["<svg" + part.split("</svg>")[0] for part in text.split("<svg")[1:]]


def test_names_and_reasons_from_outside_are_escaped(tmp_path):
    reason = "<script>alert(1)</script>"
    missing = Engine("x", "no-such-engine-anywhere", "linja")
    tournament = Tournament.build("linja", ["x", "random"], games=2, engines={"x": missing})
    standings = play(tournament, tmp_path / "x.jsonl")
    standings.reasons.append(reason)
    text = report_html(standings)
    assert "<script" not in text and "&lt;script&gt;" in text


def test_the_report_shows_in_a_browser_with_nothing_fetched(browser, capsys, tmp_path):  # noqa: F811
    page = tmp_path / "hue.html"
    status = main(
        ["tournament", "hue", "--players", "3", "--bots", "random,greedy,mcts:playouts=5",
         "--games", "6", "--out", str(tmp_path / "hue.jsonl"), "--report", str(page),
         "--no-progress"]
    )  # fmt: skip
    assert status == 0, capsys.readouterr().err
    load(browser, page)  # and no console errors: the CSP lets its style sheet in
    rows = browser.execute_script("return document.querySelectorAll('table tr').length")
    assert rows == 4  # the header and three bots
    width = browser.execute_script(
        "return document.querySelector('figure svg').getBoundingClientRect().width"
    )
    assert width > 300
    border = browser.execute_script(
        "return getComputedStyle(document.querySelector('th')).borderTopStyle"
    )
    assert border == "solid"  # the style sheet applies
