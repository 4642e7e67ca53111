"""How hard the property tests try, by ``HYPOTHESIS_PROFILE``.

``default`` is the everyday run (README's test command): a sixth of the
examples CI tries.  ``ci`` is what ``.ci/run`` adds after it, on both
backends; ``expensive`` is a long search (twenty times CI's).  A test that
needs its own number of examples says how many it tries under ``ci`` and
takes :func:`examples` of it, so every profile scales every test alike.
"""

from __future__ import annotations

import os

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
SHARE = {"default": 1 / 6, "ci": 1.0, "expensive": 20.0}
if PROFILE not in SHARE:
    raise RuntimeError(f"HYPOTHESIS_PROFILE={PROFILE!r}: choose from {sorted(SHARE)}")


def examples(under_ci: int) -> int:
    """The examples to try under the current profile, for a test that tries
    ``under_ci`` under ``ci`` (never fewer than 10)."""
    return max(10, round(under_ci * SHARE[PROFILE]))
