"""Construction (RULES.md §5.1, §2.4, §2.5): tiles, costs, sites, the wheel, incomes, officers."""

from __future__ import annotations

import pytest

from rules.barrage import GAME, construct, data, supply
from rules.base import IllegalAction
from tests.rules.barrage.scenario import clear_map, intro, legal_codes, play, put, turn


def _game(officer: str = "jill_mcdowell", company: str = "germany"):
    st = clear_map(intro())
    st.companies[0].officer = officer
    st.companies[0].company = company
    if officer == "anton_krylov":
        st.companies[0].tiles.append("ANTON_SPECIAL")
    return turn(st, 0)


def test_base_costs_by_area_and_goes_on_the_wheel_with_the_tile() -> None:
    st = _game()
    c = st.companies[0]
    c.exc = 6
    st, _ = play(st, 0, "P.company-1", "T.BASIC_BASE", "S.B8L")  # plains: 3 excavators
    c = st.companies[0]
    assert st.dam_owner["B8L"] == 0 and st.dam_level["B8L"] == 1
    assert c.exc == 3 and c.wexc[0] == 3 and c.wheel[0] == ["BASIC_BASE"]
    assert c.slot == 1 and "BASIC_BASE" not in c.tiles
    assert c.left[0] == 4


def test_red_bordered_site_costs_three_credits_but_not_for_elevations() -> None:
    st = _game()
    credits = st.companies[0].credits
    st, _ = play(st, 0, "P.company-1", "T.BASIC_BASE", "S.B5U")  # hill U site: 4 exc + 3 credits
    assert st.companies[0].credits == credits - 3
    st = turn(st, 0)
    st, _ = play(st, 0, "P.company-2", "T.BASIC_ELEVATION", "S.B5U")
    assert st.companies[0].credits == credits - 3
    assert st.dam_level["B5U"] == 2


def test_wheel_returns_tile_and_machinery_after_a_full_turn() -> None:
    st = _game()
    st, _ = play(st, 0, "P.company-1", "T.BASIC_BASE", "S.B8L")
    c = st.companies[0]
    for _ in range(4):
        supply.rotate(c, 1)
    assert "BASIC_BASE" not in c.tiles and c.wexc[0] == 3
    supply.rotate(c, 1)  # the 6th rotation in total
    assert "BASIC_BASE" in c.tiles and c.wexc[0] == 0 and c.exc == 6


def test_workshop_rotation_returns_the_tile() -> None:
    st = _game()
    st, _ = play(st, 0, "P.company-1", "T.BASIC_BASE", "S.B8L")
    st.companies[0].slot = 5  # next rotation opens segment 0 again
    st = turn(st, 0)
    st, _ = play(st, 0, "P.workshop-r1")
    assert "BASIC_BASE" in st.companies[0].tiles and st.companies[0].exc == 6


def test_a_tile_on_the_wheel_cannot_be_used() -> None:
    st = _game()
    st, _ = play(st, 0, "P.company-1", "T.BASIC_BASE", "S.B8L")
    st = turn(st, 0)
    st, _ = play(st, 0, "P.company-2")
    assert "T.BASIC_BASE" not in legal_codes(st, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, GAME.decode_action("T.BASIC_BASE"))


def test_construction_space_needs_a_buildable_tile() -> None:
    st = _game()
    c = st.companies[0]
    c.exc = c.mix = 0
    st = turn(st, 0)
    assert not any(code.startswith("P.company") for code in legal_codes(st, 0))


def test_one_dam_per_basin_and_one_powerhouse_per_zone() -> None:
    st = _game()
    put(st, 0, "B8L")
    put(st, 0, "P8_0")
    sites = construct.sites(st, 0, "base")
    assert "B8U" not in sites and "B9U" in sites
    ph = construct.sites(st, 0, "powerhouse")
    assert not any(p.startswith("P8_") for p in ph) and "P9_0" in ph
    put(st, 1, "B9U")
    assert "B9U" not in construct.sites(st, 0, "base")


def test_powerhouse_cost_rises_with_each_one_built() -> None:
    st = _game()
    assert construct.machinery_need(st, 0, "BASIC_POWERHOUSE", "powerhouse", "P8_0") == [(0, 2, 0)]
    put(st, 0, "P9_0")
    put(st, 0, "P10_0")
    assert construct.machinery_need(st, 0, "BASIC_POWERHOUSE", "powerhouse", "P8_0") == [(0, 4, 0)]


def test_conduit_costs_twice_its_production() -> None:
    st = _game(officer="viktor_fiesler")
    assert construct.machinery_need(st, 0, "BASIC_CONDUIT", "conduit", "C1L") == [(10, 0, 0)]
    assert construct.machinery_need(st, 0, "L2_CONDUIT", "conduit", "C1L") == [(5, 0, 0)]


def test_revealing_an_income_slot_pays_it_at_once() -> None:
    """Germany's 2nd base reveals 3 VP (companies.json income_slots)."""
    st = _game()
    put(st, 0, "B9U")
    vp = st.companies[0].vp
    st, _ = play(st, 0, "P.company-1", "T.BASIC_BASE", "S.B8L")
    assert st.companies[0].vp == vp + 3


def test_income_phase_pays_revealed_slots() -> None:
    from rules.barrage import engine

    st = _game()
    put(st, 0, "B8L")
    put(st, 0, "B9L")
    vp = st.companies[0].vp
    engine._start_round(st, [])
    assert st.companies[0].vp == vp + 3


def test_wilhelm_bases_cost_three_excavators_everywhere() -> None:
    st = _game(officer="wilhelm_adler")
    assert construct.machinery_need(st, 0, "BASIC_BASE", "base", "B1L") == [(3, 0, 0)]


def test_solomon_pays_machinery_with_three_credits_each() -> None:
    st = _game(officer="solomon_p_jordan")
    c = st.companies[0]
    c.exc, c.credits = 3, 6
    st, _ = play(st, 0, "P.company-1", "T.BASIC_BASE", "S.B8L")
    assert legal_codes(st, 0)[:-1] == ["Y.3.0.0", "Y.2.0.3", "Y.1.0.6"]
    st, _ = play(st, 0, "Y.2.0.3")
    c = st.companies[0]
    assert c.exc == 1 and c.credits == 3 and c.wexc[0] == 2


def test_jill_may_pay_conduits_with_mixers() -> None:
    st = _game(officer="jill_mcdowell")
    c = st.companies[0]
    c.exc, c.mix = 0, 4
    st, _ = play(st, 0, "P.company-1", "T.BASIC_CONDUIT")
    codes = legal_codes(st, 0)
    assert "S.C1L" not in codes and "S.C1R" in codes  # value 5 needs 5 mixers, value 4 needs 4
    st2 = _game(officer="jill_mcdowell")
    st2.companies[0].exc, st2.companies[0].mix = 0, 4
    st2, _ = play(st2, 0, "P.company-1", "T.BASIC_CONDUIT", "S.C1R")  # value 4: 4 mixers
    assert st2.conduit_owner["C1R"] == 0 and st2.companies[0].mix == 0


def test_anton_copies_a_tile_on_his_wheel() -> None:
    st = _game(officer="anton_krylov")
    st, _ = play(st, 0, "P.company-1", "T.BASIC_BASE", "S.B8L")
    st = turn(st, 0)
    st, _ = play(st, 0, "P.company-2")
    assert "T.ANTON_SPECIAL.BASIC_BASE" in legal_codes(st, 0)
    st, _ = play(st, 0, "T.ANTON_SPECIAL.BASIC_BASE", "S.B9L")
    c = st.companies[0]
    assert st.dam_owner["B9L"] == 0 and c.wheel[1] == ["ANTON_SPECIAL"]


def test_l3_base_is_engineer_free_and_needs_no_excavators() -> None:
    st = _game()
    c = st.companies[0]
    c.tiles.append("L3_BASE")
    c.eng, c.exc = 0, 0
    c.placed = 12
    assert legal_codes(st, 0) == ["F.L3_BASE", "X"]
    st, _ = play(st, 0, "F.L3_BASE", "S.B8L")
    assert st.dam_owner["B8L"] == 0 and st.companies[0].wheel[0] == ["L3_BASE"]


def test_l1_joker_ignores_red_site_cost() -> None:
    st = _game()
    st.companies[0].tiles.append("L1_JOKER")
    credits = st.companies[0].credits
    st, _ = play(st, 0, "P.company-1", "T.L1_JOKER", "S.B5U")
    assert st.companies[0].credits == credits and st.dam_owner["B5U"] == 0


def test_l2_joker_pays_with_any_machinery() -> None:
    st = _game()
    c = st.companies[0]
    c.tiles.append("L2_JOKER")
    c.exc, c.mix = 1, 4
    st, _ = play(st, 0, "P.company-1", "T.L2_JOKER", "S.B8L")
    assert legal_codes(st, 0) == ["Y.1.2.0", "Y.0.3.0", "B"]


def test_l3_powerhouse_scores_three_per_powerhouse() -> None:
    st = _game()
    st.companies[0].tiles.append("L3_POWERHOUSE")
    put(st, 0, "P9_0")
    vp = st.companies[0].vp
    st, _ = play(st, 0, "P.company-1", "T.L3_POWERHOUSE", "S.P8_0")
    assert st.companies[0].vp == vp + 6


def test_l2_elevation_fills_the_dam() -> None:
    st = _game()
    st.companies[0].tiles.append("L2_ELEVATION")
    put(st, 0, "B8L")
    st, _ = play(st, 0, "P.company-1", "T.L2_ELEVATION", "S.B8L")
    assert st.water["B8L"] == 2


def test_l1_base_puts_a_drop_in_each_empty_own_dam() -> None:
    st = _game()
    st.companies[0].tiles.append("L1_BASE")
    put(st, 0, "B9L")
    put(st, 0, "B10L")
    st.water["B10L"] = 1
    st, _ = play(st, 0, "P.company-1", "T.L1_BASE", "S.B8L")
    assert st.water == {"B8L": 1, "B9L": 1, "B10L": 1}


def test_back_before_paying_returns_to_the_choice_of_action() -> None:
    st = _game()
    st2, _ = play(st, 0, "P.company-4", "T.BASIC_BASE", "B")
    assert st2.tasks[0].kind == "turn"
    assert st2.companies[0] == st.companies[0]


# --------------------------------------------------------------------------- advanced tiles, one test each
# Each quotes the tile's effect as technology_tiles.json (the online edition's wording) gives it.


def _with_tile(tile: str, effect: str):
    st = _game()
    assert effect in data.TECH[tile]["effect"]
    st.companies[0].tiles.append(tile)
    st.companies[0].exc = st.companies[0].mix = 20
    return st


def test_l1_elevation_rotates_the_wheel_once_per_elevation_built() -> None:
    """L1_ELEVATION: "rotate your wheel 1 segment per elevation you have built (including this one)"."""
    st = _with_tile("L1_ELEVATION", "rotate your wheel 1 segment per elevation you have built")
    put(st, 0, "B8L", level=2)  # one elevation already built
    put(st, 0, "B9L")
    st, _ = play(st, 0, "P.company-1", "T.L1_ELEVATION", "S.B9L")
    c = st.companies[0]
    # 1 rotation for the construction, then 2 for the 2 elevations: the tile is 3 segments back
    assert st.dam_level["B9L"] == 2 and c.slot == 3 and c.wheel[0] == ["L1_ELEVATION"]


def test_l1_conduit_pays_twice_the_conduit_production_in_credits() -> None:
    """L1_CONDUIT: "gain credits = 2 x production value of the conduit just built"."""
    st = _with_tile("L1_CONDUIT", "gain credits = 2 x production value of the conduit just built")
    credits = st.companies[0].credits
    st, _ = play(st, 0, "P.company-1", "T.L1_CONDUIT", "S.C1R", "Y.8.0.0")  # production 4: 8 excavators
    assert st.conduit_owner["C1R"] == 0 and st.companies[0].credits == credits + 2 * 4


def test_l1_powerhouse_builds_without_engineers_even_with_none_left() -> None:
    """L1_POWERHOUSE: "Construction with this tile needs no engineers (... may be your last action even
    with 0 engineers)"."""
    st = _with_tile("L1_POWERHOUSE", "needs no engineers")
    c = st.companies[0]
    c.eng, c.placed = 0, 12
    assert legal_codes(st, 0) == ["F.L1_POWERHOUSE", "X"]
    st, _ = play(st, 0, "F.L1_POWERHOUSE", "S.P8_0")
    c = st.companies[0]
    assert st.ph_owner["P8_0"] == 0 and c.eng == 0 and c.placed == 12 and c.wheel[0] == ["L1_POWERHOUSE"]


def test_l2_base_produces_energy_per_base_and_may_fulfil_a_private_contract() -> None:
    """L2_BASE: "produce energy = number of bases you have built (incl. this one) ... you may fulfil one
    private contract needing <= that amount"."""
    st = _with_tile("L2_BASE", "produce energy = number of bases you have built")
    put(st, 0, "B8L")
    st.companies[0].hand = ["C200", "C300"]  # need 2 and 5
    st, _ = play(st, 0, "P.company-1", "T.L2_BASE", "S.B9L")
    assert st.companies[0].energy == 2 and legal_codes(st, 0) == ["U.C200", "N"]
    st, _ = play(st, 0, "U.C200")
    assert st.companies[0].done[-1] == "C200" and st.companies[0].hand == ["C300"]


def test_l2_powerhouse_offers_a_free_production_with_two_more() -> None:
    """L2_POWERHOUSE: "you may perform a production action with +2 bonus with any of your powerhouses
    (no extra cost)"; it may be declined."""
    st = _with_tile("L2_POWERHOUSE", "production action with +2 bonus")
    put(st, 0, "B1U", level=2)
    st.water["B1U"] = 1
    put(st, 0, "C1R")  # production 4 to zone 5
    credits, eng = st.companies[0].credits, st.companies[0].eng
    st, _ = play(st, 0, "P.company-1", "T.L2_POWERHOUSE", "S.P5_0")
    codes = legal_codes(st, 0)
    assert codes == ["R.B1U.C1R.P5_0.1", "N"]
    declined, _ = play(st, 0, "N")
    assert declined.companies[0].energy == 0 and declined.water["B1U"] == 1
    st, _ = play(st, 0, "R.B1U.C1R.P5_0.1")
    c = st.companies[0]
    assert c.energy == 4 + 2 and c.eng == eng - 1 and c.credits == credits - data.SPACES["company-1"]["extra_credits"]


def test_l3_elevation_scores_three_per_elevated_dam() -> None:
    """L3_ELEVATION: "score 3 VP per dam of yours with at least one elevation (level 2 and 3 dams)"."""
    st = _with_tile("L3_ELEVATION", "score 3 VP per dam of yours with at least one elevation")
    put(st, 0, "B8L", level=3)
    put(st, 0, "B10L")  # no elevation: scores nothing
    put(st, 0, "B9L")
    vp = st.companies[0].vp
    st, _ = play(st, 0, "P.company-1", "T.L3_ELEVATION", "S.B9L")
    assert st.dam_level["B9L"] == 2 and st.companies[0].vp == vp + 2 * 3


def test_l3_joker_scores_three_per_advanced_tile_owned() -> None:
    """L3_JOKER: "score 3 VP per advanced technology tile you own (supply + wheel, incl. this one)"."""
    st = _with_tile("L3_JOKER", "score 3 VP per advanced technology tile you own")
    c = st.companies[0]
    c.tiles.append("L1_CONDUIT")  # in supply
    c.wheel[3] = ["L2_BASE"]  # on the wheel
    vp = c.vp
    st, _ = play(st, 0, "P.company-1", "T.L3_JOKER", "S.B9L")
    assert st.dam_owner["B9L"] == 0 and st.companies[0].vp == vp + 3 * 3
