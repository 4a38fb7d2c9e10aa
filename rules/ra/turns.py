"""Turn order and the event log: who plays next, who starts an epoch, how a line is logged."""

from __future__ import annotations

from typing import Any

from rules.base import Event, IllegalAction
from rules.ra.state import AUCTION, DISASTER, GODS, LOG_KEEP, PLAY, RaState


def name(seat: int) -> str:
    return f"Player {seat + 1}"


def log(s: RaState, events: list[Event], kind: str, text: str, to: tuple[int, ...] | None = None,
        **data: Any) -> None:
    """Record an event for the caller and in the state's short log (for the picture)."""
    ev = Event(kind, text, to, data)
    events.append(ev)
    s.log = [*s.log[1 - LOG_KEEP :], ev]  # replaced, never mutated: copy_state shares it


def next_active(s: RaState, after: int) -> int:
    """The next seat clockwise after ``after`` (possibly ``after`` itself) with a face-up disk;
    seats without face-up disks sit out the rest of the epoch."""
    n = s.players
    for k in range(1, n + 1):
        t = (after + k) % n
        if s.up[t]:
            return t
    return -1


def first_player(s: RaState) -> int:
    """The holder of the highest face-up disk starts an epoch (seed: もっとも数値の大きい太陽チップ)."""
    best = max(u[0] for u in s.up if u)
    return next(seat for seat, u in enumerate(s.up) if u and u[0] == best)


def end_turn(s: RaState, seat: int) -> None:
    s.phase = PLAY
    s.turn = next_active(s, seat)


def phase_error(s: RaState, what: str) -> IllegalAction:
    """The refusal for a move made in the wrong phase, naming what is expected instead."""
    if s.phase == AUCTION:
        return IllegalAction(f"An auction is running: you can't {what} now; bid or pass.", phase=s.phase)
    if s.phase == DISASTER:
        return IllegalAction(f"Choose the tile your disaster takes first; you can't {what} now.",
                             phase=s.phase)
    if s.phase == GODS:
        return IllegalAction(f"You are using gods: take another tile or stop; you can't {what} now.",
                             phase=s.phase)
    return IllegalAction(f"You can't {what} outside an auction.", phase=s.phase)
