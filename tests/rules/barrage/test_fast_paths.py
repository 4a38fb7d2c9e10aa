"""The engine's fast paths agree with the slow ways they replace, position by position, over a few
hundred seeded random games: what a player is offered, what apply accepts and what a move does.

Slow references, written here from the rules' own predicates:
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
import pytest

from rules.barrage import GAME, choices, construct, expansion, produce
from rules.barrage.actions import BarrageAction, Decline, FreeBuild, Place, Skip
from rules.barrage.state import State, Task
from rules.base import IllegalAction, clone, resolve_options
from tests.rules.barrage.invariants import choose, positions

GAMES_PER_SET = 40
"""Per (map, players): 2 maps x 3 player counts = 240 games, a third of them with Leeghwater."""


def _can_build_slowly(st: State, seat: int, tile: str, copy: str, credits: int, areas: list[str] | None) -> bool:
    return any(construct.site_payments(st, seat, tile, copy, structure, site, credits)
               for structure in construct.builds(tile, copy)
               for site in construct.sites(st, seat, structure, areas))


def _turn_slowly(st: State, seat: int, extra_action: bool) -> list[BarrageAction]:
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
            and _can_build_slowly(st, seat, t, cp, c.credits, None)]
    if not extra_action:
        for x in active:
            out += x.turn_options(st, seat)
        if not free and bool(out) != st.bonus_action:
            out.append(Skip())
        return out
    return [*out, Decline()] if out else []


def _check_position(st: State, t: Task, legal: list[BarrageAction], rng: random.Random) -> None:
    seat = t.seat
    c = st.companies[seat]
    assert expansion.active(st) == expansion._active(st)
    if t.kind == "turn":
        assert legal == _turn_slowly(st, seat, bool(t.f)), t
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
                _can_build_slowly(st, seat, tile, copy, credits, None)
                for tile, copy in construct.tile_choices(st, seat)), credits
    credits = choices._construct_credits(st, t) if t.kind == "construct" else c.credits
    areas = (t.a or None) if t.kind == "construct" else None
    memo: dict[Any, Any] = {}
    for tile, copy in construct.tile_choices(st, seat):
        slow = _can_build_slowly(st, seat, tile, copy, credits, areas)
        assert construct.can_build(st, seat, tile, copy, credits, areas) == slow, (tile, copy)
        assert construct.can_build(st, seat, tile, copy, credits, areas, memo) == slow, (tile, copy)
        for structure in construct.builds(tile, copy):
            for site in construct.sites(st, seat, structure, areas):
                assert construct.site_payable(st, seat, tile, copy, structure, site, credits) == bool(
                    construct.site_payments(st, seat, tile, copy, structure, site, credits)), (tile, site)


def _applied(st: State, seat: int, a: BarrageAction) -> tuple[bytes, list[Any]]:
    new, events = GAME.apply(st, seat, a)
    return msgspec.msgpack.encode(new), [msgspec.to_builtins(e) for e in events]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{"map": "base"}, {"expansion": "nile"}])
def test_fast_paths_agree_with_the_slow_ones(players: int, options: dict[str, str]) -> None:
    kinds: set[str] = set()
    for st, seat, legal, rng in positions(players, options, GAMES_PER_SET, salt=131, leeghwater=1):
        t = st.tasks[0]
        kinds.add(t.kind)
        _check_position(st, t, legal, rng)
        a = choose(rng, legal, 0.1)
        # the same move on a copy nobody listed is checked afresh: the same new state and events
        assert _applied(clone(st), seat, a) == _applied(st, seat, a), (t, a)
    assert {"turn", "construct", "produce", "fulfil", "drop"} <= kinds


def test_a_listed_move_is_checked_again_on_another_state() -> None:
    """The listing is remembered for the state object it was made for: any other state (here a copy
    where another company took the space since) is checked as usual."""
    st = GAME.setup(3, resolve_options(GAME.info, {"expansion": "nile"}), 7)
    while st.tasks[0].kind != "turn":
        seat = st.tasks[0].seat
        st, _ = GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])
    seat = st.tasks[0].seat
    legal = GAME.legal_actions(st, seat)
    place = next(a for a in legal if isinstance(a, Place) and not a.n and not choices.space_row(a.space)[3])
    other = clone(st)
    other.used = {**other.used, place.space: (seat + 1) % 3}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(other, seat, place)
    assert refused.value.fields["key"] == "barrage.error.occupied"
    GAME.apply(st, seat, place)  # the listed state itself still takes it
