"""The computer players: always legal, and the greedy one beats random play."""

from __future__ import annotations

import random

import pytest

from rules.alhambra_dice import AIS, GAME


@pytest.mark.parametrize("version", ["basic", "alcazaba"])
def test_greedy_beats_random(version: str) -> None:
    wins = 0
    for seed in range(10):
        st = GAME.setup(3, {"version": version}, seed)
        rng = random.Random(seed)
        while GAME.result(st) is None:
            seat = st.seat
            ai = AIS["greedy"] if seat == 0 else AIS["random"]
            action = ai.choose(GAME, st, seat, rng)
            assert action in GAME.legal_actions(st, seat)
            st, _ = GAME.apply(st, seat, action)
        res = GAME.result(st)
        assert res is not None
        wins += res.ranks[0] == 1
    assert wins >= 8


def test_greedy_plays_two_player_games_with_the_dummy() -> None:
    for version in ("basic", "alcazaba"):
        st = GAME.setup(2, {"version": version}, 4)
        rng = random.Random(4)
        while GAME.result(st) is None:
            st, _ = GAME.apply(st, st.seat, AIS["greedy"].choose(GAME, st, st.seat, rng))
