"""The pure rating maths (host/ratings.py): league ranks, which games count, one update, replay."""

from __future__ import annotations

import pytest

from host.ratings import DEFAULT, Ladder, Placing, Rating, Seat, counts, league_ranks, rate, replay, seats_of


@pytest.mark.parametrize(
    ("placings", "expected"),
    [
        ([(1, False), (2, False), (3, False), (4, False)], (1, 2, 3, 4)),
        ([(2, False), (2, False), (1, False)], (2, 2, 1)),
        ([(1, True), (2, False), (3, False), (4, False)], (4, 1, 2, 3)),  # resigned winner seat: last
        ([(1, True), (4, True), (2, False), (2, False)], (3, 3, 1, 1)),  # resigned tie for last
        ([(3, False), (1, True)], (1, 2)),
        ([(1, True), (2, True)], (1, 1)),
    ],
)
def test_league_ranks(placings, expected):
    assert league_ranks([Placing(i, rank, resigned) for i, (rank, resigned) in enumerate(placings)]) == expected


def test_wins_need_first_place_and_no_resignation():
    seats = seats_of([Placing(1, 1, True), Placing(2, 2, False), Placing(3, 1, False)])
    assert seats == [Seat(1, 3, False), Seat(2, 2, False), Seat(3, 1, True)]
    # among humans user 2 ranks first, but an AI or another player won the game: no win
    assert seats_of([Placing(2, 2, False), Placing(4, 3, False)]) == [Seat(2, 1, False), Seat(4, 2, False)]


def test_which_games_count():
    assert counts(humans=2, has_ai=False, include_ai=False, voided=False)
    assert not counts(humans=1, has_ai=True, include_ai=True, voided=False)
    assert not counts(humans=3, has_ai=True, include_ai=False, voided=False)
    assert counts(humans=3, has_ai=True, include_ai=True, voided=False)
    assert not counts(humans=4, has_ai=False, include_ai=True, voided=True)


def test_rate_orders_and_ties():
    after = rate([DEFAULT] * 4, [1, 2, 2, 4])
    assert after[0].mu > after[1].mu == after[2].mu > after[3].mu
    assert rate([DEFAULT], [1]) == [DEFAULT]
    # a favourite gains less from a win than an underdog
    strong, weak = Rating(35.0, 3.0), Rating(20.0, 3.0)
    assert rate([strong, weak], [1, 2])[0].mu - strong.mu < rate([weak, strong], [1, 2])[0].mu - weak.mu


def test_replay_is_the_same_as_one_game_at_a_time():
    games = [[Seat(1, 1, True), Seat(2, 2, False), Seat(3, 3, False)], [Seat(3, 1, True), Seat(1, 2, False)]]
    ladder = Ladder()
    for g in games:
        ladder.play(g)
    again = replay(games)
    assert again == ladder
    assert again.get(1).games == 2 and again.get(1).wins == 1 and again.get(9).rating == DEFAULT
    # resuming from stored standings gives the same as replaying everything
    assert replay(games[1:], replay(games[:1]).standings) == ladder
