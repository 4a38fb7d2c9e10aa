"""The search's fast path (a game's ``apply_owned``, rules.base.owned_apply) against the protocol's
``apply``: a seeded random game is played through both side by side; after every move the two states
must be equal (but for the record of events, which apply_owned does not keep), and every refused move
must raise the same error (type, sentence, key and fields) on both and leave the owned state as it was.
Shared by the games' tests (tests/rules/<game>/test_owned.py; Alhambra's fast-check walk steps a
``SideBySide`` itself, so one walk serves both checks)."""

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


def refusal(step: Callable[[Any, Any, Any], Any], state: Any, seat: Any, action: Any) -> tuple[Any, ...] | None:
    """The error ``step`` raises for the move (type, sentence, fields), or None when it accepts it."""
    try:
        step(state, seat, action)
    except RulesError as err:
        return type(err), err.reason, err.fields
    return None


class SideBySide:
    """The owned path's own copy of a game that ``apply`` plays, checked at every step of it."""

    def __init__(self, game: Game[Any, Any], state: Any, drop: Collection[str], seed: int) -> None:
        self.game, self.drop, self.seed = game, drop, seed
        self.owned = game.apply_owned  # type: ignore[attr-defined]
        self.mine = copy.deepcopy(state)  # the owned path's state shares nothing with the protocol's
        self.moves = self.refused = 0
        self._before = b""

    def position(self, state: Any, seat: Any, legal: list[Any]) -> None:
        """Before a move: the same position (not over, the same seats to act, the same moves listed)."""
        game, mine = self.game, self.mine
        assert game.result(mine) is None
        assert game.to_act(mine) == game.to_act(state)
        assert game.legal_actions(mine, seat) == legal
        self._before = msgspec.json.encode(mine)

    def refuses(self, who: Any, action: Any, expected: tuple[Any, ...] | None) -> None:
        """``expected``: apply's refusal of the move in this position (None: accepted, nothing to compare)."""
        if expected is None:
            return  # a move apply accepts: the moves played compare those
        assert refusal(self.owned, self.mine, who, action) == expected, (who, action)
        assert msgspec.json.encode(self.mine) == self._before, f"refused {action} changed the state"
        self.refused += 1

    def moved(self, seat: Any, action: Any, state: Any) -> None:
        """apply played ``action`` and reached ``state``: the owned path plays it and reaches the same."""
        self.mine = self.owned(self.mine, seat, action)
        assert _without(self.mine, self.drop) == _without(state, self.drop), (self.seed, self.moves, action)
        self.moves += 1

    def ended(self, state: Any, seat: Any, action: Any) -> None:
        """The game is over: the same result, and the last move again is refused alike."""
        game, mine = self.game, self.mine
        assert game.result(mine) == game.result(state)
        before = msgspec.json.encode(mine)
        expected = refusal(lambda s, p, a: game.apply(s, p, a), state, seat, action)
        assert expected is not None and refusal(self.owned, mine, seat, action) == expected
        assert msgspec.json.encode(mine) == before
        self.refused += 1


def play_both(game: Game[Any, Any], players: int, options: Mapping[str, str], seed: int, version: int,
              drop: Collection[str], misses: Misses) -> tuple[int, int]:
    """One game through ``apply`` and ``apply_owned`` side by side; returns (moves, refusals compared)."""
    rng = random.Random(seed)
    state = game.setup(players, resolve_options(game.info, options), seed, version)
    both = SideBySide(game, state, drop, seed)
    while game.result(state) is None:
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        both.position(state, seat, legal)
        for who, action in misses(state, seat, legal, rng):
            both.refuses(who, action, refusal(lambda s, p, a: game.apply(s, p, a), state, who, action))
        action = rng.choice(legal)
        state, _ = game.apply(state, seat, action)
        both.moved(seat, action, state)
    both.ended(state, seat, action)
    return both.moves, both.refused
