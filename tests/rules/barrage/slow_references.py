"""The slow ways the engine's fast paths replace, written here from the rules' own predicates, and the
check of one position against them (tests/rules/barrage/test_properties.py runs it over seeded random
games):
- an action space is open when ``choices._space_doable`` (asked afresh, nothing shared) says so, and
  a construction is possible when some site ``construct.sites`` lists has a payment
  (``construct.site_payments``), against the listing's per-space checks, site classes and shared answers;
- a production check against ``produce.possible`` asked directly;
- a move applied to a fresh copy of the state (never listed, so checked again) against the same move
  applied to the listed state (accepted from the listing);
- the expansions of a game worked out from its options every time.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from rules.barrage import GAME, choices, construct, expansion, produce
from rules.barrage.actions import BarrageAction, Decline, FreeBuild, Place, Skip
from rules.barrage.state import State
from rules.base import clone


class SlowConstruct:
    """The slow construction answers for one position. Each answer is the rules' own predicate asked
    once: the position asks the same question for several credit amounts and listings, and asking
    ``site_payments`` again for an answer already had would only repeat the same pure computation."""

    def __init__(self, st: State, seat: int) -> None:
        self.st, self.seat = st, seat
        self._sites: dict[tuple[str, tuple[str, ...] | None], list[str]] = {}
        self._paid: dict[tuple[str, str, str, str, int], bool] = {}

    def sites(self, structure: str, areas: list[str] | None) -> list[str]:
        key = (structure, None if areas is None else tuple(areas))
        if key not in self._sites:
            self._sites[key] = construct.sites(self.st, self.seat, structure, areas)
        return self._sites[key]

    def paid(self, tile: str, copy: str, structure: str, site: str, credits: int) -> bool:
        """Whether ``site_payments`` lists a payment."""
        key = (tile, copy, structure, site, credits)
        if key not in self._paid:
            self._paid[key] = bool(construct.site_payments(self.st, self.seat, tile, copy, structure, site, credits))
        return self._paid[key]

    def can_build(self, tile: str, copy: str, credits: int, areas: list[str] | None) -> bool:
        return any(self.paid(tile, copy, structure, site, credits)
                   for structure in construct.builds(tile, copy)
                   for site in self.sites(structure, areas))


def _turn_slowly(st: State, seat: int, extra_action: bool, slow: SlowConstruct) -> list[BarrageAction]:
    """The main-action choices, every space checked on its own by ``_space_doable`` with nothing shared."""
    c = st.companies[seat]
    free = c.eng + c.arch
    active = expansion._active(st)
    out: list[BarrageAction] = []
    rows = choices.spaces_for(st) + [row for x in active for row in x.space_rows(st, seat)]
    for space, need, anyn, private, extra, act, officer in rows if free else []:
        if officer and (c.officer != officer or (space == "officer-mahiri-2" and "officer-mahiri-1" not in c.used)):
            continue
        if anyn:
            for n in range(1, free + 1):
                out += [Place(space, n)] if n <= c.eng else []
                out += [Place(space, n, True)] if c.arch and n - 1 <= c.eng else []
            continue
        if need > free or space in (c.used if private else st.used):
            continue
        if not choices._space_doable(st, seat, act, c.credits - extra, {}, active, {}):
            continue
        out += [Place(space)] if need <= c.eng else []
        out += [Place(space, 0, True)] if c.arch and need - 1 <= c.eng else []
    out += [FreeBuild(t, cp) for t, cp in construct.tile_choices(st, seat)
            if construct.effective(t, cp) in construct.ENGINEER_FREE
            and slow.can_build(t, cp, c.credits, None)]
    if not extra_action:
        for x in active:
            out += x.turn_options(st, seat)
        if not free and bool(out) != st.bonus_action:
            out.append(Skip())
        return out
    return [*out, Decline()] if out else []


def check_position(st: State, legal: list[BarrageAction], rng: random.Random) -> None:
    """The listing, the shared answers and the construction checks of one position agree with the slow
    references; ``rng`` orders the questions (answers shared within a listing must not depend on it)."""
    t = st.tasks[0]
    seat = t.seat
    c = st.companies[seat]
    slow = SlowConstruct(st, seat)
    assert expansion.active(st) == expansion._active(st)
    if t.kind == "turn":
        assert legal == _turn_slowly(st, seat, bool(t.f), slow), t
        # answers shared within a listing, asked in any order, settle the others as asking would
        asks = [(bonus, credits) for bonus in (2, 0, -1, -2) for credits in (c.credits, c.credits - 3, 1, 0)]
        rng.shuffle(asks)
        shared: dict[Any, Any] = {}
        for bonus, credits in asks:
            assert choices._produce_doable(st, seat, bonus, credits, shared) == (
                produce.possible(st, seat, bonus, credits)), (bonus, credits)
        shared, memo = {}, {}
        for credits in rng.sample([c.credits, c.credits - 3, c.credits - 6, 0], 4):
            assert choices._construct_doable(st, seat, credits, shared, memo) == any(
                slow.can_build(tile, copy, credits, None)
                for tile, copy in construct.tile_choices(st, seat)), credits
    credits = choices._construct_credits(st, t) if t.kind == "construct" else c.credits
    areas = (t.a or None) if t.kind == "construct" else None
    memo = {}
    for tile, copy in construct.tile_choices(st, seat):
        can = slow.can_build(tile, copy, credits, areas)
        assert construct.can_build(st, seat, tile, copy, credits, areas) == can, (tile, copy)
        assert construct.can_build(st, seat, tile, copy, credits, areas, memo) == can, (tile, copy)
        for structure in construct.builds(tile, copy):
            for site in slow.sites(structure, areas):
                assert construct.site_payable(st, seat, tile, copy, structure, site, credits) == slow.paid(
                    tile, copy, structure, site, credits), (tile, site)


def check_apply(st: State, seat: int, a: BarrageAction, new: State, events: list[Any]) -> None:
    """The move ``a``, accepted from the listing of ``st`` with ``new`` and ``events``, gives the same new
    state and events on a copy nobody listed (so checked afresh)."""
    again, events_again = GAME.apply(clone(st), seat, a)
    assert msgspec.msgpack.encode(again) == msgspec.msgpack.encode(new), (st.tasks[0], a)
    assert [msgspec.to_builtins(e) for e in events_again] == [msgspec.to_builtins(e) for e in events], (st.tasks[0], a)
