"""Hue's table cells in two backends that agree exactly.

:mod:`~huegames.hue.grid.python_grid` is the readable specification,
:mod:`~huegames.hue.grid.c_grid` the same grid over the C core;
:mod:`~huegames.hue.grid.backend` chooses one, once (``HUEGAMES_BACKEND``).
"""
