"""Barrage's computer players keep their decisions: the moves below were recorded from main at 6ddbdeb,
whose Normal and greedy players the tournaments measure (Hard's game was recorded again when its draft
began to read the measured table, rules/barrage/data/ai_draft.json, and again when its judgement began to
read the measured tile worths, ai_tiles.json). Making the levels cheaper must
not change one of them (bench/barrage_ai_speed.py checks whole games against 6ddbdeb itself)."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from rules.barrage import AIS, GAME
from rules.barrage.ai import HardAI
from rules.base import resolve_options
from rules.rng import RNG_KEYED2

HARD_VS_NORMAL_SEED_3 = [
    "0:K.1.START4", "2:K.0.START2", "1:K.2.START3", "1:P.company-1", "1:T.BASIC_POWERHOUSE", "1:S.P12_0",
    "2:P.contract-o", "2:G.C212", "0:P.patent-p3", "1:P.company-2", "1:T.BASIC_CONDUIT", "1:S.C10R",
    "2:P.company-1", "2:T.BASIC_POWERHOUSE", "2:S.P12_2", "0:P.company-1", "0:T.BASIC_BASE", "0:S.B4L",
    "1:P.turbine-b2", "1:R.B10L.C10R.P12_0.1", "1:U.START3", "2:P.contract-t", "2:G.C313", "2:G.C207", "2:D.START2",
    "0:P.company-2", "0:T.L1_BASE", "0:S.B3L", "0:M.1", "1:P.contract-tbis", "1:G.NILE_R", "1:G.C413",
    "2:P.water-d1", "2:H.HD", "0:P.irrigation-mountain-1", "0:I.IRR_MOUNTAIN_MACHINERY",
    "0:A.IRR_MOUNTAIN_MACHINERY", "1:P.contract-oc", "1:G.C403", "2:P.turbine-0", "2:R.B10L.C10R.P12_2.1",
    "2:U.C212", "0:P.company-3", "0:T.BASIC_POWERHOUSE", "0:S.P5_0", "1:P.patent-p2", "2:P.company-2",
    "2:T.BASIC_BASE", "2:S.B8L", "0:P.workshop-r1", "1:P.bank-b.1.a", "2:P.bank-b.1", "0:P.bank-b.1",
    "2:P.machinery-e", "0:P.water-p2", "0:H.HB", "0:H.HB", "2:P.bank-b.1", "0:M.1", "0:P.patent-p2",
    "2:P.turbine-b2", "2:R.B10L.C10R.P12_2.1", "2:U.C207", "2:H.HD", "1:P.turbine-0", "1:R.B10L.C10R.P12_0.1",
    "0:P.company-1", "0:T.BASIC_CONDUIT", "0:S.C9R", "2:P.contract-t",
]
"""Hard at seat 0 against two Normal seats, the Nile Affair, seed 3: the first 70 moves (Hard drafting by
the table and judging with the tile worths)."""

NORMAL_VS_GREEDY_SEED_4 = [
    "1:K.2.START4", "2:K.1.START2", "0:K.0.START1", "0:P.company-1", "0:T.BASIC_POWERHOUSE", "0:S.P11_1",
    "2:P.company-1", "2:T.BASIC_POWERHOUSE", "2:S.P6_0", "1:P.company-1.a", "1:T.BASIC_POWERHOUSE", "1:S.P8_1",
    "1:P.company-2", "1:T.BASIC_CONDUIT", "1:S.C5L", "0:P.company-2", "0:T.BASIC_CONDUIT", "0:S.C8L",
    "2:P.company-2", "2:T.BASIC_BASE", "2:S.B2L", "1:P.turbine-b2", "1:R.B5L.C5L.P8_1.1", "1:U.START4", "1:M.0",
    "0:P.water-d1", "0:H.HA", "2:P.company-3", "2:T.BASIC_CONDUIT", "2:S.C9L", "1:P.contract-t", "1:G.C205",
    "1:G.C404", "0:P.turbine-b2c", "0:R.B8L.C8L.P11_1.1", "0:U.START1", "2:P.contract-o", "2:G.C201",
    "1:P.contract-oc", "1:G.C203", "0:P.water-d1c", "0:H.HA", "2:P.bank-b.1", "1:P.contract-tbis", "1:G.C212",
    "1:G.NILE_R", "1:D.C205", "1:D.NILE_R", "0:P.bank-b.1", "2:P.bank-b.1", "1:P.machinery-e", "0:P.bank-b.1",
    "2:P.bank-b.1", "0:P.bank-b.1", "2:P.machinery-b", "2:P.irrigation-mountain-1", "2:I.IRR_MOUNTAIN_ENERGY",
    "2:A.IRR_MOUNTAIN_ENERGY", "1:P.turbine-b2", "1:R.B5L.C5L.P8_1.1", "1:U.C203", "0:P.bank-b.1",
    "2:P.water-d1", "2:H.HB", "1:P.contract-o.a", "1:G.C210", "1:P.company-1", "1:T.BASIC_BASE", "1:S.B8U",
    "0:P.bank-b.1",
]
"""Normal at seat 1 against two greedy seats, the Nile Affair, seed 4: the first 70 moves."""

BASE_NORMAL_VS_GREEDY_SEED_5 = [
    "2:K.0.START1", "0:K.1.START3", "1:K.2.START2", "1:P.company-1", "1:T.BASIC_POWERHOUSE", "1:S.P10_0",
    "0:P.company-1", "0:T.BASIC_POWERHOUSE", "0:S.P7_0", "2:P.contract-t", "2:G.C210", "2:G.C203",
    "1:P.company-2.a", "1:T.BASIC_BASE", "1:S.B8L", "0:P.company-2", "0:T.BASIC_CONDUIT", "0:S.C6R",
    "2:P.company-1", "2:T.BASIC_POWERHOUSE", "2:S.P7_1", "1:P.company-3", "1:T.BASIC_ELEVATION", "1:S.B8L",
    "0:P.water-d1", "0:H.HC", "2:P.turbine-b2", "2:R.B6L.C6R.P7_1.1", "2:U.C203", "1:P.contract-o", "1:G.C304",
    "0:P.water-d1c", "0:H.HC", "2:P.contract-tbis", "2:G.C308", "2:G.C309", "2:D.START1", "1:P.bank-b.1",
    "0:P.bank-b.1", "2:P.company-2", "2:T.BASIC_BASE", "2:S.B9L", "1:P.bank-b.1", "0:P.bank-b.1",
    "2:P.workshop-r1", "1:P.bank-b.1", "0:P.bank-b.1", "2:P.bank-b.1", "1:P.bank-b.1", "0:P.bank-b.1",
    "1:P.bank-b.1", "0:P.turbine-0", "0:R.B6L.C6R.P7_0.1", "0:U.START3", "1:P.company-1.a", "1:T.BASIC_CONDUIT",
    "1:S.C9L", "1:P.water-d1", "1:H.HA", "0:P.water-d1c", "0:H.HC", "2:P.turbine-b2", "2:R.B6L.C6R.P7_1.2",
    "2:U.C308", "2:M.0", "1:P.workshop-r3", "0:P.contract-o", "0:G.C306", "2:P.contract-t", "2:G.C313",
]
"""Normal at seat 2 against two greedy seats, the base game, seed 5: the first 70 moves."""


def _moves(tested: str, field: str, seed: int, expansion: str, count: int) -> list[str]:
    """The first ``count`` moves of bench/tournament.py's game ``seed``: ``tested`` at seat ``seed % 3``,
    Hard bounded by its playouts alone (``--no-deadline``: the machine's speed never changes a move)."""
    def seat_ai(name: str) -> object:
        ai = AIS[name]
        if isinstance(ai, HardAI):
            return HardAI(ai.name, ai.knobs, replace(ai.budget, deadline_s=math.inf))
        return ai

    seats = [seat_ai(tested if s == seed % 3 else field) for s in range(3)]
    rng = random.Random(seed)
    st = GAME.setup(3, resolve_options(GAME.info, {"expansion": expansion}), seed, RNG_KEYED2)
    moves: list[str] = []
    while GAME.result(st) is None and len(moves) < count:
        seat = min(GAME.to_act(st))
        action = seats[seat].choose(GAME, st, seat, rng)  # type: ignore[attr-defined]
        moves.append(f"{seat}:{GAME.encode_action(action)}")
        st, _ = GAME.apply(st, seat, action)
    return moves


@pytest.mark.parametrize(("tested", "field", "seed", "expansion", "recorded"), [
    ("hard", "normal", 3, "nile", HARD_VS_NORMAL_SEED_3),
    ("normal", "greedy", 4, "nile", NORMAL_VS_GREEDY_SEED_4),
    ("normal", "greedy", 5, "none", BASE_NORMAL_VS_GREEDY_SEED_5),
])
def test_the_levels_play_the_moves_they_played_at_6ddbdeb(tested: str, field: str, seed: int, expansion: str,
                                                          recorded: list[str]) -> None:
    assert _moves(tested, field, seed, expansion, len(recorded)) == recorded
