"""Every move of both versions: one frozen struct per kind, a tagged union, compact codes.

Codes use only [A-Za-z0-9._-] (they go into a Discord custom_id); numbers are separated by '.'.
"""

from __future__ import annotations

import re

import msgspec

from rules.base import InvalidAction

from .data import BUILDING_NAMES, NB, cell_name, tile_label


class Reroll(msgspec.Struct, frozen=True, tag="reroll", tag_field="kind"):
    """Roll again the white dice whose bits are set in ``mask`` (bit i = die i); keep the rest."""

    mask: int


class Place(msgspec.Struct, frozen=True, tag="place", tag_field="kind"):
    """Place a marker on ``building`` with ``count`` matching dice; it lands on ``cell``."""

    building: int
    count: int
    cell: int


class Push(msgspec.Struct, frozen=True, tag="push", tag_field="kind"):
    """Push-down chip: take the occupied ``cell`` itself and push its marker (and any below) down."""

    building: int
    count: int
    cell: int


class CancelRoll(msgspec.Struct, frozen=True, tag="cancel", tag_field="kind"):
    """Cancel-roll chip: the latest roll does not count; the dice go back to before it."""


class SetBlack(msgspec.Struct, frozen=True, tag="black", tag_field="kind"):
    """Black-die chip: set the black die to ``face`` beside the kept dice."""

    face: int


class Claim(msgspec.Struct, frozen=True, tag="claim", tag_field="kind"):
    """Round end: take 1 point + the bonus chip (``chip``) or 2 points; the points go on ``to``.

    ``to`` is the column's own building unless a building-switch chip is spent."""

    chip: bool
    to: int


class NameStart(msgspec.Struct, frozen=True, tag="start", tag_field="kind"):
    """Name the start player of the next round (after taking the start-player chip)."""

    seat: int


class Build(msgspec.Struct, frozen=True, tag="build", tag_field="kind"):
    """Alcazaba redesign: move ``tile`` from the reserve into the Alhambra at x, y."""

    tile: int
    x: int
    y: int


class Remove(msgspec.Struct, frozen=True, tag="remove", tag_field="kind"):
    """Alcazaba redesign: move the tile at x, y from the Alhambra to the reserve."""

    x: int
    y: int


class Swap(msgspec.Struct, frozen=True, tag="swap", tag_field="kind"):
    """Alcazaba redesign: put reserve ``tile`` at x, y; the tile there goes to the reserve."""

    tile: int
    x: int
    y: int


class Take(msgspec.Struct, frozen=True, tag="take", tag_field="kind"):
    """Alcazaba round end: take ``tile`` and build it at x, y."""

    tile: int
    x: int
    y: int


class TakeToReserve(msgspec.Struct, frozen=True, tag="keep", tag_field="kind"):
    """Alcazaba round end: take ``tile`` onto the reserve board."""

    tile: int


class TakeStart(msgspec.Struct, frozen=True, tag="takestart", tag_field="kind"):
    """Alcazaba round end: take the start-player chip instead of a tile."""


Action = (
    Reroll
    | Place
    | Push
    | CancelRoll
    | SetBlack
    | Claim
    | NameStart
    | Build
    | Remove
    | Swap
    | Take
    | TakeToReserve
    | TakeStart
)

# Code letter -> (class, number of integer fields). Field order = struct field order.
_CODES: dict[str, type] = {
    "r": Reroll,
    "p": Place,
    "u": Push,
    "x": CancelRoll,
    "k": SetBlack,
    "c": Claim,
    "s": NameStart,
    "b": Build,
    "m": Remove,
    "w": Swap,
    "t": Take,
    "v": TakeToReserve,
    "q": TakeStart,
}
_LETTER = {cls: letter for letter, cls in _CODES.items()}
_NOT_A_CODE = "alhambra_dice.error.not_a_code"
"""Catalogue key of the error for a code that names no move."""
_CODE_RE = re.compile(r"([a-z])(-?\d{1,6}(?:\.-?\d{1,6})*)?")


def encode(action: Action) -> str:
    letter = _LETTER[type(action)]
    values = [int(getattr(action, f)) for f in action.__struct_fields__]
    return letter + ".".join(str(v) for v in values)


def decode(code: str) -> Action:
    if not isinstance(code, str) or len(code) > 60:
        raise InvalidAction(
            "That move code could not be read.", code=str(code)[:60], key="alhambra_dice.error.unreadable_code"
        )
    m = _CODE_RE.fullmatch(code)
    if m is None or m.group(1) not in _CODES:
        raise InvalidAction(f"'{code}' is not an Alhambra Dice move.", code=code, key=_NOT_A_CODE)
    cls = _CODES[m.group(1)]
    values = [int(v) for v in m.group(2).split(".")] if m.group(2) else []
    fields = cls.__struct_fields__
    if len(values) != len(fields):
        raise InvalidAction(f"'{code}' is not an Alhambra Dice move.", code=code, key=_NOT_A_CODE)
    if cls is Claim:
        if values[0] not in (0, 1):
            raise InvalidAction(f"'{code}' is not an Alhambra Dice move.", code=code, key=_NOT_A_CODE)
        return Claim(chip=bool(values[0]), to=values[1])
    return cls(**dict(zip(fields, values, strict=True)))


def _b(i: int) -> str:
    return BUILDING_NAMES[i] if isinstance(i, int) and 0 <= i < NB else f"building {i}"


def describe(action: Action) -> str:
    """A short English phrase for a button or the log."""
    match action:
        case Reroll(mask=mask):
            n = bin(mask & 0xFF).count("1")
            return f"Re-roll {n} {'die' if n == 1 else 'dice'}"
        case Place(building=b, count=n, cell=c):
            return f"{_b(b)}: {n} → {cell_name(c)}"
        case Push(building=b, count=n, cell=c):
            return f"{_b(b)}: {n} → push onto {cell_name(c)}"
        case CancelRoll():
            return "Cancel the last roll"
        case SetBlack(face=f):
            return f"Black die → {_b(f)}"
        case Claim(chip=chip, to=to):
            what = "1 point + the chip" if chip else "2 points"
            return f"{what} ({_b(to)})"
        case NameStart(seat=s):
            return f"Player {s + 1} starts next round"
        case Build(tile=t, x=x, y=y):
            return f"Build {tile_label(t)} from reserve at {x},{y}"
        case Remove(x=x, y=y):
            return f"Move the tile at {x},{y} to the reserve"
        case Swap(tile=t, x=x, y=y):
            return f"Swap {tile_label(t)} in at {x},{y}"
        case Take(tile=t, x=x, y=y):
            return f"Take {tile_label(t)}, build at {x},{y}"
        case TakeToReserve(tile=t):
            return f"Take {tile_label(t)} to the reserve"
        case TakeStart():
            return "Take the start-player chip"
    return "Unknown move"
