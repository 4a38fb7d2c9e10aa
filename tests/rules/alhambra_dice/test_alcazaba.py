"""The Alcazaba version: tiles, redesign, acquisition order and scoring."""

from __future__ import annotations

import pytest

from rules.alhambra_dice import GAME
from rules.alhambra_dice import alhambra as alh
from rules.alhambra_dice.actions import Build, NameStart, Place, Remove, Reroll, Swap, Take, TakeStart, TakeToReserve
from rules.alhambra_dice.data import EXTRA_TOWER, NTILES, START_CHIP, TILE_TYPES
from rules.alhambra_dice.rounds import begin_round
from rules.alhambra_dice.scoring import score_alcazaba, split_places
from rules.alhambra_dice.state import EMPTY, ROLL, START, TAKE
from rules.base import IllegalAction

from .helpers import ARC, CHA, GAR, PAV, SER, TOW, cell, clear_board, last_turn, new, occupy, set_dice
from .test_alhambra import tile


def test_setup_stacks_and_bag() -> None:
    """Five stacks of six (one per type); the other 24 tiles and the extra tower in the bag."""
    st = new(4, "alcazaba")
    assert len(st.tile_stacks) == 4  # round 1's stack is already laid out
    for stack in st.tile_stacks:
        assert sorted(TILE_TYPES[t] for t in stack) == list(range(6))
    on_board = [t for col in st.tiles for t in col]
    assert len(on_board) == 12 and len(st.bag) == 19
    everything = sorted(on_board + st.bag + [t for s in st.tile_stacks for t in s])
    assert everything == list(range(NTILES)) and EXTRA_TOWER in everything


def test_round_five_gets_what_is_left_of_the_bag() -> None:
    """HOUSE (RULES.md §2.1): stacks of six + six bag tiles; round 5 draws the single tile left."""
    st = new(3, "alcazaba")
    st.tile_stacks = st.tile_stacks[-1:]
    st.bag = st.bag[:1]
    st.round = 5
    begin_round(st, [])
    assert sum(len(c) for c in st.tiles) == 7 and not st.bag
    assert START_CHIP not in st.fields  # no start-player chip in round 5


def test_tiles_sit_in_their_buildings_columns() -> None:
    st = new(3, "alcazaba", 9)
    for b, col in enumerate(st.tiles):
        assert all(TILE_TYPES[t] == b for t in col)
    assert st.fields.count(START_CHIP) == 1 and st.fields.count(EMPTY) == 5


def _with_reserve(rolls: int):  # type: ignore[no-untyped-def]
    st = new(3, "alcazaba")
    seat = st.seat
    st.reserve[seat] = [tile("")]
    set_dice(st, [GAR] * 8, rolls=rolls)
    return st, seat


@pytest.mark.parametrize("rolls", [1, 2])
def test_redesign_after_first_or_second_roll(rolls: int) -> None:
    st, seat = _with_reserve(rolls)
    t = st.reserve[seat][0]
    assert Build(t, 1, 0) in GAME.legal_actions(st, seat)
    st2, _ = GAME.apply(st, seat, Build(t, 1, 0))
    assert alh.from_flat(st2.alhambra[seat])[(1, 0)] == t and not st2.reserve[seat]
    assert st2.hand[seat] == st.hand[seat] - 1 and st2.off[seat] == 1  # marker on the reserve board
    assert st2.seat != seat


def test_no_redesign_after_the_third_roll() -> None:
    st, seat = _with_reserve(3)
    t = st.reserve[seat][0]
    assert not any(isinstance(a, Build) for a in GAME.legal_actions(st, seat))
    with pytest.raises(IllegalAction, match="first or second roll"):
        GAME.apply(st, seat, Build(t, 1, 0))


def test_remove_and_swap_redesigns() -> None:
    st = new(3, "alcazaba")
    seat = st.seat
    a, b = tile(""), tile("N")
    st.alhambra[seat] = alh.to_flat({(0, 0): -1, (1, 0): a})
    st.reserve[seat] = [b]
    legal = GAME.legal_actions(st, seat)
    assert Remove(1, 0) in legal and Swap(b, 1, 0) in legal and Remove(0, 0) not in legal
    st2, _ = GAME.apply(st, seat, Swap(b, 1, 0))
    assert alh.from_flat(st2.alhambra[seat])[(1, 0)] == b and st2.reserve[seat] == [a]
    with pytest.raises(IllegalAction, match="fountain"):
        GAME.apply(st, seat, Remove(0, 0))


def test_illegal_build_names_the_reason() -> None:
    st, seat = _with_reserve(1)
    st.reserve[seat] = [tile("W")]
    with pytest.raises(IllegalAction, match="walls must meet"):
        GAME.apply(st, seat, Build(tile("W"), 1, 0))
    with pytest.raises(IllegalAction, match="touch"):
        GAME.apply(st, seat, Build(tile("W"), 3, 3))


def _to_round_end(st, cells):  # type: ignore[no-untyped-def]
    clear_board(st)
    for b, i, s in cells:
        occupy(st, b, i, s)
    last_turn(st)
    set_dice(st, [TOW] * 8)
    return GAME.apply(st, st.seat, Place(TOW, 1, cell(1, "R")) if False else Place(TOW, 8, cell(8, "L")))


def test_acquisition_order_best_marker_first_then_next() -> None:
    st = new(3, "alcazaba", 4)
    st.tiles = [[] for _ in range(6)]
    st.fields = [EMPTY] * 6
    pav = [t for t in range(NTILES) if TILE_TYPES[t] == PAV][:2]
    st.tiles[PAV] = list(pav)
    st, _ = _to_round_end(st, [(PAV, cell(7, "L"), 2), (PAV, cell(3, "R"), 1), (PAV, cell(2, "L"), 0)])
    assert st.phase == TAKE and st.seat == 2 and st.col == PAV
    choices = GAME.legal_actions(st, 2)
    assert TakeToReserve(pav[0]) in choices and TakeToReserve(pav[1]) in choices
    st, _ = GAME.apply(st, 2, TakeToReserve(pav[1]))
    assert st.phase == TAKE and st.seat == 1
    assert GAME.legal_actions(st, 1)[-1] == TakeToReserve(pav[0])
    st, _ = GAME.apply(st, 1, TakeToReserve(pav[0]))
    assert st.reserve[2] == [pav[1]] and st.reserve[1] == [pav[0]]
    assert not st.reserve[0]  # seat 0's marker came too late: no tile left


def test_leftover_tiles_leave_the_game() -> None:
    st = new(3, "alcazaba", 4)
    st.tiles = [[] for _ in range(6)]
    st.fields = [EMPTY] * 6
    ser = [t for t in range(NTILES) if TILE_TYPES[t] == SER][:3]
    st.tiles[SER] = list(ser)
    st, _ = _to_round_end(st, [(SER, cell(7, "L"), 1)])
    st, _ = GAME.apply(st, 1, TakeToReserve(ser[0]))
    assert sorted(st.discarded) == sorted(ser[1:])


def test_start_chip_instead_of_a_tile() -> None:
    st = new(3, "alcazaba", 4)
    st.tiles = [[] for _ in range(6)]
    st.fields = [EMPTY] * 6
    st.fields[ARC] = START_CHIP
    arc = [t for t in range(NTILES) if TILE_TYPES[t] == ARC][:1]
    st.tiles[ARC] = list(arc)
    st, _ = _to_round_end(st, [(ARC, cell(7, "L"), 1), (ARC, cell(6, "L"), 2)])
    assert TakeStart() in GAME.legal_actions(st, 1)
    st, _ = GAME.apply(st, 1, TakeStart())
    assert st.phase == START and st.seat == 1
    st, _ = GAME.apply(st, 1, NameStart(0))
    assert st.start == 0 and st.phase == TAKE and st.seat == 2  # the next marker takes the tile
    st, _ = GAME.apply(st, 2, TakeToReserve(arc[0]))
    assert st.reserve[2] == arc


def test_take_must_build_legally() -> None:
    st = new(3, "alcazaba", 4)
    st.tiles = [[] for _ in range(6)]
    st.fields = [EMPTY] * 6
    t = tile("W")
    st.tiles[TILE_TYPES[t]] = [t]
    st, _ = _to_round_end(st, [(TILE_TYPES[t], cell(7, "L"), 1)])
    with pytest.raises(IllegalAction, match="walls must meet"):
        GAME.apply(st, 1, Take(t, 1, 0))
    assert Take(t, -1, 0) in GAME.legal_actions(st, 1)


def test_ties_split_rounded_down() -> None:
    """RULES.md §4.5 examples: two tie for Tower 1st in round 1 -> (6+0)/2 = 3 each; two tie for
    Pavilion's top in round 3 -> (8+1)/2 = 4 each (the reference calls this a tie "for 2nd")."""
    assert split_places([2, 2, 0], (6,)) == [3, 3, 0]
    assert split_places([2, 2, 0], (8, 1)) == [4, 4, 0]
    assert split_places([5, 2, 2], (8, 1)) == [8, 0, 0]  # tied for 2nd: (1 + 0) / 2
    assert split_places([1, 1, 1], (16, 8, 1)) == [8, 8, 8]


def test_scoring_counts_alhambra_tiles_and_walls() -> None:
    st = new(2, "alcazaba")
    tower_open = next(t for t in range(NTILES) if TILE_TYPES[t] == TOW and not any(alh.walls(t)))
    gar_n = next(t for t in range(NTILES) if TILE_TYPES[t] == GAR and alh.walls(t) == (True, False, False, False))
    st.alhambra[0] = alh.to_flat({(0, 0): -1, (1, 0): tower_open, (-1, 0): gar_n})
    st.alhambra[1] = alh.to_flat({(0, 0): -1})
    st.reserve[1] = [tower_open]  # the reserve scores nothing
    st.dummy_tiles = [t for t in range(NTILES) if TILE_TYPES[t] == CHA][:1]
    st.score = [0, 0, 0]
    score_alcazaba(st, "A")
    # seat 0: Tower 1st (6) + Garden 1st (5) + wall 1; dummy: Chambers 1st (4), no wall.
    assert st.score == [12, 0, 4]


def test_dice_turn_unchanged_in_alcazaba() -> None:
    st = new(3, "alcazaba")
    seat = st.seat
    st2, _ = GAME.apply(st, seat, Reroll(0xFF))
    assert len(st2.history) == 2 and st2.phase == ROLL
