"""Auctions (seed: 競りラウンド): once around from the left of the Ra holder, ending with the holder.

The winner takes every track tile, the centre disk face down, and leaves the bid disk in the
centre. Pass rules depend on how the auction started: "invoked" (the invoker must bid if all
others passed), "drawn" (everyone may pass; tiles stay) or "full" (everyone may pass; the eight
tiles are discarded)."""

from __future__ import annotations

from rules.base import Event, IllegalAction, InvalidAction
from rules.ra import disasters
from rules.ra.data import DISASTERS, TILE_IDS, TILE_NAMES
from rules.ra.epoch import end_epoch
from rules.ra.state import AUCTION, PLAY, RaState, own_seat, own_tables
from rules.ra.turns import log, name, next_active, phase_error

_DISASTER_SET = frozenset(DISASTERS)


def start(s: RaState, holder: int, reason: str) -> None:
    s.phase = AUCTION
    s.ra_holder = holder
    s.reason = reason
    s.high_bid = 0
    s.high_bidder = -1
    s.bids = [-1] * s.players
    s.turn = next_active(s, holder)


def must_bid(s: RaState, seat: int) -> bool:
    return s.reason == "invoked" and seat == s.ra_holder and s.high_bid == 0


def _next_bidder(s: RaState, current: int, events: list[Event]) -> int:
    """The next seat to bid after ``current``, ending with the Ra holder; -1 when all have spoken.

    Seats without face-up disks are skipped; seats whose best disk can't beat the high bid pass
    automatically (they have no choice, so nobody waits for their click)."""
    t = current
    while t != s.ra_holder:
        t = (t + 1) % s.players
        u = s.up[t]
        if u:
            if u[0] > s.high_bid:
                return t
            s.bids[t] = 0
            log(s, events, "pass", f"{name(t)} can't beat {s.high_bid} and passes.", seat=t, auto=True)
    return -1


def check_bid(s: RaState, seat: int, d: object) -> int:
    if not isinstance(d, int) or isinstance(d, bool):
        raise InvalidAction("A bid must name a sun disk by its number.")
    if s.phase != AUCTION:
        raise phase_error(s, "bid")
    if d not in s.up[seat]:
        if d in s.down[seat]:
            raise IllegalAction(f"Your sun {d} is face down: you can use it next epoch.", disk=d)
        if any(d in u or d in dn for u, dn in zip(s.up, s.down, strict=True)) or d == s.center:
            raise IllegalAction(f"Sun {d} is not yours.", disk=d)
        raise IllegalAction(f"There is no sun {d} in play.", disk=d)
    if d <= s.high_bid:
        raise IllegalAction(f"Your sun {d} can't beat the current bid of {s.high_bid}.", disk=d,
                            high_bid=s.high_bid)
    return d


def bid(s: RaState, seat: int, d: int, events: list[Event]) -> None:
    s.high_bid = d
    s.high_bidder = seat
    s.bids[seat] = d
    log(s, events, "bid", f"{name(seat)} bid {d}.", seat=seat, disk=d)
    _next(s, seat, events)


def check_pass(s: RaState, seat: int) -> None:
    if s.phase != AUCTION:
        raise phase_error(s, "pass")
    if must_bid(s, seat):
        raise IllegalAction("You invoked Ra and everyone else passed: you must bid.")


def pass_(s: RaState, seat: int, events: list[Event]) -> None:
    s.bids[seat] = 0
    log(s, events, "pass", f"{name(seat)} passed.", seat=seat)
    _next(s, seat, events)


def _next(s: RaState, seat: int, events: list[Event]) -> None:
    """Hand the auction on, or settle it once the Ra holder has spoken."""
    nxt = _next_bidder(s, seat, events)
    if nxt >= 0:
        s.turn = nxt
        return
    w = s.high_bidder
    if w < 0:
        if s.reason == "full" and s.track:
            own_tables(s)
            for t in s.track:
                s.discarded[t] += 1
            s.track = []
            log(s, events, "discard_track", "Everyone passed: the 8 tiles on the track are discarded.")
        else:
            log(s, events, "no_bid", "Everyone passed.")
        after(s, events)
        return
    lot = s.track
    pending = sorted(t for t in lot if t in _DISASTER_SET)
    if pending:
        own_tables(s)
    else:  # the common case: only the winner's rows change
        own_seat(s, w)
    h = s.held[w]
    for t in lot:
        h[t] += 1
    s.track = []
    s.up[w].remove(s.high_bid)
    s.down[w].append(s.center)
    old_center, s.center = s.center, s.high_bid
    names = ", ".join(TILE_NAMES[t] for t in lot) or "no tiles"
    log(s, events, "win", f"{name(w)} won with {s.high_bid}: {names}; takes sun {old_center}.",
        seat=w, disk=s.high_bid, tiles=[TILE_IDS[t] for t in lot], center=old_center)
    if pending:
        s.winner = w
        s.pending = pending
        s.to_lose = -1
        s.resume = AUCTION
        if not disasters.resolve(s, events):
            return
    after(s, events)


def after(s: RaState, events: list[Event]) -> None:
    """Play resumes left of the Ra holder, whoever won; the epoch ends when no disk is face up."""
    holder = s.ra_holder
    s.ra_holder = -1
    s.reason = ""
    s.high_bid = 0
    s.high_bidder = -1
    s.bids = [-1] * s.players
    s.winner = -1
    s.resume = ""
    if not any(s.up):
        log(s, events, "suns_used", "Every sun disk has been used.")
        end_epoch(s, events)
        return
    s.phase = PLAY
    s.turn = next_active(s, holder)
