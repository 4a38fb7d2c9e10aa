"""Computer players that work for every game through the protocol alone, and the level registry.

Every game offers the levels ``easy``, ``normal`` and ``hard`` (LEVELS): Easy is the game's first
heuristic with deliberate mistakes, Normal a better heuristic, Hard a search: the generic one
(rules/search.py) with the game's knobs, or a game's own ``SearchAI`` that decides at the root
(Imperium's paired playouts, Alhambra's exact dice look-ahead, Barrage's round of turns ahead).
The names stored games already use keep working: ``random``, and ``greedy`` / ``evaluator`` for that
first heuristic. A game whose package defines no levels gets its heuristic for all three.

Levels are honest: they read only their seat's ``game.view(state, seat)`` (the state they are
handed goes no further) and play on a full state sampled from it by the game's ``determinise``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, Protocol

from rules.base import Game, Seat
from rules.search import Budget, Determinise, Knobs, search


class Player(Protocol):
    """Anything that can pick a move for a seat."""

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any: ...


class RandomAI:
    """Picks uniformly among the legal actions: the baseline every smarter AI must beat."""

    name = "random"

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        return rng.choice(game.legal_actions(state, seat))


class HonestAI:
    """Plays ``policy`` (which may read a state) on a state sampled from the seat's view, so the
    policy's move depends on nothing the seat cannot see."""

    def __init__(self, name: str, policy: Player, determinise: Determinise) -> None:
        self.name = name
        self.policy = policy
        self.determinise = determinise

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        view = game.view(state, seat)
        return self.policy.choose(game, self.determinise(view, seat, rng), seat, rng)


class NoisyAI:
    """``policy`` with deliberate mistakes: a random legal move with probability ``mistakes``
    (an Easy seat a newcomer can beat, yet one that still plays the game)."""

    def __init__(self, policy: Player, mistakes: float) -> None:
        self.policy = policy
        self.mistakes = mistakes

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        if rng.random() < self.mistakes:
            return rng.choice(game.legal_actions(state, seat))
        return self.policy.choose(game, state, seat, rng)


class SearchAI:
    """The generic search (rules/search.py) with a game's knobs and a level's budget."""

    def __init__(self, name: str, knobs: Knobs, budget: Budget) -> None:
        self.name = name
        self.knobs = knobs
        self.budget = budget

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        view = game.view(state, seat)
        return search(game, view, seat, rng, self.knobs, self.budget)


@dataclass(frozen=True)
class LevelSettings:
    """One game's settings per level, kept together where they can be read and tuned."""

    easy_mistakes: float
    """Share of Easy's moves played at random."""
    hard: Budget
    """Hard's playouts per decision and CPU deadline."""
    rollout_plies: int
    """Hard's moves played past its tree before evaluating."""


def level_players(today: Player, normal: Player, determinise: Determinise, settings: LevelSettings,
                  knobs: Knobs) -> dict[str, Player]:
    """A game's ``AIS``: random, ``today`` under its stored name, and the three honest levels (Easy
    = ``today`` with mistakes, Normal = ``normal``, Hard = the search with ``knobs``)."""
    return {
        "random": RandomAI(),
        today.name: today,  # type: ignore[attr-defined]
        "easy": HonestAI("easy", NoisyAI(today, settings.easy_mistakes), determinise),
        "normal": HonestAI("normal", normal, determinise),
        "hard": SearchAI("hard", knobs, settings.hard),
    }


LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
"""The level a seat gets when none is named (an AI added without a level, a timed-out seat)."""
BEST_FIRST = ("greedy", "evaluator")
"""A game without levels: the heuristic that stands in for every level, else random."""


@cache
def ais_for(game_name: str) -> Mapping[str, Player]:
    """A game's computer players by name: its package's ``AIS`` (random for a game without any),
    with every level present."""
    ais: dict[str, Player] = dict(getattr(importlib.import_module(f"rules.{game_name}"), "AIS", {}))
    ais.setdefault("random", RandomAI())
    stand_in = next((ais[name] for name in BEST_FIRST if name in ais), ais["random"])
    for level in LEVELS:
        ais.setdefault(level, stand_in)
    return MappingProxyType(ais)  # shared by every caller: read-only


def default_ai(game_name: str) -> str:
    return DEFAULT_LEVEL
