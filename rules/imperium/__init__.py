"""Imperium (Reiner Knizia, 2002): nine regions, simultaneous secret card choice, area majority.

Exports ``GAME`` (the rules.base.Game) and ``AIS`` (computer players by name).
"""

from __future__ import annotations

from rules.imperium.actions import ALL_PLAYS, ImperiumAction, Play, picks, play_from_picks
from rules.imperium.ai import AIS, GreedyAI
from rules.imperium.engine import GAME, INFO, ImperiumGame
from rules.imperium.scoring import regions_in_round, resolve_region
from rules.imperium.state import ImperiumState, Resolution

__all__ = [
    "AIS",
    "ALL_PLAYS",
    "GAME",
    "INFO",
    "GreedyAI",
    "ImperiumAction",
    "ImperiumGame",
    "ImperiumState",
    "Play",
    "Resolution",
    "picks",
    "play_from_picks",
    "regions_in_round",
    "resolve_region",
]
