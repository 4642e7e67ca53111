"""README's links work wherever it is read: on the repository, on PyPI and on
the documentation site (which includes README.md, CONTRIBUTING.md and
CHANGELOG.md through pymdownx.snippets).

A relative link resolves against the page that shows it, so it breaks on PyPI
and on the site: every link is absolute (``https://``) or an anchor
(``#section``), and every link into this repository's main branch names a
file (``blob/main/...``) or folder (``tree/main/...``) that exists.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REPOSITORY = "https://github.com/huegames/huegames/"
INCLUDED = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"]
"""The Markdown files outside docs/ that the site shows."""

FENCED = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.S)
COMMENT = re.compile(r"<!--.*?-->", re.S)
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^\s)>]*)>?(?:\s+[\"'(].*?)?\)", re.S)
DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
AUTOLINK = re.compile(r"<([a-z][a-z0-9+.-]*:[^\s<>]*)>", re.I)
HTML = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*[\"']([^\"']*)[\"']", re.I)


def prose(text: str) -> str:
    """The Markdown without code and comments, where links are not links."""
    return CODE_SPAN.sub("", FENCED.sub("", COMMENT.sub("", text)))


def links(text: str) -> list[str]:
    """Every link and image target: inline, reference definitions, autolinks
    and HTML ``href``/``src``."""
    text = prose(text)
    found = []
    for pattern in (INLINE, DEFINITION, AUTOLINK, HTML):
        found += [match.group(1) for match in pattern.finditer(text)]
    return found


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped,
    spaces as hyphens."""
    text = re.sub(r"[`*_]|<[^>]+>", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(text: str) -> set[str]:
    return {slug(match) for match in re.findall(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", prose(text), re.M)}


def test_the_link_finder_finds_every_kind_of_link():
    text = (
        '[a](docs/rules) ![b](img.png "title") [c][ref] <https://x.org/>\n'
        '[ref]: ../CHANGELOG.md\n<a href="LICENSE">l</a> `[no](code.md)`\n'
        "```sh\n[no](block.md)\n```\n<!-- [no](comment.md) -->\n"
    )
    assert links(text) == ["docs/rules", "img.png", "../CHANGELOG.md", "https://x.org/", "LICENSE"]
    assert slug("The contract: one shape for every game") == "the-contract-one-shape-for-every-game"


@pytest.mark.parametrize("name", INCLUDED)
def test_no_relative_links(name):
    text = (ROOT / name).read_text()
    relative = [
        target
        for target in links(text)
        if not target.startswith(("https://", "http://", "mailto:", "#"))
    ]
    assert not relative, (
        f"{name} has relative links, which break on PyPI and on the documentation site; "
        f"link to {REPOSITORY}blob/main/<path> instead: {relative}"
    )


@pytest.mark.parametrize("name", INCLUDED)
def test_anchors_name_a_heading(name):
    text = (ROOT / name).read_text()
    missing = [
        target
        for target in links(text)
        if target.startswith("#") and target[1:] not in anchors(text)
    ]
    assert not missing, f"{name} links to anchors that no heading has: {missing}"


@pytest.mark.parametrize("name", INCLUDED)
def test_repository_links_name_what_exists(name):
    targets = [
        target for target in links((ROOT / name).read_text()) if target.startswith(REPOSITORY)
    ]
    broken = []
    for target in targets:
        path = target.removeprefix(REPOSITORY).split("#")[0].split("?")[0]
        kind, _, rest = path.partition("/main/")
        if kind == "blob":
            exists = (ROOT / rest).is_file()
        elif kind == "tree":
            exists = (ROOT / rest).is_dir()
        else:  # compare/, releases/, issues/ ...: not a path in the work tree
            continue
        if not exists or not rest:
            broken.append(target)
    assert not broken, f"{name} links to files or folders that do not exist: {broken}"


def test_readme_links_into_the_repository():
    """The test above has something to check: README links to the rules."""
    targets = links((ROOT / "README.md").read_text())
    assert f"{REPOSITORY}blob/main/docs/rules/hue.md" in targets or any(
        target.startswith(f"{REPOSITORY}tree/main/docs/rules") for target in targets
    )


def test_the_site_includes_readme_sections_that_exist():
    """docs/*.md include README sections by name (``--8<-- "README.md:speed"``);
    each is marked in README by a start and an end comment."""
    readme = (ROOT / "README.md").read_text()
    included = set()
    for page in (ROOT / "docs").rglob("*.md"):
        included |= set(re.findall(r'^--8<-- "README\.md:([\w-]+)"', page.read_text(), re.M))
    assert included, "the site includes README sections"
    for section in included:
        start = readme.find(f"<!-- --8<-- [start:{section}] -->")
        end = readme.find(f"<!-- --8<-- [end:{section}] -->")
        assert 0 <= start < end, f"README has no section {section!r} between start and end markers"
