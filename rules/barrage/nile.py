"""The Nile Affair expansion (RULES.md §13): irrigation, the Nile's extra water, its contracts, works,
bonus and objective tiles and the pumping station. Active with option ``expansion=nile``.

Its decisions (task kinds, see engine.py for the base ones):
  irrigate  s=space ("" = no map space), x=dam (chosen or automatic), a=irrigation areas allowed,
            t=Nile contract (its VP are the alternative), f: F_* below
  activate  after the main action: activate one face-up irrigation tile, or decline
  restore   Nile work B: turn up to n used irrigation tiles face up again
"""

from __future__ import annotations

import random
from typing import Any

from rules.barrage import choices, construct, contracts, data, irrigation, names, placement, produce, supply, water
from rules.barrage.actions import Activate, Back, Decline, Irrigate, Points, Restore, Site
from rules.barrage.expansion import EXPANSIONS, Expansion
from rules.barrage.journal import Line, name, say, who
from rules.barrage.state import State, Task
from rules.base import Event

F_ARCH = 2
"""Tommaso's architect goes on the irrigation space."""
F_ANY_DAM = 16
"""Pumping station: any of your dams, any area (Q-N9)."""
F_SECOND = 32
"""Pumping station: the optional second irrigation from the same dam."""
F_CONTRACT = 64
"""Nile contract: no engineer, no drop; its VP instead of a tile."""


def active(st: State) -> bool:
    return st.options.get("expansion") == "nile"


# --------------------------------------------------------------------------- irrigation tiles


def tile_doable(st: State, seat: int, tile: str) -> bool:
    """Whether the tile's effect can be carried out now (tiles that would be wasted are not offered)."""
    eff = data.IRRIGATION_TILES[tile]["effect"]
    c = st.companies[seat]
    if "fulfill_contract_max" in eff:
        return bool(contracts.fulfil_options(st, seat, eff["fulfill_contract_max"], 0))
    if "produce" in eff:
        return produce.possible(st, seat, eff["produce"]["bonus"], c.credits)
    if "construct_without_engineers" in eff:
        areas = eff["construct_without_engineers"]["areas"]
        return any(construct.can_build(st, seat, t, cp, c.credits, areas) for t, cp in construct.tile_choices(st, seat))
    return True


def activatable(st: State, seat: int) -> list[str]:
    return [t for t in st.companies[seat].irr_up if tile_doable(st, seat, t)]


def activate(st: State, seat: int, tile: str, events: list[Event]) -> list[Task]:
    """Flip the tile face down and resolve its effect (the once-per-turn bonus action)."""
    c = st.companies[seat]
    c.irr_up.remove(tile)
    c.irr_down.append(tile)
    st.bonus_action = True
    say(st, events, "irrigation", f"{name(st, seat)} activates {names.irrigation_tile(tile)}.", "activate",
        **who(st, seat), tile=tile)
    return contracts.grant(st, seat, data.IRRIGATION_TILES[tile]["effect"])


# --------------------------------------------------------------------------- the irrigate action


def _irrigate_task(st: State, seat: int, space: str, areas: list[str], flags: int, contract: str = "") -> Task:
    t = Task("irrigate", seat, s=space, a=areas, f=flags, t=contract)
    if not flags & F_CONTRACT:
        dams = _dams(st, t)
        if len(dams) == 1:
            t.x = dams[0]  # a single dam to take the drop from needs no decision
    return t


def _dams(st: State, t: Task) -> list[str]:
    if t.f & F_ANY_DAM:
        return irrigation.own_dams_with_water(st, t.seat)
    return irrigation.own_dams_with_water(st, t.seat, t.a[0])


def _tiles(st: State, areas: list[str]) -> list[str]:
    return [tile for aid in areas for tile in irrigation.visible(st, aid)]


def irrigate_doable(st: State, seat: int, aid: str) -> bool:
    """A drop in an own dam of a connected basin and a tile left in the area (§13.5 steps 2-3)."""
    return bool(irrigation.visible(st, aid)) and irrigation.has_own_dam_with_water(st, seat, aid)


def pump_doable(st: State, seat: int) -> bool:
    return bool(_tiles(st, irrigation.area_ids(st))) and irrigation.has_own_dam_with_water(st, seat)


def irrigate_options(st: State, t: Task) -> list[Any]:
    back: list[Any] = [Back()] if t.s and st.backs < choices.MAX_BACKS else []
    if not t.f & F_CONTRACT and not t.x:
        return [Site(d) for d in _dams(st, t)] + back
    tiles: list[Any] = [Irrigate(tile) for tile in _tiles(st, t.a)]
    if t.f & F_CONTRACT:
        return [*tiles, Points()]
    if t.f & F_SECOND:
        return [*tiles, Decline()] if tiles else []
    return tiles + back


def _contract_vp(cid: str) -> int:
    return next(o["vp"] for o in data.CONTRACTS[cid]["reward_options"] if "vp" in o)


def _contract_areas(st: State, cid: str) -> list[str]:
    m = data.map_data(st.map)
    options = data.CONTRACTS[cid]["reward_options"]
    allowed = next(o["irrigation_tile"]["areas"] for o in options if "irrigation_tile" in o)
    return [aid for aid, info in m.irrigation.items() if info["area"] in allowed]


def decide_irrigate(st: State, t: Task, a: Any, events: list[Event]) -> None:
    seat = t.seat
    if isinstance(a, Site):
        t.x = a.site
        return
    st.tasks.pop(0)
    if isinstance(a, Points):
        vp = _contract_vp(t.t)
        supply.gain(st, seat, "vp", vp)
        say(st, events, "contract", f"{name(st, seat)} takes {vp} VP from {names.contract(t.t)}.", "contract_vp",
            **who(st, seat), vp=vp, contract=t.t)
        return
    assert isinstance(a, Irrigate)
    if t.s:
        placement.occupy(st, seat, t.s, 0, bool(t.f & F_ARCH))
    if not t.f & F_CONTRACT:
        irrigation.remove_drop(st, t.x)
    irrigation.take(st, seat, a.tile)
    where = f" with a drop from {names.site(t.x, st.map)}" if t.x else ""
    say(st, events, "irrigation", f"{name(st, seat)} irrigates{where} and takes {names.irrigation_tile(a.tile)}.",
        "irrigate_from" if t.x else "irrigate", **who(st, seat), dam=t.x, tile=a.tile)
    if t.f & F_ANY_DAM and not t.f & F_SECOND and st.water.get(t.x, 0) > 0 and _tiles(st, t.a):
        st.tasks.insert(0, Task("irrigate", seat, x=t.x, a=t.a, f=F_ANY_DAM | F_SECOND))


# --------------------------------------------------------------------------- the expansion


class NileExpansion(Expansion):
    option = "expansion"
    boards = ("map_irrigation",)
    doable_keys = ("irrigate", "irrigate_from_any_own_dam")
    credit_blind_keys = doable_keys  # a drop in an own dam and a tile left: no credits asked

    def active(self, st: State) -> bool:
        return active(st)

    def setup(self, st: State, rng: random.Random) -> None:
        irrigation.setup(st, rng)

    def prepare(self, st: State, seat: int, space: str, act: dict[str, Any], arch: bool) -> list[Task] | None:
        if "irrigate" not in act:
            return None
        return [_irrigate_task(st, seat, space, [act["irrigate"]], F_ARCH if arch else 0)]

    def doable(self, st: State, seat: int, act: dict[str, Any], credits: int) -> bool | None:
        if "irrigate" in act:
            return irrigate_doable(st, seat, act["irrigate"])
        if "irrigate_from_any_own_dam" in act:
            return pump_doable(st, seat)
        return None

    def options(self, st: State, t: Task) -> list[Any] | None:
        c = st.companies[t.seat]
        if t.kind == "irrigate":
            return irrigate_options(st, t)
        if t.kind == "activate":
            tiles = activatable(st, t.seat)
            return [*(Activate(tl) for tl in tiles), Decline()] if tiles else []
        if t.kind == "restore":
            return [*(Restore(tl) for tl in c.irr_down), Decline()] if c.irr_down else []
        return None

    def decide(self, st: State, t: Task, a: Any, events: list[Event]) -> bool:
        seat = t.seat
        c = st.companies[seat]
        if t.kind == "irrigate":
            decide_irrigate(st, t, a, events)
        elif t.kind in ("turn", "activate") and isinstance(a, Activate):
            if t.kind == "activate":
                st.tasks.pop(0)
            st.tasks[0:0] = activate(st, seat, a.tile, events)
        elif t.kind == "restore" and isinstance(a, Restore):
            c.irr_down.remove(a.tile)
            c.irr_up.append(a.tile)
            say(st, events, "irrigation", f"{name(st, seat)} turns {names.irrigation_tile(a.tile)} face up again.",
                "restore",
                **who(st, seat), tile=a.tile)
            t.n -= 1
            if t.n <= 0 or not c.irr_down:
                st.tasks.pop(0)
        else:
            return False
        return True

    def turn_options(self, st: State, seat: int) -> list[Any]:
        if st.bonus_action:
            return []
        c = st.companies[seat]
        tiles = activatable(st, seat)
        if not c.eng + c.arch:
            # its main action can only be an engineer-free build: a tile that builds first could use
            # up that build (tile, credits) and leave the turn without a main action
            tiles = [tl for tl in tiles if "construct_without_engineers" not in data.IRRIGATION_TILES[tl]["effect"]]
        return [Activate(tl) for tl in tiles]

    def end_of_turn(self, st: State, seat: int) -> list[Task]:
        if st.bonus_action or st.companies[seat].out or not activatable(st, seat):
            return []
        return [Task("activate", seat)]

    def reward(self, st: State, seat: int, key: str, value: Any) -> list[Task] | None:
        if key == "produce":  # irrigation tile: a production action with its bonus
            return [Task("produce", seat, n=value["bonus"], f=8)]
        if key == "construct_without_engineers":
            return [Task("construct", seat, f=4, a=list(value["areas"]))]
        if key == "irrigate_from_any_own_dam":
            return [_irrigate_task(st, seat, "", irrigation.area_ids(st), F_ANY_DAM)]
        if key in ("optional_second_irrigation_same_dam", "permanent_irrigation_points"):
            return []  # the irrigate step offers the second irrigation; points count at scoring
        if key == "flow_drop_up_to":
            return [Task("drop", seat, n=value, f=1 | 2)]
        if key == "unflip_irrigation_tiles_up_to":
            return [Task("restore", seat, n=value)]
        if key == "vp_visible_irrigation":
            supply.gain(st, seat, "vp", irrigation.visible_vp(st))
            return []
        if key == "choose_one":
            return [_irrigate_task(st, seat, "", _contract_areas(st, value), F_CONTRACT, contract=value)]
        return None

    def bonus_count(self, st: State, seat: int, tile: str) -> int | None:
        if tile == "BONUS_IRRIGATION_TILE":
            return len(irrigation.tiles_owned(st, seat))
        return None

    def objective_count(self, st: State, seat: int, tile: str) -> int | None:
        if tile != "OBJ_IRRIGATION_BASINS":
            return None
        m = data.map_data(st.map)
        zones = irrigation.connected_zones(st)
        return sum(st.dam_level[d] for d, o in st.dam_owner.items() if o == seat and m.dams[d]["zone"] in zones)

    def headstreams(self, st: State) -> None:
        m = data.map_data(st.map)
        water.add_to_headstream(st, m.nile_source, m.nile_drops)

    def round_scoring(self, st: State) -> list[Line]:
        return irrigation.score(st)


NILE = NileExpansion()
EXPANSIONS.append(NILE)
