"""Scoring A/B/C after rounds 1, 3 and 5 (tables in data/scoring.json).

Basic game: rank by building points; equal points are ordered by the stack (the stone that got
there first, lower in the stack, ranks higher), so no ties. Alcazaba: rank by tiles of each type in
the Alhambra; tied players share the places' points, rounded down; plus the longest outer wall.
"""

from __future__ import annotations

from rules.base import Result, rank_by

from . import alhambra as alh
from .data import CHIPS, NB, POINTS, TABLES, TILE_TYPES
from .state import OVER, State


def building_ranking(state: State, building: int) -> list[int]:
    """Seats with at least one building point there, best first (stack order breaks ties)."""
    ranked = [s for s in range(len(state.points)) if state.points[s][building] > 0]
    ranked.sort(key=lambda s: (-state.points[s][building], state.arrival[s][building]))
    return ranked


def chip_points(state: State, seat: int) -> int:
    return sum(CHIPS[c].value for c in state.chips[seat] if CHIPS[c].effect == POINTS)


def score_basic(state: State, letter: str) -> None:
    points, arrival, score = state.points, state.arrival, state.score
    for b, table in enumerate(TABLES[letter]):
        # building_ranking's order (the seat last only keeps the sort's tie order: stamps are unique)
        ranked = sorted([(-row[b], arrival[s][b], s) for s, row in enumerate(points) if row[b] > 0])
        for (_, _, seat), gain in zip(ranked, table, strict=False):  # places past the table score nothing
            score[seat] += gain
    for seat in range(len(score)):
        score[seat] += chip_points(state, seat)


def split_places(counts: list[int], table: tuple[int, ...]) -> list[int]:
    """Points per seat for one building: ties add the places they occupy and split, rounded down."""
    out = [0] * len(counts)
    place = 0
    for value in sorted({c for c in counts if c > 0}, reverse=True):
        tied = [s for s, c in enumerate(counts) if c == value]
        share = sum(table[place : place + len(tied)]) // len(tied)
        for s in tied:
            out[s] = share
        place += len(tied)
    return out


def type_counts(state: State) -> list[list[int]]:
    """Tiles of each type per seat: in the Alhambra for humans, beside the board for the dummy."""
    rows = [alh.count_types(state.alhambra[s][2::3], TILE_TYPES, NB) for s in range(state.players)]
    if state.dummy >= 0:
        rows.append(alh.count_types(state.dummy_tiles, TILE_TYPES, NB))
    return rows


def score_alcazaba(state: State, letter: str) -> None:
    rows = type_counts(state)
    for b in range(NB):
        gains = split_places([row[b] for row in rows], TABLES[letter][b])
        for seat, g in enumerate(gains):
            state.score[seat] += g
    for seat in range(state.players):  # the dummy builds nothing, so has no wall
        state.score[seat] += alh.longest_wall(alh.from_flat(state.alhambra[seat]))


def result(st: State) -> Result | None:
    if st.phase != OVER:
        return None
    scores = tuple(st.score[: st.players])
    ranks = rank_by([(s,) for s in scores])
    notes = []
    if ranks.count(1) > 1:
        notes.append("Equal top scores share the victory (house rule: the rules give no tie-breaker).")
    if st.dummy >= 0:
        notes.append(f"The dummy scored {st.score[st.dummy]}.")
    return Result(scores=scores, ranks=ranks, note=" ".join(notes))
