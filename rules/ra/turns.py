"""Turn order and the event log: who plays next, who starts an epoch, how a line is logged."""

from __future__ import annotations

from typing import Any

from rules.base import Event, IllegalAction
from rules.ra.data import N_TYPES, TILE_IDS, TILE_NAMES, max_disk
from rules.ra.state import AUCTION, DISASTER, GODS, LOG_KEEP, PLAY, RaState


def name(seat: int) -> str:
    return f"Player {seat + 1}"


NAMES: tuple[str, ...] = tuple(name(seat) for seat in range(8))
"""``name(seat)`` for every real seat, precomputed: almost every event names one."""


def log(events: list[Event], kind: str, text: str, to: tuple[int, ...] | None = None, **data: Any) -> None:
    """Record an event for the caller; :func:`remember` later keeps it in the state's short log.

    Hot paths build their ``Event(kind, text, to, data)`` directly, which skips this call."""
    events.append(Event(kind, text, to, data))


def remember(s: RaState, events: list[Event]) -> None:
    """Keep the last LOG_KEEP events in the state (for the picture), once per move rather than
    once per event. The list is replaced, never mutated: copy_state shares it."""
    if events:
        s.log = (s.log + events)[-LOG_KEEP:]


def next_active(s: RaState, after: int) -> int:
    """The next seat clockwise after ``after`` (possibly ``after`` itself) with a face-up disk;
    seats without face-up disks sit out the rest of the epoch."""
    n = s.players
    up = s.up
    t = (after + 1) % n
    if up[t]:  # the usual case, tested before setting up the loop
        return t
    for k in range(2, n + 1):
        t = (after + k) % n
        if up[t]:
            return t
    return -1


def first_player(s: RaState) -> int:
    """The holder of the highest face-up disk starts an epoch (seed: もっとも数値の大きい太陽チップ)."""
    first, best = -1, -1
    for seat, u in enumerate(s.up):  # the first seat with the highest disk: a plain loop is cheapest
        if u and u[0] > best:
            first, best = seat, u[0]
    return first


def end_turn(s: RaState, seat: int) -> None:
    s.phase = PLAY
    s.turn = next_active(s, seat)


PHASE_MOVES: dict[str, str] = {
    "draw": "draw a tile",
    "invoke": "invoke Ra",
    "god": "use a god",
    "bid": "bid",
    "pass": "pass",
}
"""The moves :func:`phase_error` refuses, by id, with their words in its sentence."""
PHASE_ERRORS: tuple[str, ...] = (AUCTION, DISASTER, GODS, "other")
"""The situations :func:`phase_error` tells apart ("other": outside an auction)."""


def phase_error(s: RaState, move: str) -> IllegalAction:
    """The refusal for ``move`` (a PHASE_MOVES id) made in the wrong phase, naming what is expected
    instead. Its ``key`` is ``ra.error.phase.<situation>.<move>`` (one message per pair, so a
    translation need not splice an English phrase into its sentence)."""
    what = PHASE_MOVES[move]
    phase = s.phase
    if phase == AUCTION:
        return IllegalAction(f"An auction is running: you can't {what} now; bid or pass.", phase=phase,
                             key=f"ra.error.phase.auction.{move}")
    if phase == DISASTER:
        return IllegalAction(f"Choose the tile your disaster takes first; you can't {what} now.",
                             phase=phase, key=f"ra.error.phase.disaster.{move}")
    if phase == GODS:
        return IllegalAction(f"You are using gods: take another tile or stop; you can't {what} now.",
                             phase=phase, key=f"ra.error.phase.gods.{move}")
    return IllegalAction(f"You can't {what} outside an auction.", phase=phase, key=f"ra.error.phase.other.{move}")


# --------------------------------------------------------------------------- shared events
# Most moves log one of a few hundred possible lines ("Player 2 bid 13."). Those are built once
# here and shared by every game, so such a move costs a table lookup instead of a text, a dict
# and an Event. Sharing is safe because an Event is frozen and nothing changes its ``data``
# (treat event data as read-only). Tables are indexed [seat][disk or tile]; callers use the
# builder for anything a table doesn't cover: a bool seat (apply accepts True for seat 1, and
# its events have always carried the bool) or a disk outside the game's sets (hand-made states).

SEATS = 8
"""Seats the tables cover (as many as engine.to_act knows)."""
MAX_DISK = max_disk()


def bid_event(seat: int, d: int) -> Event:
    return Event("bid", f"{name(seat)} bid {d}.", None, {"seat": seat, "disk": d})


def pass_event(seat: int) -> Event:
    return Event("pass", f"{name(seat)} passed.", None, {"seat": seat})


def auto_pass_event(seat: int, high: int) -> Event:
    """A seat whose best disk can't beat ``high`` passes without being asked."""
    return Event("pass", f"{name(seat)} can't beat {high} and passes.", None,
                 {"seat": seat, "auto": True, "high": high})


def draw_event(seat: int, t: int) -> Event:
    """A drawn tile other than Ra (whose line also counts the Ra track)."""
    return Event("draw", f"{name(seat)} drew {TILE_NAMES[t]}.", None, {"seat": seat, "tile": TILE_IDS[t]})


def invoke_event(seat: int) -> Event:
    return Event("invoke", f"{name(seat)} invoked Ra.", None, {"seat": seat})


BID_EVENTS = [[bid_event(seat, d) for d in range(MAX_DISK + 1)] for seat in range(SEATS)]
PASS_EVENTS = [pass_event(seat) for seat in range(SEATS)]
AUTO_PASS_EVENTS = [[auto_pass_event(seat, high) for high in range(MAX_DISK + 1)] for seat in range(SEATS)]
DRAW_EVENTS = [[draw_event(seat, t) for t in range(N_TYPES)] for seat in range(SEATS)]
INVOKE_EVENTS = [invoke_event(seat) for seat in range(SEATS)]
