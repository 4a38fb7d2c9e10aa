"""Which Ra moves are final (rules.base.Reveals): drawing a tile from the bag.

Everything else is public and comes from no random draw: a bid or a pass (bids are spoken in turn,
so the next bidder acting already ends the take-back), invoking Ra, a god tile, a disaster discard.
Ending an auction hands tiles over but draws nothing; the next player's draw is then final on its own.
"""

from __future__ import annotations

from rules.base import Seat
from rules.ra.actions import RaAction
from rules.ra.state import RaState


def reveals(before: RaState, after: RaState, seat: Seat, action: RaAction) -> bool:
    # ``drawn`` is the bag position: it moves exactly when a tile came out of the bag.
    return after.drawn != before.drawn
