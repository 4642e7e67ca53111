"""Choose the Hue backend, once, here and nowhere else.

``HUEGAMES_BACKEND`` (read by :mod:`huegames._cores`, for every game's
core) decides: ``c`` demands the compiled core (and fails loudly when it
is missing), ``python`` forces the pure-Python twin, and unset means C
when it was built, else Python with a one-time warning.

Every Board keeps its cells in a :class:`Grid` of the active backend
(:func:`new_grid`); :meth:`Board.with_backend` moves a board's cells to
another one of :func:`available`, to compare the two in one process.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, Protocol

from ... import _cores
from ...records import brief
from .. import cells
from . import python_grid
from .python_grid import Candidate

BACKENDS = _cores.BACKENDS
"""Every backend's name, fastest first."""


class Grid(Protocol):
    """What a backend's grid offers: the cell codes of the visible layer of
    the table (:mod:`huegames.hue.cells`) and Hue's three hot operations.
    ``python_grid`` is the specification; ``c_grid`` agrees with it."""

    backend: ClassVar[str]
    """The backend's name: ``"c"`` or ``"python"``."""

    def copy(self) -> Grid:
        """An independent grid with the same cells."""

    def get(self, x: int, y: int) -> int:
        """The code of cell ``(x, y)`` (0, empty, off the written area)."""

    def set(self, x: int, y: int, code: int) -> None:
        """Write one cell's code."""

    def write(self, writes: Sequence[tuple[int, int, int]]) -> None:
        """Write many ``(x, y, code)`` cells, in order."""

    def codes(self) -> Mapping[tuple[int, int], int]:
        """Every written cell's code, by ``(x, y)`` (read only)."""

    def is_empty(self) -> bool:
        """True while no cell is written."""

    def colour_values(self) -> tuple[int, int, int, int, int]:
        """Each colour's value (rules §5), in the order G, R, Y, P, B."""

    def colour_values_after(
        self, candidates: Iterable[Candidate]
    ) -> list[tuple[int, int, int, int, int]]:
        """The colour values after each candidate placement, the grid unchanged."""

    def legal_anchors(self, allow_cover: bool) -> tuple[list[int], list[int]]:
        """Where a card may be laid (rules §4.2): the anchors of each orientation."""


def _grid_class(backend: str) -> type[Grid]:
    """The named backend's Grid class; ImportError when it cannot load."""
    if backend == "python":
        return python_grid.Grid
    from .c_grid import Grid as CGrid

    return CGrid


def available() -> tuple[str, ...]:
    """The backends that can run in this process: ``"python"`` always, and
    ``"c"`` first when the C core was built (whichever one is active)."""
    names = []
    for backend in BACKENDS:
        try:
            _grid_class(backend)
        except ImportError:
            continue
        names.append(backend)
    return tuple(names)


def new_grid(backend: str | None = None) -> Grid:
    """An empty grid of the named backend, or of the active one (None).

    Raises ValueError for a name not in :data:`BACKENDS`, or for a backend
    that cannot run here (the C core was not built).
    """
    if backend is None:
        return _active()
    if backend not in BACKENDS:
        raise ValueError(f"unknown Hue backend {brief(backend)}: use one of {', '.join(BACKENDS)}")
    try:
        return _grid_class(backend)()
    except ImportError as error:
        raise ValueError(
            f"the {backend} backend is not available here ({error}); "
            f"available: {', '.join(available())}"
        ) from None


_active: type[Grid]
if _cores.load(cells.CORE, "the C core", cells.CORE_VERSION) is None:  # warns, or raises
    _active, name = _grid_class("python"), "python"
else:
    _active, name = _grid_class("c"), "c"

__all__ = ["BACKENDS", "Candidate", "Grid", "available", "name", "new_grid"]
