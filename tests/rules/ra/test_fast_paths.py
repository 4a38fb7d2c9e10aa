"""The engine's speed-ups change nothing a player could notice: the setup shuffle read straight
from the keyed stream deals exactly the bag and sun sets KeyedRandom's own shuffle deals."""

from __future__ import annotations

import random

import pytest

from rules.base import resolve_options
from rules.ra import GAME
from rules.ra.data import sun_sets
from rules.ra.engine import _SORTED_BAG
from rules.ra.shuffle import shuffle_setup
from rules.rng import RNG_KEYED, RNG_MT, make_random

SEEDS = [*range(300), *(random.Random(i).getrandbits(128) for i in range(100))]
"""Small seeds (tests, demos) and 128-bit ones (every new game)."""


def _slow_deal(seed: int, version: int, players: int) -> tuple[list[int], list[list[int]]]:
    """The deal as setup drew it before: make_random's own shuffle, bag then sun sets."""
    rnd = make_random(seed, version)
    bag, sets = list(_SORTED_BAG), sun_sets(players)
    rnd.shuffle(bag)
    rnd.shuffle(sets)
    return bag, sets


@pytest.mark.parametrize("version", [RNG_KEYED, RNG_MT])
def test_fast_shuffle_deals_what_keyed_random_deals(version: int) -> None:
    for i, seed in enumerate(SEEDS):
        players = 3 + i % 3
        bag, sets = list(_SORTED_BAG), sun_sets(players)
        shuffle_setup(seed, version, bag, sets)
        assert (bag, sets) == _slow_deal(seed, version, players), seed


def test_setup_deals_the_keyed_stream() -> None:
    for i, seed in enumerate(SEEDS[:100]):
        players = 3 + i % 3
        state = GAME.setup(players, resolve_options(GAME.info, {}), seed)
        bag, sets = _slow_deal(seed, RNG_KEYED, players)
        assert state.bag == bag
        assert state.up == [sorted(d, reverse=True) for d in sets]


def test_long_lists_and_odd_seeds_take_the_generators_own_path() -> None:
    long = list(range(600))
    expected = long[:]
    make_random(7, RNG_KEYED).shuffle(expected)
    shuffle_setup(7, RNG_KEYED, long)
    assert long == expected
    with pytest.raises(ValueError):
        shuffle_setup(-1, RNG_KEYED, [1, 2, 3])
