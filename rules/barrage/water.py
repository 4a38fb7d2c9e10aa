"""Water: dam capacity and the flow of drops down the river graph (RULES.md §6).

A drop moves node by node along ``river``; it stops in the first dam (any owner, neutral too) that
has room, passes full dams and empty dam sites, and leaves the game at an exit. Passing a
powerhouse-zone node ``P<z>`` gives the USA company 1 energy per drop when its ability is active.
"""

from __future__ import annotations

from rules.barrage import data, supply
from rules.barrage.state import State

GRAZIANO = "graziano_del_monte"


def capacity(st: State, site: str) -> int:
    """How many drops the dam on ``site`` holds (0 without a dam)."""
    level = st.dam_level.get(site, 0)
    if level == 3:
        owner = st.dam_owner[site]
        if owner >= 0 and supply.officer_is(st, owner, GRAZIANO):
            return 4
    return level


def room(st: State, site: str) -> int:
    return capacity(st, site) - st.water.get(site, 0)


def _usa_zones(st: State) -> tuple[int, set[str]]:
    """The USA seat and the powerhouse-zone nodes where its ability pays (or -1 if inactive)."""
    m = data.map_data(st.map)
    for seat, c in enumerate(st.companies):
        if c.company == "usa":
            built = supply.built(c, "powerhouse")
            if not data.ability_active("usa", built):
                return -1, set()
            return seat, {m.ph_node[p] for p, o in st.ph_owner.items() if o == seat}
    return -1, set()


def flow(st: State, node: str, drops: int = 1) -> list[str]:
    """Send ``drops`` new drops arriving at ``node`` down the river, one at a time.

    Returns where each drop ended (a dam site or an exit). The caller has already counted the
    drops as on the map (``ledger['drops_in']``) or moved them off a headstream/dam.
    """
    m = data.map_data(st.map)
    usa, usa_nodes = _usa_zones(st)
    ends = []
    for _ in range(drops):
        loc = node
        while True:
            if loc in m.exits:
                st.ledger["drops_out"] = st.ledger.get("drops_out", 0) + 1
                break
            if loc in usa_nodes:
                st.companies[usa].energy += 1
            elif loc in st.dam_level and st.water.get(loc, 0) < capacity(st, loc):
                st.water[loc] = st.water.get(loc, 0) + 1
                break
            loc = m.river[loc]
        ends.append(loc)
    return ends


def add_to_headstream(st: State, headstream: str, drops: int) -> None:
    """New drops from the supply wait on a headstream until the flow phase."""
    st.water[headstream] = st.water.get(headstream, 0) + drops
    st.ledger["drops_in"] = st.ledger.get("drops_in", 0) + drops


def release_headstream(st: State, headstream: str, drops: int) -> list[str]:
    """Let ``drops`` drops already on ``headstream`` flow."""
    st.water[headstream] -= drops
    m = data.map_data(st.map)
    return flow(st, m.river[headstream], drops)


def flow_phase(st: State) -> None:
    """Water-flow phase: every drop waiting on a headstream flows (left to right, one at a time)."""
    m = data.map_data(st.map)
    for h in m.headstreams:
        n = st.water.get(h, 0)
        if n:
            release_headstream(st, h, n)


def drops_on_map(st: State) -> int:
    return sum(st.water.values())
