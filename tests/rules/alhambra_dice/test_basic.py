"""The basic dice game: the rule book's worked examples and rule-by-rule scenarios."""

from __future__ import annotations

import pytest

from rules.alhambra_dice import GAME
from rules.alhambra_dice.actions import CancelRoll, Claim, NameStart, Place, Push, Reroll, SetBlack
from rules.alhambra_dice.data import CHIPS, START_CHIP, TABLES
from rules.alhambra_dice.scoring import score_basic
from rules.alhambra_dice.state import CLAIM, EMPTY, ROLL, START
from rules.base import IllegalAction

from .helpers import ARC, CHA, GAR, PAV, SER, TOW, cell, clear_board, column, last_turn, new, occupy, set_dice


def chip_of(effect: str, value: int | None = None) -> int:
    return next(i for i, c in enumerate(CHIPS) if c.effect == effect and (value is None or c.value == value))


# ------------------------------------------------------------------ seed example: the palace roll


def test_palace_example_five_after_two_rerolls_goes_to_5_right() -> None:
    """Seed: 3 palaces kept, 2 more, then none: 5 palaces after two re-rolls -> the '5' right cell."""
    st = new(3)
    seat = st.seat
    clear_board(st)
    set_dice(st, [SER, SER, SER, SER, SER, PAV, GAR, TOW], rolls=3)
    places = [a for a in GAME.legal_actions(st, seat) if isinstance(a, Place)]
    assert Place(SER, 5, cell(5, "R")) in places
    assert not any(isinstance(a, Reroll) for a in GAME.legal_actions(st, seat))
    st2, _ = GAME.apply(st, seat, Place(SER, 5, cell(5, "R")))
    assert column(st2, SER)[cell(5, "R")] == seat


def test_palace_example_occupied_goes_to_4_left() -> None:
    """Seed: if 5-right is taken, the marker goes one below, to 4-left."""
    st = new(3)
    seat = st.seat
    clear_board(st)
    other = (seat + 1) % 3
    occupy(st, SER, cell(5, "R"), other)
    set_dice(st, [SER, SER, SER, SER, SER, PAV, GAR, TOW], rolls=3)
    assert Place(SER, 5, cell(4, "L")) in GAME.legal_actions(st, seat)
    with pytest.raises(IllegalAction, match="4L"):
        GAME.apply(st, seat, Place(SER, 5, cell(5, "R")))
    st2, _ = GAME.apply(st, seat, Place(SER, 5, cell(4, "L")))
    assert column(st2, SER)[cell(4, "L")] == seat
    assert column(st2, SER)[cell(5, "R")] == other


@pytest.mark.parametrize(("rolls", "col"), [(1, "L"), (2, "M"), (3, "R")])
def test_roll_column_follows_rerolls(rolls: int, col: str) -> None:
    st = new(3)
    clear_board(st)
    set_dice(st, [GAR] * 3 + [PAV] * 5, rolls=rolls)
    assert Place(GAR, 3, cell(3, col)) in GAME.legal_actions(st, st.seat)


def test_marker_falls_off_below_1_right() -> None:
    """Special case: a marker that would go below the last cell is out for the round."""
    st = new(3)
    seat = st.seat
    clear_board(st)
    for i in (cell(1, "M"), cell(1, "R")):
        occupy(st, TOW, i, (seat + 1) % 3)
    set_dice(st, [TOW] + [PAV] * 7, rolls=2)
    assert Place(TOW, 1, 24) in GAME.legal_actions(st, seat)
    st2, ev = GAME.apply(st, seat, Place(TOW, 1, 24))
    assert st2.off[seat] == 1 and st2.hand[seat] == st.hand[seat] - 1
    assert seat not in column(st2, TOW)
    assert "falls off" in ev[0].text


def test_two_rerolls_at_most_and_reroll_keeps_the_rest() -> None:
    st = new(3)
    seat = st.seat
    kept = st.dice[:]
    st, _ = GAME.apply(st, seat, Reroll(0b00000011))
    assert st.dice[2:] == kept[2:] and len(st.history) == 2 and st.kept == 0b11111100
    st, _ = GAME.apply(st, seat, Reroll(0xFF))
    with pytest.raises(IllegalAction, match="twice"):
        GAME.apply(st, seat, Reroll(1))


# ------------------------------------------------------------------ seed example: round-3 scoring


def test_round3_scoring_example() -> None:
    """Seed: scoring B; blue has 5 points on top -> 8; orange and green both on 3, orange lower -> 1."""
    st = new(3)
    blue, orange, green = 0, 1, 2
    st.points[blue][PAV] = 5
    st.points[orange][PAV] = 3
    st.points[green][PAV] = 3
    st.arrival[blue][PAV] = 3
    st.arrival[orange][PAV] = 1  # reached 3 first: lower in the stack
    st.arrival[green][PAV] = 2
    score_basic(st, "B")
    assert TABLES["B"][PAV] == (8, 1)
    assert st.score == [8, 1, 0]


def test_stack_order_comes_from_the_round_end() -> None:
    """The first-placed player's points are applied before the second's: lower in the stack."""
    st = new(3)
    clear_board(st)
    st.points[0][PAV] = 1
    st.points[1][PAV] = 2
    st.arrival[0][PAV] = 1
    st.arrival[1][PAV] = 2
    st.fields[PAV] = chip_of("points", 1)
    occupy(st, PAV, cell(8, "L"), 0)
    occupy(st, PAV, cell(1, "R"), 1)
    last_turn(st)
    set_dice(st, [TOW] * 8)
    st, _ = GAME.apply(st, st.seat, Place(TOW, 8, cell(8, "L")))
    assert st.phase == CLAIM and st.seat == 0
    st, _ = GAME.apply(st, 0, Claim(chip=False, to=PAV))  # seat 0 -> 3, then seat 1 -> 3
    assert st.points[0][PAV] == st.points[1][PAV] == 3
    from rules.alhambra_dice.scoring import building_ranking

    assert building_ranking(st, PAV)[:2] == [0, 1]


def test_twelve_point_cap() -> None:
    """Points beyond 12 are lost; the stone stays on the last space."""
    st = new(3)
    clear_board(st)
    st.points[0][GAR] = 11
    occupy(st, GAR, cell(8, "L"), 0)
    last_turn(st)
    set_dice(st, [TOW] * 8)
    st, _ = GAME.apply(st, st.seat, Place(TOW, 8, cell(8, "L")))
    assert st.phase == CLAIM and st.seat == 0
    st, _ = GAME.apply(st, 0, Claim(chip=False, to=GAR))
    assert st.points[0][GAR] == 12


# ------------------------------------------------------------------ round end


def _round_end(st, actor_cells):  # type: ignore[no-untyped-def]
    clear_board(st)
    for building, idx, seat in actor_cells:
        occupy(st, building, idx, seat)
    last_turn(st)
    set_dice(st, [CHA] * 8)
    return GAME.apply(st, st.seat, Place(CHA, 8, cell(8, "L")))


def test_first_chooses_and_second_gets_the_other_package() -> None:
    st = new(3)
    chip = chip_of("points", 2)
    st.fields[ARC] = chip
    st, _ = _round_end(st, [(ARC, cell(6, "L"), 1), (ARC, cell(3, "M"), 2)])
    assert st.phase == CLAIM and st.seat == 1 and st.col == ARC
    assert set(GAME.legal_actions(st, 1)) == {Claim(False, ARC), Claim(True, ARC)}
    st, _ = GAME.apply(st, 1, Claim(chip=True, to=ARC))
    assert st.points[1][ARC] == 1 and chip in st.chips[1]
    assert st.points[2][ARC] == 2 and chip not in st.chips[2]


def test_same_player_first_and_second_gets_both() -> None:
    st = new(3)
    chip = chip_of("points", 3)
    st.fields[ARC] = chip
    st, _ = _round_end(st, [(ARC, cell(6, "L"), 2), (ARC, cell(3, "M"), 2), (ARC, cell(2, "M"), 1)])
    assert st.points[2][ARC] == 3 and chip in st.chips[2]
    assert st.points[1][ARC] == 0


def test_single_marker_only_first_is_rewarded_and_leftover_chip_leaves() -> None:
    st = new(3)
    chip = chip_of("points", 3)
    st.fields[ARC] = chip
    st, _ = _round_end(st, [(ARC, cell(6, "L"), 1)])
    st, _ = GAME.apply(st, 1, Claim(chip=False, to=ARC))
    assert st.points[1][ARC] == 2 and chip in st.gone


def test_pushed_off_marker_wins_nothing() -> None:
    """Special case: a marker pushed below 1R is out and cannot even be second."""
    st = new(3)
    clear_board(st)
    seat = st.seat
    st.chips[seat].append(chip_of("push_marker"))
    other = (seat + 1) % 3
    occupy(st, TOW, cell(1, "L"), other)
    occupy(st, TOW, cell(1, "M"), other)
    occupy(st, TOW, cell(1, "R"), other)
    set_dice(st, [TOW] + [PAV] * 7, rolls=1)
    assert Push(TOW, 1, cell(1, "L")) in GAME.legal_actions(st, seat)
    st2, ev = GAME.apply(st, seat, Push(TOW, 1, cell(1, "L")))
    assert column(st2, TOW)[cell(1, "L") :] == [seat, other, other]
    assert st2.off[other] == 1
    assert not any(CHIPS[c].effect == "push_marker" for c in st2.chips[seat])
    assert any("pushed off" in e.text for e in ev)


def test_push_cascades_one_cell_each() -> None:
    st = new(3)
    clear_board(st)
    seat = st.seat
    a, b = (seat + 1) % 3, (seat + 2) % 3
    st.chips[seat].append(chip_of("push_marker"))
    occupy(st, GAR, cell(4, "L"), a)
    occupy(st, GAR, cell(4, "M"), b)
    set_dice(st, [GAR] * 4 + [PAV] * 4, rolls=1)
    st2, _ = GAME.apply(st, seat, Push(GAR, 4, cell(4, "L")))
    assert column(st2, GAR)[cell(4, "L") : cell(4, "L") + 4] == [seat, a, b, EMPTY]


def test_push_needs_an_occupied_cell() -> None:
    st = new(3)
    clear_board(st)
    seat = st.seat
    st.chips[seat].append(chip_of("push_marker"))
    set_dice(st, [GAR] * 4 + [PAV] * 4)
    with pytest.raises(IllegalAction, match="free"):
        GAME.apply(st, seat, Push(GAR, 4, cell(4, "L")))


def test_cancel_roll_restores_dice_and_column() -> None:
    st = new(3)
    seat = st.seat
    st.chips[seat].append(chip_of("cancel_roll"))
    before = st.dice[:]
    st, _ = GAME.apply(st, seat, Reroll(0xFF))
    st, _ = GAME.apply(st, seat, CancelRoll())
    assert st.dice == before and len(st.history) == 1
    assert not st.chips[seat]
    # Both re-rolls are available again.
    assert Reroll(1) in GAME.legal_actions(st, seat)


def test_cancel_first_roll_rolls_again_as_first() -> None:
    st = new(3)
    seat = st.seat
    st.chips[seat].append(chip_of("cancel_roll"))
    st2, _ = GAME.apply(st, seat, CancelRoll())
    assert len(st2.history) == 1 and st2.rng != st.rng


def test_black_die_nine_of_a_kind_counts_as_8_left() -> None:
    """Special case: nine of a kind (with the black die) is placed like eight on the first roll."""
    st = new(3)
    clear_board(st)
    seat = st.seat
    st.chips[seat] += [chip_of("black_die"), chip_of("black_die")]
    set_dice(st, [GAR] * 8, rolls=3)
    st, _ = GAME.apply(st, seat, SetBlack(GAR))
    assert Place(GAR, 9, cell(8, "L")) in GAME.legal_actions(st, seat)
    with pytest.raises(IllegalAction, match="one black-die chip"):
        GAME.apply(st, seat, SetBlack(PAV))
    assert len(st.chips[seat]) == 1


def test_black_die_adds_to_the_count() -> None:
    st = new(3)
    clear_board(st)
    seat = st.seat
    st.chips[seat].append(chip_of("black_die"))
    set_dice(st, [GAR] * 3 + [PAV] * 5, rolls=2)
    st, _ = GAME.apply(st, seat, SetBlack(GAR))
    assert Place(GAR, 4, cell(4, "M")) in GAME.legal_actions(st, seat)


def test_building_switch_chip_moves_points() -> None:
    st = new(3)
    st.chips[1].append(chip_of("swap_building"))
    st.fields[ARC] = chip_of("points", 1)
    st, _ = _round_end(st, [(ARC, cell(6, "L"), 1), (ARC, cell(3, "M"), 2)])
    assert Claim(False, TOW) in GAME.legal_actions(st, 1)
    st, _ = GAME.apply(st, 1, Claim(chip=False, to=TOW))
    assert st.points[1][TOW] == 2 and st.points[1][ARC] == 0
    assert not st.chips[1]


def test_building_switch_not_with_the_chip_just_taken() -> None:
    """The switch chip taken with a point cannot move that same point."""
    st = new(3)
    swap = chip_of("swap_building")
    st.fields[ARC] = swap
    st, _ = _round_end(st, [(ARC, cell(6, "L"), 2), (ARC, cell(3, "M"), 1)])
    st, _ = GAME.apply(st, 2, Claim(chip=False, to=ARC))
    # seat 1 gets 1 point + the switch chip on Arcades with no question asked
    assert st.points[1][ARC] == 1 and swap in st.chips[1]


def test_second_with_switch_chip_is_asked_where() -> None:
    st = new(3)
    st.chips[2].append(chip_of("swap_building"))
    st.fields[ARC] = chip_of("points", 1)
    st, _ = _round_end(st, [(ARC, cell(6, "L"), 1), (ARC, cell(3, "M"), 2)])
    st, _ = GAME.apply(st, 1, Claim(chip=True, to=ARC))
    assert st.phase == CLAIM and st.seat == 2
    assert set(GAME.legal_actions(st, 2)) == {Claim(False, b) for b in range(6)}
    with pytest.raises(IllegalAction, match="2 building points"):
        GAME.apply(st, 2, Claim(chip=True, to=ARC))
    st, _ = GAME.apply(st, 2, Claim(chip=False, to=GAR))
    assert st.points[2][GAR] == 2


def test_start_player_chip_names_next_start_player() -> None:
    st = new(3)
    assert st.round == 1
    st.fields = [EMPTY] * 6
    st.fields[SER] = START_CHIP
    st, _ = _round_end(st, [(SER, cell(6, "L"), 1)])
    st, _ = GAME.apply(st, 1, Claim(chip=True, to=SER))
    assert st.phase == START and st.seat == 1
    assert GAME.legal_actions(st, 1) == [NameStart(0), NameStart(1), NameStart(2)]
    st, _ = GAME.apply(st, 1, NameStart(2))
    assert st.start == 2
    # The helper's last marker went to Chambers: its owner claims, then round 2 begins.
    st, _ = GAME.apply(st, st.seat, Claim(chip=False, to=CHA))
    assert st.round == 2 and st.start == 2 and st.seat == 2 and st.phase == ROLL


def test_unclaimed_start_chip_keeps_the_start_player() -> None:
    st = new(3)
    start = st.start
    st.fields = [EMPTY] * 6
    st.fields[SER] = START_CHIP
    st, _ = _round_end(st, [])
    st, _ = GAME.apply(st, st.seat, Claim(chip=False, to=CHA))
    assert st.round == 2 and st.start == start


def test_round_setup_chips() -> None:
    """Rounds 1-4: start chip on the rolled building, five chips elsewhere; round 5: black chips."""
    st = new(4, seed=5)
    assert st.fields.count(START_CHIP) == 1
    assert all(not CHIPS[f].black for f in st.fields if f != START_CHIP)
    assert len(st.stacks) == 4
    st.round = 5
    st.stacks = st.stacks[-1:]
    from rules.alhambra_dice.rounds import begin_round

    begin_round(st, [])
    assert all(CHIPS[f].black for f in st.fields)


@pytest.mark.parametrize(("players", "markers"), [(2, 5), (3, 5), (4, 4), (5, 3), (6, 3)])
def test_markers_per_player_count(players: int, markers: int) -> None:
    st = new(players)
    assert st.hand[:players] == [markers] * players


def test_points_chips_score_at_every_scoring() -> None:
    st = new(3)
    st.chips[0] = [chip_of("points", 3), chip_of("swap_building")]
    score_basic(st, "A")
    score_basic(st, "B")
    assert st.score[0] == 6


def test_players_without_points_do_not_rank() -> None:
    st = new(3)
    st.points[2][TOW] = 1
    st.arrival[2][TOW] = 1
    score_basic(st, "C")
    assert st.score == [0, 0, 21]


def test_first_and_second_with_switch_chip_is_asked_for_each_package() -> None:
    """Both packages to one seat: 2 points first, then 1 point + chip, each may be switched."""
    st = new(3)
    st.chips[2] = [chip_of("swap_building"), chip_of("swap_building")]
    st.fields[ARC] = chip_of("points", 2)
    st, _ = _round_end(st, [(ARC, cell(6, "L"), 2), (ARC, cell(3, "M"), 2)])
    assert st.phase == CLAIM and st.seat == 2 and st.fixed == 0
    assert {a.chip for a in GAME.legal_actions(st, 2)} == {False}
    st, _ = GAME.apply(st, 2, Claim(chip=False, to=TOW))
    assert st.phase == CLAIM and st.seat == 2 and st.fixed == 1
    st, _ = GAME.apply(st, 2, Claim(chip=True, to=GAR))
    assert st.points[2][TOW] == 2 and st.points[2][GAR] == 1 and st.points[2][ARC] == 0
    assert [CHIPS[c].effect for c in st.chips[2]] == ["points"]


def test_dummy_never_asks_and_never_uses_chips() -> None:
    st = new(2)
    st.fields[GAR] = chip_of("swap_building")
    st, _ = _round_end(st, [(GAR, cell(5, "R"), 2), (GAR, cell(4, "R"), 2)])
    # Chambers (the helper's last marker) is claimed first by a human, then Garden resolves alone.
    st, _ = GAME.apply(st, st.seat, Claim(chip=False, to=CHA))
    assert st.points[2][GAR] == 3 and chip_of("swap_building") in st.gone
