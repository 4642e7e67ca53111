"""The package's metadata, build configuration and fallback warning: what a
release to PyPI needs.

The build itself is checked for real outside the suite: scripts/check_package.sh
(sdist -> wheel -> manylinux -> installed), scripts/check_no_compiler.sh (no
compiler, a compile error) and scripts/check_python_versions.sh (the abi3
wheel on a second CPython).  These tests keep the declarations consistent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from huegames import _cores

pytestmark = pytest.mark.backend_independent  # the same on either backend

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]


def test_licence_is_a_pep639_expression_with_its_files():
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"][0] == "LICENSE"
    for name in PROJECT["license-files"]:
        assert (ROOT / name).is_file(), name
    assert "src/huegames/hues_and_cues/data/LICENSE-lexicon.md" in PROJECT["license-files"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "huegames developers" in licence
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]
    assert any(r.startswith("setuptools>=77") for r in PYPROJECT["build-system"]["requires"])


def test_python_versions_agree():
    """Classifiers, requires-python, the abi3 floor and the one cibuildwheel build."""
    versions = [
        c.rsplit(" :: ", 1)[1]
        for c in PROJECT["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ]
    assert versions == PYTHONS
    assert PROJECT["requires-python"] == f">={PYTHONS[0]}"
    floor = "cp" + PYTHONS[0].replace(".", "")
    assert PYPROJECT["tool"]["cibuildwheel"]["build"] == f"{floor}-*"
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert f'LIMITED_API = "{floor}"' in setup


def test_metadata_names_the_project():
    assert PROJECT["authors"] == [{"name": "huegames developers"}]
    assert "Development Status :: 4 - Beta" in PROJECT["classifiers"]
    assert "Operating System :: OS Independent" in PROJECT["classifiers"]
    urls = PROJECT["urls"]
    assert sorted(urls) == ["Changelog", "Documentation", "Issues", "Repository"]
    assert all(url.startswith("https://") for url in urls.values())
    assert PROJECT["optional-dependencies"]["docs"] == ["mkdocs>=1.6", "mkdocstrings[python]>=0.26"]


def test_each_wheel_is_tested_with_files_that_exist():
    """cibuildwheel's test-command runs these tests on every built wheel."""
    commands = PYPROJECT["tool"]["cibuildwheel"]["test-command"]
    assert any("hue.backend == 'c'" in command for command in commands)
    paths = re.findall(r"\{project\}/(\S+)", " ".join(commands))
    assert paths
    for path in paths:
        assert (ROOT / path).is_file(), path


@pytest.mark.parametrize(
    ("record", "says"),
    [
        (
            '{"c_core": "not built", "reason": "no-compiler", "detail": "\'cc\' not found"}',
            "no C compiler worked at install time ('cc' not found). Using the pure-Python "
            "backend, which is much slower; to build it, install a C compiler",
        ),
        (
            '{"c_core": "not built", "reason": "compile-error", '
            '"detail": "csrc/hue_core.c:3:1: error: expected \';\'"}',
            "it failed to compile at install time (csrc/hue_core.c:3:1: error: expected ';'). "
            "Using the pure-Python backend, which is much slower.",
        ),
        (
            '{"c_core": "not built", "reason": "link-error", "detail": "ld: no -lm"}',
            "it failed to link at install time (ld: no -lm).",
        ),
        (None, "it failed to load (No module named 'huegames.hue._hue_core')."),
        ("not json", "it failed to load (No module named 'huegames.hue._hue_core')."),
    ],
)
def test_import_warning_says_what_happened(tmp_path, record, says):
    """The warning repeats what setup.py recorded when it could not build the core."""
    info = tmp_path / "_build_info.json"
    if record is not None:
        info.write_text(record, encoding="utf-8")
    message = _cores.no_core_warning(ImportError("No module named 'huegames.hue._hue_core'"), info)
    assert message.startswith("huegames: the C core is not available: ")
    assert says in message


def test_release_workflow_publishes_with_trusted_publishing():
    workflow = ROOT / ".github" / "workflows" / "release.yml"
    if not workflow.is_file():
        pytest.skip("no .github/ here (the sdist leaves it out)")
    yaml = pytest.importorskip("yaml")
    jobs = yaml.safe_load(workflow.read_text(encoding="utf-8"))["jobs"]
    publish = jobs["publish"]
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["environment"]["name"] == "pypi"
    assert any(
        step.get("uses", "").startswith("pypa/gh-action-pypi-publish@") for step in publish["steps"]
    )
    assert set(publish["needs"]) == {"sdist", "wheels"}
    assert any("cibuildwheel" in step.get("uses", "") for step in jobs["wheels"]["steps"])
