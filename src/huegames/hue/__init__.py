"""Hue (Chris Handy, 2014): the rules engine.

A game is set up from a seed, played one checked :class:`Move` at a time
and ends when every hand holds only its score card:

>>> from huegames import hue
>>> game = hue.new_game(players=3, seed=7)
>>> game
<hue.Game 3 players, 0 moves, player 0 to move>
>>> while not game.is_over:
...     _ = game.play(game.legal_moves()[0])
>>> game.outcome().termination
<Termination.HANDS_PLAYED: 'every hand holds only its score card'>
>>> game.winner in range(3)
True

Bots choose from a seat's :class:`View`; :data:`backend` names the backend
in use (``"c"`` or ``"python"``, chosen by ``HUEGAMES_BACKEND``), and both
give the same games.  :func:`svg` draws the table (``png`` and
``console`` too), and a game, view or board shows itself so in a notebook.
"""

from .. import engine
from ..errors import IllegalMoveError, InvalidMoveError
from .board import Board, ColourValues, LegalMoves
from .bots import GreedyBot, RandomBot
from .cards import Card, Colour, Deck, Kind, default_deck
from .cells import MAX_COORDINATE, MAX_SPAN
from .drawing import console, png, svg
from .game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Deal,
    Game,
    Termination,
    longest_game,
    new_game,
    score_bounds,
)
from .grid.backend import available as backends
from .grid.backend import name as backend
from .mcts import MCTSBot
from .moves import Move
from .rules import Rules
from .view import HiddenCards, View

__all__ = [
    "MAX_COORDINATE",
    "MAX_PLAYERS",
    "MAX_SPAN",
    "MIN_PLAYERS",
    "SPEC",
    "Board",
    "Card",
    "Colour",
    "ColourValues",
    "Deal",
    "Deck",
    "Game",
    "GreedyBot",
    "HiddenCards",
    "IllegalMoveError",
    "InvalidMoveError",
    "Kind",
    "LegalMoves",
    "MCTSBot",
    "Move",
    "RandomBot",
    "Rules",
    "Termination",
    "View",
    "backend",
    "backends",
    "console",
    "default_deck",
    "longest_game",
    "new_game",
    "png",
    "score_bounds",
    "svg",
]

SPEC = engine.register(
    engine.GameSpec(
        name="hue",
        title="Hue",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        new_game=new_game,
        game_class=Game,
        rules_class=Rules,
        bots=(
            engine.BotEntry("random", RandomBot),
            engine.BotEntry("greedy", GreedyBot),
            engine.BotEntry("mcts", MCTSBot),
        ),
        svg=svg,
        console=console,
        encoding="huegames.hue.encoding:HueEncoding",
        kernel="huegames.hue.kernel:play_games",
        vector="huegames.hue.vector:HueBatch",
        perfect_information=False,
        longest_game=longest_game,
        score_bounds=score_bounds,
        lineups=(
            engine.Lineup("hue, random vs random", "random,random", before=800),
            engine.Lineup("hue, greedy vs random", "greedy,random", before=19),
            engine.Lineup(
                "hue, MCTS 1,000 playouts (random rollouts), ms a move",
                "mcts:playouts=1000,random",
                before=59,
                per_move=True,
            ),
            engine.Lineup(
                "hue, MCTS 1,000 playouts (greedy rollouts), ms a move",
                "mcts:playouts=1000:rollout=greedy,random",
                per_move=True,
            ),
        ),
        hot_paths="huegames.hue.speed:hot_paths",
    )
)
"""Hue in the game registry: ``engine.game_spec("hue")``."""
