"""Text from outside (records, card ids, seat and bot names, cues), made safe.

One place decides how outside text is shown, so that every game, picture,
page, terminal and error message treats it the same way:

- :func:`shown` for a terminal: control, format and escape characters
  appear as Python escapes (``\\x1b``), never raw, so a record cannot move
  the cursor, retitle the window or hide text.
- :func:`quoted` for an error message: :func:`shown`, in quotes, and cut
  to at most 200 characters of the original, so a message stays one
  readable line whatever the input.
- :func:`markup` for SVG and HTML: :func:`shown`, then ``&``, ``<``, ``>``
  and both quotes as entities, so the document stays well-formed XML
  (characters XML 1.0 forbids cannot even be written as references) and
  inert.

>>> from huegames.text import markup, quoted, shown
>>> shown("red\\x1b]0;owned\\x07")
'red\\\\x1b]0;owned\\\\x07'
>>> quoted("x" * 500)[-26:]
"'... (300 more characters)"
>>> markup('<b a="1">&\\x00')
'&lt;b a=&quot;1&quot;&gt;&amp;\\\\x00'
"""

from __future__ import annotations

import unicodedata

__all__ = ["QUOTED_LIMIT", "markup", "quoted", "shown"]

QUOTED_LIMIT = 200
"""At most this many characters of outside text are quoted in a message."""

# Unicode categories never shown raw: controls (C0, DEL, C1), format
# characters (bidirectional overrides, zero-width joiners), surrogates,
# private use and unassigned code points, and line/paragraph separators.
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _escape(character: str) -> str:
    code = ord(character)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def shown(text: str) -> str:
    """``text`` with every control, format or unassigned character escaped.

    Printable characters of any script pass unchanged; a backslash is
    doubled so that an escape in the output always means an escaped
    character of the input.
    """
    if text.isprintable() and "\\" not in text:
        return text
    return "".join(
        "\\\\"
        if character == "\\"
        else _escape(character)
        if unicodedata.category(character) in _HIDDEN
        else character
        for character in text
    )


def quoted(text: object, limit: int = QUOTED_LIMIT) -> str:
    """``text`` for an error message: shown safely, quoted, cut to ``limit``.

    A cut text ends with how many characters were left out.
    """
    value = text if isinstance(text, str) else repr(text)
    if len(value) > limit:
        rest = len(value) - limit
        return f"'{shown(value[:limit])}'... ({rest} more characters)"
    return f"'{shown(value)}'"


def markup(text: str) -> str:
    """``text`` for SVG or HTML text and attribute values: shown safely, escaped."""
    return (
        shown(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )
