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


@functools.lru_cache(maxsize=1024)
def space_row(space: str) -> _SpaceRow | None:
    """The row of any space id, including private-building engineer spaces (``<building>-s<i>``)
    (game data: the same answer every time; the action dict is the data file's, never changed)."""
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


_Bounds = dict[Any, Any]
"""Per check: the fewest credits it was found doable with, the most it was found not doable with
(productions: the answers found, see ``_produce_doable``)."""


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
    """The action keys a doability check looks at: a space whose action has none of them and costs no
    extra credits is always doable (its credits cannot be negative), so the listing skips the check."""
    return _BASE_CHECKED.union(*(x.doable_keys for x in active))


@functools.cache
def _blind_keys(active: tuple[expansion.Expansion, ...]) -> frozenset[str]:
    """The action keys whose check ignores the credits (``Expansion.credit_blind_keys``)."""
    return frozenset().union(*(x.credit_blind_keys for x in active))


# What a space's doability check asks (``_Check.kind``), decided once per space from its action
_FREE, _CREDITS, _CONSTRUCT, _PRODUCE, _CONTRACTS, _PATENT, _EXPANSION = range(7)


_Check = tuple[str, int, bool, bool, int, int, int, Any, dict[str, Any], Place, Place, str]
"""A space row made ready for listing: (id, engineers, any number, private, check kind, fewest credits
the company must hold (extra credits plus the action's price), extra credits, the check's argument (the
produce bonus, the patent-office index, the action as a key for an expansion's check), action, its Place
moves built once (moves are frozen), the space the company must have used first (Mahiri's second))."""


def _check(row: _SpaceRow, checked: frozenset[str], blind: frozenset[str]) -> _Check:
    space, need, anyn, private, extra, act, _officer = row
    kind, arg = _FREE, None
    if extra or not checked.isdisjoint(act):
        # the order of _space_doable's tests: construct, produce, contracts, patent, the expansions
        if "construct" in act:
            kind = _CONSTRUCT
        elif "produce" in act:
            kind, arg = _PRODUCE, act["produce"]["bonus"]
        elif "take_contracts" in act:
            kind = _CONTRACTS
        elif "take_patent_tile" in act:
            kind, arg = _PATENT, act["take_patent_tile"] - 1
        elif checked.isdisjoint(act.keys() - {"pay_credits"}):
            kind = _CREDITS
        else:
            # the action as a key (equal actions share answers), and whether its check ignores credits
            kind, arg = _EXPANSION, (repr(sorted(act.items())), act.keys() & checked <= blind)
    least = extra + max(0, act.get("pay_credits", 0)) if kind != _FREE else 0
    first = "officer-mahiri-1" if space == "officer-mahiri-2" else ""
    return (space, need, anyn, private, kind, least, extra, arg, act, Place(space), Place(space, 0, True), first)


_CHECKS: dict[tuple[Any, ...], list[_Check]] = {}


def _checks_for(st: State, active: tuple[expansion.Expansion, ...], officer: str) -> list[_Check]:
    """``spaces_for``'s rows open to a company with ``officer``, with their checks (the same for every
    game of these options)."""
    key = (st.players, st.options.get("intro", "no"), officer, *(id(x) for x in active))
    found = _CHECKS.get(key)
    if found is None:
        checked, blind = _checked_keys(active), _blind_keys(active)
        found = _CHECKS[key] = [_check(row, checked, blind) for row in spaces_for(st) if row[6] in ("", officer)]
    return found


def _space_doable(st: State, seat: int, act: dict[str, Any], credits: int, cache: _Bounds,
                  active: tuple[expansion.Expansion, ...], memo: dict[Any, Any]) -> bool:
    """Can the space's action be carried out completely with ``credits`` left after its cost? (The
    reference the listing's per-space checks follow: tests/rules/barrage/listing_probes.py.)"""
    if credits < 0:
        return False
    if credits < act.get("pay_credits", 0):
        return False
    if "construct" in act:
        return _construct_doable(st, seat, credits, cache, memo)
    if "produce" in act:
        return _produce_doable(st, seat, act["produce"]["bonus"], credits, cache)
    if "take_contracts" in act:
        return bool(contracts.visible_private(st))
    if "take_patent_tile" in act:
        return bool(st.patent and st.patent[act["take_patent_tile"] - 1])
    for x in active:
        ok = x.doable(st, seat, act, credits)
        if ok is not None:
            return ok
    return True


def _construct_doable(st: State, seat: int, credits: int, cache: _Bounds, memo: dict[Any, Any]) -> bool:
    """Some tile builds something with ``credits``: looked at once per amount (``cache`` and ``memo``
    are shared by the spaces of one listing; more credits never hurt, which ``_monotone`` uses)."""
    known = _monotone(cache, "c", credits)
    if known is not None:
        return known
    # the fewest credits any tile builds with answers every amount the listing asks about
    least = construct.NEVER
    for t, cp in _tiles(st, seat, memo):
        least = construct.least_credits(st, seat, t, cp, memo, least)
        if least == 0:
            break
    _learn(cache, "c", least - 1, False)
    if least < construct.NEVER:
        _learn(cache, "c", least, True)
    return credits >= least


def _tiles(st: State, seat: int, memo: dict[Any, Any]) -> list[tuple[str, str]]:
    """construct.tile_choices, once per listing."""
    found = memo.get("tiles")
    if found is None:
        found = memo["tiles"] = construct.tile_choices(st, seat)
    return found  # type: ignore[no-any-return]


def _produce_doable(st: State, seat: int, bonus: int, credits: int, cache: _Bounds) -> bool:
    """Some production is possible with this space bonus and ``credits``. A larger bonus or more credits
    never hurt (energy grows with the bonus, a fee is paid in credits), so every answer found in this
    listing also answers the checks it dominates or is dominated by."""
    found: list[tuple[int, int, bool]] = cache.setdefault("p", [])
    for b, cr, ok in found:
        if ok and bonus >= b and credits >= cr:
            return True
        if not ok and bonus <= b and credits <= cr:
            return False
    ok = produce.possible(st, seat, bonus, credits)
    found.append((bonus, credits, ok))
    return ok


def _row_doable(st: State, seat: int, kind: int, arg: Any, act: dict[str, Any], credits: int, cache: _Bounds,
                active: tuple[expansion.Expansion, ...], memo: dict[Any, Any]) -> bool:
    """``_space_doable`` of a row's action with ``credits`` left after its cost, by the check chosen for
    the row once (``_check``); rows asking the same check with the same credits (or, for a check that
    ignores them, any credits) share the answer."""
    key = (kind, arg, None if kind == _EXPANSION and arg[1] else credits)
    ok = memo.get(key)
    if ok is not None:
        return bool(ok)
    if kind == _CREDITS:
        ok = True
    elif kind == _CONSTRUCT:
        ok = _construct_doable(st, seat, credits, cache, memo)
    elif kind == _PRODUCE:
        ok = _produce_doable(st, seat, arg, credits, cache)
    elif kind == _CONTRACTS:
        ok = bool(contracts.visible_private(st))
    elif kind == _PATENT:
        ok = bool(st.patent and st.patent[arg])
    else:
        ok = True
        for x in active:
            found = x.doable(st, seat, act, credits)
            if found is not None:
                ok = found
                break
    memo[key] = ok
    return ok


def _free_builds(st: State, seat: int, memo: dict[Any, Any] | None = None) -> list[FreeBuild]:
    c = st.companies[seat]
    return [
        FreeBuild(t, cp) for t, cp in (construct.tile_choices(st, seat) if memo is None else _tiles(st, seat, memo))
        if construct.effective(t, cp) in construct.ENGINEER_FREE
        and construct.can_build(st, seat, t, cp, c.credits, None, memo)
    ]


@functools.lru_cache(maxsize=4096)
def _place(space: str, n: int, arch: bool) -> Place:
    """A Place move on an any-number space (the bank), made once: moves are frozen."""
    return Place(space, n, arch)


def _places(st: State, seat: int, rows: list[_Check], out: list[BarrageAction], cache: _Bounds,
            active: tuple[expansion.Expansion, ...], memo: dict[Any, Any]) -> None:
    """Appends the Place moves of ``rows`` open to ``seat`` (which has an engineer or its architect)."""
    c = st.companies[seat]
    eng, arch, credits, used_by_me = c.eng, c.arch, c.credits, c.used
    free = eng + arch
    used = st.used
    for space, need, anyn, private, kind, least, extra, arg, act, place, place_arch, first in rows:
        if anyn:
            for n in range(1, free + 1):
                if n <= eng:
                    out.append(_place(space, n, False))
                if arch and n - 1 <= eng:
                    out.append(_place(space, n, True))
            continue
        if need > free or space in (used_by_me if private else used) or (first and first not in used_by_me):
            continue
        if kind:
            if credits < least:
                continue
            if kind != _CREDITS:
                ok = memo.get((kind, arg, credits - extra))
                if ok is None:
                    ok = _row_doable(st, seat, kind, arg, act, credits - extra, cache, active, memo)
                if not ok:
                    continue
        if need <= eng:
            out.append(place)
        if arch and need - 1 <= eng:
            out.append(place_arch)


def turn_options(st: State, seat: int, only: str = "", extra_action: bool = False) -> list[BarrageAction]:
    """Main-action choices; ``only`` restricts them to one space (to validate a Place quickly)."""
    c = st.companies[seat]
    out: list[BarrageAction] = []
    cache: _Bounds = {}
    memo: dict[Any, Any] = {}
    active = expansion.active(st)
    rows = _checks_for(st, active, c.officer)
    more = [row for x in active for row in x.space_rows(st, seat)]
    if more:
        checked, blind = _checked_keys(active), _blind_keys(active)
        rows = rows + [_check(row, checked, blind) for row in more if row[6] in ("", c.officer)]
    if only:
        rows = [row for row in rows if row[0] == only]
    if c.eng + c.arch:
        _places(st, seat, rows, out, cache, active, memo)
    if only:
        return out
    out.extend(_free_builds(st, seat, memo))
    if not extra_action:  # never a bonus action in the middle of Mahiri's or the architect's main action
        for x in active:
            out.extend(x.turn_options(st, seat))
    if extra_action:
        return [*out, Decline()] if out else []
    if not c.eng + c.arch and bool(out) != st.bonus_action:
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


def _tile_ok(st: State, t: Task, tile: str, copy: str, credits: int, areas: list[str] | None,
             memo: dict[Any, Any] | None = None) -> bool:
    """Whether a construction step may take this (tile, copy) of the company's tile choices."""
    return ((not t.f & 1 or construct.effective(tile, copy) in construct.ENGINEER_FREE)
            and construct.can_build(st, t.seat, tile, copy, credits, areas, memo))


def _construct_tiles(st: State, t: Task, credits: int, areas: list[str] | None) -> Iterator[Tile]:
    memo: dict[Any, Any] = {}
    for tile, copy in construct.tile_choices(st, t.seat):
        if _tile_ok(st, t, tile, copy, credits, areas, memo):
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
            and construct.site_payable(st, seat, t.t, t.c, structure, a.site, credits)
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
