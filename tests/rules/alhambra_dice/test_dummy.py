"""Two-player dummy rules (seed: 二人用特別ルール), both versions."""

from __future__ import annotations

import pytest

from rules.alhambra_dice import GAME
from rules.alhambra_dice.actions import Claim, Place
from rules.alhambra_dice.data import CHIPS, START_CHIP, TILE_PRICES, TILE_TYPES
from rules.alhambra_dice.state import EMPTY

from .helpers import ARC, CHA, GAR, cell, clear_board, column, last_turn, new, occupy, set_dice


@pytest.mark.parametrize("seed", range(12))
def test_basic_dummy_markers_2R_to_6R_on_consecutive_buildings(seed: int) -> None:
    """Seed: 2R on the rolled building, then 3R, 4R, 5R, 6R to the right, Tower wrapping to Pavilion."""
    st = new(2, seed=seed)
    assert st.dummy == 2
    spots = {(b, i) for b in range(6) for i, o in enumerate(column(st, b)) if o == 2}
    assert len(spots) == 5
    first = next(b for b, i in spots if i == cell(2, "R"))
    assert spots == {((first + k) % 6, cell(2 + k, "R")) for k in range(5)}
    assert st.hand == [5, 5, 0]


def _round_end(st, cells):  # type: ignore[no-untyped-def]
    clear_board(st)
    for b, i, s in cells:
        occupy(st, b, i, s)
    last_turn(st)
    set_dice(st, [CHA] * 8)
    return GAME.apply(st, st.seat, Place(CHA, 8, cell(8, "L")))


def test_dummy_first_always_takes_two_points() -> None:
    st = new(2)
    chip = next(i for i, c in enumerate(CHIPS) if c.effect == "push_marker")
    st.fields[ARC] = chip
    st, _ = _round_end(st, [(ARC, cell(2, "R"), 2), (ARC, cell(1, "L"), 1)])
    assert st.points[2][ARC] == 2
    assert st.points[1][ARC] == 1 and chip in st.chips[1]


def test_dummy_keeps_only_points_chips() -> None:
    st = new(2)
    push = next(i for i, c in enumerate(CHIPS) if c.effect == "push_marker")
    pts = next(i for i, c in enumerate(CHIPS) if c.effect == "points")
    st.fields[ARC] = push
    st.fields[GAR] = pts
    st, _ = _round_end(st, [(ARC, cell(6, "L"), 0), (ARC, cell(2, "R"), 2), (GAR, cell(5, "R"), 2)])
    st, _ = GAME.apply(st, 0, Claim(chip=False, to=ARC))
    assert push in st.gone and push not in st.chips[2]
    assert st.points[2][ARC] == 1
    st, _ = GAME.apply(st, st.seat, Claim(chip=False, to=CHA))  # the helper's Chambers marker
    # Garden: the dummy alone takes 2 points; the chip stays unclaimed and leaves the game.
    assert st.points[2][GAR] == 2 and pts in st.gone
    st.chips[2] = [pts]
    from rules.alhambra_dice.scoring import chip_points

    assert chip_points(st, 2) == CHIPS[pts].value


def test_dummy_taking_the_start_chip_passes_the_caliph() -> None:
    st = new(2)
    st.fields = [EMPTY] * 6
    st.fields[ARC] = START_CHIP
    start = st.start
    st, _ = _round_end(st, [(ARC, cell(6, "L"), 0), (ARC, cell(2, "R"), 2)])
    st, _ = GAME.apply(st, 0, Claim(chip=False, to=ARC))
    if st.round == 1:  # the helper's Chambers marker still to claim
        st, _ = GAME.apply(st, st.seat, Claim(chip=False, to=CHA))
    assert st.round == 2 and st.start == 1 - start


def test_dummy_is_scored_but_not_ranked() -> None:
    st = new(2)
    st.score = [10, 7, 30]
    st.phase = "over"
    res = GAME.result(st)
    assert res is not None and res.scores == (10, 7) and res.ranks == (1, 2)
    assert "dummy scored 30" in res.note


@pytest.mark.parametrize("seed", range(8))
def test_alcazaba_dummy_follows_the_bag_draws(seed: int) -> None:
    """Seed: the dummy's markers go 2R..6R on the buildings of the bag tiles in drawing order."""
    st = new(2, "alcazaba", seed)
    expected: dict[int, list[int]] = {}
    for k, t in enumerate(st.drawn[:5]):
        expected.setdefault(TILE_TYPES[t], []).append(cell(2 + k, "R"))
    for cells in expected.values():
        cells.sort()
    for b in range(6):
        assert [i for i, o in enumerate(column(st, b)) if o == 2] == expected.get(b, [])


def test_alcazaba_dummy_takes_the_cheapest_tile() -> None:
    st = new(2, "alcazaba", 3)
    clear_board(st)
    b = max(range(6), key=lambda col: len(st.tiles[col]))
    tiles = list(st.tiles[b])
    assert len(tiles) >= 1
    occupy(st, b, cell(8, "L"), 2)
    last_turn(st)
    set_dice(st, [CHA if b != CHA else GAR] * 8)
    st, _ = GAME.apply(st, st.seat, Place(CHA if b != CHA else GAR, 8, cell(8, "L")))
    while st.round == 1 and not st.dummy_tiles:  # humans resolve earlier columns first
        st, _ = GAME.apply(st, st.seat, GAME.legal_actions(st, st.seat)[-1])
    cheapest = min(tiles, key=lambda t: (TILE_PRICES[t], t))
    assert st.dummy_tiles == [cheapest]
