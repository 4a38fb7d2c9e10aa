"""Production (RULES.md §2.6, §5.2): systems, energy, conduit fees, contracts, company abilities."""

from __future__ import annotations

import pytest

from rules.barrage import GAME, data, produce
from rules.base import IllegalAction
from tests.rules.barrage.scenario import clear_map, intro, legal_codes, play, put, seat_of, set_officer, turn


def _system(owner_conduit: int | None = None, drops: int = 2):
    """Seat 0 owns dam B1U (with ``drops``) and powerhouse P5_0; C1R (production 4) belongs to
    ``owner_conduit`` (default: seat 0)."""
    st = clear_map(intro())
    put(st, 0, "B1U")
    st.dam_level["B1U"] = 2
    put(st, 0 if owner_conduit is None else owner_conduit, "C1R")
    put(st, 0, "P5_0")
    st.water["B1U"] = drops
    return turn(st, 0)


def test_energy_is_drops_times_production_plus_space_bonus() -> None:
    st = _system()
    st.companies[0].officer = "jill_mcdowell"
    st, _ = play(st, 0, "P.turbine-b2", "R.B1U.C1R.P5_0.2")
    assert st.companies[0].energy == 2 * 4 + 2
    assert st.companies[0].eng == 10  # 2 engineers on the turbine space


def test_production_through_another_players_conduit_pays_its_owner() -> None:
    st = _system(owner_conduit=1)
    before0, before1 = st.companies[0].credits, st.companies[1].credits
    vp1 = st.companies[1].vp
    st, _ = play(st, 0, "P.turbine-0", "R.B1U.C1R.P5_0.2")
    assert st.companies[0].credits == before0 - 2
    assert st.companies[1].credits == before1 + 2
    assert st.companies[1].vp == vp1 + 2


def test_foreign_conduit_limits_drops_to_credits() -> None:
    st = _system(owner_conduit=1)
    st.companies[0].credits = 1
    st, _ = play(st, 0, "P.turbine-0")
    assert legal_codes(st, 0) == ["R.B1U.C1R.P5_0.1", "B"]


def test_own_conduit_is_free() -> None:
    st = _system()
    credits = st.companies[0].credits
    st, _ = play(st, 0, "P.turbine-0", "R.B1U.C1R.P5_0.2")
    assert st.companies[0].credits == credits


def test_neutral_dam_feeds_anyones_production() -> None:
    st = clear_map(intro())
    put(st, -1, "B1L")
    st.water["B1L"] = 1
    put(st, 0, "C1L")
    put(st, 0, "P8_0")
    st = turn(st, 0)
    assert "P.turbine-0" in legal_codes(st, 0)
    st, _ = play(st, 0, "P.turbine-0", "R.B1L.C1L.P8_0.1")
    assert st.companies[0].energy == 5


def test_production_needs_positive_energy() -> None:
    """-2 space with a value-1 conduit and 1 drop gives -1: impossible, so not offered."""
    st = clear_map(intro())
    put(st, 0, "B9U")
    put(st, 0, "C9L")  # production 1, leads to zone 11
    put(st, 0, "P11_0")
    st.water["B9U"] = 1
    st = turn(st, 0)
    codes = legal_codes(st, 0)
    assert "P.turbine-m2" not in codes and "P.turbine-0" in codes
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, GAME.decode_action("P.turbine-m2"))


def test_company_production_bonus_after_second_and_fourth_powerhouse() -> None:
    st = _system()
    assert produce.company_bonus(st, 0) == 0
    put(st, 0, "P8_0")
    assert produce.company_bonus(st, 0) == 1
    put(st, 0, "P9_0")
    put(st, 0, "P10_0")
    assert produce.company_bonus(st, 0) == 3


def test_viktor_counts_small_productions_as_four() -> None:
    st = clear_map(intro())
    set_officer(st, 0, "viktor_fiesler")
    put(st, 0, "B9U")
    put(st, 0, "C9L")
    put(st, 0, "P11_0")
    st.water["B9U"] = 1
    st = turn(st, 0)
    st, _ = play(st, 0, "P.turbine-m2", "R.B9U.C9L.P11_0.1")
    assert st.companies[0].energy == 4 - 2


def test_one_production_fulfils_a_contract_and_its_reward_is_gained() -> None:
    st = _system()
    c = st.companies[0]
    c.hand = ["C202"]  # green, 2 energy: 5 credits
    credits = c.credits
    st, _ = play(st, 0, "P.turbine-0", "R.B1U.C1R.P5_0.1")
    assert legal_codes(st, 0) == ["U.C202", "N"]
    st, _ = play(st, 0, "U.C202")
    assert st.companies[0].credits == credits + 5
    assert st.companies[0].done == ["C202"] and st.companies[0].hand == []


def test_national_contract_by_production_only() -> None:
    st = _system(drops=2)
    st.dam_level["B1U"] = 3
    st.water["B1U"] = 3
    st.national = ["C102", "C104"]  # 14 energy: 8 VP + 8 credits; 15 energy: 12 VP
    st.companies[0].hand = []
    vp = st.companies[0].vp
    st, _ = play(st, 0, "P.turbine-b2", "R.B1U.C1R.P5_0.3")  # 3 x 4 + 2 = 14
    assert legal_codes(st, 0) == ["U.C102", "N"]
    st, _ = play(st, 0, "U.C102")
    assert st.companies[0].vp == vp + 8
    assert st.national == ["C104"]


def test_simone_fulfils_several_contracts_within_the_energy() -> None:
    st = _system()
    set_officer(st, 0, "simone_luciani")
    st.companies[0].hand = ["C202", "C200", "C300"]  # 2 + 2 (+5 too much after those)
    st, _ = play(st, 0, "P.turbine-0", "R.B1U.C1R.P5_0.1")  # 4 energy
    st, _ = play(st, 0, "U.C202")
    assert legal_codes(st, 0) == ["U.C200", "N"]
    st, _ = play(st, 0, "U.C200")
    assert sorted(st.companies[0].done) == ["C200", "C202"]


def test_other_officers_fulfil_only_one_contract() -> None:
    st = _system()
    st.companies[0].hand = ["C202", "C200"]
    st, _ = play(st, 0, "P.turbine-0", "R.B1U.C1R.P5_0.1", "U.C202")
    assert st.tasks[0].kind == "turn"


def _three_powerhouses(st, seat: int) -> None:
    for p in ("P8_0", "P9_0"):
        put(st, seat, p)


def test_france_needs_three_energy_less() -> None:
    st = _system()
    st.companies[0].company = "france"
    _three_powerhouses(st, 0)
    st.companies[0].hand = ["C300"]  # 5 energy
    st.companies[0].officer = "jill_mcdowell"
    st, _ = play(st, 0, "P.turbine-m2", "R.B1U.C1R.P5_0.1")  # 4 - 2 + 1 = 3 energy
    assert st.companies[0].energy == 3
    assert legal_codes(st, 0) == ["U.C300", "N"]


FRANCE_TEXT = "the contract requires 3 energy less"
"""France's ability (companies.json): "When fulfilling a contract (private or national) with energy
produced by a powerhouse production, the contract requires 3 energy less."
"""
SIMONE_TEXT = "several contracts whose total requirement <= energy produced"
"""Simone's ability (companies.json): "one production may fulfil several contracts whose total
requirement <= energy produced"."""


def _france(officer: str = "jill_mcdowell", hand: tuple[str, ...] = ()):
    """Seat 0 is France with its ability active (3 powerhouses), having just produced 3 energy."""
    assert FRANCE_TEXT in data.COMPANIES["france"]["special_ability"]
    st = _system()
    c = st.companies[0]
    c.company, c.officer, c.hand = "france", officer, list(hand)
    st.national = []
    _three_powerhouses(st, 0)
    st, _ = play(st, 0, "P.turbine-m2", "R.B1U.C1R.P5_0.1")  # 4 - 2 + 1 = 3 energy
    assert st.companies[0].energy == 3
    return st


def test_france_fulfils_a_contract_needing_three_more_than_produced_and_gains_its_reward() -> None:
    """FRANCE_TEXT: 3 energy fulfil C300 (needs 5; 4 VP and 2 excavators): the contract is done and its
    reward is in the company's supply."""
    st = _france(hand=("C300",))
    vp, exc = st.companies[0].vp, st.companies[0].exc
    st, _ = play(st, 0, "U.C300")
    c = st.companies[0]
    assert c.done[-1] == "C300" and "C300" not in c.hand
    assert (c.vp, c.exc) == (vp + 4, exc + 2)


def test_france_reaches_exactly_three_more_than_produced() -> None:
    """FRANCE_TEXT: with 3 energy a contract needing 6 may be fulfilled, one needing 7 may not."""
    assert legal_codes(_france(hand=("C305", "C310")), 0) == ["U.C305", "N"]


def test_france_with_simone_adds_the_three_once_to_the_total() -> None:
    """FRANCE_TEXT with SIMONE_TEXT: the 3 are taken off once per production (the online edition's
    reading), so 3 energy fulfil contracts needing 3 + 3 = 6 in all, not 3 more for each contract."""
    assert SIMONE_TEXT in data.OFFICERS["simone_luciani"]["ability"]
    # C205 (3: 4 credits, 1 excavator) + C202 (2: 5 credits) = 5 <= 6: both are fulfilled, both rewards gained
    st = _france("simone_luciani", ("C202", "C205"))
    credits = st.companies[0].credits
    st, _ = play(st, 0, "U.C205", "U.C202")
    c = st.companies[0]
    assert c.hand == [] and c.done[-2:] == ["C205", "C202"] and c.credits == credits + 4 + 5
    # C300 (5) + C202 (2) = 7 > 6: after C300 only 1 energy is left, C202 stays in hand
    # (with the 3 taken off each contract it would have cost 2 - 3 < 1 and been fulfilled too)
    st = _france("simone_luciani", ("C202", "C300"))
    st, _ = play(st, 0, "U.C300")
    assert st.companies[0].hand == ["C202"] and "U.C202" not in legal_codes(st, 0)
    # the other order: after C202, 4 energy are left and C300 needs 5
    st = _france("simone_luciani", ("C202", "C300"))
    st, _ = play(st, 0, "U.C202")
    assert st.companies[0].hand == ["C300"] and "U.C300" not in legal_codes(st, 0)


def test_italy_gains_three_energy_after_production() -> None:
    st = _system()
    st.companies[0].company = "italy"
    st.companies[0].officer = "jill_mcdowell"
    _three_powerhouses(st, 0)
    st, _ = play(st, 0, "P.turbine-0", "R.B1U.C1R.P5_0.1")
    assert st.companies[0].energy == 4 + 1 + 3
    # the contract budget is the production only
    assert st.tasks[0].kind != "fulfil" or st.tasks[0].n == 5


def test_germany_may_produce_again_with_another_powerhouse_without_bonus() -> None:
    st = _system(drops=2)
    st.companies[0].company = "germany"
    st.companies[0].officer = "jill_mcdowell"
    st.companies[0].hand = []
    put(st, 0, "P8_0")
    put(st, 0, "C1L")  # production 5 to zone 8
    put(st, 0, "P9_0")
    st, _ = play(st, 0, "P.turbine-b2", "R.B1U.C1R.P5_0.1")  # 4 + 2 + 1 = 7
    assert st.companies[0].energy == 7
    codes = legal_codes(st, 0)
    assert "R.B1U.C1L.P8_0.1" in codes and not any(".P5_0." in c for c in codes) and "N" in codes
    st, _ = play(st, 0, "R.B1U.C1L.P8_0.1")
    assert st.companies[0].energy == 7 + 5
    assert st.tasks[0].kind == "turn"  # no third production


def test_back_cancels_a_production_before_anything_is_paid() -> None:
    st = _system()
    before = GAME.view(st, None)
    st2, _ = play(st, 0, "P.turbine-b2c", "B")
    assert st2.companies[0].credits == st.companies[0].credits
    assert st2.used == {} and st2.companies[0].eng == st.companies[0].eng
    assert GAME.view(st, None) == before


def test_seat_order_is_irrelevant_to_a_usa_production() -> None:
    """USA's own production does not count the drop leaving its own powerhouse (ability text)."""
    st = _system()
    usa = 0
    st.companies[usa].company = "usa"
    _three_powerhouses(st, usa)
    st, _ = play(st, usa, "P.turbine-0", "R.B1U.C1R.P5_0.1")
    # 4 + 1 (bonus for 2+ powerhouses); P5 is not counted; the drop then passes P9 (USA) → +1
    assert st.companies[usa].energy == 4 + 1 + 1
    assert seat_of(st, "usa") == usa
