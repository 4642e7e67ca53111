"""Plank match play over an agreed number of hands (rules §6)."""

import pytest

from huegames import engine, plank
from huegames.errors import IllegalMoveError
from huegames.plank import Match, Rules


def play_out(match: Match, bots=None) -> Match:
    bots = bots or [plank.GreedyBot(seed=seat) for seat in range(match.players)]
    while True:
        engine.play_game(match.game, bots)
        if match.is_over:
            return match
        match.next_hand()


@pytest.mark.parametrize(("players", "openers"), [(2, "ABABA"), (3, "ABCAB"), (4, "ABCDA")])
def test_match_first_player_alternates_for_two_rotates_clockwise_for_more(players, openers):
    match = play_out(Match(players, hands=5, seed=9))
    assert [g.letter(g.deal.first) for g in match.games] == list(openers)
    assert all(g.deal.letters == match.games[0].deal.letters for g in match.games)
    assert len({g.deal.strips for g in match.games}) > 1  # strips dealt afresh


def test_match_two_players_one_point_a_hand_most_points_win():
    match = play_out(Match(2, hands=5, seed=3))
    assert match.points == [sum(g.winner == s for g in match.games) for s in range(2)]
    best = max(match.points)
    assert match.winners == tuple(s for s in range(2) if match.points[s] == best)


def test_match_four_players_one_point_to_each_seat_of_the_winning_team():
    match = play_out(Match(4, hands=3, seed=1))
    for seat in range(4):
        team = match.game.team(seat)
        assert match.points[seat] == sum(g.outcome().winners == team for g in match.games)
    if match.points[0] != match.points[1]:
        assert match.winners == match.game.team(match.points.index(max(match.points)))


def test_match_three_players_penalty_points_fewest_wins():
    match = play_out(Match(3, hands=4, seed=2))
    decided = [g for g in match.games if g.winner is not None]
    assert sum(match.points) == 3 * len(decided)
    assert match.winners == tuple(s for s in range(3) if match.points[s] == min(match.points))


def test_match_drawn_hands_score_nothing_and_a_tie_is_a_shared_win():
    match = play_out(Match(3, hands=2, seed=4, rules=Rules(turn_limit=2)))
    assert match.points == [0, 0, 0]
    assert match.winners == (0, 1, 2) and match.winner is None


def test_match_hands_in_order_and_records_round_trip():
    match = Match(2, hands=2, seed=6)
    with pytest.raises(IllegalMoveError, match="not over"):
        match.next_hand()
    assert match.winners == () and match.winner is None
    engine.play_game(match.game, [plank.RandomBot(1), plank.RandomBot(2)])
    match.next_hand()
    match.game.play(match.game.legal_moves()[0])
    again = Match.from_dict(match.to_dict())
    assert again.to_dict() == match.to_dict()
    assert again.game.to_dict() == match.game.to_dict()
    engine.play_game(match.game, [plank.RandomBot(1), plank.RandomBot(2)])
    with pytest.raises(IllegalMoveError, match="match is over"):
        match.next_hand()
    assert match.game.deal == plank.new_game(2, seed=6, hand=1).deal
