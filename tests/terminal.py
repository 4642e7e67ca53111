"""What outside text must never bring to a terminal or a picture.

:func:`assert_inert` checks terminal output: once the SGR colour codes
the drawings emit are taken out, no control or format character but the
newline is left.  :func:`assert_well_formed` checks an SVG document:
it parses as XML and converts to PNG.
"""

from __future__ import annotations

import io
import re
import unicodedata
import xml.etree.ElementTree as ET

from huegames import pictures

SGR = re.compile(r"\x1b\[[0-9;]*m")
"""The colour codes rich writes for console markup's styles."""


def rendered(markup: str) -> str:
    """Console markup as rich writes it to a colour terminal."""
    from rich.console import Console
    from rich.text import Text

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="truecolor", width=200)
    console.print(Text.from_markup(markup))
    return out.getvalue()


def assert_inert(text: str) -> None:
    """No control, format or surrogate character but newlines, colours aside."""
    hidden = [
        character
        for character in SGR.sub("", text)
        if character != "\n" and unicodedata.category(character) in ("Cc", "Cf", "Cs")
    ]
    assert not hidden, f"raw {hidden!r} in {text!r}"


def assert_well_formed(svg: str, png: bool = True) -> ET.Element:
    """``svg`` parsed (it must be well-formed XML), after converting it to PNG."""
    root = ET.fromstring(svg)
    if png:
        assert pictures.png(svg).startswith(b"\x89PNG")
    return root
