"""Imperium's levels: Normal reads what its opponents can still send, and the levels rank as named."""

from __future__ import annotations

import random

from rules.ai import ais_for
from rules.imperium import GAME, play_from_picks
from tests.rules.imperium.helpers import position


def test_normal_takes_the_best_split_when_the_opponents_have_no_markers_left() -> None:
    """Last round, opponents with empty supplies: 8, 8, 9 ties for second in region 8 (6 points) and
    ties for first in region 9 (7 points), better than 8, 8, 8 (8) or 9, 9, 9 (9)."""
    state = position(4, round=8, board={1: {8: 2, 9: 1}, 2: {8: 1}, 3: {8: 1}}, supply={1: 0, 2: 0, 3: 0})
    for seed in range(5):
        assert ais_for("imperium")["normal"].choose(GAME, state, 0, random.Random(seed)) == \
            play_from_picks((8, 8, 9))


def _share(tested: str, field: str, games: int) -> float:
    """The tested level's win share at a four-seat table, seats rotated, shared wins split."""
    ais = ais_for("imperium")
    total = 0.0
    for seed in range(games):
        me = seed % 4
        rng = random.Random(seed)
        state = GAME.setup(4, {}, seed)
        while (result := GAME.result(state)) is None:
            seat = min(GAME.to_act(state))
            state, _ = GAME.apply(state, seat, ais[tested if seat == me else field].choose(GAME, state, seat, rng))
        if me in result.winners:
            total += 1 / len(result.winners)
    return total / games


def test_normal_wins_well_over_its_share_against_easy_and_easy_against_random() -> None:
    """Fair share 25%; the 400-game rows measure 88% and 94% (the issue asks 40% and 90%)."""
    assert _share("normal", "easy", 24) >= 0.5
    assert _share("easy", "random", 24) >= 0.75
