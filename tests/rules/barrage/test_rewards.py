"""Rewards (RULES.md §7.2, Q-B13) and the edge cases of §10 not covered elsewhere."""

from __future__ import annotations

from rules.barrage import construct, contracts
from tests.rules.barrage.scenario import clear_map, intro, legal_codes, play, put, turn


def _game():
    st = clear_map(intro())
    st.companies[0].company, st.companies[0].officer = "germany", "jill_mcdowell"
    st.companies[0].hand = []
    return turn(st, 0)


def test_plain_parts_first_then_the_rest_in_printed_order() -> None:
    """C303: 2 VP, 1 flowing drop, rotate 2 → VP at once, then the drop choice, then the rotation."""
    st = _game()
    tasks = contracts.grant(st, 0, {"vp": 2, "flow_drop": 1, "rotate_wheel": 2})
    assert [t.kind for t in tasks] == ["drop", "rotate"]
    assert st.companies[0].vp == 12


def test_free_base_from_a_contract_still_pays_a_red_site() -> None:
    st = _game()
    st.tasks[0:0] = contracts.grant(st, 0, {"build_base": {"areas": ["plain", "hill"]}})
    codes = legal_codes(st, 0)
    assert "S.B5U" in codes and "S.B8L" in codes and "S.B1L" not in codes and "N" in codes
    credits, exc = st.companies[0].credits, st.companies[0].exc
    st, _ = play(st, 0, "S.B5U")
    c = st.companies[0]
    assert st.dam_owner["B5U"] == 0 and c.credits == credits - 3 and c.exc == exc and c.slot == 0


def test_free_conduit_is_limited_by_production() -> None:
    st = _game()
    st.tasks[0:0] = contracts.grant(st, 0, {"build_conduit_max": 2})
    sites = {c[2:] for c in legal_codes(st, 0) if c.startswith("S.")}
    assert sites == {"C6R", "C7L", "C8R", "C9L", "C10L", "C10R"}


def test_red_framed_space_and_red_bordered_site_both_cost_three() -> None:
    st = _game()
    credits = st.companies[0].credits
    st, _ = play(st, 0, "P.company-4", "T.BASIC_BASE", "S.B8U")
    assert st.companies[0].credits == credits - 6


def test_neutral_dams_can_never_be_elevated() -> None:
    st = _game()
    put(st, -1, "B8L")
    put(st, 0, "B9L")
    assert construct.sites(st, 0, "elevation") == ["B9L"]


def test_energy_produced_effects_use_private_contracts_only() -> None:
    st = _game()
    st.companies[0].hand = ["C202"]
    st.national = ["C100"]
    st.companies[0].tiles.append("L3_CONDUIT")
    st, _ = play(st, 0, "P.company-1", "T.L3_CONDUIT", "S.C8R", "Y.4.0.0")  # value 2: 4 energy
    assert st.companies[0].energy == 4
    assert legal_codes(st, 0) == ["U.C202", "N"]


def test_discarded_contracts_leave_the_game() -> None:
    st = _game()
    hand = [st.piles[1].pop() for _ in range(3)]
    st.companies[0].hand = list(hand)
    shown = [cid for col in st.display for cid in col]
    st, _ = play(st, 0, "P.contract-o", f"G.{shown[0]}", f"D.{hand[0]}")
    everywhere = [c for col in st.display for c in col] + [c for p in st.piles for c in p]
    assert hand[0] not in everywhere and hand[0] not in st.companies[0].hand
    assert len(st.companies[0].hand) == 3


def test_national_contracts_are_never_replenished() -> None:
    st = _game()
    st.national = ["C102"]
    contracts.fulfil(st, 0, "C102")
    contracts.refill(st)
    assert st.national == []


def test_private_display_refills_each_colour_to_two() -> None:
    st = _game()
    st.display = [[], ["C300"], ["C400", "C401"]]
    green = list(st.piles[0])
    contracts.refill(st)
    assert len(st.display[0]) == 2 and len(st.display[1]) == 2 and st.display[0] == green[-1:-3:-1]
