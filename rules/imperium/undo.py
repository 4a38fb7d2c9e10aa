"""Which Imperium moves are final (rules.base.Reveals): the pick that completes a round.

A pick is secret until every seat has chosen; the last one reveals them all and resolves the round, so
it is final. An earlier pick reveals nothing and may be taken back while nobody has picked after it.
"""

from __future__ import annotations

from rules.base import Seat
from rules.imperium.actions import ImperiumAction
from rules.imperium.state import ImperiumState


def reveals(before: ImperiumState, after: ImperiumState, seat: Seat, action: ImperiumAction) -> bool:
    return after.round != before.round or after.finished != before.finished or after.last_reveal != before.last_reveal
