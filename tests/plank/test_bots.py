"""Plank bots: seeded, legal, and as strong as their names say."""

import pytest

from huegames import engine, plank
from huegames.plank import Deal, Game, GreedyBot, Place, RandomBot, SearchBot, Square

FULL = ("RWG", "RGW", "GRW")
TWO = Deal(("A", "B"), (FULL * 2, FULL * 2), first=0)
BOTS = [RandomBot, GreedyBot, lambda seed: SearchBot(seed, nodes=200)]


def position(texts: list[str]) -> Game:
    game = Game(TWO)
    for text in texts:
        game.play(text)
    return game


@pytest.mark.parametrize("make", BOTS)
def test_bots_are_seeded_and_play_whole_hands_legally(make):
    for players in (2, 3, 4):
        runs = [
            engine.play_game(plank.new_game(players, seed=1), [make(s) for s in range(players)])
            for _ in range(2)
        ]
        assert runs[0].is_over and runs[0].to_dict() == runs[1].to_dict()


@pytest.mark.parametrize("make", [GreedyBot, lambda seed: SearchBot(seed, nodes=200)])
def test_bot_completes_a_line_at_once_when_it_can(make):
    game = position(["T RWG R", "B RGW R", "Wb1", "Gb2"])
    for seed in range(5):
        assert make(seed).choose(game.view(0)) == Place("G", Square(0, 2))


@pytest.mark.parametrize("make", [GreedyBot, lambda seed: SearchBot(seed, nodes=200)])
def test_bot_blocks_an_opponents_immediate_win(make):
    game = position(["T RWG R", "B RGW R", "Wb1"])  # seat 0 threatens c1
    for seed in range(5):
        assert make(seed).choose(game.view(1)) == Place("G", Square(0, 2))


def test_random_bot_plays_any_legal_move():
    game = position(["T RWG R"])
    choices = {RandomBot(seed).choose(game.view(1)) for seed in range(60)}
    assert len(choices) > 10 and choices <= set(game.legal_moves())


def decided_wins(first, second, hands: int) -> tuple[int, int]:
    """Wins of ``first`` and of ``second`` over seeded hands, seats swapped."""
    wins = [0, 0]
    for seed in range(hands // 2):
        for swap in (False, True):
            bots = [first(seed), second(seed + 1000)]
            if swap:
                bots.reverse()
            game = engine.play_game(plank.new_game(2, seed=seed), bots)
            if game.winner is not None:
                wins[(game.winner == 1) != swap] += 1
    return wins[0], wins[1]


def test_greedy_beats_random_most_of_the_time():
    greedy, random = decided_wins(GreedyBot, RandomBot, 40)
    assert greedy >= 0.8 * (greedy + random)


def test_search_beats_greedy_more_often_than_not():
    search, greedy = decided_wins(lambda s: SearchBot(s, nodes=200), GreedyBot, 20)
    assert search >= 0.6 * (search + greedy)
