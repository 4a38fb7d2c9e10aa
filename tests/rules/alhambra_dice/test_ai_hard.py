"""Alhambra's Hard: Normal's dice odds with every position judged by the outlook of all seats' scores
to come; it spends the chips Normal leaves idle, claims by what the claim does to the standings, and
keeps its Alhambra open in Alcazaba."""

from __future__ import annotations

import random

from rules.ai import ais_for
from rules.alhambra_dice import GAME
from rules.alhambra_dice.actions import Claim, Place, SetBlack
from rules.alhambra_dice.data import CHIPS, NB, NCELLS
from rules.alhambra_dice.state import CLAIM, EMPTY, State

from .helpers import GAR, PAV, TOW, cell, clear_board, new, occupy, set_dice

AIS = ais_for("alhambra_dice")
BLACK_DIE_CHIP = next(i for i, c in enumerate(CHIPS) if c.effect == "black_die")
ONE_POINT_CHIP = next(i for i, c in enumerate(CHIPS) if c.effect == "points" and c.value == 1)


def _choices(state: State, seat: int) -> tuple[object, object]:
    rng = random.Random(3)
    return AIS["hard"].choose(GAME, state, seat, rng), AIS["normal"].choose(GAME, state, seat, random.Random(3))


def test_hard_sets_the_black_die_to_win_a_column_where_normal_settles_for_second() -> None:
    """Seven towers after the last roll, an opponent already on 7R: placed as they are, the towers land
    below it (second). Hard holds the black-die chip and sets it to a tower: eight towers, 8R, first.
    Normal never spends a chip and places for second."""
    st = new()
    clear_board(st)
    st.seat = 0
    st.hand = [2, 4, 4]
    set_dice(st, [TOW] * 7 + [PAV], rolls=3)
    st.chips[0] = [BLACK_DIE_CHIP]
    st.fields = [EMPTY] * NB  # no chip to take: the first of the column gets 2 points, the second 1
    occupy(st, TOW, cell(7, "R"), 1)
    hard, normal = _choices(st, 0)
    assert hard == SetBlack(TOW)
    assert isinstance(normal, Place) and normal.building == TOW and normal.cell == cell(6, "L")


def _last_claim(points: int, theirs: int) -> State:
    """The final round's last column (Tower) being resolved: seat 0 is first there and chooses between
    2 building points and 1 point with a +1 chip; seat 1, second, has ``theirs`` tower points, reached
    before seat 0's ``points``."""
    st = new()
    clear_board(st)
    st.round = 5
    st.phase = CLAIM
    st.hand = [0, 0, 0]
    st.dice, st.history = [], []
    st.col, st.step, st.seat, st.fixed = TOW, 0, 0, EMPTY
    st.first, st.second = 0, 1
    st.fields = [EMPTY] * NB
    st.fields[TOW] = ONE_POINT_CHIP
    occupy(st, TOW, 0, 0)
    occupy(st, TOW, 1, 1)
    st.points[0][TOW], st.arrival[0][TOW] = points, 2
    st.points[1][TOW], st.arrival[1][TOW] = theirs, 1
    st.score = [50, 50, 50]
    return st


def test_hard_takes_the_points_that_win_the_last_majority_where_normal_takes_the_chip() -> None:
    """Last claim of the game: 2 points lift seat 0's towers from 5 to 7, above seat 1's 6 (first place,
    21 points); 1 point and the +1 chip leave it at 6, below seat 1's stone that got there first (13
    points). Normal (and greedy) take a points chip whenever one is offered; Hard takes the 2 points."""
    st = _last_claim(points=5, theirs=6)
    hard, normal = _choices(st, 0)
    assert normal == Claim(chip=True, to=TOW)
    assert hard == Claim(chip=False, to=TOW)
    after_hard = GAME.apply(st, 0, hard)[0]
    after_normal = GAME.apply(st, 0, normal)[0]
    assert GAME.result(after_hard).winners == (0,)
    assert 0 not in GAME.result(after_normal).winners


def test_hard_takes_the_chip_when_the_points_change_no_place() -> None:
    """Seat 0 already leads the towers by far: the extra point changes nothing, the chip pays 1."""
    st = _last_claim(points=10, theirs=3)
    hard, _ = _choices(st, 0)
    assert hard == Claim(chip=True, to=TOW)


def test_the_board_is_left_as_it_was() -> None:
    """Hard plays its look-ahead on copies: the state it was handed is unchanged."""
    st = _last_claim(points=5, theirs=6)
    before = GAME.view(st, None)
    _choices(st, 0)
    assert GAME.view(st, None) == before
    assert len(st.grid) == NB * NCELLS


def _alcazaba_last_roll(opponent_markers: int) -> State:
    """Alcazaba, round 1, the seat's last roll: one tower, one garden, three pavilions and single dice of
    the rest; the tower column holds 2 tiles, the garden column 4, the pavilion column 1."""
    st = new(version="alcazaba")
    clear_board(st)
    st.seat = 0
    st.hand = [1, opponent_markers, opponent_markers]
    set_dice(st, [TOW, PAV, PAV, PAV, 1, 2, 3, GAR], rolls=3)
    assert [len(t) for t in st.tiles] == [1, 1, 2, 2, 4, 2]
    return st


def test_alcazaba_hard_places_where_a_weak_marker_still_keeps_a_tile() -> None:
    """Ten opponent turns to come and nothing better than 1R anywhere: two markers landing above a
    lone tower leave it without a tile, a garden keeps one of its four unless four land above. Normal
    (which weighs the overtaking risk in the basic game only) takes the tower; Hard the garden."""
    st = _alcazaba_last_roll(opponent_markers=5)
    hard, normal = _choices(st, 0)
    assert isinstance(hard, Place) and hard.building == GAR
    assert isinstance(normal, Place) and normal.building == TOW


def test_alcazaba_hard_takes_the_richest_column_when_nobody_can_answer() -> None:
    """The round's last marker: nobody can land above it, so the tower (worth most) is safe."""
    st = _alcazaba_last_roll(opponent_markers=0)
    hard, _ = _choices(st, 0)
    assert isinstance(hard, Place) and hard.building == TOW
