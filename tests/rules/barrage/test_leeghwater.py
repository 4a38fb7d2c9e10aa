"""The Leeghwater parts (RULES.md §12, §8): buildings, external works, Netherlands, Margot, Mahiri, Leslie."""

from __future__ import annotations

import pytest

from rules.barrage import GAME, data, engine, leeghwater, scoring
from rules.base import IllegalAction
from tests.rules.barrage.scenario import clear_map, legal_codes, new_game, play, put, turn


def _lwp(players: int = 2, company: str = "germany", officer: str = "jill_mcdowell",
         buildings: tuple[str, ...] = ("cofferdam", "financial_division", "wind_farm", "research_lab",
                                       "development_office")):
    st = clear_map(new_game(players, 3, leeghwater="yes"))
    for seat, c in enumerate(st.companies):
        c.company, c.officer = ("france", "wilhelm_adler") if seat else (company, officer)
        c.tiles = [t for t in c.tiles if t not in ("ANTON_SPECIAL", "LESLIE_SPECIAL")]
        c.eng, c.arch, c.hand = 12, 0, []
    if officer == "leslie_spencer":
        st.companies[0].tiles.append("LESLIE_SPECIAL")
    st.buildings = list(buildings)
    st.bslots = {b: [-1] * 4 for b in buildings}
    return turn(st, 0)


def _own(st, seat: int, bid: str, slot: int = 0) -> None:
    st.bslots[bid][slot] = seat
    st.companies[seat].left[4] -= 1


def test_leeghwater_setup() -> None:
    st = new_game(4, 5, leeghwater="yes")
    assert len(st.buildings) == 5 and all(o == [-1] * 4 for o in st.bslots.values())
    assert len([w for w in st.works if w]) == 3 and all(data.EXTERNAL_WORKS[w]["deck"] == "A" for w in st.works)
    assert len(st.deck_patent) + 3 == 15
    for c in st.companies:
        assert "BASIC_BUILDING" in c.tiles and c.left[4] == 5
    with pytest.raises(IllegalAction):
        GAME.setup(2, {"leeghwater": "yes", "intro": "yes"}, 1)


def test_building_costs_printed_machinery_and_red_slots_cost_three() -> None:
    st = _lwp()
    c = st.companies[0]
    exc, mix, credits = c.exc, c.mix, c.credits
    st, _ = play(st, 0, "P.company-1", "T.BASIC_BUILDING")
    codes = legal_codes(st, 0)
    assert "S.cofferdam-0" in codes and "S.cofferdam-2" in codes
    assert "S.cofferdam-1" not in codes  # slot 1 only with 4 players
    st, _ = play(st, 0, "S.cofferdam-2")  # 2 excavators + 1 mixer, +3 credits
    c = st.companies[0]
    assert st.bslots["cofferdam"][2] == 0 and c.left[4] == 4
    assert (c.exc, c.mix, c.credits) == (exc - 2, mix - 1, credits - 3)
    assert c.wheel[0] == ["BASIC_BUILDING"] and (c.wexc[0], c.wmix[0]) == (2, 1)
    # one building of each kind per company
    st = turn(st, 0)
    st.companies[0].tiles.append("L1_JOKER")
    st, _ = play(st, 0, "P.company-2", "T.L1_JOKER")
    assert not any(code.startswith("S.cofferdam") for code in legal_codes(st, 0))


def test_slot_one_opens_with_four_players() -> None:
    st = _lwp(players=4)
    st, _ = play(st, 0, "P.company-1", "T.BASIC_BUILDING")
    assert "S.cofferdam-1" in legal_codes(st, 0)


def test_l2_building_pays_only_one_machinery_type() -> None:
    st = _lwp()
    st.companies[0].tiles.append("L2_BUILDING")
    st, _ = play(st, 0, "P.company-1", "T.L2_BUILDING", "S.wind_farm-0")  # 6 exc + 2 mix
    assert legal_codes(st, 0) == ["Y.6.0.0", "Y.0.2.0", "B"]


def test_only_builders_use_a_building_once_per_round() -> None:
    st = _lwp()
    _own(st, 0, "financial_division")
    credits = st.companies[0].credits
    assert "P.financial_division-s0" in legal_codes(st, 0)
    st, _ = play(st, 0, "P.financial_division-s0")
    assert st.companies[0].credits == credits + 5
    s1 = st.tasks[0].seat
    assert not any(code.startswith("P.financial") for code in legal_codes(st, s1))
    st = turn(st, 0)
    assert not any(code.startswith("P.financial") for code in legal_codes(st, 0))


def test_cofferdam_adds_a_drop_to_a_neutral_or_own_dam() -> None:
    st = _lwp()
    _own(st, 0, "cofferdam")
    put(st, 0, "B8L")
    put(st, -1, "B9L")
    put(st, 1, "B10L")
    st, _ = play(st, 0, "P.cofferdam-s0")
    assert legal_codes(st, 0) == ["S.B8L", "S.B9L"]
    st, _ = play(st, 0, "S.B9L")
    assert st.water["B9L"] == 1


def test_wind_farm_produces_energy_for_a_private_contract() -> None:
    st = _lwp()
    _own(st, 0, "wind_farm")
    st.companies[0].hand = ["C202"]
    st.national = ["C100"]
    st, _ = play(st, 0, "P.wind_farm-s0")
    assert st.companies[0].energy == 5
    assert legal_codes(st, 0) == ["U.C202", "N"]


def test_research_lab_and_development_office_take_back_from_the_wheel() -> None:
    st = _lwp()
    _own(st, 0, "research_lab")
    _own(st, 0, "development_office")
    c = st.companies[0]
    c.wheel[3] = ["BASIC_BASE"]
    c.tiles.remove("BASIC_BASE")
    c.wexc[3], c.wmix[3] = 3, 2
    c.exc -= 3
    c.mix -= 2
    st, _ = play(st, 0, "P.research_lab-s0")
    assert legal_codes(st, 0) == ["W.3.0.2", "W.3.1.1", "W.3.2.0"]
    st, _ = play(st, 0, "W.3.2.0")
    st = turn(st, 0)
    st, _ = play(st, 0, "P.development_office-s0", "T.BASIC_BASE")
    c = st.companies[0]
    assert "BASIC_BASE" in c.tiles and c.wheel[3] == [] and (c.wexc[3], c.wmix[3]) == (1, 2)


def test_external_work_pays_machinery_and_gains_its_reward() -> None:
    st = _lwp()
    st.works = ["EW_A2", "EW_B4", ""]
    c = st.companies[0]
    mix, credits = c.mix, c.credits
    st, _ = play(st, 0, "P.external_work-w1")  # 1 mixer: 3 credits, rotate 2
    c = st.companies[0]
    assert c.mix == mix - 1 and c.credits == credits + 3 and c.slot == 2
    assert c.works == ["EW_A2"] and st.works == ["", "EW_B4", ""]
    assert scoring.bonus_count(st, 0, "BONUS_EXTERNAL_WORK") == 1


def test_external_works_are_replaced_at_round_end() -> None:
    st = _lwp()
    st.works = ["EW_A2", "", ""]
    st.deck_works = ["EW_A1", "EW_A3", "EW_B1", "EW_B2"]
    for c in st.companies:
        c.eng, c.placed, c.out = 0, 12, True
    st.tasks = []
    engine.advance(st, [])
    assert st.works == ["EW_A1", "EW_A3", "EW_B1"] and st.deck_works == ["EW_B2"]


def test_leslie_may_send_external_work_machinery_to_her_wheel() -> None:
    st = _lwp(officer="leslie_spencer")
    st.works = ["EW_B4", "", ""]  # 3 excavators: 5 VP, 6 energy
    c = st.companies[0]
    exc = c.exc
    st, _ = play(st, 0, "P.external_work-w1")
    assert legal_codes(st, 0) == ["T.LESLIE_SPECIAL", "N"]
    st, _ = play(st, 0, "T.LESLIE_SPECIAL")
    c = st.companies[0]
    assert c.exc == exc - 3 and c.wexc[0] == 3 and c.wheel[0] == ["LESLIE_SPECIAL"] and c.slot == 1
    assert c.energy == 6


def test_loan_agency_buys_an_external_work_with_credits() -> None:
    st = _lwp(buildings=("loan_agency",))
    _own(st, 0, "loan_agency")
    st.works = ["EW_A2", "EW_C1", ""]
    st.companies[0].credits = 6
    st, _ = play(st, 0, "P.loan_agency-s0")
    assert legal_codes(st, 0) == ["E.EW_A2"]  # EW_C1 would cost 12 credits
    st, _ = play(st, 0, "E.EW_A2")
    assert st.companies[0].credits == 6 - 2 + 3


def test_margot_uses_a_building_a_second_time() -> None:
    st = _lwp(officer="margot_fouche")
    _own(st, 0, "financial_division")
    credits = st.companies[0].credits
    st, _ = play(st, 0, "P.financial_division-s0")
    st = turn(st, 0)
    st, _ = play(st, 0, "P.officer-margot-1", "L.financial_division")
    assert st.companies[0].credits == credits + 10


def test_mahiri_copies_an_officer_for_one_extra_action() -> None:
    st = _lwp(officer="mahiri_sekibo")
    st.companies[1].officer = "viktor_fiesler"
    put(st, 0, "B9U")
    put(st, 0, "C9L")
    put(st, 0, "P11_0")
    st.water["B9U"] = 1
    st, _ = play(st, 0, "P.officer-mahiri-1")
    assert legal_codes(st, 0) == ["O.viktor_fiesler"]
    st, _ = play(st, 0, "O.viktor_fiesler")
    assert st.tasks[0].kind == "turn" and st.tasks[0].seat == 0
    st, _ = play(st, 0, "P.turbine-0", "R.B9U.C9L.P11_0.1")
    assert st.companies[0].energy == 4  # Viktor's floor applied to Mahiri
    assert st.copy == "" and st.tasks[0].seat == 1
    # the second use costs 3 credits and needs the first one
    st = turn(st, 0)
    assert "P.officer-mahiri-2" in legal_codes(st, 0)


def test_netherlands_adds_a_drop_to_another_own_dam_after_producing() -> None:
    st = _lwp(company="netherlands")
    put(st, 0, "B1U")
    put(st, 0, "C1R")
    for p in ("P5_0", "P8_0", "P9_0"):
        put(st, 0, p)
    put(st, 0, "B10L")
    st.water["B1U"] = 1
    st, _ = play(st, 0, "P.turbine-0", "R.B1U.C1R.P5_0.1")
    assert legal_codes(st, 0) == ["S.B10L", "N"]
    st, _ = play(st, 0, "S.B10L")
    assert st.water["B10L"] == 1


def test_l1_building_acts_at_once_and_l3_building_scores_its_vp() -> None:
    st = _lwp()
    c = st.companies[0]
    c.tiles += ["L1_BUILDING", "L3_BUILDING"]
    c.exc, c.mix = 10, 10
    credits = c.credits
    st, _ = play(st, 0, "P.company-1", "T.L1_BUILDING", "S.financial_division-0")
    assert legal_codes(st, 0) == ["L.financial_division", "N"]
    st, _ = play(st, 0, "L.financial_division")
    assert st.companies[0].credits == credits + 5
    st = turn(st, 0)
    vp = st.companies[0].vp
    st, _ = play(st, 0, "P.company-2", "T.L3_BUILDING", "S.cofferdam-0")
    assert st.companies[0].vp == vp + data.BUILDINGS["cofferdam"]["vp_end_of_game"]


def test_buildings_score_their_vp_at_the_end() -> None:
    st = _lwp()
    _own(st, 0, "wind_farm")
    _own(st, 0, "cofferdam")
    assert leeghwater.final_vp(st, 0) == 5 + 3
    assert scoring.bonus_count(st, 0, "BONUS_BUILDING") == 2


def test_leeghwater_state_round_trips_and_view_hides_the_work_deck() -> None:
    from rules.barrage.state import State
    from rules.base import from_json, to_json
    from tests.rules.barrage.invariants import play as play_game

    st, _ = play_game(3, 4, options={"leeghwater": "yes"}, checks=False)
    assert from_json(to_json(st), State) == st
    mid = new_game(3, 4, leeghwater="yes")
    hidden = set(mid.deck_works) | set(mid.deck_patent)
    text = to_json(GAME.view(mid, None)).decode()
    assert hidden and not any(f'"{w}"' in text for w in hidden)
    assert GAME.view(mid, 0)["external_work_deck"] == len(mid.deck_works)


# --------------------------------------------------------------------------- the buildings without a test
# Each quotes the building's action text (private_buildings.json, the online edition's wording).

FOUR = ("control_station", "customer_office", "energy_relay_field", "robot_factory")


def _building(bid: str, text: str):
    assert data.BUILDINGS[bid]["action_text"].startswith(text)
    st = _lwp(buildings=FOUR)
    _own(st, 0, bid)
    return st


def test_control_station_produces_with_three_more() -> None:
    """control_station: "Production action with +3 (company bonuses/abilities still apply)"."""
    st = _building("control_station", "Production action with +3")
    put(st, 0, "B1U", level=2)
    st.water["B1U"] = 1
    put(st, 0, "C1R")  # production 4
    put(st, 0, "P5_0")
    eng = st.companies[0].eng
    st, _ = play(st, 0, "P.control_station-s0", "R.B1U.C1R.P5_0.1")
    c = st.companies[0]
    assert c.energy == 4 + 3 and c.eng == eng - 2 and "control_station" in c.used


def test_customer_office_fulfils_any_contract_in_hand_without_producing() -> None:
    """customer_office: "Pay 3 credits: fulfil one face-up contract in your supply without producing"."""
    st = _building("customer_office", "Pay 3 credits: fulfil one face-up contract in your supply")
    c = st.companies[0]
    c.hand, c.credits = ["C300", "C405"], 5
    st.national = ["C100"]  # national contracts are not in the supply: never offered
    st, _ = play(st, 0, "P.customer_office-s0")
    assert legal_codes(st, 0) == ["U.C300", "U.C405", "N"] and st.companies[0].energy == 0
    vp = st.companies[0].vp
    st, _ = play(st, 0, "U.C300")  # 4 VP and 2 excavators
    c = st.companies[0]
    assert c.credits == 5 - 3 and c.vp == vp + 4 and c.done[-1] == "C300" and c.hand == ["C405"]


def test_energy_relay_field_advances_energy_but_fulfils_nothing() -> None:
    """energy_relay_field: "Pay 1 credit: advance energy 4 (not usable for contracts)"."""
    st = _building("energy_relay_field", "Pay 1 credit: advance energy 4")
    st.companies[0].hand = ["C202"]
    credits = st.companies[0].credits
    st, _ = play(st, 0, "P.energy_relay_field-s0")
    c = st.companies[0]
    assert c.energy == 4 and c.credits == credits - 1 and c.hand == ["C202"] and st.tasks[0].seat == 1


def test_robot_factory_gives_two_machinery_of_your_choice() -> None:
    """robot_factory: "Pay 1 credit: gain 2 machineries of your choice"."""
    st = _building("robot_factory", "Pay 1 credit: gain 2 machineries of your choice")
    c = st.companies[0]
    credits, exc, mix = c.credits, c.exc, c.mix
    st, _ = play(st, 0, "P.robot_factory-s0")
    assert legal_codes(st, 0) == ["M.0", "M.1", "M.2"]
    st, _ = play(st, 0, "M.1")
    c = st.companies[0]
    assert (c.credits, c.exc, c.mix) == (credits - 1, exc + 1, mix + 1)


# --------------------------------------------------------------------------- every external work
# (external_works.json; the Nile's works are tested in test_nile.py)

WORKS: dict[str, tuple[list[str], tuple[str, ...], tuple[int, int, int, int, int, int]]] = {
    # work: (hand, decisions after placing, change of (credits, excavators, mixers, VP, wheel slot, energy))
    "EW_A1": (["C212", "C300"], ("U.C212",), (3, -1 + 1, 0, 5, 0, 0)),  # fulfil <= 4: C212 (5 VP, 1 exc)
    "EW_A2": ([], (), (3, 0, -1, 0, 2, 0)),
    "EW_A3": ([], ("S.B9L",), (0, 0, -2, 4, 0, 0)),  # a free plain base
    "EW_A4": ([], ("S.P8_0",), (2, -1, -1, 0, 0, 0)),  # a free powerhouse
    "EW_A5": ([], ("T.L1_JOKER",), (4, -2, 0, 0, 0, 0)),  # a patent-office tile for free
    "EW_B1": (["C202"], ("U.C202",), (5 + 5, -2, -1, 0, 0, 6)),  # 6 energy produced: C202 (5 credits)
    # two free elevations; Germany's second elevation uncovers an income of 3 credits
    "EW_B2": ([], ("S.B8L", "S.B8L"), (3, 0, -4, 2, 0, 0)),
    "EW_B3": ([], ("S.C1R",), (3, 0, -3, 3, 0, 0)),  # a free conduit of production <= 4
    "EW_B4": ([], (), (0, -3, 0, 5, 0, 6)),
    "EW_B5": ([], ("H.HA", "H.HB"), (0, -4, 0, 4, 2, 0)),
    "EW_C1": ([], (), (0, -2, -4, 8, 3, 0)),
    "EW_C2": ([], ("H.HD",), (0, 0, -5, 10, 0, 0)),
    "EW_C3": (["C405"], ("U.C405", "M.2"), (2, -6 + 2, 0, 5 + 3, 0, 0)),  # any contract: C405 (3 VP, 2 cr, 2 any)
    "EW_C4": ([], ("H.HD", "H.HD"), (0, -3, -2, 6, 0, 0)),
    "EW_C5": ([], (), (0, -5, 3, 6, 0, 0)),
}


def _work_effect_on_the_map(st, wid: str) -> bool:
    """What a work leaves on the map or in the company's supply besides resources."""
    c = st.companies[0]
    return {
        "EW_A1": c.done[-1:] == ["C212"] and c.hand == ["C300"],
        "EW_A3": st.dam_owner.get("B9L") == 0,
        "EW_A4": st.ph_owner.get("P8_0") == 0,
        "EW_A5": "L1_JOKER" in c.tiles and "L1_JOKER" not in st.patent,
        "EW_B1": c.done[-1:] == ["C202"],
        "EW_B2": st.dam_level.get("B8L") == 3,
        "EW_B3": st.conduit_owner.get("C1R") == 0,
        "EW_B5": st.water.get("HA") == 1 and st.water.get("HB") == 1,
        "EW_C2": st.ledger.get("drops_in") == 1 and not st.water.get("HD"),
        "EW_C3": c.done[-1:] == ["C405"],
        "EW_C4": st.ledger.get("drops_in") == 2 and not st.water.get("HD"),
    }.get(wid, True)


def test_every_external_work_of_the_leeghwater_project_is_covered() -> None:
    assert set(WORKS) == {w for w, d in data.EXTERNAL_WORKS.items() if d["expansion"] == "leeghwater"}


@pytest.mark.parametrize("wid", sorted(WORKS))
def test_external_work_costs_its_machinery_and_gives_its_reward(wid: str) -> None:
    """RULES.md §12.2: discard the machinery shown on the tile, take it face down, gain its reward."""
    hand, codes, change = WORKS[wid]
    st = _lwp()
    c = st.companies[0]
    c.exc, c.mix, c.hand = 10, 10, list(hand)
    if wid == "EW_B2":
        put(st, 0, "B8L")
    st.works = ["", wid, ""]
    before = (c.credits, c.exc, c.mix, c.vp, c.slot, c.energy)
    st, _ = play(st, 0, "P.external_work-w2", *codes)
    c = st.companies[0]
    assert c.works == [wid] and st.works == ["", "", ""] and st.used["external_work-w2"] == 0
    after = (c.credits, c.exc, c.mix, c.vp, c.slot, c.energy)
    assert after == tuple(b + d for b, d in zip(before, change, strict=True))
    assert _work_effect_on_the_map(st, wid)
    assert st.tasks[0].seat == 1  # nothing left to decide
