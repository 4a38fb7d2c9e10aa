"""Auctions (seed: 競りラウンド): once around from the left of the Ra holder, ending with the holder.

The winner takes every track tile, the centre disk face down, and leaves the bid disk in the
centre. Pass rules depend on how the auction started: "invoked" (the invoker must bid if all
others passed), "drawn" (everyone may pass; tiles stay) or "full" (everyone may pass; the eight
tiles are discarded)."""

from __future__ import annotations

from functools import lru_cache

from rules.base import Event, IllegalAction, InvalidAction
from rules.ra import disasters
from rules.ra.data import DISASTERS, TILE_IDS, TILE_NAMES
from rules.ra.epoch import end_epoch
from rules.ra.state import AUCTION, PLAY, RaState, own_tables
from rules.ra.turns import (
    AUTO_PASS_EVENTS,
    BID_EVENTS,
    MAX_DISK,
    NAMES,
    PASS_EVENTS,
    auto_pass_event,
    bid_event,
    log,
    next_active,
    pass_event,
    phase_error,
)

_DISASTER_SET = frozenset(DISASTERS)
_UNSPOKEN = tuple([-1] * n for n in range(9))
"""``bids`` before anyone has spoken, by the number of players (compared and copied, never changed)."""
# map() with these rather than comprehensions, which cost a function call each in Python 3.11
_tile_name = TILE_NAMES.__getitem__
_tile_id = TILE_IDS.__getitem__

# The functions that play a move take ``events``: a list for apply, which plays on a fresh
# copy_state copy, so they copy a shared list before changing it in place (see state.copy_state);
# None for apply_owned, whose caller owns the state and every list in it, so they change the lists
# in place and log nothing. Hot events come from the shared tables in turns.py or are built inline
# as ``Event(kind, text, to, data)``, which saves a call to turns.log.


def start(s: RaState, holder: int, reason: str) -> None:
    s.phase = AUCTION
    s.ra_holder = holder
    s.reason = reason
    # Between auctions these are already 0 and -1 (after() and the initial state leave them so);
    # a struct's attribute store costs several loads, so they are stored only when they differ.
    if s.high_bid:
        s.high_bid = 0
    if s.high_bidder != -1:
        s.high_bidder = -1
    n = s.players
    if s.bids != _UNSPOKEN[n]:  # as after() and the end of an epoch leave it, in every game
        s.bids = [-1] * n
    t = (holder + 1) % n  # next_active's usual answer, tested first
    s.turn = t if s.up[t] else next_active(s, holder)


def must_bid(s: RaState, seat: int) -> bool:
    return s.reason == "invoked" and seat == s.ra_holder and s.high_bid == 0


def check_bid(s: RaState, seat: int, d: object) -> int:
    if not isinstance(d, int) or isinstance(d, bool):
        raise InvalidAction("A bid must name a sun disk by its number.", key="ra.error.bid_not_a_number")
    if s.phase != AUCTION:
        raise phase_error(s, "bid")
    if d not in s.up[seat]:
        if d in s.down[seat]:
            raise IllegalAction(f"Your sun {d} is face down: you can use it next epoch.", disk=d,
                                key="ra.error.sun_face_down")
        if any(d in u or d in dn for u, dn in zip(s.up, s.down, strict=True)) or d == s.center:
            raise IllegalAction(f"Sun {d} is not yours.", disk=d, key="ra.error.sun_not_yours")
        raise IllegalAction(f"There is no sun {d} in play.", disk=d, key="ra.error.no_such_sun")
    if d <= s.high_bid:
        raise IllegalAction(f"Your sun {d} can't beat the current bid of {s.high_bid}.", disk=d,
                            high_bid=s.high_bid, key="ra.error.bid_too_low")
    return d


def bid(s: RaState, seat: int, d: int, events: list[Event] | None) -> None:
    s.high_bid = d
    s.high_bidder = seat
    if events is None:
        s.bids[seat] = d
    else:
        bids = s.bids = s.bids[:]
        bids[seat] = d
        events.append(BID_EVENTS[seat][d] if type(seat) is int and 0 <= d <= MAX_DISK else bid_event(seat, d))
    _next(s, seat, events)


def check_pass(s: RaState, seat: int) -> None:
    if s.phase != AUCTION:
        raise phase_error(s, "pass")
    if must_bid(s, seat):
        raise IllegalAction("You invoked Ra and everyone else passed: you must bid.", key="ra.error.must_bid")


def pass_(s: RaState, seat: int, events: list[Event] | None) -> None:
    if events is None:
        s.bids[seat] = 0
    else:
        bids = s.bids = s.bids[:]
        bids[seat] = 0
        events.append(PASS_EVENTS[seat] if type(seat) is int else pass_event(seat))
    _next(s, seat, events)


def _next(s: RaState, seat: int, events: list[Event] | None) -> None:
    """Hand the auction on to the next seat after ``seat``, or settle it once the Ra holder has
    spoken. ``s.bids`` must already be this state's own list.

    Seats without face-up disks are skipped; seats whose best disk can't beat the high bid pass
    automatically (they have no choice, so nobody waits for their click)."""
    holder = s.ra_holder
    n = s.players
    high = s.high_bid
    up = s.up
    t = seat
    while t != holder:
        t = (t + 1) % n
        u = up[t]
        if u:
            if u[0] > high:
                s.turn = t
                return
            s.bids[t] = 0
            if events is not None:
                events.append(AUTO_PASS_EVENTS[t][high] if 0 <= high <= MAX_DISK else auto_pass_event(t, high))
    _settle(s, events)


def _settle(s: RaState, events: list[Event] | None) -> None:
    """Everyone has spoken: the high bidder takes the lot (or nobody bid), then play resumes."""
    w = s.high_bidder
    if w < 0:
        if s.reason == "full" and s.track:
            if events is not None:
                own_tables(s)
                log(events, "discard_track", "Everyone passed: the 8 tiles on the track are discarded.")
            for t in s.track:
                s.discarded[t] += 1
            s.track = []
        elif events is not None:
            log(events, "no_bid", "Everyone passed.")
        after(s, events)
        return
    lot = s.track
    pending = [] if _DISASTER_SET.isdisjoint(lot) else sorted(t for t in lot if t in _DISASTER_SET)
    if events is None:  # apply_owned: the state's own rows
        h, up, down = s.held[w], s.up[w], s.down[w]
    elif pending:
        own_tables(s)
        h, up, down = s.held[w], s.up[w], s.down[w]
    else:  # the common case: only the winner's rows change, so only they are copied
        held = s.held = s.held[:]
        h = held[w] = held[w][:]
        ups = s.up = s.up[:]
        up = ups[w] = ups[w][:]
        downs = s.down = s.down[:]
        down = downs[w] = downs[w][:]
    for t in lot:
        h[t] += 1
    if events is None:
        lot.clear()  # the state's own list: a method call is cheaper than a struct's store
    else:
        s.track = []
    high = s.high_bid
    up.remove(high)
    old_center = s.center
    down.append(old_center)
    s.center = high
    if events is not None:
        events.append(_win_event(w, high, tuple(lot), old_center))
    if pending:
        s.winner = w
        s.pending = pending
        s.to_lose = -1
        s.resume = AUCTION
        if not disasters.resolve(s, events):
            return
    after(s, events)


@lru_cache(maxsize=1 << 15, typed=True)  # typed: a bool seat (True) keeps its own events
def _win_event(w: int, high: int, lot: tuple[int, ...], old_center: int) -> Event:
    """The line of a won auction, shared by every game that repeats it (two in three do: most lots
    are a few tiles); like turns.py's tables, an Event is frozen and its data is read-only."""
    names = ", ".join(map(_tile_name, lot)) or "no tiles"
    return Event("win", f"{NAMES[w]} won with {high}: {names}; takes sun {old_center}.", None,
                 {"seat": w, "disk": high, "tiles": list(map(_tile_id, lot)), "center": old_center})


def after(s: RaState, events: list[Event] | None) -> None:
    """Play resumes left of the Ra holder, whoever won; the epoch ends when no disk is face up."""
    holder = s.ra_holder
    s.ra_holder = -1
    s.reason = ""
    s.high_bid = 0
    s.high_bidder = -1
    if events is None:
        s.bids[:] = _UNSPOKEN[s.players]  # the state's own list, refilled in place (no store)
    else:
        s.bids = [-1] * s.players
    if s.winner != -1:  # both set only after disasters (stored only when they differ, as in start)
        s.winner = -1
    if s.resume:
        s.resume = ""
    if not any(s.up):
        if events is not None:
            log(events, "suns_used", "Every sun disk has been used.")
        end_epoch(s, events)
        return
    s.phase = PLAY
    t = (holder + 1) % s.players  # next_active's usual answer, tested first
    s.turn = t if s.up[t] else next_active(s, holder)
