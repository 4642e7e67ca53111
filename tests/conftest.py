"""Test setup: the backend in use, and hypothesis profiles.

The suite runs once per backend: ``HUEGAMES_BACKEND=c`` and
``HUEGAMES_BACKEND=python``.  When C is asked for, the C core must be the
one loaded, so a broken build never hides behind the fallback.
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
    return f"huegames Hue backend: {hue.backend}"


def pytest_sessionstart(session):
    wanted = os.environ.get("HUEGAMES_BACKEND", "")
    if wanted and hue.backend != wanted:
        raise RuntimeError(f"HUEGAMES_BACKEND={wanted} but the {hue.backend} backend loaded")
