"""Deciding changes nothing: every level, every game, leaves the state it is shown exactly as it was.

The searches play their samples through ``apply_owned``, which changes a state in place; a sample that
shared a list with the view (and through it with the real state) would corrupt the game being played.
"""

from __future__ import annotations

import pickle
import random

import pytest

from rules import GAMES
from rules.ai import ais_for
from rules.search import Budget
from tests.rules.ai.test_levels import EVERY, LEVEL_GAMES, _positions


@pytest.mark.parametrize(("game_name", "options"), LEVEL_GAMES)
def test_no_level_changes_the_state_it_decides_on(game_name: str, options: dict[str, str]) -> None:
    game = GAMES[game_name]
    ais = dict(ais_for(game_name))
    hard = ais["hard"]
    ais["hard"] = type(hard)("hard", hard.knobs, Budget(iterations=6, deadline_s=3600.0))
    positions = _positions(game_name, options, 5, EVERY[game_name] * 3)
    assert positions
    for state in positions:
        before = pickle.dumps(state)
        for level in ("easy", "normal", "hard"):
            for seat in sorted(game.to_act(state)):
                ais[level].choose(game, state, seat, random.Random(1))
                assert pickle.dumps(state) == before, f"{level} changed the state it was shown"
