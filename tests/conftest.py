"""Test setup: the backend in use, and hypothesis profiles.

The suite runs once per backend: ``HUEGAMES_BACKEND=c`` and
``HUEGAMES_BACKEND=python``.  When C is asked for, the C cores (Hue's,
Linja's and Plank's) must be the ones loaded, so a broken build never hides
behind the fallback.
``HYPOTHESIS_PROFILE`` picks ``default``, ``ci`` or ``expensive``
(:mod:`profiles`).  Two markers, declared in pyproject.toml, sort the
tests: ``slow`` and ``backend_independent``.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

from huegames import engine, hue
from profiles import PROFILE, examples

settings.register_profile(
    PROFILE,
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(PROFILE)


def _kernels():
    """Each game with a C core of its own, and whether that core is loaded
    (under HUEGAMES_BACKEND=c, importing a kernel fails without its core)."""
    from huegames.linja import kernel as linja_kernel
    from huegames.plank import kernel as plank_kernel

    return {"Linja": linja_kernel.available, "Plank": plank_kernel.available}


def pytest_report_header(config):
    cores = "; ".join(
        f"{game}: {'C core' if loaded else 'Python'}" for game, loaded in _kernels().items()
    )
    return f"huegames Hue backend: {hue.backend}; {cores}"


def pytest_sessionstart(session):
    wanted = os.environ.get("HUEGAMES_BACKEND", "")
    if wanted and hue.backend != wanted:
        raise RuntimeError(f"HUEGAMES_BACKEND={wanted} but the {hue.backend} backend loaded")
    for game, loaded in _kernels().items():
        if wanted and loaded != (wanted == "c"):
            raise RuntimeError(f"HUEGAMES_BACKEND={wanted} but {game}'s C core says otherwise")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """A generic suite's case for a game with no C core (no kernel in its
    spec) runs the same on either backend: marked ``backend_independent``."""
    without_core = {spec.name for spec in engine.game_specs() if spec.kernel is None}
    for item in items:
        params = getattr(item, "callspec", None)
        if params and {params.params.get("name"), params.params.get("game")} & without_core:
            item.add_marker(pytest.mark.backend_independent)
