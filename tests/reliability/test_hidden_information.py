"""Hidden-information audit over thousands of random games of Imperium and Ra.

Non-interference: for every reachable state, change only what a player may not know (another
seat's pending secret choice; the order of Ra's bag; another seat's fame with the hidden-fame
option) and check that every view that player can get is identical — so every message and
picture built from those views is identical too — and that the public events of a move are the
same. A view that differed would leak the hidden data.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from rules.imperium import GAME as IMPERIUM
from rules.ra import GAME as RA

pytestmark = pytest.mark.slow

IMPERIUM_GAMES = 2000
RA_GAMES = 1000


_encoded = msgspec.json.encode


def _same(a: object, b: object) -> bool:
    return _encoded(a) == _encoded(b)


def _public(events: list) -> list[str]:
    return [e.text for e in events if e.to is None]


def test_imperium_pending_choices_never_reach_another_seat() -> None:
    rng = random.Random(8)
    checked = 0
    for g in range(IMPERIUM_GAMES):
        players = 2 + g % 4
        options = {o.name: o.choices[g % len(o.choices)] for o in IMPERIUM.info.options}  # every variant
        st = IMPERIUM.setup(players, options, g)
        while IMPERIUM.result(st) is None:
            acting = sorted(IMPERIUM.to_act(st))
            seat = rng.choice(acting)
            action = rng.choice(IMPERIUM.legal_actions(st, seat))
            chosen = [s for s in range(players) if st.choices[s]]
            after = None  # the move applied to st for the check below, played as it is (apply is pure)
            if chosen:
                # a twin where one seat that already chose picked something else
                s = rng.choice(chosen)
                twin = msgspec.structs.replace(st, choices=list(st.choices))
                twin.choices[s] = tuple(sorted(rng.randint(1, 9) for _ in st.choices[s]))
                for viewer in [None, *(v for v in range(players) if v != s)]:
                    assert _same(IMPERIUM.view(st, viewer), IMPERIUM.view(twin, viewer)), (g, s, viewer)
                if len(acting) > 1:  # this move does not complete the round: nothing is revealed
                    after, ev1 = IMPERIUM.apply(st, seat, action)
                    _, ev2 = IMPERIUM.apply(twin, seat, action)
                    assert _public(ev1) == _public(ev2)
                checked += 1
            st = after if after is not None else IMPERIUM.apply(st, seat, action)[0]
    assert checked > IMPERIUM_GAMES * 5


def test_ra_bag_order_and_hidden_fame_never_reach_another_seat() -> None:
    rng = random.Random(9)
    checked = 0
    for g in range(RA_GAMES):
        players = 3 + g % 3
        hidden = g % 2 == 0
        st = RA.setup(players, {"hidden_fame": "on" if hidden else "off"}, g)
        while RA.result(st) is None:
            seat = min(RA.to_act(st))
            action = rng.choice(RA.legal_actions(st, seat))
            after = None  # the move applied to st for the check below, played as it is (apply is pure)
            if rng.random() < 0.25:
                # the undrawn part of the bag in another order: no view may change
                rest = st.bag[st.drawn:]
                rng.shuffle(rest)
                twin = msgspec.structs.replace(st, bag=st.bag[: st.drawn] + rest)
                # each view of st is drawn once and compared with both twins
                seen = {viewer: _encoded(RA.view(st, viewer)) for viewer in (None, *range(players))}
                for viewer, view in seen.items():
                    assert view == _encoded(RA.view(twin, viewer)), (g, viewer)
                if hidden:
                    s = rng.randrange(players)
                    fame = list(st.fame)
                    fame[s] += 7
                    twin = msgspec.structs.replace(st, fame=fame)
                    for viewer in [None, *(v for v in range(players) if v != s)]:
                        assert seen[viewer] == _encoded(RA.view(twin, viewer)), (g, s, viewer)
                    after, ev1 = RA.apply(st, seat, action)
                    _, ev2 = RA.apply(twin, seat, action)
                    if RA.result(after) is None:  # at the end every score is public
                        assert _public(ev1) == _public(ev2)
                checked += 1
            st = after if after is not None else RA.apply(st, seat, action)[0]
    assert checked > RA_GAMES * 5
