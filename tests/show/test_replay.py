"""The replay viewer in a real headless browser, its errors, ``huegames show``,
and README's pictures.

The browser tests drive Debian's chromium through its chromedriver with
Selenium, one browser session for every game (a module fixture); Selenium
Manager is never asked for anything, since the driver's path is given.
They are skipped only where chromium is missing outside CI: in CI
(``CI`` set) they must run.  For each game a seeded bot game is written
as a record, made into a page, and loaded from a ``file://`` URL: the page
logs no console error, stepping with the arrow key and the buttons changes
the picture, the move list and the slider jump, and at the last move the
screenshot's pixels at a few squares (``rect.square``) are the fills the
final state's own SVG gives those squares.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import importlib.util
import io
import json
import os
import re
import xml.etree.ElementTree as ET
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import engine
from huegames.cli import main
from huegames.run.runner import simulate
from huegames.show.replay import Replay, read_record, replay_html
from profiles import examples
from terminal import assert_inert

pytestmark = pytest.mark.backend_independent  # the same on either backend

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WINDOW = (1400, 1000)
TOLERANCE = 8
"""How far (per channel, 0-255) a screenshot pixel may be from the SVG fill."""

GAMES = engine.game_names()


def players_for(spec: engine.GameSpec) -> int:
    """A middling table: three players where the game allows it."""
    return min(spec.max_players, max(spec.min_players, 3))


def played(name: str, seed: int = 11) -> engine.State:  # type: ignore[type-arg]
    """A finished seeded game of ``name`` between random bots."""
    spec = engine.game_spec(name)
    if spec.svg is None:
        assert not spec.home.startswith("huegames."), f"{name} has no svg"
        pytest.skip(f"{name} (registered by another test) draws no pictures")
    game = spec.new_game(players_for(spec), seed=seed)
    bots = [spec.bot("random", seed=seed + seat) for seat in range(game.players)]
    return engine.play_game(game, bots)


def style_of(spec: engine.GameSpec) -> dict[str, object]:
    """The style the replay draws with by default: the game's, with the last
    move highlighted where its svg offers that."""
    import inspect

    assert spec.svg is not None
    return {"last_move": True} if "last_move" in inspect.signature(spec.svg).parameters else {}


# -- the browser ----------------------------------------------------------------


@pytest.fixture(scope="module")
def browser():
    """One headless chromium for the module; skipped only outside CI."""
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not os.path.isfile(path)]
    if importlib.util.find_spec("selenium") is None:
        missing.append("the selenium package")
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests, but there is no {', '.join(missing)}")
        pytest.skip(f"no {', '.join(missing)} here")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",  # the tests run as root
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={WINDOW[0]},{WINDOW[1]}",
        "--force-device-scale-factor=1",
        "--hide-scrollbars",
        "--force-color-profile=srgb",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def load(driver, path: Path) -> None:
    from selenium.webdriver.support.wait import WebDriverWait

    driver.get(path.resolve().as_uri())
    # chromium may hand back control before the load event: wait for it
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return document.readyState") == "complete"
    )
    assert_no_console_errors(driver)


def assert_no_console_errors(driver) -> None:
    severe = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert severe == [], f"the page logged errors: {severe}"


def shown(driver) -> tuple[int, int, str]:
    """The position shown, its picture's number and the picture's markup."""
    return driver.execute_script(
        "const stage = document.getElementById('stage');"
        "return [Number(stage.dataset.position), Number(stage.dataset.picture), stage.innerHTML];"
    )


def press(driver, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()


def click(driver, css: str) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, css).click()


def only_local_urls(page: str) -> None:
    """Nothing is fetched: the only URLs are SVG's namespace names."""
    urls = set(re.findall(r"https?://[^\s\"'<>)\\]*", page))  # a backslash ends one in JSON
    assert urls <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}, urls
    assert not re.search(r"<(?:link|img|iframe|object|embed)\b|\bsrc=", page)
    assert "default-src 'none'" in page  # and the browser is told to fetch nothing


# -- pixels ---------------------------------------------------------------------------

SAMPLE_POINTS = """
const found = [];
const rects = Array.from(document.querySelectorAll('#stage rect.square'));
const step = Math.max(1, Math.floor(rects.length / 12));
for (let i = 0; i < rects.length && found.length < 12; i += step) {
  const rect = rects[i];
  const box = rect.getBoundingClientRect();
  if (box.width < 6 || box.height < 6) continue;
  for (const [fx, fy] of [[0.5, 0.5], [0.3, 0.3], [0.7, 0.7], [0.3, 0.7], [0.7, 0.3]]) {
    const x = Math.floor(box.left + box.width * fx), y = Math.floor(box.top + box.height * fy);
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
    if (document.elementFromPoint(x + 0.5, y + 0.5) === rect) {
      const data = {};
      for (const attribute of rect.attributes)
        if (attribute.name.startsWith('data-')) data[attribute.name] = attribute.value;
      found.push({index: i, x: x, y: y, data: data});
      break;
    }
  }
}
return [found, window.devicePixelRatio];
"""


def squares(svg: str) -> list[ET.Element]:
    """The ``rect.square`` elements of an SVG document, in document order."""
    root = ET.fromstring(svg)
    return [
        element
        for element in root.iter()
        if element.tag.rsplit("}", 1)[-1] == "rect" and "square" in element.get("class", "").split()
    ]


def rgb(fill: str) -> tuple[int, int, int] | None:
    """An SVG fill as RGB, when it is a plain ``#rrggbb`` or ``#rgb`` colour."""
    match = re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", fill.strip())
    if not match:
        return None
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(digit * 2 for digit in digits)
    return (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))


def opaque(element: ET.Element) -> bool:
    return all(element.get(name) in (None, "1") for name in ("opacity", "fill-opacity"))


def check_pixels(driver, final_svg: str) -> int:
    """Compare the screenshot at visible points of squares with the fills
    ``final_svg`` gives the same squares; returns how many were compared."""
    from PIL import Image

    driver.execute_script("document.getElementById('stage').scrollIntoView()")
    points, ratio = driver.execute_script(SAMPLE_POINTS)
    image = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
    expected = squares(final_svg)
    compared = 0
    for point in points:
        rect = expected[point["index"]]
        data = {key: value for key, value in rect.attrib.items() if key.startswith("data-")}
        assert data == point["data"], "the page shows the final state's squares in order"
        fill = rgb(rect.get("fill", ""))
        if fill is None or not opaque(rect):
            continue
        pixel = image.getpixel((int(point["x"] * ratio), int(point["y"] * ratio)))
        assert all(abs(a - b) <= TOLERANCE for a, b in zip(pixel, fill, strict=True)), (
            f"square {data} at ({point['x']}, {point['y']}): screenshot {pixel}, SVG fill {fill}"
        )
        compared += 1
    return compared


# -- every game in the browser -------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_the_replay_page_works_in_a_browser(browser, tmp_path, name):
    game = played(name)
    spec = engine.game_spec(name)
    record = game.to_dict()
    record_path = tmp_path / "game.json"
    record_path.write_text(json.dumps(record))
    page = replay_html(read_record(record_path))
    only_local_urls(page)
    page_path = tmp_path / "game.html"
    page_path.write_text(page, encoding="utf-8")
    replay = Replay.of(record)
    last = len(record["moves"])

    load(browser, page_path)
    position, picture, start = shown(browser)
    assert (position, picture) == (0, 0)
    assert start.startswith("<svg") and f'class="huegames-{name}' in start

    # the first move that changes the picture, by the arrow key then the button
    changes = next(k for k in range(1, last + 1) if replay.positions[k] != replay.positions[0])
    press(browser, "\ue014")  # Right
    assert shown(browser)[0] == 1
    for _ in range(changes - 1):
        click(browser, "#forward")
    position, picture, markup = shown(browser)
    assert (position, picture) == (changes, replay.positions[changes])
    assert markup != start, "stepping forward shows another picture"
    click(browser, "#back")
    assert shown(browser)[0] == changes - 1
    press(browser, "\ue012")  # Left
    assert shown(browser)[0] == max(changes - 2, 0)

    # the move list and the slider jump; the current move is highlighted
    middle = last // 2
    click(browser, f'#moves button[data-position="{middle}"]')
    assert shown(browser)[0] == middle
    current = browser.execute_script(
        "return Array.from(document.querySelectorAll('#moves li.current')).map(li => li.value)"
    )
    assert current == [middle]
    browser.execute_script(
        "const s = document.getElementById('slider'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input'));",
        1,
    )
    assert shown(browser)[0] == 1
    press(browser, "\ue011")  # Home
    assert shown(browser)[0] == 0

    # the last move: the final state's picture, on screen
    press(browser, "\ue010")  # End
    position, picture, markup = shown(browser)
    assert position == last
    caption = browser.execute_script("return document.getElementById('caption').textContent")
    assert caption.startswith(f"Move {last} of {last}: ") and "Game over." in caption
    final = spec.from_dict(record)
    assert spec.svg is not None
    final_svg = spec.svg(final, **style_of(spec))
    assert replay.pictures[picture] == final_svg
    assert check_pixels(browser, final_svg) >= 3, "enough squares were visible to compare"
    marker = browser.execute_script(
        "return document.querySelector('#chart .marker').getAttribute('transform')"
    )
    assert marker.startswith(f"translate({replay_points(replay)[0][-1][0]:g} ")
    assert_no_console_errors(browser)


def replay_points(replay: Replay) -> list[list[list[float]]]:
    from huegames.show.replay import _chart

    return _chart(replay)[1]


def test_a_run_record_of_simulate_in_the_browser(browser, tmp_path):
    """``simulate --moves`` writes run records without the game's name or
    setup: ``show --game`` replays one from the seed and the moves."""
    path = tmp_path / "run.jsonl"
    simulate("linja", "random,greedy", games=3, seed=5, workers=1, out=path, record_moves=True)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    out = tmp_path / "game-2.html"
    status = main(["show", str(path), "--game", "linja", "--number", "2", "-o", str(out)])
    assert status == 0
    page = out.read_text(encoding="utf-8")
    only_local_urls(page)
    record = records[2]
    assert f"seed {record['seed']}" in page
    assert f"seat 0 ({record['seats'][0]}) and seat 1 ({record['seats'][1]})" in page

    load(browser, out)
    press(browser, "\ue010")  # End
    position, picture, _ = shown(browser)
    assert position == len(record["moves"])
    game = engine.game_spec("linja").new_game(2, seed=record["seed"])
    for move in record["moves"]:
        game.play(move)
    assert game.scores() == record["scores"]
    spec = engine.game_spec("linja")
    assert spec.svg is not None
    final_svg = spec.svg(game, **style_of(spec))
    assert Replay.of(record, game="linja").pictures[picture] == final_svg
    assert check_pixels(browser, final_svg) >= 3
    result = browser.execute_script("return document.getElementById('result').textContent")
    assert result.endswith(f"scores {record['scores'][0]} and {record['scores'][1]}")
    assert_no_console_errors(browser)


# -- without a browser -----------------------------------------------------------------


def pictures_of(page: str) -> list[str]:
    """The pictures a page's data gives, each rebuilt from the one before."""
    data = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page)
    assert data is not None
    found = json.loads(data.group(1))
    drawn: list[list[int]] = []
    for steps in found["frames"]:
        before = drawn[-1] if drawn else []
        pieces: list[int] = []
        for step in steps:
            pieces.extend(before[step[0] : step[1]] if isinstance(step, list) else [step])
        drawn.append(pieces)
    return ["".join(found["pieces"][piece] for piece in pieces) for pieces in drawn]


@pytest.mark.parametrize("name", GAMES)
def test_the_page_grows_with_the_record_not_with_its_pictures(name):
    """Each picture is kept as the pieces that differ from the one before:
    a whole picture a move made a record of kB a page of MB.  The largest
    table too, whose seat marks include every shape of the palette."""
    spec = engine.game_spec(name)
    game = spec.new_game(spec.max_players, seed=5)
    game = engine.play_game(game, [spec.bot("random", seed=seat) for seat in range(game.players)])
    record = game.to_dict()
    replay = Replay.of(record)
    page = replay.html()
    assert pictures_of(page) == list(replay.pictures)
    biggest = max(map(len, replay.pictures))
    assert len(page) < 4 * biggest + 400 * len(json.dumps(record))


def test_the_page_holds_every_position_and_says_who_won():
    game = played("plank", seed=4)
    replay = Replay.of(game.to_dict())
    assert len(replay.positions) == len(replay.scores) == len(game.to_dict()["moves"]) + 1
    assert replay.scores[-1] == game.scores()
    assert len(replay.movers) == len(replay.moves)
    assert len(set(replay.pictures)) == len(replay.pictures)  # each picture kept once
    page = replay.html()
    assert pictures_of(page) == list(replay.pictures)
    assert page.count('<li value="') == len(replay.moves) + 1  # the start, then every move
    outcome = game.outcome()
    assert outcome is not None
    assert replay.result().startswith(("seat", "a draw"))
    assert str(outcome.termination.value) in replay.result()


def test_the_replay_of_every_game_and_a_record_of_another_game_refused():
    # the package's own games (other tests register games of their own)
    specs = [spec for spec in engine.game_specs() if spec.home.startswith("huegames.")]
    for spec, other in zip(specs, specs[1:] + specs[:1], strict=True):
        record = spec.new_game(spec.min_players, seed=1).to_dict()
        assert replay_html(record).startswith("<!DOCTYPE html>")
        wrong = other.new_game(other.min_players, seed=1).to_dict()
        with pytest.raises(
            ValueError, match=f"this is a '{other.name}' record, not a '{spec.name}'"
        ):
            replay_html(wrong, game=spec.name)


def test_what_the_record_holds_is_escaped():
    run = simulate("linja", "random", games=1, seed=3, workers=1, record_moves=True)
    record = dict(run.records[0], seats=["<script>alert(1)</script>", "</template><b>x"])
    page = replay_html(record, game="linja")
    assert "<script>alert" not in page and "</template><b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    data = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page)
    assert data is not None and "<" not in data.group(1)
    assert json.loads(data.group(1))["captions"][0].startswith("Start. Scores: seat 0 (<script>")


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"moves": ["1-2", "9-9"]}, ValueError, r"record move 1 \('1-2'\)|record move 2 \('9-9'\)"),
        ({"moves": "1-2"}, TypeError, "record moves must be a list of move texts"),
        ({"game": "plank"}, ValueError, "this is a 'plank' record, not a 'linja' record"),
        ({"format": 1}, ValueError, "unsupported linja record format 1"),
    ],
)
def test_a_game_record_that_does_not_replay(change, error, message):
    record = {**engine.game_spec("linja").new_game(2, seed=2).to_dict(), **change}
    with pytest.raises(error, match=message):
        Replay.of(record, game="linja")


def test_moves_after_the_end_are_refused():
    record = played("linja", seed=6).to_dict()
    with pytest.raises(ValueError, match=rf"record move {len(record['moves']) + 1} .*over"):
        Replay.of({**record, "moves": [*record["moves"], "0-1"]})


def test_a_run_record_that_does_not_replay():
    run = simulate("plank", "random", games=1, seed=3, workers=1, record_moves=True)
    record = run.records[0]
    with pytest.raises(ValueError, match="a run record does not name its game"):
        Replay.of(record)
    without = {key: value for key, value in record.items() if key != "moves"}
    with pytest.raises(ValueError, match="has no moves: record them with huegames simulate"):
        Replay.of(without, game="plank")
    with pytest.raises(ValueError, match="its moves give the scores"):
        Replay.of({**record, "scores": [99, 99]}, game="plank")
    with pytest.raises(ValueError, match=r"record move 1 \("):
        Replay.of({**record, "moves": ["nonsense", *record["moves"]]}, game="plank")
    with pytest.raises(ValueError, match="Plank is for 2 to 4 players, not 7"):
        Replay.of({**record, "seats": ["random"] * 7}, game="plank")
    with pytest.raises(ValueError, match="not a record"):
        Replay.of({"game": 0}, game="plank")


# -- huegames show -----------------------------------------------------------------------


def one_line_error(capsys, argv: list[str], status: int = 2) -> str:
    assert main(argv) == status
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert err.startswith("huegames: error: ") and err.count("\n") == 1, err
    return err[len("huegames: error: ") : -1]


def test_show_writes_the_page_of_a_game_record(capsys, tmp_path):
    game = played("hue", seed=3)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_dict()))
    out = tmp_path / "game.html"
    assert main(["show", str(path), "-o", str(out), "--palette", "colour-blind"]) == 0
    printed, err = capsys.readouterr()
    assert err == "" and printed.startswith(f"{out}: Hue, ")
    assert out.read_text(encoding="utf-8") == replay_html(game.to_dict(), palette="colour-blind")


def test_show_reads_a_csv_run_file(capsys, tmp_path):
    path = tmp_path / "run.csv"
    simulate("plank", "random", games=2, seed=9, workers=1, out=path, record_moves=True)
    out = tmp_path / "game.html"
    assert main(["show", str(path), "-o", str(out)]) == 0  # the records name their game
    record = read_record(path)
    assert (record["game"], record["index"]) == ("plank", 0)
    assert out.read_text(encoding="utf-8") == replay_html(record, game="plank")


def test_show_errors_are_one_line(capsys, tmp_path):
    run = tmp_path / "run.jsonl"
    simulate("linja", "random", games=2, seed=1, workers=1, out=run, record_moves=True)
    bare = tmp_path / "bare.jsonl"
    simulate("linja", "random", games=1, seed=1, workers=1, out=bare)
    older = tmp_path / "older.jsonl"  # before run records named their game
    with older.open("w") as stream:
        for line in run.read_text().splitlines():
            new = json.loads(line)
            old = {"game": new.pop("index")} | {k: v for k, v in new.items() if k != "game"}
            stream.write(json.dumps(old) + "\n")
    record = tmp_path / "game.json"
    record.write_text(json.dumps(engine.game_spec("plank").new_game(2, seed=1).to_dict()))
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 2,')
    out = str(tmp_path / "out.html")
    cases = [
        (["show", str(older), "-o", out], "which do not name their game: give --game NAME"),
        (["show", str(older), "--game", "chess", "-o", out], "unknown game 'chess'"),
        (["show", str(run), "--game", "plank", "-o", out], "holds 'linja' games, not 'plank'"),
        (["show", str(run), "--number", "5", "-o", out], "has no game 5"),
        (["show", str(bare), "--game", "linja", "-o", out], "has no moves: record them"),
        (["show", str(record), "--game", "hue", "-o", out], "this is a 'plank' record"),
        (["show", str(record), "--number", "1", "-o", out], "holds one game record"),
        (["show", str(broken), "-o", out], "cannot read"),
        (["show", str(tmp_path / "none.json"), "-o", out], "No such file or directory"),
        (["show", str(record), "-o", str(tmp_path / "no" / "x.html")], "cannot write"),
        (["show", str(record), "-o", out, "--size", "9999"], "size must be 4 to 512 pixels"),
        (["show", str(record), "-o", out, "--palette", "sepia"], "invalid choice: 'sepia'"),
        (["show", str(record)], "the following arguments are required: -o/--out"),
    ]
    for argv, message in cases:
        assert message in one_line_error(capsys, argv), argv
    assert not os.path.exists(out)


# -- README's pictures -----------------------------------------------------------------


def test_the_committed_pictures_are_what_the_script_writes():
    """docs/pictures/*.svg come from scripts/make_pictures.py: seeded games,
    the same files every time and on either backend."""
    spec = importlib.util.spec_from_file_location(
        "make_pictures", ROOT / "scripts" / "make_pictures.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    written = script.pictures()
    assert sorted(written) == sorted(
        f"{name}.svg" for name in ("hue", "linja", "plank", "hues-and-cues")
    )
    for file_name, text in written.items():
        committed = ROOT / "docs" / "pictures" / file_name
        assert committed.is_file(), f"{committed} is missing: run python scripts/make_pictures.py"
        assert committed.read_text(encoding="utf-8") == text, (
            f"{committed} is out of date: run python scripts/make_pictures.py"
        )
        root = ET.fromstring(text)
        assert root.get("class", "").startswith("huegames-"), file_name
        assert Counter(element.get("class") for element in root.iter())["square"] > 0


# -- hostile records ---------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def short_records() -> list[tuple[dict, str | None]]:
    """A few valid records of a handful of moves: game records and a run record."""
    found: list[tuple[dict, str | None]] = []
    for name in ("hue", "linja", "plank", "hues-and-cues"):
        spec = engine.game_spec(name)
        game = spec.new_game(players_for(spec), seed=5)
        for _ in range(4):
            game.play(game.legal_moves()[0])
        found.append((game.to_dict(), None))
    run = simulate("linja", "random", games=1, seed=2, workers=1, record_moves=True)
    found.append((dict(run.records[0], moves=run.records[0]["moves"][:4], scores=None), "linja"))
    return found


SHORT = short_records()


@given(data=st.data())
def test_hostile_records_give_value_or_type_errors(data):
    record, game = data.draw(st.sampled_from(SHORT))
    record = dict(record)
    for _ in range(data.draw(st.integers(1, 3))):
        action = data.draw(st.sampled_from(["set", "delete", "move", "setup"]))
        key = data.draw(st.sampled_from([*record, "extra"]))
        if action == "set":
            record[key] = data.draw(json_values)
        elif action == "delete":
            record.pop(key, None)
        elif action == "move" and isinstance(record.get("moves"), list):
            moves = list(record["moves"])
            moves.insert(data.draw(st.integers(0, len(moves))), data.draw(st.text(max_size=12)))
            record["moves"] = moves
        elif action == "setup" and isinstance(record.get("setup"), dict):
            setup = dict(record["setup"])
            setup[data.draw(st.sampled_from([*setup, "x"]))] = data.draw(json_values)
            record["setup"] = setup
    game = data.draw(st.sampled_from([game, None, "linja", "hue", "chess"]))
    try:
        page = replay_html(record, game=game)
    except (ValueError, TypeError) as error:
        assert str(error)
    else:
        assert page.startswith("<!DOCTYPE html>")


# -- outside text --------------------------------------------------------------------------


class Tags(HTMLParser):
    """Every start tag of a page and its attribute names."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, [name for name, _ in attrs]))


def run_record(name: str) -> dict:
    """A run record of ``name`` cut to its first four moves."""
    run = simulate(name, "random", games=1, seed=2, workers=1, record_moves=True)
    return dict(run.records[0], moves=run.records[0]["moves"][:4], scores=None)


RUN_RECORDS = {name: run_record(name) for name in ("hue", "linja", "plank", "hues-and-cues")}


@settings(max_examples=examples(60), deadline=None)
@given(game=st.sampled_from(sorted(RUN_RECORDS)), names=st.lists(st.text(), min_size=4))
def test_seat_names_stay_text_on_the_page_and_in_the_result(game: str, names: list[str]) -> None:
    """A run record's bot names are outside text: the page gains no element,
    script or event handler from them, and the result is inert in a terminal."""
    record = RUN_RECORDS[game]
    hostile = dict(record, seats=names[: len(record["seats"])])
    replay = Replay.of(hostile, game=game)
    assert_inert(replay.result())
    page = replay.html()
    parser = Tags()
    parser.feed(page)
    tags = [tag for tag, _ in parser.tags]
    assert tags.count("script") == 2, "the page's own two scripts, no more"
    assert not [attrs for _, attrs in parser.tags if any(a.startswith("on") for a in attrs)]
    plain = Tags()
    plain.feed(Replay.of(record, game=game).html())
    assert tags == [tag for tag, _ in plain.tags], "the same elements as with plain names"
    data = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page)
    assert data is not None
    for caption in json.loads(data.group(1))["captions"]:
        assert_inert(caption)


def test_the_policy_runs_only_the_page_script_by_its_hash():
    page = replay_html(played("linja").to_dict())
    policy = re.search(r'http-equiv="Content-Security-Policy"\s+content="([^"]*)"', page)
    assert policy is not None
    sources = dict(part.strip().split(" ", 1) for part in policy.group(1).split(";"))
    scripts = re.findall(r"<script>(.*?)</script>", page, re.DOTALL)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    assert sources["script-src"] == f"'sha256-{digest}'"
    assert "unsafe-inline" not in sources["script-src"]
