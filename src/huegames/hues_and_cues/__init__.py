"""Hues and Cues (Scott Brady, The Op, 2020): the rules engine.

>>> from huegames import hues_and_cues as hc
>>> game = hc.new_game(players=4, seed=7)
>>> game.round.card
Card(squares=(Square.parse('N10'), Square.parse('K24'), Square.parse('N16'), Square.parse('H4')))
>>> game.play("target N10")
Move.parse('target N10')
>>> game.play("cue mint")
Move.parse('cue mint')
>>> game.current_player, game.view(1).round.target  # guessers do not see the target
(1, None)
>>> game.outcome() is None, game.winner  # the game goes on
(True, None)

Every engine of ``huegames`` keeps one contract (:mod:`huegames.engine`);
this one is registered as ``"hues-and-cues"``:

>>> from huegames import engine
>>> spec = engine.game_spec("hues-and-cues")
>>> spec is hc.SPEC, spec.bot_names()
(True, 'random, en, es, xkcd, css, all, lexicon')
>>> game = spec.new_game(3, seed=1)
>>> engine.play_game(game, [spec.bot("xkcd", seed=seat) for seat in range(3)]).outcome()
Outcome(termination=<Termination.ROUNDS_PLAYED: 'rounds played'>, winners=(1,))
>>> game.scores(), game.winner, game.current_player
([18, 19, 17], 1, None)
"""

from functools import partial

from .. import engine
from ..errors import IllegalMoveError, InvalidMoveError, NotYourTurnError
from .board import COLUMNS, ROWS, SQUARES, Board, Square, default_board
from .bots import LexiconBot, RandomBot
from .cards import Card, default_deck, make_deck
from .cues import BASIC_COLOURS, RELATIVE_WORDS, cue_problem
from .drawing import board_png, board_svg, console, png, svg
from .game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TIE_BREAK_ROUNDS,
    Game,
    Termination,
    longest_game,
    new_game,
    score_bounds,
)
from .lexicon import Lexicon, lexicon
from .moves import Action, Move
from .rounds import Phase, Round, guess_points, seat_to_move
from .rules import Rules
from .view import View

__all__ = [
    "BASIC_COLOURS",
    "COLUMNS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RELATIVE_WORDS",
    "ROWS",
    "SPEC",
    "SQUARES",
    "TIE_BREAK_ROUNDS",
    "Action",
    "Board",
    "Card",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Lexicon",
    "LexiconBot",
    "Move",
    "NotYourTurnError",
    "Phase",
    "RandomBot",
    "Round",
    "Rules",
    "Square",
    "Termination",
    "View",
    "board_png",
    "board_svg",
    "console",
    "cue_problem",
    "default_board",
    "default_deck",
    "guess_points",
    "lexicon",
    "longest_game",
    "make_deck",
    "new_game",
    "png",
    "score_bounds",
    "seat_to_move",
    "svg",
]

SPEC = engine.register(
    engine.GameSpec(
        name="hues-and-cues",
        title="Hues and Cues",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        new_game=new_game,
        game_class=Game,
        rules_class=Rules,
        bots=(
            engine.BotEntry("random", RandomBot),
            engine.BotEntry(
                "en",
                partial(LexiconBot, source="en"),
                "Cues and guesses in everyday English words (the vocabulary bot).",
            ),
            engine.BotEntry(
                "es",
                partial(LexiconBot, source="es"),
                "Cues and guesses in everyday Spanish words (the vocabulary bot).",
            ),
            engine.BotEntry(
                "xkcd",
                partial(LexiconBot, source="xkcd"),
                "Cues and guesses from the XKCD colour-survey names (the lexicon bot).",
            ),
            engine.BotEntry(
                "css",
                partial(LexiconBot, source="css"),
                "Cues and guesses from the CSS colour names (the lexicon bot).",
            ),
            engine.BotEntry(
                "all",
                partial(LexiconBot, source="all"),
                "Cues and guesses from the XKCD and CSS colour names together.",
            ),
            engine.BotEntry("lexicon", LexiconBot),
        ),
        svg=svg,
        console=console,
        encoding="huegames.hues_and_cues.encoding:HuesAndCuesEncoding",
        perfect_information=False,
        longest_game=longest_game,
        length_limits={"tie_break_rounds": TIE_BREAK_ROUNDS},
        score_bounds=score_bounds,
        lineups=(engine.Lineup("hues-and-cues, xkcd vs xkcd (4 players)", "xkcd", 4, before=1.5),),
    )
)
"""Hues and Cues in the game registry, with its bot catalogue."""
