"""Choose the Hue backend, once, here and nowhere else.

``HUEGAMES_BACKEND=c`` demands the compiled core (and fails loudly when it
is missing), ``HUEGAMES_BACKEND=python`` forces the pure-Python twin, and
unset means C when it was built, else Python with a one-time warning.
"""

from __future__ import annotations

import os
import warnings

_choice = os.environ.get("HUEGAMES_BACKEND", "").strip().lower()
if _choice not in ("", "c", "python"):
    raise ImportError(f"HUEGAMES_BACKEND must be 'c' or 'python', not {_choice!r}")

if _choice == "python":
    from ._python_grid import Grid

    name = "python"
else:
    try:
        from ._c_grid import Grid
    except ImportError as error:
        if _choice == "c":
            raise ImportError(
                f"HUEGAMES_BACKEND=c but the C core is not built or failed to load: {error}"
            ) from error
        warnings.warn(
            "huegames: the C core is not available (no compiler at install time?); "
            "using the pure-Python backend, which is much slower",
            RuntimeWarning,
            stacklevel=2,
        )
        from ._python_grid import Grid

        name = "python"
    else:
        name = "c"

__all__ = ["Grid", "name"]
