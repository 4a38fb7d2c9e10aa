"""Undo never changes the game: over many random games of every game, taking back the moves from a
random point (rebuilt from the seed, as the host does) gives the byte-identical state from before them,
and playing the same move again gives the byte-identical state and the same events as the first time
(a redone draw draws the same tile: no "undo until lucky"). Own undo refuses exactly the final moves."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from host.undo import UndoRefused, take_back
from rules import GAMES
from rules.base import resolve_options, reveals_of

RUNS = {"ra": 6, "imperium": 6, "alhambra_dice": 4, "barrage": 2}
POINTS = 6
"""Random points per game at which moves are taken back and played again."""


def enc(state: Any) -> bytes:
    return msgspec.json.encode(state)


def play(name: str, seed: int) -> tuple[Any, list[tuple[int, Any]], list[bytes], list[list[Any]]]:
    """A random game: the set-up state, the moves, the encoded state before each move (and the final
    one), and each move's events."""
    game = GAMES[name]
    rng = random.Random(seed)
    players = rng.randint(game.info.min_players, min(game.info.max_players, 4))
    start = game.setup(players, resolve_options(game.info, {}), seed)
    state, moves, states, events = start, [], [enc(start)], []
    for _ in range(game.info.max_actions):
        if game.result(state) is not None:
            break
        seat = rng.choice(sorted(game.to_act(state)))
        action = rng.choice(game.legal_actions(state, seat))
        state, said = game.apply(state, seat, action)
        moves.append((seat, action))
        states.append(enc(state))
        events.append(said)
    return start, moves, states, events


@pytest.mark.parametrize("name", sorted(RUNS))
def test_undo_then_redo_is_byte_identical(name):
    game = GAMES[name]
    reveals = reveals_of(game)
    checked = finals = 0
    for run in range(RUNS[name]):
        seed = 1000 * run + 17
        start, moves, states, events = play(name, seed)
        rng = random.Random(seed)
        for k in sorted(rng.sample(range(len(moves)), min(POINTS, len(moves)))):
            restored, taken = take_back(game, start, moves, k, lambda s: False, own=False)
            assert enc(restored) == states[k], f"{name} seed {seed}: undo to before move {k + 1}"
            assert [m.number for m in taken] == list(range(k + 1, len(moves) + 1))
            seat, action = moves[k]
            redone, said = game.apply(restored, seat, action)
            assert enc(redone) == states[k + 1], f"{name} seed {seed}: move {k + 1} played again"
            assert said == events[k], "the same events (the same tile, the same dice)"
            # own undo of the last of these moves alone: refused exactly when it revealed something
            final = reveals(msgspec.json.decode(states[k], type=game.state_type), redone, seat, action)
            try:
                take_back(game, start, moves[: k + 1], k, lambda s: False, own=True)
                assert not final
            except UndoRefused as exc:
                assert final and exc.fields["key"] == "undo.error.final"
                finals += 1
            checked += 1
    assert checked >= RUNS[name] * 2
    assert finals > 0, "some random points fall on a final move"
