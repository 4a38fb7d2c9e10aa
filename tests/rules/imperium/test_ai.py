"""The computer players: legal moves only, no peeking, and greedy beats random."""

from __future__ import annotations

import random

from rules.ai import RandomAI
from rules.imperium import AIS, GAME, GreedyAI, play_from_picks
from tests.rules.imperium.helpers import position


def test_ais_are_registered() -> None:
    assert isinstance(AIS["random"], RandomAI)
    assert isinstance(AIS["greedy"], GreedyAI)


def test_greedy_plays_legally_and_ignores_hidden_choices() -> None:
    state = position(3, round=3, board={1: {3: 2}})
    clean = AIS["greedy"].choose(GAME, state, 0, random.Random(5))
    assert clean in GAME.legal_actions(state, 0)
    planted, _ = GAME.apply(state, 1, play_from_picks((3, 3, 3)))
    assert AIS["greedy"].choose(GAME, planted, 0, random.Random(5)) == clean


def test_greedy_goes_for_the_region_being_resolved() -> None:
    """Round 9 is worth 9 and nobody is there yet: greedy puts markers there."""
    state = position(2, round=8)
    play = AIS["greedy"].choose(GAME, state, 0, random.Random(0))
    assert 9 in play.picks or 8 in play.picks


def test_greedy_beats_random() -> None:
    wins = 0
    games = 20
    for g in range(games):
        rng = random.Random(g)
        state = GAME.setup(3, {}, g)
        while GAME.result(state) is None:
            for seat in sorted(GAME.to_act(state)):
                ai = AIS["greedy"] if seat == 0 else AIS["random"]
                state, _ = GAME.apply(state, seat, ai.choose(GAME, state, seat, rng))
        result = GAME.result(state)
        assert result is not None
        wins += result.ranks[0] == 1
    assert wins >= games * 0.7
