"""Imperium's apply_owned (the search's fast path) plays the very games apply plays: equal states after
every move and the same refusals, for generator versions 2 and 3 (tests/rules/owned_paths.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.imperium import GAME, ImperiumState, Play
from rules.rng import RNG_CURRENT, RNG_KEYED2
from tests.rules.owned_paths import play_both


def _misses(state: ImperiumState, seat: int, legal: list[Play], rng: random.Random) -> list[tuple[Any, Any]]:
    """Too few, unknown or malformed cards, not a play at all; a seat that has chosen or is not at the table."""
    bad: list[Any] = [Play(regions=(1, 2), banners=()), Play(regions=(1, 2, 10), banners=()), "1,2,3",
                      Play(regions=(1, 1, 1, 1), banners=()), Play(regions=(True, 2, 3), banners=())]
    chosen = [s for s, c in enumerate(state.choices) if c]
    return [(seat, a) for a in bad] + [(s, rng.choice(legal)) for s in [*chosen[:1], state.players, -1, "0"]]


@pytest.mark.parametrize("version", [RNG_KEYED2, RNG_CURRENT])
@pytest.mark.parametrize("variant", ["standard", "race30"])
def test_apply_owned_plays_the_games_apply_plays(variant: str, version: int) -> None:
    moves = refused = 0
    for seed in range(100):
        m, r = play_both(GAME, 2 + seed % 4, {"variant": variant}, seed, version, ("events",), _misses)
        moves += m
        refused += r
    assert moves > 100 * 20 and refused > moves
