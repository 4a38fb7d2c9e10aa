"""The search's fast path (a game's ``apply_owned``, rules.base.owned_apply) against the protocol's
``apply``: a seeded random game is played through both side by side; after every move the two states
must be equal (but for the record of events, which apply_owned does not keep), and every refused move
must raise the same error (type, sentence, key and fields) on both and leave the owned state as it was.
Shared by the games' tests (tests/rules/<game>/test_owned.py)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Collection, Mapping
from typing import Any

import msgspec

from rules.base import Game, RulesError, resolve_options

Misses = Callable[[Any, Any, list[Any], random.Random], list[tuple[Any, Any]]]
"""``misses(state, seat, legal, rng)``: (seat, move) pairs to try that may be refused (near misses)."""


def _without(state: Any, drop: Collection[str]) -> dict[str, Any]:
    data: dict[str, Any] = msgspec.to_builtins(state)
    for name in drop:
        data.pop(name)
    return data


def _refusal(step: Callable[[Any, Any, Any], Any], state: Any, seat: Any, action: Any) -> tuple[Any, ...] | None:
    try:
        step(state, seat, action)
    except RulesError as err:
        return type(err), err.reason, err.fields
    return None


def play_both(game: Game[Any, Any], players: int, options: Mapping[str, str], seed: int, version: int,
              drop: Collection[str], misses: Misses) -> tuple[int, int]:
    """One game through ``apply`` and ``apply_owned`` side by side; returns (moves, refusals compared)."""
    owned = game.apply_owned  # type: ignore[attr-defined]
    rng = random.Random(seed)
    state = game.setup(players, resolve_options(game.info, options), seed, version)
    mine = copy.deepcopy(state)  # the owned path's state shares nothing with the protocol's
    moves = refused = 0
    while game.result(state) is None:
        assert game.result(mine) is None
        assert game.to_act(mine) == game.to_act(state)
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        assert game.legal_actions(mine, seat) == legal
        before = msgspec.json.encode(mine)
        for who, action in misses(state, seat, legal, rng):
            expected = _refusal(lambda s, p, a: game.apply(s, p, a), state, who, action)
            if expected is None:
                continue  # a move apply accepts: the moves played below compare those
            assert _refusal(owned, mine, who, action) == expected, (who, action)
            assert msgspec.json.encode(mine) == before, f"refused {action} changed the state"
            refused += 1
        action = rng.choice(legal)
        state, _ = game.apply(state, seat, action)
        mine = owned(mine, seat, action)
        assert _without(mine, drop) == _without(state, drop), (seed, moves, action)
        moves += 1
    assert game.result(mine) == game.result(state)
    before = msgspec.json.encode(mine)  # the game is over: the last move again is refused alike
    expected = _refusal(lambda s, p, a: game.apply(s, p, a), state, seat, action)
    assert expected is not None and _refusal(owned, mine, seat, action) == expected
    assert msgspec.json.encode(mine) == before
    return moves, refused + 1
