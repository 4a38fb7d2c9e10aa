"""Water flow (RULES.md §6): drops stop in the first dam with room, pass full dams, leave at exits."""

from __future__ import annotations

import pytest

from rules.barrage import water
from tests.rules.barrage.invariants import check
from tests.rules.barrage.scenario import clear_map, intro, play, put, seat_of, set_officer, turn


def test_drop_without_dams_leaves_the_map_at_the_exit() -> None:
    """HA → B1U → B1L → P8 → B8U → B8L → P11 → EXIT_L with no dam anywhere."""
    st = clear_map(intro())
    water.add_to_headstream(st, "HA", 1)
    assert water.release_headstream(st, "HA", 1) == ["EXIT_L"]
    assert st.water == {"HA": 0}
    assert st.ledger["drops_out"] == 1


def test_drop_stops_in_first_dam_with_room() -> None:
    st = clear_map(intro())
    put(st, 0, "B1L")
    water.add_to_headstream(st, "HA", 1)
    assert water.release_headstream(st, "HA", 1) == ["B1L"]
    assert st.water["B1L"] == 1


def test_water_passes_a_full_dam_and_fills_the_next() -> None:
    """A level-1 dam holding 1 drop is full: the next drop flows on to the dam below."""
    st = clear_map(intro())
    put(st, 0, "B1U")
    put(st, 1, "B8U")
    st.water["B1U"] = 1
    water.add_to_headstream(st, "HA", 2)
    assert water.release_headstream(st, "HA", 2) == ["B8U", "EXIT_L"]
    assert st.water["B1U"] == 1 and st.water["B8U"] == 1


def test_neutral_dam_fills_and_holds_water() -> None:
    """Neutral dams catch water like any dam (plains neutral dam: capacity 3)."""
    st = clear_map(intro())
    put(st, -1, "B8L", level=3)
    water.add_to_headstream(st, "HA", 4)
    assert water.release_headstream(st, "HA", 4) == ["B8L", "B8L", "B8L", "EXIT_L"]
    assert st.water["B8L"] == 3


def test_elevation_raises_capacity() -> None:
    """A full level-1 dam lets the drop pass; after an elevation the same drop is caught."""
    st = clear_map(intro())
    seat = 0
    put(st, seat, "B1U")
    st.water["B1U"] = 1
    assert water.capacity(st, "B1U") == 1 and water.room(st, "B1U") == 0
    st = turn(st, seat)
    st.companies[seat].mix = 4
    st, _ = play(st, seat, "P.company-1", "T.BASIC_ELEVATION", "S.B1U")
    assert st.dam_level["B1U"] == 2 and water.capacity(st, "B1U") == 2
    water.add_to_headstream(st, "HA", 1)
    assert water.release_headstream(st, "HA", 1) == ["B1U"]
    assert st.water["B1U"] == 2


def test_graziano_level_three_dams_hold_four() -> None:
    st = clear_map(intro())
    set_officer(st, 0, "graziano_del_monte")
    put(st, 0, "B1U", level=3)
    put(st, 1, "B2U", level=3)
    assert water.capacity(st, "B1U") == 4
    assert water.capacity(st, "B2U") == 3


def test_a_fourth_drop_fills_only_a_graziano_dam_and_the_invariant_check_knows_it() -> None:
    """Graziano's ability: his level-3 dams hold 4 drops; any other level-3 dam holds 3, so a flow fills
    Graziano's dam to 4 and passes the other one at 3, and the state check refuses a 4th drop elsewhere."""
    st = clear_map(intro())
    set_officer(st, 0, "graziano_del_monte")
    set_officer(st, 1, "jill_mcdowell")
    put(st, 0, "B1U", level=3)
    put(st, 1, "B2U", level=3)
    water.add_to_headstream(st, "HA", 5)
    water.add_to_headstream(st, "HB", 5)
    water.flow_phase(st)
    assert st.water["B1U"] == 4 and st.water["B2U"] == 3
    check(st)
    st.water["B2U"] = 4  # a non-Graziano dam over its capacity
    st.ledger["drops_in"] += 1
    with pytest.raises(AssertionError):
        check(st)


def test_flow_phase_moves_every_waiting_drop_one_at_a_time() -> None:
    st = clear_map(intro())
    put(st, 0, "B2L", level=2)
    water.add_to_headstream(st, "HB", 3)
    water.flow_phase(st)
    # HB → B2U → B2L (2 drops) → P5 → B5U → B5L → P9 → B9U → B9L → P11 → EXIT_L
    assert st.water["B2L"] == 2 and st.water["HB"] == 0
    assert st.ledger["drops_out"] == 1


def test_drops_from_production_reenter_at_the_powerhouse_zone() -> None:
    """Water used in zone 1 goes through C1R to zone 5 and is caught by a dam in basin 5."""
    st = clear_map(intro())
    seat = 0
    put(st, seat, "B1U")
    put(st, seat, "C1R")
    put(st, seat, "P5_0")
    put(st, 1 - seat, "B5L")
    st.water["B1U"] = 1
    st = turn(st, seat)
    st, _ = play(st, seat, "P.turbine-b2", "R.B1U.C1R.P5_0.1")
    assert st.water.get("B1U", 0) == 0
    assert st.water["B5L"] == 1


def test_usa_gains_energy_for_drops_passing_its_powerhouse_zones() -> None:
    """With 3 powerhouses USA scores +1 energy per drop flowing through one of its zones."""
    st = clear_map(intro())
    usa = seat_of(st, "usa")
    for p in ("P8_0", "P9_0", "P10_0"):
        put(st, usa, p)
    water.add_to_headstream(st, "HA", 2)  # HA → ... → P8 → ... → P11 → exit
    water.release_headstream(st, "HA", 2)
    assert st.companies[usa].energy == 2


def test_usa_ability_needs_three_powerhouses() -> None:
    st = clear_map(intro())
    usa = seat_of(st, "usa")
    for p in ("P8_0", "P9_0"):
        put(st, usa, p)
    water.add_to_headstream(st, "HA", 2)
    water.release_headstream(st, "HA", 2)
    assert st.companies[usa].energy == 0


def test_headstreams_get_water_in_rounds_one_to_four_only() -> None:
    from rules.barrage import data, engine

    st = clear_map(intro())
    tiles = {t["id"]: t for t in data.map_data("base").headstream_tiles}
    st.round = 4
    engine._start_round(st, [])
    expected = {h: tiles[st.headstream_tiles[h]]["drops_by_round"][3] for h in ("HA", "HB", "HC", "HD")}
    assert {h: st.water.get(h, 0) for h in expected} == expected
    st.water.clear()
    st.round = 5
    engine._start_round(st, [])
    assert all(st.water.get(h, 0) == 0 for h in ("HA", "HB", "HC", "HD"))
