"""Seeded records and simulate output match, byte for byte, those kept from before issue 24."""

from __future__ import annotations

import pytest

import golden
from huegames import hue

CASES = golden.cases(hue.backend)


def test_every_kept_case_is_still_produced() -> None:
    kept = {path.stem for path in golden.FOLDER.glob("*.txt")}
    assert kept == set(golden.cases("c")) >= set(CASES)


@pytest.mark.parametrize("case", CASES)
def test_output_is_byte_identical_to_the_kept_one(case: str) -> None:
    assert golden.produce(case) == golden.path(case).read_bytes()
