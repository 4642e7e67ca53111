"""Plank (Sid Sackson): the rules engine, match play and bots.

>>> from huegames import engine, plank
>>> game = plank.new_game(players=2, seed=7)
>>> bots = [plank.GreedyBot(seed=1), plank.RandomBot(seed=2)]
>>> engine.play_game(game, bots).is_over
True
>>> game.outcome()
Outcome(termination=<Termination.LINE: 'line'>, winners=(0,))
>>> game.winning_line
Line(seat=0, squares=(Square(row=0, col=2), Square(row=1, col=2), Square(row=2, col=2)))

With 4 players a team wins: ``outcome().winners`` holds both its seats and
``winner`` (the seat that won alone) is None.  With 3 players ``scores()``
are penalty points, fewest best (``SPEC.lower_scores_win``).
"""

from .. import engine
from ..errors import IllegalMoveError, InvalidMoveError
from .bots import GreedyBot, RandomBot, SearchBot, play_hand
from .components import (
    COLOURS,
    LETTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ORDERS,
    PATTERNS,
    PENALTY_PLAYERS,
    Deal,
    deal_hand,
)
from .drawing import console, png, svg
from .game import Game, Termination, longest_game, new_game, score_bounds
from .match import Match
from .moves import LayPlace, LayShift, Line, Move, Pass, Place, Shift, Square
from .rules import Rules
from .view import View

__all__ = [
    "COLOURS",
    "LETTERS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ORDERS",
    "PATTERNS",
    "PENALTY_PLAYERS",
    "SPEC",
    "Deal",
    "Game",
    "GreedyBot",
    "IllegalMoveError",
    "InvalidMoveError",
    "LayPlace",
    "LayShift",
    "Line",
    "Match",
    "Move",
    "Pass",
    "Place",
    "RandomBot",
    "Rules",
    "SearchBot",
    "Shift",
    "Square",
    "Termination",
    "View",
    "console",
    "deal_hand",
    "longest_game",
    "new_game",
    "play_hand",
    "png",
    "score_bounds",
    "svg",
]

SPEC = engine.register(
    engine.GameSpec(
        name="plank",
        title="Plank",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        new_game=new_game,
        game_class=Game,
        rules_class=Rules,
        bots=(
            engine.BotEntry("random", RandomBot),
            engine.BotEntry("greedy", GreedyBot),
            engine.BotEntry("search", SearchBot),
        ),
        svg=svg,
        console=console,
        lower_scores_win=PENALTY_PLAYERS,
        encoding="huegames.plank.encoding:PlankEncoding",
        kernel="huegames.plank.kernel:play_games",
        vector="huegames.plank.vector:PlankBatch",
        hot_paths="huegames.plank.speed:hot_paths",
        perfect_information=True,
        longest_game=longest_game,
        score_bounds=score_bounds,
        lineups=(
            engine.Lineup("plank, random vs random", "random,random", before=693),
            engine.Lineup("plank, greedy vs greedy", "greedy,greedy", before=36),
        ),
    )
)
