"""Construction (RULES.md §5.1): legal sites, machinery costs, payment choices and placing pieces.

A construction is: technology tile + machinery into the open wheel segment, rotate the wheel once,
place the piece (+3 credits on a red-bordered site), gain a revealed income, resolve the tile's effect.
Free placements from rewards skip the tile, machinery and wheel but still pay red-bordered sites.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from rules.barrage import data, supply
from rules.barrage.state import State

ANTON = "ANTON_SPECIAL"
WILHELM = "wilhelm_adler"
SOLOMON = "solomon_p_jordan"
JILL = "jill_mcdowell"

SOLOMON_CREDITS = 3
"""Credits per machinery unit Solomon may pay instead (companies.json, Solomon's ability text)."""
L2_CONDUIT_CAP = 5
"""L2 conduit: the conduit costs min(5, 2 x production) (technology_tiles.json effect text)."""
ENGINEER_FREE = ("L1_POWERHOUSE", "L3_BASE")


def effective(tile: str, copy: str) -> str:
    """The tile whose rules apply: Anton's special tile acts as the tile it copies."""
    return copy if tile == ANTON else tile


def builds(tile: str, copy: str = "") -> list[str]:
    """Structures the tile builds (private buildings are skipped here without Leeghwater)."""
    return data.TECH[effective(tile, copy)]["builds"]


def building_site(bid: str, slot: int) -> str:
    """Site id of a private building's construction slot, e.g. ``cofferdam-2``."""
    return f"{bid}-{slot}"


def split_building_site(site: str) -> tuple[str, int]:
    bid, _, slot = site.rpartition("-")
    return bid, int(slot)


def _area(st: State, structure: str, site: str) -> str:
    m = data.map_data(st.map)
    if structure in ("base", "elevation"):
        return m.dams[site]["area"]
    if structure == "conduit":
        return m.conduits[site]["area"]
    return m.powerhouses[site]["area"]


def red_cost(st: State, structure: str, site: str) -> int:
    """Extra credits of a red-bordered site (never for elevations or conduits)."""
    m = data.map_data(st.map)
    if structure == "base":
        return m.dams[site]["extra_cost_credits"]
    if structure == "powerhouse":
        return m.powerhouses[site]["extra_cost_credits"]
    if structure == "building":
        return data.BUILDING_SLOTS[split_building_site(site)[1]]["extra_credits"]
    return 0


def sites(st: State, seat: int, structure: str, areas: list[str] | None = None, max_prod: int = 99) -> list[str]:
    """Empty sites where ``seat`` may put its next ``structure`` piece (ignoring costs).

    ``areas`` restricts the map sites to those areas (a conduit is in its starting basin's area, a
    powerhouse in its zone's area); private buildings are in no area, so none qualifies (Q-N12)."""
    c = st.companies[seat]
    i = data.STRUCTURES.index(structure)
    if i >= len(c.left) or c.left[i] <= 0:
        return []
    m = data.map_data(st.map)
    out = []
    if structure == "base":
        own_zones = {m.dams[d]["zone"] for d, o in st.dam_owner.items() if o == seat}
        for d, info in m.dams.items():
            if d not in st.dam_owner and info["zone"] not in own_zones and (not areas or info["area"] in areas):
                out.append(d)
    elif structure == "elevation":
        out = [d for d, o in st.dam_owner.items() if o == seat and st.dam_level[d] < 3
               and (not areas or m.dams[d]["area"] in areas)]
    elif structure == "conduit":
        out = [k for k, info in m.conduits.items() if k not in st.conduit_owner and info["production"] <= max_prod
               and (not areas or info["area"] in areas)]
    elif structure == "powerhouse":
        own_zones = {m.powerhouses[p]["zone"] for p, o in st.ph_owner.items() if o == seat}
        out = [p for p, info in m.powerhouses.items() if p not in st.ph_owner and info["zone"] not in own_zones
               and (not areas or info["area"] in areas)]
    elif structure == "building" and not areas:
        # one building of each kind per company; slot 1 only with 4 players (Q-B7)
        for bid, owners in st.bslots.items():
            if seat in owners:
                continue
            for slot, owner in enumerate(owners):
                if owner == -1 and st.players in data.BUILDING_SLOTS[slot]["player_counts"]:
                    out.append(building_site(bid, slot))
    return out


Need = tuple[int, int, int]
"""A machinery requirement: (excavators, mixers, units of either kind)."""


def machinery_need(st: State, seat: int, eff: str, structure: str, site: str) -> list[Need]:
    """The alternative machinery requirements for building ``structure`` on ``site`` with tile ``eff``."""
    if structure == "building":
        cost = data.BUILDINGS[split_building_site(site)[0]]["construction_cost"]
        e, m = cost.get("excavator", 0), cost.get("mixer", 0)
        if eff == "L2_JOKER":
            return [(0, 0, e + m)]
        if eff == "L2_BUILDING":
            # only one of the two machinery types goes on the wheel (free if only one is needed)
            return [(e, 0, 0), (0, m, 0)] if e and m else [(0, 0, 0)]
        return [(e, m, 0)]
    if structure == "base":
        if eff == "L3_BASE":
            return [(0, 0, 0)]
        by_area = data.COSTS["base"]["by_area"]
        # Wilhelm pays the plains price everywhere ("always 3 excavators")
        area = _area(st, structure, site)
        amount = min(by_area.values()) if supply.officer_is(st, seat, WILHELM) else by_area[area]
        need: list[Need] = [(amount, 0, 0)]
    elif structure == "elevation":
        need = [(0, data.COSTS["elevation"]["by_area"][_area(st, structure, site)], 0)]
    elif structure == "conduit":
        prod = data.map_data(st.map).conduits[site]["production"]
        amount = 2 * prod
        if eff == "L2_CONDUIT":
            amount = min(L2_CONDUIT_CAP, amount)
        need = [(amount, 0, 0)]
        if supply.officer_is(st, seat, JILL) and eff != "L2_JOKER":
            need.append((0, prod, 0))  # Jill: one mixer per production value instead
    else:
        # powerhouses: 2 mixers for the 1st, +1 for each further one (companies.json formula)
        need = [(0, supply.built(st.companies[seat], "powerhouse") + 2, 0)]
    if eff == "L2_JOKER":
        return [(0, 0, sum(need[0]))]
    return need


def pay_options(st: State, seat: int, needs: list[Need], credits: int) -> list[tuple[int, int, int]]:
    """Every (excavators, mixers, credits) payment the company can afford, most machinery first."""
    c = st.companies[seat]
    spare = credits // SOLOMON_CREDITS if supply.officer_is(st, seat, SOLOMON) else 0
    out: set[tuple[int, int, int]] = set()
    for e, m, a in needs:
        for ke in range(min(e, spare) + 1):
            for km in range(min(m, spare - ke) + 1):
                for ka in range(min(a, spare - ke - km) + 1):
                    rest = a - ka
                    for ae in range(rest + 1):
                        pe, pm = e - ke + ae, m - km + rest - ae
                        if pe <= c.exc and pm <= c.mix:
                            out.add((pe, pm, (ke + km + ka) * SOLOMON_CREDITS))
    return sorted(out, key=lambda p: (p[2], -p[0], -p[1]))


def affordable(st: State, seat: int, needs: Sequence[Need], credits: int) -> bool:
    """Whether some payment exists (fast check, no enumeration)."""
    spare = credits // SOLOMON_CREDITS if supply.officer_is(st, seat, SOLOMON) else 0
    return shortfall(st, seat, needs) <= spare


NEVER = 1 << 30
"""More credits than any company holds: ``least_credits`` of a tile that builds nothing."""


def shortfall(st: State, seat: int, needs: Sequence[Need]) -> int:
    """The fewest machinery units the company lacks for one of the requirements (only Solomon may
    make them up, with SOLOMON_CREDITS credits each)."""
    c = st.companies[seat]
    best = NEVER
    for e, m, a in needs:
        short = max(0, e - c.exc) + max(0, m - c.mix)
        left = max(0, c.exc - e) + max(0, c.mix - m)
        short += max(0, a - left)
        best = min(best, short)
    return best


def least_credits(st: State, seat: int, tile: str, copy: str, memo: dict[Any, Any], below: int = NEVER) -> int:
    """The fewest credits with which ``can_build`` says yes (``NEVER`` if none), looking only for
    amounts under ``below``: can_build(credits) holds exactly when credits >= this."""
    key = (effective(tile, copy), None)
    priced = memo.get(key)
    if priced is None:
        priced = memo[key] = _priced(st, seat, tile, copy, None)
    solomon = supply.officer_is(st, seat, SOLOMON)
    best = below
    for red, need, structure, groups in priced:
        if red >= best:
            continue
        short = shortfall(st, seat, need)
        if short and not solomon:
            continue
        cost = red + SOLOMON_CREDITS * short
        if cost < best and (not groups or any(_class_open(st, seat, structure, group, memo) for group in groups)):
            best = cost
            if best == 0:
                break
    return best


def can_build(st: State, seat: int, tile: str, copy: str, credits: int, areas: list[str] | None = None,
              memo: dict[Any, Any] | None = None) -> bool:
    """Whether the tile can build anything now with ``credits`` available (in ``areas`` if given).

    A map site's price depends only on its structure, red-bordered cost, area and production, so the
    sites are priced by class (``_site_classes``) and only a class the company can pay for is searched
    for a site ``sites`` would list. ``memo`` (a dict kept while the state does not change) remembers
    the priced classes per tile effect and each class's search, for the next tile or amount of credits."""
    if memo is None:
        memo = {}
    key = (effective(tile, copy), areas and tuple(areas))
    priced = memo.get(key)
    if priced is None:
        priced = memo[key] = _priced(st, seat, tile, copy, areas)
    for red, need, structure, groups in priced:
        if red <= credits and affordable(st, seat, need, credits - red) and (
                not groups or any(_class_open(st, seat, structure, group, memo) for group in groups)):
            return True
    return False


_Priced = tuple[int, list["Need"], str, tuple[tuple[str, ...], ...]]
"""(red-bordered cost, machinery need, structure, the classes of sites at that price; none: a site known
to be open)."""


def _priced(st: State, seat: int, tile: str, copy: str, areas: list[str] | None) -> list[_Priced]:
    eff = effective(tile, copy)
    c = st.companies[seat]
    out: list[_Priced] = []
    for structure in builds(tile, copy):
        i = data.STRUCTURES.index(structure)
        if i >= len(c.left) or c.left[i] <= 0:
            continue
        if structure in ("elevation", "building"):
            # own dams to raise, private buildings' slots: few, each looked at
            for site in sites(st, seat, structure, areas):
                red = 0 if eff == "L1_JOKER" else red_cost(st, structure, site)
                out.append((red, machinery_need(st, seat, eff, structure, site), structure, ()))
            continue
        # a class's price is the same in every game on this map for the same tile, officer and count
        # of powerhouses built (machinery_need's inputs besides the site)
        key = (st.map, eff, structure, areas and tuple(areas), supply.officer_is(st, seat, WILHELM),
               supply.officer_is(st, seat, JILL), supply.built(c, "powerhouse") if structure == "powerhouse" else 0)
        classes = _CLASS_PRICES.get(key)
        if classes is None:
            # classes at the same price are asked about together (a price is paid or not)
            by_price: dict[tuple[int, tuple[Need, ...]], list[tuple[str, ...]]] = {}
            for area, group in _site_classes(st.map, structure):
                if not areas or area in areas:
                    red = 0 if eff == "L1_JOKER" else red_cost(st, structure, group[0])
                    need = machinery_need(st, seat, eff, structure, group[0])
                    by_price.setdefault((red, tuple(need)), []).append(group)
            classes = _CLASS_PRICES[key] = [(red, list(need), structure, tuple(groups))
                                            for (red, need), groups in by_price.items()]
        out += classes
    return out


_CLASS_PRICES: dict[tuple[Any, ...], list[_Priced]] = {}
"""``_priced``'s classes of map sites by what their price depends on (a few hundred keys at most)."""


@functools.cache
def _site_classes(map_name: str, structure: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The map's sites for a dam, conduit or powerhouse in classes of equal red-bordered cost, area and
    production (all a site's price depends on): (area, sites in map order) per class."""
    m = data.map_data(map_name)
    table = m.conduits if structure == "conduit" else m.powerhouses if structure == "powerhouse" else m.dams
    classes: dict[tuple[Any, ...], list[str]] = {}
    for site, info in table.items():
        key = (info.get("extra_cost_credits", 0), info["area"], info.get("production", 0))
        classes.setdefault(key, []).append(site)
    return tuple((key[1], tuple(group)) for key, group in classes.items())


def _class_open(st: State, seat: int, structure: str, group: tuple[str, ...], memo: dict[Any, Any]) -> bool:
    """Whether ``sites`` would list a site of the class (free, and for a dam or powerhouse not in a
    basin where the company already has one)."""
    key = ("open", id(group))  # the classes are kept for good (_site_classes), so their ids are too
    found = memo.get(key)
    if found is None:
        m = data.map_data(st.map)
        table = m.conduits if structure == "conduit" else m.powerhouses if structure == "powerhouse" else m.dams
        taken = st.conduit_owner if structure == "conduit" else st.ph_owner if structure == "powerhouse" else \
            st.dam_owner
        zones = memo.get(("zones", structure))
        if zones is None:
            zones = memo[("zones", structure)] = (
                set() if structure == "conduit" else {table[k]["zone"] for k, o in taken.items() if o == seat})
        found = memo[key] = any(site not in taken and table[site]["zone"] not in zones for site in group)
    return bool(found)


def site_payments(st: State, seat: int, tile: str, copy: str, structure: str, site: str,
                  credits: int) -> list[tuple[int, int, int]]:
    """Payments for building ``structure`` on ``site`` with a tile, with ``credits`` available."""
    eff = effective(tile, copy)
    red = 0 if eff == "L1_JOKER" else red_cost(st, structure, site)
    if red > credits:
        return []
    return pay_options(st, seat, machinery_need(st, seat, eff, structure, site), credits - red)


def site_payable(st: State, seat: int, tile: str, copy: str, structure: str, site: str, credits: int) -> bool:
    """Whether ``site_payments`` lists any payment (``affordable``: the same test without listing)."""
    eff = effective(tile, copy)
    red = 0 if eff == "L1_JOKER" else red_cost(st, structure, site)
    return red <= credits and affordable(st, seat, machinery_need(st, seat, eff, structure, site), credits - red)


def tile_choices(st: State, seat: int) -> list[tuple[str, str]]:
    """(tile, copy) pairs the company could build with: its supply tiles, Anton's copies."""
    c = st.companies[seat]
    out = []
    for t in c.tiles:
        if t == ANTON:
            on_wheel = sorted({w for seg in c.wheel for w in seg if w != ANTON})
            out.extend((ANTON, w) for w in on_wheel)
        else:
            out.append((t, ""))
    return out


def site_choices(st: State, seat: int, tile: str, copy: str, credits: int,
                 areas: list[str] | None = None) -> list[tuple[str, str]]:
    """(structure, site) pairs buildable with the tile and ``credits`` available (in ``areas`` if given)."""
    out = []
    for structure in builds(tile, copy):
        classes = _class_of(st.map, structure) if structure in ("base", "conduit", "powerhouse") else None
        payable: dict[int, bool] = {}  # by class: its sites share their price (_site_classes)
        for site in sites(st, seat, structure, areas):
            if classes is None:
                ok = site_payable(st, seat, tile, copy, structure, site, credits)
            else:
                group = id(classes[site])
                found = payable.get(group)
                if found is None:
                    found = payable[group] = site_payable(st, seat, tile, copy, structure, site, credits)
                ok = found
            if ok:
                out.append((structure, site))
    return out


@functools.cache
def _class_of(map_name: str, structure: str) -> dict[str, tuple[str, ...]]:
    """Each map site's class (``_site_classes``)."""
    return {site: group for _, group in _site_classes(map_name, structure) for site in group}


def structure_of(st: State, site: str) -> str:
    m = data.map_data(st.map)
    if site not in m.dams and site not in m.conduits and site not in m.powerhouses:
        return "building"
    if site in m.dams:
        return "elevation" if site in st.dam_owner else "base"
    if site in m.conduits:
        return "conduit"
    return "powerhouse"


def place_piece(st: State, seat: int, structure: str, site: str, pay_red: bool = True) -> dict[str, Any] | None:
    """Put the company's next piece on ``site``; return the income it reveals (if any)."""
    c = st.companies[seat]
    if pay_red:
        supply.pay(st, seat, "credit", red_cost(st, structure, site))
    c.left[data.STRUCTURES.index(structure)] -= 1
    # the pieces on the map are copied on write (state.copy_state): a new container, same order
    if structure == "base":
        st.dam_owner = {**st.dam_owner, site: seat}
        st.dam_level = {**st.dam_level, site: 1}
    elif structure == "elevation":
        st.dam_level = {**st.dam_level, site: st.dam_level[site] + 1}
    elif structure == "conduit":
        st.conduit_owner = {**st.conduit_owner, site: seat}
    elif structure == "building":
        bid, slot = split_building_site(site)
        owners = st.bslots[bid][:]  # copy on write (state.copy_state)
        owners[slot] = seat
        st.bslots = {**st.bslots, bid: owners}
        return None
    else:
        st.ph_owner = {**st.ph_owner, site: seat}
        return None
    return data.income(c.company, structure, supply.built(c, structure))


def build_with_tile(st: State, seat: int, tile: str, copy: str, site: str,
                    payment: tuple[int, int, int]) -> dict[str, Any] | None:
    """Steps 2-4 of a construction: pay, load and rotate the wheel, place the piece."""
    c = st.companies[seat]
    structure = structure_of(st, site)
    eff = effective(tile, copy)
    e, m, k = payment
    supply.pay(st, seat, "credit", k)
    supply.load_wheel(c, tile, e, m)
    supply.rotate(c, 1)
    return place_piece(st, seat, structure, site, pay_red=eff != "L1_JOKER")


def free_sites(st: State, seat: int, structure: str, areas: list[str] | None, max_prod: int) -> list[str]:
    """Sites for a free placement from a reward: red-bordered sites still cost their credits."""
    c = st.companies[seat]
    return [s for s in sites(st, seat, structure, areas, max_prod) if red_cost(st, structure, s) <= c.credits]
