"""The state of a game of Ra: small lists of ints so that copying and JSON stay cheap."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from rules.base import Event

PLAY = "play"
"""A seat with face-up disks chooses: draw, invoke Ra or use gods."""
GODS = "gods"
"""The same seat has just used a god and may take more tiles with further gods, or stop."""
AUCTION = "auction"
DISASTER = "disaster"
"""The auction winner (or god user) chooses which tiles a disaster takes."""
OVER = "over"

LOG_KEEP = 12
"""Recent events kept in the state for the picture; the host keeps the full log."""


class RaState(msgspec.Struct, kw_only=True):
    """Tiles are indices into data.TILE_IDS; ``held[seat][tile]`` counts a display by type."""

    players: int
    hidden_fame: bool = False
    epoch: int = 1
    phase: str = PLAY
    turn: int = 0
    """Whose turn it is in play/gods phases; in an auction, the seat that must bid or pass."""
    bag: list[int] = []
    """The shuffled supply, drawn front to back from index ``drawn``; never mutated, never shown."""
    drawn: int = 0
    ra_count: int = 0
    track: list[int] = []
    """The auction track, left to right (at most 8 tiles)."""
    center: int = 1
    up: list[list[int]] = []
    """Face-up sun disks per seat, highest first."""
    down: list[list[int]] = []
    fame: list[int] = []
    held: list[list[int]] = []
    discarded: list[int] = []
    """Tiles out of the game, counted by type (god tiles used, disasters, scored tiles, ...)."""
    # -- auction
    ra_holder: int = -1
    reason: str = ""
    """Why the auction runs: "drawn", "invoked" or "full"."""
    high_bid: int = 0
    high_bidder: int = -1
    bids: list[int] = []
    """Per seat in this auction: -1 not yet spoken (or skipped), 0 passed, else the disk bid."""
    # -- disasters
    winner: int = -1
    pending: list[int] = []
    """Disaster tiles still to resolve for ``winner``, first one is being resolved."""
    to_lose: int = 0
    """Tiles the current disaster still takes."""
    resume: str = ""
    """Where play continues after the disasters: "auction" (post-auction) or "gods"."""
    # -- record
    start_disks: list[int] = []
    """Every disk value in play (sorted); the same at the start of every epoch."""
    history: list[list[int]] = []
    """Fame of every seat after each scored epoch."""
    breakdown: list[dict[str, int]] = []
    """The last scoring's points per seat by item (for the picture and the log)."""
    log: list[Event] = []


copy_state: Callable[[RaState], RaState] = RaState.__copy__
"""The copy ``apply`` works on: a shallow struct copy, every list still shared with the input
(msgspec's own copy, bound directly: a wrapper would cost a Python call on every move).

A move changes few lists, so the engine copies only those, just before changing them in place:
:func:`own_tables` for everything, only the winner's rows of ``held``, ``up`` and ``down``
(auction._settle, an auction won without disasters), or a fresh list assigned to the field
(``track``, ``bids``, ``pending``). ``bag``, ``start_disks``, ``history``, ``breakdown`` and
``log`` are never mutated, only replaced. This keeps the host's move cheap. ``apply_owned`` (the
search's path) takes none of these copies: its caller owns the state and every list in it, so the
same code changes them in place (the move functions are told by ``events`` being None).

A struct's attribute store costs several times a load (msgspec's setattr is not the plain slot
store), so the hot paths store a field only when its value changes (see auction.start)."""


def own_tables(s: RaState) -> None:
    """Give ``s`` its own copies of every list the engine changes in place (see copy_state)."""
    s.held = [h[:] for h in s.held]
    s.up = [u[:] for u in s.up]
    s.down = [d[:] for d in s.down]
    s.fame = s.fame[:]
    s.discarded = s.discarded[:]
    s.pending = s.pending[:]
    s.track = s.track[:]
    s.bids = s.bids[:]


def deep_copy(s: RaState) -> RaState:
    """A fully independent copy (for tests and tools that edit states by hand)."""
    c = copy_state(s)
    own_tables(c)
    return c
