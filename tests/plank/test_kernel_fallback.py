"""Plank without its C core: runs play on the Python engine, as they must
under ``HUEGAMES_BACKEND=python`` or an install that could not build it."""

from __future__ import annotations

import pytest

from huegames.plank import kernel
from huegames.run.runner import RunSpec, play_chunk


@pytest.fixture
def no_core(monkeypatch):
    """The kernel as it is when the core did not load (as it is already on
    the Python backend)."""
    monkeypatch.setattr(kernel, "lib", None)


@pytest.mark.usefixtures("no_core")
def test_without_the_core_runs_play_in_python():
    run = RunSpec.build("plank", "greedy,random", games=2, seed=1)
    assert kernel.play_games(run, 0, 2) is None
    records = play_chunk(run, 0, 2)
    assert records == [run.play(number) for number in range(2)]
    assert all("engine" not in record for record in records)
    with pytest.raises(kernel.KernelUnavailableError, match="needs the Plank C core"):
        kernel.play_hands(2, [1], [[1, 2]], [["random"] * 2])
    with pytest.raises(ValueError, match="the Plank kernel cannot play greedy, random"):
        RunSpec.build("plank", "greedy,random", engine="kernel")
