"""The state of a game of Ra: small lists of ints so that copying and JSON stay cheap."""

from __future__ import annotations

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


def copy_state(s: RaState) -> RaState:
    """A deep copy for ``apply``: a shallow struct copy plus fresh copies of the lists that rules
    mutate in place. ``bag``, ``start_disks``, ``history``, ``breakdown`` and ``log`` are never
    mutated (they are replaced), so sharing them is safe and keeps each move cheap."""
    c = s.__copy__()
    c.track = s.track[:]
    c.up = [u[:] for u in s.up]
    c.down = [d[:] for d in s.down]
    c.fame = s.fame[:]
    c.held = [h[:] for h in s.held]
    c.discarded = s.discarded[:]
    c.bids = s.bids[:]
    c.pending = s.pending[:]
    return c
