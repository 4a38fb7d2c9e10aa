"""Which Barrage moves are final (rules.base.Reveals): any that draws from a face-down pile.

Barrage rolls no dice: all of its randomness is the order of its face-down piles, dealt at set-up.
Hidden information lives in the state fields named ``pile*``/``deck*`` (rules/barrage/state.py), so
a move that changed one of them (a contract refilled, an advanced tile or external work turned, an
irrigation tile uncovered) revealed something. Placements, productions and choices do not.
"""

from __future__ import annotations

from rules.barrage.actions import BarrageAction
from rules.barrage.state import State
from rules.base import Seat, fields_differ

HIDDEN = tuple(name for name in State.__struct_fields__ if name.startswith(("pile", "deck")))


def reveals(before: State, after: State, seat: Seat, action: BarrageAction) -> bool:
    return fields_differ(before, after, HIDDEN)
