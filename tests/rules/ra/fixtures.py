"""Builders for exact Ra positions, so a test can state its board in a few lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.ra import GAME
from rules.ra.data import N_TYPES, TILE_COUNTS, TILE_INDEX
from rules.ra.state import RaState


def counts(tiles: Mapping[str, int]) -> list[int]:
    out = [0] * N_TYPES
    for tid, n in tiles.items():
        out[TILE_INDEX[tid]] = n
    return out


def position(
    players: int = 3,
    *,
    up: Sequence[Sequence[int]] | None = None,
    down: Sequence[Sequence[int]] | None = None,
    center: int | None = None,
    track: Sequence[str] = (),
    held: Mapping[int, Mapping[str, int]] | None = None,
    fame: Sequence[int] | None = None,
    ra_count: int = 0,
    turn: int = 0,
    bag: Sequence[str] | None = None,
    epoch: int = 1,
    hidden_fame: bool = False,
) -> RaState:
    """A play-phase position. Tiles not placed anywhere are put in the bag (after ``bag``, which
    is drawn first) or, when the count would overflow, taken from the discard pile, so the 180
    tiles stay accounted for."""
    s = GAME.setup(players, {"hidden_fame": "on" if hidden_fame else "off"}, 1)
    if up is not None:
        s.up = [sorted(u, reverse=True) for u in up]
    if down is not None:
        s.down = [list(d) for d in down]
    if center is not None:
        s.center = center
    s.track = [TILE_INDEX[t] for t in track]
    s.held = [counts((held or {}).get(seat, {})) for seat in range(players)]
    if fame is not None:
        s.fame = list(fame)
    s.ra_count = ra_count
    s.turn = turn
    s.epoch = epoch
    placed = [0] * N_TYPES
    for t in s.track:
        placed[t] += 1
    for h in s.held:
        for t, c in enumerate(h):
            placed[t] += c
    placed[TILE_INDEX["ra"]] += ra_count
    first = [TILE_INDEX[t] for t in (bag or ())]
    for t in first:
        placed[t] += 1
    rest = [t for t in range(N_TYPES) for _ in range(max(0, TILE_COUNTS[t] - placed[t]))]
    s.bag = first + rest
    s.drawn = 0
    s.discarded = [0] * N_TYPES
    s.start_disks = sorted([s.center, *(d for u in s.up for d in u), *(x for dn in s.down for x in dn)])
    return s


def tile_census(s: RaState) -> list[int]:
    """Every tile's location counted by type: bag, Ra track, auction track, displays, discards."""
    out = s.discarded[:]
    for t in s.bag[s.drawn :]:
        out[t] += 1
    out[TILE_INDEX["ra"]] += s.ra_count
    for t in s.track:
        out[t] += 1
    for h in s.held:
        for t, c in enumerate(h):
            out[t] += c
    return out
