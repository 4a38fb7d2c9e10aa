"""Barrage's end-of-game summary (rules/summary.py): VP after every move, by source.

Round and final scoring say each award in their events (energy track, bonus tile, objective,
leftovers, water); VP won during a turn are credited to the kind of move that won them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.barrage.state import State
from rules.base import Event
from rules.summary import Points

AWARDS = {"energy_vp": "energy", "no_energy": "energy", "bonus_vp": "bonus", "objective_vp": "objective"}
"""Scoring lines (their ``msg``) and the source they count for."""
MOVES = {"fulfil": "contracts", "points": "contracts", "produce": "production"}
"""VP won during a turn: the move's kind (its tag) and the source; any other move counts as ``structures``
(building rewards and the action spaces that pay VP)."""


def score_track(state: State) -> list[int]:
    return [c.vp for c in state.companies[: state.players]]


def stage(state: State) -> int:
    return state.round


def points_by_source(state: State, action: Any, events: Sequence[Event]) -> list[Points]:
    out: list[Points] = []
    for e in events:
        msg = e.data.get("msg")
        if msg in AWARDS:
            out.append(Points(AWARDS[msg], int(e.data["seat"]), int(e.data["vp"])))
        elif msg == "leftover_vp":
            out += [Points("leftovers", int(e.data["seat"]), int(e.data["leftover"])),
                    Points("water", int(e.data["seat"]), int(e.data["drops"]))]
    return out


def remainder_source(action: Any) -> str:
    """Where VP a move won outside the scoring lines count: its kind (contracts, production, structures)."""
    tag = getattr(getattr(action, "__struct_config__", None), "tag", None)
    return MOVES.get(str(tag), "structures")
