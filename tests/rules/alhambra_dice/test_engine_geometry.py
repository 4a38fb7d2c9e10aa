"""Alcazaba move generation reads each Alhambra through cells numbered row by row (alhambra._numbered):
the open cells, swap cells and removable tiles it finds must be exactly those the (x, y) rules find,
in the same order, for every Alhambra of many seeded random games (the order is the order of the
moves a player is offered)."""

from __future__ import annotations

import random

from rules.alhambra_dice import GAME
from rules.alhambra_dice import alhambra as alh


def _alhambras(games: int) -> set[tuple[int, ...]]:
    seen = set()
    for seed in range(games):
        rng = random.Random(seed)
        st = GAME.setup(2 + seed % 5, {"version": "alcazaba"}, seed)
        while GAME.result(st) is None:
            seen.update(tuple(flat) for flat in st.alhambra)
            seat = min(GAME.to_act(st))
            st, _ = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    return seen


def _row_major(cell: tuple[int, int]) -> tuple[int, int]:
    return cell[1], cell[0]


def test_numbered_cells_find_what_the_cell_rules_find() -> None:
    removals = 0
    flats = _alhambras(20)
    assert len(flats) > 400
    for flat in flats:
        grid = alh.from_flat(list(flat))
        opened = [(c, *alh._sides(grid, *c)) for c in alh.frontier(grid) if not alh.closes_hole(grid, *c)]
        assert alh.open_cells(grid) == opened
        swaps = [(c, *alh._sides(grid, *c)) for c in sorted(grid, key=_row_major) if c != (0, 0)]
        assert alh.swap_cells(grid) == swaps
        removable = sorted((c for c in list(grid) if alh.can_remove(grid, *c)), key=_row_major)
        assert alh.removable(grid) == removable
        removals += len(removable)
    assert removals > 1000


def test_a_ring_closes_a_hole_exactly_when_its_tiles_form_two_arcs_or_more() -> None:
    for ring in range(256):
        grid = {(dx, dy): 0 for i, (dx, dy) in enumerate(alh.RING) if ring >> i & 1}
        filled = [cell in grid for cell in alh.RING]
        arcs = sum(1 for i in range(8) if filled[i] and not filled[i - 1])
        assert alh.closes_hole(grid, 0, 0) == (arcs > 1), ring
