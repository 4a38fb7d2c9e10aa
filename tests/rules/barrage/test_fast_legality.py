"""apply works on its own copy of the state, and the expansions answer the doability checks a listing
asks. (That apply's one-move check agrees with the listing is checked over seeded random games in
tests/rules/barrage/test_properties.py, with tests/rules/barrage/listing_probes.py.)"""

from __future__ import annotations

import random

import msgspec
import pytest

from rules.barrage import GAME, data, expansion
from rules.barrage.actions import ACTION_TYPES
from rules.barrage.state import SHARED, State, copy_state
from rules.base import clone, resolve_options
from tests.rules.barrage.invariants import choose
from tests.rules.barrage.listing_probes import ANY


@pytest.mark.parametrize("options", [{"map": "base", "leeghwater": "yes"}, {"expansion": "nile", "leeghwater": "yes"}])
def test_apply_never_changes_the_state_it_was_given(options: dict[str, str]) -> None:
    """apply works on copy_state's copy: equal to a deep copy; every container a move changes in place
    is its own, the seldom-changed ones (SHARED) are copied on write, so the old state stays as it was."""
    for seed in range(8):
        rng = random.Random(seed)
        st = GAME.setup(2 + seed % 3, resolve_options(GAME.info, options), seed)
        while GAME.result(st) is None:
            copy = copy_state(st)
            assert copy == clone(st)
            for name in State.__struct_fields__:
                if isinstance(getattr(st, name), list | dict) and name not in SHARED:
                    assert getattr(copy, name) is not getattr(st, name), name
            for c, d in zip(st.companies, copy.companies, strict=True):
                assert all(getattr(c, f) is not getattr(d, f) for f in c.__struct_fields__
                           if isinstance(getattr(c, f), list))
                assert all(a is not b for a, b in zip(c.wheel, d.wheel, strict=True))
            seat = min(GAME.to_act(st))
            before = msgspec.msgpack.encode(st)
            new, _ = GAME.apply(st, seat, choose(rng, GAME.legal_actions(st, seat), 0.1))
            assert msgspec.msgpack.encode(st) == before
            st = new


def test_doable_keys_name_every_action_an_expansion_checks() -> None:
    """A listing skips the doability call for actions with none of these keys: every expansion must
    answer None for such an action, whatever the state."""
    st = GAME.setup(4, resolve_options(GAME.info, {"expansion": "nile", "leeghwater": "yes"}), 1)
    keys = {k for x in expansion.EXPANSIONS for k in x.doable_keys}
    acts = [sp["action"] for sp in data.SPACES.values()]
    assert any(keys & act.keys() for act in acts)
    for x in expansion.EXPANSIONS:
        for act in acts:
            if not set(x.doable_keys) & act.keys():
                assert x.doable(st, 0, act, 99) is None, (x, act)
    assert {type(a) for a in ANY} == set(ACTION_TYPES)  # the probes above try every kind of move
