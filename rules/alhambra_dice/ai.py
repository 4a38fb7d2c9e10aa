"""A simple greedy computer player: chase the most common face, aim for first place in a column."""

from __future__ import annotations

import random
from typing import Any

from rules.base import Game

from . import alhambra as alh
from .actions import Build, Claim, NameStart, Place, Reroll, Take, TakeStart
from .data import CHIPS, NB, NCELLS, POINTS, START_CHIP, TABLES
from .state import CLAIM, ROLL, START, TAKE, State

# A column's worth grows to the right (Pavilion 1 ... Tower 6 in every scoring table).
_WORTH = tuple(TABLES["C"][b][0] for b in range(NB))


def _above(state: State, building: int, cell: int) -> int:
    """Markers already better than ``cell`` in the column."""
    base = building * NCELLS
    return sum(1 for i in range(min(cell, NCELLS)) if state.grid[base + i] >= 0)


def _place_value(state: State, a: Place) -> float:
    if a.cell >= NCELLS:
        return -1.0
    rank = _above(state, a.building, a.cell)
    share = (1.0, 0.45)[rank] if rank < 2 else 0.02
    if state.version == "alcazaba":
        share = 1.0 if rank < len(state.tiles[a.building]) else 0.02
    return share * _WORTH[a.building] + a.count * 0.1


class GreedyAI:
    """Keeps the dice of its best building, places when it would lead a column, takes points."""

    name = "greedy"

    def choose(self, game: Game[Any, Any], state: State, seat: int, rng: random.Random) -> Any:
        legal = game.legal_actions(state, seat)
        if state.phase == ROLL:
            return self._turn(state, legal, rng)
        if state.phase == CLAIM:
            chip = state.fields[state.col]
            want_chip = chip == START_CHIP or (chip >= 0 and chip != START_CHIP and CHIPS[chip].effect == POINTS)
            for a in legal:
                if isinstance(a, Claim) and a.chip == want_chip and a.to == state.col:
                    return a
            return legal[0]
        if state.phase == START:
            return NameStart(seat) if NameStart(seat) in legal else legal[0]
        if state.phase == TAKE:
            grid = alh.from_flat(state.alhambra[seat])
            takes = [a for a in legal if isinstance(a, Take)]
            if takes:
                return max(takes, key=lambda a: (_wall_after(grid, a), -abs(a.x) - abs(a.y)))
            return next((a for a in legal if not isinstance(a, TakeStart)), legal[0])
        return rng.choice(legal)

    def _turn(self, state: State, legal: list[Any], rng: random.Random) -> Any:
        places = [a for a in legal if isinstance(a, Place)]
        best = max(places, key=lambda a: _place_value(state, a))
        rolls_left = 3 - len(state.history)
        good = _place_value(state, best) >= _WORTH[best.building] * 0.9 and best.count >= 4
        if rolls_left and not good:
            counts = [0] * NB
            for f in state.dice:
                counts[f] += 1
            target = max(range(NB), key=lambda b: (counts[b], b))
            mask = sum(1 << i for i, f in enumerate(state.dice) if f != target)
            if mask and Reroll(mask) in legal:
                return Reroll(mask)
        builds = [a for a in legal if isinstance(a, Build)]
        if builds and _place_value(state, best) < 1.0:
            return builds[0]
        return best


def _wall_after(grid: alh.Grid, a: Take) -> int:
    grid[(a.x, a.y)] = a.tile
    try:
        return alh.longest_wall(grid)
    finally:
        del grid[(a.x, a.y)]
