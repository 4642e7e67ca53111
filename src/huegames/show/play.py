"""Play a game in the terminal against the bots: ``huegames play``.

Written once against the contract of :mod:`huegames.engine`, so it plays
every registered game::

    huegames play hue --players 3 --bots greedy,mcts:playouts=300 --seed 4
    huegames play hues-and-cues --seat 1 --rules rounds_per_giver=1

A :class:`Session` is the game itself, without any input or output: one
person at seat ``seat``, bots at the other seats (built from bot specs as
``simulate --bots`` takes them, each seeded as the runner seeds it), the
person's moves read from text, ``undo`` back to the person's previous
turn, a ``hint`` from the strongest bot, and the record.  :func:`run` is the
terminal around it, drawn with `rich <https://rich.readthedocs.io>`_ (the
optional extra ``huegames[play]``, imported only here and only by
:func:`run`): at each of the person's turns the screen is cleared and shows
the table as the person's seat sees it (the game's ``GameSpec.console``
picture of ``game.view(seat)``: its own hand only), the moves played since,
whose turn it is, the scores and the legal moves, numbered.

Scores during play come from the seat's view when the view has them
(``view.scores``); a game whose view hides cards from the seat (a view
with ``sample``, which bots use to guess the hidden cards) shows only the
seat's own score until the end, as the others' would tell what they hold;
any other game shows every seat's score.

A move is picked by its number, or typed in the game's notation (any
case, any spacing; Tab completes it where :mod:`readline` is available).
When every listed move but single-word ones starts with the same word,
that word may be left out: ``F12`` for ``guess F12``, ``pig`` for
``cue pig`` in Hues and Cues.  The commands are in :data:`COMMANDS`.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from .. import engine, pictures
from ..engine import BotSpec
from ..errors import IllegalMoveError, InvalidMoveError
from ..records import brief
from ..text import shown

__all__ = [
    "COMMANDS",
    "LISTED",
    "LIST_ALL",
    "Session",
    "parse_rules",
    "run",
    "shared_prefix",
]

COMMANDS: Final = {
    "NUMBER": "play the move with that number in the list shown last",
    "MOVE": "play a move typed in the game's notation (Tab completes)",
    "moves [START]": "list every legal move, or those starting with START, numbered",
    "undo": "take back your last move and the bots' moves after it",
    "hint": "what the strongest bot would play here",
    "save FILE": "write the game's record to FILE (JSON; huegames show reads it)",
    "help": "show these commands",
    "quit": "leave the game (Ctrl-D too)",
}
"""The commands at the prompt, with what each does.  A move whose text is a
command word is typed whole (``cue help`` in Hues and Cues)."""

LIST_ALL: Final = 40
"""A turn with at most this many legal moves lists them all, numbered."""

LISTED: Final = 12
"""A turn with more moves lists this many, numbered, and a summary of the rest."""

_NUMBER_DIGITS: Final = 9  # a longer number is no move's
_SHOWN_NEWS: Final = 16  # the most moves "since your last move" shows
_COMMAND_WORDS: Final = ("moves", "undo", "hint", "save", "help", "quit", "exit")


# -- the game, without input or output -------------------------------------------


class Session:
    """A game between one person, at seat ``seat``, and bots at every other seat.

    ``bots`` are bot specs (a comma-separated text or a list, the syntax of
    ``simulate --bots``), given to the other seats in seat order and
    repeated round the table; by default the game's strongest bot, the last
    of its catalogue.  ``players`` defaults to one seat more than the bots,
    at least the game's minimum.  ``rules`` is a mapping of rule options
    (the game's ``Rules.from_dict``), ``hint`` the bot spec that answers
    :meth:`hint` (default: the last of the catalogue, with its default
    settings).  A bad argument raises ValueError (or TypeError) naming it.

    >>> from huegames.show.play import Session
    >>> session = Session("linja", bots="random", seed=5)
    >>> session.labels, session.players, session.seed
    (['you', 'random'], 2, 5)
    >>> session.bots_play()  # the bots move until it is the person's turn
    [(1, Move.parse('2-1')), (1, Move.parse('1-0'))]
    >>> session.my_turn, [str(move) for move in session.moves()][:3]
    (True, ['0-1', '1-2', '2-3'])
    >>> session.play("0 - 1"), session.game.current_player  # any spacing
    (Move.parse('0-1'), 0)
    >>> session.play("1-0")
    Traceback (most recent call last):
    ...
    huegames.errors.IllegalMoveError: move 1-0 (...): backward move: red moves towards 7
    >>> session.undo()  # back to the person's previous turn
    [(0, Move.parse('0-1'))]
    >>> str(session.hint()) in [str(move) for move in session.moves()]
    True
    """

    def __init__(
        self,
        game: str,
        *,
        players: int | None = None,
        bots: str | Sequence[BotSpec | str] | None = None,
        seat: int = 0,
        seed: int | None = None,
        rules: Mapping[str, Any] | None = None,
        hint: BotSpec | str | None = None,
    ) -> None:
        spec = engine.game_spec(game)
        strongest = spec.bots[-1].name
        specs = _bot_specs(strongest if bots is None else bots)
        count = max(spec.min_players, len(specs) + 1) if players is None else players
        spec.check_players(count)
        seat = engine.check_int(seat, "seat")
        if not 0 <= seat < count:
            raise ValueError(f"no seat {brief(seat)}: the seats are 0 to {count - 1}")
        if len(specs) > count - 1:
            raise ValueError(
                f"{len(specs)} bots for {count - 1} other seats: give at most one bot per seat"
                " (fewer are repeated round the table)"
            )
        seed = engine.fresh_seed() if seed is None else engine.check_seed(seed)
        try:
            engine.derive_seed(seed)
        except ValueError:  # repr() refuses ints over 4,300 digits
            raise ValueError(f"seed is too large: {brief(seed)}") from None
        options: dict[str, Any] = {}
        if rules is not None:
            options["rules"] = spec.rules_class.from_dict(rules)  # type: ignore[attr-defined]
        self.spec: engine.GameSpec = spec
        """The game as the registry knows it."""
        self.seat: int = seat
        """The person's seat."""
        self.seed: int = seed
        """The game's seed: ``--seed`` again gives the same deal and bots."""
        self.game: engine.State[Any] = spec.new_game(count, seed=seed, **options)
        """The game in play (the whole state: show the person only :attr:`view`)."""
        self.bots: dict[int, engine.Bot] = {}
        """The bot of every seat but the person's."""
        self.labels: list[str] = []
        """Each seat's name: ``"you"``, or its bot's label."""
        others = [other for other in range(count) if other != seat]
        chosen = {other: specs[index % len(specs)] for index, other in enumerate(others)}
        for other in range(count):
            if other == seat:
                self.labels.append("you")
                continue
            bot = chosen[other]
            try:
                bot.check(spec)
                self.bots[other] = bot.build(spec, engine.derive_seed(seed, other, bot.label))
            except TypeError as error:
                raise ValueError(f"bot {bot.label!r}: {error}") from None
            if not callable(getattr(self.bots[other], "choose", None)):
                raise ValueError(f"bot {bot.label!r} has no choose(view) method")
            self.labels.append(bot.label)
        self.hint_bot: BotSpec = BotSpec.of(strongest if hint is None else hint)
        """The bot whose move :meth:`hint` shows."""
        self.hint_bot.check(spec)
        self.played: list[tuple[int, Any]] = []
        """Every move of the session so far, ``(seat, move)``, in order."""
        self._hinter: engine.Bot | None = None

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return self.game.players

    @property
    def view(self) -> engine.View[Any]:
        """What the person's seat may see."""
        return self.game.view(self.seat)

    @property
    def my_turn(self) -> bool:
        """True when the person is to move."""
        return self.game.current_player == self.seat

    def moves(self) -> list[Any]:
        """The person's legal moves when it is the person's turn, else none."""
        return list(self.view.legal_moves()) if self.my_turn else []

    def bots_play(self, on_move: Callable[[int, Any], None] | None = None) -> list[tuple[int, Any]]:
        """Let the bots move until the person is to move or the game is over;
        returns their moves, ``(seat, move)``, each also passed to ``on_move``
        as it is played."""
        done: list[tuple[int, Any]] = []
        while not self.game.is_over and not self.my_turn:
            seat = self.game.current_player
            assert seat is not None  # a game that is not over has a seat to move
            move = self.game.play(self.bots[seat].choose(self.game.view(seat)))
            self.played.append((seat, move))
            done.append((seat, move))
            if on_move is not None:
                on_move(seat, move)
        return done

    def play(self, text: str | Any) -> Any:
        """Play the person's move, given as a move or typed as text; returns it.

        Text matches a legal move's notation in any case and spacing, else
        goes to the game's own ``play``; when all the legal moves of more
        than one word start with the same word, the text may leave it out.
        An illegal or malformed move raises the game's IllegalMoveError or
        InvalidMoveError, and the game is unchanged.
        """
        if self.game.is_over:
            raise IllegalMoveError("the game is over")
        if not self.my_turn:
            raise IllegalMoveError(f"it is seat {self.game.current_player}'s turn, not yours")
        if not isinstance(text, str):
            return self._play(text)
        legal = self.moves()
        wanted = _folded(text)
        for move in legal:
            if _folded(str(move)) == wanted:
                return self._play(move)
        squeezed = [move for move in legal if _squeezed(str(move)) == _squeezed(text)]
        if len(squeezed) == 1:
            return self._play(squeezed[0])
        try:
            return self._play(text)
        except InvalidMoveError as error:
            prefix = shared_prefix(legal)
            if prefix is None or not wanted or wanted.split()[0] == prefix.casefold():
                raise
            try:
                return self._play(f"{prefix} {text.strip()}")
            except InvalidMoveError:
                raise error from None

    def _play(self, move: Any) -> Any:
        played = self.game.play(move)
        self.played.append((self.seat, played))
        return played

    def undo(self) -> list[tuple[int, Any]]:
        """Take back the person's last move and every bot move after it;
        returns the moves taken back, last first.  IllegalMoveError when the
        person has not moved yet."""
        if not any(seat == self.seat for seat, _ in self.played):
            raise IllegalMoveError("nothing to undo: you have not moved yet")
        undone: list[tuple[int, Any]] = []
        while self.played:
            seat, move = self.played.pop()
            self.game.undo()
            undone.append((seat, move))
            if seat == self.seat:
                break
        return undone

    def hint(self) -> Any:
        """The move :attr:`hint_bot` would make from the person's view."""
        if not self.my_turn:
            raise IllegalMoveError("the game is over" if self.game.is_over else "not your turn")
        if self._hinter is None:
            self._hinter = self.hint_bot.build(self.spec, engine.derive_seed(self.seed, "hint"))
        return self._hinter.choose(self.view)

    def scores(self) -> list[int | None]:
        """Each seat's score as the person may know it; None where it is
        hidden (another seat's score in a game whose view hides cards, until
        the end)."""
        if self.game.is_over:
            return list(self.game.scores())
        seen = getattr(self.view, "scores", None)
        if callable(seen):
            seen = seen()
        if seen is not None:
            return list(seen)
        scores = self.game.scores()
        if self.spec.perfect_information is False:  # the view hides something from the seat
            return [score if seat == self.seat else None for seat, score in enumerate(scores)]
        return list(scores)

    def record(self) -> dict[str, Any]:
        """The game's record (``game.to_dict()``), which ``from_dict`` replays."""
        return self.game.to_dict()

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record to ``path`` as JSON (OSError when it cannot)."""
        text = json.dumps(self.record(), indent=2) + "\n"
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)

    def name(self, seat: int) -> str:
        """How messages name a seat: ``"you"`` or ``"seat 1 (greedy)"``."""
        return "you" if seat == self.seat else f"seat {seat} ({self.labels[seat]})"

    def result(self) -> str:
        """The outcome in words once the game is over, else an empty string."""
        outcome = self.game.outcome()
        if outcome is None:
            return ""
        why = outcome.termination.value
        why = why if isinstance(why, str) else outcome.termination.name.lower()
        names = [self.name(seat) for seat in outcome.winners]
        if not names:
            who = "a draw"
        elif names == ["you"]:
            who = "you win"
        elif len(names) == 1:
            who = f"{names[0]} wins"
        else:
            who = f"{_joined(names)} share the win"
        return f"{who} ({why})"


def shared_prefix(moves: Sequence[Any]) -> str | None:
    """The first word that every legal move of more than one word shares,
    which typed moves may leave out; None when there is no single one.

    >>> from huegames.show.play import shared_prefix
    >>> shared_prefix(["skip", "cue mint", "cue sea foam"]), shared_prefix(["0-1", "1-2"])
    ('cue', None)
    >>> shared_prefix(["T RWG G", "B RWG G", "Ra1"]) is None
    True
    """
    heads = {str(move).split()[0] for move in moves if len(str(move).split()) > 1}
    return heads.pop() if len(heads) == 1 else None


def parse_rules(text: str) -> dict[str, Any]:
    """Rule options from the command line: a JSON object, or
    ``key=value,key=value`` with each value read as JSON when it is
    (numbers, true, false, null, lists) and as text otherwise.

    >>> from huegames.show.play import parse_rules
    >>> parse_rules("rounds_per_giver=1,tie_breaks=false")
    {'rounds_per_giver': 1, 'tie_breaks': False}
    >>> parse_rules('colour_words=["red", "blue"], free_target=true')
    {'colour_words': ['red', 'blue'], 'free_target': True}
    >>> parse_rules('{"turn_limit": 50}'), parse_rules("tie_break=draw")
    ({'turn_limit': 50}, {'tie_break': 'draw'})
    >>> parse_rules("covering")
    Traceback (most recent call last):
    ...
    ValueError: bad rule option 'covering': write key=value[,key=value...] or a JSON object
    """
    text = text.strip()
    if text.startswith("{"):
        try:
            options = json.loads(text)
        except ValueError as error:
            raise ValueError(f"bad rules {brief(text)}: {error}") from None
        if not isinstance(options, dict):
            raise ValueError(f"bad rules {brief(text)}: not a JSON object")
        return options
    options = {}
    for item in re.split(r",(?=\s*[A-Za-z_]\w*\s*=)", text):
        key, equals, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not equals or not key.isidentifier():
            raise ValueError(
                f"bad rule option {brief(item.strip())}: write key=value[,key=value...] "
                "or a JSON object"
            )
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options


def _bot_specs(bots: str | Sequence[BotSpec | str]) -> list[BotSpec]:
    if isinstance(bots, str):
        bots = [text.strip() for text in bots.split(",")]
    if not bots:
        raise ValueError("give at least one bot")
    try:
        return [BotSpec.of(bot) for bot in bots]
    except TypeError as error:
        raise ValueError(str(error)) from None


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def _squeezed(text: str) -> str:
    return "".join(text.split()).casefold()


def _joined(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


# -- the terminal ------------------------------------------------------------------


def run(
    session: Session,
    *,
    save: str | None = None,
    read: Callable[[str], str] | None = None,
    console: Any = None,
) -> int:
    """Play ``session`` in the terminal until the person quits; returns 0.

    ``save`` names a file the record is written to when the game ends (and
    when the person leaves before the end).  ``read`` reads a line after a
    prompt (default :func:`input`, with Tab completion of the moves where
    :mod:`readline` is available); end of input ends the session.
    ``console`` is a ``rich.console.Console`` (default: one on standard
    output, coloured when it is a terminal).  Ctrl-C raises
    KeyboardInterrupt.  ImportError, naming the extra, without rich.
    """
    try:
        from rich.console import Console
    except ImportError:
        raise ImportError('huegames play needs rich: pip install "huegames[play]"') from None
    if console is None:
        console = Console(highlight=False)
    screen = _Screen(session, console, save)
    if read is None:
        read = input
        if sys.stdin.isatty():
            screen.complete_with_readline()
    return screen.loop(read)


_NOTHING, _CHANGED, _QUIT = range(3)


class _Screen:
    """What the person sees and types, around a :class:`Session`."""

    def __init__(self, session: Session, console: Any, save: str | None) -> None:
        self.session, self.console, self.save_path = session, console, save
        self.escape = pictures.console_text  # outside text (names, moves) shown as it is
        self.listed: list[Any] = []  # the moves numbered on the screen
        self.candidates: list[str] = []  # what Tab completes
        self.matches: list[str] = []
        self.saved: list[tuple[int, Any]] | None = None  # the moves when --save last wrote
        self.notes: list[str] = []  # said again under the next picture, which clears the screen

    # -- the loop

    def loop(self, read: Callable[[str], str]) -> int:
        news: list[tuple[int, Any]] = []
        fresh = True
        while True:
            if fresh:
                news += self.session.bots_play(self.show_bot_move)
                if self.session.game.is_over:
                    self.show_end(news)
                    self.autosave()
                else:
                    self.show_turn(news)
                news, fresh = [], False
            prompt = "game over> " if self.session.game.is_over else "your move> "
            try:
                line = read(prompt)
            except EOFError:
                self.console.print()
                self.leave()
                return 0
            action = self.handle(line, news)
            if action == _QUIT:
                self.leave()
                return 0
            fresh = action == _CHANGED

    def handle(self, line: str, news: list[tuple[int, Any]]) -> int:
        text = line.strip()
        if not text:
            return _NOTHING
        word, _, rest = text.partition(" ")
        command, rest = word.casefold(), rest.strip()
        if command in ("quit", "exit") and not rest:
            return _QUIT
        if command == "help" and not rest:
            self.show_help()
            return _NOTHING
        if command == "moves":
            self.show_moves(rest, every=True)
            return _NOTHING
        if command == "save":
            self.save(rest)
            return _NOTHING
        if command == "undo" and not rest:
            return self.undo()
        if command == "hint" and not rest:
            self.hint()
            return _NOTHING
        if self.session.game.is_over:
            self.error("the game is over: save FILE, undo or quit")
            return _NOTHING
        if text.isdigit():  # any script's digits: only ASCII ones make a number
            number = int(text) if text.isascii() and len(text) <= _NUMBER_DIGITS else -1
            if not 1 <= number <= len(self.listed):
                typed = text if number >= 0 else brief(text)
                self.error(
                    f"no move {typed}: choose 1 to {len(self.listed)} (digits 0-9), or type a move"
                    if self.listed
                    else f"no move {typed}: type a move, or 'moves' to list them"
                )
                return _NOTHING
            text = self.listed[number - 1]
        try:
            move = self.session.play(text)
        except ValueError as error:  # IllegalMoveError, InvalidMoveError
            self.error(str(error))
            return _NOTHING
        self.console.print(f"you play [bold]{self.escape(str(move))}[/]")
        news.append((self.session.seat, move))
        return _CHANGED

    # -- commands

    def undo(self) -> int:
        try:
            undone = self.session.undo()
        except ValueError as error:
            self.error(str(error))
            return _NOTHING
        mine = undone[-1][1]
        others = len(undone) - 1
        after = f" and {others} bot move{'s' * (others != 1)} after it" if others else ""
        self.notes.append(f"took back your move {self.escape(str(mine))}{after}")
        return _CHANGED

    def hint(self) -> None:
        if not self.session.my_turn:
            self.error("the game is over: no hint")
            return
        move = self.session.hint()
        where = ""
        texts = [str(listed) for listed in self.listed]
        if str(move) in texts:
            where = f" (number {texts.index(str(move)) + 1})"
        label = self.escape(self.session.hint_bot.label)
        self.console.print(f"hint: {label} would play [bold]{self.escape(str(move))}[/]{where}")

    def save(self, path: str) -> None:
        if not path:
            self.error("save needs a file name: save FILE")
            return
        try:
            self.session.save(path)
        except OSError as error:
            self.error(f"cannot write {path!r}: {error.strerror or error}")
            return
        self.console.print(f"record saved to {self.escape(path)}")

    def autosave(self) -> None:
        if self.save_path is not None and self.saved != self.session.played:
            self.save(self.save_path)
            self.saved = list(self.session.played)

    def leave(self) -> None:
        if self.session.played:
            self.autosave()

    # -- drawing

    def show_bot_move(self, seat: int, move: Any) -> None:
        self.console.print(f"{self.escape(self.session.name(seat))} plays {self.escape(str(move))}")

    def header(self) -> None:
        session = self.session
        bots = ", ".join(
            f"seat {seat} {label}"
            for seat, label in enumerate(session.labels)
            if seat != session.seat
        )
        self.console.print(
            f"[bold]{self.escape(session.spec.title)}[/] · {session.players} players · "
            f"seed {session.seed} · you are seat {session.seat} · bots: {self.escape(bots)}"
        )
        self.console.print()

    def picture(self, subject: Any) -> None:
        from rich.errors import MarkupError
        from rich.text import Text

        hook = self.session.spec.console
        if hook is None:
            self.console.print(shown(str(subject)), markup=False)
            return
        markup = hook(subject)
        try:
            self.console.print(Text.from_markup(markup))
        except MarkupError:
            self.console.print(markup, markup=False)

    def show_news(self, news: list[tuple[int, Any]]) -> None:
        if not news:
            return
        self.console.print()
        recent = news[-_SHOWN_NEWS:]
        earlier = len(news) - len(recent)
        title = "since your last move" if any(s == self.session.seat for s, _ in news) else "so far"
        more = f" ({earlier} earlier not shown)" if earlier else ""
        self.console.print(f"[bold]{title}[/]{more}:")
        for seat, move in recent:
            self.console.print(
                f"  {self.escape(self.session.name(seat))}: {self.escape(str(move))}"
            )

    def score_line(self) -> str:
        session = self.session
        parts = []
        for seat, score in enumerate(session.scores()):
            points = "?" if score is None else str(score)
            parts.append(f"{self.escape(session.name(seat))} [bold]{points}[/]")
        lower = " (fewest best)" if session.players in session.spec.lower_scores_win else ""
        return f"scores{lower}: " + " · ".join(parts)

    def show_notes(self) -> None:
        for note in self.notes:
            self.console.print(note)
        self.notes = []

    def show_turn(self, news: list[tuple[int, Any]]) -> None:
        self.console.clear()
        self.header()
        self.picture(self.session.view)
        self.show_news(news)
        self.show_notes()
        self.console.print()
        self.console.print(f"[bold]your turn[/] (seat {self.session.seat}) · {self.score_line()}")
        self.show_moves("", every=False)
        self.console.print("type a number or a move; [bold]help[/] lists the commands")

    def show_end(self, news: list[tuple[int, Any]]) -> None:
        self.console.clear()
        self.header()
        self.picture(self.session.game)
        self.show_news(news)
        self.show_notes()
        self.console.print()
        self.console.print(f"[bold]game over[/]: {self.escape(self.session.result())}")
        self.console.print(f"final {self.score_line()}")
        self.listed, self.candidates = [], ["save ", "undo", "help", "quit"]
        self.console.print("[bold]save FILE[/] writes the record; [bold]undo[/] or [bold]quit[/]")

    def show_moves(self, start: str, *, every: bool) -> None:
        moves = [str(move) for move in self.session.moves()]
        if not self.session.my_turn:
            self.error("the game is over: no moves")
            return
        self.candidates = self.completions(moves)
        chosen = [move for move in moves if move.casefold().startswith(start.casefold())]
        if start and not chosen:
            self.error(f"no legal move starts with {start!r}")
            return
        self.listed = chosen if every or len(chosen) <= LIST_ALL else chosen[:LISTED]
        what = f" starting with {start!r}" if start else ""
        self.console.print(f"{len(chosen)} legal move{'s' * (len(chosen) != 1)}{what}:")
        self.columns(self.listed)
        rest = chosen[len(self.listed) :]
        if rest:
            groups: dict[str, int] = {}
            for move in rest:
                head = move.split()[0] if " " in move else move
                groups[head] = groups.get(head, 0) + 1
            counted = [f"{head} x{count}" for head, count in groups.items()]
            if len(counted) > LISTED:
                counted = [*counted[:LISTED], "..."]
            self.console.print(f"  and {len(rest)} more: {self.escape(', '.join(counted))}")
            start = rest[0].split()[0]
            if len(groups) == 1 and " " in rest[0]:  # one kind of move: narrow by what follows
                start = rest[0][: len(start) + 2]
            self.console.print(
                "  type one in notation (Tab completes), or [bold]moves START[/] to list "
                f"those starting with START (e.g. moves {self.escape(start)})"
            )
        prefix = shared_prefix(moves)
        if prefix is not None:
            example = next(move for move in moves if move.startswith(prefix + " "))
            short = example[len(prefix) + 1 :]
            self.console.print(
                f"  '{self.escape(prefix)}' may be left out: {self.escape(short)} "
                f"plays {self.escape(example)}"
            )

    def columns(self, moves: Sequence[str]) -> None:
        if not moves:
            return
        digits = len(str(len(moves)))
        cells = [f"{number:>{digits}} {move}" for number, move in enumerate(moves, 1)]
        width = max(map(len, cells)) + 3
        per_row = max(1, (self.console.width - 2) // width)
        for start in range(0, len(cells), per_row):
            row = cells[start : start + per_row]
            self.console.print(
                "  " + "".join(cell.ljust(width) for cell in row).rstrip(), markup=False
            )

    def show_help(self) -> None:
        width = max(map(len, COMMANDS))
        for command, meaning in COMMANDS.items():
            self.console.print(f"  [bold]{self.escape(command):<{width}}[/]  {meaning}")
        self.console.print(
            "  a move whose text is a command word is typed whole (e.g. with its first word)"
        )

    def error(self, message: str) -> None:
        self.console.print(f"[red]{self.escape(message)}[/]")

    # -- completion

    def completions(self, moves: Sequence[str]) -> list[str]:
        prefix = shared_prefix(moves)
        shortened = []
        if prefix is not None:
            shortened = [move[len(prefix) + 1 :] for move in moves if move.startswith(prefix + " ")]
        return [*moves, *shortened, *_COMMAND_WORDS]

    def complete_with_readline(self) -> None:
        try:
            import readline
        except ImportError:  # Windows without pyreadline: numbers and typing still work
            return
        readline.set_completer_delims("")
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")
        readline.set_completer(self.complete)

    def complete(self, text: str, state: int) -> str | None:
        if state == 0:
            folded = text.casefold()
            self.matches = [c for c in self.candidates if c.casefold().startswith(folded)]
        return self.matches[state] if state < len(self.matches) else None
