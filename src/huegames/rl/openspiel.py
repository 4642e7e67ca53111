"""Every game of huegames as an OpenSpiel game (``pip install huegames[openspiel]``).

Importing this module registers each game with OpenSpiel as a Python game,
built once on the engine contract and the game's numeric
:class:`~huegames.encoding.Encoding`:

=================  ================================  ======================
huegames game      OpenSpiel short name              information
=================  ================================  ======================
``hue``            ``python_huegames_hue``           imperfect (hands)
``linja``          ``python_huegames_linja``         perfect
``plank``          ``python_huegames_plank``         perfect
``hues-and-cues``  ``python_huegames_hues_and_cues`` imperfect (the target)
=================  ================================  ======================

Every one is sequential, with terminal rewards, zero-sum utilities and
explicit chance: the game opens with :data:`SETUP_DRAWS` chance nodes of
256 equally likely outcomes each, the bytes of the 63-bit seed that
``new_game(players, seed)`` sets the game up from (the deal, the first
player, the cards), so every setup the seed can give is reachable with its
own probability and the action history replays the game (OpenSpiel's
serialisation).  What a seat sees comes from ``game.view(seat)`` only:
``information_state_string`` (perfect recall: the view and its history),
``observation_string`` (the position) and both tensors (the encoding's
``observation``, of the current position) never hold another seat's cards.

Parameters: ``players`` (the game's fewest by default); ``seed`` (-1, the
default: chance draws the setup; a seed >= 0 fixes it and there is no chance
node); ``utility`` (``"win"``, the default, or ``"score"``: see
:func:`utilities`); and each simple option of the game's ``Rules`` under its
own name (an option that may be None is written 0 for None); Hues and Cues
adds ``tie_break_rounds`` (see :data:`huegames.hues_and_cues.TIE_BREAK_ROUNDS`).

>>> from huegames.rl import openspiel
>>> game = openspiel.load_game("linja")
>>> game.get_type().short_name, game.num_distinct_actions(), game.max_game_length()
('python_huegames_linja', 29, 379)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 256)
>>> for byte in openspiel.seed_actions(1):  # the setup of linja.new_game(seed=1)
...     state.apply_action(byte)
>>> state.current_player(), state.legal_actions()
(0, [0, 7, 13, 18, 22, 25, 27])
>>> state.observation_string(1)
'r6 r1b1 r1b1 r1b1 r1b1 r1b1 r1b1 b6 | seat 1 | to move 0 | initial move'

:class:`OpenSpielBot` lets an OpenSpiel bot (MCTS, ISMCTS or your own) play
through huegames' bots interface, and :class:`HuegamesBot` lets any huegames
bot play inside OpenSpiel.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pyspiel

from .. import engine
from ..encoding import Encoding
from ..encoding import encoding as build_encoding
from ..records import brief
from ..text import quoted

__all__ = [
    "ALGORITHMS",
    "PREFIX",
    "SETUP_DRAWS",
    "UTILITIES",
    "HuegamesBot",
    "HuegamesGame",
    "HuegamesState",
    "Observer",
    "OpenSpielBot",
    "determinize",
    "game_name",
    "load_game",
    "register",
    "registered",
    "seed_actions",
    "utilities",
]

PREFIX: Final = "python_huegames_"
"""How every short name starts: ``python_huegames_`` and the game's name,
``-`` written ``_`` (``python_huegames_hues_and_cues``)."""
SETUP_DRAWS: Final = 8
"""Chance nodes that open every game: the bytes of its 63-bit setup seed."""
UTILITIES: Final = ("win", "score")
"""The values of the ``utility`` parameter (see :func:`utilities`)."""
_OUTCOMES: Final = 256
_SEED_MASK: Final = (1 << 63) - 1
_NO_SEED: Final = -1
_RESAMPLES = itertools.count()  # a fresh determinization for every call


# -- what the adapter knows of each game -----------------------------------------------


@dataclass(frozen=True)
class _Profile:
    """What OpenSpiel needs of a game: ``hidden`` (a seat cannot see
    everything), ``length(players, rules, params)`` the most moves a game can
    last, ``scores(players, rules, length)`` a seat's lowest and highest
    score (None: not known), ``extra`` the game's length limits as
    parameters with their defaults."""

    hidden: bool
    length: Callable[[int, Any, Mapping[str, Any]], int]
    scores: Callable[[int, Any, int], tuple[float, float]] | None
    extra: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @classmethod
    def of(cls, spec: engine.GameSpec) -> _Profile | None:
        """The profile the game's spec declares, or None when it leaves out
        whether it hides anything or how long it can last."""
        longest = spec.longest_game
        if spec.perfect_information is None or longest is None:
            return None
        limits = dict(spec.length_limits)

        def length(players: int, rules: Any, params: Mapping[str, Any]) -> int:
            return longest(players, rules, **{key: params.get(key, limits[key]) for key in limits})

        return cls(not spec.perfect_information, length, spec.score_bounds, limits)


_PROFILES: dict[str, _Profile] = {}  # game name -> what OpenSpiel needs, once registered


# -- rules as OpenSpiel parameters -----------------------------------------------------


def _rule_options(spec: engine.GameSpec) -> dict[str, tuple[object, bool]]:
    """The simple options of the game's Rules: name -> (parameter default,
    whether 0 stands for None).  Simple: a bool, int, float or str default,
    or an ``int | None`` option."""
    options: dict[str, tuple[object, bool]] = {}
    if not dataclasses.is_dataclass(spec.rules_class):
        return options
    for field in dataclasses.fields(spec.rules_class):
        kind, default = str(field.type).replace(" ", ""), field.default
        if kind in ("int|None", "None|int", "Optional[int]"):
            if default is None or (isinstance(default, int) and not isinstance(default, bool)):
                options[field.name] = (0 if default is None else default, True)
        elif isinstance(default, (bool, int, float, str)) and "None" not in kind:
            options[field.name] = (default, False)
    return options


def _rules_from(spec: engine.GameSpec, params: Mapping[str, Any]) -> Any:
    options = _rule_options(spec)
    values: dict[str, Any] = {}
    for name, (default, optional) in options.items():
        value = params.get(name, default)
        values[name] = None if optional and value == 0 else value
    return spec.rules_class(**values) if options else None


def _params_from(spec: engine.GameSpec, rules: Any) -> dict[str, Any]:
    if rules is None:
        return {}
    params = {}
    for name, (_, optional) in _rule_options(spec).items():
        value = getattr(rules, name)
        params[name] = 0 if optional and value is None else value
    return params


# -- registration ------------------------------------------------------------------------

_REGISTERED: dict[str, str] = {}  # huegames name -> OpenSpiel short name


def game_name(game: str | engine.GameSpec) -> str:
    """The OpenSpiel short name of a huegames game.

    >>> from huegames.rl import openspiel
    >>> openspiel.game_name("hues-and-cues")
    'python_huegames_hues_and_cues'
    """
    spec = _spec(game)
    return PREFIX + spec.name.replace("-", "_")


def registered() -> dict[str, str]:
    """The games registered with OpenSpiel so far: huegames name -> short name."""
    return dict(_REGISTERED)


def register(
    game: str | engine.GameSpec,
    *,
    hidden: bool | None = None,
    max_game_length: int | Callable[[int, Any], int] | None = None,
    score_range: tuple[float, float] | None = None,
) -> str:
    """Register ``game`` with OpenSpiel (once; again is a no-op); its short name.

    The four built-in games are registered on import.  Another registered
    huegames game needs what the contract does not say: ``hidden`` (True
    when a seat cannot see everything), ``max_game_length`` (the most moves
    a game lasts, or ``f(players, rules)``) and ``score_range`` (a seat's
    lowest and highest score, for ``utility="score"``).
    """
    spec = _spec(game)
    if spec.name in _REGISTERED:
        return _REGISTERED[spec.name]
    profile = _Profile.of(spec)
    if profile is None:
        if hidden is None or max_game_length is None:
            raise ValueError(
                f"{spec.title}'s GameSpec does not say whether it hides anything and how long "
                "it can last: register it with hidden=... and max_game_length=..."
            )
        bound = max_game_length

        def length(players: int, rules: Any, params: Mapping[str, Any]) -> int:
            return bound(players, rules) if callable(bound) else bound

        def scores(players: int, rules: Any, length: int) -> tuple[float, float]:
            if score_range is None:
                raise ValueError(
                    f'utility="score" for {spec.title} needs register(score_range=...)'
                )
            return score_range

        profile = _Profile(hidden, length, scores)
    _PROFILES[spec.name] = profile
    name = game_name(spec)
    specification: dict[str, Any] = {
        "players": spec.min_players,
        "seed": _NO_SEED,
        "utility": "win",
    }
    specification.update({key: value for key, (value, _) in _rule_options(spec).items()})
    specification.update(profile.extra)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"huegames {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if profile.hidden
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=specification,
    )

    # A class, not a closure: OpenSpiel keeps the factory until the process
    # ends, and a closure's captured objects would be freed without the GIL.
    factory = type(
        spec.title.replace(" ", "") + "Game",
        (HuegamesGame,),
        {"__doc__": f"{spec.title} as an OpenSpiel game.", "SPEC": spec, "GAME_TYPE": game_type},
    )
    pyspiel.register_game(game_type, factory)
    _REGISTERED[spec.name] = name
    return name


def load_game(
    game: str | engine.GameSpec, players: int | None = None, **params: Any
) -> HuegamesGame:
    """The OpenSpiel game of a huegames game (registering it first if need be).

    ``params`` are the OpenSpiel parameters (``seed``, ``utility``, rule
    options); ``load_game("plank", players=3, turn_limit=100)``.
    """
    spec = _spec(game)
    name = register(spec)
    if players is not None:
        params["players"] = spec.check_players(players)
    for key, value in params.items():
        if isinstance(value, int) and not -(2**31) <= value < 2**31:
            raise ValueError(
                f"parameter {quoted(key)} must be within OpenSpiel's 32-bit integers, "
                f"not {brief(value)}"
            )
    loaded = pyspiel.load_game(name, params)
    assert isinstance(loaded, HuegamesGame)
    return loaded


def seed_actions(seed: int) -> list[int]:
    """The :data:`SETUP_DRAWS` chance outcomes that set a game up from ``seed``.

    >>> from huegames.rl import openspiel
    >>> openspiel.seed_actions(7)
    [0, 0, 0, 0, 0, 0, 0, 7]
    """
    seed = engine.check_seed(seed)
    if not 0 <= seed <= _SEED_MASK:
        raise ValueError(f"a setup seed is 0 to 2**63 - 1, not {brief(seed)}")
    return list(seed.to_bytes(SETUP_DRAWS, "big"))


def _seed_of(draws: Sequence[int]) -> int:
    return int.from_bytes(bytes(draws), "big") & _SEED_MASK


def _spec(game: str | engine.GameSpec) -> engine.GameSpec:
    return game if isinstance(game, engine.GameSpec) else engine.game_spec(game)


# -- utilities ---------------------------------------------------------------------------


def _winners(spec: engine.GameSpec, game: engine.State[Any]) -> tuple[int, ...]:
    outcome = game.outcome()
    if outcome is not None:
        return outcome.winners
    scores = game.scores()  # a game stopped at the length bound: the best scores share it
    best = min(scores) if game.players in spec.lower_scores_win else max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def utilities(spec: engine.GameSpec, game: engine.State[Any], utility: str = "win") -> list[float]:
    """Each seat's OpenSpiel return for a finished (or stopped) game.

    Both kinds are ``x[s]`` minus the mean of the other seats' ``x``, so they
    add up to 0 (``ZERO_SUM``):

    - ``"win"``: ``x`` is 1 for a winner (alone, shared or with a team), 0
      otherwise: +1/-1 with two players, 0 for all in a draw;
    - ``"score"``: ``x`` is the final score, negated where lower scores win
      (Plank with 3 players, whose scores are penalty points).

    A game stopped at ``max_game_length`` (only Hues and Cues' tie-breaks
    can get there) is won by the best scores.

    >>> from huegames import engine, hue
    >>> from huegames.rl import openspiel
    >>> game = engine.play_game(hue.new_game(3, seed=1), [hue.RandomBot(seed=s) for s in range(3)])
    >>> game.scores(), game.winner
    ([17, 17, 21], 2)
    >>> openspiel.utilities(hue.SPEC, game), openspiel.utilities(hue.SPEC, game, "score")
    ([-0.5, -0.5, 1.0], [-2.0, -2.0, 4.0])
    """
    players = game.players
    if utility == "win":
        winners = set(_winners(spec, game))
        values = [1.0 if seat in winners else 0.0 for seat in range(players)]
    elif utility == "score":
        sign = -1.0 if players in spec.lower_scores_win else 1.0
        values = [sign * score for score in game.scores()]
    else:
        raise ValueError(f"utility must be one of {UTILITIES}, not {brief(utility)}")
    total = sum(values)
    return [(players * value - total) / (players - 1) for value in values]


# -- the game ------------------------------------------------------------------------------


class HuegamesGame(pyspiel.Game):  # type: ignore[misc]
    """A huegames game as an OpenSpiel game; build it with :func:`load_game`
    (or ``pyspiel.load_game("python_huegames_hue(players=3)")``).

    Its ``spec``, ``players``, ``rules`` and ``encoding`` are the huegames
    side; :meth:`state_at` wraps a huegames game in progress as a state.
    """

    SPEC: engine.GameSpec
    """The huegames game (each registered game has its own subclass)."""
    GAME_TYPE: Any
    """Its ``pyspiel.GameType``."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        spec, game_type, params = self.SPEC, self.GAME_TYPE, dict(params or {})
        profile = _PROFILES[spec.name]
        unknown = sorted(set(params) - set(game_type.parameter_specification))
        if unknown:
            raise ValueError(f"{spec.title} has no parameter {', '.join(unknown)}")
        full = {**game_type.parameter_specification, **params}
        players = spec.check_players(full["players"])
        seed = engine.check_seed(full["seed"])
        if not _NO_SEED <= seed <= _SEED_MASK:
            raise ValueError(f"seed must be -1 (drawn by chance) or 0 to 2**63 - 1, not {seed}")
        utility = full["utility"]
        if utility not in UTILITIES:
            raise ValueError(f"utility must be one of {UTILITIES}, not {brief(utility)}")
        rules = _rules_from(spec, full)
        code: Encoding = build_encoding(spec, players, rules)
        length = profile.length(players, rules, full)
        if utility == "win":
            low, high = -1.0, 1.0
        else:
            if profile.scores is None:
                raise ValueError(
                    f'utility="score" for {spec.title} needs its GameSpec\'s score_bounds'
                )
            lowest, highest = profile.scores(players, rules, length)
            low, high = -(highest - lowest), highest - lowest
        info = pyspiel.GameInfo(
            num_distinct_actions=code.action_count,
            max_chance_outcomes=_OUTCOMES,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(game_type, info, dict(params))
        self.spec, self.profile, self.players, self.seed = spec, profile, players, seed
        self.utility, self.rules, self.encoding, self.length = utility, rules, code, length
        self.draws = SETUP_DRAWS if seed == _NO_SEED else 0
        """Chance nodes before the game: :data:`SETUP_DRAWS`, or 0 for a fixed seed."""
        self.outcomes = [(byte, 1.0 / _OUTCOMES) for byte in range(_OUTCOMES)]
        self._fixed = None if seed == _NO_SEED else self.start(seed)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its game's name and its parameters:
        loaded again from OpenSpiel's registry (its class is made when the
        game is registered, so it cannot be found by name)."""
        return _loaded, (self.spec.name, self.spec.home, self.get_parameters())

    def new_initial_state(self) -> HuegamesState:
        """The state before the setup: :data:`SETUP_DRAWS` chance nodes (none
        when the ``seed`` parameter fixes the setup)."""
        return HuegamesState(self)

    def state_at(self, position: engine.State[Any]) -> HuegamesState:
        """A state of this game wrapping ``position``, a huegames game of it in
        progress (kept, not copied), its setup done; its OpenSpiel history
        is empty."""
        if position.players != self.players:
            raise ValueError(f"a game of {position.players} players, not {self.players}")
        return HuegamesState(self, position)

    def max_chance_nodes_in_history(self) -> int:
        """The setup's chance nodes: :data:`SETUP_DRAWS`, or 0 for a fixed seed."""
        return self.draws

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Observer:
        """An :class:`Observer`: the observation (default) or, with
        ``perfect_recall``, the information state."""
        return Observer(self, iig_obs_type, params)

    def start(self, seed: int) -> engine.State[Any]:
        """The huegames game this OpenSpiel game starts from ``seed``."""
        return self.spec.new_game(self.players, seed=seed, rules=self.rules)


def _loaded(name: str, module: str, params: dict[str, Any]) -> HuegamesGame:
    """The game :meth:`HuegamesGame.__reduce__` took apart."""
    return load_game(engine.game_spec(name, module=module), **params)


def _moves_played(game: engine.State[Any]) -> int:
    history = getattr(game, "history", None)
    if isinstance(history, Sequence):
        return len(history)
    return len(game.to_dict()["moves"])


class _Box:
    """The huegames side of a state: the game (None before the setup), the
    setup bytes drawn and the moves played.  A copy copies the game through
    its ``copy()``; a pickle (OpenSpiel's serialisation) is the game's record."""

    __slots__ = ("draws", "game", "moves", "views")

    def __init__(self) -> None:
        self.game: Any = None
        self.draws: list[int] = []
        self.moves = 0
        self.views: dict[int, Any] = {}

    def view(self, seat: int) -> Any:
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.game.view(seat)
        return view

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        box = _Box()
        box.game = None if self.game is None else self.game.copy()
        box.draws = list(self.draws)
        box.moves = self.moves
        return box

    def __getstate__(self) -> dict[str, Any]:
        record = None if self.game is None else json.dumps(self.game.to_dict())
        return {"draws": self.draws, "moves": self.moves, "record": record}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.draws, self.moves, self.views = list(data["draws"]), data["moves"], {}
        self.game = None
        if data["record"] is not None:
            record = json.loads(data["record"])
            self.game = engine.game_spec(record["game"]).from_dict(record)


class HuegamesState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a huegames game (:attr:`huegames_game`).

    ``str(state)`` is the whole game's record, hidden cards included (for
    debugging); everything a seat sees goes through ``view(seat)``.
    """

    def __init__(self, game: HuegamesGame, position: engine.State[Any] | None = None) -> None:
        super().__init__(game)
        self._box = box = _Box()
        if position is None and game._fixed is not None:
            position = game._fixed.copy()
        if position is not None:
            box.game, box.moves = position, _moves_played(position)

    # -- the huegames side -------------------------------------------------------------

    @property
    def huegames_game(self) -> Any:
        """The huegames game wrapped (None during the setup): the whole state."""
        return self._box.game

    def view(self, seat: int) -> Any:
        """``huegames_game.view(seat)``: what that seat may see (the same view
        until the next action; treat it as read-only)."""
        if self._box.game is None:
            raise ValueError("the game is not set up yet: its setup is being drawn")
        return self._box.view(seat)

    def _spiel(self) -> HuegamesGame:
        return self.get_game()  # type: ignore[no-any-return]

    # -- OpenSpiel's state API ---------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, ``PlayerId.CHANCE`` during the setup, or ``PlayerId.TERMINAL``."""
        box = self._box
        if box.game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(box.game.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        return self._spiel().encoding.legal_actions(self._box.view(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next setup byte: 256 outcomes, each 1/256."""
        return self._spiel().outcomes

    def _apply_action(self, action: int) -> None:
        box, spiel = self._box, self._spiel()
        if box.game is None:
            if not 0 <= action < _OUTCOMES:
                raise ValueError(f"a setup draw is 0 to 255, not {action}")
            box.draws.append(int(action))
            if len(box.draws) == spiel.draws:
                box.game = spiel.start(_seed_of(box.draws))
            return
        seat = box.game.current_player
        move = spiel.encoding.action_to_move(box.view(seat), int(action))
        box.game.play(move)
        box.moves += 1
        box.views.clear()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"setup byte {action}"
        box = self._box
        if box.game is not None and player == box.game.current_player:
            try:
                return str(self._spiel().encoding.action_to_move(box.view(player), int(action)))
            except ValueError:
                pass
        return f"action {action}"

    def is_terminal(self) -> bool:
        """True once the game is over (or has played ``max_game_length`` moves)."""
        box = self._box
        return box.game is not None and (box.game.is_over or box.moves >= self._spiel().length)

    def returns(self) -> list[float]:
        """The utilities (:func:`utilities`) once terminal, else zeros."""
        spiel = self._spiel()
        if not self.is_terminal():
            return [0.0] * spiel.players
        return utilities(spiel.spec, self._box.game, spiel.utility)

    def resample_from_infostate(
        self, player: int, probability_sampler: Any = None
    ) -> HuegamesState:
        """A state the current seat cannot tell from this one: the hidden cards
        dealt again consistently with its view (:func:`determinize`)."""
        box = self._box
        if box.game is None:
            return self.clone()  # type: ignore[no-any-return]
        drawn = None if probability_sampler is None else int(probability_sampler() * 2**53)
        rng = random.Random(engine.derive_seed("resample", drawn, next(_RESAMPLES)))
        return self._spiel().state_at(determinize(box.view(player), rng))

    def text(self, player: int, perfect_recall: bool) -> str:
        """What ``player`` sees as text: the information state (the view with
        its history) or the observation (the position)."""
        box = self._box
        if box.game is None:
            shown = " ".join(map(str, box.draws)) if not self._spiel().profile.hidden else ""
            return f"seat {player} | setup {len(box.draws)}/{SETUP_DRAWS} {shown}".rstrip()
        view = box.view(player)
        text = getattr(view, "text", None)
        return text(perfect_recall) if callable(text) else repr(view)

    def __str__(self) -> str:
        box = self._box
        if box.game is None:
            return f"setup bytes [{' '.join(map(str, box.draws))}]"
        return json.dumps(box.game.to_dict(), separators=(",", ":"))


class Observer:
    """OpenSpiel's observer of a huegames game: ``tensor`` is the encoding's
    observation of the seat's view (as float32, shape ``encoding.observation_shape``
    in ``dict["observation"]``; zeros during the setup); ``string_from`` the
    text of :meth:`HuegamesState.text`.

    The tensor holds the current position, so the information-state tensor
    is the observation tensor (not a perfect-recall record); the
    information-state string has perfect recall.  Only a seat's own view is
    offered (public information and that seat's private information).
    """

    def __init__(
        self, game: HuegamesGame, iig_obs_type: Any, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, not {brief(params)}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if (
            iig_obs_type is not None
            and game.profile.hidden
            and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            )
        ):
            raise ValueError(
                f"{game.spec.title} observes one seat's view: public information and "
                "that seat's private information only"
            )
        self._encoding = game.encoding
        shape = tuple(game.encoding.observation_shape)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: HuegamesState, player: int) -> None:
        """Write what ``player`` sees of ``state`` into :attr:`tensor`."""
        box = state._box
        if box.game is None:
            self.tensor.fill(0.0)
        else:
            self.dict["observation"][...] = self._encoding.observation(box.view(player))

    def string_from(self, state: HuegamesState, player: int) -> str:
        """What ``player`` sees of ``state`` as text."""
        return state.text(player, self.perfect_recall)


# -- determinizations -----------------------------------------------------------------------


def determinize(view: Any, rng: random.Random | int | None = None) -> engine.State[Any]:
    """A whole huegames game that ``view``'s seat cannot tell from the one it
    sees: the view's own ``sample(rng)`` (a game that hides nothing gives
    itself, a copy)."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    sample = getattr(view, "sample", None)
    if not callable(sample):
        raise ValueError(
            f"cannot deal out what a {type(view).__name__} hides: it offers no sample()"
        )
    return sample(rng)  # type: ignore[no-any-return]


# -- bots --------------------------------------------------------------------------------------


def _spec_of_view(view: Any) -> engine.GameSpec:
    module = type(view).__module__
    for spec in engine.game_specs():
        package = spec.game_class.__module__.rpartition(".")[0]
        if module == package or module.startswith(package + "."):
            return spec
    raise ValueError(f"which game is a {type(view).__name__} of? give OpenSpielBot(game=...)")


ALGORITHMS: Final = ("mcts", "ismcts", "random")
"""The OpenSpiel bots :class:`OpenSpielBot` builds by name."""


class OpenSpielBot:
    """A huegames bot that lets an OpenSpiel bot choose.

    ``choose(view)`` deals out what the view hides (:func:`determinize`),
    wraps that game as a state of the OpenSpiel game and asks the OpenSpiel
    bot, which never sees more than a state the seat cannot tell from its own.

    ``algorithm``: ``"mcts"`` (``open_spiel.python.algorithms.mcts.MCTSBot``
    with random rollouts, on one determinization per move), ``"ismcts"``
    (information-set MCTS, a fresh determinization per simulation; plain MCTS
    for a game without hidden information) or ``"random"``; or give
    ``make_bot(game, seat, seed) -> pyspiel.Bot``.  ``rollout_moves`` cuts
    each random rollout after that many moves (a cut rollout counts as no
    result), for long games.  ``game`` is found from
    the view when not given.  A spec the runner reads:
    ``huegames.rl.openspiel:OpenSpielBot:simulations=50``.

    >>> from huegames import engine, linja
    >>> from huegames.rl import openspiel
    >>> bots = [openspiel.OpenSpielBot(seed=1, simulations=20), linja.GreedyBot(seed=2)]
    >>> engine.play_game(linja.new_game(seed=3), bots).is_over
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        algorithm: str = "mcts",
        simulations: int = 100,
        uct_c: float = 2.0,
        rollouts: int = 1,
        rollout_moves: int | None = None,
        utility: str = "win",
        game: str | None = None,
        make_bot: Callable[[HuegamesGame, int, int], Any] | None = None,
    ) -> None:
        if algorithm not in ALGORITHMS:
            raise ValueError(f"algorithm must be one of {ALGORITHMS}, not {brief(algorithm)}")
        if utility not in UTILITIES:
            raise ValueError(f"utility must be one of {UTILITIES}, not {brief(utility)}")
        self.seed = engine.fresh_seed() if seed is None else engine.check_seed(seed)
        self.algorithm, self.utility = algorithm, utility
        self.simulations = engine.check_int(simulations, "simulations")
        self.rollouts = engine.check_int(rollouts, "rollouts")
        self.rollout_moves = (
            None if rollout_moves is None else engine.check_int(rollout_moves, "rollout_moves")
        )
        self.uct_c = float(uct_c)
        self.game = game
        self.make_bot = make_bot
        self._rng = random.Random(self.seed)
        self._games: dict[tuple[Any, ...], HuegamesGame] = {}
        self._bots: dict[tuple[Any, ...], Any] = {}

    def choose(self, view: Any) -> Any:
        """The move the OpenSpiel bot picks for the view's seat."""
        seat = engine.check_turn(view)
        position = determinize(view, self._rng)
        spec = _spec(self.game) if self.game is not None else _spec_of_view(view)
        params = _params_from(spec, position.rules)  # type: ignore[attr-defined]
        key = (spec.name, view.players, tuple(sorted(params.items())))
        game = self._games.get(key)
        if game is None:
            game = self._games[key] = load_game(
                spec, players=view.players, utility=self.utility, **params
            )
        bot = self._bots.get((*key, seat))
        if bot is None:
            bot = self._bots[(*key, seat)] = self._build(game, seat)
        action = bot.step(game.state_at(position))
        return game.encoding.action_to_move(view, int(action))

    def _build(self, game: HuegamesGame, seat: int) -> Any:
        seed = engine.derive_seed(self.seed, seat) & 0x7FFFFFFF
        if self.make_bot is not None:
            return self.make_bot(game, seat, seed)
        if self.algorithm == "random":
            return pyspiel.make_uniform_random_bot(seat, seed)
        from open_spiel.python.algorithms import mcts

        state = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(
            n_rollouts=self.rollouts, random_state=state, max_length=self.rollout_moves
        )
        if self.algorithm == "ismcts" and game.profile.hidden:
            from open_spiel.python.algorithms import ismcts

            bot = ismcts.ISMCTSBot(
                game,
                evaluator,
                self.uct_c,
                self.simulations,
                random_state=state,
                allow_inconsistent_action_sets=True,
            )
            rng = random.Random(seed)

            def resample(root: HuegamesState, player: int) -> HuegamesState:
                return game.state_at(determinize(root.view(player), rng))

            bot.set_resampler(resample)
            return bot
        return mcts.MCTSBot(
            game, self.uct_c, self.simulations, evaluator, solve=False, random_state=state
        )


class HuegamesBot(pyspiel.Bot):  # type: ignore[misc]
    """An OpenSpiel bot for seat ``player`` that asks a huegames bot.

    ``bot`` is a huegames bot or anything the game's catalogue builds
    (``"greedy"``, ``"mcts:playouts=200"``, a factory); it sees only
    ``state.view(player)``.  Use it with OpenSpiel's ``evaluate_bots``.

    >>> import numpy as np
    >>> from open_spiel.python.algorithms import evaluate_bots
    >>> from huegames.rl import openspiel
    >>> game = openspiel.load_game("plank", players=2)
    >>> bots = [openspiel.HuegamesBot(game, seat, "greedy", seed=seat) for seat in range(2)]
    >>> evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    [-1.0, 1.0]
    """

    def __init__(
        self,
        game: HuegamesGame,
        player: int,
        bot: engine.Bot | engine.BotSpec | str | engine.BotFactory,
        seed: int | None = None,
    ) -> None:
        pyspiel.Bot.__init__(self)
        self._game = game
        self.player = engine.check_int(player, "player")
        if not 0 <= self.player < game.players:
            raise ValueError(f"no seat {self.player}: seats are 0 to {game.players - 1}")
        if isinstance(bot, (str, engine.BotSpec, type)) or not hasattr(bot, "choose"):
            bot = game.spec.bot(bot, seed=seed)
        self.bot: engine.Bot = bot  # type: ignore[assignment]

    def step(self, state: HuegamesState) -> int:
        """The action of the huegames bot's move in the seat's view of ``state``."""
        view = state.view(self.player)
        move = self.bot.choose(view)
        return self._game.encoding.move_to_action(view, move)

    def restart_at(self, state: HuegamesState) -> None:
        """Nothing to do: the huegames bot reads the view afresh every move."""

    def inform_action(self, state: HuegamesState, player_id: int, action: int) -> None:
        """Nothing to do: the huegames bot reads the view afresh every move."""

    def provides_policy(self) -> bool:
        """False: a huegames bot gives a move, not a policy."""
        return False


for _game in engine.game_specs():
    if _Profile.of(_game) is not None:
        register(_game)
