"""The contract every game keeps, the one play loop, seeds and the game registry.

Every engine in ``huegames`` has the same shape (OpenSpiel's game/state
split, python-chess's ``Outcome``), so a bot, a runner or an adapter written
once works for all four games::

    from huegames import engine

    spec = engine.game_spec("plank")           # or "hue", "linja", "hues-and-cues"
    game = spec.new_game(players=2, seed=7)    # every random choice from the seed
    bots = [spec.bot("greedy", seed=1), spec.bot("random", seed=2)]
    engine.play_game(game, bots)
    game.outcome()                             # Outcome(termination=..., winners=(0,))

The pieces:

- :class:`State`: what a game state offers (``current_player`` is
  :data:`GAME_OVER`, that is None, once the game is over);
- :class:`Move`: a small immutable move with a text notation;
- :class:`View` and :class:`Bot`: what one seat may see, and what chooses
  a move from it; :func:`check_turn` raises :class:`NotYourTurnError` for a
  bot asked to move out of turn;
- :class:`Outcome`: how a game ended, ``winners`` always a tuple of seats;
- :func:`play_game`: the one play loop;
- :func:`derive_seed` and :func:`fresh_seed`: the one place seeds come from;
- :class:`GameSpec` and :func:`register`/:func:`game_spec`: the registry the
  runner, the command line and the records use, keyed by game name;
- :class:`BotSpec`: a bot named with its settings (``"mcts:playouts=200"``),
  a ``package.module:Factory`` path, or your own class or factory;
- :data:`KernelPlayer`: a game's batch player, which plays whole chunks of
  a run in C when every seat's bot has a kernel policy
  (:attr:`GameSpec.kernel`).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.metadata
import inspect
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, Protocol, TypeVar, runtime_checkable

from .errors import NotYourTurnError
from .records import brief

__all__ = [
    "GAMES_GROUP",
    "GAME_OVER",
    "MOST_SETTING",
    "Bot",
    "BotEntry",
    "BotFactory",
    "BotSpec",
    "GameSpec",
    "KernelPlayer",
    "Lineup",
    "Move",
    "NotYourTurnError",
    "Outcome",
    "State",
    "View",
    "check_int",
    "check_seed",
    "check_setting",
    "check_turn",
    "derive_seed",
    "factory_settings",
    "fresh_seed",
    "game_names",
    "game_spec",
    "game_specs",
    "picture",
    "play_game",
    "register",
]

GAME_OVER: Final = None
"""``current_player`` of every game once it is over: None, never a seat number
(so ``bots[game.current_player]`` fails loudly instead of picking a bot)."""


# -- value types -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: why (``termination``, an enum of the game's own) and
    who won (``winners``, a tuple of seats in ascending order: one seat, the
    seats of a shared or team win, or ``()`` for a draw).

    >>> from huegames import engine, hue
    >>> outcome = engine.Outcome(hue.Termination.HANDS_PLAYED, (1,))
    >>> outcome.winner, outcome.is_draw
    (1, False)
    >>> engine.Outcome(hue.Termination.HANDS_PLAYED, ()).is_draw
    True
    """

    termination: Enum
    winners: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.termination, Enum):
            raise TypeError(f"termination must be an Enum member, not {brief(self.termination)}")
        if not isinstance(self.winners, tuple) or any(
            isinstance(seat, bool) or not isinstance(seat, int) or seat < 0 for seat in self.winners
        ):
            raise TypeError(f"winners must be a tuple of seats, not {brief(self.winners)}")
        if list(self.winners) != sorted(set(self.winners)):
            raise ValueError(f"winners must be distinct seats in ascending order: {self.winners}")

    @property
    def winner(self) -> int | None:
        """The seat that won alone; None for a draw and for a shared or team win."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners


# -- protocols ---------------------------------------------------------------------

MoveT = TypeVar("MoveT", bound="Move")
MoveT_co = TypeVar("MoveT_co", bound="Move", covariant=True)


@runtime_checkable
class Move(Protocol):
    """A move: immutable, hashable, printed in the game's short notation.

    ``Move.parse(str(move)) == move`` for every move, and
    ``Move.coerce(move_or_text)`` takes either form (raising
    :class:`~huegames.InvalidMoveError` for text that is not a move).
    """

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@runtime_checkable
class View(Protocol[MoveT_co]):
    """What one seat may see of a game: nothing another seat hides from it."""

    @property
    def player(self) -> int:
        """The seat this view belongs to."""
        ...

    @property
    def players(self) -> int:
        """How many seats the game has."""
        ...

    @property
    def current_player(self) -> int | None:
        """The seat to move, or :data:`GAME_OVER`."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended (``current_player`` is then :data:`GAME_OVER`)."""
        ...

    def legal_moves(self) -> Sequence[MoveT_co]:
        """This seat's legal moves when it is to move, else none."""
        ...


@runtime_checkable
class State(Protocol[MoveT]):
    """A game in progress: the one shape all four engines share.

    A refused ``play`` raises :class:`~huegames.IllegalMoveError` or
    :class:`~huegames.InvalidMoveError` (both ValueErrors) and leaves the
    state exactly as it was.
    """

    @property
    def players(self) -> int:
        """How many seats the game has, numbered from 0."""
        ...

    @property
    def current_player(self) -> int | None:
        """The seat to move; :data:`GAME_OVER` (None) once the game is over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended; ``outcome()`` then says how."""
        ...

    @property
    def winner(self) -> int | None:
        """``outcome().winner``: the seat that won alone, else None."""
        ...

    def legal_moves(self) -> Sequence[MoveT]:
        """Every move the current player may make; empty once the game is over."""
        ...

    def play(self, move: MoveT | str) -> MoveT:
        """Play a move (or its text) for the current player; returns the move played."""
        ...

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` would take back a move."""
        ...

    def undo(self) -> MoveT:
        """Take back the last move; returns it."""
        ...

    def copy(self) -> State[MoveT]:
        """An independent copy: moves played on it leave this state alone."""
        ...

    def view(self, player: int) -> View[MoveT]:
        """What seat ``player`` may see, for its bot: no other seat's secrets."""
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        ...

    def scores(self) -> list[int]:
        """Points per seat (final once the game is over)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-able record; ``from_dict`` of the game's class replays it."""
        ...


class Bot(Protocol):
    """Anything that chooses a move from a view of the game.

    A bot asked to move when it is not its seat's turn, or when the game is
    over, raises :class:`NotYourTurnError` (see :func:`check_turn`).
    """

    def choose(self, view: Any) -> Any:
        """The move this bot makes for the view's seat (NotYourTurnError out of turn)."""
        ...


BotFactory = Callable[..., Bot]
"""Makes a bot: called as ``factory(seed=..., **settings)``."""


def check_turn(view: View[Any]) -> int:
    """The view's seat when that seat is to move, else :class:`NotYourTurnError`.

    Every bot calls this first, so every bot refuses the same way.
    """
    if view.is_over:
        raise NotYourTurnError(f"seat {view.player} has no move: the game is over")
    if view.current_player != view.player:
        raise NotYourTurnError(
            f"seat {view.player} has no move: it is seat {view.current_player}'s turn"
        )
    return view.player


StateT = TypeVar("StateT", bound=State[Any])


def play_game(
    game: StateT,
    bots: Sequence[Bot],
    *,
    on_move: Callable[[StateT, Any], None] | None = None,
) -> StateT:
    """Play ``game`` to its end, seat ``s`` choosing with ``bots[s]``; returns the game.

    ``on_move(game, move)`` is called after every move, for recording or
    drawing.  Each bot sees only its own seat's view.

    >>> from huegames import engine, hue
    >>> game = hue.new_game(players=2, seed=1)
    >>> bots = [hue.RandomBot(seed=1), hue.RandomBot(seed=2)]
    >>> engine.play_game(game, bots).outcome()
    Outcome(termination=<Termination.HANDS_PLAYED: ...>, winners=(1,))
    >>> game.scores()
    [18, 19]
    """
    if len(bots) != game.players:
        raise ValueError(f"{len(bots)} bots for {game.players} seats: give one bot per seat")
    while not game.is_over:
        seat = game.current_player
        assert seat is not None  # a game that is not over has a seat to move
        move = game.play(bots[seat].choose(game.view(seat)))
        if on_move is not None:
            on_move(game, move)
    return game


# -- seeds -------------------------------------------------------------------------


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts (``derive_seed(run_seed, game_number)``),
    the same on every machine, Python version and executor.

    >>> from huegames.engine import derive_seed
    >>> derive_seed(1, 2)
    7777801250388762567
    >>> derive_seed(1, 2) == derive_seed(1, 2), derive_seed(1, 2) == derive_seed(2, 1)
    (True, False)
    """
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def fresh_seed() -> int:
    """A new 63-bit seed from the operating system, for games started with
    ``seed=None``: the game keeps it, so its record still replays."""
    return secrets.randbits(63)


def check_seed(seed: object, name: str = "seed") -> int:
    """``seed`` when it is an integer (not a bool, not a float), else a TypeError."""
    return check_int(seed, name)


MOST_SETTING: Final = 2**31 - 1
"""The largest number a rule setting takes (a count of rounds, turns or
repetitions): every core holds it in 32 bits, every record writes it."""


def check_setting(value: object, name: str, least: int) -> int:
    """``value`` when it is an ``int`` from ``least`` to :data:`MOST_SETTING`,
    else a TypeError or a ValueError naming ``name``."""
    if not least <= check_int(value, name) <= MOST_SETTING:
        raise ValueError(f"{name} must be None or {least} to {MOST_SETTING}, not {brief(value)}")
    return value  # type: ignore[return-value]


def check_int(value: object, name: str) -> int:
    """``value`` when it is an ``int``, else a TypeError naming ``name``.

    Seats, counts and coordinates are integers: ``True`` and ``1.0`` compare
    equal to 1 in Python but would index, count or hash as something else.

    >>> from huegames.engine import check_int
    >>> check_int(3, "players")
    3
    >>> check_int(True, "players")
    Traceback (most recent call last):
    ...
    TypeError: players must be an integer, not True
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, not {brief(value)}")
    return value


# -- bots with settings --------------------------------------------------------------

_SETTING_TYPES = (bool, int, float, str)


@dataclass(frozen=True)
class BotEntry:
    """One bot of a game's catalogue: its name, factory and documented settings."""

    name: str
    factory: BotFactory
    summary: str = ""
    """One line for ``--help``; by default the first line of the factory's docstring."""

    @property
    def description(self) -> str:
        """The summary, or the first line of the factory's docstring."""
        doc = inspect.getdoc(self.factory) or ""
        return self.summary or doc.strip().split("\n")[0]

    @property
    def settings(self) -> dict[str, object]:
        """The settings the factory takes, with their defaults (seed excluded)."""
        return factory_settings(self.factory)


def factory_settings(factory: Callable[..., Any]) -> dict[str, object]:
    """Keyword settings of a bot factory and their defaults, seed excluded.

    >>> from huegames import engine, hue
    >>> engine.factory_settings(hue.MCTSBot)
    {'playouts': 1000, 'seconds': None, 'candidates': 12, 'margin': 0.2, 'rollout': 'keep_best'}
    """
    try:
        return dict(_settings_of(factory))
    except TypeError:  # an unhashable factory: read it uncached
        return dict(_settings_of.__wrapped__(factory))


@functools.lru_cache(maxsize=256)
def _settings_of(factory: Callable[..., Any]) -> tuple[tuple[str, object], ...]:
    """Read once per factory: the runner builds bots for every game it plays."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return ()
    return tuple(
        (p.name, p.default)
        for p in parameters
        if p.name != "seed"
        and p.default is not inspect.Parameter.empty
        and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    )


@dataclass(frozen=True)
class BotSpec:
    """A bot to build in each game: a catalogue name or a factory, with settings.

    Plain, picklable data, so it travels to process pools and Dask workers:
    a factory given as ``"package.module:Factory"`` is imported where the
    game is played.  Parse the command-line form with :meth:`parse`.
    """

    factory: str | BotFactory
    settings: tuple[tuple[str, object], ...] = ()

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Read ``name[:key=value...]`` or ``package.module:Factory[:key=value...]``.

        Values are read as the setting's default's type by :meth:`build`;
        here they stay text unless they read as an integer or a number.

        >>> from huegames.engine import BotSpec
        >>> BotSpec.parse("mcts:playouts=200:margin=0.5")
        BotSpec(factory='mcts', settings=(('playouts', 200), ('margin', 0.5)))
        >>> BotSpec.parse("mypkg.bots:MyBot:depth=2")
        BotSpec(factory='mypkg.bots:MyBot', settings=(('depth', 2),))
        """
        if not isinstance(text, str):
            raise TypeError(f"a bot spec is text, not {brief(text)}")
        parts = [part.strip() for part in text.strip().split(":")]
        names = [part for part in parts if "=" not in part]
        settings = [part for part in parts if "=" in part]
        if not names or not names[0] or len(names) > 2 or parts[: len(names)] != names:
            raise ValueError(
                f"bad bot spec {brief(text)}: write name[:setting=value...] "
                "or package.module:Factory[:setting=value...]"
            )
        pairs: list[tuple[str, object]] = []
        for item in settings:
            key, _, value = item.partition("=")
            if not key.isidentifier():
                raise ValueError(f"bad bot setting {brief(item)} in {brief(text)}")
            pairs.append((key, _literal(value)))
        return cls(":".join(names), tuple(pairs))

    @classmethod
    def of(cls, bot: BotSpec | str | BotFactory, **settings: object) -> BotSpec:
        """A spec from a spec, its text, or a bot class or factory."""
        if isinstance(bot, BotSpec):
            spec = bot
        elif isinstance(bot, str):
            spec = cls.parse(bot)
        elif callable(bot):
            spec = cls(bot)
        else:
            raise TypeError(f"a bot is a name, a spec or a factory, not {brief(bot)}")
        if settings:
            spec = cls(spec.factory, (*spec.settings, *settings.items()))
        return spec

    @property
    def label(self) -> str:
        """How results name this bot: the spec's text, or the factory's name.

        >>> from huegames import hue
        >>> from huegames.engine import BotSpec
        >>> BotSpec.parse("mcts: playouts=200").label
        'mcts:playouts=200'
        >>> BotSpec.of(hue.GreedyBot).label
        'GreedyBot'
        """
        factory, settings = self.factory, list(self.settings)
        if isinstance(factory, functools.partial):
            settings = [*factory.keywords.items(), *settings]
            factory = factory.func
        if isinstance(factory, str):
            name = factory
        else:
            name = getattr(factory, "__qualname__", None) or type(factory).__name__
        return ":".join([name, *(f"{key}={value}" for key, value in settings)])

    def resolve(self, game: GameSpec) -> BotFactory:
        """The factory this spec names: from the game's catalogue or imported."""
        if callable(self.factory):
            return self.factory
        if ":" not in self.factory:
            return game.bot_entry(self.factory).factory
        module_name, _, attribute = self.factory.partition(":")
        try:
            target: Any = importlib.import_module(module_name)
            for name in attribute.split("."):
                target = getattr(target, name)
        except (ImportError, AttributeError) as error:
            raise ValueError(f"cannot import bot {brief(self.factory)}: {error}") from None
        if not callable(target):
            raise ValueError(f"bot {brief(self.factory)} is not a class or factory")
        return target  # type: ignore[no-any-return]

    def check(self, game: GameSpec) -> None:
        """Raise ValueError now, not in a worker, if this spec cannot build a bot."""
        factory = self.resolve(game)
        self._settings_for(factory)

    def build(self, game: GameSpec, seed: int) -> Bot:
        """A new bot for one game, with its own seed."""
        return self.maker(game)(seed=seed)

    def maker(self, game: GameSpec) -> Callable[..., Bot]:
        """The factory with this spec's settings bound: ``maker(seed=...)`` builds
        a bot (what :meth:`build` does, for a runner to resolve the spec once)."""
        factory = self.resolve(game)
        return functools.partial(factory, **self._settings_for(factory))

    def _settings_for(self, factory: BotFactory) -> dict[str, object]:
        known = factory_settings(factory)
        settings: dict[str, object] = {}
        for key, value in self.settings:
            if key not in known:
                choices = ", ".join(sorted(known)) or "none"
                raise ValueError(
                    f"bot {brief(self.label)} has no setting {brief(key)} (its settings: {choices})"
                )
            settings[key] = _as_type_of(known[key], value, key)
        return settings


def _literal(text: str) -> object:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _as_type_of(default: object, value: object, key: str) -> object:
    """``value`` read as the type of the setting's default (when it has one)."""
    kind = type(default)
    if default is None or kind not in _SETTING_TYPES or isinstance(value, kind):
        if kind is int and isinstance(value, bool):
            raise ValueError(f"setting {key} must be an integer, not {brief(value)}")
        return value
    if kind is bool:
        text = str(value).lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"setting {key} must be true or false, not {brief(value)}")
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if kind is str:
        return str(value)
    raise ValueError(f"setting {key} must be {kind.__name__}, not {brief(value)}")


# -- the registry ------------------------------------------------------------------

KernelPlayer = Callable[[Any, int, int], list[dict[str, Any]] | None]
"""A game's batch player, ``play_games(run, start, stop)``: the records of
games ``start .. stop-1`` of ``run`` (a :class:`huegames.run.runner.RunSpec`),
each as :meth:`RunSpec.play <huegames.run.runner.RunSpec.play>` would give it
plus ``"engine": "kernel"``, or None when it cannot play this run (a seat's
bot or setting with no kernel policy, its C core not loaded, a rule option
it lacks).  ``play_games(run, 0, 0)`` answers ``[]`` or None at once."""


@dataclass(frozen=True)
class Lineup:
    """One run that measures a game's speed: ``bots`` (a runner spec text,
    ``"greedy,random"``) at ``players`` seats (None: the game's fewest).

    ``before`` is the rate the issue that set the table measured on this
    project's machine (games per second; for a ``per_move`` lineup, the
    milliseconds one move of the first seat took).  A ``per_move`` lineup
    times the first seat's moves, not whole games.
    """

    label: str
    bots: str
    players: int | None = None
    before: float | None = None
    per_move: bool = False


@dataclass(frozen=True)
class GameSpec:
    """A game as the runner, the command line, the records and the adapters know it.

    ``name`` is the id records carry (``"hue"``, ``"linja"``, ``"plank"``,
    ``"hues-and-cues"``); ``new_game(players, seed, rules=None)`` starts a game;
    ``game_class.from_dict`` reads a record; ``bots`` is the catalogue.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    new_game: Callable[..., State[Any]]
    game_class: type
    rules_class: type
    bots: tuple[BotEntry, ...]
    lower_scores_win: frozenset[int] = field(default_factory=frozenset)
    """Player counts whose scores are penalties, fewest best (Plank with 3)."""
    module: str | None = None
    """The module whose import registers this game, for worker processes that
    start fresh; by default the module of ``game_class``."""
    svg: Callable[..., str] | None = None
    """``svg(subject, **style)``: a picture of a state, view or board as an SVG
    document, with the style keywords of :func:`huegames.pictures.style`."""
    console: Callable[[Any], str] | None = None
    """``console(subject)``: a coloured text picture of a state or view in
    rich console markup (``[on #2e9e44]``...), for the terminal player."""
    encoding: str | None = None
    """``"module:Class"`` of the game's numeric encoding
    (:class:`huegames.encoding.Encoding`), imported only when asked for, so
    that a game never needs numpy; ``Class(players=..., rules=...)``."""
    kernel: str | None = None
    """``"module:function"`` of the game's batch player (:data:`KernelPlayer`),
    imported only when a run asks for it (:meth:`kernel_player`), so that a
    game never needs its C core to be registered."""
    perfect_information: bool | None = None
    """True when every seat sees the whole game (Linja, Plank); False when
    something is hidden from a seat (hands, a deck, a target); None when the
    game does not say."""
    longest_game: Callable[..., int] | None = None
    """``longest_game(players, rules, **length_limits)``: the most moves a game
    can last, for adapters that need a bound (OpenSpiel's ``max_game_length``);
    a ValueError when ``rules`` leave it unbounded and no limit bounds it."""
    length_limits: Mapping[str, int] = field(default_factory=dict)
    """Limits on what the rules leave unbounded, with their defaults (Hues and
    Cues' ``tie_break_rounds``), passed to :attr:`longest_game`; an adapter
    that stops a game there scores it as it stands."""
    score_bounds: Callable[[int, Any, int], tuple[float, float]] | None = None
    """``score_bounds(players, rules, longest)``: a seat's lowest and highest
    score in a game of at most ``longest`` moves."""
    lineups: tuple[Lineup, ...] = ()
    """The runs that measure the game's speed (:mod:`huegames.run.throughput`)."""
    hot_paths: str | None = None
    """``"module:function"`` of what ``huegames bench`` times for the game
    (:meth:`hot_path_cases`); imported only when asked for."""
    vector: str | None = None
    """``"module:Class"`` of the game's C batch for :mod:`huegames.vector`
    (``Class.of(setup, buffers, chunks)``: the batch, or None where it
    cannot play those settings and the Python batch plays them); imported
    only when a vector environment is made."""

    @property
    def home(self) -> str:
        """The module to import to register this game."""
        return self.module or self.game_class.__module__

    def check_players(self, players: object) -> int:
        """``players`` when the game is for that many: a TypeError when it is
        not an ``int``, a ValueError when it is out of range."""
        count = check_int(players, "players")
        if not self.min_players <= count <= self.max_players:
            allowed = (
                f"{self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise ValueError(f"{self.title} is for {allowed} players, not {brief(count)}")
        return count

    def bot_entry(self, name: str) -> BotEntry:
        """The catalogue entry of bot ``name``, or a ValueError naming the bots there are."""
        for entry in self.bots:
            if entry.name == name:
                return entry
        raise ValueError(f"unknown {self.name} bot {brief(name)}: choose from {self.bot_names()}")

    def bot_names(self) -> str:
        """The catalogue's bot names, comma-separated, for help and error messages."""
        return ", ".join(entry.name for entry in self.bots)

    def bot(
        self, bot: BotSpec | str | BotFactory, seed: int | None = None, **settings: object
    ) -> Bot:
        """A bot by name or spec (``spec.bot("mcts", seed=1, playouts=200)``).

        >>> from huegames import engine
        >>> engine.game_spec("hue").bot("mcts", seed=1, playouts=200).playouts
        200
        """
        return BotSpec.of(bot, **settings).build(self, fresh_seed() if seed is None else seed)

    def from_dict(self, record: Mapping[str, Any]) -> State[Any]:
        """A game rebuilt from its record (every move replayed and checked)."""
        return self.game_class.from_dict(record)  # type: ignore[no-any-return, attr-defined]

    def kernel_player(self) -> KernelPlayer | None:
        """The game's batch player, imported on first use; None when it has none.

        A ValueError names a ``kernel`` path that cannot be imported.

        >>> from huegames import engine
        >>> engine.game_spec("hue").kernel_player().__name__
        'play_games'
        """
        return None if self.kernel is None else _import_function(self.kernel, "kernel")

    def hot_path_cases(self, positions: int) -> list[tuple[Any, ...]]:
        """What ``huegames bench`` times: ``(what, backend, inputs, call)``,
        ``call`` run on each input, over ``positions`` seeded positions, and
        optionally a fifth item, how many of ``what`` one call does (a batch
        of games in a kernel: the time is shared out); none when the game
        names no :attr:`hot_paths`."""
        if self.hot_paths is None:
            return []
        return _import_function(self.hot_paths, "hot paths")(positions)  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=16)
def _import_function(path: str, what: str) -> Callable[..., Any]:
    module_name, _, name = path.partition(":")
    try:
        function = getattr(importlib.import_module(module_name), name)
    except (ImportError, AttributeError, ValueError) as error:
        raise ValueError(f"the {what} {brief(path)} cannot be loaded: {error}") from None
    if not callable(function):
        raise ValueError(f"the {what} {brief(path)} is not a function")
    return function  # type: ignore[no-any-return]


GAMES_GROUP: Final = "huegames.games"
"""The entry-point group games register in: a package names its
:class:`GameSpec` there (``hue = "huegames.hue:SPEC"`` in pyproject.toml)
and :func:`game_spec` finds it by name; the four built-in games register
the same way."""

_REGISTRY: dict[str, GameSpec] = {}


@functools.lru_cache(maxsize=1)
def _installed() -> dict[str, importlib.metadata.EntryPoint]:
    """The games installed in :data:`GAMES_GROUP`, by name, sorted by name."""
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for entry in importlib.metadata.entry_points(group=GAMES_GROUP):
        found.setdefault(entry.name, entry)
    return dict(sorted(found.items()))


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (each game package registers itself on import)."""
    known = _REGISTRY.get(spec.name)
    if known is not None and known.game_class is not spec.game_class:
        raise ValueError(f"a different game is already registered as {spec.name!r}")
    _REGISTRY[spec.name] = spec
    return spec


def game_names() -> list[str]:
    """Every game's name: the installed ones (:data:`GAMES_GROUP`), then any
    others registered in this process.

    >>> from huegames import engine
    >>> engine.game_names()[:4]
    ['hue', 'hues-and-cues', 'linja', 'plank']
    """
    installed = _installed()
    return [*installed, *(name for name in _REGISTRY if name not in installed)]


def game_spec(name: str, *, module: str | None = None) -> GameSpec:
    """The registered game ``name``, loading its entry point on first use.

    ``module`` names the package of a game that is not installed in
    :data:`GAMES_GROUP`, so a fresh worker process can find it too.  A name
    with underscores that no game has is read with hyphens, so a game's
    module name finds it too (``hues_and_cues``).

    >>> from huegames import engine
    >>> engine.game_spec("hues_and_cues").name
    'hues-and-cues'
    >>> spec = engine.game_spec("hue")
    >>> spec.title, spec.min_players, spec.max_players
    ('Hue', 2, 5)
    >>> spec.bot_names()
    'random, greedy, mcts'
    >>> engine.game_spec("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess': choose from hue, hues-and-cues, linja, plank...
    """
    known = name
    if isinstance(name, str) and name not in _REGISTRY:
        installed = _installed()
        if name not in installed and module is None and "_" in name:
            known = name.replace("_", "-")  # the game's module name
        entry = installed.get(known)
        if entry is not None:
            loaded = entry.load()
            if isinstance(loaded, GameSpec):
                register(loaded)
        elif module is not None:
            importlib.import_module(module)
    try:
        return _REGISTRY[known]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown game {brief(name)}: choose from {', '.join(game_names())}"
        ) from None


def game_specs() -> Iterator[GameSpec]:
    """Every registered game, built-in ones first."""
    for name in game_names():
        yield game_spec(name)


def picture(name: str, subject: object) -> str:
    """The SVG picture of a state, view or board of game ``name``, drawn by the
    ``svg`` its package registered: what every ``_repr_svg_`` returns, so
    that no game module imports its drawing module (which imports them).

    >>> from huegames import engine, linja
    >>> engine.picture("linja", linja.new_game(seed=1)).startswith("<svg")
    True
    """
    spec = game_spec(name)
    if spec.svg is None:
        raise ValueError(f"{spec.title} registers no pictures (its GameSpec has no svg)")
    return spec.svg(subject)
