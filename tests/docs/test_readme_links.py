"""README's links work wherever it is read: on the repository, on PyPI and,
for CHANGELOG.md, on the documentation site (which includes it through
pymdownx.snippets); CONTRIBUTING.md keeps to the same rule.

A relative link resolves against the page that shows it, so it breaks on PyPI
and on the site: every link is absolute (``https://``) or an anchor
(``#section``), every link into this repository's main branch names a file
(``blob/main/...``) or folder (``tree/main/...``) that exists, and every link
into the documentation site names one of its pages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.backend_independent  # the same on either backend

ROOT = Path(__file__).resolve().parents[2]
REPOSITORY = "https://github.com/huegames/huegames/"
SITE = "https://huegames.readthedocs.io/en/latest/"
INCLUDED = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"]
"""The Markdown files outside docs/ that readers see on PyPI, on the
repository or on the site."""

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


def site_page(target: str) -> Path | None:
    """The docs/ source of a link into the site (``.../games/hue/#bots`` is
    ``docs/games/hue.md``), or None when it names no page."""
    path = target.removeprefix(SITE).split("#")[0].strip("/")
    docs = ROOT / "docs"
    sources = [docs / f"{path}.md", docs / path / "index.md"] if path else [docs / "index.md"]
    return next((source for source in sources if source.is_file()), None)


@pytest.mark.parametrize("name", INCLUDED)
def test_site_links_name_a_page(name):
    targets = [target for target in links((ROOT / name).read_text()) if target.startswith(SITE)]
    broken = [target for target in targets if site_page(target) is None]
    assert not broken, f"{name} links to pages the site does not have: {broken}"


def test_readme_links_to_every_page_of_the_manual_it_names():
    """README's table of what is in the box links each row to its page."""
    targets = {site_page(target) for target in links((ROOT / "README.md").read_text())}
    for page in ("getting-started", "bots", "batch", "learning", "show", "speed", "games/hue"):
        assert ROOT / "docs" / f"{page}.md" in targets, f"README does not link to {page}"
    assert site_page(f"{SITE}no-such-page/") is None
