"""Computer players for Barrage: the uniform random player and a greedy "engineer" heuristic.

The greedy player plays each of its decisions by trying every legal choice, finishing the rest of
its own turn greedily, and keeping the choice whose position is worth most to it (``value``).
"""

from __future__ import annotations

import random
from typing import Any

from rules.ai import Player, RandomAI
from rules.barrage import data, irrigation, plan, produce, supply
from rules.barrage.actions import Place
from rules.barrage.engine import GAME
from rules.barrage.state import State
from rules.base import Game, Seat

# weights of the position value (house heuristic, tuned against the random player)
W_CREDIT, W_MACHINE, W_WHEEL, W_ENGINEER = 0.3, 0.8, 0.3, 0.2
W_ENERGY, W_DROP, W_TILE, W_CONTRACT = 0.6, 1.0, 1.5, 0.3
W_CONNECTED_DROP = 2.5
"""A drop in a dam of yours (or neutral) that one of your production systems can use."""
W_STRUCTURE = {"base": 4.0, "elevation": 3.0, "conduit": 1.2, "powerhouse": 5.0, "building": 4.0}
"""Per piece built; a conduit also counts 1.2 x its production value."""
W_IRRIGATION_TILE, W_IRRIGATION_POINT = 2.0, 1.0
"""Nile: an unused irrigation tile (its one-off effect) and each irrigation point (the round scorings)."""
MAX_STEPS = 12
"""How far the greedy player follows its own turn when judging a choice."""


def value(st: State, seat: Seat) -> float:
    """What the position is worth to ``seat``, in rough victory points."""
    c = st.companies[seat]
    if st.phase == "over":
        return float(st.final[seat]) * 10
    m = data.map_data(st.map)
    v = float(c.vp)
    v += W_CREDIT * c.credits + W_MACHINE * (c.exc + c.mix) + W_WHEEL * (sum(c.wexc) + sum(c.wmix))
    v += W_ENGINEER * (c.eng + c.arch) + W_ENERGY * c.energy
    v += W_TILE * sum(1 for t in c.tiles + [t for seg in c.wheel for t in seg] if data.TECH[t]["level"] > 0)
    v += W_CONTRACT * len(c.hand)
    for s in data.STRUCTURES[: len(c.left)]:
        v += W_STRUCTURE[s] * supply.built(c, s)
    v += sum(1.2 * m.conduits[k]["production"] for k, o in st.conduit_owner.items() if o == seat)
    v += W_DROP * sum(st.water.get(d, 0) for d, o in st.dam_owner.items() if o == seat)
    v += W_CONNECTED_DROP * sum(min(st.water.get(p.dam, 0), p.drops) for p in _best_systems(st, seat))
    if st.pile_irrigation:
        v += W_IRRIGATION_TILE * len(c.irr_up) + W_IRRIGATION_POINT * irrigation.points(st, seat)
    return v


def _best_systems(st: State, seat: Seat) -> list[Any]:
    """One production per dam (its largest), as a measure of the water the company can turn to energy."""
    best: dict[str, Any] = {}
    for p in produce.options(st, seat, 0, st.companies[seat].credits):
        if p.drops > getattr(best.get(p.dam), "drops", 0):
            best[p.dam] = p
    return list(best.values())


class GreedyAI:
    """Chooses the move that leaves its own position worth most after finishing its turn."""

    name = "greedy"

    @staticmethod
    def value(st: State, seat: Seat) -> float:
        return value(st, seat)

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        # the bank is judged one engineer at a time, so it does not swallow a whole supply at once
        legal = [a for a in game.legal_actions(state, seat) if not (isinstance(a, Place) and a.n > 1)]
        if len(legal) == 1:
            return legal[0]
        scored = [(self._judge(game, state, seat, a, rng), rng.random(), i) for i, a in enumerate(legal)]
        return legal[max(scored)[2]]

    def _judge(self, game: Game[Any, Any], state: Any, seat: Seat, action: Any, rng: random.Random) -> float:
        st, _ = game.apply(state, seat, action)
        for _ in range(MAX_STEPS):
            if game.result(st) is not None or seat not in game.to_act(st) or st.tasks[0].kind == "turn":
                break
            options = [a for a in game.legal_actions(st, seat) if type(a).__name__ != "Back"]
            best = max(options, key=lambda a: self.value(game.apply(st, seat, a)[0], seat))
            st, _ = game.apply(st, seat, best)
        return self.value(st, seat)


class PlannerAI(GreedyAI):
    """Normal: the same turn-by-turn search as the greedy player, judged by ``plan.worth`` (chains
    towards water, production every round, contracts it can meet, credits at what they still buy)."""

    name = "planner"

    @staticmethod
    def value(st: State, seat: Seat) -> float:
        return plan.worth(st, seat)


AIS: dict[str, Player] = {"random": RandomAI(), "greedy": GreedyAI(), "normal": PlannerAI()}

__all__ = ["AIS", "GAME", "GreedyAI", "value"]
