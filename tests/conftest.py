"""Test setup: the backend in use, and hypothesis profiles.

The suite runs once per backend: ``HUEGAMES_BACKEND=c`` and
``HUEGAMES_BACKEND=python``.  When C is asked for, the C cores (Hue's and
Linja's) must be the ones loaded, so a broken build never hides behind the
fallback.
``HYPOTHESIS_PROFILE`` picks ``default``, ``ci`` or ``expensive``.
"""

import os

from hypothesis import HealthCheck, settings

from huegames import hue

settings.register_profile("default", max_examples=100, deadline=None)
settings.register_profile(
    "ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "expensive", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_report_header(config):
    from huegames.linja import kernel as linja_kernel

    linja = "C core" if linja_kernel.available else "Python"
    return f"huegames Hue backend: {hue.backend}; Linja: {linja}"


def pytest_sessionstart(session):
    wanted = os.environ.get("HUEGAMES_BACKEND", "")
    if wanted and hue.backend != wanted:
        raise RuntimeError(f"HUEGAMES_BACKEND={wanted} but the {hue.backend} backend loaded")
    from huegames.linja import kernel as linja_kernel  # under =c, fails without its core

    if wanted and linja_kernel.available != (wanted == "c"):
        raise RuntimeError(f"HUEGAMES_BACKEND={wanted} but Linja's C core says otherwise")
