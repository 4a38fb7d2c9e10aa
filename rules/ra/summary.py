"""Ra's end-of-game summary (rules/summary.py): fame after every move, points per epoch's categories."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.base import Event
from rules.ra.state import RaState
from rules.summary import Points


def score_track(state: RaState) -> list[int]:
    return list(state.fame[: state.players])


def stage(state: RaState) -> int:
    return state.epoch


def points_by_source(state: RaState, action: Any, events: Sequence[Event]) -> list[Points]:
    """An epoch's scoring event lists each seat's points by category (pharaohs, Nile, gods, ...)."""
    return [Points(str(kind), int(e.data["seat"]), int(value))
            for e in events if e.kind == "score" for kind, value in e.data.get("parts", ())]
