"""Checking a move before it is applied: the specific error a player sees for an illegal one."""

from __future__ import annotations

from typing import Any

from rules.base import (
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
)

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
    BUILDING_NAMES,
    CANCEL,
    DICE,
    NB,
    NCELLS,
    PUSH,
    START_CHIP,
    SWAP,
    cell_name,
    tile_label,
)
from .dice import counts, landing, target
from .state import CLAIM, EMPTY, OVER, ROLL, START, TAKE, State, grid_of, owns, seat_name


def _fields_ok(action: Any) -> bool:
    for name in action.__struct_fields__:
        v = getattr(action, name)
        if name == "chip":
            if type(v) is not bool:
                return False
        elif type(v) is not int:
            return False
    return True


def _illegal(text: str, **fields: Any) -> IllegalAction:
    return IllegalAction(text, **fields)


def check(st: State, seat: int, a: Any) -> None:
    """Raise the specific error for an action that does not apply; return if it does."""
    if not isinstance(a, Action) or not _fields_ok(a):
        raise InvalidAction(
            "That is not an Alhambra Dice move.", action=repr(a)[:80], key="alhambra_dice.error.not_a_move"
        )
    if st.phase == OVER:
        raise GameOver("The game is over.", key="alhambra_dice.error.game_over")
    if type(seat) is not int or seat != st.seat:
        raise NotYourTurn(
            f"It is not your turn: waiting for {seat_name(st, st.seat)}.",
            seat=seat,
            player=st.seat + 1,
            turn=st.seat + 1,
            key="alhambra_dice.error.not_your_turn",
        )
    phase = st.phase
    basic = st.version == "basic"
    if isinstance(a, (Reroll, Place, Push, CancelRoll, SetBlack, Build, Remove, Swap)) and phase != ROLL:
        raise _illegal(
            "That move belongs to a turn with the dice; now is the round end.", key="alhambra_dice.error.dice_turn_only"
        )
    rolls = len(st.history)
    match a:
        case Reroll(mask=mask):
            if not 1 <= mask < 1 << DICE:
                raise _illegal(
                    "Choose at least one of the eight white dice to re-roll.",
                    mask=mask,
                    key="alhambra_dice.error.reroll_none",
                )
            if rolls >= 3:
                raise _illegal(
                    "You have already re-rolled twice; place your marker now.", key="alhambra_dice.error.rerolled_twice"
                )
        case Place(building=b, count=n, cell=cell) | Push(building=b, count=n, cell=cell):
            if not 0 <= b < NB:
                raise _illegal("There is no such building.", building=b, key="alhambra_dice.error.no_building")
            have = counts(st)[b]
            if have == 0:
                raise _illegal(
                    f"No die shows {BUILDING_NAMES[b]}; you cannot place there.",
                    building=b,
                    key="alhambra_dice.error.no_die",
                )
            if n != have:
                raise _illegal(
                    f"You have {have} {BUILDING_NAMES[b]} dice, not {n}.",
                    building=b,
                    count=n,
                    have=have,
                    key="alhambra_dice.error.wrong_count",
                )
            aim = target(n, rolls)
            if isinstance(a, Place):
                land = landing(st.grid, b, aim)
                if cell != land:
                    raise _illegal(
                        f"Your marker would land on {BUILDING_NAMES[b]} {cell_name(land)}, "
                        f"not {cell_name(cell) if cell >= 0 else cell}.",
                        cell=cell,
                        building=b,
                        land=land,
                        key="alhambra_dice.error.wrong_cell",
                    )
            else:
                if owns(st, seat, PUSH) < 0:
                    raise _illegal("You have no push-down chip.", key="alhambra_dice.error.no_push_chip")
                if cell != aim:
                    raise _illegal(
                        f"The push-down chip places on {cell_name(aim)} itself.",
                        cell=cell,
                        aim=aim,
                        key="alhambra_dice.error.push_cell",
                    )
                if st.grid[b * NCELLS + aim] == EMPTY:
                    raise _illegal(
                        f"{BUILDING_NAMES[b]} {cell_name(aim)} is free; just place there.",
                        building=b,
                        aim=aim,
                        key="alhambra_dice.error.push_free",
                    )
        case CancelRoll():
            if owns(st, seat, CANCEL) < 0:
                raise _illegal("You have no cancel-roll chip.", key="alhambra_dice.error.no_cancel_chip")
        case SetBlack(face=f):
            if owns(st, seat, BLACK_DIE) < 0:
                raise _illegal("You have no black-die chip.", key="alhambra_dice.error.no_black_chip")
            if st.black != EMPTY:
                raise _illegal("Only one black-die chip may be used per turn.", key="alhambra_dice.error.black_once")
            if not 0 <= f < NB:
                raise _illegal("The black die has no such face.", face=f, key="alhambra_dice.error.no_face")
        case Build() | Remove() | Swap():
            if basic:
                raise _illegal("Redesigning belongs to the Alcazaba version.", key="alhambra_dice.error.redesign_basic")
            if rolls >= 3:
                raise _illegal(
                    "You may redesign only after your first or second roll.", key="alhambra_dice.error.redesign_late"
                )
            _check_redesign(st, seat, a)
        case Claim(chip=chip, to=to):
            if phase != CLAIM:
                raise _illegal("There is no reward to claim now.", key="alhambra_dice.error.no_claim")
            if st.fixed != EMPTY and chip != bool(st.fixed):
                what = "1 point and the chip" if st.fixed else "2 building points"
                key = "alhambra_dice.error.receive_chip" if st.fixed else "alhambra_dice.error.receive_points"
                raise _illegal(f"The other player chose first; you receive {what}.", key=key)
            if not 0 <= to < NB:
                raise _illegal("There is no such building.", to=to, key="alhambra_dice.error.no_building")
            if chip and st.fixed == EMPTY and st.fields[st.col] == EMPTY:
                raise _illegal(
                    f"There is no chip on the {BUILDING_NAMES[st.col]} bonus field.",
                    building=st.col,
                    key="alhambra_dice.error.no_field_chip",
                )
            if to != st.col and owns(st, seat, SWAP) < 0:
                raise _illegal(
                    f"Your points go on {BUILDING_NAMES[st.col]}; you have no building-switch chip.",
                    to=to,
                    building=st.col,
                    key="alhambra_dice.error.points_here",
                )
        case NameStart(seat=s):
            if phase != START:
                raise _illegal(
                    "Only the taker of the start-player chip names the next start player.",
                    key="alhambra_dice.error.not_start_taker",
                )
            if not 0 <= s < st.players:
                raise _illegal("Name one of the players.", seat=s, key="alhambra_dice.error.name_a_player")
        case Take() | TakeToReserve() | TakeStart():
            if phase != TAKE:
                raise _illegal(
                    "Tiles are taken only at the end of the round.", key="alhambra_dice.error.take_at_round_end"
                )
            if isinstance(a, TakeStart):
                if st.fields[st.col] != START_CHIP:
                    raise _illegal(
                        "The start-player chip is not in this column.", key="alhambra_dice.error.no_start_chip"
                    )
            elif a.tile not in st.tiles[st.col]:
                raise _illegal(
                    f"That tile is not in the {BUILDING_NAMES[st.col]} column.",
                    tile=a.tile,
                    building=st.col,
                    key="alhambra_dice.error.tile_not_in_column",
                )
            elif isinstance(a, Take) and not alh.can_place(grid_of(st, seat), a.tile, a.x, a.y):
                raise _why_not_place(grid_of(st, seat), a.tile, a.x, a.y)


def _why_not_place(grid: alh.Grid, tile: int, x: int, y: int) -> IllegalAction:
    where = f"{tile_label(tile)} cannot go at {x},{y}"
    if (x, y) in grid:
        why, key = "that space is already built.", "alhambra_dice.error.place_built"
    elif not any((x + dx, y + dy) in grid for dx, dy in alh.DIRS):
        why, key = "a tile must touch your Alhambra side to side.", "alhambra_dice.error.place_touch"
    else:
        fits, opened = alh._walls_fit(grid, tile, x, y)
        if not fits:
            why, key = "walls must meet walls and open sides open sides.", "alhambra_dice.error.place_walls"
        elif not opened:
            why, key = (
                "it must be reachable from the fountain without crossing a wall.",
                "alhambra_dice.error.place_reach",
            )
        else:
            why, key = "it would leave an enclosed empty space.", "alhambra_dice.error.place_hole"
    return _illegal(f"{where}: {why}", x=x, y=y, tile=tile, key=key)


def _check_redesign(st: State, seat: int, a: Build | Remove | Swap) -> None:
    grid = grid_of(st, seat)
    if isinstance(a, Remove):
        if (a.x, a.y) == (0, 0):
            raise _illegal("The fountain stays where it is.", key="alhambra_dice.error.fountain_stays")
        if (a.x, a.y) not in grid:
            raise _illegal(f"There is no tile at {a.x},{a.y}.", x=a.x, y=a.y, key="alhambra_dice.error.no_tile_at")
        if not alh.can_remove(grid, a.x, a.y):
            raise _illegal(
                "Removing that tile would cut off part of your Alhambra or leave a hole.",
                x=a.x,
                y=a.y,
                key="alhambra_dice.error.remove_breaks",
            )
        return
    if a.tile not in st.reserve[seat]:
        raise _illegal("That tile is not on your reserve board.", tile=a.tile, key="alhambra_dice.error.not_in_reserve")
    if isinstance(a, Build):
        if not alh.can_place(grid, a.tile, a.x, a.y):
            raise _why_not_place(grid, a.tile, a.x, a.y)
    elif not alh.can_swap(grid, a.tile, a.x, a.y):
        raise _illegal(
            f"{tile_label(a.tile)} cannot replace the tile at {a.x},{a.y}: walls must match.",
            x=a.x,
            y=a.y,
            tile=a.tile,
            key="alhambra_dice.error.swap_walls",
        )
