"""Invariants every reachable Barrage state satisfies, and a seeded driver for random games."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from rules.barrage import GAME, data, water
from rules.barrage.actions import Back, Place
from rules.barrage.state import State
from rules.base import resolve_options


def check(st: State) -> None:
    """Everything is in exactly one place and no stock is negative."""
    led = st.ledger
    total_cr = total_exc = total_mix = 0
    m = data.map_data(st.map)
    for seat, c in enumerate(st.companies):
        if not c.company:
            continue
        start_eng = data.START["engineers"]
        assert c.eng + c.arch + c.placed == start_eng, (seat, c.eng, c.arch, c.placed)
        for v in (c.eng, c.arch, c.placed, c.credits, c.exc, c.mix, *c.wexc, *c.wmix, *c.left):
            assert v >= 0, (seat, c)
        total_cr += c.credits
        total_exc += c.exc + sum(c.wexc)
        total_mix += c.mix + sum(c.wmix)
        # pieces: on the board + on the map = the company's set
        on_map = [
            sum(1 for o in st.dam_owner.values() if o == seat),
            sum(st.dam_level[d] - 1 for d, o in st.dam_owner.items() if o == seat),
            sum(1 for o in st.conduit_owner.values() if o == seat),
            sum(1 for o in st.ph_owner.values() if o == seat),
        ]
        for i, s in enumerate(data.MAP_STRUCTURES):
            assert c.left[i] + on_map[i] == data.pieces(s), (seat, s)
        if len(c.left) > 4:
            assert c.left[4] + sum(o.count(seat) for o in st.bslots.values()) == data.pieces("building")
        tiles = c.tiles + [t for seg in c.wheel for t in seg]
        assert len(tiles) == len(set(tiles)), tiles
        for t in data.BASIC_TILES:
            assert t in tiles
        if not any(t.kind in ("take", "discard") for t in st.tasks):
            # Mahiri copying Simone may keep a 4th contract (the limit is checked when taking)
            assert len(c.hand) <= (4 if c.officer in ("simone_luciani", "mahiri_sekibo") else 3), c.hand
    assert total_cr == led.get("credits_in", 0) - led.get("credits_out", 0)
    assert total_exc == led.get("exc_in", 0) - led.get("exc_out", 0)
    assert total_mix == led.get("mix_in", 0) - led.get("mix_out", 0)
    assert water.drops_on_map(st) == led.get("drops_in", 0) - led.get("drops_out", 0)
    for node, n in st.water.items():
        assert n >= 0
        if node in m.dams:
            assert n <= water.capacity(st, node) or _may_keep_a_fourth_drop(st, node), (node, n)
        else:
            assert node in m.headstreams, node
    # one company per basin, one powerhouse per zone
    for seat in range(st.players):
        zones = [m.dams[d]["zone"] for d, o in st.dam_owner.items() if o == seat]
        assert len(zones) == len(set(zones))
        pz = [m.powerhouses[p]["zone"] for p, o in st.ph_owner.items() if o == seat]
        assert len(pz) == len(set(pz))
    # advanced tiles: each in exactly one place
    adv = Counter(st.deck_patent + [t for t in st.patent if t])
    for c in st.companies:
        adv.update(t for t in c.tiles + [t for seg in c.wheel for t in seg] if data.TECH[t]["level"] > 0)
    assert all(v == 1 for v in adv.values()), adv
    # external works and buildings
    works = Counter(st.deck_works + [w for w in st.works if w])
    for c in st.companies:
        works.update(c.works)
    assert all(v == 1 for v in works.values()), works
    for bid, owners in st.bslots.items():
        built = [o for o in owners if o >= 0]
        assert len(built) == len(set(built)), (bid, owners)
    # Nile irrigation tiles: all 24 in exactly one place (a stack, face up or face down with a company)
    if st.pile_irrigation:
        irr = Counter(t for stacks in st.pile_irrigation.values() for stack in stacks for t in stack)
        for c in st.companies:
            irr.update(c.irr_up + c.irr_down)
        assert irr == Counter(list(data.IRRIGATION_TILES)), irr
        assert all(len(stack) <= 2 for stacks in st.pile_irrigation.values() for stack in stacks)
        assert len(st.irr_scoring) == data.ROUNDS
        assert all(w < st.players for w in st.irr_scoring)
        assert all(w == -1 for w in st.irr_scoring[st.round - 1:]) or st.phase == "over"
    else:
        assert not any(c.irr_up or c.irr_down for c in st.companies)
    # private contracts: each at most once
    seen = Counter(cid for pile in st.piles for cid in pile)
    seen.update(cid for col in st.display for cid in col)
    for c in st.companies:
        seen.update(c.hand + c.done)
    assert all(v == 1 for v in seen.values())


def _may_keep_a_fourth_drop(st: State, dam: str) -> bool:
    """Only Graziano's level-3 dams hold 4 drops; Mahiri's company keeps a 4th drop it got while copying
    Graziano (RULES_NOTES.md), so its level-3 dams may too when Graziano is in the game."""
    owner = st.dam_owner.get(dam, -1)
    if st.dam_level.get(dam) != 3 or owner < 0 or st.water[dam] > 4:
        return False
    officers = [c.officer for c in st.companies]
    return officers[owner] == water.GRAZIANO or (officers[owner] == "mahiri_sekibo" and water.GRAZIANO in officers)


def choose(rng: random.Random, legal: list, bank_weight: float) -> object:
    """Random legal move, visiting the bank and Back rarely so games exercise more mechanisms."""
    if bank_weight < 1.0:
        other = [a for a in legal if not (isinstance(a, Place) and a.n) and not isinstance(a, Back)]
        if other and rng.random() > bank_weight:
            return rng.choice(other)
    return rng.choice(legal)


def positions(players: int, options: dict[str, str], games: int, salt: int,
              leeghwater: int) -> Iterator[tuple[State, int, list, random.Random]]:
    """Every position of ``games`` seeded random games (with Leeghwater when seed % 3 == ``leeghwater``):
    the state, the seat to act, its legal moves and the game's generator. The move played next is
    drawn from that generator once the caller is done with the position."""
    for seed in range(games):
        rng = random.Random(seed * salt + players)
        opts = {**options, "leeghwater": "yes"} if seed % 3 == leeghwater else options
        st = GAME.setup(players, resolve_options(GAME.info, opts), seed)
        while GAME.result(st) is None:
            seat = min(GAME.to_act(st))
            legal = GAME.legal_actions(st, seat)
            yield st, seat, legal, rng
            st, _ = GAME.apply(st, seat, choose(rng, legal, 0.1))


def play(players: int, seed: int, options: dict | None = None, bank_weight: float = 0.1,
         checks: bool = True) -> tuple[State, int]:
    rng = random.Random(seed * 7919 + players)
    st = GAME.setup(players, resolve_options(GAME.info, options or {}), seed)
    steps = 0
    while GAME.result(st) is None:
        seat = min(GAME.to_act(st))
        legal = GAME.legal_actions(st, seat)
        assert legal, (seat, st.tasks)
        st, _ = GAME.apply(st, seat, choose(rng, legal, bank_weight))
        steps += 1
        assert steps <= GAME.info.max_actions
        if checks:
            check(st)
    assert st.round == data.ROUNDS
    return st, steps
