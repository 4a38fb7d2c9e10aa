"""One fingerprint of many seeded random games: every state and every event, in order.

An engine's speed-ups must not change a single byte of what a game produces (the same seed gives the
same log and final state). The Ra and Imperium tests pin the fingerprint of their engines as they
were before the speed-ups; a deliberate rules change updates it (rerun ``replay_digest`` and say so).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from rules.base import Game, resolve_options


def replay_digest(game: Game[Any, Any], cases: Iterable[tuple[int, int, Mapping[str, str]]],
                  version: int | None = None) -> str:
    """SHA-256 over (players, seed, options) games of random legal moves (the lowest seat to act
    moves; the move stream is seeded with the game's seed): each state, event list and result.
    ``version`` is the generator version the games are set up with (None: the engine's default)."""
    h = hashlib.sha256()
    encode = msgspec.json.encode
    for players, seed, options in cases:
        rng = random.Random(seed)
        opts = resolve_options(game.info, options)
        state = game.setup(players, opts, seed) if version is None else game.setup(players, opts, seed, version)
        h.update(encode(state))
        while game.result(state) is None:
            seat = min(game.to_act(state))
            state, events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            h.update(encode(events))
            h.update(encode(state))
        h.update(encode(game.result(state)))
    return h.hexdigest()
