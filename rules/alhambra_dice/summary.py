"""Alhambra's end-of-game summary (rules/summary.py): points after every move, by building type.

A scoring (A, B, C) only adds to the scores, so the building points and Alhambras it ranked are still
in the state after the move: the engine's own scoring functions give each building's share again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.alhambra_dice import alhambra as alh
from rules.alhambra_dice.data import BUILDINGS, NB, TABLES
from rules.alhambra_dice.scoring import building_ranking, chip_points, split_places, type_counts
from rules.alhambra_dice.state import State
from rules.base import Event
from rules.summary import Points


def score_track(state: State) -> list[int]:
    return list(state.score[: state.players])


def stage(state: State) -> int:
    return state.round


def points_by_source(state: State, action: Any, events: Sequence[Event]) -> list[Points]:
    out: list[Points] = []
    for e in events:
        if e.kind != "scoring":
            continue
        table = TABLES[e.data["letter"]]
        if state.version == "basic":
            for b in range(NB):
                ranked = building_ranking(state, b)[: len(table[b])]
                out += [Points(BUILDINGS[b], seat, table[b][place]) for place, seat in enumerate(ranked)]
            out += [Points("chips", seat, chip_points(state, seat)) for seat in range(state.players)]
        else:
            rows = type_counts(state)
            for b in range(NB):
                out += [Points(BUILDINGS[b], seat, g) for seat, g in enumerate(split_places([r[b] for r in rows],
                                                                                           table[b]))]
            out += [Points("wall", seat, alh.longest_wall(alh.from_flat(state.alhambra[seat])))
                    for seat in range(state.players)]
    return out
