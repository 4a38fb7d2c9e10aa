"""Invariants every reachable Barrage state satisfies, and a seeded driver for random games."""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain

from rules.barrage import GAME, data, water
from rules.barrage.actions import Back, Place
from rules.barrage.state import State
from rules.base import resolve_options

_PIECES = tuple(data.pieces(s) for s in data.MAP_STRUCTURES)
_BUILDINGS = data.pieces("building")
_BASIC = frozenset(data.BASIC_TILES)
_ADVANCED = frozenset(t for t, tile in data.TECH.items() if tile["level"] > 0)
_IRRIGATION = sorted(data.IRRIGATION_TILES)


def _unique(items: list[str]) -> bool:
    return len(items) == len(set(items))


def check(st: State) -> None:
    """Everything is in exactly one place and no stock is negative.

    Runs after every move of thousands of games, so what every seat needs (pieces on the map, basins and
    zones by owner) is counted in one pass over the map, and "each in exactly one place" compares a list
    with its set; the Counter that names the culprit is built only when a check fails."""
    led = st.ledger
    total_cr = total_exc = total_mix = 0
    m = data.map_data(st.map)
    dams: dict[int, int] = {}
    levels: dict[int, int] = {}
    zones: dict[int, list[int]] = {}
    for d, o in st.dam_owner.items():
        dams[o] = dams.get(o, 0) + 1
        levels[o] = levels.get(o, 0) + st.dam_level[d] - 1
        zones.setdefault(o, []).append(m.dams[d]["zone"])
    conduits = Counter(st.conduit_owner.values())
    powerhouses: dict[int, list[int]] = {}
    for p, o in st.ph_owner.items():
        powerhouses.setdefault(o, []).append(m.powerhouses[p]["zone"])
    # buildings by owner, counted only in games with the Leeghwater parts (a 5th stock in ``left``)
    built = Counter(o for owners in st.bslots.values() for o in owners) if st.bslots else Counter()
    start_eng = data.START["engineers"]
    taking = any(t.kind in ("take", "discard") for t in st.tasks)
    advanced = st.deck_patent + [t for t in st.patent if t]
    works = st.deck_works + [w for w in st.works if w]
    contracts = [cid for pile in st.piles for cid in pile] + [cid for col in st.display for cid in col]
    irrigation = [t for stacks in st.pile_irrigation.values() for stack in stacks for t in stack]
    for seat, c in enumerate(st.companies):
        tiles = c.tiles + list(chain.from_iterable(c.wheel))
        advanced += filter(_ADVANCED.__contains__, tiles)
        works += c.works
        contracts += c.hand + c.done
        irrigation += c.irr_up + c.irr_down
        if not c.company:
            continue
        assert c.eng + c.arch + c.placed == start_eng, (seat, c.eng, c.arch, c.placed)
        assert min(c.eng, c.arch, c.placed, c.credits, c.exc, c.mix, *c.wexc, *c.wmix, *c.left) >= 0, (seat, c)
        total_cr += c.credits
        total_exc += c.exc + sum(c.wexc)
        total_mix += c.mix + sum(c.wmix)
        # pieces: on the board + on the map = the company's set
        on_map = (dams.get(seat, 0), levels.get(seat, 0), conduits[seat], len(powerhouses.get(seat, ())))
        for i, s in enumerate(data.MAP_STRUCTURES):
            assert c.left[i] + on_map[i] == _PIECES[i], (seat, s)
        if len(c.left) > 4:
            assert c.left[4] + built[seat] == _BUILDINGS
        held = set(tiles)
        assert len(held) == len(tiles), tiles
        assert held >= _BASIC, tiles
        if not taking:
            # Mahiri copying Simone may keep a 4th contract (the limit is checked when taking)
            assert len(c.hand) <= (4 if c.officer in ("simone_luciani", "mahiri_sekibo") else 3), c.hand
    assert total_cr == led.get("credits_in", 0) - led.get("credits_out", 0)
    assert total_exc == led.get("exc_in", 0) - led.get("exc_out", 0)
    assert total_mix == led.get("mix_in", 0) - led.get("mix_out", 0)
    assert water.drops_on_map(st) == led.get("drops_in", 0) - led.get("drops_out", 0)
    level = st.dam_level
    for node, n in st.water.items():
        assert n >= 0
        if node in m.dams:
            # a dam holds at least its level in drops: the capacity (an officer's) is asked only above that
            assert n <= level.get(node, 0) or n <= water.capacity(st, node) or _may_keep_a_fourth_drop(st, node), (
                node, n)
        else:
            assert node in m.headstreams, node
    # one company per basin, one powerhouse per zone
    for seat in range(st.players):
        assert _unique(zones.get(seat, []))
        assert _unique(powerhouses.get(seat, []))
    # advanced tiles: each in exactly one place
    assert _unique(advanced), Counter(advanced)
    # external works and buildings
    assert _unique(works), Counter(works)
    for bid, owners in st.bslots.items():
        built_by = [o for o in owners if o >= 0]
        assert len(built_by) == len(set(built_by)), (bid, owners)
    # Nile irrigation tiles: all 24 in exactly one place (a stack, face up or face down with a company)
    if st.pile_irrigation:
        assert sorted(irrigation) == _IRRIGATION, Counter(irrigation)
        assert all(len(stack) <= 2 for stacks in st.pile_irrigation.values() for stack in stacks)
        assert len(st.irr_scoring) == data.ROUNDS
        assert all(w < st.players for w in st.irr_scoring)
        assert all(w == -1 for w in st.irr_scoring[st.round - 1:]) or st.phase == "over"
    else:
        assert not any(c.irr_up or c.irr_down for c in st.companies)
    # private contracts: each at most once
    assert _unique(contracts), Counter(contracts)


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
