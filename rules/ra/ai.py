"""A simple evaluator AI for Ra: it values a lot by the fame it would roughly add to its own
display, bids its lowest sufficient disk when the lot is worth the disk, and invokes Ra when the
track is rich. Fast enough for benchmarks of hundreds of games."""

from __future__ import annotations

import random
from typing import Any

from rules.base import Seat
from rules.ra import actions as A
from rules.ra.data import (
    AUCTION_SPACES,
    CIVS,
    DISASTER_LOSS,
    DISASTER_TARGETS,
    DISASTERS,
    EPOCHS,
    FLOOD,
    GOD,
    GOD_POINTS,
    GOLD,
    GOLD_POINTS,
    MONUMENTS,
    NILE,
    PHARAOH,
    TILE_INDEX,
    ra_track_length,
)
from rules.ra.engine import legal_actions
from rules.ra.scoring import civ_points, monument_points
from rules.ra.state import AUCTION, DISASTER, GODS, RaState


def estimate(h: list[int], epoch: int) -> float:
    """A rough fame value of a display ``h`` (counts by tile type) seen from ``epoch``."""
    left = EPOCHS - epoch  # epochs still to come after this one
    v = h[GOD] * (GOD_POINTS + 0.5) + h[GOLD] * GOLD_POINTS
    v += h[PHARAOH] * (1.2 + 0.8 * left)
    if h[FLOOD]:
        v += h[NILE] + h[FLOOD]
    else:
        v += 0.4 * h[NILE]
    v += 0.6 * h[NILE] * left
    v += civ_points([h[c] for c in CIVS])
    v += monument_points([h[m] for m in MONUMENTS]) * (0.6 + 0.2 * epoch)
    return v


def _suffer(h: list[int], disaster: int) -> None:
    """Apply a disaster greedily (largest pile first) to a scratch display."""
    targets = DISASTER_TARGETS[disaster]
    for _ in range(DISASTER_LOSS):
        if len(targets) == 2:
            pick = next((t for t in targets if h[t]), None)
        else:
            pick = max(targets, key=lambda t: h[t])
            if not h[pick]:
                pick = None
        if pick is None:
            return
        h[pick] -= 1


def lot_value(s: RaState, seat: int, tiles: list[int]) -> float:
    base = s.held[seat]
    h = base[:]
    for t in tiles:
        if t not in DISASTERS:
            h[t] += 1
    for t in tiles:
        if t in DISASTERS:
            _suffer(h, t)
    return estimate(h, s.epoch) - estimate(base, s.epoch)


class EvaluatorAI:
    """Greedy bidder over a hand-made fame estimate."""

    name = "evaluator"

    def __init__(self, invoke_at: float = 7.0, disk_weight: float = 0.35) -> None:
        self.invoke_at = invoke_at
        self.disk_weight = disk_weight

    def _disk_cost(self, s: RaState, seat: int, d: int) -> float:
        # A disk is worth keeping in proportion to how much it exceeds the centre disk we'd get
        # back; urgency rises as the Ra track fills (an unused disk wins nothing this epoch).
        fill = s.ra_count / ra_track_length(s.players)
        cost = 1.0 + self.disk_weight * max(0, d - s.center) * (1.0 - 0.6 * fill)
        if s.epoch == EPOCHS:
            cost += 0.15 * (d - s.center)
        return cost

    def choose(self, game: Any, state: RaState, seat: Seat, rng: random.Random) -> Any:
        s = state
        acts = legal_actions(s, seat)
        if s.phase == DISASTER:
            return acts[0]
        if s.phase == AUCTION:
            bids = [a for a in acts if isinstance(a, A.Bid)]
            if not bids:
                return acts[0]
            if not any(isinstance(a, A.Pass) for a in acts):
                return bids[0]
            value = lot_value(s, seat, s.track)
            for b in bids:  # lowest disk first
                if value >= self._disk_cost(s, seat, b.disk):
                    return b
                break
            if value >= 8 and len(bids) > 1:
                return bids[1]
            return A.PASS
        gods = [a for a in acts if isinstance(a, A.UseGod)]
        if gods:
            best = max(gods, key=lambda a: lot_value(s, seat, [TILE_INDEX[a.tile]]))
            if lot_value(s, seat, [TILE_INDEX[best.tile]]) >= 2.5:
                return best
        if s.phase == GODS:
            return A.STOP
        value = lot_value(s, seat, s.track)
        if len(s.track) >= AUCTION_SPACES or not any(isinstance(a, A.Draw) for a in acts):
            return A.INVOKE
        if value >= self.invoke_at and s.up[seat] and s.up[seat][0] > s.center:
            return A.INVOKE
        return A.DRAW
