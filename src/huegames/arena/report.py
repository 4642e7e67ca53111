"""A tournament's report as one self-contained HTML page (``--report``).

The page holds the rating table, the pair results and the SPRT, and two
plots drawn as inline SVG: every bot's rating (mu, with its ±sigma band)
over the games, and, with an SPRT, the LLR over the games between its
bounds.  It has no script, fetches nothing (its content security policy
allows only its own style sheet, by hash), and every outside text (bot
names, forfeit reasons) is escaped.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence
from typing import Final

from ..text import markup
from .stats import ranked, rating_history
from .tournament import Standings

__all__ = ["COLOURS", "report_html"]

COLOURS: Final = (
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
    "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22",
)  # fmt: skip
"""The plots' line colours, bot by bot in the order of the rating table."""

_STYLE: Final = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 64em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:nth-child(-n+2), td:nth-child(-n+2) { text-align: left; }
figure { margin: 1.5em 0; }
svg text { font: 12px system-ui, sans-serif; }
.axis { stroke: #888; }
.bound { stroke: #888; stroke-dasharray: 4 3; }
"""

_WIDTH, _HEIGHT, _LEFT, _RIGHT, _TOP, _BOTTOM = 720, 300, 56, 150, 16, 32


def report_html(standings: Standings) -> str:
    """The report page of ``standings`` (a finished or resumed tournament's).

    >>> from huegames.arena.report import report_html
    >>> from huegames.arena.tournament import Standings, Tournament
    >>> page = report_html(Standings(Tournament.build("linja", "greedy,random", games=2)))
    >>> page.startswith("<!DOCTYPE html>"), "<table>" in page
    (True, True)
    """
    tournament = standings.tournament
    order = [name for name, _ in ranked(standings.ratings)] or list(tournament.names)
    colour = {name: COLOURS[i % len(COLOURS)] for i, name in enumerate(order)}
    title = f"Tournament: {standings.title()}"
    sections = [f"<h1>{markup(title)}</h1>", _tables(standings)]
    history = rating_history(standings.finishes)
    if history:
        series = {
            name: [
                (games, ratings[name].mu, ratings[name].sigma)
                for games, ratings in history
                if name in ratings
            ]
            for name in order
        }
        sections.append(
            _figure("Ratings (mu ± sigma) over the games", _plot(series, colour, bounds=()))
        )
    if standings.llr_history and tournament.sprt is not None:
        llr = {"LLR": [(games, value, 0.0) for games, value in standings.llr_history]}
        sections.append(
            _figure(
                "The SPRT's log-likelihood ratio over the games, between its bounds",
                _plot(llr, {"LLR": COLOURS[0]}, bounds=tournament.sprt.bounds),
            )
        )
    style_hash = base64.b64encode(hashlib.sha256(_STYLE.encode()).digest()).decode()
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
            f"style-src 'sha256-{style_hash}'\">",
            f"<title>{markup(title)}</title>",
            f"<style>{_STYLE}</style></head><body>",
            *sections,
            "</body></html>",
        ]
    )


def _tables(standings: Standings) -> str:
    """The ratings, the pairs, the SPRT and the forfeits, as HTML."""
    parts = [_html_table(standings.RATING_COLUMNS, standings.rating_rows())]
    if standings.pairs:
        parts.append(_html_table(standings.PAIR_COLUMNS, standings.pair_rows()))
    if standings.tournament.sprt is not None:
        parts.append(f"<p>{markup(standings.sprt_line())}</p>")
    if standings.reasons:
        items = "".join(f"<li>{markup(reason)}</li>" for reason in standings.reasons)
        parts.append(f"<h2>Forfeits</h2><ul>{items}</ul>")
    return "\n".join(parts)


def _html_table(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """An HTML table, every cell escaped."""
    head = "".join(f"<th>{markup(column)}</th>" for column in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{markup(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _figure(caption: str, svg: str) -> str:
    return f"<figure>{svg}<figcaption>{markup(caption)}</figcaption></figure>"


def _plot(
    series: dict[str, list[tuple[int, float, float]]],
    colour: dict[str, str],
    bounds: Sequence[float],
) -> str:
    """A line per series of ``(x, y, band)`` points (a shaded ``y ± band``), and
    dashed horizontal lines at ``bounds``, as an SVG element."""
    points = [point for line in series.values() for point in line]
    xs = [x for x, _, _ in points] or [0]
    ys = [y + s * d for _, y, d in points for s in (-1, 1)] + list(bounds) or [0.0]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(ys), max(ys)
    if x1 == x0:
        x1 = x0 + 1
    if y1 == y0:
        y0, y1 = y0 - 1, y1 + 1
    plot_w, plot_h = _WIDTH - _LEFT - _RIGHT, _HEIGHT - _TOP - _BOTTOM

    def px(x: float) -> float:
        return _LEFT + (x - x0) / (x1 - x0) * plot_w

    def py(y: float) -> float:
        return _TOP + (y1 - y) / (y1 - y0) * plot_h

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{_HEIGHT}" '
        f'viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img">',
        f'<line class="axis" x1="{_LEFT}" y1="{_TOP + plot_h}" x2="{_LEFT + plot_w}" '
        f'y2="{_TOP + plot_h}"/>',
        f'<line class="axis" x1="{_LEFT}" y1="{_TOP}" x2="{_LEFT}" y2="{_TOP + plot_h}"/>',
        f'<text x="{_LEFT - 6}" y="{py(y1) + 4:.1f}" text-anchor="end">{y1:.1f}</text>',
        f'<text x="{_LEFT - 6}" y="{py(y0) + 4:.1f}" text-anchor="end">{y0:.1f}</text>',
        f'<text x="{_LEFT}" y="{_HEIGHT - 8}">{x0}</text>',
        f'<text x="{_LEFT + plot_w}" y="{_HEIGHT - 8}" text-anchor="end">{x1} games</text>',
    ]
    for bound in bounds:
        parts.append(
            f'<line class="bound" x1="{_LEFT}" y1="{py(bound):.1f}" x2="{_LEFT + plot_w}" '
            f'y2="{py(bound):.1f}"/>'
        )
    for row, (name, line) in enumerate(series.items()):
        if not line:
            continue
        hue = colour[name]
        upper = " ".join(f"{px(x):.1f},{py(y + d):.1f}" for x, y, d in line)
        lower = " ".join(f"{px(x):.1f},{py(y - d):.1f}" for x, y, d in reversed(line))
        middle = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y, _ in line)
        parts.append(f'<polygon points="{upper} {lower}" fill="{hue}" fill-opacity="0.12"/>')
        parts.append(f'<polyline points="{middle}" fill="none" stroke="{hue}" stroke-width="2"/>')
        label_y = _TOP + 14 + 16 * row
        parts.append(
            f'<text x="{_WIDTH - _RIGHT + 10}" y="{label_y}" fill="{hue}">{markup(name)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
