"""God tiles (seed: 神タイルを使う): one god discarded per tile taken from the auction track,
never a Ra or god tile; taken step by step within one turn."""

from __future__ import annotations

from rules.base import Event, IllegalAction
from rules.ra import disasters
from rules.ra.data import DISASTERS, GOD, RA, TILE_IDS, TILE_NAMES
from rules.ra.state import GODS, PLAY, RaState, own_tables
from rules.ra.turns import end_turn, log, name, phase_error


def targets(s: RaState) -> list[int]:
    """Distinct tile types on the track that a god may take (not Ra, not god), in track order."""
    seen: list[int] = []
    for t in s.track:
        if t not in (GOD, RA) and t not in seen:
            seen.append(t)
    return seen


def check_take(s: RaState, seat: int, t: int) -> None:
    if s.phase not in (PLAY, GODS):
        raise phase_error(s, "god")
    if not s.held[seat][GOD]:
        raise IllegalAction("You have no god tile left.", key="ra.error.no_god")
    if t in (RA, GOD):
        raise IllegalAction(f"A god can't take a {TILE_NAMES[t]} tile.", tile=TILE_IDS[t],
                            tile_name=TILE_NAMES[t], key="ra.error.god_cant_take")
    if t not in s.track:
        raise IllegalAction(f"There is no {TILE_NAMES[t]} on the auction track.", tile=TILE_IDS[t],
                            tile_name=TILE_NAMES[t], key="ra.error.not_on_track")


def take(s: RaState, seat: int, t: int, events: list[Event] | None) -> None:
    """Play a checked god take; ``events`` None (apply_owned): in place, nothing logged."""
    if events is not None:
        own_tables(s)  # rare enough to copy every table (the track included)
        log(events, "god", f"{name(seat)} used a god to take {TILE_NAMES[t]}.", seat=seat, tile=TILE_IDS[t])
    h = s.held[seat]
    h[GOD] -= 1
    s.discarded[GOD] += 1
    s.track.remove(t)
    h[t] += 1
    if t in DISASTERS:  # a disaster taken with a god strikes its taker at once
        s.winner = seat
        s.pending = [t]
        s.to_lose = -1
        s.resume = GODS
        if not disasters.resolve(s, events):
            return
    after(s, seat)


def after(s: RaState, seat: int) -> None:
    """Offer another god take while one is possible; otherwise the turn passes on."""
    s.winner = -1
    s.resume = ""
    if s.held[seat][GOD] and targets(s):
        s.phase = GODS
        s.turn = seat
    else:
        end_turn(s, seat)


def check_stop(s: RaState) -> None:
    if s.phase != GODS:
        raise IllegalAction("You are not using gods; there is nothing to stop.", key="ra.error.nothing_to_stop")
