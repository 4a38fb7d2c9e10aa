"""Computer players that work for every game through the protocol alone."""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from typing import Any, Protocol

from rules.base import Game, Seat


class Player(Protocol):
    """Anything that can pick a move for a seat."""

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any: ...


class RandomAI:
    """Picks uniformly among the legal actions: the baseline every smarter AI must beat."""

    name = "random"

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        return rng.choice(game.legal_actions(state, seat))


BEST_FIRST = ("greedy", "evaluator")
"""The AI a seat gets when none is named: a game's strongest player among these, else random."""


def ais_for(game_name: str) -> Mapping[str, Player]:
    """A game's computer players by name (its package's ``AIS``; random for a game without any)."""
    return getattr(importlib.import_module(f"rules.{game_name}"), "AIS", {"random": RandomAI()})


def default_ai(game_name: str) -> str:
    ais = ais_for(game_name)
    return next((name for name in BEST_FIRST if name in ais), "random")
