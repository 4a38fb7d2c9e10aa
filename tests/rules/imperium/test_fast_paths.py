"""The engine's speed-ups change nothing a player could notice: seeded random games produce the very
bytes the engine produced before, and the events and resolutions shared between games stay put."""

from __future__ import annotations

import random

import msgspec

from rules.base import resolve_options
from rules.imperium import GAME
from tests.rules.replay_digest import replay_digest

CASES = [(2 + s % 4, s, {"variant": "race30" if s % 2 else "standard"}) for s in range(200)]
DIGEST = "0cec316476370730d8033260891daebd59622c3c83ce66356f404beccfca2786"
"""replay_digest(GAME, CASES) of the engine before the speed-ups (branch base 5df0a2c)."""


def test_random_games_are_byte_for_byte_those_of_the_engine_before() -> None:
    assert replay_digest(GAME, CASES) == DIGEST


def test_shared_events_and_resolutions_are_never_changed_by_later_games() -> None:
    """Choice, round and resolution events (and a round's Resolution records) are built once and
    shared: playing more games must leave a finished game's states and events as they were."""
    kept = []
    rng = random.Random(3)
    state = GAME.setup(4, resolve_options(GAME.info, {}), 3)
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        kept.append((state, events, msgspec.json.encode([state, events])))
    replay_digest(GAME, CASES[:60])
    assert all(msgspec.json.encode([s, e]) == before for s, e, before in kept)


def test_who_must_act_follows_the_choices() -> None:
    """to_act looks its answer up in a table: every seat that has not chosen, and only those."""
    state = GAME.setup(5, resolve_options(GAME.info, {}), 1)
    plays = GAME.legal_actions(state, 0)
    for seat in (3, 0, 4):
        assert seat in GAME.to_act(state)
        state, _ = GAME.apply(state, seat, plays[seat])
        assert seat not in GAME.to_act(state)
    assert GAME.to_act(state) == frozenset({1, 2})
