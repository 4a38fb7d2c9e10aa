"""What one seat knows of a game of Ra, as a state, and full states sampled from it.

``info_state(state, seat)`` is the seat's information set written as a RaState: everything on the
table, with the hidden parts put in a canonical form that any state the seat cannot tell apart
shares (the bag sorted, secret fame left out, no event log). The view carries it, so an AI works
from the view alone; ``determinise`` turns it back into a full state by shuffling the bag (its
contents are public: every tile drawn so far was seen by all) and guessing hidden fame.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from rules.base import Seat
from rules.ra.data import N_TYPES
from rules.ra.state import OVER, RaState


def info_state(s: RaState, viewer: Seat | None) -> RaState:
    """``s`` as ``viewer`` (None: the public) knows it; see the module docstring."""
    return _known(s, viewer, sorted(s.bag[s.drawn:]))


def _known(s: RaState, viewer: Seat | None, bag: list[int]) -> RaState:
    fame, history, breakdown = s.fame, s.history, s.breakdown
    if s.hidden_fame and s.phase != OVER:
        # Fame is left out altogether (even the seat's own, which the view shows beside it), so
        # this part of the view is the same whatever the hidden totals are.
        fame, history, breakdown = [0] * s.players, [], []
    return msgspec.structs.replace(s, bag=bag, drawn=0, fame=fame, history=history, breakdown=breakdown, log=[])


def knowledge(s: RaState, viewer: Seat | None) -> dict[str, Any]:
    """info_state as the view carries it: plain data, the bag as a count per tile type (counted
    straight from the undrawn tiles: sorting them first only to count them was ~6% of a view)."""
    counts = [0] * N_TYPES
    for t in s.bag[s.drawn:]:  # one pass (a count per tile type was 23 passes: most of a view's cost)
        counts[t] += 1
    out = msgspec.to_builtins(_known(s, viewer, []))
    del out["bag"]
    out["bag_counts"] = counts
    return out


def determinise(view: dict[str, Any], seat: Seat, rng: random.Random) -> RaState:
    """A full state consistent with ``view`` (seat ``seat``'s view): the bag in a random order."""
    known = dict(view["info_state"])
    counts = known.pop("bag_counts")
    s = msgspec.convert(known, RaState)
    if s.hidden_fame and s.phase != OVER:
        # Every unknown total is guessed equal to the seat's own: the neutral guess.
        own = view["seats"][seat]["fame"]
        s.fame = [own] * s.players
        s.history = [[own if f is None else f for f in h] for h in view["history"]]
    s.bag = [t for t, n in enumerate(counts) for _ in range(n)]
    rng.shuffle(s.bag)
    return s
