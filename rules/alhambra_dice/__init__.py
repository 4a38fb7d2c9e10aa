"""Alhambra: The Dice Game (Dirk Henn): the basic dice game and the Alcazaba version."""

from __future__ import annotations

from rules.ai import Player, RandomAI

from .ai import GreedyAI
from .engine import AlhambraDiceGame

GAME = AlhambraDiceGame()
AIS: dict[str, Player] = {"random": RandomAI(), "greedy": GreedyAI()}

__all__ = ["AIS", "GAME"]
