"""apply_owned (the search's fast path, rules.base.owned_apply) plays the same game as apply: over
seeded random games with both keyed generators, the state it changes in place equals apply's new state
after every move, it refuses a bad move exactly as apply does and then leaves the state as it was, and
a state apply made still stands after its copy is played on in place. The listing apply trusts belongs
to the state it was made for and is forgotten once that state changes in place."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from rules.barrage import GAME
from rules.barrage.actions import Back, Headstream, Place, Site, Take, Tile
from rules.barrage.state import State
from rules.base import IllegalAction, InvalidAction, NotYourTurn, clone, owned_apply, resolve_options
from rules.rng import RNG_KEYED, RNG_KEYED2
from tests.rules.barrage.invariants import choose

GAMES = 26
"""Per (generator, map): 2 x 2 x 26 = 104 games of 2-4 players, every third with Leeghwater."""

_PROBES: tuple[Any, ...] = (Place("x"), Place("company-4"), Take("x"), Site("x"), Tile("x"), Headstream("x"), Back(),
                            "not an action")


def _outcome(play: Any, st: State, seat: int, a: Any) -> tuple[str, str, dict[str, Any]] | None:
    try:
        play(st, seat, a)
    except (IllegalAction, InvalidAction, NotYourTurn) as e:
        return type(e).__name__, e.reason, e.fields
    return None


def _encode(st: State) -> bytes:
    return msgspec.msgpack.encode(st)


@pytest.mark.parametrize("rng_version", [RNG_KEYED, RNG_KEYED2])
@pytest.mark.parametrize("options", [{"map": "base"}, {"expansion": "nile"}])
def test_apply_owned_plays_the_same_game_as_apply(rng_version: int, options: dict[str, str]) -> None:
    assert owned_apply(GAME) == GAME.apply_owned
    kinds: set[str] = set()
    for seed in range(GAMES):
        rng = random.Random(seed * 17 + rng_version)
        opts = {**options, "leeghwater": "yes"} if seed % 3 == 0 else options
        st = GAME.setup(2 + seed % 3, resolve_options(GAME.info, opts), seed, rng=rng_version)
        mine = clone(st)  # played on in place, move after move, as a search's playout does
        step = 0
        while GAME.result(st) is None:
            seat = min(GAME.to_act(st))
            legal = GAME.legal_actions(st, seat)
            assert GAME.legal_actions(mine, seat) == legal
            kinds.add(st.tasks[0].kind)
            if step % 5 == 0:
                # a bad move: the same error from both, and the state it was given is unchanged
                probe = rng.choice([*_PROBES, *legal])
                before = _encode(mine)
                refused = _outcome(GAME.apply, st, seat, probe)
                assert _outcome(GAME.apply_owned, mine, seat, probe) == refused, probe
                if refused is not None:
                    assert _encode(mine) == before
                    assert GAME.legal_actions(mine, seat) == legal
                else:
                    mine = clone(st)  # the probe was a legal move: start again from apply's state
                wrong = (seat + 1) % st.players
                assert _outcome(GAME.apply_owned, mine, wrong, legal[0]) == _outcome(GAME.apply, st, wrong, legal[0])
            a = choose(rng, legal, 0.1)
            before = _encode(st)
            new, _ = GAME.apply(st, seat, a)
            if step % 7 == 3 and GAME.result(new) is None:
                # a copy apply made shares parts with its parent: playing it on in place leaves the parent be
                nseat = min(GAME.to_act(new))
                GAME.apply_owned(clone(new) if step % 14 == 3 else new, nseat, GAME.legal_actions(new, nseat)[-1])
                assert _encode(st) == before
                new, _ = GAME.apply(st, seat, a)
            mine = GAME.apply_owned(mine, seat, a)
            assert _encode(mine) == _encode(new), (seed, step, a)
            st = new
            step += 1
    assert {"turn", "construct", "produce", "fulfil", "drop", "take"} <= kinds


def _to_a_construction(seed: int) -> State:
    """A seeded game played until a company chooses the tile of a construction."""
    rng = random.Random(seed)
    st = GAME.setup(3, resolve_options(GAME.info, {"map": "base"}), seed)
    while st.tasks[0].kind != "construct" or st.tasks[0].t:
        seat = st.tasks[0].seat
        legal = GAME.legal_actions(st, seat)
        place = [a for a in legal if isinstance(a, Place) and a.space.startswith("company")]
        st, _ = GAME.apply(st, seat, rng.choice(place) if place else choose(rng, legal, 0.1))
    return st


def test_a_listing_is_forgotten_when_its_state_changes_in_place() -> None:
    """A tile listed for a construction is not accepted again once that very state object has moved
    on (in place) to choosing the site: the move is checked afresh and refused as on an equal copy."""
    seen = 0
    for seed in range(40):
        st = _to_a_construction(seed)
        seat = st.tasks[0].seat
        tiles = [a for a in GAME.legal_actions(st, seat) if isinstance(a, Tile)]
        GAME.apply_owned(st, seat, tiles[0])
        if st.tasks[0].kind != "construct" or not st.tasks[0].t:
            continue  # the tile had a single site and payment: the construction is over
        seen += 1
        expected = _outcome(GAME.apply, clone(st), seat, tiles[0])
        assert expected is not None and expected[2]["key"] == "barrage.error.step_construct"
        before = _encode(st)
        assert _outcome(GAME.apply_owned, st, seat, tiles[0]) == expected
        assert _outcome(GAME.apply, st, seat, tiles[0]) == expected
        assert _encode(st) == before
    assert seen >= 10
