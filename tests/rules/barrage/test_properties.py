"""Seeded random complete games: never crash, end after round 5, conserve every unit."""

from __future__ import annotations

import pytest

from rules.barrage import GAME, data
from rules.base import play_random_game
from tests.rules.barrage.invariants import play

SEEDS = range(300)  # per player count: 900 complete games on the base map


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_conserve_everything(players: int) -> None:
    """300 games per player count (900 in all), every state checked (invariants.check)."""
    longest = 0
    for seed in SEEDS:
        st, steps = play(players, seed, options={"intro": "yes"} if seed % 10 == 9 else None)
        res = GAME.result(st)
        assert res is not None and st.round == data.ROUNDS
        assert sorted(res.ranks)[0] == 1 and len(res.scores) == players
        longest = max(longest, steps)
    assert longest < GAME.info.max_actions


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
        st, _ = play(players, seed, options={"leeghwater": "yes"})
        assert GAME.result(st) is not None
        assert len(st.buildings) == 5
