"""What one seat may see. The bag order never appears (only its size); with ``hidden_fame`` on,
fame totals, scoring breakdowns and score events of other seats are withheld until the end."""

from __future__ import annotations

from typing import Any

from rules.base import Seat
from rules.ra.actions import describe, encode
from rules.ra.data import AUCTION_SPACES, RA_SPACES, TILE_IDS, ra_blocked, ra_track_length
from rules.ra.determinise import knowledge
from rules.ra.engine import legal_actions, result, to_act
from rules.ra.state import AUCTION, DISASTER, OVER, RaState


def _tiles(counts: list[int]) -> dict[str, int]:
    return {TILE_IDS[t]: c for t, c in enumerate(counts) if c}


def view(s: RaState, viewer: Seat | None) -> dict[str, Any]:
    over = s.phase == OVER
    hide = s.hidden_fame and not over

    def sees(seat: int) -> bool:
        return not hide or seat == viewer

    seats = []
    for seat in range(s.players):
        seats.append({
            "seat": seat,
            "suns_up": list(s.up[seat]),
            "suns_down": list(s.down[seat]),
            "fame": s.fame[seat] if sees(seat) else None,
            "tiles": _tiles(s.held[seat]),
        })
    acting = sorted(to_act(s))
    seen = [e for e in s.log if e.to is None or viewer in e.to]
    out: dict[str, Any] = {
        "game": "ra",
        "players": s.players,
        "viewer": viewer,
        "epoch": s.epoch,
        "phase": s.phase,
        "to_act": acting,
        "turn": s.turn,
        "hidden_fame": s.hidden_fame,
        "ra_track": {
            "count": s.ra_count,
            "ends_at": ra_track_length(s.players),
            "spaces": RA_SPACES,
            "blocked": ra_blocked(s.players),
        },
        "auction_track": [TILE_IDS[t] for t in s.track],
        "auction_spaces": AUCTION_SPACES,
        "center_disk": s.center,
        "bag_count": len(s.bag) - s.drawn,
        "seats": seats,
        "auction": None,
        "disaster": None,
        "history": [[f if sees(seat) else None for seat, f in enumerate(h)] for h in s.history],
        "last_scoring": [dict(b) if sees(seat) else None for seat, b in enumerate(s.breakdown)],
        "events": [e.text for e in seen],
        "event_log": [{"kind": e.kind, "data": e.data} for e in seen],
        "result": None,
        # The seat's knowledge as a state with the hidden parts canonical: what an AI plays from.
        "info_state": knowledge(s, viewer),
    }
    if s.phase == AUCTION:
        out["auction"] = {
            "reason": s.reason,
            "ra_holder": s.ra_holder,
            "high_bid": s.high_bid or None,
            "high_bidder": s.high_bidder if s.high_bidder >= 0 else None,
            "bids": [None if b < 0 else b for b in s.bids],
            "bidder": s.turn,
        }
    if s.phase == DISASTER:
        out["disaster"] = {"seat": s.winner, "pending": [TILE_IDS[t] for t in s.pending],
                           "to_lose": s.to_lose}
    if viewer is not None and viewer in acting:
        out["legal"] = [{"code": encode(a), "label": describe(a)} for a in legal_actions(s, viewer)]
    r = result(s)
    if r is not None:
        out["result"] = {"scores": list(r.scores), "ranks": list(r.ranks),
                         "tiebreak": list(r.tiebreak or ())}
    return out
