"""Imperium's component data, loaded from the JSON files beside this module.

``regions.json`` is copied unchanged from shared/rules/imperium/data/ (the point rows are a HOUSE
table there); ``house.json`` holds our own choices (race-game round cap and schedule, shortage rule).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DIR = Path(__file__).parent / "data"


def _load(name: str) -> dict[str, Any]:
    with open(_DIR / name, encoding="utf-8") as fh:
        return json.load(fh)


_REGIONS = _load("regions.json")
_HOUSE = _load("house.json")

REGIONS: tuple[int, ...] = tuple(r["region"] for r in _REGIONS["regions"])
"""Region numbers, 1..9."""

ROWS: dict[int, tuple[int, ...]] = {r["region"]: tuple(r["points_by_rank"]) for r in _REGIONS["regions"]}
"""Points for 1st, 2nd, ... place in each region; places beyond the row score 0."""

MARKERS: int = _REGIONS["markers_per_player"]["value"]
TARGET: int = _REGIONS["score_track"]["max"]
"""The score the 30-point variant races to (the end of the printed score track)."""

STANDARD_ROUNDS: int = _REGIONS["rounds"]["standard"]

STANDARD_SCHEDULE: tuple[tuple[int, ...], ...] = tuple(
    tuple(r["region"] for r in _REGIONS["regions"] if r["resolved_in_round"] == rnd)
    for rnd in range(1, STANDARD_ROUNDS + 1)
)
"""Regions resolved at the end of each standard round (round 8 resolves 8 and 9)."""

RACE_OPENING: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in _HOUSE["race30_opening"]["value"])
RACE_CYCLE: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in _HOUSE["race30_cycle"]["value"])
RACE_ROUND_CAP: int = _HOUSE["race30_round_cap"]["value"]
HAND_BANNERS: int = _REGIONS["hand"]["flag_cards"]
