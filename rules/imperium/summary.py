"""Imperium's end-of-game summary (rules/summary.py): points after every move, by region resolved."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.base import Event
from rules.imperium.state import ImperiumState
from rules.summary import Points


def score_track(state: ImperiumState) -> list[int]:
    return list(state.scores[: state.players])


def stage(state: ImperiumState) -> int:
    return state.round


def points_by_source(state: ImperiumState, action: Any, events: Sequence[Event]) -> list[Points]:
    """Each resolved region names the points every seat scored there."""
    return [Points(f"region.{e.data['region']}", seat, int(points))
            for e in events if e.kind == "resolve" for seat, points in enumerate(e.data["points"])]
