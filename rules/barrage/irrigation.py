"""Irrigation (the Nile Affair, RULES.md §13): the tile stacks, irrigation points and their scoring.

Each irrigation area holds 4 stacks of 2 face-up tiles; only the top tile of a stack is visible and
takeable. An emptied stack shows the VP printed under it. A company's irrigation tiles are face up
until activated (once per turn, a bonus action), then face down; both count for irrigation points.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

from rules.barrage import data, supply
from rules.barrage.journal import Line, line
from rules.barrage.state import State

TILES_PER_STACK = 2
FIRST_VP = 3
"""The unique leader scores 3 + the visible VP (seed, irrigation scoring)."""
LAST_VP = -2
"""Every company with the lowest irrigation points loses 2 VP (seed)."""
OPEN, DISCARDED = -1, -2
"""``State.irr_scoring`` values besides the winning seat."""


def area_ids(st: State) -> list[str]:
    return list(data.map_data(st.map).irrigation)


def setup(st: State, rng: random.Random) -> None:
    """Split the tiles by area, shuffle each, and stack them face up, 2 per stack (§13.2 ⑥)."""
    m = data.map_data(st.map)
    for aid, area in m.irrigation.items():
        tiles = sorted(t for t, d in data.IRRIGATION_TILES.items() if d["area"] == area["area"])
        rng.shuffle(tiles)
        st.pile_irrigation[aid] = [tiles[i:i + TILES_PER_STACK] for i in range(0, len(tiles), TILES_PER_STACK)]
    st.irr_scoring = [OPEN] * data.ROUNDS


def visible(st: State, aid: str) -> list[str]:
    """The takeable tiles of an irrigation area: the top of each non-empty stack."""
    return [stack[-1] for stack in st.pile_irrigation.get(aid, []) if stack]


def take(st: State, seat: int, tile: str) -> None:
    """Move a visible tile to the company's supply, face up."""
    # copy on write: the stacks are shared with the state before the move (state.copy_state)
    st.pile_irrigation = {aid: [stack[:] for stack in stacks] for aid, stacks in st.pile_irrigation.items()}
    for stacks in st.pile_irrigation.values():
        for stack in stacks:
            if stack and stack[-1] == tile:
                stack.pop()
                st.companies[seat].irr_up.append(tile)
                return
    raise ValueError(f"{tile} is not visible")


def area_vp(st: State, aid: str) -> int:
    """VP visible in an area: those printed under its emptied stacks."""
    slots = data.map_data(st.map).irrigation[aid]["stack_slots"]
    return sum(data.STACK_VP[slot] for slot, stack in zip(slots, st.pile_irrigation[aid], strict=True) if not stack)


def visible_vp(st: State) -> int:
    """V: the VP visible in the three irrigation areas."""
    return sum(area_vp(st, aid) for aid in st.pile_irrigation)


def tiles_owned(st: State, seat: int) -> list[str]:
    c = st.companies[seat]
    return c.irr_up + c.irr_down


def points(st: State, seat: int) -> int:
    """Irrigation points: every tile acquired, the (negative) scoring tiles won, +2 per Nile work A."""
    c = st.companies[seat]
    total = sum(data.IRRIGATION_TILES[t]["irrigation_points"] for t in tiles_owned(st, seat))
    total += sum(data.IRRIGATION_SCORING[r + 1] for r, winner in enumerate(st.irr_scoring) if winner == seat)
    total += sum(data.EXTERNAL_WORKS[w]["reward"].get("permanent_irrigation_points", 0) for w in c.works)
    return total


def connected_zones(st: State, aid: str | None = None) -> set[int]:
    """Basins (zones) connected to one irrigation area, or to any when ``aid`` is None."""
    return set(_connected_zones(st.map, aid))


@functools.cache
def _connected_zones(map_name: str, aid: str | None) -> frozenset[int]:
    areas = data.map_data(map_name).irrigation
    return frozenset(z for a, info in areas.items() if aid in (None, a) for z in info["connected_zones"])


def _own_dams(st: State, seat: int, aid: str | None) -> Iterator[str]:
    m = data.map_data(st.map)
    zones = _connected_zones(st.map, aid) if aid else None
    return (d for d, o in st.dam_owner.items()
            if o == seat and st.water.get(d, 0) > 0 and (zones is None or m.dams[d]["zone"] in zones))


def own_dams_with_water(st: State, seat: int, aid: str | None = None) -> list[str]:
    """The company's own dams (never neutral ones) holding a drop, in basins connected to ``aid``
    (any basin when ``aid`` is None: the pumping station)."""
    return sorted(_own_dams(st, seat, aid))


def has_own_dam_with_water(st: State, seat: int, aid: str | None = None) -> bool:
    """Whether ``own_dams_with_water`` lists any dam (it stops at the first)."""
    return next(_own_dams(st, seat, aid), None) is not None


def remove_drop(st: State, dam: str) -> None:
    """A drop taken out of a dam to irrigate goes back to the general supply."""
    st.water[dam] -= 1
    if not st.water[dam]:
        del st.water[dam]
    st.ledger["drops_out"] = st.ledger.get("drops_out", 0) + 1


def score(st: State) -> list[Line]:
    """Irrigation scoring after the round's base scoring (seed, 得点計算フェイズ; RULES_NOTES.md).

    Each clause of the seed applies on its own. The highest total: a unique leader takes the round's
    scoring tile and 3 + V; tied leaders gain V // 2 each and the tile is discarded. The second-highest
    total ("2番目に多い") gains V // 2 each, also after tied leaders. The lowest total loses 2 VP each,
    also when it has just gained as second. All equal: nobody scores and the tile is discarded."""
    st.irr_scoring = st.irr_scoring[:]  # copy on write (state.copy_state)
    r = st.round
    pts = [points(st, s) for s in range(st.players)]
    v = visible_vp(st)
    values = sorted(set(pts), reverse=True)
    lines = [line(f"Irrigation scoring, round {r}: irrigation points {', '.join(map(str, pts))} (in seat order), "
                  f"{v} VP visible.", "irrigation_scoring", round=r,
                  points=list(pts), visible=v)]
    if len(values) == 1:
        st.irr_scoring[r - 1] = DISCARDED
        return [*lines, line("Every company has the same irrigation points: nobody scores, the tile is discarded.",
                             "irrigation_all_equal")]
    group = {val: [s for s in range(st.players) if pts[s] == val] for val in values}
    gains = [0] * st.players
    top = group[values[0]]
    if len(top) == 1:
        gains[top[0]] += FIRST_VP + v
        st.irr_scoring[r - 1] = top[0]
        lines.append(line(f"Player {top[0] + 1} leads and takes the round {r} irrigation scoring tile.",
                          "irrigation_leader", seat=top[0], round=r))
    else:
        st.irr_scoring[r - 1] = DISCARDED
        lines.append(line("The lead is tied: the leaders score as second and the tile is discarded.",
                          "irrigation_tied"))
        for s in top:
            gains[s] += v // 2
    for s in group[values[1]]:
        gains[s] += v // 2
    for s, vp in enumerate(gains):
        if vp:
            supply.gain(st, s, "vp", vp)
            lines.append(line(f"Player {s + 1} scores {vp} VP for irrigation.", "irrigation_vp", seat=s, vp=vp))
    # the penalty is its own clause: it applies even to a last group that has just gained as second
    for s in group[values[-1]]:
        supply.gain(st, s, "vp", LAST_VP)
        lines.append(line(f"Player {s + 1} loses {-LAST_VP} VP for irrigation.", "irrigation_loss", seat=s,
                          vp=-LAST_VP))
    return lines
