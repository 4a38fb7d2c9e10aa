"""Barrage (Cranio Creations, 2019): water, dams and energy for 2-4 companies.

Exports ``GAME`` (the rules.base.Game) and ``AIS`` (computer players by name). The Nile Affair
expansion builds on this engine (map chosen by the ``map`` option).
"""

from __future__ import annotations

from rules.barrage.actions import BarrageAction
from rules.barrage.ai import AIS, GreedyAI
from rules.barrage.engine import GAME, INFO, BarrageGame
from rules.barrage.state import Company, State, Task

__all__ = ["AIS", "GAME", "INFO", "BarrageAction", "BarrageGame", "Company", "GreedyAI", "State", "Task"]
