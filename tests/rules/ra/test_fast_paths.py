"""The engine's speed-ups change nothing a player could notice: the setup shuffle read straight
from the keyed stream deals exactly the bag and sun sets KeyedRandom's own shuffle deals, seeded
random games produce the very bytes the engine produced before, and shared event lines stay put."""

from __future__ import annotations

import random

import msgspec
import pytest

from rules.base import resolve_options
from rules.ra import GAME
from rules.ra.data import sun_sets
from rules.ra.engine import _SORTED_BAG
from rules.ra.shuffle import shuffle_setup
from rules.rng import RNG_KEYED, RNG_KEYED2, RNG_MT, make_random
from tests.rules.replay_digest import replay_digest

SEEDS = [*range(300), *(random.Random(i).getrandbits(128) for i in range(100))]
"""Small seeds (tests, demos) and 128-bit ones (every new game)."""


def _slow_deal(seed: int, version: int, players: int) -> tuple[list[int], list[list[int]]]:
    """The deal as setup drew it before: make_random's own shuffle, bag then sun sets."""
    rnd = make_random(seed, version)
    bag, sets = list(_SORTED_BAG), sun_sets(players)
    rnd.shuffle(bag)
    rnd.shuffle(sets)
    return bag, sets


@pytest.mark.parametrize("version", [RNG_KEYED, RNG_MT, RNG_KEYED2])
def test_fast_shuffle_deals_what_keyed_random_deals(version: int) -> None:
    for i, seed in enumerate(SEEDS):
        players = 3 + i % 3
        bag, sets = list(_SORTED_BAG), sun_sets(players)
        shuffle_setup(seed, version, bag, sets)
        assert (bag, sets) == _slow_deal(seed, version, players), seed


@pytest.mark.parametrize("version", [RNG_KEYED, RNG_KEYED2])
def test_setup_deals_the_keyed_stream(version: int) -> None:
    for i, seed in enumerate(SEEDS[:100]):
        players = 3 + i % 3
        state = GAME.setup(players, resolve_options(GAME.info, {}), seed, version)
        bag, sets = _slow_deal(seed, version, players)
        assert state.bag == bag
        assert state.up == [sorted(d, reverse=True) for d in sets]


def test_a_deal_that_outruns_the_stream_prefix_is_dealt_again_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks cut to 4 bytes run out mid-shuffle: the fallback starts over from the unshuffled lists."""
    import rules.ra.shuffle as fast

    whole = fast.keyed_block
    monkeypatch.setattr(fast, "keyed_block", lambda key, label, counter: whole(key, label, counter)[:4])
    bag, sets = list(_SORTED_BAG), sun_sets(4)
    shuffle_setup(77, RNG_KEYED, bag, sets)
    assert (bag, sets) == _slow_deal(77, RNG_KEYED, 4)


def test_a_version_3_deal_that_outruns_the_stream_prefix_is_dealt_again_exactly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import rules.ra.shuffle as fast

    whole = fast.blake_block
    monkeypatch.setattr(fast, "blake_block", lambda key, label, counter: whole(key, label, counter)[:4])
    bag, sets = list(_SORTED_BAG), sun_sets(4)
    shuffle_setup(77, RNG_KEYED2, bag, sets)
    assert (bag, sets) == _slow_deal(77, RNG_KEYED2, 4)


def test_long_lists_and_odd_seeds_take_the_generators_own_path() -> None:
    long = list(range(600))
    expected = long[:]
    make_random(7, RNG_KEYED).shuffle(expected)
    shuffle_setup(7, RNG_KEYED, long)
    assert long == expected
    with pytest.raises(ValueError):
        shuffle_setup(-1, RNG_KEYED, [1, 2, 3])


RA_CASES = [(3 + s % 3, s, {"hidden_fame": "on" if s % 2 else "off"}) for s in range(200)]
RA_DIGEST = "7f49872ef45faa0cdce9a6382a5ba08ce84328f5e7c50219382d7c5ae44f0748"
"""replay_digest(GAME, RA_CASES) of the engine before the speed-ups (branch base 5df0a2c)."""


RA_DIGEST_V3 = "868f9678679c155cbd8561c9b705e421f67701e42c52b0f9340d067b20e0dc8d"
"""replay_digest of the same games set up on generator version 3 (new games), pinned when it came."""


def test_random_games_are_byte_for_byte_those_of_the_engine_before() -> None:
    """Games on generator version 2 (stored before version 3) replay byte for byte."""
    assert replay_digest(GAME, RA_CASES, RNG_KEYED) == RA_DIGEST


def test_version_3_games_are_byte_for_byte_those_pinned() -> None:
    assert replay_digest(GAME, RA_CASES, RNG_KEYED2) == RA_DIGEST_V3


def test_shared_event_lines_are_never_changed_by_later_games() -> None:
    """Won-auction lines and the move tables are shared between games: playing more games must
    leave a finished game's states and events exactly as they were."""
    kept = []
    rng = random.Random(5)
    state = GAME.setup(4, resolve_options(GAME.info, {}), 5)
    while GAME.result(state) is None:
        (seat,) = GAME.to_act(state)
        state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        kept.append((state, events, msgspec.json.encode([state, events])))
    replay_digest(GAME, RA_CASES[:40])
    assert all(msgspec.json.encode([s, e]) == before for s, e, before in kept)
