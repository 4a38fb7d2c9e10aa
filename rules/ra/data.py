"""Ra's component data, loaded from the JSON files copied unchanged from shared/rules/ra/data/.

Tiles are referred to by their index in ``tiles.json`` (compact in the state); actions and views use
the string ids (``"pharaoh"``, ``"civ_art"``, ...) so they stay readable.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DIR = Path(__file__).parent / "data"


def _load(name: str) -> Any:
    with open(_DIR / name, encoding="utf-8") as fh:
        return json.load(fh)


TILES: list[dict[str, Any]] = _load("tiles.json")["tiles"]
SETUP: dict[str, Any] = _load("setup.json")
SCORING: dict[str, Any] = _load("scoring.json")

TILE_IDS: tuple[str, ...] = tuple(t["id"] for t in TILES)
TILE_NAMES: tuple[str, ...] = tuple(
    t["name"].replace(" (disaster)", "").split(": ")[-1].replace("_", " ").capitalize() for t in TILES
)
"""Player-facing names: "Pharaoh", "Art", "Step pyramid", "Drought" (short enough for buttons)."""
TILE_COUNTS: tuple[int, ...] = tuple(t["count"] for t in TILES)
TILE_CATEGORY: tuple[str, ...] = tuple(t["category"] for t in TILES)
TILE_INDEX: dict[str, int] = {tid: i for i, tid in enumerate(TILE_IDS)}
N_TYPES = len(TILES)
TOTAL_TILES: int = _load("tiles.json")["total"]
assert sum(TILE_COUNTS) == TOTAL_TILES

RA = TILE_INDEX["ra"]
GOD = TILE_INDEX["god"]
PHARAOH = TILE_INDEX["pharaoh"]
NILE = TILE_INDEX["nile"]
FLOOD = TILE_INDEX["flood"]
GOLD = TILE_INDEX["gold"]
FUNERAL = TILE_INDEX["funeral"]
DROUGHT = TILE_INDEX["drought"]
UNREST = TILE_INDEX["unrest"]
EARTHQUAKE = TILE_INDEX["earthquake"]
CIVS: tuple[int, ...] = tuple(i for i, c in enumerate(TILE_CATEGORY) if c == "civilization")
MONUMENTS: tuple[int, ...] = tuple(i for i, c in enumerate(TILE_CATEGORY) if c == "monument")
DISASTERS: tuple[int, ...] = tuple(i for i, c in enumerate(TILE_CATEGORY) if c == "disaster")
CIV_SLICE = slice(CIVS[0], CIVS[-1] + 1)
MONUMENT_SLICE = slice(MONUMENTS[0], MONUMENTS[-1] + 1)
"""The civilisations and the monuments are each listed together in tiles.json, so a display's
counts of them are one slice (cheaper than picking them out one by one)."""
assert tuple(range(N_TYPES)[CIV_SLICE]) == CIVS and tuple(range(N_TYPES)[MONUMENT_SLICE]) == MONUMENTS

# What each disaster eats, in the order it must be eaten (drought: floods first, then Nile).
DISASTER_TARGETS: dict[int, tuple[int, ...]] = {
    FUNERAL: (PHARAOH,),
    DROUGHT: (FLOOD, NILE),
    UNREST: CIVS,
    EARTHQUAKE: MONUMENTS,
}
DISASTER_LOSS = 2  # "その種類のタイルを2枚 ... 捨てなければなりません" (seed, 災害)

AUCTION_SPACES: int = SETUP["auction_track"]["spaces"]
RA_SPACES: int = SETUP["ra_track"]["spaces_printed"]
EPOCHS: int = SETUP["epochs"]
STARTING_FAME: int = SETUP["starting_fame"]["value"]
CENTER_START: int = SETUP["sun_sets"]["center_start"]


def sun_sets(players: int) -> list[list[int]]:
    return [list(s) for s in SETUP["sun_sets"][str(players)]]


def max_disk() -> int:
    """The highest sun disk of any player count."""
    sets = SETUP["sun_sets"]
    return max(CENTER_START, *(d for key, value in sets.items() if key.isdigit() for st in value for d in st))


_RA_ENDS: dict[int, int] = {
    int(k): int(v) for k, v in SETUP["ra_track"]["ra_tiles_ending_epoch"].items() if k.isdigit()
}


def ra_track_length(players: int) -> int:
    """How many Ra tiles end an epoch (8/9/10 for 3/4/5 players)."""
    return _RA_ENDS[players]


def ra_blocked(players: int) -> int:
    return int(SETUP["ra_track"]["blocked_from_left"][str(players)])


_PER = SCORING["per_epoch"]
_FIN = SCORING["final_only"]
GOD_POINTS: int = _PER["god"]["points_each"]
GOLD_POINTS: int = _PER["gold"]["points_each"]
PHARAOH_MOST: int = _PER["pharaoh"]["most"]
PHARAOH_FEWEST: int = _PER["pharaoh"]["fewest"]
PHARAOH_ALL_EQUAL: int = _PER["pharaoh"]["all_equal"]
NILE_POINTS: int = _PER["nile"]["points_per_nile_and_flood"]
CIV_BY_TYPES: tuple[int, ...] = tuple(
    _PER["civilization"]["by_distinct_types"][str(k)] for k in range(len(CIVS) + 1)
)
MONUMENT_BY_TYPES: tuple[int, ...] = tuple(
    _FIN["monument_distinct"]["by_types"][str(k)] for k in range(len(MONUMENTS) + 1)
)
MONUMENT_BY_COPIES: tuple[int, ...] = tuple(
    _FIN["monument_same_type"]["by_copies"][str(k)] for k in range(6)
)
SUN_HIGHEST: int = _FIN["sun_total"]["highest"]
SUN_LOWEST: int = _FIN["sun_total"]["lowest"]
SUN_ALL_EQUAL: int = _FIN["sun_total"]["all_equal"]
