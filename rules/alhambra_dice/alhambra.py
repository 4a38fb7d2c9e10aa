"""A player's Alhambra (Alcazaba version): base-game placement rules and the longest outer wall.

A grid is a dict {(x, y): tile}; the fountain (tile -1) sits at (0, 0). Tiles are never rotated.
Directions N, E, S, W = (0,-1), (1,0), (0,1), (-1,0) (shared RULES.md §4.2).
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter

from .data import FOUNTAIN, TILE_WALLS

Grid = dict[tuple[int, int], int]
DIRS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
RING: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
"""The 8 cells around a cell, in circular order (N, NE, E, ... NW)."""
_W = (*TILE_WALLS, (False, False, False, False))
"""Walls by tile id; index -1 (FOUNTAIN) is the wall-less start tile."""
assert FOUNTAIN == -1


def walls(tile: int) -> tuple[bool, bool, bool, bool]:
    return _W[tile]


def from_flat(flat: list[int]) -> Grid:
    return {(flat[i], flat[i + 1]): flat[i + 2] for i in range(0, len(flat), 3)}


def to_flat(grid: Grid) -> list[int]:
    out: list[int] = []
    for (x, y), t in grid.items():
        out += (x, y, t)
    return out


def new_grid() -> Grid:
    return {(0, 0): FOUNTAIN}


def frontier(grid: Grid) -> list[tuple[int, int]]:
    """Empty cells orthogonally next to at least one tile, in a stable order."""
    cells = {c for (x, y) in grid for dx, dy in DIRS if (c := (x + dx, y + dy)) not in grid}
    return sorted(cells, key=_ROW_MAJOR)


_ROW_MAJOR = itemgetter(1, 0)
"""A cell's sort key: row by row (y, then x)."""


def _walls_fit(grid: Grid, tile: int, x: int, y: int) -> tuple[bool, bool]:
    """(every shared side agrees on its wall, some shared side is open)."""
    w = _W[tile]
    neighbour = opened = False
    for d, (dx, dy) in enumerate(DIRS):
        other = grid.get((x + dx, y + dy))
        if other is None:
            continue
        neighbour = True
        if _W[other][(d + 2) % 4] != w[d]:
            return False, False
        if not w[d]:
            opened = True
    return neighbour, opened


def has_hole(grid: Grid) -> bool:
    """Some empty cell is enclosed (not 4-connected to the outside of the bounding box)."""
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    empty = (x1 - x0 + 1) * (y1 - y0 + 1) - len(grid)
    seen = {(x0, y0)}
    todo = [(x0, y0)]
    while todo:
        x, y = todo.pop()
        for dx, dy in DIRS:
            c = (x + dx, y + dy)
            if c in seen or c in grid or not (x0 <= c[0] <= x1 and y0 <= c[1] <= y1):
                continue
            seen.add(c)
            todo.append(c)
    return len(seen) != empty


def can_place(grid: Grid, tile: int, x: int, y: int) -> bool:
    """A new tile at empty cell (x, y): next to a tile, walls matching, reachable, no hole."""
    if (x, y) in grid:
        return False
    fits, opened = _walls_fit(grid, tile, x, y)
    return fits and opened and not closes_hole(grid, x, y)


def closes_hole(grid: Grid, x: int, y: int) -> bool:
    """Filling empty (x, y) of a hole-free grid encloses an empty region.

    BGA's local test: that happens exactly when the tiles among the 8 surrounding cells form
    more than one arc (the new tile would close a ring of connected tiles around empty space).
    Tests check it against the global flood fill ``has_hole``."""
    ring = 0
    for bit, (dx, dy) in _RING_BITS:
        if (x + dx, y + dy) in grid:
            ring |= bit
    return _SEVERAL_ARCS[ring]


_RING_BITS = tuple((1 << i, d) for i, d in enumerate(RING))
_SEVERAL_ARCS: tuple[bool, ...] = tuple(
    sum(1 for i in range(8) if ring >> i & 1 and not ring >> (i - 1) % 8 & 1) > 1 for ring in range(256)
)
"""closes_hole's answer for each ring of occupied neighbours (bit i: RING[i]): an arc starts at each
tile whose predecessor in the ring is empty."""


def placements(grid: Grid, tile: int) -> list[tuple[int, int]]:
    return fitting(open_cells(grid), tile)


# Move generation asks the same question of every reserve tile: which cells take it. The answer
# per cell depends on the tile only through its four walls, so each cell is summed up once as two
# 4-bit masks (sides with a neighbour, and which of those show a wall towards it) and each tile is
# then a few integer tests (what _walls_fit decides, side by side).
_BITS: tuple[int, ...] = tuple(sum(1 << d for d in range(4) if w[d]) for w in _W)
"""A tile's walls as bits (bit d: a wall on side d of DIRS); index -1 is the fountain."""
_FACING: tuple[tuple[int, ...], ...] = tuple(
    tuple((1 << d) if w[(d + 2) % 4] else 0 for d in range(4)) for w in _W
)
"""_FACING[tile][d]: bit d when ``tile``, lying on side d of a cell, shows a wall towards that cell."""
Sides = tuple[tuple[int, int], int, int]
"""A cell with its neighbour-side mask and the wall bits its neighbours require there."""


def _sides(grid: Grid, x: int, y: int) -> tuple[int, int]:
    near = need = 0
    for d, (dx, dy) in enumerate(DIRS):
        other = grid.get((x + dx, y + dy))
        if other is not None:
            near |= 1 << d
            need |= _FACING[other][d]
    return near, need


def open_cells(grid: Grid) -> list[Sides]:
    """The frontier cells a new tile may take without closing a hole, with their sides
    (frontier, closes_hole and _sides over cells numbered row by row, see _numbered)."""
    tiles = _numbered(grid)
    out: list[Sides] = []
    for cell in sorted({n for c in tiles for step in _STEPS if (n := c + step) not in tiles}):
        ring = 0
        for bit, step in _RING_STEPS:
            if cell + step in tiles:
                ring |= bit
        if not _SEVERAL_ARCS[ring]:
            out.append(_numbered_sides(tiles, cell))
    return out


def swap_cells(grid: Grid) -> list[Sides]:
    """Every tile's cell but the fountain's (row by row), with its sides: where a swap may go."""
    tiles = _numbered(grid)
    return [_numbered_sides(tiles, cell) for cell in sorted(tiles) if cell != _ORIGIN]


# open_cells and swap_cells look at every neighbour of every cell: numbering the cells row by row
# (y, then x: sorting the numbers sorts the cells as frontier does) turns each neighbour into an
# integer sum and a set look-up instead of a new (x, y) tuple. An Alhambra spans far less than
# _SPAN cells either way (it has at most NTILES + 1 tiles).
_SPAN = 1024
_ORIGIN = (_SPAN // 2) * _SPAN + _SPAN // 2
_STEPS: tuple[int, ...] = tuple(dy * _SPAN + dx for dx, dy in DIRS)
"""The four neighbours' numbers less a cell's, in DIRS order."""
_SIDE_STEPS = tuple(enumerate(_STEPS))
_RING_STEPS = tuple((1 << i, dy * _SPAN + dx) for i, (dx, dy) in enumerate(RING))


def _numbered(grid: Grid) -> dict[int, int]:
    return {_ORIGIN + y * _SPAN + x: tile for (x, y), tile in grid.items()}


def _numbered_sides(tiles: dict[int, int], cell: int) -> Sides:
    """_sides for a numbered cell, with its (x, y)."""
    near = need = 0
    for d, step in enumerate(_STEPS):
        other = tiles.get(cell + step)
        if other is not None:
            near |= 1 << d
            need |= _FACING[other][d]
    return _cell(cell), near, need


def _cell(number: int) -> tuple[int, int]:
    """The (x, y) of a numbered cell."""
    y, x = divmod(number - _ORIGIN + _SPAN // 2, _SPAN)
    return x - _SPAN // 2, y


def fitting(cells: list[Sides], tile: int) -> list[tuple[int, int]]:
    """The cells whose neighbours' walls ``tile`` matches on every shared side, one side open
    (can_place over open_cells, can_swap over swap_cells)."""
    w = _BITS[tile]
    return [c for c, near, need in cells if w & near == need and near & ~w]


def all_reachable(grid: Grid) -> bool:
    """Every tile can be walked to from the fountain without crossing a wall."""
    if (0, 0) not in grid:
        return False
    seen = {(0, 0)}
    todo = [(0, 0)]
    while todo:
        x, y = todo.pop()
        w = _W[grid[(x, y)]]
        for d, (dx, dy) in enumerate(DIRS):
            c = (x + dx, y + dy)
            if c in seen or c not in grid or w[d]:
                continue
            seen.add(c)
            todo.append(c)
    return len(seen) == len(grid)


def can_remove(grid: Grid, x: int, y: int) -> bool:
    """Redesign (b): the rest must stay reachable from the fountain and free of holes."""
    if (x, y) == (0, 0) or (x, y) not in grid:
        return False
    # In a hole-free Alhambra the vacated cell is the only new empty cell: it is enclosed exactly
    # when tiles surround it on all four sides (any empty neighbour already reaches the outside).
    if all((x + dx, y + dy) in grid for dx, dy in DIRS):
        return False
    tile = grid.pop((x, y))
    try:
        return all_reachable(grid)
    finally:
        grid[(x, y)] = tile


def removable(grid: Grid) -> list[tuple[int, int]]:
    """The cells can_remove accepts, row by row (over numbered cells, see _numbered)."""
    tiles = _numbered(grid)
    if _ORIGIN not in tiles:
        return []
    out = []
    for cell in sorted(tiles):
        # can_remove's tests: not the fountain, not enclosed, the rest reachable without it
        if cell != _ORIGIN and not all(cell + step in tiles for step in _STEPS) and _reachable_without(tiles, cell):
            out.append(_cell(cell))
    return out


def _reachable_without(tiles: dict[int, int], gone: int) -> bool:
    """all_reachable over numbered cells, with the tile at ``gone`` taken away."""
    seen = {_ORIGIN}
    todo = [_ORIGIN]
    while todo:
        cell = todo.pop()
        w = _W[tiles[cell]]
        for d, step in _SIDE_STEPS:
            n = cell + step
            if w[d] or n == gone or n in seen or n not in tiles:
                continue
            seen.add(n)
            todo.append(n)
    return len(seen) == len(tiles) - 1


def can_swap(grid: Grid, tile: int, x: int, y: int) -> bool:
    """Redesign (c): the reserve tile takes exactly the vacated cell and must fit its walls there.

    Matching every neighbour's wall means the open sides through that cell are unchanged, so the
    rest stays reachable; the cell is refilled, so no hole can appear."""
    if (x, y) == (0, 0) or (x, y) not in grid:
        return False
    old = grid.pop((x, y))
    try:
        fits, opened = _walls_fit(grid, tile, x, y)
        return fits and opened
    finally:
        grid[(x, y)] = old


def outer_walls(grid: Grid) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Wall sides facing an empty cell, as corner-to-corner edges."""
    edges = []
    for (x, y), tile in grid.items():
        w = _W[tile]
        for d, (dx, dy) in enumerate(DIRS):
            if not w[d] or (x + dx, y + dy) in grid:
                continue
            a, b = (
                ((x, y), (x + 1, y)),
                ((x + 1, y), (x + 1, y + 1)),
                ((x, y + 1), (x + 1, y + 1)),
                ((x, y), (x, y + 1)),
            )[d]
            edges.append((a, b))
    return edges


def longest_wall(grid: Grid) -> int:
    """Longest run of outer wall sides that never visits a corner twice (BGA's longest path)."""
    adj: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a, b in outer_walls(grid):
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    best = 0

    def walk(v: tuple[int, int], seen: set[tuple[int, int]], length: int) -> None:
        nonlocal best
        best = max(best, length)
        for n in adj[v]:
            if n not in seen:
                seen.add(n)
                walk(n, seen, length + 1)
                seen.discard(n)

    for start in adj:
        walk(start, {start}, 0)
    return best


def count_types(tiles: Iterable[int], types: tuple[int, ...], nb: int) -> list[int]:
    out = [0] * nb
    for t in tiles:
        if t != FOUNTAIN:
            out[types[t]] += 1
    return out


def col_letters(i: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (column labels of an Alhambra frame)."""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


def frame(grid: Grid) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1): the tiles' bounding box plus one free row/column on every side."""
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1


def cell_label(box: tuple[int, int, int, int], x: int, y: int) -> str:
    """'B3': column letter from the frame's left edge, row number from its top edge."""
    return f"{col_letters(x - box[0])}{y - box[1] + 1}"
