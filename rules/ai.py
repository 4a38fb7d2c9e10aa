"""Computer players that work for every game through the protocol alone."""

from __future__ import annotations

import random
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
