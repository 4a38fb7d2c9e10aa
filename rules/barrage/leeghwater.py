"""The Leeghwater Project parts the Nile Affair uses (RULES.md §12, §8): private buildings, external
works, the Netherlands and the officers Margot, Mahiri and Leslie. Active with option ``leeghwater``.
"""

from __future__ import annotations

import random
from typing import Any

from rules.barrage import contracts, data, produce, supply, water
from rules.barrage.state import State, Task

MARGOT = "margot_fouche"
MAHIRI = "mahiri_sekibo"
LESLIE = "leslie_spencer"
LESLIE_TILE = "LESLIE_SPECIAL"
COPYABLE = ("wilhelm_adler", "graziano_del_monte", "viktor_fiesler", "solomon_p_jordan", "jill_mcdowell",
            "simone_luciani")
"""Officers whose abilities act during one action, so Mahiri can copy them (house reading, RULES_NOTES)."""
LOAN_CREDITS_PER_MACHINE = 2
"""Loan Agency: 2 credits per machinery instead (private_buildings.json action text)."""
WORKS_SHOWN = 3


def active(st: State) -> bool:
    return st.options.get("leeghwater") == "yes"


# --------------------------------------------------------------------------- setup


def setup(st: State, rng: random.Random) -> None:
    """Buildings on the expansion board and the external-work decks (A, then B, then C)."""
    lwp = [b for b, d in data.BUILDINGS.items() if d["expansion"] == "leeghwater"]
    st.buildings = sorted(rng.sample(lwp, data.BUILDINGS_ON_BOARD))
    st.bslots = {b: [-1] * len(data.BUILDING_SLOTS) for b in st.buildings}
    for deck in ("A", "B", "C"):
        works = [w for w, d in data.EXTERNAL_WORKS.items() if d["deck"] == deck and d["expansion"] == "leeghwater"]
        rng.shuffle(works)
        st.deck_works += works
    refresh_works(st)


def refresh_works(st: State) -> None:
    """End of round: unfulfilled works are discarded, 3 new ones revealed."""
    st.works = [st.deck_works.pop(0) if st.deck_works else "" for _ in range(WORKS_SHOWN)]


# --------------------------------------------------------------------------- spaces


def building_space(bid: str, i: int) -> str:
    return f"{bid}-s{i}"


def building_spaces(st: State, seat: int) -> list[tuple[str, int, int, str]]:
    """(space, engineers, extra credits, building) of the building spaces ``seat`` may use now."""
    c = st.companies[seat]
    out = []
    for bid in st.buildings:
        if seat not in st.bslots[bid] or bid in c.used:
            continue
        for i, es in enumerate(data.BUILDINGS[bid]["engineer_spaces"]):
            sid = building_space(bid, i)
            if sid not in st.used:
                out.append((sid, es["engineers"], es["extra_credits"], bid))
    return out


def parse_building_space(space: str) -> tuple[str, int] | None:
    bid, sep, i = space.rpartition("-s")
    if not sep or bid not in data.BUILDINGS or not i.isdigit():
        return None
    if int(i) >= len(data.BUILDINGS[bid]["engineer_spaces"]):
        return None
    return bid, int(i)


def built_buildings(st: State, seat: int) -> list[str]:
    return [b for b in st.buildings if seat in st.bslots[b]]


# --------------------------------------------------------------------------- building actions


def dams_with_room(st: State, seat: int, neutral: bool, exclude: str = "") -> list[str]:
    return [d for d, o in st.dam_owner.items()
            if (o == seat or (neutral and o == -1)) and d != exclude and water.room(st, d) > 0]


def _work_price(wid: str) -> int:
    return LOAN_CREDITS_PER_MACHINE * sum(data.EXTERNAL_WORKS[wid]["machinery_cost"].values())


def loan_options(st: State, seat: int, credits: int) -> list[str]:
    return [w for w in st.works if w and _work_price(w) <= credits]


def lab_options(st: State, seat: int) -> list[tuple[int, int, int]]:
    c = st.companies[seat]
    out = []
    for seg in range(6):
        half = (c.wexc[seg] + c.wmix[seg]) // 2
        if half:
            out += [(seg, e, half - e) for e in range(half + 1) if e <= c.wexc[seg] and half - e <= c.wmix[seg]]
    return out


def building_doable(st: State, seat: int, bid: str, credits: int) -> bool:
    act = data.BUILDINGS[bid]["action"]
    credits -= act.get("pay_credits", 0)
    if credits < 0:
        return False
    c = st.companies[seat]
    if "place_drop_in_dam" in act:
        return bool(dams_with_room(st, seat, neutral=True))
    if "produce" in act:
        return produce.possible(st, seat, act["produce"]["bonus"], credits)
    if "fulfill_contract_max" in act:
        return bool(c.hand)
    if "retrieve_tile_from_wheel" in act:
        return any(c.wheel)
    if "buy_external_work_with_credits" in act:
        return bool(loan_options(st, seat, credits))
    if "retrieve_half_machinery_from_wheel_segment" in act:
        return bool(lab_options(st, seat))
    return True


def building_action(st: State, seat: int, bid: str) -> list[Task]:
    """Resolve a building's action: pay its credits, then its effect as tasks."""
    act: dict[str, Any] = dict(data.BUILDINGS[bid]["action"])
    supply.pay(st, seat, "credit", act.pop("pay_credits", 0))
    if "place_drop_in_dam" in act:
        return [Task("cofferdam", seat)]
    if "produce" in act:
        return [Task("produce", seat, n=act["produce"]["bonus"], f=8)]
    if "retrieve_tile_from_wheel" in act:
        return [Task("devoffice", seat)]
    if "buy_external_work_with_credits" in act:
        return [Task("loan", seat)]
    if "retrieve_half_machinery_from_wheel_segment" in act:
        return [Task("lab", seat)]
    return contracts.grant(st, seat, act)


# --------------------------------------------------------------------------- external works


def work_doable(st: State, seat: int, idx: int) -> bool:
    wid = st.works[idx] if idx < len(st.works) else ""
    if not wid:
        return False
    cost = data.EXTERNAL_WORKS[wid]["machinery_cost"]
    c = st.companies[seat]
    return cost.get("excavator", 0) <= c.exc and cost.get("mixer", 0) <= c.mix


def take_work(st: State, seat: int, wid: str, paid_with: str) -> list[Task]:
    """Fulfil an external work: pay (``supply`` / ``wheel`` for Leslie / ``credits``), take it, gain it."""
    c = st.companies[seat]
    cost = data.EXTERNAL_WORKS[wid]["machinery_cost"]
    e, m = cost.get("excavator", 0), cost.get("mixer", 0)
    if paid_with == "credits":
        supply.pay(st, seat, "credit", _work_price(wid))
    elif paid_with == "wheel":
        supply.load_wheel(c, LESLIE_TILE, e, m)
        supply.rotate(c, 1)
    else:
        supply.pay(st, seat, "excavator", e)
        supply.pay(st, seat, "mixer", m)
    st.works[st.works.index(wid)] = ""
    c.works.append(wid)
    return contracts.grant(st, seat, data.EXTERNAL_WORKS[wid]["reward"])


# --------------------------------------------------------------------------- officers


def copyable(st: State, seat: int) -> list[str]:
    """Officers of the other companies whose ability Mahiri can copy for one action."""
    return sorted({c.officer for s, c in enumerate(st.companies) if s != seat and c.officer in COPYABLE})


def final_vp(st: State, seat: int) -> int:
    return sum(data.BUILDINGS[b]["vp_end_of_game"] for b in built_buildings(st, seat))


def final_scoring(st: State) -> list[str]:
    lines = []
    for seat in range(st.players):
        vp = final_vp(st, seat)
        if vp:
            supply.gain(st, seat, "vp", vp)
            lines.append(f"Seat {seat + 1} scores {vp} VP for private buildings.")
    return lines
