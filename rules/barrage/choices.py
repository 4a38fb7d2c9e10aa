"""What a seat may choose now: the action spaces open to it and the options of every pending step.

``options(state, task)`` lists the legal decisions of the task at the front of ``state.tasks``; the
engine validates every action against it, so anything listed applies and anything else is refused.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from rules.barrage import construct, contracts, data, expansion, produce, supply
from rules.barrage.actions import (
    Back,
    BarrageAction,
    Decline,
    Discard,
    FreeBuild,
    Fulfil,
    Headstream,
    Machine,
    Pay,
    Pick,
    Place,
    Site,
    Skip,
    Take,
    Tile,
)
from rules.barrage.state import State, Task

MAX_BACKS = 3
"""Back is offered at most this often per turn, so random play always terminates."""


# --------------------------------------------------------------------------- helpers


_SpaceRow = expansion.SpaceRow
_SPACE_CACHE: dict[tuple[Any, ...], list[_SpaceRow]] = {}


def spaces_for(st: State) -> list[_SpaceRow]:
    """(id, engineers, any number, private, extra credits, action, officer) of this game's spaces."""
    active = expansion.active(st)
    key = (st.players, st.options.get("intro", "no"), *(id(x) for x in active))
    if key not in _SPACE_CACHE:
        intro = key[1] == "yes"
        boards = data.BASE_SPACE_BOARDS + tuple(b for x in active for b in x.boards)
        rows = []
        for sid, sp in data.SPACES.items():
            if sp["board"] in boards and st.players in sp["player_counts"] and not (
                intro and sp.get("advanced_only")
            ):
                need, anyn = data.space_counts(sp)
                rows.append((sid, need, anyn, bool(sp.get("private")), sp["extra_credits"], sp["action"],
                             sp.get("officer", "")))
        _SPACE_CACHE[key] = rows
    return _SPACE_CACHE[key]


def space_row(space: str) -> _SpaceRow | None:
    """The row of any space id, including private-building engineer spaces (``<building>-s<i>``)."""
    sp = data.SPACES.get(space)
    if sp is not None:
        need, anyn = data.space_counts(sp)
        return (space, need, anyn, bool(sp.get("private")), sp["extra_credits"], sp["action"],
                sp.get("officer", ""))
    for x in expansion.EXPANSIONS:
        row = x.space_row(space)
        if row is not None:
            return row
    return None


def company_active(st: State, seat: int, company: str) -> bool:
    c = st.companies[seat]
    return c.company == company and data.ability_active(company, supply.built(c, "powerhouse"))


# --------------------------------------------------------------------------- main action choices


_Bounds = dict[Any, tuple[int, int]]
"""Per check: the fewest credits it was found doable with, the most it was found not doable with."""


def _monotone(cache: _Bounds, key: Any, credits: int) -> bool | None:
    """What ``cache`` already tells of a check that more credits can only help: doable with fewer
    credits than ``credits`` means doable now, not doable with more means not doable now."""
    known = cache.get(key)
    if known is None:
        return None
    low, high = known
    if credits >= low:
        return True
    if credits <= high:
        return False
    return None


def _learn(cache: _Bounds, key: Any, credits: int, ok: bool) -> bool:
    low, high = cache.get(key, (1 << 30, -(1 << 30)))
    cache[key] = (min(low, credits), high) if ok else (low, max(high, credits))
    return ok


_BASE_CHECKED = frozenset({"pay_credits", "construct", "produce", "take_contracts", "take_patent_tile"})


@functools.cache
def _checked_keys(active: tuple[expansion.Expansion, ...]) -> frozenset[str]:
    """The action keys ``_space_doable`` looks at: a space whose action has none of them and costs no
    extra credits is always doable (its credits cannot be negative), so the listing skips the call."""
    return _BASE_CHECKED.union(*(x.doable_keys for x in active))


def _space_doable(st: State, seat: int, act: dict[str, Any], credits: int, cache: _Bounds,
                  active: tuple[expansion.Expansion, ...], memo: dict[Any, Any]) -> bool:
    """Can the space's action be carried out completely with ``credits`` left after its cost?

    ``cache`` and ``memo`` are shared by the spaces of one listing: constructing and producing are
    looked at once per amount of credits (both can only get easier with more credits, which
    ``_monotone`` uses); ``memo`` keeps construct.can_build's sites and machinery needs."""
    if credits < 0:
        return False
    if credits < act.get("pay_credits", 0):
        return False
    if "construct" in act:
        known = _monotone(cache, "c", credits)
        if known is not None:
            return known
        tiles = construct.tile_choices(st, seat)
        ok = any(construct.can_build(st, seat, t, cp, credits, None, memo) for t, cp in tiles)
        return _learn(cache, "c", credits, ok)
    if "produce" in act:
        key = ("p", act["produce"]["bonus"])
        known = _monotone(cache, key, credits)
        if known is not None:
            return known
        return _learn(cache, key, credits, produce.possible(st, seat, key[1], credits))
    if "take_contracts" in act:
        return bool(contracts.visible_private(st))
    if "take_patent_tile" in act:
        return bool(st.patent and st.patent[act["take_patent_tile"] - 1])
    for x in active:
        ok = x.doable(st, seat, act, credits)
        if ok is not None:
            return ok
    return True


def _free_builds(st: State, seat: int, memo: dict[Any, Any] | None = None) -> list[FreeBuild]:
    c = st.companies[seat]
    return [
        FreeBuild(t, cp) for t, cp in construct.tile_choices(st, seat)
        if construct.effective(t, cp) in construct.ENGINEER_FREE
        and construct.can_build(st, seat, t, cp, c.credits, None, memo)
    ]


def turn_options(st: State, seat: int, only: str = "", extra_action: bool = False) -> list[BarrageAction]:
    """Main-action choices; ``only`` restricts them to one space (to validate a Place quickly)."""
    c = st.companies[seat]
    free = c.eng + c.arch
    out: list[BarrageAction] = []
    cache: _Bounds = {}
    memo: dict[Any, Any] = {}
    active = expansion.active(st)
    checked = _checked_keys(active)
    rows = spaces_for(st)
    for x in active:
        rows = rows + x.space_rows(st, seat)
    if only:
        rows = [row for row in rows if row[0] == only]
    if free:
        for space, need, anyn, private, extra, act, officer in rows:
            if officer and (c.officer != officer or (space == "officer-mahiri-2" and "officer-mahiri-1" not in c.used)):
                continue
            if anyn:
                for n in range(1, free + 1):
                    if n <= c.eng:
                        out.append(Place(space, n))
                    if c.arch and n - 1 <= c.eng:
                        out.append(Place(space, n, True))
                continue
            if need > free:
                continue
            if space in (c.used if private else st.used):
                continue
            if (extra or not checked.isdisjoint(act)) and not _space_doable(
                    st, seat, act, c.credits - extra, cache, active, memo):
                continue
            if need <= c.eng:
                out.append(Place(space))
            if c.arch and need - 1 <= c.eng:
                out.append(Place(space, 0, True))
    if only:
        return out
    out.extend(_free_builds(st, seat, memo))
    if not extra_action:  # never a bonus action in the middle of Mahiri's or the architect's main action
        for x in active:
            out.extend(x.turn_options(st, seat))
    if extra_action:
        return [*out, Decline()] if out else []
    if not free and bool(out) != st.bonus_action:
        # A company without engineers may go out instead of an engineer-free build, but once it has
        # activated an irrigation tile the main action must follow (seed: in addition to the main
        # action); only if nothing is left to build does it go out.
        out.append(Skip())
    return out


def can_act(st: State, seat: int) -> bool:
    c = st.companies[seat]
    return c.eng + c.arch > 0 or bool(_free_builds(st, seat))


# --------------------------------------------------------------------------- options per task


def _construct_credits(st: State, t: Task) -> int:
    c = st.companies[t.seat]
    return c.credits - (data.SPACES[t.s]["extra_credits"] if t.s else 0)


def _tile_ok(st: State, t: Task, tile: str, copy: str, credits: int, areas: list[str] | None) -> bool:
    """Whether a construction step may take this (tile, copy) of the company's tile choices."""
    return ((not t.f & 1 or construct.effective(tile, copy) in construct.ENGINEER_FREE)
            and construct.can_build(st, t.seat, tile, copy, credits, areas))


def _construct_tiles(st: State, t: Task, credits: int, areas: list[str] | None) -> Iterator[Tile]:
    for tile, copy in construct.tile_choices(st, t.seat):
        if _tile_ok(st, t, tile, copy, credits, areas):
            yield Tile(tile, copy)


def _back_offered(st: State, t: Task) -> bool:
    """Whether ``options`` offers Back in this step (so it has at least one option)."""
    if st.backs >= MAX_BACKS:
        return False
    return (t.kind == "construct" and not t.f & 4) or (t.kind == "produce" and bool(t.s))


def has_options(st: State, t: Task) -> bool:
    """Whether ``options(st, t)`` lists anything (asked before every step: a step without a choice
    lapses), found without listing them where that is costly."""
    if _back_offered(st, t):
        return True
    if t.kind == "construct" and not t.t:
        return next(_construct_tiles(st, t, _construct_credits(st, t), t.a or None), None) is not None
    return bool(options(st, t))


def allows(st: State, t: Task, a: BarrageAction) -> bool:
    """Whether ``options(st, t)`` lists ``a``, decided by the same predicates without listing every
    option where that is costly: a main action on one space, a construction's tile, site or payment."""
    if t.kind == "turn" and isinstance(a, Place) and isinstance(a.space, str) and a.space:
        return a in turn_options(st, t.seat, a.space)
    if t.kind != "construct" or not isinstance(a, Tile | Site | Pay):
        return a in options(st, t)
    seat = t.seat
    credits = _construct_credits(st, t)
    areas = t.a or None
    if not t.t:
        return (isinstance(a, Tile) and (a.tile, a.copy) in construct.tile_choices(st, seat)
                and _tile_ok(st, t, a.tile, a.copy, credits, areas))
    if not t.x:
        return isinstance(a, Site) and any(
            a.site in construct.sites(st, seat, structure, areas)
            and bool(construct.site_payments(st, seat, t.t, t.c, structure, a.site, credits))
            for structure in construct.builds(t.t, t.c)
        )
    pays = construct.site_payments(st, seat, t.t, t.c, construct.structure_of(st, t.x), t.x, credits)
    return isinstance(a, Pay) and (a.exc, a.mix, a.credits) in pays


def options(st: State, t: Task) -> list[BarrageAction]:
    seat = t.seat
    c = st.companies[seat]
    k = t.kind
    if k == "turn":
        return turn_options(st, seat, extra_action=bool(t.f))
    if k == "draft":
        return [Pick(i, cid) for i, mu in enumerate(st.matchups) if mu[0] for cid in st.starting]
    back: list[BarrageAction] = [Back()] if st.backs < MAX_BACKS else []
    if k == "construct":
        credits = _construct_credits(st, t)
        areas = t.a or None
        if t.f & 4:
            back = []  # a bonus action's construction (Nile irrigation tile): the tile is already spent
        if not t.t:
            return [*_construct_tiles(st, t, credits, areas), *back]
        if not t.x:
            return [Site(site) for _, site in construct.site_choices(st, seat, t.t, t.c, credits, areas)] + back
        structure = construct.structure_of(st, t.x)
        pays = construct.site_payments(st, seat, t.t, t.c, structure, t.x, credits)
        return [Pay(*p) for p in pays] + back
    if k == "produce":
        credits = c.credits - (data.SPACES[t.s]["extra_credits"] if t.s else 0)
        opts: list[BarrageAction] = list(produce.options(st, seat, t.n, credits, bool(t.f & 1), t.x))
        if t.s:
            return opts + back
        if t.f & 8:
            return opts
        return [*opts, Decline()] if opts else []
    if k == "fulfil":
        opts = [Fulfil(cid) for cid in contracts.fulfil_options(st, seat, t.n, t.f)]
        return [*opts, Decline()] if opts else []
    if k == "machine":
        return [Machine(e) for e in range(t.n + 1)]
    if k == "drop":
        drops: list[BarrageAction] = [Headstream(h) for h in data.map_data(st.map).headstreams]
        return [*drops, Decline()] if t.f & 2 else drops  # f & 2: "up to" n drops
    if k == "fbuild":
        sites = construct.free_sites(st, seat, t.s, t.a or None, t.n)
        return [*(Site(s) for s in sites), Decline()] if sites else []
    if k == "take":
        return [Take(cid) for cid in contracts.visible_private(st)]
    if k == "discard":
        if len(c.hand) <= contracts.hand_limit(st, seat):
            return []
        return [Discard(cid) for cid in c.hand]
    for x in expansion.active(st):
        opts = x.options(st, t)
        if opts is not None:
            return opts
    raise AssertionError(f"no expansion handles task {k}")
