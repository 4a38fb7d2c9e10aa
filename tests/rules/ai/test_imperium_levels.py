"""Imperium's levels: Normal reads what its opponents can still send, Hard overrules Normal only on a clear
lead in its playouts, and the levels rank as named."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from rules.ai import ais_for
from rules.imperium import GAME, play_from_picks
from rules.imperium.ai import HardAI, _clearly_best
from rules.search import Budget
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


def test_hard_plays_normals_best_at_once_where_no_other_play_comes_near() -> None:
    """The last round against empty supplies: Normal's split is the only play within a point of its
    best, so Hard plays it without a playout (a determinise call counts the samples)."""
    state = position(4, round=8, board={1: {8: 2, 9: 1}, 2: {8: 1}, 3: {8: 1}}, supply={1: 0, 2: 0, 3: 0})
    hard = ais_for("imperium")["hard"]
    assert isinstance(hard, HardAI)
    samples = 0

    def counting(view: dict[str, Any], seat: int, rng: random.Random) -> Any:
        nonlocal samples
        samples += 1
        return hard.knobs.determinise(view, seat, rng)

    counted = HardAI("hard", dataclasses.replace(hard.knobs, determinise=counting), hard.budget)
    assert counted.choose(GAME, state, 0, random.Random(1)) == play_from_picks((8, 8, 9))
    assert samples == 1


def test_hard_keeps_normals_favourite_unless_a_candidate_leads_it_clearly() -> None:
    """Candidate 0 is Normal's favourite. A lead that the samples contradict stays unplayed; a lead
    in every sample is played, the larger of two such leads first."""
    favourite = [0.5, 0.5, 0.5, 0.5]
    noisy = [1.0, 0.0, 1.0, 0.2]  # mean 0.55: ahead on average, behind in half the samples
    steady = [0.6, 0.62, 0.58, 0.61]
    steadier = [0.7, 0.72, 0.69, 0.71]
    assert _clearly_best([favourite, noisy]) == 0
    assert _clearly_best([favourite, noisy, steady]) == 2
    assert _clearly_best([favourite, steady, steadier]) == 2
    assert _clearly_best([favourite, favourite[:]]) == 0


def test_hard_answers_from_its_first_samples_past_the_deadline_and_repeats_itself() -> None:
    """A zero deadline and a huge budget: Hard still plays one of Normal's candidates, and the same
    random stream gives the same play."""
    hard = ais_for("imperium")["hard"]
    rushed = HardAI("hard", hard.knobs, Budget(iterations=10**9, deadline_s=0.0))
    state = GAME.setup(4, {}, 3)
    candidates = hard.knobs.candidates(state, 1, GAME.legal_actions(state, 1))
    assert len(candidates) > 1
    move = rushed.choose(GAME, state, 1, random.Random(5))
    assert move in candidates
    assert rushed.choose(GAME, state, 1, random.Random(5)) == move
