"""A game's replay as one self-contained HTML page: every position, the moves, the scores.

:func:`replay_html` takes a record -- a game record (``game.to_dict()``,
see :mod:`huegames.records`) or a run record of ``huegames simulate
--moves`` (see :mod:`huegames.run.recordfiles`), which names neither its game
nor its setup, so ``game=`` names it and the game is set up again from the
record's seed with the default rules -- and replays it through the engine
contract alone: the starting state (``from_dict`` of the record without
its moves, or ``new_game(players, seed)``), then each move text through
``play``, drawing the state with the game's ``svg`` (:attr:`GameSpec.svg
<huegames.engine.GameSpec.svg>`) and reading ``scores()`` after each move.
It works the same for every registered game that draws itself; a game
whose ``svg`` takes ``last_move`` is drawn with the move just played
highlighted (unless ``last_move=False`` is given).

The page needs nothing but a browser: no network, no fonts, no scripts or
styles from elsewhere (its content security policy forbids them). It shows
one picture at a time (each picture is kept as the few pieces that
differ from the one before, so the page grows with the record) with
buttons (first, back, forward, last), a slider
and the keys Left, Right, Home and End; the move list in the game's
notation (click a move to go there); each seat's score over the game as a
chart with a marker at the position shown; and a header with the game,
the seats, the seed and how the game ended.

>>> from huegames import engine
>>> from huegames.show import replay
>>> spec = engine.game_spec("linja")
>>> game = engine.play_game(spec.new_game(2, seed=4), [spec.bot("greedy", seed=s) for s in (1, 2)])
>>> page = replay.replay_html(game.to_dict())
>>> page.startswith("<!DOCTYPE html>"), '"pieces":' in page
(True, True)
>>> shown = replay.Replay.of(game.to_dict())
>>> len(shown.positions) == len(game.to_dict()["moves"]) + 1, shown.scores[-1] == game.scores()
(True, True)

Each game package offers the same function for its own records
(``huegames.linja.replay_html(record)``); ``huegames show RECORD -o
page.html`` writes the page from the command line.
"""

from __future__ import annotations

import base64
import hashlib
import inspect
import json
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any, Final

from .. import engine, pictures
from ..pictures import Palette
from ..records import brief, move_error
from ..text import markup, shown

__all__ = [
    "Replay",
    "read_record",
    "replay_function",
    "replay_html",
]

CHART_WIDTH: Final = 640
"""Width of the score chart, in pixels."""

CHART_HEIGHT: Final = 180
"""Height of the score chart, in pixels."""


@dataclass(frozen=True)
class Replay:
    """A record replayed: the picture and the scores at every position.

    Position 0 is the start; position ``i`` follows move ``i``.
    ``positions[i]`` indexes ``pictures`` (a picture that a move leaves
    unchanged is kept once), ``scores[i]`` is each seat's score there, and
    ``movers[i - 1]`` is the seat that made move ``i``.
    """

    spec: engine.GameSpec
    players: int
    seats: tuple[str, ...]
    """Each seat's name: ``"seat 0"``..., with the bot's label for a run record."""
    seed: int | None
    moves: tuple[str, ...]
    """The move texts, in the game's notation."""
    movers: tuple[int, ...]
    pictures: tuple[str, ...]
    """The distinct SVG pictures, in the order they first appear."""
    positions: tuple[int, ...]
    scores: tuple[list[int], ...]
    outcome: engine.Outcome | None
    palette: Palette
    """The palette of the pictures, for the seats' colours in the chart."""

    @classmethod
    def of(cls, record: Mapping[str, Any], *, game: str | None = None, **style: Any) -> Replay:
        """Replay ``record`` (a game record, or a run record with ``game=``),
        drawing every position with the game's ``svg(state, **style)``.

        A record that does not replay is a ValueError (or a TypeError for
        data of the wrong shape) naming what is wrong, the move's number and
        text for a move that is refused.

        >>> from huegames import engine
        >>> from huegames.show.replay import Replay
        >>> record = engine.game_spec("plank").new_game(2, seed=3).to_dict()
        >>> Replay.of({**record, "moves": ["T GWR R", "Z"]})
        Traceback (most recent call last):
        ...
        huegames.errors.InvalidMoveError: record move 2 ('Z'): move 'Z': expected ...
        >>> Replay.of(record, game="hue")
        Traceback (most recent call last):
        ...
        ValueError: this is a 'plank' record, not a 'hue' record
        >>> Replay.of({"game": 0, "seed": 1, "seats": ["random", "random"], "moves": []})
        Traceback (most recent call last):
        ...
        ValueError: a run record does not name its game: give it (game='hue', ...)
        """
        if not isinstance(record, Mapping):
            raise TypeError(f"a record must be a mapping, not {type(record).__name__}")
        if "format" in record:
            spec, state, seats, moves = _game_record(record, game)
        elif "seats" in record:
            spec, state, seats, moves = _run_record(record, game)
        else:
            raise ValueError(
                "not a record: a game record has a format, a run record of "
                "simulate --moves has seats"
            )
        draw = spec.svg
        if draw is None:
            raise ValueError(f"{spec.title} draws no pictures: its GameSpec has no svg")
        palette = pictures.style(palette=style.get("palette", "standard")).palette
        if "last_move" not in style and _takes(draw, "last_move"):
            style = {**style, "last_move": True}

        found: dict[str, int] = {}
        positions: list[int] = []
        scores: list[list[int]] = []
        movers: list[int] = []

        def take() -> None:
            picture = draw(state, **style)
            positions.append(found.setdefault(picture, len(found)))
            scores.append([int(score) for score in state.scores()])

        take()
        for number, text in enumerate(moves, start=1):
            seat = state.current_player
            try:
                if seat is None:
                    raise ValueError("the game is already over")
                state.play(text)
            except ValueError as error:
                raise move_error(number, text, error) from None
            movers.append(seat)
            take()
        if "seats" in record and "format" not in record:
            _check_scores(record, scores[-1])
        return cls(
            spec=spec,
            players=state.players,
            seats=seats,
            seed=record.get("seed"),
            moves=tuple(moves),
            movers=tuple(movers),
            pictures=tuple(found),
            positions=tuple(positions),
            scores=tuple(scores),
            outcome=state.outcome(),
            palette=palette,
        )

    def result(self) -> str:
        """How the game ended, in words: who won, why, and the final scores,
        safe for a terminal (the seats' names :func:`huegames.text.shown`).

        >>> from huegames import engine
        >>> from huegames.show.replay import Replay
        >>> Replay.of(engine.game_spec("linja").new_game(2, seed=3).to_dict()).result()
        'not finished after 0 moves; scores 6 and 6'
        """
        return shown(self._result())

    def _result(self) -> str:
        """:meth:`result` with the seats' names as the record gives them."""
        scores = _and([str(score) for score in self.scores[-1]])
        if self.outcome is None:
            return f"not finished after {len(self.moves)} moves; scores {scores}"
        winners = self.outcome.winners
        if not winners:
            who = "a draw"
        elif len(winners) == 1:
            who = f"{self.seats[winners[0]]} wins"
        else:
            who = f"{_and([self.seats[seat] for seat in winners])} win"
        reason = self.outcome.termination.value
        reason = reason if isinstance(reason, str) else self.outcome.termination.name.lower()
        fewest = " (penalty points: fewest best)" if self.lower_scores_win else ""
        return f"{who} ({reason}) after {len(self.moves)} moves; scores {scores}{fewest}"

    @property
    def lower_scores_win(self) -> bool:
        """Whether this game's scores are penalties, fewest best."""
        return self.players in self.spec.lower_scores_win

    def html(self) -> str:
        """The page: one self-contained HTML document."""
        return _page(self)


def replay_html(record: Mapping[str, Any], *, game: str | None = None, **style: Any) -> str:
    """The replay of ``record`` as one self-contained HTML page.

    ``record`` is a game record (``game.to_dict()``) or a run record of
    ``simulate(..., record_moves=True)``, whose game ``game`` must name;
    ``style`` goes to the game's ``svg`` (``size``, ``coordinates``,
    ``flip``, ``palette`` and the game's own options).

    >>> from huegames import engine
    >>> from huegames.show.replay import replay_html
    >>> from huegames.run.runner import simulate
    >>> run = simulate("plank", "greedy,random", games=1, seed=2, workers=1, record_moves=True)
    >>> page = replay_html(run.records[0], game="plank", palette="colour-blind")
    >>> "greedy" in page and "Plank" in page
    True
    """
    return Replay.of(record, game=game, **style).html()


def replay_function(game: str) -> Callable[..., str]:
    """:func:`replay_html` for the records of ``game``: what each game
    package offers as its own ``replay_html``.

    >>> from huegames.show.replay import replay_function
    >>> replay_function("plank").__doc__.splitlines()[0]
    'The replay of a Plank record as one self-contained HTML page.'
    """
    title = engine.game_spec(game).title

    def replay_html(record: Mapping[str, Any], **style: Any) -> str:
        return Replay.of(record, game=game, **style).html()

    replay_html.__doc__ = (
        f"The replay of a {title} record as one self-contained HTML page.\n\n"
        f"``record`` is a {title} game record (``game.to_dict()``) or a run record of\n"
        f"``simulate({game!r}, ..., record_moves=True)``; ``style`` goes to ``svg``.\n"
        f"See :func:`huegames.show.replay.replay_html`."
    )
    replay_html.__qualname__ = "replay_html"
    return replay_html


def read_record(path: str | os.PathLike[str], *, number: int | None = None) -> dict[str, Any]:
    """The record in the file ``path``: a game record (a JSON object), or one
    run record of a file ``huegames simulate --moves --out`` wrote (JSON Lines
    or CSV) -- game ``number`` of the run, by default the file's first.

    Any problem reading it is a ValueError naming the file.
    """
    from ..run.recordfiles import read_records

    name = os.fspath(path)
    named = repr(name) if len(name) <= 200 else brief(name)
    try:
        if name.lower().endswith(".csv"):
            records: Sequence[object] = list(read_records(name, "csv"))
        else:
            with open(name, encoding="utf-8") as stream:
                text = stream.read()
            records = _json_records(text)
    except OSError as error:
        raise ValueError(f"cannot read {named}: {error.strerror or error}") from None
    except (ValueError, KeyError, TypeError, RecursionError) as error:
        if isinstance(error, KeyError):
            reason = f"a run-record CSV file has a column {error}"
        elif isinstance(error, RecursionError):
            reason = "it is nested too deeply"
        else:
            reason = str(error)
        reason = reason if len(reason) <= 200 else reason[:197] + "..."
        raise ValueError(f"cannot read {named}: {reason}") from None
    if not records:
        raise ValueError(f"{named} holds no record")
    found = [record for record in records if isinstance(record, dict)]
    if len(found) < len(records):
        raise ValueError(f"{named} holds something that is not a record (a JSON object)")
    if number is None:
        return found[0]
    if len(found) == 1 and "format" in found[0]:
        raise ValueError(f"{named} holds one game record: it has no game numbers")
    for record in found:
        if record.get("game") == number:
            return record
    numbers = [record.get("game") for record in found]
    raise ValueError(f"{named} has no game {number}: its games are {brief(numbers)}")


# -- reading a record --------------------------------------------------------------


def _json_records(text: str) -> list[object]:
    """One JSON value (an object, or a list of them), else JSON Lines."""
    if not text.strip():
        raise ValueError("it is empty")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        if error.msg != "Extra data":
            raise ValueError(f"not JSON ({error})") from None
        lines = [line for line in text.splitlines() if line.strip()]
        try:
            return [json.loads(line) for line in lines]
        except json.JSONDecodeError as line_error:
            raise ValueError(f"not JSON Lines ({line_error})") from None
    return list(value) if isinstance(value, list) else [value]


def _game_record(
    record: Mapping[str, Any], game: str | None
) -> tuple[engine.GameSpec, Any, tuple[str, ...], list[str]]:
    name = record.get("game")
    if game is not None:
        spec = engine.game_spec(game)
        if name != spec.name:
            found = f"a {brief(name)} record" if isinstance(name, str) else "not a game record"
            raise ValueError(f"this is {found}, not a {spec.name!r} record")
    elif isinstance(name, str):
        spec = engine.game_spec(name)
    else:
        raise ValueError(f"a game record names its game, not {brief(name)}")
    moves = _move_texts(record.get("moves"))
    start = spec.from_dict({**record, "moves": []}) if "moves" in record else spec.from_dict(record)
    seats = tuple(f"seat {seat}" for seat in range(start.players))
    return spec, start, seats, moves


def _run_record(
    record: Mapping[str, Any], game: str | None
) -> tuple[engine.GameSpec, Any, tuple[str, ...], list[str]]:
    if game is None:
        raise ValueError("a run record does not name its game: give it (game='hue', ...)")
    spec = engine.game_spec(game)
    seats = record["seats"]
    if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
        raise TypeError(f"run record seats must be a list of bot names, not {brief(seats)}")
    players = spec.check_players(len(seats))
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"run record seed must be an integer, not {brief(seed)}")
    if "moves" not in record:
        raise ValueError(
            f"run record {brief(record.get('game'))} has no moves: "
            "record them with huegames simulate --moves"
        )
    moves = _move_texts(record["moves"])
    start = spec.new_game(players, seed=seed)
    return spec, start, tuple(f"seat {seat} ({bot})" for seat, bot in enumerate(seats)), moves


def _takes(function: Callable[..., Any], keyword: str) -> bool:
    """Whether ``function`` takes the keyword argument ``keyword``."""
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False
    found = parameters.get(keyword)
    return found is not None and found.kind in (found.POSITIONAL_OR_KEYWORD, found.KEYWORD_ONLY)


def _move_texts(moves: object) -> list[str]:
    if moves is None:
        return []
    if not isinstance(moves, list) or not all(isinstance(text, str) for text in moves):
        raise TypeError("record moves must be a list of move texts")
    return list(moves)


def _check_scores(record: Mapping[str, Any], scores: list[int]) -> None:
    """A run record's moves must give the scores it records."""
    recorded = record.get("scores")
    if recorded is not None and recorded != scores:
        raise ValueError(
            f"run record {brief(record.get('game'))}: its moves give the scores "
            f"{brief(scores)}, not the recorded {brief(recorded)} (is it of another game?)"
        )


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


# -- the page ----------------------------------------------------------------------


def _script_json(value: object) -> str:
    """JSON that is safe inside a ``<script>`` element."""
    text = json.dumps(value, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


_PIECE_END = re.compile(r"(?<=>)")
"""Where an SVG picture is cut into pieces: after every tag."""


def _frames(drawn: Sequence[str]) -> tuple[list[str], list[list[int | list[int]]]]:
    """The pictures as pieces (tags and text) shared by all of them, each
    picture as steps from the one before: ``[start, end]`` keeps that run
    of its pieces, a number adds that piece.  A move changes a few pieces,
    so the page grows with the record, not with the record times the picture.
    """
    table: dict[str, int] = {}
    frames: list[list[int | list[int]]] = []
    before: list[int] = []
    for picture in drawn:
        pieces = [table.setdefault(piece, len(table)) for piece in _PIECE_END.split(picture)]
        steps: list[int | list[int]] = []
        for tag, start, end, first, last in SequenceMatcher(None, before, pieces).get_opcodes():
            if tag == "equal":
                steps.append([start, end])
            else:
                steps.extend(pieces[first:last])
        frames.append(steps)
        before = pieces
    return list(table), frames


def _script_hash(script: str) -> str:
    """The content security policy's source for exactly this inline script:
    only it runs, never a script that outside text might smuggle in."""
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return f"sha256-{base64.b64encode(digest).decode('ascii')}"


def _chart(replay: Replay) -> tuple[str, list[list[list[float]]]]:
    """The score chart (an SVG document) and each seat's point at every position."""
    width, height = CHART_WIDTH, CHART_HEIGHT
    left, right, top, bottom = 44, 16, 12, 28
    last = max(len(replay.scores) - 1, 1)
    values = [score for scores in replay.scores for score in scores]
    low, high = min(0, *values), max(1, *values)

    def x(position: int) -> float:
        return round(left + (width - left - right) * position / last, 2)

    def y(score: float) -> float:
        return round(top + (height - top - bottom) * (high - score) / (high - low), 2)

    doc = pictures.Svg(width, height)
    doc.title(f"{replay.spec.title}: scores after each move")
    doc.rect(0, 0, width, height, fill="#ffffff")
    for score in sorted({low, high, *(() if low == 0 else (0,))}):
        doc.line(left, y(score), width - right, y(score), stroke="#dddddd")
        doc.text(left - 6, y(score), str(score), size=11, text_anchor="end", fill="#444444")
    doc.text(x(0), height - bottom / 2, "start", size=11, text_anchor="start", fill="#444444")
    end = f"move {len(replay.moves)}"
    doc.text(x(last), height - bottom / 2, end, size=11, text_anchor="end", fill="#444444")
    doc.element("rect", x=left, y=top, width=width - left - right, height=height - top - bottom,
                fill="none", stroke="#999999")  # fmt: skip
    doc.element("line", id="cursor", x1=x(0), y1=top, x2=x(0), y2=height - bottom,
                stroke="#555555", stroke_dasharray="3 3")  # fmt: skip
    points = [
        [[x(position), y(scores[seat])] for position, scores in enumerate(replay.scores)]
        for seat in range(replay.players)
    ]
    for seat, line in enumerate(points):
        path = " ".join(f"{px:g},{py:g}" for px, py in line)
        colour = replay.palette.seat(seat)
        doc.open(class_="seat", data_seat=seat)
        doc.title(replay.seats[seat])
        doc.element("polyline", points=path, fill="none", stroke="#555555", stroke_width=4,
                    stroke_linejoin="round")  # fmt: skip
        doc.element("polyline", points=path, fill="none", stroke=colour, stroke_width=2,
                    stroke_linejoin="round")  # fmt: skip
        doc.close()
    for seat in range(replay.players):
        px, py = points[seat][0]
        doc.open(class_="marker", data_seat=seat, transform=f"translate({px:g} {py:g})")
        doc.mark(replay.palette.seat_mark(seat), 0, 0, 6, fill=replay.palette.seat(seat),
                 stroke="#333333", stroke_width=1)  # fmt: skip
        doc.close()
    return doc.render(), points


def _legend(replay: Replay) -> str:
    items = []
    for seat, name in enumerate(replay.seats):
        doc = pictures.Svg(16, 16)
        doc.mark(replay.palette.seat_mark(seat), 8, 8, 6, fill=replay.palette.seat(seat),
                 stroke="#333333", stroke_width=1)  # fmt: skip
        items.append(f"<li>{doc.render()} {markup(name)}</li>")
    return f'<ul class="legend">{"".join(items)}</ul>'


def _caption(replay: Replay, position: int) -> str:
    scores = ", ".join(
        f"{replay.seats[seat]} {score}" for seat, score in enumerate(replay.scores[position])
    )
    if position == 0:
        return f"Start. Scores: {scores}"
    seat = replay.movers[position - 1]
    move = replay.moves[position - 1]
    text = f"Move {position} of {len(replay.moves)}: {replay.seats[seat]} plays {move}."
    if position == len(replay.moves) and replay.outcome is not None:
        text += " Game over."
    return f"{text} Scores: {scores}"


def _page(replay: Replay) -> str:
    title = f"{replay.spec.title} replay"
    chart, points = _chart(replay)
    last = len(replay.moves)
    moves = ['<li value="0"><button type="button" data-position="0">start</button></li>']
    for number, (text, seat) in enumerate(zip(replay.moves, replay.movers, strict=True), start=1):
        moves.append(
            f'<li value="{number}"><button type="button" data-position="{number}" '
            f'title="{markup(replay.seats[seat])}">'
            f'<span class="seat-mark">{seat}</span> {markup(text)}</button></li>'
        )
    pieces, frames = _frames(replay.pictures)
    data = {
        "pieces": pieces,
        "frames": frames,
        "positions": list(replay.positions),
        "points": points,
        "captions": [shown(_caption(replay, position)) for position in range(last + 1)],
    }
    seed = "none (set up by hand)" if replay.seed is None else str(replay.seed)
    seats = _and(list(replay.seats))
    facts = [
        f"{replay.players} players: {markup(seats)}",
        f"seed {markup(seed)}",
        f"{last} moves",
    ]
    return _TEMPLATE.format(
        title=markup(title),
        facts=" &middot; ".join(facts),
        result=markup(replay._result()),
        last=last,
        moves="\n".join(moves),
        chart=chart,
        legend=_legend(replay),
        data=_script_json(data),
        style=_STYLE,
        script=_SCRIPT,
        script_hash=_script_hash(_SCRIPT),
        caption=markup(_caption(replay, 0)),
    )


_STYLE = """
body { font-family: sans-serif; margin: 0; padding: 12px 16px; color: #222; background: #fafafa; }
header h1 { font-size: 1.4em; margin: 0 0 4px; }
header p { margin: 2px 0; }
#result { font-weight: bold; }
main { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; margin-top: 10px; }
#board { flex: 0 1 auto; max-width: 100%; min-width: min(100%, 600px); }
#stage { background: #fff; border: 1px solid #ccc; padding: 6px; display: inline-block;
  max-width: calc(100% - 14px); }
#stage svg { display: block; max-width: 100%; height: auto; }
.controls { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 8px 0 4px; }
.controls button { font: inherit; padding: 3px 10px; }
#slider { flex: 1 1 200px; min-width: 160px; }
#caption { margin: 4px 0; min-height: 2.4em; }
aside { flex: 0 0 230px; }
aside h2, #scores h2 { font-size: 1.05em; margin: 0 0 6px; }
#moves { max-height: 560px; overflow-y: auto; margin: 0; padding: 0 0 0 3.2em;
  border: 1px solid #ccc; background: #fff; font-family: monospace; }
#moves button { font: inherit; border: 0; background: none; padding: 1px 6px; cursor: pointer;
  text-align: left; width: 100%; }
#moves li.current button { background: #ffe08a; font-weight: bold; }
#moves .seat-mark { display: inline-block; min-width: 1.3em; text-align: center; color: #fff;
  background: #555; border-radius: 3px; }
#scores { margin-top: 14px; }
#chart svg { max-width: 100%; height: auto; cursor: pointer; }
.legend { list-style: none; display: flex; flex-wrap: wrap; gap: 14px; padding: 0; margin: 4px 0; }
.legend li { display: flex; align-items: center; gap: 4px; }
.hint { color: #666; font-size: 0.9em; }
"""

_SCRIPT = """
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const last = data.positions.length - 1;
  const stage = document.getElementById("stage");
  const slider = document.getElementById("slider");
  const caption = document.getElementById("caption");
  const counter = document.getElementById("counter");
  const items = Array.from(document.querySelectorAll("#moves li"));
  const cursor = document.getElementById("cursor");
  const markers = Array.from(document.querySelectorAll("#chart .marker"));
  let position = -1;
  const built = [];

  function pieceList(picture) {
    for (let index = built.length; index <= picture; index++) {
      const before = index ? built[index - 1] : [];
      const list = [];
      data.frames[index].forEach(function (step) {
        if (Array.isArray(step)) for (let k = step[0]; k < step[1]; k++) list.push(before[k]);
        else list.push(step);
      });
      built.push(list);
    }
    return built[picture];
  }

  function go(target) {
    target = Math.max(0, Math.min(last, Math.round(Number(target)) || 0));
    if (target === position) return;
    const previous = position;
    position = target;
    const picture = data.positions[position];
    if (previous < 0 || data.positions[previous] !== picture) {
      const svg = pieceList(picture).map(function (piece) { return data.pieces[piece]; });
      const parsed = new DOMParser().parseFromString(svg.join(""), "image/svg+xml");
      stage.replaceChildren(document.importNode(parsed.documentElement, true));
    }
    stage.dataset.position = String(position);
    stage.dataset.picture = String(picture);
    slider.value = String(position);
    caption.textContent = data.captions[position];
    counter.textContent = position + " / " + last;
    items.forEach(function (item, index) {
      const current = index === position;
      item.classList.toggle("current", current);
      if (current) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    });
    const item = items[position];
    const list = item.parentElement;
    if (item.offsetTop < list.scrollTop ||
        item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = item.offsetTop - list.clientHeight / 2;
    }
    const x = data.points.length ? data.points[0][position][0] : 0;
    cursor.setAttribute("x1", x);
    cursor.setAttribute("x2", x);
    markers.forEach(function (marker, seat) {
      const point = data.points[seat][position];
      marker.setAttribute("transform", "translate(" + point[0] + " " + point[1] + ")");
    });
  }

  document.getElementById("first").addEventListener("click", function () { go(0); });
  document.getElementById("back").addEventListener("click", function () { go(position - 1); });
  document.getElementById("forward").addEventListener("click", function () { go(position + 1); });
  document.getElementById("last").addEventListener("click", function () { go(last); });
  slider.addEventListener("input", function () { go(slider.value); });
  items.forEach(function (item) {
    item.querySelector("button").addEventListener("click", function (event) {
      go(event.currentTarget.dataset.position);
    });
  });
  document.getElementById("chart").addEventListener("click", function (event) {
    const svg = event.currentTarget.querySelector("svg");
    const box = svg.getBoundingClientRect();
    const x = (event.clientX - box.left) * svg.viewBox.baseVal.width / box.width;
    const row = data.points.length ? data.points[0] : [];
    let best = 0;
    row.forEach(function (point, index) {
      if (Math.abs(point[0] - x) < Math.abs(row[best][0] - x)) best = index;
    });
    go(best);
  });
  document.addEventListener("keydown", function (event) {
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = {ArrowLeft: -1, ArrowRight: 1};
    if (event.key in moves) go(position + moves[event.key]);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(last);
    else return;
    event.preventDefault();
  });
  go(0);
})();
"""

_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; style-src 'unsafe-inline'; script-src '{script_hash}'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="huegames replay">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<header>
<h1>{title}</h1>
<p id="facts">{facts}</p>
<p id="result">{result}</p>
</header>
<main>
<section id="board" aria-label="the table">
<div id="stage" aria-live="polite"></div>
<div class="controls">
<button type="button" id="first" title="first position (Home)">&laquo; first</button>
<button type="button" id="back" title="back one move (Left)">&lsaquo; back</button>
<button type="button" id="forward" title="forward one move (Right)">forward &rsaquo;</button>
<button type="button" id="last" title="last position (End)">last &raquo;</button>
<input type="range" id="slider" min="0" max="{last}" value="0" step="1" aria-label="position">
<span id="counter">0 / {last}</span>
</div>
<p id="caption">{caption}</p>
<p class="hint">Keys: Left and Right step, Home and End jump; click a move to go there.</p>
</section>
<aside>
<h2>Moves</h2>
<ol id="moves">
{moves}
</ol>
</aside>
</main>
<section id="scores">
<h2>Scores</h2>
<div id="chart">{chart}</div>
{legend}
</section>
<script type="application/json" id="replay-data">{data}</script>
<script>{script}</script>
</body>
</html>
"""
