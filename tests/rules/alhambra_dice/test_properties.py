"""Property tests over many seeded random games of both versions, 2-6 players."""

from __future__ import annotations

import random

import pytest

from rules.alhambra_dice import GAME
from rules.alhambra_dice.data import CHIPS, MAX_POINTS, NCELLS, NTILES, ROUNDS, START_CHIP
from rules.alhambra_dice.state import EMPTY, OVER, ROLL, State

GAMES_PER_COUNT = 200  # x 5 player counts = 1,000 games per version


def _check(st: State) -> None:
    n = len(st.score)
    if st.phase == ROLL:
        for seat in range(n):
            on_board = st.grid.count(seat)
            total = st.markers if seat < st.players else 5
            assert st.hand[seat] + on_board + st.off[seat] == total, (seat, st)
    assert st.round <= ROUNDS
    if st.version == "basic":
        chips = [c for stack in st.stacks for c in stack]
        chips += [f for f in st.fields if f not in (EMPTY, START_CHIP)]
        chips += [c for owned in st.chips for c in owned] + st.gone
        assert sorted(chips) == list(range(len(CHIPS)))
        assert st.fields.count(START_CHIP) <= 1
        assert all(0 <= p <= MAX_POINTS for row in st.points for p in row)
    else:
        tiles = [t for s in st.tile_stacks for t in s] + st.bag
        tiles += [t for col in st.tiles for t in col]
        tiles += [t for flat in st.alhambra for t in flat[2::3] if t != -1]
        tiles += [t for r in st.reserve for t in r] + st.dummy_tiles + st.discarded
        assert sorted(tiles) == list(range(NTILES))
        assert all(
            flat[:3] == [0, 0, -1] or (0, 0, -1) in zip(flat[::3], flat[1::3], flat[2::3], strict=True)
            for flat in st.alhambra
        )
    assert len(st.grid) == 6 * NCELLS


def _play(version: str, players: int, seed: int) -> State:
    rng = random.Random(seed)
    st = GAME.setup(players, {"version": version}, seed)
    for _ in range(GAME.info.max_actions):
        if st.phase == OVER:
            break
        seat = st.seat
        assert GAME.to_act(st) == frozenset((seat,))
        st, _ = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
        _check(st)
    assert st.phase == OVER and st.round == ROUNDS, "the game must end after round 5"
    res = GAME.result(st)
    assert res is not None and len(res.ranks) == players and min(res.ranks) == 1
    assert GAME.to_act(st) == frozenset() and GAME.legal_actions(st, 0) == []
    return st


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_basic_random_games(players: int) -> None:
    for seed in range(GAMES_PER_COUNT):
        _play("basic", players, seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_alcazaba_random_games(players: int) -> None:
    for seed in range(GAMES_PER_COUNT):
        st = _play("alcazaba", players, seed)
        assert not st.bag and not st.tile_stacks
