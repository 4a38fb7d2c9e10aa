"""Disasters (seed: 災害): each takes two tiles of its kind from the display of whoever took it,
one at a time, asking the owner only when the choice matters."""

from __future__ import annotations

from rules.base import Event, IllegalAction
from rules.ra.data import CIVS, DISASTER_LOSS, DISASTER_TARGETS, TILE_IDS, TILE_NAMES
from rules.ra.scoring import civ_points, monument_points
from rules.ra.state import DISASTER, RaState
from rules.ra.turns import log, name


def options(s: RaState) -> list[int]:
    """Tile types the current disaster may take, the sensible default (least fame lost) first."""
    h = s.held[s.winner]
    targets = DISASTER_TARGETS[s.pending[0]]
    if len(targets) == 2:  # drought: floods strictly first, then Nile
        return [t for t in targets if h[t] > 0][:1]
    avail = [t for t in targets if h[t] > 0]
    if len(avail) < 2:
        return avail
    value = civ_points if targets == CIVS else monument_points

    def after(t: int) -> tuple[int, int, int]:
        counts = [h[x] - (x == t) for x in targets]
        return (-value(counts), -h[t], t)

    return sorted(avail, key=after)


def resolve(s: RaState, events: list[Event] | None) -> bool:
    """Resolve ``s.pending`` as far as no choice is needed; False when the owner must choose.

    The caller must own the state's tables (state.own_tables); ``events`` None logs nothing
    (apply_owned)."""
    h = s.held[s.winner]
    while s.pending:
        d = s.pending[0]
        targets = DISASTER_TARGETS[d]
        if s.to_lose < 0:
            s.to_lose = min(DISASTER_LOSS, sum(h[t] for t in targets))
        while s.to_lose > 0:
            opts = options(s)
            if len(opts) > 1 and s.to_lose < sum(h[t] for t in targets):
                s.phase = DISASTER
                return False
            lose(s, opts[0], events)
        h[d] -= 1
        s.discarded[d] += 1
        s.pending = s.pending[1:]
        s.to_lose = -1
    return True


def lose(s: RaState, t: int, events: list[Event] | None) -> None:
    s.held[s.winner][t] -= 1
    s.discarded[t] += 1
    s.to_lose -= 1
    if events is None:
        return
    d = s.pending[0]
    log(events, "disaster", f"{TILE_NAMES[d]}: {name(s.winner)} loses {TILE_NAMES[t]}.",
        seat=s.winner, disaster=TILE_IDS[d], tile=TILE_IDS[t])


def check_choice(s: RaState, t: int) -> None:
    if s.phase != DISASTER:
        raise IllegalAction("No disaster is waiting for your choice.", key="ra.error.no_disaster")
    opts = options(s)
    if t not in opts:
        choices = ", ".join(TILE_NAMES[x] for x in opts)
        raise IllegalAction(f"{TILE_NAMES[s.pending[0]]} can't take {TILE_NAMES[t]}; choose {choices}.",
                            key="ra.error.disaster_cant_take", tile=TILE_IDS[t], tile_name=TILE_NAMES[t],
                            disaster=TILE_IDS[s.pending[0]], disaster_name=TILE_NAMES[s.pending[0]],
                            choices=[TILE_IDS[x] for x in opts], choice_names=choices)
