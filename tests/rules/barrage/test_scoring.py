"""Round scoring (RULES.md §4.5) and final scoring (§9)."""

from __future__ import annotations

import pytest

from rules.barrage import GAME, engine, scoring
from tests.rules.barrage.scenario import clear_map, intro, put


@pytest.mark.parametrize(
    ("energies", "awards"),
    [
        ([10, 5, 3], [6, 2, 0]),
        ([10, 10, 3], [4, 4, 0]),  # tie for 1st: ceil(8/2), no 2nd award
        ([9, 9, 9], [3, 3, 3]),  # ceil(8/3)
        ([10, 5, 5, 1], [6, 1, 1, 0]),  # tie for 2nd: 1 VP each
        ([0, 0], [0, 0]),  # nobody with 0 energy scores
        ([4, 0], [6, 0]),
    ],
)
def test_energy_track_awards_with_ties(energies: list[int], awards: list[int]) -> None:
    assert scoring.energy_awards(energies) == awards


@pytest.mark.parametrize(("energy", "credits"), [(0, 3), (1, 1), (2, 2), (3, 2), (4, 3), (7, 4), (11, 5),
                                                  (16, 6), (22, 7), (29, 8), (45, 8)])
def test_energy_credits(energy: int, credits: int) -> None:
    assert scoring.energy_credits(energy) == credits


def test_bonus_tile_example_from_the_reference() -> None:
    """Round 3, 13 energy, 4 conduits on the conduit tile: 16 - 4 x ceil(5/6) = 12 VP."""
    assert scoring.bonus_vp(4, 4, 13, 3) == 12
    assert scoring.bonus_vp(4, 4, 5, 1) == 0  # below 6 energy: nothing
    assert scoring.bonus_vp(1, 4, 6, 5) == 0  # malus larger than the reward: 0, never negative
    assert scoring.bonus_vp(2, 5, 30, 5) == 10


def test_zero_energy_penalty_and_round_scoring() -> None:
    st = clear_map(intro())
    st.bonus[0] = "BONUS_BASE"
    put(st, 1, "B8L")
    st.companies[0].energy, st.companies[1].energy = 0, 7
    vp0, vp1 = st.companies[0].vp, st.companies[1].vp
    cr0, cr1 = st.companies[0].credits, st.companies[1].credits
    scoring.round_scoring(st)
    assert st.companies[0].vp == vp0 - 3 and st.companies[0].credits == cr0 + 3
    # seat 1: 6 VP for 1st, 4 credits for 7 energy, bonus 1 base x 4 = 4 (7 >= 6)
    assert st.companies[1].vp == vp1 + 6 + 4 and st.companies[1].credits == cr1 + 4


def test_objective_places_share_with_ties() -> None:
    assert scoring.place_awards([5, 3, 1], [15, 10, 5]) == [15, 10, 5]
    assert scoring.place_awards([5, 5, 1], [15, 10, 5]) == [13, 13, 5]
    assert scoring.place_awards([2, 2, 2, 2], [15, 10, 5]) == [8, 8, 8, 8]
    assert scoring.place_awards([0, 0], [15, 10, 5]) == [13, 13]


def test_final_scoring_of_leftover_resources_and_water() -> None:
    st = clear_map(intro())
    st.objective = "OBJ_BASINS_ONE"
    c0, c1 = st.companies
    c0.credits, c0.exc, c0.mix = 7, 2, 5  # 14 -> 2 VP
    c1.credits, c1.exc, c1.mix = 4, 0, 0  # 0 VP
    put(st, 0, "B8L", level=2)
    st.water["B8L"] = 2
    put(st, -1, "B9L")
    st.water["B9L"] = 1
    vp0, vp1 = c0.vp, c1.vp
    scoring.final_scoring(st)
    # objective: seat 0 in 1 zone (15), seat 1 in none (10)
    assert st.companies[0].vp == vp0 + 15 + 2 + 2
    assert st.companies[1].vp == vp1 + 10


def test_objective_connections_counts_bases_linked_to_own_powerhouses() -> None:
    st = clear_map(intro())
    st.objective = "OBJ_CONNECTIONS"
    put(st, 0, "B1U")
    put(st, 0, "C1R")
    put(st, 0, "P5_0")
    put(st, 0, "B2U")
    put(st, 1, "C2L")
    put(st, 0, "P6_0")
    assert scoring.objective_count(st, 0) == 1


def test_game_ends_after_round_five_with_energy_tiebreak() -> None:
    st = clear_map(intro())
    st.round = 5
    st.tasks = []
    for c in st.companies:
        c.eng, c.arch = 0, 0
        c.placed = 12
        c.out = True
    st.companies[0].energy, st.companies[1].energy = 3, 5
    st.companies[0].vp = st.companies[1].vp = 20
    for c in st.companies:
        c.credits = c.exc = c.mix = 0
    st.objective = "OBJ_BASINS_ONE"
    engine.advance(st, [])
    res = GAME.result(st)
    assert st.phase == "over" and res is not None
    # seat 1 had more energy: 6 VP vs 2 VP, equal objective shares; and wins any tie on energy
    assert res.ranks == (2, 1)
    assert res.tiebreak == (3, 5)


def test_turn_order_least_energy_first_ties_reverse_previous_order() -> None:
    st = clear_map(intro(players=4, seed=2))
    st.tasks = []
    order = list(st.order)
    for c in st.companies:
        c.eng, c.arch, c.placed, c.out = 0, 0, 12, True
    energies = {order[0]: 5, order[1]: 2, order[2]: 5, order[3]: 9}
    for seat, e in energies.items():
        st.companies[seat].energy = e
    engine.advance(st, [])
    assert st.round == 2
    assert st.order == [order[1], order[2], order[0], order[3]]
    assert all(c.energy == 0 and c.eng + c.arch == 12 for c in st.companies)


def test_equal_final_scores_are_ranked_by_last_round_energy() -> None:
    """Tie-breaker: equal VP rank by the energy produced in round 5; equal energy too shares the place."""
    st = clear_map(intro())
    st.round, st.tasks, st.phase = 5, [], "over"
    st.final = [30, 30]
    st.companies[0].last_energy, st.companies[1].last_energy = 7, 4
    res = GAME.result(st)
    assert res is not None and res.scores == (30, 30)
    assert res.ranks == (1, 2) and res.tiebreak == (7, 4)
    st.companies[1].last_energy = 7
    assert GAME.result(st).ranks == (1, 1)
