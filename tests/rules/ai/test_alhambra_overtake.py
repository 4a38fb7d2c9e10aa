"""Alhambra's Normal weighs whether a lead in a column will last: the opponents' turns left this round
can land above a weak marker."""

from __future__ import annotations

import random
from typing import Any

from rules import GAMES
from rules.ai import ais_for
from rules.alhambra_dice.actions import Place
from rules.alhambra_dice.state import State
from rules.base import Game

PAVILION, TOWER = 0, 5
# Third roll, nothing left to re-roll: three pavilions, a lone tower and single dice of the rest.
DICE = [TOWER, PAVILION, PAVILION, PAVILION, 1, 2, 3, 4]


def _third_roll(opponent_markers: int) -> tuple[Game[Any, Any], State]:
    game = GAMES["alhambra_dice"]
    state = game.setup(3, {"version": "basic"}, 1)
    state.seat = 0
    state.dice = list(DICE)
    state.history = [list(DICE)] * 3
    state.hand = [1, opponent_markers, opponent_markers]
    return game, state


def _placed(action: object) -> int:
    assert isinstance(action, Place)
    return action.building


def test_normal_does_not_stake_a_turn_on_a_lead_the_opponents_will_take() -> None:
    """Ten opponent turns still to come: a lone tower at 1R would almost surely be overtaken, so Normal
    places its three pavilions; greedy (and Normal before it weighed the turns left) took the tower."""
    game, state = _third_roll(opponent_markers=5)
    for seed in range(3):
        assert _placed(ais_for("alhambra_dice")["normal"].choose(game, state, 0, random.Random(seed))) == PAVILION
    assert _placed(ais_for("alhambra_dice")["greedy"].choose(game, state, 0, random.Random(0))) == TOWER


def test_normal_takes_the_richest_lead_when_nobody_can_answer() -> None:
    """The round's last marker: nobody can land above it, so the lone tower's lead is safe and worth
    more than the pavilions'."""
    game, state = _third_roll(opponent_markers=0)
    for seed in range(3):
        assert _placed(ais_for("alhambra_dice")["normal"].choose(game, state, 0, random.Random(seed))) == TOWER
