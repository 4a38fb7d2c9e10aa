"""Region resolution, rule by rule, with the seed's worked cases (rows from data/regions.json)."""

from __future__ import annotations

import pytest

from rules.imperium import regions_in_round, resolve_region
from rules.imperium.data import ROWS

R3 = ROWS[3]  # (3, 2, 1)
R4 = ROWS[4]  # (4, 3, 2)
R5 = ROWS[5]  # (5, 4, 2, 1)
R7 = ROWS[7]  # (7, 5, 3, 2)
R9 = ROWS[9]  # (9, 7, 5, 3)


def test_rows_first_place_is_the_region_number() -> None:
    """The seed: the player with the most markers scores the region's number."""
    assert all(ROWS[r][0] == r for r in range(1, 10))


@pytest.mark.parametrize(
    ("counts", "row", "expected"),
    [
        # clear ranking, everyone present: the fewest (1 marker) is the weakest and scores 0
        ([4, 3, 2, 1], R5, [5, 4, 2, 0]),
        # two tied for first take the next lower value (2nd place's 5); third place scores 3
        ([3, 3, 1, 0], R7, [5, 5, 3, 0]),
        # two tied for second take third place's value
        ([5, 2, 2, 0], R9, [9, 5, 5, 0]),
        # three tied for 2nd-4th take the lowest of their group (4th place: 3)
        ([2, 2, 2, 0, 4], R9, [3, 3, 3, 0, 9]),
        # four tied over places 1-4 in a 3-value row: beyond the row is 0
        ([3, 3, 3, 3, 0], R3, [0, 0, 0, 0, 0]),
        # three tied for first in a 3-value row: place 3's value
        ([2, 2, 2, 0], R3, [1, 1, 1, 0]),
    ],
)
def test_ranking_and_ties(counts: list[int], row: tuple[int, ...], expected: list[int]) -> None:
    """A tied group over places r..r+k-1 all get the value of place r+k-1."""
    assert resolve_region(counts, row) == expected


def test_absent_player_is_the_weakest_not_the_fewest_present() -> None:
    """With someone absent, the absent player is weakest: the present player with 1 still scores."""
    assert resolve_region([5, 1, 0], R4) == [4, 3, 0]


def test_all_absent_players_are_weakest() -> None:
    assert resolve_region([2, 0, 0, 1], R4) == [4, 0, 0, 3]


def test_all_present_fewest_markers_is_weakest() -> None:
    """Everyone present: the fewest markers scores nothing even though a row value is left."""
    assert resolve_region([5, 1, 2], R4) == [4, 0, 3]


def test_ties_among_the_weakest_all_score_nothing() -> None:
    assert resolve_region([3, 1, 1], R4) == [4, 0, 0]
    assert resolve_region([4, 2, 1, 1, 3], R9) == [9, 5, 0, 0, 7]


@pytest.mark.parametrize("counts", [[2, 2, 2], [1, 1], [3, 3, 3, 3, 3], [0, 0, 0]])
def test_everyone_equal_nobody_scores(counts: list[int]) -> None:
    assert resolve_region(counts, R9) == [0] * len(counts)


def test_two_players() -> None:
    """With two players only the leader can score: the other is always the weakest."""
    assert resolve_region([3, 2], R9) == [9, 0]
    assert resolve_region([0, 1], R9) == [0, 9]


def test_standard_schedule() -> None:
    """Region r in round r; regions 8 and 9 together in the eighth and last round."""
    assert [regions_in_round("standard", r) for r in range(1, 9)] == [
        (1,), (2,), (3,), (4,), (5,), (6,), (7,), (8, 9)
    ]
    assert regions_in_round("standard", 9) == ()


def test_race30_schedule() -> None:
    """The 30-point game: 8 alone, then 9, then 1+2, 3, ... 9, and that cycle repeats."""
    got = [regions_in_round("race30", r) for r in range(1, 27)]
    cycle = [(1, 2), (3,), (4,), (5,), (6,), (7,), (8,), (9,)]
    assert got == [(r,) for r in range(1, 10)] + cycle + cycle + [(1, 2)]
