"""Which Alhambra moves are final (rules.base.Reveals): a roll or re-roll, and any draw.

Dice come from the counter-based generator ``rng`` and tiles and chips from face-down stacks and the
bag; a move that advanced any of them showed something new. Placing dice, choosing, building and
claiming after a roll use only what is on the table and may be taken back.
"""

from __future__ import annotations

from rules.alhambra_dice.actions import Action
from rules.alhambra_dice.state import State
from rules.base import Seat, fields_differ

HIDDEN = ("rng", "stacks", "tile_stacks", "bag")
"""The state's hidden fields that a roll or a draw changes (rules/alhambra_dice/state.py)."""


def reveals(before: State, after: State, seat: Seat, action: Action) -> bool:
    return fields_differ(before, after, HIDDEN)
