"""Barrage component data, loaded from the JSON files copied from shared/rules/barrage/data.

Nothing numeric is typed here: every cost, reward and table comes from ``data/*.json``. This module
only indexes the records so the engine can look them up quickly.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_DIR = Path(__file__).parent / "data"

STRUCTURES = ("base", "elevation", "conduit", "powerhouse", "building")
"""Index order of a company's piece counters (``Company.left``); buildings only with Leeghwater."""
MAP_STRUCTURES = STRUCTURES[:4]

BASE_COMPANIES = ("usa", "germany", "italy", "france")
OFFICERS_BASE = (
    "wilhelm_adler",
    "graziano_del_monte",
    "viktor_fiesler",
    "solomon_p_jordan",
    "anton_krylov",
    "jill_mcdowell",
)
OFFICERS_NEW = ("tommaso_battista", "simone_luciani")
"""BGA's 'new officers' option (RULES.md §8.2)."""
OFFICERS_LWP = ("margot_fouche", "mahiri_sekibo", "leslie_spencer")
LWP_COMPANIES = ("netherlands",)


def _load(name: str) -> Any:
    with open(_DIR / name, encoding="utf-8") as fh:
        return json.load(fh)


_SPACES = _load("action_spaces.json")
_COMPANIES = _load("companies.json")
_CONTRACTS = _load("contracts.json")
_TECH = _load("technology_tiles.json")
_BONUS = _load("bonus_tiles.json")
_OBJECTIVES = _load("objective_tiles.json")
ENERGY_TRACK: dict[str, Any] = _load("energy_track.json")
AI_DRAFT: dict[str, Any] = _load("ai_draft.json")
"""Hard's draft knowledge: not component data but house figures measured by bench/barrage_draft_table.py."""
AI_TILES: dict[str, Any] = _load("ai_tiles.json")
"""Hard's worth of each advanced technology tile held: house figures measured from games of Normals."""

SPACES: dict[str, dict[str, Any]] = {s["id"]: s for s in _SPACES["spaces"]}
BASE_SPACE_BOARDS = ("company", "turbine", "water", "bank", "workshop", "machinery", "contract", "patent")

START = _COMPANIES["starting_state"]
COMPANIES: dict[str, dict[str, Any]] = {c["id"]: c for c in _COMPANIES["companies"]}
OFFICERS: dict[str, dict[str, Any]] = {o["id"]: o for o in _COMPANIES["executive_officers"]}
INTRO_MATCHUPS: list[dict[str, str]] = _COMPANIES["introductory_matchups"]
COSTS: dict[str, Any] = _COMPANIES["construction_costs"]

CONTRACTS: dict[str, dict[str, Any]] = {c["id"]: c for c in _CONTRACTS["contracts"]}
PRIVATE_COLOURS = ("private_green", "private_yellow", "private_red")

TECH: dict[str, dict[str, Any]] = {t["id"]: t for t in _TECH["tiles"]}
BASIC_TILES = ("BASIC_BASE", "BASIC_ELEVATION", "BASIC_CONDUIT", "BASIC_POWERHOUSE")
ADVANCED_TILES: dict[int, list[str]] = {
    lvl: [t["id"] for t in _TECH["tiles"] if t["level"] == lvl and t.get("expansion") == "base"]
    for lvl in (1, 2, 3)
}

ADVANCED_LWP: dict[int, list[str]] = {
    lvl: [t["id"] for t in _TECH["tiles"] if t["level"] == lvl and t.get("expansion") == "leeghwater"]
    for lvl in (1, 2, 3)
}

_BUILDINGS = _load("private_buildings.json")
BUILDINGS: dict[str, dict[str, Any]] = {b["id"]: b for b in _BUILDINGS["buildings"]}
BUILDING_SLOTS: list[dict[str, Any]] = _BUILDINGS["construction_slots"]["slots"]
BUILDINGS_ON_BOARD = 5
"""Buildings drawn for the expansion board (private_buildings.json setup text)."""
_WORKS = _load("external_works.json")
EXTERNAL_WORKS: dict[str, dict[str, Any]] = {w["id"]: w for w in _WORKS["works"]}

BONUS_TILES: dict[str, dict[str, Any]] = {t["id"]: t for t in _BONUS["tiles"]}
BONUS_FORMULA: dict[str, Any] = _BONUS["scoring_formula"]
OBJECTIVES: dict[str, dict[str, Any]] = {t["id"]: t for t in _OBJECTIVES["tiles"]}
OBJECTIVE_VP: list[int] = _OBJECTIVES["scoring"]["places_vp"]

_IRRIGATION = _load("irrigation.json")
IRRIGATION_TILES: dict[str, dict[str, Any]] = {t["id"]: t for t in _IRRIGATION["tiles"]}
STACK_VP: dict[str, int] = {s["slot"]: s["vp_visible_when_empty"] for s in _IRRIGATION["stack_printed_vp"]}
"""VP printed under each irrigation stack, seen once the stack is empty (house data, Q-N6)."""
IRRIGATION_SCORING: dict[int, int] = {t["round"]: t["irrigation_points"] for t in _IRRIGATION["scoring_tiles"]}
"""Irrigation points a won scoring tile adds at later scorings (negative), by round."""
IRRIGATION_RULES: dict[str, Any] = _IRRIGATION["scoring"]

PLAIN_REWARDS = ("credit", "vp", "excavator", "mixer", "energy")
"""Reward keys granted at once, before the parts that need a choice (Q-B13)."""

ROUNDS = 5


def pieces(structure: str) -> int:
    """A company's pieces of a structure type (companies.json; "5 (Leeghwater only)" for buildings)."""
    n = START["pieces"][structure]
    return n if isinstance(n, int) else int(str(n).split()[0])


def space_counts(space: dict[str, Any]) -> tuple[int, bool]:
    """(engineers needed, any number allowed) of an action space; the bank takes 1..all."""
    eng = space["engineers"]
    if isinstance(eng, str):
        return 1, True
    return int(eng), False


def income(company: str, structure: str, k: int) -> dict[str, Any] | None:
    """The income printed under the k-th piece of ``structure`` on ``company``'s board."""
    return COMPANIES[company]["income_slots"].get(structure, {}).get(str(k))


def production_bonus(company: str, built: int) -> int:
    """The company-board production bonus after building ``built`` powerhouses."""
    slots = COMPANIES[company]["powerhouse_slots"]
    return sum(v.get("production_bonus", 0) for k, v in slots.items() if int(k) <= built)


def ability_active(company: str, built: int) -> bool:
    slots = COMPANIES[company]["powerhouse_slots"]
    return any(v.get("special_ability") for k, v in slots.items() if int(k) <= built)


class MapData:
    """One map's topology, indexed for the engine (``map_base.json`` / ``map_nile.json``)."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.id: str = raw["map_id"]
        self.headstreams: list[str] = [h["id"] for h in raw["headstreams"]]
        self.river: dict[str, str] = {e["from"]: e["to"] for e in raw["river"]["edges"]}
        self.exits: frozenset[str] = frozenset(raw["river"]["exits"])
        self.dams: dict[str, dict[str, Any]] = {d["id"]: d for d in raw["dam_sites"]}
        self.conduits: dict[str, dict[str, Any]] = {c["id"]: c for c in raw["conduit_sites"]}
        self.powerhouses: dict[str, dict[str, Any]] = {p["id"]: p for p in raw["powerhouse_sites"]}
        self.zones: dict[int, dict[str, Any]] = {z["id"]: z for z in raw["zones"]}
        self.zone_area: dict[int, str] = {z["id"]: z["area"] for z in raw["zones"]}
        self.areas: list[str] = [a["id"] for a in sorted(raw["areas"], key=lambda a: a["order"])]
        self.neutral: dict[str, Any] = raw["neutral_dams"]["per_area"]
        self.neutral_sites: dict[str, list[str]] = {
            area: [d["id"] for d in raw["dam_sites"] if d["area"] == area and d["extra_cost_credits"] == 0]
            for area in self.areas
        }
        self.headstream_tiles: list[dict[str, Any]] = raw["headstream_tiles"]
        # conduits starting in each zone, and the powerhouse-zone node a powerhouse site drains into
        self.zone_conduits: dict[int, list[str]] = {
            z: [c for c in self.conduits if self.conduits[c]["zone"] == z] for z in self.zones
        }
        self.ph_node: dict[str, str] = {p: f"P{self.powerhouses[p]['zone']}" for p in self.powerhouses}
        self.node_zone: dict[str, int] = {f"P{z}": z for z in self.zones}
        self.zone_powerhouses: dict[int, list[str]] = {
            z: list(self.zones[z]["powerhouse_sites"]) for z in self.zones
        }
        # the Nile Affair: irrigation areas and the Nile's extra drops (empty on the base map)
        self.irrigation: dict[str, dict[str, Any]] = {a["id"]: a for a in raw.get("irrigation_areas", [])}
        nile = raw.get("nile", {})
        self.nile_source: str = nile.get("source_headstream", "")
        self.nile_drops: int = nile.get("extra_drops_per_round", 0)
        # where things are drawn (BGA slot positions, pixels from the top left): the pictures read these
        coords = raw.get("coordinate_system", {})
        self.size: tuple[int, int] = (int(coords.get("width", 1000)), int(coords.get("height", 1464)))
        self.headstream_boxes: dict[str, tuple[int, int, int, int]] = {
            h["id"]: (h["x"], h["y"], h["x"] + h["w"], h["y"] + h["h"]) for h in raw["headstreams"]}
        self.exit_points: dict[str, tuple[int, int]] = {e["id"]: (e["x"], e["y"]) for e in raw.get("exits", [])}
        self.river_edges: list[tuple[str, str]] = [(e["from"], e["to"]) for e in raw["river"]["edges"]]
        self.nile_path: list[str] = list(nile.get("path", []))
        self.area_records: list[dict[str, Any]] = sorted(raw["areas"], key=lambda a: a["order"])


@cache
def map_data(name: str) -> MapData:
    return MapData(_load(f"map_{name}.json"))
