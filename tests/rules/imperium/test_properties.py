"""Seeded random games: invariants at every step, JSON round trips and replays."""

from __future__ import annotations

import random

import pytest

from rules.base import from_json, play_random_game, to_json
from rules.imperium import GAME, ImperiumState, play_from_picks

MARKERS = 14
GAMES = 2000


def test_random_games_keep_every_invariant() -> None:
    """2,000 games, 2-5 players, both variants: no crash, ends in time, markers conserved."""
    for g in range(GAMES):
        players = 2 + g % 4
        variant = "race30" if (g // 4) % 2 else "standard"  # every player count meets both variants
        rng = random.Random(g)
        state = GAME.setup(players, {"variant": variant}, g)
        actions = 0
        while GAME.result(state) is None:
            to_act = GAME.to_act(state)
            assert to_act
            seat = rng.choice(sorted(to_act))
            for other in range(players):
                if other not in to_act:
                    assert GAME.legal_actions(state, other) == []
            before_scores = state.scores[:]
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            actions += 1
            assert actions <= GAME.info.max_actions
            for s in range(players):
                assert state.supply[s] >= 0
                assert state.supply[s] + sum(state.board[s]) == MARKERS
                assert state.scores[s] >= before_scores[s]
        assert state.finished and GAME.to_act(state) == frozenset()
        result = GAME.result(state)
        assert result is not None and min(result.ranks) == 1 and len(result.ranks) == players
        if variant == "standard":
            assert state.round == 8 and actions == 8 * players


@pytest.mark.parametrize(("players", "variant", "seed"), [(2, "standard", 1), (5, "race30", 2), (3, "race30", 3)])
def test_replay_from_seed_and_actions_gives_an_equal_state(players: int, variant: str, seed: int) -> None:
    final, log = play_random_game(GAME, players, seed, {"variant": variant})
    state = GAME.setup(players, {"variant": variant}, seed)
    for seat, action in log:
        state, _ = GAME.apply(state, seat, action)
        assert from_json(to_json(state), ImperiumState) == state
    assert state == final
    assert to_json(state) == to_json(final)


def test_state_round_trips_through_json_mid_round() -> None:
    state = GAME.setup(4, {"variant": "race30"}, 9)
    state, _ = GAME.apply(state, 1, play_from_picks((2, 2, 7)))
    assert from_json(to_json(state), ImperiumState) == state


def test_apply_never_changes_its_input() -> None:
    state = GAME.setup(3, {}, 4)
    for seat in range(3):
        before = to_json(state)
        new, _ = GAME.apply(state, seat, play_from_picks((seat + 1, 5, 9)))
        assert to_json(state) == before
        state = new
