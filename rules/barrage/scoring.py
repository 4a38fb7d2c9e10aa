"""Round scoring (RULES.md §4.5), the objective tile and final scoring (§9)."""

from __future__ import annotations

from rules.barrage import data, expansion, names, supply
from rules.barrage.journal import Line, line
from rules.barrage.state import State

_ENERGY = data.ENERGY_TRACK


def energy_awards(energies: list[int]) -> list[int]:
    """VP from the energy ranking: 6 / 2, ties for 1st split 8 rounded up (no 2nd), tied 2nd get 1.

    Companies with 0 energy never score here (energy_track.json ranking_awards, Q-B3).
    """
    awards = _ENERGY["ranking_awards"]
    first, second = awards["first_vp"], awards["second_vp"]
    out = [0] * len(energies)
    values = sorted({e for e in energies if e > 0}, reverse=True)
    if not values:
        return out
    top = [i for i, e in enumerate(energies) if e == values[0]]
    if len(top) > 1:
        share = -(-(first + second) // len(top))
        for i in top:
            out[i] = share
        return out
    out[top[0]] = first
    if len(values) > 1:
        seconds = [i for i, e in enumerate(energies) if e == values[1]]
        for i in seconds:
            out[i] = second if len(seconds) == 1 else second // 2
    return out


def energy_credits(energy: int) -> int:
    best = 0
    for row in _ENERGY["credit_rewards"]:
        if energy >= row["min_energy"]:
            best = row["credits"]
    return best


def bonus_count(st: State, seat: int, tile: str) -> int:
    c = st.companies[seat]
    if tile == "BONUS_CONTRACT":
        return len(c.done)
    if tile == "BONUS_ADVANCED_TILE":
        return supply.advanced_tiles(c)
    for x in expansion.active(st):
        n = x.bonus_count(st, seat, tile)
        if n is not None:
            return n
    structure = tile.removeprefix("BONUS_").lower()
    return supply.built(c, structure)


def bonus_vp(count: int, vp_each: int, energy: int, rnd: int) -> int:
    """Bonus tile VP: nothing below 6 energy; -4 per started missing 6-section below 6 x round."""
    f = data.BONUS_FORMULA
    if energy < f["min_energy"]:
        return 0
    need = f["energy_per_round_section"] * rnd
    malus = 0
    if energy < need:
        malus = f["malus_per_missing_section"] * -(-(need - energy) // f["energy_per_round_section"])
    return max(0, count * vp_each - malus)


def round_scoring(st: State) -> list[Line]:
    """Energy awards, energy credits (0 energy: penalty), the round's bonus tile."""
    lines = []
    energies = [c.energy for c in st.companies]
    for seat, vp in enumerate(energy_awards(energies)):
        if vp:
            supply.gain(st, seat, "vp", vp)
            lines.append(line(f"Player {seat + 1} scores {vp} VP for energy ranking.", "energy_vp", seat=seat, vp=vp))
    zero = _ENERGY["zero_energy_penalty"]
    tile = st.bonus[st.round - 1]
    vp_each = data.BONUS_TILES[tile]["vp_each"]
    for seat, c in enumerate(st.companies):
        cr = energy_credits(c.energy)
        supply.gain(st, seat, "credit", cr)
        if c.energy == zero["energy"]:
            supply.gain(st, seat, "vp", zero["vp"])
            lines.append(line(f"Player {seat + 1} produced no energy: {zero['vp']} VP.", "no_energy", seat=seat,
                              vp=zero["vp"]))
        vp = bonus_vp(bonus_count(st, seat, tile), vp_each, c.energy, st.round)
        if vp:
            supply.gain(st, seat, "vp", vp)
            lines.append(line(f"Player {seat + 1} scores {vp} VP from the round bonus tile for {names.bonus(tile)}.",
                              "bonus_vp", seat=seat,
                              vp=vp, tile=tile))
    return lines


def _pieces_by_zone_area(st: State, seat: int) -> tuple[dict[int, int], dict[str, int]]:
    """Structure pieces of ``seat`` on the map per zone and per area (a level-3 dam is 3 pieces)."""
    m = data.map_data(st.map)
    zones: dict[int, int] = {}
    areas: dict[str, int] = dict.fromkeys(m.areas, 0)

    def add(zone: int, n: int) -> None:
        zones[zone] = zones.get(zone, 0) + n
        areas[m.zone_area[zone]] += n

    for d, o in st.dam_owner.items():
        if o == seat:
            add(m.dams[d]["zone"], st.dam_level[d])
    for k, o in st.conduit_owner.items():
        if o == seat:
            add(m.conduits[k]["zone"], 1)
    for p, o in st.ph_owner.items():
        if o == seat:
            add(m.powerhouses[p]["zone"], 1)
    return zones, areas


def objective_count(st: State, seat: int) -> int:
    m = data.map_data(st.map)
    tile = st.objective
    zones, areas = _pieces_by_zone_area(st, seat)
    if tile == "OBJ_PAYING_SLOT":
        return sum(1 for d, o in st.dam_owner.items() if o == seat and m.dams[d]["extra_cost_credits"]) + sum(
            1 for p, o in st.ph_owner.items() if o == seat and m.powerhouses[p]["extra_cost_credits"])
    if tile == "OBJ_MOST_STRUCTURES_AREA":
        return max(areas.values())
    if tile == "OBJ_LEAST_STRUCTURES_AREA":
        return min(areas.values())
    if tile == "OBJ_BASINS_ONE":
        return sum(1 for n in zones.values() if n >= 1)
    if tile == "OBJ_BASINS_THREE":
        return sum(1 for n in zones.values() if n >= 3)
    if tile == "OBJ_CONNECTIONS":
        own_ph = {p for p, o in st.ph_owner.items() if o == seat}
        count = 0
        for d, o in st.dam_owner.items():
            if o != seat:
                continue
            for k in m.zone_conduits[m.dams[d]["zone"]]:
                if st.conduit_owner.get(k) == seat and own_ph & set(m.conduits[k]["reachable_powerhouse_sites"]):
                    count += 1
                    break
        return count
    for x in expansion.active(st):
        n = x.objective_count(st, seat, tile)
        if n is not None:
            return n
    raise ValueError(f"Unknown objective tile {tile!r} in the data: no rule scores it.")


def place_awards(counts: list[int], places_vp: list[int]) -> list[int]:
    """15/10/5 by rank; tied companies share the places they occupy, rounded up (even at 0)."""
    out = [0] * len(counts)
    order = sorted(set(counts), reverse=True)
    place = 0
    for value in order:
        group = [i for i, n in enumerate(counts) if n == value]
        total = sum(places_vp[place + j] for j in range(len(group)) if place + j < len(places_vp))
        for i in group:
            out[i] = -(-total // len(group))
        place += len(group)
    return out


def final_scoring(st: State) -> list[Line]:
    """Objective tile, leftover resources (1 VP per 5), water in own dams."""
    lines = []
    counts = [objective_count(st, s) for s in range(st.players)]
    for seat, vp in enumerate(place_awards(counts, data.OBJECTIVE_VP)):
        if vp:
            supply.gain(st, seat, "vp", vp)
            lines.append(line(f"Player {seat + 1} scores {vp} VP for the objective “{names.objective(st.objective)}” "
                              f"({counts[seat]}).",
                              "objective_vp", seat=seat, vp=vp, tile=st.objective, count=counts[seat]))
    for seat, c in enumerate(st.companies):
        leftover = (c.credits + c.exc + c.mix) // 5
        drops = sum(st.water.get(d, 0) for d, o in st.dam_owner.items() if o == seat)
        supply.gain(st, seat, "vp", leftover + drops)
        lines.append(line(f"Player {seat + 1} scores {leftover} VP for leftovers and {drops} VP for water.",
                          "leftover_vp", seat=seat, leftover=leftover, drops=drops))
    return lines
