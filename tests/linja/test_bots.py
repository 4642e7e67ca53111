"""Linja bots: legal choices, seeded repeats, and what each one prefers.

The strength measurement (1,000 games per pairing) is scripts/linja_strength.py.
"""

import pytest

from hostile import bounded
from huegames import engine, linja
from huegames.linja import Board, Game, GreedyBot, NotYourTurnError, RandomBot, SearchBot

BOTS = [
    lambda seed: RandomBot(seed),
    lambda seed: GreedyBot(seed),
    lambda seed: SearchBot(seed, nodes=20),
]


@pytest.mark.parametrize("make", BOTS, ids=["random", "greedy", "search"])
def test_bots_choose_legal_moves_and_turns(make):
    game = linja.new_game(seed=21)
    bots = [make(1), make(2)]
    while not game.is_over:
        seat = game.current_player
        if len(game.history) % 3 == 0:
            turn = bots[seat].choose_turn(game.view(seat))
            assert turn in game.legal_turns()
            game.play_turn(turn)
        else:
            move = bots[seat].choose(game.view(seat))
            assert move in game.legal_moves()
            game.play(move)
    assert game.winner in (0, 1, None)


@pytest.mark.parametrize("make", BOTS, ids=["random", "greedy", "search"])
def test_bots_repeat_a_game_from_the_same_seeds(make):
    def record():
        return engine.play_game(linja.new_game(seed=8), [make(3), make(4)]).to_dict()

    assert record() == record()


def test_greedy_takes_the_best_immediate_score_balance():
    game = linja.new_game(seed=5, first_player=linja.RED)
    turn = GreedyBot(0).choose_turn(game.view(linja.RED))
    best = max(o.board.points(0) - o.board.points(1) for o in game.turn_outcomes())
    chosen = next(o for o in game.turn_outcomes() if o.turn == turn)
    assert chosen.board.points(0) - chosen.board.points(1) == best


def test_search_ends_the_game_with_a_win_where_greedy_grabs_points():
    game = Game(Board.of((0, 0, 1, 0, 2, 1, 3, 5), (6, 5, 1, 0, 0, 0, 0, 0)), linja.BLACK)
    # "1-0 2-1" passes the sides and wins by 12; "1-0 1-0" leads by 13 but plays on
    assert str(GreedyBot(0).choose_turn(game.view(linja.BLACK))) == "1-0 1-0"
    assert str(SearchBot(0, nodes=20).choose_turn(game.view(linja.BLACK))) == "1-0 2-1"


def test_a_bot_asked_out_of_turn_refuses():
    game = Game()
    with pytest.raises(NotYourTurnError, match="seat 0's turn"):
        GreedyBot(0).choose_turn(game.view(linja.BLACK))


def test_greedy_beats_random_and_search_beats_greedy_in_a_short_run():
    def wins(a, b, games):
        won = 0
        for seed in range(games):
            bots = [a(2 * seed), b(2 * seed + 1)]
            if seed % 2:
                bots.reverse()
            game = engine.play_game(linja.new_game(seed=seed), bots)
            won += game.winner == seed % 2
        return won

    assert wins(GreedyBot, RandomBot, 10) >= 9
    assert wins(lambda s: SearchBot(s, nodes=20), GreedyBot, 6) >= 4


def test_a_search_node_budget_bounds_its_work_whatever_the_depth_limit():
    """Near the end every line reaches the game's end within the budget:
    the search stops there (a deeper one would walk the same tree), not after
    max_depth walks of it (a move once took half a minute)."""
    out = bounded(
        """
        from huegames import engine, linja
        game = linja.new_game(seed=3)
        bots = [linja.SearchBot(seed=seat, nodes=50, max_depth=10**6) for seat in (0, 1)]
        print(engine.play_game(game, bots).is_over)
        """,
        timeout=60,
    )
    assert out.split() == ["True"]
