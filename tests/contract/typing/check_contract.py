"""Static proof that every game keeps the engine's Protocols: mypy checks this file in CI.

Each function returns a game's own type where the contract's Protocol is
expected, so a game whose state, view or bots drift from ``huegames.engine``
fails the type check, not just a test.
"""

from __future__ import annotations

from huegames import engine, hue, linja, plank
from huegames import hues_and_cues as hc


def hue_state(game: hue.Game) -> engine.State[hue.Move]:
    return game


def hue_view(view: hue.View) -> engine.View[hue.Move]:
    return view


def linja_state(game: linja.Game) -> engine.State[linja.Move]:
    return game


def linja_view(view: linja.View) -> engine.View[linja.Move]:
    return view


def plank_state(game: plank.Game) -> engine.State[plank.Move]:
    return game


def plank_view(view: plank.View) -> engine.View[plank.Move]:
    return view


def hues_and_cues_state(game: hc.Game) -> engine.State[hc.Move]:
    return game


def hues_and_cues_view(view: hc.View) -> engine.View[hc.Move]:
    return view


def bots() -> list[engine.Bot]:
    return [
        hue.bots.RandomBot(seed=1),
        hue.bots.GreedyBot(seed=1),
        hue.mcts.MCTSBot(seed=1, playouts=10),
        linja.RandomBot(seed=1),
        linja.GreedyBot(seed=1),
        linja.SearchBot(seed=1, nodes=10),
        plank.RandomBot(seed=1),
        plank.GreedyBot(seed=1),
        plank.SearchBot(seed=1, nodes=10),
        hc.RandomBot(seed=1),
        hc.LexiconBot(seed=1, source="css"),
    ]
