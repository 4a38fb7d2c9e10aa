"""Alhambra placement rules (base game, used by Alcazaba) and the longest outer wall."""

from __future__ import annotations

import random

import pytest

from rules.alhambra_dice import alhambra as alh
from rules.alhambra_dice.data import NTILES, TILE_WALLS

F = -1  # the fountain


def tile(walls: str) -> int:
    """A tile id whose walls are exactly the letters given, e.g. 'NE' or ''."""
    want = tuple(d in walls for d in "NESW")
    return next(t for t in range(NTILES) if TILE_WALLS[t] == want)


def grid(cells: dict[tuple[int, int], str]) -> alh.Grid:
    g: alh.Grid = {(0, 0): F}
    g.update({c: tile(w) for c, w in cells.items()})
    return g


def test_open_tile_beside_the_fountain_is_legal() -> None:
    assert alh.can_place(grid({}), tile(""), 1, 0)
    assert alh.can_place(grid({}), tile("S"), 0, 1)  # its wall faces away from the fountain
    assert not alh.can_place(grid({}), tile("N"), 0, 1)


@pytest.mark.parametrize("cell", [(2, 0), (1, 1), (-1, -1), (0, 0)])
def test_no_neighbour_diagonal_or_occupied_is_illegal(cell: tuple[int, int]) -> None:
    assert not alh.can_place(grid({}), tile(""), *cell)


def test_wall_must_meet_wall() -> None:
    g = grid({(1, 0): "E"})
    # West wall against the fountain's open east side: mismatch.
    assert not alh.can_place(grid({}), tile("W"), 1, 0)
    # Open west side against a tile's east wall: mismatch.
    assert not alh.can_place(g, tile(""), 2, 0)


def test_walled_off_tile_is_unreachable() -> None:
    """A wall meeting a wall is fine, but the tile must be reachable through some open side."""
    g = grid({(1, 0): "E"})
    assert not alh.can_place(g, tile("W"), 2, 0)
    g2 = grid({(1, 0): "E", (1, 1): ""})
    assert alh.can_place(g2, tile("W"), 2, 1) is False  # west side faces (1,1) which is open
    assert alh.can_place(g2, tile(""), 2, 1) is True
    # (2,0): west wall meets (1,0)'s east wall, open south side meets the new (2,1).
    g2[(2, 1)] = tile("")
    assert alh.can_place(g2, tile("W"), 2, 0)


def test_closing_a_ring_around_an_empty_cell_is_illegal() -> None:
    ring = {(1, 0): "", (2, 0): "", (2, 1): "", (2, 2): "", (1, 2): "", (0, 2): ""}
    g = grid(ring)
    assert not alh.has_hole(g)
    assert not alh.can_place(g, tile(""), 0, 1)  # would enclose (1, 1)
    assert alh.can_place(g, tile(""), 1, 1)  # filling the middle is fine
    assert alh.can_place(g, tile(""), -1, 0)


def test_hole_check_agrees_with_flood_fill() -> None:
    """The fast local ring test equals the global 'no enclosed empty region' rule."""
    rnd = random.Random(7)
    checked = 0
    for _ in range(150):
        g = alh.new_grid()
        for _ in range(rnd.randrange(3, 25)):
            t = rnd.randrange(NTILES)
            spots = alh.placements(g, t)
            if spots:
                g[rnd.choice(spots)] = t
        assert not alh.has_hole(g)
        for x, y in alh.frontier(g):
            g[(x, y)] = 0
            global_hole = alh.has_hole(g)
            del g[(x, y)]
            assert alh.closes_hole(g, x, y) == global_hole, (sorted(g.items()), (x, y))
            checked += 1
    assert checked > 1000


def test_remove_keeps_the_rest_connected_and_hole_free() -> None:
    g = grid({(1, 0): "", (2, 0): ""})
    assert not alh.can_remove(g, 0, 0)  # never the fountain
    assert not alh.can_remove(g, 1, 0)  # would cut (2, 0) off
    assert alh.can_remove(g, 2, 0)
    full = grid({(1, 0): "", (2, 0): "", (2, 1): "", (2, 2): "", (1, 2): "", (0, 2): "", (0, 1): "", (1, 1): ""})
    assert not alh.can_remove(full, 1, 1)  # its cell would be a hole


def test_swap_must_fit_the_walls_of_the_cell() -> None:
    g = grid({(1, 0): "N"})
    assert alh.can_swap(g, tile(""), 1, 0)  # no neighbour north: walls there do not matter
    assert not alh.can_swap(g, tile("W"), 1, 0)  # west wall against the fountain
    assert not alh.can_swap(g, tile(""), 0, 0)


def test_longest_wall_examples() -> None:
    assert alh.longest_wall(grid({})) == 0
    assert alh.longest_wall(grid({(1, 0): "N"})) == 1
    assert alh.longest_wall(grid({(1, 0): "N", (2, 0): "N"})) == 2
    assert alh.longest_wall(grid({(1, 0): "NE"})) == 2
    # Walls broken by the fountain's open north side do not join.
    assert alh.longest_wall(grid({(-1, 0): "N", (1, 0): "N"})) == 1
    # A wall between two tiles is inside the Alhambra and never counts.
    assert alh.longest_wall(grid({(1, 0): "E", (2, 0): "W", (2, 1): ""})) == 0


def test_closed_ring_scores_sides_minus_one() -> None:
    """Audit §4.6: a closed ring of k outer sides scores k - 1 (BGA's longest simple path)."""
    g = grid(
        {
            (-1, -1): "NW",
            (0, -1): "N",
            (1, -1): "NE",
            (1, 0): "E",
            (1, 1): "ES",
            (0, 1): "S",
            (-1, 1): "SW",
            (-1, 0): "W",
        }
    )
    assert alh.all_reachable(g) and not alh.has_hole(g)
    assert len(alh.outer_walls(g)) == 12
    assert alh.longest_wall(g) == 11


def test_remove_check_agrees_with_flood_fill() -> None:
    """The quick 'four neighbours' test for removals equals the global enclosure rule."""
    rnd = random.Random(11)
    for _ in range(150):
        g = alh.new_grid()
        for _ in range(rnd.randrange(3, 25)):
            t = rnd.randrange(NTILES)
            spots = alh.placements(g, t)
            if spots:
                g[rnd.choice(spots)] = t
        for c in [c for c in g if c != (0, 0)]:
            t = g.pop(c)
            expected = alh.all_reachable(g) and not alh.has_hole(g)
            g[c] = t
            assert alh.can_remove(g, *c) == expected
