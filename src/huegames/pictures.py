"""What every game's pictures share: style options, palettes and an SVG writer.

Each game draws itself (``huegames.hue.svg``, ``huegames.linja.svg``,
``huegames.plank.svg``, ``huegames.hues_and_cues.svg``) with the same
keyword options, read here into one :class:`Style`: ``size`` (pixels of
the game's unit: a Hue square, a Linja row, a Plank square, a Hues and
Cues square), ``coordinates`` (labels on the edges), ``flip`` (the table
seen from the other side) and ``palette`` (``"standard"``, or
``"colour-blind"``: colours told apart by people with any common colour
vision deficiency, with a letter or shape on everything a colour tells).
Pictures need nothing beyond the standard library; :func:`png` converts
one with the optional ``png`` extra, writing text in the DejaVu Sans that
ships with the package (:data:`FONT_FAMILY`), never a system font, so a
PNG is the same on every machine.

>>> from huegames import pictures
>>> style = pictures.style(size=20, palette="colour-blind")
>>> style.size, style.palette.name, style.palette.marks
(20, 'colour-blind', True)
>>> doc = pictures.Svg(40, 20)
>>> doc.rect(0, 0, 20, 20, fill=style.palette.colour("red"))
>>> doc.text(30, 10, "R & G")
>>> print(doc.render())  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20"
 font-family="DejaVu Sans, sans-serif"><rect x="0" y="0" width="20" height="20"
 fill="#d55e00"/><text x="30" y="10" text-anchor="middle" dominant-baseline="central"
 font-size="12">R &amp; G</text></svg>
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType

from .records import brief
from .text import markup, shown

__all__ = [
    "COLOUR_BLIND",
    "FONT_FAMILY",
    "MAX_PIXELS",
    "MAX_SCALE",
    "PALETTES",
    "STANDARD",
    "Palette",
    "Style",
    "Svg",
    "console_text",
    "ink",
    "luminance",
    "png",
    "style",
]

FONT_FAMILY = "DejaVu Sans"
"""The font of every picture's text: :func:`png` draws it from the copy in
the package (``huegames/fonts``: regular and bold, Latin, Greek, Cyrillic
and common symbols; its licence is there too); a browser falls back to
its own sans-serif where DejaVu Sans is not installed."""

COLOUR_NAMES = ("green", "red", "yellow", "purple", "blue", "white", "black")
"""The colours the games name: Hue's five, Plank's green, red and white,
Linja's red and black."""

SEAT_MARKS = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "cross",
    "star",
    "hexagon",
    "plus",
    "ring",
    "bar",
)
"""Shapes that tell seats apart without colour, seat 0 first."""


@dataclass(frozen=True)
class Palette:
    """The colours a picture paints with, by name and by seat.

    ``marks`` asks the games to draw a letter or shape on every square,
    token or piece whose colour carries meaning, so the picture reads in
    greyscale and to colour-blind eyes.
    """

    name: str
    colours: Mapping[str, str]
    """Fill for each name of :data:`COLOUR_NAMES`."""
    letters: Mapping[str, str]
    """A letter for each colour name, drawn when :attr:`marks` is true."""
    seats: tuple[str, ...]
    """Fill for seats 0, 1, 2, ... (ten of them: Hues and Cues' most)."""
    marks: bool

    def colour(self, name: str) -> str:
        """The fill for colour ``name`` (a ValueError naming the known ones)."""
        try:
            return self.colours[name]
        except KeyError:
            raise ValueError(
                f"no colour {brief(name)} in the {self.name} palette: "
                f"choose from {', '.join(self.colours)}"
            ) from None

    def seat(self, seat: int) -> str:
        """The fill for ``seat`` (seats past the tenth reuse the list)."""
        return self.seats[seat % len(self.seats)]

    def seat_mark(self, seat: int) -> str:
        """The shape of :data:`SEAT_MARKS` that stands for ``seat``."""
        return SEAT_MARKS[seat % len(SEAT_MARKS)]


_LETTERS = MappingProxyType(
    {
        "green": "G",
        "red": "R",
        "yellow": "Y",
        "purple": "P",
        "blue": "B",
        "white": "W",
        "black": "K",
    }
)

STANDARD = Palette(
    name="standard",
    colours=MappingProxyType(
        {
            "green": "#2e9e44",
            "red": "#d7262e",
            "yellow": "#f4c20d",
            "purple": "#7b3fa0",
            "blue": "#1f6fd1",
            "white": "#f7f5ef",
            "black": "#262626",
        }
    ),
    letters=_LETTERS,
    seats=(
        "#000000",
        "#ffffff",
        "#e6194b",
        "#3cb44b",
        "#4363d8",
        "#f58231",
        "#911eb4",
        "#ffe119",
        "#46f0f0",
        "#f032e6",
    ),
    marks=False,
)
"""The games' own colours, as the printed components show them."""

COLOUR_BLIND = Palette(
    name="colour-blind",
    colours=MappingProxyType(
        {
            "green": "#009e73",
            "red": "#d55e00",
            "yellow": "#f0e442",
            "purple": "#cc79a7",
            "blue": "#0072b2",
            "white": "#f7f5ef",
            "black": "#262626",
        }
    ),
    letters=_LETTERS,
    seats=(
        "#000000",
        "#ffffff",
        "#e69f00",
        "#56b4e9",
        "#009e73",
        "#f0e442",
        "#0072b2",
        "#d55e00",
        "#cc79a7",
        "#999999",
    ),
    marks=True,
)
"""Okabe and Ito's colour-blind-safe colours, with letters and shapes."""

PALETTES: Mapping[str, Palette] = MappingProxyType(
    {palette.name: palette for palette in (STANDARD, COLOUR_BLIND)}
)
"""Every palette by name."""


@dataclass(frozen=True)
class Style:
    """The options every game's ``svg(...)`` takes, checked once."""

    size: int = 32
    """Pixels of the game's unit square or row."""
    coordinates: bool = True
    """Whether labels run along the edges."""
    flip: bool = False
    """Whether the table is turned round (seen from the other side)."""
    palette: Palette = STANDARD

    def __post_init__(self) -> None:
        if type(self.size) is not int:
            raise TypeError(f"size must be an int number of pixels, not {brief(self.size)}")
        if not 4 <= self.size <= 512:
            raise ValueError(f"size must be 4 to 512 pixels, not {self.size}")
        for name in ("coordinates", "flip"):
            if type(getattr(self, name)) is not bool:
                raise TypeError(f"{name} must be True or False, not {brief(getattr(self, name))}")
        if not isinstance(self.palette, Palette):
            raise TypeError(f"palette must be a Palette, not {brief(self.palette)}")


def style(
    *,
    size: int = 32,
    coordinates: bool = True,
    flip: bool = False,
    palette: str | Palette = "standard",
) -> Style:
    """The :class:`Style` of a game's ``svg(...)`` keywords; ``palette`` by
    name (see :data:`PALETTES`) or as a :class:`Palette`.

    >>> from huegames import pictures
    >>> pictures.style(palette="sepia")
    Traceback (most recent call last):
    ...
    ValueError: unknown palette 'sepia': choose from standard, colour-blind
    """
    if isinstance(palette, str):
        if palette not in PALETTES:
            raise ValueError(f"unknown palette {brief(palette)}: choose from {', '.join(PALETTES)}")
        palette = PALETTES[palette]
    return Style(size=size, coordinates=coordinates, flip=flip, palette=palette)


def _number(value: float) -> str:
    """A coordinate as SVG text: integers without a point, others to 0.01
    (``96.0000001`` is ``96``: browsers refuse ``96.``)."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _attributes(attributes: Mapping[str, object]) -> str:
    """`` name="value"`` pairs, ``font_size`` written ``font-size``, None left out."""
    parts = []
    for name, value in attributes.items():
        if value is None:
            continue
        text = _number(value) if isinstance(value, (int, float)) else str(value)
        parts.append(f' {name.rstrip("_").replace("_", "-")}="{markup(text)}"')
    return "".join(parts)


_BRACKET = re.compile(r"(\\*)(\[(?:[a-z#/@][^[]*?])?)")
"""An opening bracket after any backslashes, with the rest of a tag when
rich console markup would read one there."""


def _bracket(found: re.Match[str]) -> str:
    # rich halves the backslashes before a tag (an odd one escapes it) and
    # drops one before any other bracket.
    backslashes, bracket = found[1], found[2]
    if len(bracket) > 1:
        return f"{backslashes}{backslashes}\\{bracket}"
    return f"{backslashes}\\{bracket}" if backslashes else bracket


def console_text(text: str) -> str:
    """Outside text for a picture in rich console markup: :func:`huegames.text.shown`
    (no control or escape character reaches the terminal), with brackets
    and backslashes escaped so rich shows it as it is, never as a style.

    >>> from huegames import pictures
    >>> pictures.console_text("[bold]x\\x1b[2J")
    '\\\\[bold]x\\\\x1b[2J'
    """
    return _BRACKET.sub(_bracket, shown(text))


def luminance(fill: str) -> float:
    """The WCAG relative luminance of a ``#rrggbb`` colour, 0 (black) to 1 (white)."""
    channels = []
    for start in (1, 3, 5):
        value = int(fill[start : start + 2], 16) / 255
        channels.append(value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4)
    red, green, blue = channels
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def ink(fill: str, *, dark: str = "#000000", light: str = "#ffffff") -> str:
    """``dark`` or ``light``, whichever text reads better on ``fill`` (``#rrggbb``).

    >>> from huegames import pictures
    >>> pictures.ink("#f4c20d"), pictures.ink("#1f6fd1")
    ('#000000', '#ffffff')
    """
    return dark if luminance(fill) > 0.179 else light


class Svg:
    """A small SVG document written element by element, in drawing order.

    Element methods take SVG attributes as keywords (``stroke_width=2`` is
    written ``stroke-width="2"``, ``class_="x"`` ``class="x"``); every text
    and attribute value goes through :func:`huegames.text.markup`, so any
    outside text (a card id, a cue, a seat's name) leaves the document
    well-formed and inert. :meth:`open`/:meth:`close` wrap elements in a group.
    ``attributes`` go on the root ``<svg>`` (``class_="huegames-linja"``).
    """

    def __init__(self, width: float, height: float, **attributes: object) -> None:
        self.width, self.height = width, height
        self.attributes = attributes
        self._parts: list[str] = []

    def element(self, tag: str, content: str | None = None, /, **attributes: object) -> None:
        """Any element; ``content`` (already SVG) goes between its tags."""
        if content is None:
            self._parts.append(f"<{tag}{_attributes(attributes)}/>")
        else:
            self._parts.append(f"<{tag}{_attributes(attributes)}>{content}</{tag}>")

    def rect(self, x: float, y: float, width: float, height: float, **attributes: object) -> None:
        """A rectangle with its top-left corner at ``(x, y)``."""
        self.element("rect", x=x, y=y, width=width, height=height, **attributes)

    def circle(self, cx: float, cy: float, r: float, **attributes: object) -> None:
        """A circle centred on ``(cx, cy)``."""
        self.element("circle", cx=cx, cy=cy, r=r, **attributes)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attributes: object) -> None:
        """A straight line."""
        self.element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attributes)

    def polygon(self, points: list[tuple[float, float]], **attributes: object) -> None:
        """A closed polygon through ``points``."""
        text = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        self.element("polygon", points=text, **attributes)

    def text(
        self, x: float, y: float, text: str, *, size: float = 12, **attributes: object
    ) -> None:
        """``text`` centred on ``(x, y)``, ``size`` pixels high."""
        attributes = {"text_anchor": "middle", "dominant_baseline": "central", **attributes}
        self.element("text", markup(text), x=x, y=y, **attributes, font_size=size)

    def title(self, text: str) -> None:
        """A tooltip (and accessible name) for the enclosing group or picture."""
        self.element("title", markup(text))

    def mark(self, shape: str, cx: float, cy: float, r: float, **attributes: object) -> None:
        """One of :data:`SEAT_MARKS` centred on ``(cx, cy)``, about ``r`` in radius."""
        if shape == "circle":
            self.circle(cx, cy, r, **attributes)
        elif shape == "ring":  # drawn as a thick stroke in the fill colour: no outline
            outline = ("fill", "stroke", "stroke_width")
            ring = {k: v for k, v in attributes.items() if k not in outline}
            stroke = attributes.get("fill", "black")
            self.circle(cx, cy, r * 0.8, fill="none", stroke=stroke, stroke_width=r * 0.4, **ring)
        elif shape == "square":
            self.rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, **attributes)
        elif shape == "bar":
            self.rect(cx - r, cy - r * 0.4, r * 2, r * 0.8, **attributes)
        else:
            self.polygon([(cx + x * r, cy + y * r) for x, y in _SHAPES[shape]], **attributes)

    def open(self, **attributes: object) -> None:
        """Start a group (``<g>``); :meth:`close` ends it."""
        self._parts.append(f"<g{_attributes(attributes)}>")

    def close(self) -> None:
        """End the group :meth:`open` started."""
        self._parts.append("</g>")

    def render(self) -> str:
        """The whole document as text."""
        header = _attributes(
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "width": self.width,
                "height": self.height,
                "viewBox": f"0 0 {_number(self.width)} {_number(self.height)}",
                "font_family": f"{FONT_FAMILY}, sans-serif",
                **self.attributes,
            }
        )
        return f"<svg{header}>{''.join(self._parts)}</svg>"


def _star(points: int, inner: float) -> tuple[tuple[float, float], ...]:
    from math import cos, pi, sin

    corners = []
    for k in range(2 * points):
        radius = 1.0 if k % 2 == 0 else inner
        angle = -pi / 2 + k * pi / points
        corners.append((radius * cos(angle), radius * sin(angle)))
    return tuple(corners)


_SHAPES: Mapping[str, tuple[tuple[float, float], ...]] = MappingProxyType(
    {
        "triangle": ((0.0, -1.0), (0.95, 0.75), (-0.95, 0.75)),
        "diamond": ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)),
        "cross": (
            (-1, -0.6),
            (-0.6, -1),
            (0, -0.4),
            (0.6, -1),
            (1, -0.6),
            (0.4, 0),
            (1, 0.6),
            (0.6, 1),
            (0, 0.4),
            (-0.6, 1),
            (-1, 0.6),
            (-0.4, 0),
        ),
        "plus": (
            (-0.3, -1),
            (0.3, -1),
            (0.3, -0.3),
            (1, -0.3),
            (1, 0.3),
            (0.3, 0.3),
            (0.3, 1),
            (-0.3, 1),
            (-0.3, 0.3),
            (-1, 0.3),
            (-1, -0.3),
            (-0.3, -0.3),
        ),
        "star": _star(5, 0.45),
        "hexagon": _star(3, 1.0),
    }
)
"""Polygon shapes of :data:`SEAT_MARKS`, on a unit circle."""


MAX_SCALE = 16
"""The largest ``scale`` :func:`png` takes."""

MAX_PIXELS = 40_000_000
"""The most pixels a PNG of :func:`png` may have (about 160 MB of RGBA)."""


def _check_scale(svg: str, scale: object) -> float:
    """``scale`` as a float, refused unless 0 < scale <= MAX_SCALE and the
    picture, scaled, stays within MAX_PIXELS."""
    if isinstance(scale, bool) or not isinstance(scale, (int, float)):
        raise TypeError(f"scale must be a number, not {brief(scale)}")
    if not 0 < scale <= MAX_SCALE:  # also refuses nan; never float() of a huge int
        raise ValueError(f"scale must be above 0 and at most {MAX_SCALE}, not {brief(scale)}")
    found = re.search(r"<svg\b[^>]*", svg)
    sizes = []
    for name in ("width", "height"):
        value = re.search(rf'\s{name}="([0-9.]+)(?:px)?"', found[0]) if found else None
        sizes.append(float(value[1]) if value else 100.0)  # resvg's default
    pixels = sizes[0] * sizes[1] * scale * scale
    if pixels > MAX_PIXELS:
        raise ValueError(
            f"a PNG of {sizes[0]:g} x {sizes[1]:g} at scale {scale:g} would have "
            f"{pixels:,.0f} pixels: at most {MAX_PIXELS:,}"
        )
    return float(scale)


def png(svg: str, *, scale: float = 1.0) -> bytes:
    """``svg`` as PNG bytes, through resvg (``pip install "huegames[png]"``).

    ``scale`` multiplies the picture's size: above 0 and at most
    :data:`MAX_SCALE`, and the PNG at most :data:`MAX_PIXELS` pixels (a
    ValueError otherwise, before anything is drawn).

    Text is drawn in the package's own :data:`FONT_FAMILY` (system fonts
    are never read), so the bytes are the same on every machine.  Raises
    ImportError naming the extra when resvg-py is not installed.
    """
    try:
        import resvg_py  # type: ignore[import-not-found]
    except ImportError:
        raise ImportError('PNG pictures need resvg-py: pip install "huegames[png]"') from None
    zoom = _check_scale(svg, scale)
    data = resvg_py.svg_to_bytes(
        svg_string=svg,
        zoom=zoom,
        skip_system_fonts=True,
        font_files=_font_files(),
        font_family=FONT_FAMILY,
        sans_serif_family=FONT_FAMILY,
    )
    return bytes(data)


def _font_files() -> list[str]:
    """The paths of the fonts the package ships (:data:`FONT_FAMILY`)."""
    folder = resources.files(__package__).joinpath("fonts")
    return sorted(str(path) for path in folder.iterdir() if path.name.endswith(".ttf"))
