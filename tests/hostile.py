"""Shared by the hostile-input property tests: settings and the refusal check.

:func:`bounded` runs a hostile case that could hang or eat memory in a
child process with a memory limit, so a regression fails instead of
hanging CI.

Every test using it (each game's ``test_fuzz.py``,
``contract/test_fuzz_records.py``, ``run/test_fuzz_cli.py``) feeds an engine
something a hostile or careless caller could pass, and asserts three things
when the engine refuses it: only the documented exception types escape
(``ValueError`` and its subclasses
``IllegalMoveError``/``InvalidMoveError``/``NotYourTurnError``, or
``TypeError``), the message says what was wrong, and the object is exactly
as it was (``to_dict()`` unchanged).  The ``fuzz`` settings keep each test
bounded in CI; ``HYPOTHESIS_PROFILE=expensive`` runs them longer.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings

from profiles import PROFILE

DOCUMENTED = (ValueError, TypeError)
"""What a refusal may raise: ValueError (and the package's errors, which
subclass it) for bad moves and data, TypeError for data of the wrong type."""

fuzz_settings = settings(
    settings.get_profile(PROFILE),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
"""The settings every fuzz test uses: the hypothesis profile's (conftest.py
loads it), filters allowed to throw much away."""


def refused(action: Callable[[], Any], snapshot: Callable[[], Any] | None = None) -> str | None:
    """Run ``action``; return None when it succeeds, else the refusal's message.

    Fails the test when anything but a documented exception escapes, when
    the message is empty or a bare repr of nothing, or when ``snapshot()``
    (typically ``state.to_dict``) differs before and after a refusal.
    """
    before = snapshot() if snapshot is not None else None
    try:
        action()
    except DOCUMENTED as error:
        message = str(error)
        assert message.strip(), f"{type(error).__name__} with an empty message"
        assert len(message) < 2000, f"message too long ({len(message)} chars): {message[:200]}..."
        if snapshot is not None:
            assert snapshot() == before, f"state changed by a refused call: {message}"
        return message
    return None


MEMORY_LIMIT = 2 * 1024**3
"""The address space a :func:`bounded` child may use, in bytes."""


def bounded(code: str, timeout: float = 60.0, memory: int = MEMORY_LIMIT) -> str:
    """Run ``code`` in a child Python limited to ``memory`` bytes and
    ``timeout`` seconds; return what it printed.

    Fails the test when the child runs out of time or exits with an error
    (a MemoryError under the limit included), so time and memory are checked
    as behaviour, never as measured speed.
    """
    preamble = f"import resource\nresource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))\n"
    try:
        done = subprocess.run(
            [sys.executable, "-c", preamble + textwrap.dedent(code)],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        raise AssertionError(f"still running after {timeout} s") from None
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout
