"""Alhambra's Normal: a column is worth what winning it adds to the seat's scorings to come."""

from __future__ import annotations

import random

from rules import GAMES
from rules.ai import ais_for
from rules.alhambra_dice.actions import Reroll

GARDEN, TOWER = 4, 5


def test_normal_goes_for_a_building_it_can_still_win_not_a_track_it_has_topped() -> None:
    """Three gardens and three towers on the first roll; the seat's tower track is full (12 points),
    so more tower points score nothing: Normal keeps the gardens and re-rolls the rest, while greedy
    (a tower is its richest column) keeps the towers."""
    game = GAMES["alhambra_dice"]
    state = game.setup(3, {"version": "basic"}, 1)
    state.dice = [GARDEN, GARDEN, GARDEN, TOWER, TOWER, TOWER, 0, 1]
    state.history = [list(state.dice)]
    state.points[0][TOWER] = 12
    state.arrival[0][TOWER] = 1
    keep_gardens = Reroll(sum(1 << i for i, f in enumerate(state.dice) if f != GARDEN))
    keep_towers = Reroll(sum(1 << i for i, f in enumerate(state.dice) if f != TOWER))
    for seed in range(3):
        assert ais_for("alhambra_dice")["normal"].choose(game, state, 0, random.Random(seed)) == keep_gardens
        assert ais_for("alhambra_dice")["greedy"].choose(game, state, 0, random.Random(seed)) == keep_towers
