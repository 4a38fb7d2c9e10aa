"""Legal-move generation: every move a seat may make now, as a list (UI, AIs and tests use it)."""

from __future__ import annotations

from functools import lru_cache

from . import alhambra as alh
from .actions import (
    Action,
    Build,
    CancelRoll,
    Claim,
    NameStart,
    Place,
    Push,
    Remove,
    Reroll,
    SetBlack,
    Swap,
    Take,
    TakeStart,
    TakeToReserve,
)
from .data import (
    BLACK_DIE,
    CANCEL,
    CHIPS,
    DICE,
    NB,
    NCELLS,
    PUSH,
    START_CHIP,
    SWAP,
)
from .dice import target
from .state import CLAIM, EMPTY, OVER, ROLL, START, State, owns

ALL_REROLLS: tuple[Reroll, ...] = tuple(Reroll(mask) for mask in range(1, 1 << DICE))


def legal_actions(st: State, seat: int) -> list[Action]:
    if st.phase == OVER or seat != st.seat:
        return []
    phase = st.phase
    if phase == ROLL:
        return _legal_roll(st, seat)
    if phase == CLAIM:
        if st.fixed != EMPTY:
            chips: tuple[bool, ...] = (bool(st.fixed),)
        else:
            chips = (False, True) if st.fields[st.col] != EMPTY else (False,)
        tos = range(NB) if owns(st, seat, SWAP) >= 0 else (st.col,)
        return [Claim(chip=c, to=t) for c in chips for t in tos]
    if phase == START:
        return [NameStart(s) for s in range(st.players)]
    # TAKE
    cells = _open_cells(tuple(st.alhambra[seat]))
    out: list[Action] = []
    for tile in st.tiles[st.col]:
        out += [Take(tile, x, y) for x, y in alh.fitting(cells, tile)]
        out.append(TakeToReserve(tile))
    if st.fields[st.col] == START_CHIP:
        out.append(TakeStart())
    return out


# Move generation runs on every step of every game: these tables turn it into look-ups.
TARGETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(target(n, rolls) if n and rolls else -1 for n in range(DICE + 2)) for rolls in range(4)
)
"""TARGETS[rolls][count] = the cell aimed at (counts up to 9 with the black die)."""
_PLACES: tuple[tuple[tuple[Place, ...], ...], ...] = tuple(
    tuple(tuple(Place(b, n, c) for c in range(NCELLS + 1)) for n in range(DICE + 2)) for b in range(NB)
)
_BLACKS: tuple[SetBlack, ...] = tuple(SetBlack(f) for f in range(NB))
_REROLLS: list[Action] = list(ALL_REROLLS)
"""Read only: each move list starts as ``_REROLLS + places`` (a new list)."""


def _chips_with(effect: str) -> frozenset[int]:
    return frozenset(i for i, chip in enumerate(CHIPS) if chip.effect == effect)


_PUSH_CHIPS, _CANCEL_CHIPS, _BLACK_CHIPS = _chips_with(PUSH), _chips_with(CANCEL), _chips_with(BLACK_DIE)


def _legal_roll(st: State, seat: int) -> list[Action]:
    rolls = len(st.history)
    cnt = [0] * NB
    for f in st.dice:
        cnt[f] += 1
    if st.black != EMPTY:
        cnt[st.black] += 1
    grid = st.grid
    basic = st.version == "basic"
    owned = st.chips[seat] if basic else ()
    # C-level set tests instead of a set of the owned chips' effects (most seats own chips, mostly points)
    push = bool(owned) and not _PUSH_CHIPS.isdisjoint(owned)
    aims = TARGETS[rolls]
    places: list[Action] = []
    for b, n in enumerate(cnt):
        if n:
            cell = land = aims[n]
            base = b * NCELLS
            while land < NCELLS and grid[base + land] != EMPTY:
                land += 1
            places.append(_PLACES[b][n][land])
            if push and land != cell:
                places.append(Push(b, n, cell))
    # One list built at its full length: the 255 re-rolls first, as ever (choices index this order).
    out = _REROLLS + places if rolls < 3 else places
    if owned:
        if not _CANCEL_CHIPS.isdisjoint(owned):
            out.append(CancelRoll())
        if st.black == EMPTY and not _BLACK_CHIPS.isdisjoint(owned):
            out += _BLACKS
    elif not basic and rolls < 3:
        out += _redesign_options(tuple(st.alhambra[seat]), tuple(sorted(set(st.reserve[seat]))))
    return out


@lru_cache(maxsize=4096)
def _redesign_options(flat: tuple[int, ...], reserve: tuple[int, ...]) -> tuple[Action, ...]:
    # Cached: an Alhambra and reserve stay the same through a whole turn and round end.
    grid = alh.from_flat(list(flat))
    out: list[Action] = []
    if not reserve:  # nothing to build or swap: only removals (the cell summaries would be wasted)
        return tuple(Remove(x, y) for x, y in alh.removable(grid))
    cells = _open_cells(flat)
    for tile in reserve:
        out += [Build(tile, x, y) for x, y in alh.fitting(cells, tile)]
    out += [Remove(x, y) for x, y in alh.removable(grid)]
    cells = alh.swap_cells(grid)
    for tile in reserve:
        out += [Swap(tile, x, y) for x, y in alh.fitting(cells, tile)]
    return tuple(out)


@lru_cache(maxsize=4096)
def _open_cells(flat: tuple[int, ...]) -> list[alh.Sides]:
    """alh.open_cells of an Alhambra (read only): every tile of a column is fitted to the same cells."""
    return alh.open_cells(alh.from_flat(list(flat)))
