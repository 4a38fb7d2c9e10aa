"""Component data of Alhambra: The Dice Game, loaded from the JSON files beside this module.

The files are copied unchanged from shared/rules/alhambra_dice/data/ (see RULES.md there for every
source); numbers marked HOUSE in them stay in the files and are never retyped here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DIR = Path(__file__).parent / "data"


def _load(name: str) -> Any:
    with open(_DIR / name, encoding="utf-8") as fh:
        return json.load(fh)


_BUILDINGS = _load("buildings.json")["buildings"]
_GRID = _load("dice_grid.json")["cells"]
_SCORING = _load("scoring.json")
_CHIPS = _load("bonus_chips.json")
_TILES = _load("alhambra_tiles.json")

# ---------------------------------------------------------------- buildings (board columns)

BUILDINGS: tuple[str, ...] = tuple(b["id"] for b in sorted(_BUILDINGS, key=lambda b: b["column"]))
"""Building ids in board order, left to right (Pavilion ... Tower); index = column = die face."""
BUILDING_NAMES: tuple[str, ...] = tuple(b.capitalize() for b in BUILDINGS)
BUILDING_COLOURS: tuple[str, ...] = tuple(b["colour"] for b in sorted(_BUILDINGS, key=lambda b: b["column"]))
NB = len(BUILDINGS)
assert list(BUILDINGS) == _SCORING["column_order_left_to_right"]

# ---------------------------------------------------------------- dice area

CELLS: tuple[tuple[int, str], ...] = tuple((c["count"], c["column"]) for c in sorted(_GRID, key=lambda c: c["rank"]))
"""Dice-area cells best to worst: (count, roll column L/M/R). Index = rank - 1."""
NCELLS = len(CELLS)
CELL_INDEX: dict[tuple[int, int], int] = {(count, "LMR".index(col) + 1): i for i, (count, col) in enumerate(CELLS)}
"""(dice count, rolls used 1..3) -> cell index."""
MAX_COUNT = max(c for c, _ in CELLS)


def cell_name(index: int) -> str:
    """'5R' for a cell index; 'off' for a marker that fell below the last cell."""
    if index >= NCELLS:
        return "off"
    if index < 0:
        return f"cell {index}"
    count, col = CELLS[index]
    return f"{count}{col}"


# ---------------------------------------------------------------- scoring tables

SCORE_ROUNDS: dict[int, str] = {int(k): v for k, v in _SCORING["scoring_round_by_game_round"].items()}
TABLES: dict[str, tuple[tuple[int, ...], ...]] = {
    letter: tuple(tuple(_SCORING["tables"][b][letter]) for b in BUILDINGS) for letter in ("A", "B", "C")
}
"""TABLES[letter][building] = points for 1st, 2nd, ... place."""

# ---------------------------------------------------------------- bonus chips


class Chip:
    """One bonus chip: its effect id and, for points chips, its value."""

    __slots__ = ("black", "effect", "value")

    def __init__(self, effect: str, value: int, black: bool) -> None:
        self.effect = effect
        self.value = value
        self.black = black


def _chips() -> tuple[Chip, ...]:
    comp = _CHIPS["house_composition"]
    out: list[Chip] = []
    for black, key in ((False, "normal_backed_rounds_1_to_4"), (True, "black_backed_final_round")):
        for entry in comp[key]:
            for _ in range(entry["count"]):
                out.append(Chip(entry["effect"], entry.get("value", 0), black))
    return tuple(out)


CHIPS: tuple[Chip, ...] = _chips()
"""All bonus chips; a chip id is its index here. Normal-backed first, then black-backed."""
assert len(CHIPS) == _CHIPS["total"]
NORMAL_CHIPS: tuple[int, ...] = tuple(i for i, c in enumerate(CHIPS) if not c.black)
BLACK_CHIPS: tuple[int, ...] = tuple(i for i, c in enumerate(CHIPS) if c.black)
START_CHIP = len(CHIPS)
"""Id used on a bonus field for the start-player chip."""
POINTS, SWAP, PUSH, CANCEL, BLACK_DIE = "points", "swap_building", "push_marker", "cancel_roll", "black_die"
CHIPS_PER_STACK = NB - 1
"""Rounds 1-4: one field holds the start-player chip, the other five get a chip each."""


def chip_label(chip: int) -> str:
    """'+2', 'Swap', 'Push', 'Cancel', 'Black' or 'Start'."""
    if chip == START_CHIP:
        return "Start"
    c = CHIPS[chip]
    return {
        POINTS: f"+{c.value}",
        SWAP: "Swap",
        PUSH: "Push",
        CANCEL: "Cancel",
        BLACK_DIE: "Black",
    }[c.effect]


# ---------------------------------------------------------------- Alhambra tiles (Alcazaba)

_DIRS = ("N", "E", "S", "W")


def _tile_fact(tile: dict[str, Any], key: str) -> Any:
    # The Alcazaba extra tower has no printed price/walls in any source; its HOUSE defaults
    # sit beside it in the data file.
    value = tile[key]
    return tile["house_default"][key] if value is None else value


TILE_IDS: tuple[str, ...] = tuple(t["id"] for t in _TILES["tiles"])
TILE_TYPES: tuple[int, ...] = tuple(BUILDINGS.index(t["type"]) for t in _TILES["tiles"])
"""Building index of every tile id (index into the data file's list; the extra tower is last)."""
TILE_PRICES: tuple[int, ...] = tuple(_tile_fact(t, "price") for t in _TILES["tiles"])
"""Printed prices (unused by the rules; the 2-player dummy takes the cheapest)."""
TILE_WALLS: tuple[tuple[bool, bool, bool, bool], ...] = tuple(
    (w["N"], w["E"], w["S"], w["W"]) for w in (_tile_fact(t, "walls") for t in _TILES["tiles"])
)
"""(N, E, S, W) walls per tile id."""
EXTRA_TOWER = TILE_IDS.index("tower_alcazaba")
NTILES = len(TILE_TYPES)
FOUNTAIN = -1
"""Tile id of the start tile (fountain) in an Alhambra grid."""
assert not any(_TILES["start_tile"]["walls"].values())
assert sum(_TILES["counts_by_type"].values()) == NTILES - 1


def walls(tile: int) -> tuple[bool, bool, bool, bool]:
    return (False, False, False, False) if tile == FOUNTAIN else TILE_WALLS[tile]


def tile_label(tile: int) -> str:
    """'Garden 6' (building and printed price) or 'Extra tower'."""
    if not isinstance(tile, int) or not -1 <= tile < NTILES:
        return f"tile {tile}"
    if tile == EXTRA_TOWER:
        return "Extra tower"
    if tile == FOUNTAIN:
        return "Fountain"
    return f"{BUILDING_NAMES[TILE_TYPES[tile]]} {TILE_PRICES[tile]}"


MARKERS_BY_PLAYERS: dict[int, int] = {2: 5, 3: 5, 4: 4, 5: 3, 6: 3}
"""Seed 002 setup: octagon markers per player by player count (numbers of the rule book)."""
DUMMY_ROWS: tuple[int, ...] = (2, 3, 4, 5, 6)
"""Seed 002 two-player rule: the dummy's markers go on the right ('R') cell of these counts."""
STACK_SIZE = NB
"""Alcazaba: each face-down stack holds one tile of each type (seed: 6 types -> 6 tiles)."""
BAG_DRAW = 6
"""Alcazaba: tiles drawn from the bag each round (seed text)."""
ROUNDS = 5
DICE = 8
MAX_POINTS = 12
