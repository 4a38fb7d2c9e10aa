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
from itertools import chain

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


@lru_cache(maxsize=1024)
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


class _Chains:
    """What a dam in each basin gives one company as the conduits and powerhouses stand: ``full``, the
    best finished system's production value (0 if none), and ``share``, the best chain's value scaled
    by how finished it is (what a dam of the company's own is credited)."""

    __slots__ = ("full", "share")

    def __init__(self, map_name: str, seat: int, conduit_owner: tuple[tuple[str, int], ...],
                 my_ph_zones: frozenset[int], conduits_left: bool, ph_left: bool) -> None:
        owners = dict(conduit_owner)
        self.full: dict[int, float] = {}
        self.share: dict[int, float] = {}
        for zone, conds in _zone_conduits(map_name).items():
            full = share = 0.0
            for cond, prod, leads_to in conds:
                owner = owners.get(cond)
                has_ph = leads_to in my_ph_zones
                if owner is not None and has_ph:
                    s = 1.0 if owner == seat else FEE
                    full = max(full, prod * s)
                elif owner is not None:
                    s = PARTIAL["powerhouse"] if ph_left else 0.0
                elif has_ph:
                    s = PARTIAL["conduit"] if conduits_left else 0.0
                else:
                    s = PARTIAL["both"] if ph_left and conduits_left else 0.0
                share = max(share, s * prod)
            self.full[zone] = full
            self.share[zone] = share


@lru_cache(maxsize=2048)
def _chains(map_name: str, seat: int, conduit_owner: tuple[tuple[str, int], ...], my_ph_zones: frozenset[int],
            conduits_left: bool, ph_left: bool) -> _Chains:
    # conduits and powerhouses change only when one is built: between the positions a turn's search
    # judges they seldom do, so the chain values of every basin are worked out once per such layout
    return _Chains(map_name, seat, conduit_owner, my_ph_zones, conduits_left, ph_left)


@cache
def _site_zones(map_name: str) -> tuple[dict[str, int], dict[str, int]]:
    """(dam site -> basin, powerhouse site -> basin) of a map."""
    m = data.map_data(map_name)
    return ({d: r["zone"] for d, r in m.dams.items()}, {p: r["zone"] for p, r in m.powerhouses.items()})


@lru_cache(maxsize=256)
def _production_bonus(company: str, powerhouses: int) -> int:
    return data.production_bonus(company, powerhouses)


def production(st: State, seat: int) -> tuple[float, float, float]:
    """(energy per later round from systems and half-built chains, energy the water in dams can make
    this round, the largest single production the systems allow) for ``seat``."""
    c = st.companies[seat]
    systems = _layout_systems(st, seat, c)
    water = st.water
    ready = 0.0
    for dam, full in systems.ready:
        ready += water.get(dam, 0) * full
    bonus = _production_bonus(c.company, data.pieces("powerhouse") - c.left[3]) if c.company else 0
    return systems.per_round, ready, systems.biggest + bonus


_SEEN: dict[tuple[object, ...], tuple[tuple[object, ...], _Systems]] = {}
"""``_systems`` by the identity of the map's containers (kept here, so an id stays theirs)."""
SEEN_MAX = 4096


def _layout_systems(st: State, seat: int, c: Company) -> _Systems:
    # The engine changes the pieces on the map only by replacing their containers (state.copy_state:
    # copy on write), so the positions a search reaches from one another hold the very same dicts until
    # something is built: known by identity, the layout costs no hashing of its contents. The counts
    # guard against a position built by hand and changed in place.
    dams, levels, conduits, phs = st.dam_owner, st.dam_level, st.conduit_owner, st.ph_owner
    key = (id(dams), id(levels), id(conduits), id(phs), id(st.headstream_tiles), len(dams), sum(levels.values()),
           len(conduits), len(phs), st.map, st.round, seat, c.left[0] > 0, c.left[2] > 0, c.left[3] > 0)
    known = _SEEN.get(key)
    if known is not None:
        return known[1]
    ph_zone = _site_zones(st.map)[1]
    my_ph_zones = frozenset([ph_zone[p] for p, o in phs.items() if o == seat])
    systems = _systems(st.map, st.round, seat, tuple(sorted(st.headstream_tiles.items())),
                       tuple(sorted(levels.items())), tuple(dams.items()), tuple(conduits.items()), my_ph_zones,
                       c.left[0] > 0, c.left[2] > 0, c.left[3] > 0)
    if len(_SEEN) >= SEEN_MAX:
        _SEEN.clear()
    _SEEN[key] = ((dams, levels, conduits, phs, st.headstream_tiles), systems)
    return systems


class _Systems:
    """A company's production systems as the pieces stand on the map (everything ``production`` reads
    but the water in the dams): energy per later round, the largest production, and (dam, production
    value) of each dam whose water can make energy now, in the order the dams were built."""

    __slots__ = ("biggest", "per_round", "ready")

    def __init__(self, per_round: float, biggest: float, ready: tuple[tuple[str, float], ...]) -> None:
        self.per_round, self.biggest, self.ready = per_round, biggest, ready


@lru_cache(maxsize=4096)
def _systems(map_name: str, rnd: int, seat: int, tiles: tuple[tuple[str, int | str], ...],
             levels: tuple[tuple[str, int], ...], dam_owner: tuple[tuple[str, int], ...],
             conduit_owner: tuple[tuple[str, int], ...], my_ph_zones: frozenset[int],
             bases_left: bool, conduits_left: bool, ph_left: bool) -> _Systems:
    # the pieces on the map change only when one is built: the positions a turn's search judges
    # mostly share them, so this is worked out once per layout and only the water is read each time
    dam_zone = _site_zones(map_name)[0]
    caught, passing = _fills(map_name, rnd, tiles, levels)
    chains = _chains(map_name, seat, conduit_owner, my_ph_zones, conduits_left, ph_left)
    fulls, shares = chains.full, chains.share
    level = dict(levels)
    later: list[float] = []
    ready: list[tuple[str, float]] = []
    biggest = 0.0
    own_zones = set()
    for dam, owner in dam_owner:
        if owner != seat and owner != -1:
            continue
        zone = dam_zone[dam]
        full = fulls[zone]
        # a neutral dam only counts through a finished chain: nobody builds towards it alone
        if owner == seat:
            own_zones.add(zone)
            value = shares[zone]
        else:
            value = full
        later.append(caught.get(dam, 0.0) * value)
        if full:  # adding water x 0.0 leaves the sum as it is
            ready.append((dam, full))
        biggest = max(biggest, level.get(dam, 0) * full)
    # my conduits and powerhouses still waiting for a dam of mine upstream: a free site the water passes
    if bases_left:
        for dam, flow in passing.items():
            zone = dam_zone[dam]
            if zone in own_zones:
                continue
            later.append(min(flow, 1.0) * shares[zone] * 0.5)
    later.sort(reverse=True)
    return _Systems(sum(later[:SYSTEMS_PER_ROUND]), biggest, tuple(ready))


@cache
def _zone_conduits(map_name: str) -> dict[int, tuple[tuple[str, int, int], ...]]:
    """Per basin, its conduits as (id, production, basin it leads to): the map data the chains read."""
    m = data.map_data(map_name)
    return {z: tuple((k, m.conduits[k]["production"], m.conduits[k]["leads_to_zone"]) for k in conds)
            for z, conds in m.zone_conduits.items()}


def machinery_worth(c: Company, rnd: int) -> float:
    """Excavators and mixers in supply (the first ones most: they unlock building) and on the wheel
    (flat, by how soon the wheel gives them back)."""
    return _machinery(c.exc, c.mix, tuple(c.wexc), tuple(c.wmix), c.slot, rnd)


@lru_cache(maxsize=4096)
def _machinery(exc: int, mix: int, wexc: tuple[int, ...], wmix: tuple[int, ...], slot: int, rnd: int) -> float:
    unit = MACHINE[rnd - 1]
    total = 0.0
    for have, wheel in ((exc, wexc), (mix, wmix)):
        total += unit * (sum(MACHINE_SCARCE[:have]) + 0.4 * max(0, have - len(MACHINE_SCARCE)))
        for i, n in enumerate(wheel):
            steps = (i - slot) % len(wheel) or len(wheel)
            total += unit * n * (1.0 - WHEEL_STEP * steps)
    return total


def _bonus_count(st: State, c: Company, tile: str, advanced: int | None = None) -> int:
    if tile == "BONUS_CONTRACT":
        return len(c.done)
    if tile == "BONUS_ADVANCED_TILE":
        return _advanced(c) if advanced is None else advanced
    if tile == "BONUS_IRRIGATION_TILE":
        return len(c.irr_up) + len(c.irr_down)
    structure = tile.removeprefix("BONUS_").lower()
    return built(c, structure) if structure in data.STRUCTURES else 0


def _advanced(c: Company) -> int:
    return _tiles(tuple(c.tiles), tuple(chain.from_iterable(c.wheel)))[0]


@lru_cache(maxsize=4096)
def _tiles(supply: tuple[str, ...], wheel: tuple[str, ...]) -> tuple[int, int]:
    """(advanced tiles in supply and on the wheel, kinds of structure the tiles in supply build)."""
    advanced = sum(1 for t in supply + wheel if data.TECH[t]["level"] > 0)
    return advanced, len({s for t in supply for s in data.TECH[t].get("builds", ())})


def round_scoring(st: State, seat: int, advanced: int | None = None) -> float:
    """This round's scoring for ``seat`` if the energy track stayed as it is (``advanced``: its advanced
    tiles, when the caller has counted them)."""
    c = st.companies[seat]
    tile = st.bonus[st.round - 1] if st.round - 1 < len(st.bonus) else ""
    count = _bonus_count(st, c, tile, advanced) if tile else 0
    return _round_scoring(tuple([x.energy for x in st.companies]), seat, st.round, tile, count)


@lru_cache(maxsize=4096)
def _round_scoring(energies: tuple[int, ...], seat: int, rnd: int, tile: str, count: int) -> float:
    energy = energies[seat]
    vp = float(energy_awards(list(energies))[seat])
    if energy == 0:
        vp -= 3.0
        vp += 3 * CREDIT[rnd - 1]
    vp += energy_credits(energy) * CREDIT[min(rnd, ROUNDS - 1)]
    if tile:
        vp += bonus_vp(count, data.BONUS_TILES[tile]["vp_each"], energy, rnd)
    return vp


@lru_cache(maxsize=1024)
def _pieces(company: str, left: tuple[int, ...], rnd: int) -> tuple[float, ...]:
    """The terms ``worth`` adds for the pieces built, in its order: each structure's pieces, then the
    income under each of them for every round left (kept apart so the sum is the same to the last bit)."""
    rounds_left = ROUNDS - rnd
    terms: list[float] = []
    for i, s in enumerate(data.STRUCTURES[: min(len(left), 4)]):
        n = data.pieces(s) - left[i]
        terms.append(PIECE[s] * n)
        for k in range(1, n + 1):
            inc = data.income(company, s, k)
            if inc:
                terms.append(reward_worth(inc, min(rnd + 1, ROUNDS)) * rounds_left)
    return tuple(terms)


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
    advanced, ready_kinds = _tiles(tuple(c.tiles), tuple(chain.from_iterable(c.wheel)))
    if st.phase == "actions":
        v += ENGINEER * (c.eng + c.arch) + ENERGY_NOW * c.energy + round_scoring(st, seat, advanced)
    per_round, ready, biggest = production(st, seat)
    v += ENERGY_LATER * per_round * left + ENERGY_READY * ready
    if rnd == ROUNDS:
        v += sum(st.water.get(d, 0) for d, o in st.dam_owner.items() if o == seat)  # 1 VP a drop at the end
    # the terms are added one by one in a fixed order: a sum regrouped could differ in its last bit
    # and tip a tie between two moves
    for term in _pieces(c.company, tuple(c.left), rnd):
        v += term
    v += ADVANCED_TILE * advanced
    v += TILE_READY * ready_kinds
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
