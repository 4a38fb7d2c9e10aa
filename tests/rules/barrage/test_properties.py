"""Seeded random complete games: never crash, end after round 5, conserve every unit."""

from __future__ import annotations

import pytest

from rules.barrage import GAME, data
from rules.base import play_random_game
from tests.rules.barrage.invariants import play

SEEDS = range(300)  # per player count: 900 complete games on each map
BASE = {"map": "base"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_conserve_everything(players: int) -> None:
    """300 base games per player count (900 in all), every state checked (invariants.check)."""
    longest = 0
    for seed in SEEDS:
        st, steps = play(players, seed, options={**BASE, "intro": "yes"} if seed % 10 == 9 else BASE)
        res = GAME.result(st)
        assert res is not None and st.round == data.ROUNDS
        assert sorted(res.ranks)[0] == 1 and len(res.scores) == players
        longest = max(longest, steps)
    assert longest < GAME.info.max_actions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_nile_games_conserve_everything_and_irrigation_tiles(players: int) -> None:
    """300 Nile Affair games per player count (900 in all; every 4th with Leeghwater, every 10th
    introductory): every state checked, the 24 irrigation tiles included (invariants.check)."""
    irrigated = activated = 0
    for seed in SEEDS:
        options = {"expansion": "nile"}
        if seed % 4 == 3:
            options["leeghwater"] = "yes"
        elif seed % 10 == 9:
            options["intro"] = "yes"
        st, steps = play(players, seed, options=options)
        res = GAME.result(st)
        assert res is not None and st.map == "nile" and steps < GAME.info.max_actions
        assert all(w != -1 for w in st.irr_scoring)  # all five irrigation scorings happened
        irrigated += sum(len(c.irr_up) + len(c.irr_down) for c in st.companies)
        activated += sum(len(c.irr_down) for c in st.companies)
    assert irrigated > len(SEEDS) and activated > len(SEEDS) // 2  # the games really irrigate


@pytest.mark.parametrize("players", [2, 3, 4])
def test_uniform_random_games_end(players: int) -> None:
    """The protocol's own random player (bank-heavy) also always finishes."""
    for seed in range(10):
        st, log = play_random_game(GAME, players, seed)
        assert GAME.result(st) is not None and len(log) < GAME.info.max_actions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_leeghwater_games_conserve_everything(players: int) -> None:
    """The Leeghwater parts (buildings, external works, Netherlands, Margot, Mahiri, Leslie)."""
    for seed in range(40):
        st, _ = play(players, seed, options={**BASE, "leeghwater": "yes"})
        assert GAME.result(st) is not None
        assert len(st.buildings) == 5
