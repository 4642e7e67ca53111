"""Results of a run of games: win rates with Wilson intervals, score spread per bot.

A :class:`Summary` is built one record at a time (see
:mod:`huegames.run.runner`), so it costs the same memory for ten games or ten
million.  A bot's wins count the games in which its seat is among the
outcome's winners: a shared or team win counts for every winning seat.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..text import shown

__all__ = ["BotSummary", "Summary", "wilson_interval"]


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for no trials.

    Unlike the normal approximation it stays within 0 and 1 and is not
    empty for a proportion of 0 or 1, which a short run often shows.

    >>> from huegames.run.stats import wilson_interval
    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    >>> [round(bound, 3) for bound in wilson_interval(4, 4)]
    [0.51, 1.0]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if not trials:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BotSummary:
    """Results of one bot over a run: the seats it played, its wins and its scores.

    >>> from huegames.run.stats import BotSummary
    >>> bot = BotSummary("greedy")
    >>> for score, won in [(25, False), (30, True), (30, True), (35, True)]:
    ...     bot.games, bot.wins = bot.games + 1, bot.wins + won
    ...     bot.score_sum, bot.score_squares = bot.score_sum + score, bot.score_squares + score**2
    >>> bot.win_rate, bot.mean_score, round(bot.score_std, 2)
    (0.75, 30.0, 4.08)
    """

    name: str
    games: int = 0
    wins: int = 0
    score_sum: float = 0.0
    score_squares: float = 0.0

    @property
    def win_rate(self) -> float:
        """The share of its seats the bot won (0 before any game)."""
        return self.wins / self.games if self.games else 0.0

    def win_interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson score interval of the win rate (95% by default)."""
        return wilson_interval(self.wins, self.games, z)

    @property
    def mean_score(self) -> float:
        """The bot's mean score over its seats (0 before any game)."""
        return self.score_sum / self.games if self.games else 0.0

    @property
    def score_std(self) -> float:
        """The sample standard deviation of the bot's scores (0 for fewer than two)."""
        if self.games < 2:
            return 0.0
        variance = (self.score_squares - self.score_sum**2 / self.games) / (self.games - 1)
        return math.sqrt(max(0.0, variance))


@dataclass
class Summary:
    """Win rates and score statistics per bot, built one record at a time.

    A bot's games count the seats it played: with two random bots in a
    4-player game, "random" plays two seats of it.  ``lower_scores_win`` is
    True where the scores are penalties, fewest best (Plank with 3 players):
    the table and :meth:`to_dict` say so.

    >>> from huegames.run.stats import Summary
    >>> summary = Summary("hue", players=2)
    >>> summary.add({"seats": ["greedy", "random"], "scores": [30, 20], "winners": [0]})
    >>> summary.add({"seats": ["random", "greedy"], "scores": [25, 28], "winners": [1]})
    >>> print(summary.table())
    hue, 2 players, 2 games
    <BLANKLINE>
    | bot | seats played | wins | win rate (95% CI) | mean score | score std |
    | --- | --- | --- | --- | --- | --- |
    | greedy | 2 | 2 | 100.0% (34.2%-100.0%) | 29.00 | 1.41 |
    | random | 2 | 0 | 0.0% (0.0%-65.8%) | 22.50 | 3.54 |
    """

    game: str
    players: int
    games: int = 0
    draws: int = 0
    bots: list[BotSummary] = field(default_factory=list)
    lower_scores_win: bool = False
    forfeits: int = 0
    """Games in which a bot failed (``"forfeit"`` names its seat): counted
    among the games, but in no bot's seats, wins or scores."""

    def add(self, record: Mapping[str, Any]) -> None:
        """Count one game's record (its ``seats``, ``scores`` and ``winners``)."""
        self.games += 1
        if record.get("forfeit") is not None:
            self.forfeits += 1
            return
        winners = set(record["winners"])
        self.draws += not winners
        for seat, (name, score) in enumerate(zip(record["seats"], record["scores"], strict=True)):
            entry = self.bot(name)
            entry.games += 1
            entry.wins += seat in winners
            entry.score_sum += score
            entry.score_squares += score * score

    def add_games(self, seats: Sequence[str], scores: Any, winners: Any) -> None:
        """Count a batch of games played by the same ``seats`` at once, to the
        very numbers :meth:`add` gives one record at a time: ``scores`` is an
        ``(n, players)`` array of floats, ``winners`` an ``(n, players)``
        array flagging each game's winning seats.  A numpy pass per bot, not
        a Python call per game, for :func:`huegames.vector.evaluate`'s
        batches of thousands.

        >>> import numpy as np
        >>> from huegames.run.stats import Summary
        >>> summary = Summary("hue", players=2)
        >>> summary.add_games(["greedy", "random"], np.array([[30, 20], [28, 28]]),
        ...                   np.array([[1, 0], [0, 0]]))
        >>> summary.games, summary.draws, summary.bots[0].wins, summary.bots[1].mean_score
        (2, 1, 1, 24.0)
        """
        import numpy as np  # imported here: simulate needs no numpy

        played = np.asarray(scores, np.float64)
        won = np.asarray(winners) != 0
        if played.ndim != 2 or played.shape[1] != len(seats) or won.shape != played.shape:
            raise ValueError(
                f"expected scores and winners of shape (games, {len(seats)}), "
                f"not {played.shape} and {won.shape}"
            )
        if not len(played):
            return
        self.games += len(played)
        self.draws += int((~won.any(axis=1)).sum())
        for name in dict.fromkeys(seats):  # add's order of first appearance
            columns = [seat for seat, seated in enumerate(seats) if seated == name]
            entry = self.bot(name)
            values = played[:, columns].ravel()  # game by game, seat by seat: add's order
            entry.games += len(values)
            entry.wins += int(won[:, columns].sum())
            entry.score_sum = _sum_in_order(entry.score_sum, values)
            entry.score_squares = _sum_in_order(entry.score_squares, values * values)

    def bot(self, name: str) -> BotSummary:
        """The results of bot ``name`` (a new, empty entry the first time)."""
        for entry in self.bots:
            if entry.name == name:
                return entry
        self.bots.append(BotSummary(name))
        return self.bots[-1]

    def table(self) -> str:
        """A markdown table of the summary, under a line saying what was played."""
        score = "mean penalty (lower is better)" if self.lower_scores_win else "mean score"
        lines = [
            f"{shown(self.game)}, {self.players} players, {self.games} games"
            + (f", {self.draws} draws" if self.draws else "")
            + (f", {self.forfeits} forfeited by a failing bot" if self.forfeits else "")
            + ("; lower scores are better" if self.lower_scores_win else ""),
            "",
            f"| bot | seats played | wins | win rate (95% CI) | {score} | score std |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for entry in self.bots:
            low, high = entry.win_interval()
            lines.append(
                f"| {shown(entry.name)} | {entry.games} | {entry.wins} | "
                f"{entry.win_rate:.1%} ({low:.1%}-{high:.1%}) | "
                f"{entry.mean_score:.2f} | {entry.score_std:.2f} |"
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The summary as plain JSON-able data."""
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "draws": self.draws,
            "forfeits": self.forfeits,
            "lower_scores_win": self.lower_scores_win,
            "bots": [
                {
                    "name": entry.name,
                    "games": entry.games,
                    "wins": entry.wins,
                    "win_rate": entry.win_rate,
                    "win_interval": list(entry.win_interval()),
                    "mean_score": entry.mean_score,
                    "score_std": entry.score_std,
                }
                for entry in self.bots
            ],
        }


def _sum_in_order(start: float, values: Any) -> float:
    """``start`` plus each of ``values`` in turn, rounded after every addition
    as ``+=`` in a loop is (a cumulative sum; ``sum`` pairs them up)."""
    import numpy as np

    return float(np.concatenate(([start], values)).cumsum()[-1])
