"""A game registered outside huegames (Linja under another name), for the runner's tests."""

import dataclasses

from huegames import engine, linja

SPEC = engine.register(
    dataclasses.replace(linja.SPEC, name="linja-elsewhere", title="Linja again", module=__name__)
)
