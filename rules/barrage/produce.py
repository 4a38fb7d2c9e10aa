"""Production (RULES.md §2.6, §5.2): dam → conduit → powerhouse systems, energy, conduit fees.

A system is an own or neutral dam holding water, a conduit (anyone's) starting in the dam's zone,
and an own powerhouse on a site that conduit reaches. Drops used flow on from the powerhouse zone.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.barrage import data, names, supply, water
from rules.barrage.actions import Produce
from rules.barrage.state import State

VIKTOR = "viktor_fiesler"
VIKTOR_FLOOR = 4
"""Viktor: drops x production below 4 counts as 4 (companies.json, Viktor's ability text)."""


def company_bonus(st: State, seat: int) -> int:
    c = st.companies[seat]
    return data.production_bonus(c.company, supply.built(c, "powerhouse"))


def energy(st: State, seat: int, drops: int, prod: int, bonus: int, second: bool) -> int:
    """Energy of a production; ``second`` = Germany's extra production (no bonuses, no Viktor)."""
    raw = drops * prod
    if second:
        return raw
    if supply.officer_is(st, seat, VIKTOR):
        raw = max(raw, VIKTOR_FLOOR)
    return raw + bonus + company_bonus(st, seat)


def options(st: State, seat: int, bonus: int, credits: int, second: bool = False,
            exclude_ph: str = "") -> list[Produce]:
    """Every legal production for ``seat`` with this space bonus and ``credits`` to spare."""
    return list(_productions(st, seat, bonus, credits, second, exclude_ph))


def _productions(st: State, seat: int, bonus: int, credits: int, second: bool,
                 exclude_ph: str) -> Iterator[Produce]:
    m = data.map_data(st.map)
    own_ph = {p for p, o in st.ph_owner.items() if o == seat and p != exclude_ph}
    if not own_ph:
        return
    for dam, owner in st.dam_owner.items():
        if owner != seat and owner != -1:
            continue
        w = st.water.get(dam, 0)
        if w <= 0:
            continue
        for cond in m.zone_conduits[m.dams[dam]["zone"]]:
            cowner = st.conduit_owner.get(cond)
            if cowner is None:
                continue
            info = m.conduits[cond]
            for ph in info["reachable_powerhouse_sites"]:
                if ph not in own_ph:
                    continue
                top = w if cowner == seat else min(w, credits)
                for d in range(1, top + 1):
                    if energy(st, seat, d, info["production"], bonus, second) > 0:
                        yield Produce(dam, cond, ph, d)


def possible(st: State, seat: int, bonus: int, credits: int) -> bool:
    """Whether ``options`` would list anything (it stops at the first production found)."""
    return next(_productions(st, seat, bonus, credits, False, ""), None) is not None


def execute(st: State, seat: int, p: Produce, bonus: int, second: bool) -> tuple[int, str]:
    """Run a production; returns (energy produced, event text)."""
    m = data.map_data(st.map)
    info = m.conduits[p.conduit]
    e = energy(st, seat, p.drops, info["production"], bonus, second)
    st.water[p.dam] -= p.drops
    if not st.water[p.dam]:
        del st.water[p.dam]
    owner = st.conduit_owner[p.conduit]
    text = (f"produces {e} energy with {p.drops} drop(s) via {names.site(p.dam, st.map)} → "
            f"{names.site(p.conduit, st.map)} → {names.site(p.powerhouse, st.map)}")
    if owner != seat:
        # conduit fee: 1 credit per drop to the owner, who also scores 1 VP per drop
        supply.pay(st, seat, "credit", p.drops)
        supply.gain(st, owner, "credit", p.drops)
        supply.gain(st, owner, "vp", p.drops)
        text += f", paying {p.drops} credit(s) to Player {owner + 1}"
    st.companies[seat].energy += e
    water.flow(st, m.river[m.ph_node[p.powerhouse]], p.drops)
    return e, text
