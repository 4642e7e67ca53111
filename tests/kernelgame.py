"""Linja under another name with a stand-in batch player, for the runner's kernel hook.

The stand-in plays only all-``random`` runs, each chunk in one call, game by
game on the Python engine: what the hook does with its records, not how a C
kernel plays, is what the tests check.
"""

import dataclasses

from huegames import engine, linja

CALLS: list[tuple[int, int]] = []
"""The (start, stop) of every call in this process."""


def play_games(run, start, stop):
    """The records of games start..stop-1, or None unless every seat is random."""
    if any(bot.label != "random" for bot in run.bots):
        return None
    CALLS.append((start, stop))
    return [{**run.play(number), "engine": "kernel"} for number in range(start, stop)]


SPEC = engine.register(
    dataclasses.replace(
        linja.SPEC,
        name="linja-kernel",
        title="Kernel Linja",
        module=__name__,
        kernel=f"{__name__}:play_games",
    )
)

PLAIN = engine.register(
    dataclasses.replace(
        linja.SPEC, name="linja-plain", title="Plain Linja", module=__name__, kernel=None
    )
)
"""The same game without a kernel."""
