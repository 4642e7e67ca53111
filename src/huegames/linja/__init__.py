"""Linja (Steffen Mühlhäuser, 2003): the rules engine.

>>> from huegames import engine, linja
>>> game = linja.new_game(seed=7)
>>> game.play("0-1") if game.current_player == linja.RED else game.play("7-6")
Move.parse('7-6')
>>> game.following          # N: the pieces the initial move found in row 6
2
>>> engine.play_game(game, [linja.GreedyBot(seed=1), linja.SearchBot(seed=2)]).outcome()
Outcome(termination=<Termination.PASSED: 'passed'>, winners=(1,))
"""

from .. import engine
from ..errors import IllegalMoveError, InvalidMoveError, NotYourTurnError
from .board import BLACK, RED, Board
from .bots import GreedyBot, RandomBot, SearchBot
from .drawing import console, png, svg
from .game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    State,
    Termination,
    draw_first_player,
    longest_game,
    new_game,
    score_bounds,
)
from .match import next_first_player, play_match
from .moves import Move, Turn
from .rules import Rules
from .turns import TurnOutcome, next_states, turn_outcomes
from .view import View

__all__ = [
    "BLACK",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RED",
    "SPEC",
    "Board",
    "Game",
    "GreedyBot",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "NotYourTurnError",
    "RandomBot",
    "Rules",
    "SearchBot",
    "State",
    "Termination",
    "Turn",
    "TurnOutcome",
    "View",
    "console",
    "draw_first_player",
    "longest_game",
    "new_game",
    "next_first_player",
    "next_states",
    "play_match",
    "png",
    "score_bounds",
    "svg",
    "turn_outcomes",
]

SPEC = engine.register(
    engine.GameSpec(
        name="linja",
        title="Linja",
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
        encoding="huegames.linja.encoding:LinjaEncoding",
        kernel="huegames.linja.kernel:play_games",
        hot_paths="huegames.linja.speed:hot_paths",
        vector="huegames.linja.vector:LinjaBatch",
        perfect_information=True,
        longest_game=longest_game,
        score_bounds=score_bounds,
        lineups=(
            engine.Lineup("linja, random vs random", "random,random", before=314),
            engine.Lineup("linja, greedy vs greedy", "greedy,greedy", before=56),
            engine.Lineup("linja, search vs search (100 nodes)", "search:nodes=100", before=0.7),
        ),
    )
)
"""Linja in the game registry (:func:`huegames.engine.game_spec`)."""
