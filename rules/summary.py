"""The end-of-game summary's numbers: each seat's score after every move, and where the points came from.

Gathered in the same replay pass that draws a replay (host/history.export_frames' ``observe``), from
the states and the public events only. Each game says what its score is and how a move's points
split into sources in its own ``rules/<game>/summary.py`` (``score_track``, ``stage``,
``points_by_source``); this module adds them up. Points a game does not explain (a fame floor at 0,
a rare bonus) are kept as the source ``other`` (or the one the game's ``remainder_source`` names),
so every breakdown adds up to the final score.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Protocol

import msgspec

from rules.base import Event

OTHER = "other"


class Points(msgspec.Struct, frozen=True):
    """``points`` that ``seat`` got from ``source`` (a catalogue word, ``region.3`` for a numbered one)."""

    source: str
    seat: int
    points: int


class ScoreSummary(msgspec.Struct):
    """What render/summary.py draws: ``track[i][seat]`` is the score after ``i`` moves (0: the start),
    ``stages[i]`` the epoch/round then; ``sources`` in first-seen order, ``by_source[k][seat]`` points."""

    game: str
    track: list[list[int]] = []
    stages: list[int] = []
    sources: list[str] = []
    by_source: list[list[int]] = []


class GameSummary(Protocol):
    def score_track(self, state: Any) -> list[int]: ...
    def stage(self, state: Any) -> int: ...
    def points_by_source(self, state: Any, action: Any, events: Sequence[Event]) -> list[Points]: ...


def game_summary(game: str) -> ModuleType:
    """``rules/<game>/summary.py`` (each game has one)."""
    return importlib.import_module(f"rules.{game}.summary")


class SummaryCollector:
    """Called for the start and after every move of a replay (the ``Observer`` signature)."""

    def __init__(self, game: str) -> None:
        self.module: GameSummary = game_summary(game)  # type: ignore[assignment]
        self.summary = ScoreSummary(game=game)

    def _add(self, source: str, seat: int, points: int) -> None:
        if not points:
            return
        s = self.summary
        if source not in s.sources:
            s.sources.append(source)
            s.by_source.append([0] * len(s.track[0]))
        s.by_source[s.sources.index(source)][seat] += points

    def __call__(self, index: int, seat: int | None, action: Any, events: Sequence[Event], state: Any) -> None:
        scores = self.module.score_track(state)
        track = self.summary.track
        before = track[-1] if track else None
        track.append(list(scores))
        self.summary.stages.append(self.module.stage(state))
        if before is None:
            return
        explained = [0] * len(scores)
        for p in self.module.points_by_source(state, action, events):
            if 0 <= p.seat < len(scores):
                self._add(p.source, p.seat, p.points)
                explained[p.seat] += p.points
        rest = getattr(self.module, "remainder_source", None)
        source = rest(action) if rest is not None and action is not None else OTHER
        for s, (old, new) in enumerate(zip(before, scores, strict=True)):
            self._add(source, s, new - old - explained[s])
