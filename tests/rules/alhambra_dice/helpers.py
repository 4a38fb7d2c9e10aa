"""Builders for exact positions of Alhambra Dice."""

from __future__ import annotations

from rules.alhambra_dice import GAME
from rules.alhambra_dice.data import CELL_INDEX, NCELLS
from rules.alhambra_dice.state import EMPTY, State

PAV, SER, ARC, CHA, GAR, TOW = range(6)


def new(players: int = 3, version: str = "basic", seed: int = 1) -> State:
    return GAME.setup(players, {"version": version}, seed)


def cell(count: int, col: str) -> int:
    """Cell index of e.g. (5, 'R')."""
    return CELL_INDEX[(count, "LMR".index(col) + 1)]


def set_dice(st: State, dice: list[int], rolls: int = 1) -> None:
    """The acting seat's dice after ``rolls`` rolls (earlier rolls filled with the same dice)."""
    st.dice = list(dice)
    st.history = [list(dice) for _ in range(rolls)]


def occupy(st: State, building: int, idx: int, seat: int) -> None:
    st.grid[building * NCELLS + idx] = seat


def column(st: State, building: int) -> list[int]:
    return st.grid[building * NCELLS : (building + 1) * NCELLS]


def clear_board(st: State) -> None:
    st.grid = [EMPTY] * len(st.grid)


def last_turn(st: State) -> None:
    """Make the next placement the last of the round (so the round end follows)."""
    st.turn = st.players * st.markers - 1
    st.seat = (st.start + st.turn) % st.players
