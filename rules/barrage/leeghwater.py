"""The Leeghwater Project parts the Nile Affair uses (RULES.md §12, §8): private buildings, external
works, the Netherlands and the officers Margot, Mahiri and Leslie. Active with option ``leeghwater``.
"""

from __future__ import annotations

import random
from typing import Any

from rules.barrage import contracts, data, expansion, names, produce, supply, water
from rules.barrage.actions import Building, Decline, Officer, Retrieve, Site, Tile, Work
from rules.barrage.expansion import EXPANSIONS, Expansion, SpaceRow
from rules.barrage.journal import Line, line, name, say, who
from rules.barrage.state import State, Task
from rules.base import Event

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
    """Buildings on the expansion board and the external-work decks (A, then B, then C).

    With the Nile Affair its pumping station joins the buildings before the draw, and its work of each
    letter joins that deck, which then loses one random tile to the box (RULES.md §13.2)."""
    sets = ("leeghwater", "nile_affair") if st.options.get("expansion") == "nile" else ("leeghwater",)
    pool = [b for b, d in data.BUILDINGS.items() if d["expansion"] in sets]
    st.buildings = sorted(rng.sample(pool, data.BUILDINGS_ON_BOARD))
    st.bslots = {b: [-1] * len(data.BUILDING_SLOTS) for b in st.buildings}
    for deck in ("A", "B", "C"):
        works = [w for w, d in data.EXTERNAL_WORKS.items() if d["deck"] == deck and d["expansion"] in sets]
        rng.shuffle(works)
        if len(sets) > 1:
            works.pop()
        st.deck_works += works
    refresh_works(st)


def refresh_works(st: State) -> None:
    """End of round: unfulfilled works are discarded, 3 new ones revealed."""
    st.deck_works = st.deck_works[:]  # copy on write (state.copy_state)
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
    for x in expansion.active(st):  # another expansion's building (the Nile's pumping station)
        ok = x.doable(st, seat, act, credits)
        if ok is not None:
            return ok
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
    i = st.works.index(wid)
    st.works = [*st.works[:i], "", *st.works[i + 1:]]  # a new list: the old one is shared (copy_state)
    c.works.append(wid)
    return contracts.grant(st, seat, data.EXTERNAL_WORKS[wid]["reward"])


# --------------------------------------------------------------------------- officers


def copyable(st: State, seat: int) -> list[str]:
    """Officers of the other companies whose ability Mahiri can copy for one action."""
    return sorted({c.officer for s, c in enumerate(st.companies) if s != seat and c.officer in COPYABLE})


def final_vp(st: State, seat: int) -> int:
    return sum(data.BUILDINGS[b]["vp_end_of_game"] for b in built_buildings(st, seat))


def final_scoring(st: State) -> list[Line]:
    lines = []
    for seat in range(st.players):
        vp = final_vp(st, seat)
        if vp:
            supply.gain(st, seat, "vp", vp)
            lines.append(line(f"Player {seat + 1} scores {vp} VP for private buildings.", "buildings_vp", seat=seat,
                              vp=vp))
    return lines


# --------------------------------------------------------------------------- engine hooks


def _margot_options(st: State, seat: int, credits: int) -> list[str]:
    return [b for b in built_buildings(st, seat) if building_doable(st, seat, b, credits)]


class LeeghwaterExpansion(Expansion):
    option = "leeghwater"
    boards = ("external_work", "officer")
    doable_keys = ("building", "fulfill_external_work", "use_own_private_building", "copy_officer_ability")

    def setup(self, st: State, rng: random.Random) -> None:
        setup(st, rng)

    def space_rows(self, st: State, seat: int) -> list[SpaceRow]:
        return [(sid, need, False, False, extra, {"building": bid}, "")
                for sid, need, extra, bid in building_spaces(st, seat)]

    def space_row(self, space: str) -> SpaceRow | None:
        parsed = parse_building_space(space)
        if parsed is None:
            return None
        bid, i = parsed
        es = data.BUILDINGS[bid]["engineer_spaces"][i]
        return (space, es["engineers"], False, False, es["extra_credits"], {"building": bid}, "")

    def doable(self, st: State, seat: int, act: dict[str, Any], credits: int) -> bool | None:
        c = st.companies[seat]
        if "building" in act:
            return building_doable(st, seat, act["building"], credits)
        if "fulfill_external_work" in act:
            return work_doable(st, seat, act["fulfill_external_work"] - 1)
        if "use_own_private_building" in act:
            return bool(_margot_options(st, seat, credits))
        if "copy_officer_ability" in act:
            return c.eng + c.arch >= 2 and bool(copyable(st, seat))
        return None

    def resolve(self, st: State, seat: int, act: dict[str, Any], events: list[Event]) -> list[Task] | None:
        if "building" in act:
            return building_action(st, seat, act["building"])
        if "fulfill_external_work" in act:
            i = act["fulfill_external_work"] - 1
            if LESLIE_TILE in st.companies[seat].tiles:
                return [Task("leslie", seat, n=i)]
            wid = st.works[i]
            say(st, events, "work", f"{name(st, seat)} fulfils {names.work(wid)}.", "fulfil_work", **who(st, seat),
                work=wid)
            return take_work(st, seat, wid, "supply")
        if "use_own_private_building" in act:
            return [Task("margot", seat)]
        if "copy_officer_ability" in act:
            return [Task("mahiri", seat)]
        return None

    def options(self, st: State, t: Task) -> list[Any] | None:
        seat, k = t.seat, t.kind
        c = st.companies[seat]
        if k == "cofferdam":
            return [Site(d) for d in dams_with_room(st, seat, neutral=True)]
        if k == "dutch":
            opts: list[Any] = [Site(d) for d in dams_with_room(st, seat, neutral=False, exclude=t.x)]
            return [*opts, Decline()] if opts else []
        if k == "devoffice":
            return [Tile(tl) for tl in sorted({tl for seg in c.wheel for tl in seg})]
        if k == "loan":
            return [Work(w) for w in loan_options(st, seat, c.credits)]
        if k == "lab":
            return [Retrieve(*o) for o in lab_options(st, seat)]
        if k == "bact":
            return [Building(t.s), Decline()] if building_doable(st, seat, t.s, c.credits) else []
        if k == "margot":
            return [Building(b) for b in _margot_options(st, seat, c.credits)]
        if k == "mahiri":
            return [Officer(o) for o in copyable(st, seat)]
        if k == "leslie":
            return [Tile(LESLIE_TILE), Decline()]
        if k == "patentfree":
            return [Tile(tl) for tl in st.patent if tl]
        return None

    def decide(self, st: State, t: Task, a: Any, events: list[Event]) -> bool:
        seat, k = t.seat, t.kind
        if k not in ("cofferdam", "dutch", "devoffice", "loan", "lab", "bact", "margot", "mahiri", "leslie",
                     "patentfree"):
            return False
        c = st.companies[seat]
        st.tasks.pop(0)
        tasks: list[Task] = []
        if isinstance(a, Decline) and k != "leslie":
            return True
        if k in ("cofferdam", "dutch"):
            st.water[a.site] = st.water.get(a.site, 0) + 1
            st.ledger["drops_in"] = st.ledger.get("drops_in", 0) + 1
            say(st, events, "water", f"{name(st, seat)} adds a drop to the dam on {names.site(a.site, st.map)}.",
                "add_drop",
                **who(st, seat), site=a.site)
        elif k == "devoffice":
            for seg in c.wheel:
                if a.tile in seg:
                    seg.remove(a.tile)
                    break
            c.tiles.append(a.tile)
            say(st, events, "building", f"{name(st, seat)} takes {names.tile(a.tile)} back from the wheel.",
                "tile_back",
                **who(st, seat), tile=a.tile)
        elif k == "loan":
            tasks = take_work(st, seat, a.work, "credits")
            say(st, events, "work", f"{name(st, seat)} buys {names.work(a.work)} with credits.", "buy_work",
                **who(st, seat), work=a.work)
        elif k == "lab":
            c.wexc[a.segment] -= a.exc
            c.wmix[a.segment] -= a.mix
            c.exc += a.exc
            c.mix += a.mix
        elif k in ("bact", "margot"):
            say(st, events, "building", f"{name(st, seat)} uses the {a.building.replace('_', ' ')}.", "use_building",
                **who(st, seat), building=a.building)
            tasks = building_action(st, seat, a.building)
        elif k == "mahiri":
            st.copy, st.copy_seat = a.officer, seat
            say(st, events, "officer", f"{name(st, seat)} copies {data.OFFICERS[a.officer]['name']}.", "copy_officer",
                **who(st, seat), officer=a.officer)
            tasks = [Task("turn", seat, f=1), Task("endcopy", seat)]
        elif k == "leslie":
            wid = st.works[t.n]
            tasks = take_work(st, seat, wid, "wheel" if isinstance(a, Tile) else "supply")
            say(st, events, "work", f"{name(st, seat)} fulfils {names.work(wid)}.", "fulfil_work", **who(st, seat),
                work=wid)
        elif k == "patentfree":
            i = st.patent.index(a.tile)
            st.patent = [*st.patent[:i], "", *st.patent[i + 1:]]  # a new list: the old one is shared
            c.tiles.append(a.tile)
            say(st, events, "patent", f"{name(st, seat)} takes {names.tile(a.tile)}.", "take_tile", **who(st, seat),
                tile=a.tile)
        st.tasks[0:0] = tasks
        return True

    def reward(self, st: State, seat: int, key: str, value: Any) -> list[Task] | None:
        if key == "advanced_tech_tile":
            return [Task("patentfree", seat)]
        return None

    def after_production(self, st: State, seat: int, dam: str) -> list[Task]:
        c = st.companies[seat]
        if c.company == "netherlands" and data.ability_active(c.company, supply.built(c, "powerhouse")):
            return [Task("dutch", seat, x=dam)]
        return []

    def bonus_count(self, st: State, seat: int, tile: str) -> int | None:
        if tile == "BONUS_EXTERNAL_WORK":
            return len(st.companies[seat].works)
        if tile == "BONUS_BUILDING":
            return supply.built(st.companies[seat], "building")
        return None

    def end_round(self, st: State) -> None:
        refresh_works(st)

    def final_scoring(self, st: State) -> list[Line]:
        return final_scoring(st)


LEEGHWATER = LeeghwaterExpansion()
EXPANSIONS.append(LEEGHWATER)
