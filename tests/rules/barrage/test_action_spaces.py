"""Every action space of the base game and the Leeghwater board (action_spaces.json, RULES.md §5), one
row each: the space is taken, its engineers and credits are paid, and its printed effect happens."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from rules.barrage import data
from rules.barrage.state import Company, State
from tests.rules.barrage.scenario import clear_map, legal_codes, new_game, play, put, turn

PRODUCTION = 4
"""Conduit C1R's production: one drop from B1U through C1R to P5_0 makes 4 energy + the space's bonus."""


class Effect(NamedTuple):
    """What the space gives besides the engineers: changes of the company's supply and the map."""

    credits: int = 0
    exc: int = 0
    mix: int = 0
    rotate: int = 0
    energy: int = 0
    contracts: int = 0
    tiles: int = 0
    drops_in: int = 0
    built: str = ""
    works: int = 0


def _position() -> State:
    """4 players (every space is open), the Leeghwater board, an empty river; seat 0 (Germany, Jill,
    whose abilities change nothing here) has plenty of everything and a production system
    B1U (2 drops) → C1R → P5_0."""
    st = clear_map(new_game(4, 2, leeghwater="yes"))
    c = st.companies[0]
    c.company, c.officer = "germany", "jill_mcdowell"
    c.eng, c.arch, c.hand, c.credits, c.exc, c.mix = 12, 0, [], 20, 10, 10
    c.tiles = [t for t in c.tiles if data.TECH[t]["level"] == 0]
    put(st, 0, "B1U", level=2)
    st.water["B1U"] = 2
    st.ledger["drops_in"] = 2
    put(st, 0, "C1R")
    put(st, 0, "P5_0")
    st.works = ["EW_A2", "EW_A2", "EW_A2"]  # 1 mixer: 3 credits and rotate the wheel 2
    st.deck_works = [w for w in st.deck_works if w != "EW_A2"]
    return turn(st, 0)


def _shown(st: State, i: int) -> str:
    return [cid for col in st.display for cid in col][i]


_BASE = ("T.BASIC_BASE", "S.B9L")  # a plain base: 3 excavators go on the wheel with the tile, which turns
_BUILD = Effect(exc=-3, rotate=1, built="B9L")
_PRODUCE = "R.B1U.C1R.P5_0.1"
SPACES: dict[str, tuple[tuple[str, ...], Effect]] = {
    "company-1": (_BASE, _BUILD),
    "company-2": (_BASE, _BUILD),
    "company-3": (_BASE, _BUILD),
    "company-4": (_BASE, _BUILD),
    "turbine-b2": ((_PRODUCE,), Effect(energy=PRODUCTION + 2)),
    "turbine-b1": ((_PRODUCE,), Effect(energy=PRODUCTION + 1)),
    "turbine-0": ((_PRODUCE,), Effect(energy=PRODUCTION)),
    "turbine-m1": ((_PRODUCE,), Effect(energy=PRODUCTION - 1)),
    "turbine-b2c": ((_PRODUCE,), Effect(energy=PRODUCTION + 2)),
    "turbine-b1c": ((_PRODUCE,), Effect(energy=PRODUCTION + 1)),
    "turbine-0c": ((_PRODUCE,), Effect(energy=PRODUCTION)),
    "turbine-m1c": ((_PRODUCE,), Effect(energy=PRODUCTION - 1)),
    "turbine-m2": ((_PRODUCE,), Effect(energy=PRODUCTION - 2)),
    "turbine-m2bis": ((_PRODUCE,), Effect(energy=PRODUCTION - 2)),
    "water-p2": (("H.HA", "H.HC"), Effect(drops_in=2)),
    "water-d1": (("H.HD",), Effect(drops_in=1)),
    "water-p2c": (("H.HA", "H.HC"), Effect(drops_in=2)),
    "water-d1c": (("H.HD",), Effect(drops_in=1)),
    "workshop-r1": ((), Effect(rotate=1)),
    "workshop-r1bis": ((), Effect(rotate=1)),
    "workshop-r2": ((), Effect(rotate=2)),
    "workshop-r2c": ((), Effect(rotate=2)),
    "workshop-r3": ((), Effect(rotate=3)),
    "workshop-r3c": ((), Effect(rotate=3)),
    "machinery-e": ((), Effect(exc=1)),
    "machinery-ec": ((), Effect(exc=1)),
    "machinery-b": ((), Effect(exc=1, mix=1)),
    "machinery-bc": ((), Effect(exc=1, mix=1)),
    "machinery-a": (("M.0",), Effect(mix=1)),
    "machinery-abis": (("M.1",), Effect(exc=1)),
    "contract-o": (("G.0",), Effect(contracts=1)),
    "contract-oc": (("G.0",), Effect(contracts=1)),
    "contract-ob": (("G.0",), Effect(contracts=1)),
    "contract-obc": (("G.0",), Effect(contracts=1)),
    "contract-t": (("G.0", "G.2"), Effect(contracts=2)),
    "contract-tbis": (("G.0", "G.2"), Effect(contracts=2)),
    "patent-p1": ((), Effect(tiles=1)),
    "patent-p2": ((), Effect(tiles=1)),
    "patent-p3": ((), Effect(tiles=1)),
    "external_work-w1": ((), Effect(credits=3, mix=-1, rotate=2, works=1)),
    "external_work-w2": ((), Effect(credits=3, mix=-1, rotate=2, works=1)),
    "external_work-w3": ((), Effect(credits=3, mix=-1, rotate=2, works=1)),
}
"""Space -> (the decisions after placing, with ``G.<i>`` = the i-th contract shown; its effect)."""

ELSEWHERE = {
    "bank-b": "test_turns.py::test_bank_use_is_recorded_in_the_state_and_the_event",
    "officer-margot-1": "test_leeghwater.py::test_margot_uses_a_building_a_second_time",
    "officer-mahiri-1": "test_leeghwater.py::test_mahiri_copies_an_officer_for_one_extra_action",
    "officer-mahiri-2": "test_leeghwater.py::test_mahiri_copies_an_officer_for_one_extra_action",
}
"""Spaces whose effect needs its own position (an officer, any number of engineers), tested there."""


def test_every_action_space_is_covered() -> None:
    """The 46 spaces of action_spaces.json (the Nile's irrigation spaces are tested in test_nile.py)."""
    ids = {sid for sid, sp in data.SPACES.items() if sp["board"] != "map_irrigation"}
    assert len(ids) == 46
    assert set(SPACES) | set(ELSEWHERE) == ids and not set(SPACES) & set(ELSEWHERE)


def _snapshot(c: Company) -> tuple[int, ...]:
    return (c.credits, c.exc, c.mix, c.slot, c.energy, len(c.hand), len(c.tiles), len(c.works))


@pytest.mark.parametrize("space", sorted(SPACES))
def test_action_space_pays_its_engineers_and_credits_and_gives_its_effect(space: str) -> None:
    sp = data.SPACES[space]
    need, _ = data.space_counts(sp)
    cost = sp["extra_credits"] + sp["action"].get("pay_credits", 0)
    codes, effect = SPACES[space]
    st = _position()
    shown = [cid for col in st.display for cid in col]
    patent = st.patent[sp["action"]["take_patent_tile"] - 1] if "take_patent_tile" in sp["action"] else ""
    c = st.companies[0]
    before, eng, drops_in = _snapshot(c), c.eng, st.ledger["drops_in"]
    assert f"P.{space}" in legal_codes(st, 0)
    st, _ = play(st, 0, f"P.{space}", *(f"G.{shown[int(x[2:])]}" if x.startswith("G.") else x for x in codes))
    c = st.companies[0]
    # engineers and the space
    assert c.eng == eng - need and c.placed == need
    assert (space in c.used) if sp.get("private") else (st.used[space] == 0)
    # credits: the red frame's extra and the space's price, then what it gives
    e = effect
    want = (before[0] - cost + e.credits, before[1] + e.exc, before[2] + e.mix, (before[3] + e.rotate) % 6,
            before[4] + e.energy, before[5] + e.contracts, before[6] + e.tiles - (1 if e.built else 0),
            before[7] + e.works)
    assert _snapshot(c) == want
    assert st.ledger["drops_in"] == drops_in + e.drops_in
    if e.built:
        loaded = (c.slot - 1) % 6
        assert st.dam_owner[e.built] == 0 and c.wheel[loaded] == ["BASIC_BASE"] and c.wexc[loaded] == 3
    if e.contracts:
        assert set(c.hand) == {shown[int(x[2:])] for x in codes}
    if patent:
        assert patent in c.tiles and patent not in st.patent
    if e.works:
        assert c.works == ["EW_A2"] and st.works.count("") == 1
    assert st.tasks[0].seat != 0  # the turn is over
