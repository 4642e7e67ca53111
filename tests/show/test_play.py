"""``huegames play``: a person against the bots in a real terminal.

Each game is played whole through a pseudo-terminal (pexpect spawning
``python -m huegames play``), by a scripted person who reads the screen and
answers each prompt: a listed number or a move in notation, and on the way
an illegal input (the game's own message is shown, the game goes on
unchanged), ``hint``, ``undo`` and, in Hues and Cues, cues (one refused by
the cue rules) and guesses typed as squares.  ``--save`` writes the record
at the end; the record is loaded with the game's ``from_dict`` and must
replay to the final table and scores the screen showed.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huegames import cli, engine
from huegames.errors import IllegalMoveError
from huegames.show.play import Session
from huegames.text import shown
from profiles import examples
from terminal import assert_inert

pytestmark = pytest.mark.backend_independent  # the same on either backend

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("rich")

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]|\x1b[=>]")
PROMPT = re.compile(r"(your move|game over)> ")
CLEAR = "\x1b[2J"  # rich's Console.clear(): a new screen at every turn
WIDTH = 200
SCORE = re.compile(r"(you|seat \d+ \([^)]*\)) (\d+|\?)")


def plain(text: str) -> str:
    """Terminal output without its escape sequences and carriage returns."""
    return ANSI.sub("", text).replace("\r", "")


class Person:
    """The person at the keyboard: reads up to each prompt, types a line."""

    def __init__(self, *args: str) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        env.update(TERM="xterm-256color", PYTHONIOENCODING="utf-8")
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "huegames", "play", *args],
            dimensions=(60, WIDTH),
            encoding="utf-8",
            codec_errors="replace",
            timeout=30,
            env=env,
        )
        self.raw = ""  # what came since the last prompt, escapes kept
        self.screen = ""  # the same, plain
        self.prompt = ""  # "your move" or "game over"
        self.turns = 0

    def read(self) -> str:
        """Wait for the next prompt; returns the plain text since the last one."""
        self.child.expect(PROMPT)
        self.raw = self.child.before
        self.screen = plain(self.raw)
        self.prompt = self.child.match.group(1)
        return self.screen

    def type(self, line: str) -> str:
        """Type a line and read up to the next prompt."""
        self.child.sendline(line)
        self.turns += 1
        return self.read()

    @property
    def redrawn(self) -> bool:
        """Whether the screen was cleared and drawn again since the last prompt."""
        return CLEAR in self.raw

    def moves(self) -> list[str]:
        """The moves numbered on the screen, in order."""
        if "legal move" not in self.screen:
            return []
        listing = self.screen.rsplit("legal move", 1)[-1]
        found: dict[int, str] = {}
        for line in listing.splitlines():
            if not re.match(r"\d+ ", line.strip()):
                continue
            for number, move in re.findall(r"(\d+) (\S.*?)(?= {2,}\d+ |$)", line.strip()):
                found.setdefault(int(number), move.strip())
        return [found[n] for n in sorted(found)]

    def finish(self) -> int:
        """Quit at the end and return the exit status."""
        self.child.sendline("quit")
        self.child.expect(pexpect.EOF)
        self.child.close()
        return int(self.child.exitstatus)


def final_scores(screen: str) -> list[int]:
    line = next(line for line in screen.splitlines() if line.startswith("final scores"))
    return [int(score) for _, score in SCORE.findall(line)]


def picture(spec: engine.GameSpec, subject: Any) -> list[str]:
    """The lines of a state's console picture as a terminal without colour shows them."""
    from rich.console import Console
    from rich.text import Text

    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, highlight=False)
    if spec.console is None:
        console.print(str(subject), markup=False)
    else:
        console.print(Text.from_markup(spec.console(subject)))
    return [line.rstrip() for line in out.getvalue().splitlines() if line.strip()]


def check_record(path: Path, game: str, screen: str, session_seed: int) -> Any:
    """The saved record replays to the final table and scores on the screen."""
    spec = engine.game_spec(game)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["game"] == game and record["seed"] == session_seed
    replayed = spec.from_dict(record)
    assert replayed.is_over
    assert final_scores(screen) == replayed.scores()
    shown = [line.rstrip() for line in screen.splitlines()]
    lines = picture(spec, replayed)
    assert len(lines) >= 3
    for line in lines:
        assert line in shown, f"{line!r} of the replayed final table is not on the screen"
    assert replayed.to_dict() == record
    return replayed


def expected_error(game: str, seed: int, text: str, **options: Any) -> str:
    """The message the game itself gives for ``text`` at the person's first turn."""
    session = Session(game, seed=seed, **options)
    session.bots_play()
    with pytest.raises(ValueError) as error:
        session.play(text)
    return str(error.value)


def play_out(person: Person, pick: Any = None) -> Iterator[str]:
    """Answer every prompt until the game is over: ``pick(person)`` or '1'."""
    while person.prompt == "your move":
        line = pick(person) if pick is not None else "1"
        yield line
        person.type(line)


def common_opening(person: Person, game: str, seed: int, nonsense: str, **options: Any) -> None:
    """Illegal input, then hint, at the first turn; a move; then undo at the second."""
    person.read()
    assert person.prompt == "your move" and person.redrawn
    before = person.moves()
    message = expected_error(game, seed, nonsense, **options)
    person.type(nonsense)
    assert message in person.screen and not person.redrawn  # said, and nothing else changed
    assert person.moves() == [] and person.prompt == "your move"
    person.type("hint")
    hinted = re.search(r"hint: \S+ would play (.+?)(?: \(number (\d+)\))?$", person.screen, re.M)
    assert hinted is not None, person.screen
    assert not person.redrawn
    person.type("moves")
    assert person.moves()[: len(before)] == before
    person.type("1")
    assert person.redrawn and f"you play {before[0]}" in person.screen
    if person.prompt != "your move":
        return
    person.type("undo")
    assert person.redrawn and f"took back your move {before[0]}" in person.screen
    assert person.moves() == before  # back at the first turn


@pytest.mark.parametrize(
    ("game", "args", "nonsense"),
    [
        ("hue", ["--players", "2", "--bots", "random"], "Z9 0 0 0"),
        ("linja", ["--bots", "random"], "5-3"),
        ("plank", ["--players", "2", "--bots", "random"], "Zz9"),
    ],
)
def test_a_whole_game(game: str, args: list[str], nonsense: str, tmp_path: Path) -> None:
    seed = 4
    saved = tmp_path / "game.json"
    person = Person(game, *args, "--seed", str(seed), "--save", str(saved))
    common_opening(person, game, seed, nonsense, bots="random")
    typed = list(play_out(person))
    assert person.prompt == "game over"
    assert "game over: " in person.screen
    assert f"record saved to {saved}" in person.screen
    check_record(saved, game, person.screen, seed)
    assert person.finish() == 0
    assert typed or game != "linja"


def test_linja_tab_completes_a_move(tmp_path: Path) -> None:
    person = Person("linja", "--bots", "random", "--seed", "5")
    person.read()
    moves = person.moves()
    move = moves[-1]  # "6-7": "6-" is unique among the moves
    assert sum(other.startswith(move[:2]) for other in moves) == 1
    person.child.send(move[:2] + "\t")
    person.child.expect_exact(move)
    person.type("")
    assert f"you play {move}" in person.screen
    assert person.finish() == 0


def test_hues_and_cues_as_giver_and_guesser(tmp_path: Path) -> None:
    """Seat 0 gives the cues of round 1 (one cue refused by the rules, then a
    cue of its own and a second cue of two words) and guesses in the other
    rounds, a square typed as 'F12'."""
    seed, saved = 4, tmp_path / "hc.json"
    options = ["--bots", "random", "--rules", "rounds_per_giver=1"]
    person = Person("hues-and-cues", *options, "--seed", str(seed), "--save", str(saved))
    rules = {"rounds_per_giver": 1}
    common_opening(person, "hues-and-cues", seed, "guess A1", bots="random", rules=rules)
    done: dict[str, int] = {"refused": 0, "typed guesses": 0, "guesses": 0}
    cues = iter(["reddish", "pig", "cotton candy", "thunder", "ocean", "lemon", "rust", "sky"])
    typed: list[str] = []

    def pick(person: Person) -> str:
        if typed and typed[-1] == "reddish":  # refused by the cue rules: asked again
            assert "uses the basic colour word 'red'" in person.screen
            assert not person.redrawn and person.moves() == []
            done["refused"] += 1
        moves = person.moves() or moves_before[-1]
        moves_before.append(moves)
        kind = moves[0].split()[0]
        if kind == "target":
            return "2"
        if kind in ("cue", "skip"):  # the cue giver
            typed.append(next(cues))
            return typed[-1]
        assert kind == "guess"
        done["guesses"] += 1
        if not done["typed guesses"] and done["guesses"] > 1:  # a square typed alone
            done["typed guesses"] += 1
            return "F12"
        return "1"

    moves_before: list[list[str]] = []
    list(play_out(person, pick))
    assert person.prompt == "game over"
    replayed = check_record(saved, "hues-and-cues", person.screen, seed)
    assert person.finish() == 0
    history = [str(move) for move in replayed.history]
    assert "cue pig" in history and "cue cotton candy" in history
    assert "guess F12" in history
    assert done["refused"] == 1 and done["typed guesses"] == 1 and done["guesses"] >= 4


# -- leaving -------------------------------------------------------------------------


def test_end_of_input_leaves_cleanly_and_saves(tmp_path: Path) -> None:
    saved = tmp_path / "partial.json"
    person = Person("plank", "--bots", "random", "--seed", "2", "--save", str(saved))
    person.read()
    person.type("1")
    person.child.sendeof()
    person.child.expect(pexpect.EOF)
    person.child.close()
    assert person.child.exitstatus == 0
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert len(record["moves"]) >= 1
    assert not engine.game_spec("plank").from_dict(record).is_over


def test_ctrl_c_exits_130_with_one_line() -> None:
    person = Person("linja", "--bots", "random", "--seed", "1")
    person.read()
    person.child.sendintr()
    person.child.expect(pexpect.EOF)
    person.child.close()
    assert person.child.exitstatus == 130
    assert "huegames: error: interrupted" in plain(person.child.before)
    assert "Traceback" not in person.child.before


def test_save_after_the_end_and_a_bad_path(tmp_path: Path) -> None:
    person = Person("plank", "--bots", "random", "--seed", "3")
    person.read()
    list(play_out(person))
    assert person.prompt == "game over"
    end = person.screen
    person.type(f"save {tmp_path}/no/such/folder/x.json")
    assert "cannot write" in person.screen and person.prompt == "game over"
    person.type("1")
    assert "the game is over" in person.screen
    person.type(f"save {tmp_path}/after.json")
    assert f"record saved to {tmp_path}/after.json" in person.screen
    check_record(tmp_path / "after.json", "plank", end, 3)
    assert person.finish() == 0


# -- the command line, in process ------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "linja", "--seat", "2"], "no seat 2: the seats are 0 to 1"),
        (["play", "linja", "--bots", "greedy,random"], "Linja is for 2 players, not 3"),
        (["play", "linja", "--players", "2", "--bots", "greedy,random"], "2 bots for 1 other"),
        (["play", "hue", "--players", "9"], "Hue is for 2 to 5 players, not 9"),
        (["play", "plank", "--bots", "nobody"], "unknown plank bot 'nobody'"),
        (["play", "plank", "--rules", "turn_limit"], "bad rule option 'turn_limit'"),
        (["play", "plank", "--rules", "colour=1"], "colour"),
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "hue", "--hint-bot", "oracle"], "unknown hue bot 'oracle'"),
        (["play", "hue", "--save", "/no/such/folder/x.json"], "cannot write"),
    ],
)
def test_usage_errors_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == cli.USAGE_ERROR
    err = capsys.readouterr().err
    assert err.startswith("huegames: error: ") and message in err and err.count("\n") == 1


def test_without_rich_one_line_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in [name for name in sys.modules if name == "rich" or name.startswith("rich.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "rich", None)
    assert cli.main(["play", "linja"]) == cli.RUN_ERROR
    err = capsys.readouterr().err
    assert err == 'huegames: error: huegames play needs rich: pip install "huegames[play]"\n'


def test_importing_huegames_does_not_import_rich() -> None:
    import subprocess

    code = "import sys, huegames, huegames.show.play, huegames.cli; print('rich' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr


# -- the session, in process -----------------------------------------------------------


def test_undo_goes_back_to_the_persons_previous_turn() -> None:
    session = Session("hue", players=3, bots="random", seed=1, seat=1)
    assert session.bots_play() == [(0, session.played[0][1])]
    with pytest.raises(IllegalMoveError, match="you have not moved yet"):
        session.undo()
    start = session.game.to_dict()
    session.play(session.moves()[0])
    assert len(session.bots_play()) == 2  # seats 2 and 0
    undone = session.undo()
    assert [seat for seat, _ in undone] == [0, 2, 1]
    assert session.game.to_dict() == start and session.my_turn


def test_hidden_scores_stay_hidden_until_the_end() -> None:
    session = Session("hue", players=3, bots="random", seed=1)
    scores = session.scores()
    assert scores[0] is not None and scores[1:] == [None, None]
    linja = Session("linja", bots="random", seed=1)
    assert None not in linja.scores()
    hc = Session("hues-and-cues", bots="random", seed=1)
    assert hc.scores() == [0, 0, 0]
    while not session.game.is_over:
        session.bots_play()
        if session.my_turn:
            session.play(session.moves()[0])
    assert session.scores() == session.game.scores()


def test_typed_moves_without_their_first_word() -> None:
    session = Session("hues-and-cues", bots="random", seed=4)
    target = str(session.moves()[0]).split()[1]
    assert str(session.play(target.lower())) == f"target {target}"
    with pytest.raises(IllegalMoveError, match="basic colour word"):
        session.play("Reddish")
    with pytest.raises(ValueError, match="expected 'target H15'"):
        session.play("two words!")
    assert str(session.play("pig")) == "cue pig"
    assert session.game.current_player != session.seat


def test_a_hint_is_a_legal_move_in_every_game() -> None:
    for name in engine.game_names():
        spec = engine.game_spec(name)
        players = spec.max_players if name != "hues-and-cues" else 4
        session = Session(name, players=players, seed=1)
        session.bots_play()
        if not session.my_turn:
            continue
        move = session.hint()
        assert str(move) in {str(legal) for legal in session.moves()}


def test_run_in_process_with_a_scripted_reader(tmp_path: Path) -> None:
    """:func:`huegames.show.play.run` with its own reader and console: no terminal needed."""
    from rich.console import Console

    from huegames.show.play import run

    session = Session("linja", bots="greedy", seed=2)
    out = io.StringIO()
    lines = iter(["help", "moves 0", "1", "undo", "hint", "undo"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if prompt == "game over> ":
            return "quit"
        return next(lines, "1")

    saved = tmp_path / "linja.json"
    console = Console(file=out, width=120, color_system=None)
    assert run(session, save=str(saved), read=read, console=console) == 0
    text = out.getvalue()
    assert "save FILE" in text and "legal move starting with '0'" in text
    before_hint, after_hint = text.split("hint:", 1)
    assert "took back your move" in before_hint and "nothing to undo" in after_hint
    assert prompts[-1] == "game over> " and "game over: " in text
    assert engine.game_spec("linja").from_dict(json.loads(saved.read_text())).is_over


@pytest.mark.parametrize("typed", ["²", "①", "٣", "1²", "9" * 5000])
def test_only_ascii_digits_are_move_numbers(typed: str) -> None:
    """Unicode digits (superscripts, circled numbers, Arabic-Indic) and numbers of
    thousands of digits once crashed the prompt: each now gets a message and the prompt."""
    from rich.console import Console

    from huegames.show.play import run

    session = Session("linja", bots="greedy", seed=2)
    out = io.StringIO()
    lines = iter(["moves", typed])

    def read(prompt: str) -> str:
        return next(lines, "quit")

    console = Console(file=out, width=120, color_system=None)
    assert run(session, read=read, console=console) == 0
    text = out.getvalue()
    assert "(digits 0-9)" in text
    assert len(max(text.splitlines(), key=len)) <= 200
    assert session.game.to_dict()["moves"] == []


CONTROL = re.compile(r"\x1b\[2J|\x1b\[H|\x1b\[[0-9;]*m")
"""What rich itself writes: a new screen at each turn and the colours."""


@settings(max_examples=examples(30), deadline=None)
@given(game=st.sampled_from(["hue", "linja", "plank", "hues-and-cues"]), name=st.text())
def test_seat_names_stay_text_on_the_terminal(game: str, name: str) -> None:
    """A bot's name is outside text: the screen shows its control and
    format characters escaped, never raw, and markup in it as it is."""
    from rich.console import Console

    from huegames.show.play import run

    session = Session(game, bots="random", seed=2)
    session.labels[1] = name
    out = io.StringIO()
    lines = iter(["1", "1", "moves", "hint", "undo"])
    console = Console(file=out, width=120, force_terminal=True, color_system="truecolor")
    assert run(session, read=lambda prompt: next(lines, "quit"), console=console) == 0
    text = CONTROL.sub("", out.getvalue())
    assert_inert(text)
    assert f"seat 1 ({shown(name)})" in text
