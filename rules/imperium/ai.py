"""Computer players for Imperium. GreedyAI reads only the public board, never others' hidden cards."""

from __future__ import annotations

import itertools
import random
from typing import Any

from rules.ai import Player, RandomAI
from rules.base import Game, Seat
from rules.imperium.actions import picks
from rules.imperium.data import ROWS
from rules.imperium.scoring import last_round, regions_in_round, resolve_region
from rules.imperium.state import ImperiumState

HORIZON_WEIGHTS = (1.0, 0.45, 0.2)
"""How much a region resolved this round, next round, the round after counts (later ones: 0)."""
LOCK_PENALTY = 0.25
"""Cost per marker sent to a region that will not be resolved soon (it stays locked there)."""
JITTER = 0.6
"""Random noise (in points) on each play's value. Identical greedy AIs would otherwise mirror each
other, and a region where everyone is equal scores nobody: a table of greedy AIs would end 0-0."""


class GreedyAI:
    """Picks the three regions with the best expected gain in the regions resolved soonest.

    Opponents are modelled as each adding 0 or 1 marker (equally likely) to every region, using
    only the public board; markers far from resolution carry a small penalty.
    """

    name = "greedy"

    def choose(self, game: Game[Any, Any], state: ImperiumState, seat: Seat, rng: random.Random) -> Any:
        legal = game.legal_actions(state, seat)
        weights = self._region_weights(state)
        gain = {r: self._expected_by_added(state, seat, r) for r in weights}
        supply = state.supply[seat]
        best: list[Any] = []
        best_value = float("-inf")
        for play in legal:
            chosen = picks(play)
            placed = sorted(chosen, reverse=True)[:supply]
            value = 0.0
            for r in set(placed):
                k = placed.count(r)
                if r in weights:
                    value += weights[r] * (gain[r][k] - gain[r][0])
                else:
                    value -= LOCK_PENALTY * k
            value += rng.uniform(0.0, JITTER)
            if value > best_value + 1e-9:
                best, best_value = [play], value
            elif abs(value - best_value) <= 1e-9:
                best.append(play)
        return rng.choice(best)

    @staticmethod
    def _region_weights(state: ImperiumState) -> dict[int, float]:
        weights: dict[int, float] = {}
        final = last_round(state.variant)
        for d, w in enumerate(HORIZON_WEIGHTS):
            rnd = state.round + d
            if rnd > final:
                break
            for r in regions_in_round(state.variant, rnd):
                weights.setdefault(r, w)
        return weights

    @staticmethod
    def _expected_by_added(state: ImperiumState, seat: Seat, region: int) -> list[float]:
        """Expected points in ``region`` if this seat adds 0, 1, 2 or 3 markers there."""
        base = [state.board[s][region - 1] for s in range(state.players)]
        others = [s for s in range(state.players) if s != seat]
        scenarios = list(itertools.product((0, 1), repeat=len(others)))
        out: list[float] = []
        for k in range(4):
            total = 0
            for adds in scenarios:
                counts = base[:]
                counts[seat] += k
                for s, a in zip(others, adds, strict=True):
                    counts[s] += a
                total += resolve_region(counts, ROWS[region])[seat]
            out.append(total / len(scenarios))
        return out


AIS: dict[str, Player] = {"random": RandomAI(), "greedy": GreedyAI()}
