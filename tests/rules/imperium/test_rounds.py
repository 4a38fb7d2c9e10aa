"""A round from choice to resolution, built from exact positions."""

from __future__ import annotations

from rules.imperium import GAME
from tests.rules.imperium.helpers import kinds, play_round, position


def test_markers_are_placed_then_only_the_resolved_region_returns() -> None:
    """Round 3: the region 3 markers come back; markers in 5 and 6 stay on the board."""
    state = position(2, round=3, board={0: {3: 1, 5: 2}, 1: {3: 1}})
    state, events = play_round(state, [(3, 5, 6), (4, 4, 4)])
    # seat 0 had 2 in region 3 against 1 for seat 1 → 3 points; seat 1 (fewest) scores nothing
    assert state.scores == [3, 0]
    assert state.board[0][2] == 0 and state.board[1][2] == 0
    assert state.board[0][4] == 3 and state.board[0][5] == 1
    assert state.board[1][3] == 3
    assert state.supply == [14 - 4, 14 - 3]
    assert state.round == 4
    (res,) = kinds(events, "resolve")
    assert res.data == {"region": 3, "counts": [2, 1], "points": [3, 0]}


def test_reveal_lists_every_seats_picks() -> None:
    state = position(3)
    state, events = play_round(state, [(1, 1, 1), (1, 2, 3), (5, 5, 9)])
    (reveal,) = kinds(events, "reveal")
    assert reveal.data["picks"] == [[1, 1, 1], [1, 2, 3], [5, 5, 9]]
    assert "Player 1 1, 1, 1" in reveal.text and "Player 3 5, 5, 9" in reveal.text
    assert state.last_reveal == [(1, 1, 1), (1, 2, 3), (5, 5, 9)]
    # region 1: seat 0 three markers, seat 1 one, seat 2 absent (weakest) → 1 and 1
    assert state.scores == [1, 1, 0]


def test_running_short_places_the_highest_picks_first() -> None:
    """A seat with 1 marker left playing 2, 5, 7 places only on 7 (house default)."""
    state = position(2, round=2, board={0: {9: 13}}, supply={0: 1})
    state, events = play_round(state, [(2, 5, 7), (2, 3, 4)])
    assert state.board[0][6] == 1
    assert state.board[0][1] == 0 and state.board[0][4] == 0
    assert state.supply[0] == 0
    (short,) = kinds(events, "shortage")
    assert short.data == {"seat": 0, "missed": [2, 5]}
    # seat 0 had no marker in region 2: absent, weakest; seat 1 takes 2 points
    assert state.scores == [0, 2]


def test_lost_placements_are_never_made_up() -> None:
    """Markers coming back later do not fill the picks that went unplaced."""
    state = position(2, round=3, board={0: {3: 2, 9: 11}, 1: {3: 1}}, supply={0: 1})
    state, _ = play_round(state, [(4, 5, 6), (1, 2, 3)])
    assert state.board[0][3:6] == [0, 0, 1]
    assert state.supply[0] == 2  # the two region 3 markers came back, and stay in supply
    state, _ = play_round(state, [(4, 8, 8), (1, 2, 3)])
    assert state.board[0][3:8] == [0, 0, 1, 0, 2]  # region 4 resolved (seat 0 absent there)
    assert state.board[0][4] == 0  # the region 5 pick from round 3 is still lost
    assert state.supply[0] == 0


def test_regions_8_and_9_resolve_together_in_round_8() -> None:
    state = position(
        3,
        round=8,
        scores=[10, 10, 10],
        board={0: {8: 3, 9: 1, 2: 1}, 1: {8: 1, 9: 2}, 2: {8: 2, 9: 2}},
    )
    state, events = play_round(state, [(1, 1, 1), (9, 9, 9), (3, 3, 3)])
    resolved = [e.data["region"] for e in kinds(events, "resolve")]
    assert resolved == [8, 9]
    # region 8: counts 3, 1, 2 → 8, 0 (weakest), 6; region 9: 1, 5, 2 → 0 (weakest), 9, 7
    assert state.scores == [18, 19, 23]
    assert state.finished
    assert all(row[7] == 0 and row[8] == 0 for row in state.board)
    # markers in already-resolved regions (placed late) stay where they are
    assert state.board[0][0] == 3 and state.board[0][1] == 1 and state.board[2][2] == 3
    assert kinds(events, "end")
    result = GAME.result(state)
    assert result is not None and result.ranks == (3, 2, 1)


def test_standard_game_does_not_stop_at_30() -> None:
    state = position(2, round=5, scores=[29, 0], board={0: {5: 2}})
    state, _ = play_round(state, [(5, 6, 7), (6, 7, 8)])
    assert state.scores[0] == 34
    assert not state.finished and state.round == 6


def test_race30_ends_at_the_end_of_the_round_someone_reaches_30() -> None:
    """Round 10 resolves regions 1 and 2; seat 0 reaches 30 on region 1 but region 2 still scores."""
    state = position(2, round=10, variant="race30", scores=[29, 12], board={0: {1: 1}, 1: {2: 1}})
    assert GAME.view(state, None)["resolving"] == [1, 2]
    state, events = play_round(state, [(1, 4, 5), (2, 6, 7)])
    assert [e.data["region"] for e in kinds(events, "resolve")] == [1, 2]
    assert state.scores == [30, 14]
    assert state.finished
    result = GAME.result(state)
    assert result is not None and result.ranks == (1, 2)
    assert GAME.to_act(state) == frozenset()


def test_race30_continues_below_30() -> None:
    state = position(2, round=8, variant="race30", scores=[20, 20], board={0: {8: 1}})
    state, events = play_round(state, [(8, 8, 9), (9, 9, 9)])
    assert [e.data["region"] for e in kinds(events, "resolve")] == [8]  # region 9 waits for round 9
    assert state.scores == [28, 20]
    assert state.board[1][8] == 3
    assert not state.finished and state.round == 9
    state, events = play_round(state, [(1, 2, 3), (4, 5, 6)])
    assert [e.data["region"] for e in kinds(events, "resolve")] == [9]
    assert state.scores == [28, 29]  # seat 1 has 3 in region 9, seat 0 only 1 there


def test_race30_resolution_order_and_round_cap() -> None:
    """Identical plays mean nobody ever scores: the game follows the schedule to the house cap."""
    from rules.imperium.data import RACE_ROUND_CAP

    state = GAME.setup(2, {"variant": "race30"}, 7)
    resolved: list[list[int]] = []
    while not state.finished:
        state, events = play_round(state, [(1, 5, 9), (1, 5, 9)])
        resolved.append([e.data["region"] for e in kinds(events, "resolve")])
    assert len(resolved) == RACE_ROUND_CAP
    cycle = [[1, 2], [3], [4], [5], [6], [7], [8], [9]]
    assert resolved[:9] == [[r] for r in range(1, 10)]
    assert resolved[9:25] == cycle + cycle
    assert state.scores == [0, 0]
    result = GAME.result(state)
    assert result is not None and result.ranks == (1, 1)  # shared win (house)


def test_tied_winners_share_first_place() -> None:
    state = position(3, round=8, scores=[20, 20, 5])
    state, _ = play_round(state, [(1, 1, 1), (1, 1, 1), (2, 2, 2)])
    result = GAME.result(state)
    assert result is not None and result.ranks == (1, 1, 3)
    assert result.winners == (0, 1)


def test_next_round_gets_cards_back() -> None:
    """After the reveal every seat must act again, and may play the same cards."""
    state = position(3)
    state, _ = play_round(state, [(1, 2, 3), (1, 2, 3), (4, 5, 6)])
    assert GAME.to_act(state) == frozenset({0, 1, 2})
    assert len(GAME.legal_actions(state, 0)) == 165
    state, _ = play_round(state, [(1, 2, 3), (1, 2, 3), (4, 5, 6)])
    assert state.round == 3
