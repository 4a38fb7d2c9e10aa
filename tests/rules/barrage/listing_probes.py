"""apply checks one move without listing every move (choices.allows); the check of one position here
shows that it agrees with the listing (tests/rules/barrage/test_properties.py runs it over seeded random
games): every listed move is accepted, every other move is refused with the error the listing's verdict
gives (type, key and fields), and a refused move changes nothing."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from rules.barrage import GAME, choices, data
from rules.barrage.actions import (
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
from rules.barrage.state import State
from rules.base import IllegalAction, InvalidAction, NotYourTurn

ANY = (Pick(0, "START1"), Place("company-1"), Place("bank-b", 2), Place("turbine-0", 0, True), Place("nope"),
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


def check_position(st: State, seat: int, legal: list[BarrageAction], rng: random.Random) -> None:
    """Probe one position: a legal move, four moves of any kind and the legal move with each field changed."""
    t = st.tasks[0]
    before = msgspec.msgpack.encode(st)
    for a in legal:
        assert choices.allows(st, t, a), (t, a)  # the check apply makes
    sample = rng.choice(legal)
    assert _outcome(st, seat, sample) is None, (t, sample)
    for probe in [*rng.sample(ANY, 4), *_variants(sample, st)]:
        _refused_as_listed(st, seat, probe, legal)
    other = (seat + 1) % st.players
    # the refusal names whose turn it is (issue 19), not the seat that tried
    assert _outcome(st, other, legal[0]) == (
        "NotYourTurn", f"It is not your turn: waiting for Player {seat + 1}.",
        {"key": "barrage.error.not_your_turn", "seat": other + 1, "turn": seat + 1})
    assert msgspec.msgpack.encode(st) == before  # neither accepted nor refused moves touched it
