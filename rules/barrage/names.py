"""English names of the things the log and the buttons mention, built from the data files.

Players read the map as drawn (basins and zones by number, conduits by value and destination), tiles by
what is printed on them and contracts by what they ask: never by an internal id. Every other language words
the same things from the catalogue (i18n/barrage.py), whose English entries are these phrases.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from rules.barrage import data

REWARD: dict[str, str] = {
    "any_machine": "{n} machinery of your choice",
    "credit": "{n} credits",
    "energy": "{n} energy on the track",
    "flow_drop": "{n} flowing drops",
    "place_drop": "{n} drops",
    "rotate_wheel": "rotate the wheel {n}",
    "vp": "{n} VP",
    "build_base": "a free base in {areas}",
    "build_conduit_max": "a free conduit up to {n}",
    "build_elevation": "{n} free elevations",
    "build_powerhouse": "{n} free powerhouses",
    "excavator": "{n} excavators",
    "mixer": "{n} mixers",
    "irrigation_tile": "an irrigation tile from {areas}",
    "advanced_tech_tile": "{n} advanced technology tile",
    "energy_produced": "{n} energy produced",
    "flow_drop_up_to": "up to {n} flowing drops",
    "fulfill_contract_max": "fulfil a contract up to {n} energy",
    "permanent_irrigation_points": "+{n} irrigation points",
    "unflip_irrigation_tiles_up_to": "turn up to {n} used irrigation tiles face up",
    "vp_visible_irrigation": "3 VP + the VP visible in the irrigation areas",
    "construct_without_engineers": "build in {areas} without engineers",
    "produce": "a production {bonus}",
}
"""A reward key in words (the catalogue's ``barrage.reward`` family repeats these)."""

REWARD_ANY: dict[str, str] = {"fulfill_contract_max": "fulfil any contract", "build_conduit_max": "a free conduit"}
"""The limited rewards without a limit (``null`` in the data: "any contract")."""

CONTRACT_KIND = {"starting": "starting", "national": "national", "private_green": "green",
                 "private_yellow": "yellow", "private_red": "red"}

OBJECTIVE: dict[str, str] = {
    "OBJ_PAYING_SLOT": "bases and powerhouses on red-bordered spaces",
    "OBJ_MOST_STRUCTURES_AREA": "structures in your strongest area",
    "OBJ_CONNECTIONS": "bases connected to your powerhouses",
    "OBJ_LEAST_STRUCTURES_AREA": "structures in your weakest area",
    "OBJ_BASINS_ONE": "zones with at least 1 structure",
    "OBJ_BASINS_THREE": "zones with at least 3 structures",
    "OBJ_IRRIGATION_BASINS": "bases and elevations in irrigated basins",
}
"""An objective tile by what it counts (objective_tiles.json ``counts``, shortened)."""

BONUS: dict[str, str] = {
    "BONUS_CONTRACT": "contracts fulfilled",
    "BONUS_BASE": "bases",
    "BONUS_ELEVATION": "elevations",
    "BONUS_CONDUIT": "conduits",
    "BONUS_POWERHOUSE": "powerhouses",
    "BONUS_ADVANCED_TILE": "advanced technology tiles",
    "BONUS_EXTERNAL_WORK": "external works",
    "BONUS_BUILDING": "private buildings",
    "BONUS_IRRIGATION_TILE": "irrigation tiles",
}
"""A round bonus tile by what it counts (bonus_tiles.json ``counts``, shortened)."""

_TILE_LEVEL = {0: "basic", 1: "L1", 2: "L2", 3: "L3"}
_SPECIAL_TILES = {"ANTON_SPECIAL": "Anton Special", "LESLIE_SPECIAL": "Leslie Special"}


@functools.cache  # a name depends only on the id and the game data: worded once
def tile_name(tid: str) -> str:
    """A technology tile as printed: its level and what it builds ("L2 Base", "basic Conduit")."""
    if tid in _SPECIAL_TILES:
        return _SPECIAL_TILES[tid]
    rec = data.TECH.get(tid)
    if rec is None:
        return tid
    kind = tid.split("_", 1)[1].capitalize()
    return f"{_TILE_LEVEL[rec['level']]} {kind}"


def tile(tid: str) -> str:
    """A technology tile in a sentence ("the L2 Base tile")."""
    return f"the {tile_name(tid)} tile"


def a_structure(structure: str) -> str:
    """A structure with its article ("a base", "an elevation")."""
    return f"an {structure}" if structure[:1] in "aeiou" else f"a {structure}"


def areas(ids: list[str]) -> str:
    return "/".join(ids)


def reward(rew: Mapping[str, Any]) -> str:
    """A reward in words ("6 credits, 2 VP")."""
    parts = []
    for key, value in rew.items():
        template = REWARD_ANY.get(key) if value is None else None
        template = template or REWARD.get(key)
        if template is None:
            parts.append(key.replace("_", " "))
            continue
        fields: dict[str, Any] = {}
        if isinstance(value, dict):
            fields = {"areas": areas(list(value.get("areas", []))), "bonus": f"{value.get('bonus', 0):+d}"}
        elif value is not None and value is not True:
            fields = {"n": value}
        parts.append(template.format_map(_Blank(fields)))
    return ", ".join(parts)


class _Blank(dict[str, Any]):
    """Fields a template does not name are ignored; a field it names but the data lacks stays visible."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def contract_reward(cid: str) -> str:
    rec = data.CONTRACTS[cid]
    if rec.get("reward_options"):
        return " or ".join(reward(o) for o in rec["reward_options"])
    return reward(rec.get("reward", {}))


@functools.cache  # a name depends only on the id and the game data: worded once
def contract(cid: str) -> str:
    """A contract by what it asks and gives: "the green contract for 5 energy (4 VP, 2 excavators)"."""
    rec = data.CONTRACTS.get(cid)
    if rec is None:
        return cid
    return f"the {CONTRACT_KIND[rec['type']]} contract for {rec['energy_required']} energy ({contract_reward(cid)})"


def machinery(cost: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in cost.items())


@functools.cache  # a name depends only on the id and the game data: worded once
def work(wid: str) -> str:
    """An external work by its deck letter, what it costs and what it gives."""
    rec = data.EXTERNAL_WORKS.get(wid)
    if rec is None:
        return wid
    return f"external work {rec['deck']} ({machinery(rec['machinery_cost'])} → {reward(rec['reward'])})"


def objective(tid: str) -> str:
    return OBJECTIVE.get(tid, tid)


def bonus(tid: str) -> str:
    return BONUS.get(tid, tid)


@functools.cache  # a name depends only on the id and the game data: worded once
def irrigation_label(tid: str) -> str:
    """An irrigation tile by its area and effect ("hill: 4 credits")."""
    info = data.IRRIGATION_TILES.get(tid)
    if info is None:
        return tid
    e = info["effect"]
    kind = info["effect_type"]
    if kind == "machinery":
        effect = " + ".join(f"{n} {k}{'s' if n > 1 else ''}" for k, n in e.items())
    elif kind == "credits":
        effect = f"{e['credit']} credits"
    elif kind == "water":
        effect = f"{e['flow_drop']} flowing drops"
    elif kind == "wheel":
        effect = f"rotate the wheel {e['rotate_wheel']}"
    elif kind == "contract":
        effect = f"fulfil a contract ≤{e['fulfill_contract_max']}"
    elif kind == "production":
        effect = f"produce {e['produce']['bonus']:+d}"
    elif kind == "construction":
        effect = f"build in {areas(e['construct_without_engineers']['areas'])}"
    else:
        effect = f"+{e['energy']} energy"
    return f"{info['area']}: {effect}"


def irrigation_tile(tid: str) -> str:
    """An irrigation tile in a sentence ("the irrigation tile hill: 4 credits")."""
    return f"the irrigation tile “{irrigation_label(tid)}”"


# --------------------------------------------------------------------------- places on the map


def site_parts(site: str, map_id: str = "") -> tuple[str, dict[str, Any]]:
    """(kind, fields) naming a building site: a dam site, a conduit, a powerhouse space, a private
    building's construction space or a headstream; kind "" for an id no map knows."""
    m = data.map_data(map_id or "base")
    if site in m.dams:
        rec = m.dams[site]
        kind = "dam_upper" if rec["position_in_basin"] == "upstream" else "dam_lower"
        return kind, {"zone": rec["zone"]}
    if site in m.conduits:
        rec = m.conduits[site]
        fields: dict[str, Any] = {"zone": rec["zone"], "to": rec["leads_to_zone"]}
        if map_id:
            # the value differs between the maps: named only where the map is known
            return "conduit_value", {**fields, "value": rec["production"]}
        return "conduit", fields
    if site in m.powerhouses:
        rec = m.powerhouses[site]
        return "powerhouse", {"zone": rec["zone"], "n": rec["index"] + 1}
    if site in m.headstreams:
        return "headstream", {"letter": site.removeprefix("H")}
    bid, _, slot = site.rpartition("-")
    if bid in data.BUILDINGS and slot.isdigit():
        return "building", {"building": bid.replace("_", " "), "n": int(slot) + 1}
    return "", {}


SITE: dict[str, str] = {
    "dam_upper": "basin {zone} upper dam",
    "dam_lower": "basin {zone} lower dam",
    "conduit": "basin {zone} conduit to zone {to}",
    "conduit_value": "basin {zone} conduit to zone {to} (value {value})",
    "powerhouse": "zone {zone} powerhouse space {n}",
    "headstream": "headstream {letter}",
    "building": "{building} space {n}",
}
"""Where a site is on the map as drawn (the catalogue's ``barrage.site`` family repeats these)."""


@functools.cache  # a name depends only on the id and the game data: worded once
def site(sid: str, map_id: str = "") -> str:
    """A site as the map shows it: "basin 1 lower dam", "basin 1 conduit to zone 5 (value 4)"."""
    kind, fields = site_parts(sid, map_id)
    return SITE[kind].format(**fields) if kind else sid
