"""Thousands of seeded random games: tiles are conserved, disks too, fame stays >= 0, three epochs."""

from __future__ import annotations

import random

import pytest

from rules.ra import GAME
from rules.ra.data import RA, TILE_COUNTS, TOTAL_TILES
from rules.ra.engine import apply, legal_actions, to_act
from tests.rules.ra.fixtures import tile_census

GAMES_PER_COUNT = 2000
EXPECTED = list(TILE_COUNTS)


def disks_in_play(s) -> list[int]:
    return sorted([s.center, *(d for u in s.up for d in u), *(d for dn in s.down for d in dn)])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_every_invariant(players: int) -> None:
    """2,000 games per player count; every state along the way is checked."""
    max_actions = GAME.info.max_actions
    for seed in range(GAMES_PER_COUNT):
        rng = random.Random(seed * 7919 + players)
        s = GAME.setup(players, {"hidden_fame": "on" if seed % 2 else "off"}, seed)
        start = disks_in_play(s)
        assert start == s.start_disks
        epoch_starts = 1
        steps = 0
        in_bag = EXPECTED[:]  # the bag's contents by type, updated as tiles are drawn
        drawn = 0
        while (acting := to_act(s)):
            (seat,) = acting
            acts = legal_actions(s, seat)
            assert acts, f"seed {seed}: seat {seat} must act but has no move"
            epoch = s.epoch
            s, _ = apply(s, seat, rng.choice(acts))
            steps += 1
            while drawn < s.drawn:
                in_bag[s.bag[drawn]] -= 1
                drawn += 1
            # the same count as fixtures.tile_census, kept incremental to stay fast
            census = [sum(c) for c in zip(s.discarded, in_bag, *s.held, strict=True)]
            census[RA] += s.ra_count
            for t in s.track:
                census[t] += 1
            assert census == EXPECTED, f"seed {seed} step {steps}: tiles not conserved"
            assert min(s.fame) >= 0
            if s.epoch != epoch:
                epoch_starts += 1
                assert disks_in_play(s) == start, f"seed {seed}: epoch {s.epoch} starts with other disks"
                assert not s.down[0] and s.ra_count == 0 and s.track == []
        assert steps <= max_actions
        assert epoch_starts == 3 and s.epoch == 3 and len(s.history) == 3
        r = GAME.result(s)
        assert r is not None and sorted(r.ranks)[0] == 1
        assert tile_census(s) == EXPECTED and sum(EXPECTED) == TOTAL_TILES
