"""Imperium's apply_owned (the search's fast path) plays the very games apply plays: equal states after
every move and the same refusals (tests/rules/owned_paths.py). Imperium draws nothing at random, so the
generator version (checked at set-up for uniformity) changes nothing in a game: one set of games covers
them all (it ran twice, as ``RNG_KEYED2`` and ``RNG_CURRENT``, which are the same version)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.imperium import GAME, ImperiumState, Play
from rules.rng import RNG_CURRENT
from tests.rules.owned_paths import play_both


def _misses(state: ImperiumState, seat: int, legal: list[Play], rng: random.Random) -> list[tuple[Any, Any]]:
    """Too few, unknown or malformed cards, not a play at all; a seat that has chosen or is not at the table."""
    bad: list[Any] = [Play(regions=(1, 2), banners=()), Play(regions=(1, 2, 10), banners=()), "1,2,3",
                      Play(regions=(1, 1, 1, 1), banners=()), Play(regions=(True, 2, 3), banners=())]
    chosen = [s for s, c in enumerate(state.choices) if c]
    return [(seat, a) for a in bad] + [(s, rng.choice(legal)) for s in [*chosen[:1], state.players, -1, "0"]]


@pytest.mark.parametrize("variant", ["standard", "race30"])
def test_apply_owned_plays_the_games_apply_plays(variant: str) -> None:
    moves = refused = 0
    for seed in range(100):
        m, r = play_both(GAME, 2 + seed % 4, {"variant": variant}, seed, RNG_CURRENT, ("events",), _misses)
        moves += m
        refused += r
    assert moves > 100 * 20 and refused > moves
