"""A Griffe extension that lets the API reference show huegames' docstrings.

The docstrings are prose written for ``help()`` and doctest, in the reST
habits of the standard library, and the API reference renders them as
Markdown (``docstring_style: null`` in mkdocs.yml).  Three reST forms would
read wrongly there, so this extension rewrites them in the loaded docstrings
only (the source, ``help()`` and the doctests are untouched):

- doctest examples (``>>>`` lines, their ``...`` continuations and output,
  up to a blank line) become fenced ``pycon`` code blocks, instead of
  nested block quotes whose output (``['X0', 'X1']``) reads as links;
- a literal block (a paragraph ending in ``::`` and the indented lines
  after it) becomes a fenced code block, the ``::`` a ``:``;
- the roles ``:class:`Game```, ``:func:`~huegames.engine.play_game``` and
  the like become code that links to the object when the reference site
  has a page for it (an optional cross-reference: never a warning).

mkdocs.yml loads it with ``extensions: [docs/griffe_rest_prose.py]``; it
needs only Griffe, which mkdocstrings[python] brings.
"""

from __future__ import annotations

import html
import re
from typing import Any

from griffe import Extension, Object

ROLE = re.compile(
    r":(?:py:)?(?:class|func|meth|mod|data|attr|exc|obj|const|type):`(?P<target>[^`]+)`"
)
"""A Sphinx cross-reference role: ``:func:`name```, ``:class:`~a.b.C```."""

FENCE = re.compile(r"^\s*(```|~~~)")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _link(match: re.Match[str], scope: Object) -> str:
    """A role as code, linked (optionally) to the object it names."""
    target = match["target"].strip()
    explicit = re.fullmatch(r"(?P<title>.+?)\s*<(?P<target>[^<>]+)>", target)
    if explicit:
        title, target = explicit["title"], explicit["target"].strip()
    else:
        title = target
    short = target.startswith("~")
    target = target.lstrip("~.!")
    if short:
        title = target.rsplit(".", 1)[-1]
    head, _, rest = target.partition(".")
    try:
        identifier = scope.resolve(head)
    except Exception:  # not in scope: a full path, or a name from elsewhere
        identifier = head
    if rest:
        identifier = f"{identifier}.{rest}"
    code = f"<code>{html.escape(title.lstrip('~'))}</code>"
    return f'<autoref identifier="{html.escape(identifier)}" optional>{code}</autoref>'


def rewrite(text: str, scope: Object | None = None) -> str:
    """The docstring ``text`` with its doctests and literal blocks fenced and
    its roles turned into code (linked within ``scope``).  Idempotent."""
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        fence = FENCE.match(line)
        if fence:  # an existing fenced block: copied as it is
            out.append(line)
            index += 1
            while index < len(lines):
                out.append(lines[index])
                index += 1
                if lines[index - 1].strip().startswith(fence.group(1)):
                    break
            continue
        if line.lstrip().startswith(">>>"):  # a doctest, up to a blank line
            pad = " " * _indent(line)
            out.append(f"{pad}```pycon")
            while index < len(lines) and lines[index].strip():
                out.append(pad + lines[index][len(pad) :])
                index += 1
            out.append(f"{pad}```")
            continue
        if line.rstrip().endswith("::") and _literal_follows(lines, index):
            head = line.rstrip()[:-2]
            if head.strip():  # "text::" reads "text:", "text ::" reads "text"
                out.append(_roles(head.rstrip() if head[-1].isspace() else head + ":", scope))
            base = _indent(line)
            index += 1
            block: list[str] = []
            while index < len(lines) and (not lines[index].strip() or _indent(lines[index]) > base):
                block.append(lines[index])
                index += 1
            while not block[0].strip():
                block.pop(0)
            while not block[-1].strip():
                block.pop()
            cut = min(_indent(entry) for entry in block if entry.strip())
            pad = " " * base
            out += ["", f"{pad}```"]
            out += [pad + entry[cut:] if entry.strip() else "" for entry in block]
            out += [f"{pad}```", ""]
            continue
        out.append(_roles(line, scope))
        index += 1
    return "\n".join(out)


def _literal_follows(lines: list[str], index: int) -> bool:
    """Whether an indented block follows line ``index`` (after blank lines)."""
    base = _indent(lines[index])
    for line in lines[index + 1 :]:
        if line.strip():
            return _indent(line) > base
    return False


def _roles(line: str, scope: Object | None) -> str:
    if scope is None or ":" not in line:
        return ROLE.sub(lambda match: f"<code>{html.escape(match['target'])}</code>", line)
    return ROLE.sub(lambda match: _link(match, scope), line)


def _visit(obj: Object) -> None:
    """Rewrite the docstrings of ``obj`` and of every object defined in it."""
    if obj.docstring is not None:
        obj.docstring.value = rewrite(obj.docstring.value, obj)
    for member in obj.members.values():
        if not member.is_alias:
            _visit(member)


class RestProse(Extension):
    """Rewrite every docstring of a loaded package (see the module docstring)."""

    def on_package(self, *, pkg: Object, **kwargs: Any) -> None:
        _visit(pkg)

    def on_package_loaded(self, *, pkg: Object, **kwargs: Any) -> None:  # Griffe < 1.11
        _visit(pkg)
