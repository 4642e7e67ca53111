"""The scipy.ndimage.label implementation of Hue's colour values.

It lives in the package (``huegames.scipy_scoring``) so that the installed
``huegames bench`` command can use it too; the benchmarks and the agreement
test import it from here.
"""

from huegames.scipy_scoring import Picture, cell_codes, colour_values

__all__ = ["Picture", "cell_codes", "colour_values"]
