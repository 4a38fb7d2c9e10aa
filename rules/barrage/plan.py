"""What a Barrage position is worth to a company, judged the way a planning player judges it.

``worth`` estimates the company's final victory points: the points it has, this round's scoring as
the energy track stands, the energy its production systems can make in the rounds left (water is
routed down the river to see which dams will fill), the incomes its built pieces pay every round,
contracts it can meet, irrigation, and its credits and machinery at what they can still buy (only
1/5 VP each at the end, so a hoard is worth little). A half-built chain (a dam without conduit or
powerhouse, a conduit without water) counts for part of what the finished chain will make, so a
player following ``worth`` builds chains piece by piece towards water.

Reads only what the table shows (the state fields every view carries) and the game's data files:
no engine internals, so it stays valid while the engine changes.
"""

from __future__ import annotations

from functools import cache, lru_cache

from rules.barrage import data
from rules.barrage.scoring import bonus_vp, energy_awards, energy_credits
from rules.barrage.state import Company, State

ROUNDS = data.ROUNDS
CREDIT = (0.32, 0.3, 0.3, 0.27, 0.2)
"""A credit's worth by round: what it still buys early, its 1/5 VP leftover value at the end."""
MACHINE = (1.0, 0.9, 0.75, 0.5, 0.2)
"""An excavator or mixer in supply, by round (it builds, until it is only leftover)..."""
MACHINE_SCARCE = (1.6, 1.6, 1.4, 1.2, 1.0, 1.0, 0.8, 0.6)
"""... times this for the 1st, 2nd, ... unit of a kind (a base needs 3-5 excavators: the first
ones unlock building, the tenth only waits), 0.4 beyond."""
WHEEL_STEP = 0.1
"""Share of a wheel item's worth lost per rotation it still needs to come back (it does come back:
building only lends machinery to the wheel)."""
ENERGY_NOW = 0.45
"""An energy point on this round's track, beyond the round scoring it changes."""
ENERGY_LATER = 0.75
"""An energy point a finished system will make in a later round (ranking, bonus tile, credits, contracts)."""
ENERGY_READY = 0.5
"""An energy point that water already in a dam can make this round (still needs an action)."""
PARTIAL = {"conduit": 0.25, "powerhouse": 0.45, "both": 0.2}
"""Share of a chain's energy credited when a conduit, a powerhouse, or both are still missing."""
FEE = 0.8
"""A system through another company's conduit: 1 credit per drop to its owner (and 1 VP to it)."""
PIECE = {"base": 3.5, "elevation": 2.5, "conduit": 2.5, "powerhouse": 4.0, "building": 3.0}
"""A piece on the map beyond its production: objective tile, bonus tiles, fewer to pay for later."""
ENGINEER = 0.45
"""An engineer still in supply during the action phase: one more action this round."""
ADVANCED_TILE = 1.8
TILE_READY = 1.2
"""Each kind of structure a technology tile in supply (not on the wheel) lets the company build now."""
CONTRACT_SURE, CONTRACT_LATER, CONTRACT_FAR = 0.75, 0.3, 0.05
"""Share of a contract's reward counted when a system can already meet it / might after a little
growth (an elevation, a better conduit: up to CONTRACT_REACH more energy) / is far from it."""
CONTRACT_REACH = 4
IRRIGATION_POINT, IRRIGATION_TILE = 0.9, 1.8
"""Nile: an irrigation point per scoring left (share of the round's irrigation prize); a face-up tile."""
SYSTEMS_PER_ROUND = 3
"""Productions a company can take in one round (turbine spaces, engineers)."""
REWARD = {"vp": 1.0, "energy": 0.4, "rotate_wheel": 0.6, "place_drop": 1.0, "flow_drop": 0.8,
          "build_base": 4.0, "build_elevation": 3.0, "build_conduit_max": 4.0, "build_powerhouse": 5.0,
          "irrigation_tile": 2.5}
"""Worth of one unit of a reward that is not credits or machinery."""


def reward_worth(reward: dict[str, object], rnd: int) -> float:
    """One contract or income reward in VP, at round ``rnd``'s prices."""
    total = 0.0
    for key, n in reward.items():
        amount = n if isinstance(n, int) else 1
        if key == "credit":
            total += CREDIT[rnd - 1] * amount
        elif key in ("excavator", "mixer", "any_machine"):
            total += MACHINE[rnd - 1] * amount
        else:
            total += REWARD.get(key, 1.0) * amount
    return total


def contract_worth(cid: str, rnd: int) -> float:
    c = data.CONTRACTS[cid]
    if "reward" in c:
        return reward_worth(c["reward"], rnd)
    return max(reward_worth(r, rnd) for r in c.get("reward_options", [{}]))


def built(c: Company, structure: str) -> int:
    i = data.STRUCTURES.index(structure)
    return data.pieces(structure) - c.left[i] if i < len(c.left) else 0


@lru_cache(maxsize=4096)
def _fills(map_name: str, rnd: int, tiles: tuple[tuple[str, int | str], ...],
           dams: tuple[tuple[str, int], ...]) -> tuple[dict[str, float], dict[str, float]]:
    """(drops a built dam catches per later round, drops passing each empty site) with the dams as
    built: each headstream's average drops of the rounds to come, routed down the river."""
    m = data.map_data(map_name)
    later = list(range(rnd, ROUNDS))  # the drops of rounds rnd..4 are produced in rounds rnd+1..5
    per_tile = {t["id"]: t["drops_by_round"] for t in m.headstream_tiles}
    cap = dict(dams)
    caught: dict[str, float] = {}
    passing: dict[str, float] = {}
    if not later:
        return caught, passing
    for h, tile in tiles:
        by_round = per_tile.get(str(tile), [0, 0, 0, 0])
        drops = sum(by_round[r - 1] for r in later) / len(later)
        if h == m.nile_source:
            drops += m.nile_drops
        node = m.river[h]
        while drops > 0 and node not in m.exits:
            if node in m.dams:
                if node in cap:
                    take = min(drops, cap[node] - caught.get(node, 0.0))
                    caught[node] = caught.get(node, 0.0) + take
                    drops -= take
                else:
                    passing[node] = passing.get(node, 0.0) + drops
            node = m.river[node]
    return caught, passing


def _chain_shares(st: State, seat: int, zone: int, my_ph_zones: set[int], c: Company) -> float:
    """The best production value a dam in ``zone`` gives ``seat``, scaled by how finished its chain is."""
    best = 0.0
    ph_left = c.left[3] > 0
    conduits_left = c.left[2] > 0
    for cond, prod, leads_to in _zone_conduits(st.map)[zone]:
        owner = st.conduit_owner.get(cond)
        has_ph = leads_to in my_ph_zones
        if owner is not None and has_ph:
            share = 1.0 if owner == seat else FEE
        elif owner is not None:
            share = PARTIAL["powerhouse"] if ph_left else 0.0
        elif has_ph:
            share = PARTIAL["conduit"] if conduits_left else 0.0
        else:
            share = PARTIAL["both"] if ph_left and conduits_left else 0.0
        best = max(best, share * prod)
    return best


def production(st: State, seat: int) -> tuple[float, float, float]:
    """(energy per later round from systems and half-built chains, energy the water in dams can make
    this round, the largest single production the systems allow) for ``seat``."""
    m = data.map_data(st.map)
    c = st.companies[seat]
    my_ph_zones = {m.powerhouses[p]["zone"] for p, o in st.ph_owner.items() if o == seat}
    caught, passing = _fills(st.map, st.round, tuple(sorted(st.headstream_tiles.items())),
                             tuple(sorted(st.dam_level.items())))
    later: list[float] = []
    ready = 0.0
    biggest = 0.0
    own_zones = set()
    # a basin's chain values are the same for each of its dams: worked out once per basin
    shares: dict[int, float] = {}
    fulls: dict[int, float] = {}
    for dam, owner in st.dam_owner.items():
        if owner != seat and owner != -1:
            continue
        zone = m.dams[dam]["zone"]
        if owner == seat:
            own_zones.add(zone)
        full = fulls.get(zone)
        if full is None:
            full = fulls[zone] = _full_chain(st, seat, zone, my_ph_zones)
        # a neutral dam only counts through a finished chain: nobody builds towards it alone
        if owner == seat:
            value = shares.get(zone)
            if value is None:
                value = shares[zone] = _chain_shares(st, seat, zone, my_ph_zones, c)
        else:
            value = full
        later.append(caught.get(dam, 0.0) * value)
        ready += st.water.get(dam, 0) * full
        biggest = max(biggest, st.dam_level.get(dam, 0) * full)
    # my conduits and powerhouses still waiting for a dam of mine upstream: a free site the water passes
    if c.left[0] > 0:
        for dam, flow in passing.items():
            zone = m.dams[dam]["zone"]
            if zone in own_zones:
                continue
            value = shares.get(zone)
            if value is None:
                value = shares[zone] = _chain_shares(st, seat, zone, my_ph_zones, c)
            later.append(min(flow, 1.0) * value * 0.5)
    later.sort(reverse=True)
    per_round = sum(later[:SYSTEMS_PER_ROUND])
    bonus = data.production_bonus(c.company, built(c, "powerhouse")) if c.company else 0
    return per_round, ready, biggest + bonus


def _full_chain(st: State, seat: int, zone: int, my_ph_zones: set[int]) -> float:
    """The best production value of a finished system from a dam in ``zone`` (0 if none)."""
    best = 0.0
    for cond, prod, leads_to in _zone_conduits(st.map)[zone]:
        owner = st.conduit_owner.get(cond)
        if owner is not None and leads_to in my_ph_zones:
            best = max(best, prod * (1.0 if owner == seat else FEE))
    return best


@cache
def _zone_conduits(map_name: str) -> dict[int, tuple[tuple[str, int, int], ...]]:
    """Per basin, its conduits as (id, production, basin it leads to): the map data the chains read."""
    m = data.map_data(map_name)
    return {z: tuple((k, m.conduits[k]["production"], m.conduits[k]["leads_to_zone"]) for k in conds)
            for z, conds in m.zone_conduits.items()}


def machinery_worth(c: Company, rnd: int) -> float:
    """Excavators and mixers in supply (the first ones most: they unlock building) and on the wheel
    (flat, by how soon the wheel gives them back)."""
    unit = MACHINE[rnd - 1]
    total = 0.0
    for have, wheel in ((c.exc, c.wexc), (c.mix, c.wmix)):
        total += unit * (sum(MACHINE_SCARCE[:have]) + 0.4 * max(0, have - len(MACHINE_SCARCE)))
        for i, n in enumerate(wheel):
            steps = (i - c.slot) % len(wheel) or len(wheel)
            total += unit * n * (1.0 - WHEEL_STEP * steps)
    return total


def _bonus_count(st: State, c: Company, tile: str) -> int:
    if tile == "BONUS_CONTRACT":
        return len(c.done)
    if tile == "BONUS_ADVANCED_TILE":
        return _advanced(c)
    if tile == "BONUS_IRRIGATION_TILE":
        return len(c.irr_up) + len(c.irr_down)
    structure = tile.removeprefix("BONUS_").lower()
    return built(c, structure) if structure in data.STRUCTURES else 0


def _advanced(c: Company) -> int:
    return sum(1 for t in c.tiles + [t for seg in c.wheel for t in seg] if data.TECH[t]["level"] > 0)


def round_scoring(st: State, seat: int) -> float:
    """This round's scoring for ``seat`` if the energy track stayed as it is."""
    c = st.companies[seat]
    energies = [x.energy for x in st.companies]
    vp = float(energy_awards(energies)[seat])
    if c.energy == 0:
        vp -= 3.0
        vp += 3 * CREDIT[st.round - 1]
    vp += energy_credits(c.energy) * CREDIT[min(st.round, ROUNDS - 1)]
    tile = st.bonus[st.round - 1] if st.round - 1 < len(st.bonus) else ""
    if tile:
        vp += bonus_vp(_bonus_count(st, c, tile), data.BONUS_TILES[tile]["vp_each"], c.energy, st.round)
    return vp


def worth(st: State, seat: int) -> float:
    """``seat``'s expected final VP in this position (its real score once the game is over)."""
    c = st.companies[seat]
    if st.phase == "over":
        return float(st.final[seat]) if st.final else float(c.vp)
    if not c.company:  # the draft: nothing to judge yet
        return 0.0
    rnd = st.round
    left = ROUNDS - rnd  # rounds still to come after this one
    v = float(c.vp)
    v += CREDIT[rnd - 1] * c.credits
    v += machinery_worth(c, rnd)
    if st.phase == "actions":
        v += ENGINEER * (c.eng + c.arch) + ENERGY_NOW * c.energy + round_scoring(st, seat)
    per_round, ready, biggest = production(st, seat)
    v += ENERGY_LATER * per_round * left + ENERGY_READY * ready
    if rnd == ROUNDS:
        v += sum(st.water.get(d, 0) for d, o in st.dam_owner.items() if o == seat)  # 1 VP a drop at the end
    for s in data.STRUCTURES[: min(len(c.left), 4)]:
        n = built(c, s)
        v += PIECE[s] * n
        for k in range(1, n + 1):
            inc = data.income(c.company, s, k)
            if inc:
                v += reward_worth(inc, min(rnd + 1, ROUNDS)) * left
    v += ADVANCED_TILE * _advanced(c)
    v += TILE_READY * len({s for t in c.tiles for s in data.TECH[t].get("builds", ())})
    sure = CONTRACT_SURE if left or st.phase == "actions" else 0.0
    for cid in c.hand:
        need = data.CONTRACTS[cid]["energy_required"]
        if biggest >= need:
            p = sure
        else:
            p = (CONTRACT_LATER if biggest + CONTRACT_REACH >= need else CONTRACT_FAR) * (left > 0)
        v += p * contract_worth(cid, rnd)
    if st.pile_irrigation:
        points = sum(data.IRRIGATION_TILES[t]["irrigation_points"] for t in c.irr_up + c.irr_down)
        points += sum(data.IRRIGATION_SCORING[r + 1] for r, w in enumerate(st.irr_scoring) if w == seat)
        v += IRRIGATION_POINT * points * (left + 1) * 0.5 + IRRIGATION_TILE * len(c.irr_up)
    return v
