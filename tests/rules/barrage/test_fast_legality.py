"""apply checks one move without listing every move (choices.allows); these games show that it
agrees with the listing: every listed move is accepted, every other move is refused with the error
the listing's verdict gives (type, key and fields), and a refused move changes nothing."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from rules.barrage import GAME, choices, data, expansion
from rules.barrage.actions import (
    ACTION_TYPES,
    Activate,
    Back,
    BarrageAction,
    Building,
    Decline,
    Discard,
    FreeBuild,
    Fulfil,
    Headstream,
    Irrigate,
    Machine,
    Officer,
    Pay,
    Pick,
    Place,
    Points,
    Produce,
    Restore,
    Retrieve,
    Site,
    Skip,
    Take,
    Tile,
    Work,
    encode,
)
from rules.barrage.engine import _encodable, _why
from rules.barrage.state import SHARED, State, copy_state
from rules.base import IllegalAction, InvalidAction, NotYourTurn, clone, resolve_options
from tests.rules.barrage.invariants import choose, positions

GAMES_PER_SET = 40
"""Per (map, players): 2 maps x 3 player counts = 240 games, some 32,000 positions, each probed with
a legal move, four moves of any kind and the legal move with each field changed."""

_ANY = (Pick(0, "START1"), Place("company-1"), Place("bank-b", 2), Place("turbine-0", 0, True), Place("nope"),
        Place("officer-mahiri-2"), FreeBuild("L1_POWERHOUSE"), FreeBuild("L3_BASE"), Skip(), Tile("L1_BASE"),
        Tile("ANTON_SPECIAL", "L2_BASE"), Site("B5U"), Site("C1R"), Pay(0, 0, 0), Pay(1, 2, 3),
        Produce("B1L", "C1R", "P5_0", 1), Fulfil("C200"), Take("C301"), Discard("C200"), Machine(1), Machine(9),
        Headstream("HA"), Building("cofferdam"), Work("EW_A2"), Officer("viktor_fiesler"), Retrieve(0, 1, 0),
        Irrigate("IRR_HILL_WATER"), Activate("IRR_PLAIN_CREDITS"), Restore("IRR_PLAIN_WHEEL"), Points(),
        Decline(), Back())
"""A move of every kind, legal now and then."""


def _variants(a: BarrageAction, st: State) -> list[Any]:
    """The same kind of move with other fields: another number, space, tile, site or payment."""
    fields = msgspec.structs.asdict(a)
    out: list[Any] = []
    m = data.map_data(st.map)
    for name, value in fields.items():
        if isinstance(value, bool):
            alts: list[Any] = [not value]
        elif isinstance(value, int):
            alts = [value + 1, value - 1, -1]
        elif name in ("site", "dam", "conduit", "powerhouse"):
            alts = [next(iter(m.dams)), next(iter(m.conduits)), next(iter(m.powerhouses)), value + "x", ""]
        elif name == "space":
            alts = ["company-4", "turbine-b2c", "water-p2", "workshop-r3", "patent-p1", "x"]
        else:
            alts = [value + "x", "", "L2_JOKER", "ANTON_SPECIAL"]
        out += [msgspec.structs.replace(a, **{name: alt}) for alt in alts]
    return out


def _outcome(st: State, seat: int, a: Any) -> tuple[str, str, dict[str, Any]] | None:
    """What apply does: None when it accepts, else the error's type, sentence and fields (key included)."""
    try:
        GAME.apply(st, seat, a)
    except (IllegalAction, InvalidAction, NotYourTurn) as e:
        return type(e).__name__, e.reason, e.fields
    return None


def _refused_as_listed(st: State, seat: int, a: Any, legal: list[BarrageAction]) -> None:
    t = st.tasks[0]
    listed = a in legal
    assert choices.allows(st, t, a) == listed, (t, a)
    if listed:
        return
    reason, fields = _why(st, seat, a)
    code = encode(a) if _encodable(a) else ""
    assert _outcome(st, seat, a) == ("IllegalAction", reason, {**fields, "action": code}), (t, a)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{"map": "base"}, {"expansion": "nile"}])
def test_fast_check_agrees_with_the_listing(players: int, options: dict[str, str]) -> None:
    kinds: set[str] = set()
    for st, seat, legal, rng in positions(players, options, GAMES_PER_SET, salt=31, leeghwater=2):
        t = st.tasks[0]
        kinds.add(t.kind)
        before = msgspec.msgpack.encode(st)
        for a in legal:
            assert choices.allows(st, t, a), (t, a)  # the check apply makes
        sample = rng.choice(legal)
        assert _outcome(st, seat, sample) is None, (t, sample)
        for probe in [*rng.sample(_ANY, 4), *_variants(sample, st)]:
            _refused_as_listed(st, seat, probe, legal)
        other = (seat + 1) % players
        # the refusal names whose turn it is (issue 19), not the seat that tried
        assert _outcome(st, other, legal[0]) == (
            "NotYourTurn", f"It is not your turn: waiting for Player {seat + 1}.",
            {"key": "barrage.error.not_your_turn", "seat": other + 1, "turn": seat + 1})
        assert msgspec.msgpack.encode(st) == before  # neither accepted nor refused moves touched it
    assert {"turn", "construct", "produce", "fulfil", "drop"} <= kinds


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
    assert {type(a) for a in _ANY} == set(ACTION_TYPES)  # the probes above try every kind of move
