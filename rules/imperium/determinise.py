"""What one seat knows of a game of Imperium, as a state, and full states sampled from it.

The only hidden thing is another seat's pick for this round before the reveal. ``info_state``
clears those picks (the seat's own stays), so a seat that has secretly chosen looks like one still
to choose; ``determinise`` returns that state: the search then lets its model of the opponents
choose for them, which is the honest way to sample a pick nobody has shown.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from rules.base import Seat
from rules.imperium.state import ImperiumState


def info_state(s: ImperiumState, viewer: Seat | None) -> ImperiumState:
    """``s`` as ``viewer`` (None: the public) knows it; see the module docstring."""
    choices = [c if seat == viewer else () for seat, c in enumerate(s.choices)]
    return msgspec.structs.replace(s, choices=choices, events=[], seed=0)


def determinise(view: dict[str, Any], seat: Seat, rng: random.Random) -> ImperiumState:
    """A state consistent with ``view``: the other seats' unrevealed picks are left to be made."""
    return msgspec.convert(view["info_state"], ImperiumState)
