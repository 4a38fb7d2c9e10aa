"""What a seat may see. Everything on the table is public; hidden are the dice generator, the
face-down chip and tile stacks and the bag (only their sizes are shown)."""

from __future__ import annotations

from typing import Any

from rules.base import recent_events

from . import alhambra as alh
from .actions import Build, Claim, NameStart, Remove, Swap, Take, TakeToReserve, describe, encode
from .data import (
    BUILDING_COLOURS,
    BUILDING_NAMES,
    CELLS,
    CHIPS,
    NB,
    NCELLS,
    POINTS,
    ROUNDS,
    SCORE_ROUNDS,
    START_CHIP,
    TILE_PRICES,
    TILE_TYPES,
    cell_name,
    chip_label,
    tile_label,
)
from .determinise import knowledge
from .moves import legal_actions
from .scoring import building_ranking, chip_points, result, type_counts
from .state import EMPTY, OVER, ROLL, State, seat_name, seats


def _tile(tile: int) -> dict[str, Any]:
    return {
        "id": tile,
        "type": TILE_TYPES[tile],
        "price": TILE_PRICES[tile],
        "walls": list(alh.walls(tile)),
        "label": tile_label(tile),
    }


def _alhambra(state: State, seat: int) -> dict[str, Any]:
    grid = alh.from_flat(state.alhambra[seat])
    box = alh.frame(grid)
    return {
        "frame": list(box),
        "cells": [
            {
                "x": x,
                "y": y,
                "tile": t,
                "type": -1 if t == -1 else TILE_TYPES[t],
                "walls": list(alh.walls(t)),
                "label": alh.cell_label(box, x, y),
            }
            for (x, y), t in sorted(grid.items(), key=lambda kv: (kv[0][1], kv[0][0]))
        ],
        "reserve": [_tile(t) for t in state.reserve[seat]],
        "wall": alh.longest_wall(grid),
    }


def move_text(state: State, seat: int, action: Any) -> str:
    """A move as a player reads it, with Alhambra cells named as in the picture (B3)."""
    box = None
    if state.version != "basic" and 0 <= seat < state.players:
        box = alh.frame(alh.from_flat(state.alhambra[seat]))
    if box is not None and isinstance(action, (Build, Swap, Take, Remove)):
        label = alh.cell_label(box, action.x, action.y)
        if isinstance(action, Build):
            return f"Build {tile_label(action.tile)} from reserve at {label}"
        if isinstance(action, Swap):
            return f"Swap {tile_label(action.tile)} in at {label}"
        if isinstance(action, Remove):
            return f"Move the tile at {label} to the reserve"
        return f"Take {tile_label(action.tile)} → {label}"
    if isinstance(action, TakeToReserve):
        return f"Take {tile_label(action.tile)} → reserve"
    if isinstance(action, Claim):
        field = state.fields[state.col]
        where = BUILDING_NAMES[action.to]
        if action.to != state.col:
            where += " (building switch)"
        if not action.chip:
            return f"2 points on {where}"
        chip = "start-player" if field == START_CHIP else chip_label(field)
        return f"1 point on {where} + the {chip} chip"
    if isinstance(action, NameStart):
        return f"{seat_name(state, action.seat)} starts next round"
    return describe(action)


def view(state: State, viewer: int | None) -> dict[str, Any]:
    n = seats(state)
    basic = state.version == "basic"
    acting = None if state.phase == OVER else state.seat
    v: dict[str, Any] = {
        "game": "alhambra_dice",
        "version": state.version,
        "players": state.players,
        "seats": n,
        "dummy": state.dummy,
        "seat_names": [seat_name(state, s) for s in range(n)],
        "viewer": viewer,
        "round": state.round,
        "rounds": ROUNDS,
        "scoring_rounds": {str(k): v for k, v in SCORE_ROUNDS.items()},
        "phase": state.phase,
        "to_act": [] if acting is None else [acting],
        "start": state.start,
        "buildings": list(BUILDING_NAMES),
        "building_colours": list(BUILDING_COLOURS),
        "cells": [cell_name(i) for i in range(NCELLS)],
        "cell_counts": [c for c, _ in CELLS],
        "scores": list(state.score),
        "markers": state.markers,
        "hand": list(state.hand),
        "off": list(state.off),
        "grid": [state.grid[b * NCELLS : (b + 1) * NCELLS] for b in range(NB)],
        "fields": [None if f == EMPTY else chip_label(f) for f in state.fields],
        "resolving": state.col if state.phase not in (ROLL, OVER) else None,
        "last": list(state.log),
        "last_events": recent_events(state.log, state.log_data),
        # The table as a state with the hidden parts canonical: what an AI plays from.
        "info_state": knowledge(state, viewer),
    }
    if state.phase == ROLL:
        cnt = [0] * NB
        for f in state.dice:
            cnt[f] += 1
        if state.black != EMPTY:
            cnt[state.black] += 1
        rolls = len(state.history)
        v["dice"] = {
            "white": list(state.dice),
            "kept": [bool(state.kept >> i & 1) for i in range(len(state.dice))],
            "black": None if state.black == EMPTY else state.black,
            "rolls": rolls,
            "rerolls_left": 3 - rolls,
            "column": "LMR"[rolls - 1],
            "counts": cnt,
        }
    else:
        v["dice"] = None
    if basic:
        v["points"] = [list(p) for p in state.points]
        v["tracks"] = [building_ranking(state, b) for b in range(NB)]
        v["chips"] = [[chip_label(c) for c in state.chips[s]] for s in range(n)]
        v["chip_points"] = [chip_points(state, s) for s in range(n)]
        v["chips_in_stacks"] = sum(len(x) for x in state.stacks)
        v["chips_gone"] = len(state.gone)
        v["points_chip_values"] = sorted({CHIPS[c].value for c in range(len(CHIPS)) if CHIPS[c].effect == POINTS})
    else:
        v["tiles"] = [[_tile(t) for t in col] for col in state.tiles]
        v["bag_count"] = len(state.bag)
        v["stacks_left"] = len(state.tile_stacks)
        v["alhambras"] = [_alhambra(state, s) for s in range(state.players)]
        v["type_counts"] = type_counts(state)
        v["dummy_tiles"] = [_tile(t) for t in state.dummy_tiles]
        v["discarded"] = len(state.discarded)
    # The acting seat's choices other than the 255 re-roll masks (dice are chosen with a
    # multi-select): a code for the custom_id and a label; Alhambra cells named like B3.
    choices: list[dict[str, Any]] = []
    targets: list[dict[str, Any]] = []
    if acting is not None and acting < state.players:
        box = None if basic else alh.frame(alh.from_flat(state.alhambra[acting]))
        seen: set[tuple[int, int]] = set()
        for a in legal_actions(state, acting):
            if type(a).__name__ == "Reroll":
                continue
            choices.append({"code": encode(a), "text": move_text(state, acting, a), "kind": type(a).__name__})
            if box is not None and isinstance(a, (Build, Swap, Take, Remove)) and (a.x, a.y) not in seen:
                seen.add((a.x, a.y))
                targets.append({"x": a.x, "y": a.y, "label": alh.cell_label(box, a.x, a.y)})
    v["choices"] = choices
    v["targets"] = targets
    res = result(state)
    v["result"] = None if res is None else {"scores": list(res.scores), "ranks": list(res.ranks), "note": res.note}
    return v
