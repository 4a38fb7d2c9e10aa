"""Ra's moves: one frozen struct per kind, with a compact code for Discord custom_ids.

Codes: ``draw``, ``ra`` (invoke Ra), ``g.<tile>`` (use a god to take that tile), ``stop`` (stop using
gods), ``b<disk>`` (bid that sun disk, e.g. ``b13``), ``pass``, ``x.<tile>`` (let a disaster take
that tile). Tiles are ids from data/tiles.json (``g.pharaoh``, ``x.civ_art``).
"""

from __future__ import annotations

import re

import msgspec

from rules.base import InvalidAction
from rules.ra.data import TILE_INDEX, TILE_NAMES


class Draw(msgspec.Struct, frozen=True, tag="draw", tag_field="kind"):
    """Draw a tile from the bag (a Ra tile starts an auction)."""


class InvokeRa(msgspec.Struct, frozen=True, tag="invoke", tag_field="kind"):
    """Take the Ra figure and start an auction (the only auction start when the track is full)."""


class UseGod(msgspec.Struct, frozen=True, tag="god", tag_field="kind"):
    """Discard one god tile to take ``tile`` (a tile id) from the auction track."""

    tile: str


class StopGods(msgspec.Struct, frozen=True, tag="stop", tag_field="kind"):
    """End a god turn after taking at least one tile."""


class Bid(msgspec.Struct, frozen=True, tag="bid", tag_field="kind"):
    """Bid one of your face-up sun disks."""

    disk: int


class Pass(msgspec.Struct, frozen=True, tag="pass", tag_field="kind"):
    """Do not bid in this auction."""


class Discard(msgspec.Struct, frozen=True, tag="discard", tag_field="kind"):
    """Let the current disaster take this tile (a tile id) from your display."""

    tile: str


RaAction = Draw | InvokeRa | UseGod | StopGods | Bid | Pass | Discard

DRAW = Draw()
INVOKE = InvokeRa()
STOP = StopGods()
PASS = Pass()

_SIMPLE = {"draw": DRAW, "ra": INVOKE, "stop": STOP, "pass": PASS}
_SIMPLE_CODE = {Draw: "draw", InvokeRa: "ra", StopGods: "stop", Pass: "pass"}
_BID = re.compile(r"b([1-9][0-9]?)")
_TILE = re.compile(r"([gx])\.([a-z_]{1,30})")


def _tile_name(tile: str) -> str:
    i = TILE_INDEX.get(tile)
    return TILE_NAMES[i] if i is not None else tile


def encode(action: RaAction) -> str:
    code = _SIMPLE_CODE.get(type(action))
    if code is not None:
        return code
    if isinstance(action, Bid):
        return f"b{action.disk}"
    if isinstance(action, UseGod):
        return f"g.{action.tile}"
    if isinstance(action, Discard):
        return f"x.{action.tile}"
    raise InvalidAction(f"{action!r} is not a Ra action.", key="ra.error.not_an_action", action=repr(action))


def decode(code: str) -> RaAction:
    if not isinstance(code, str):
        raise InvalidAction("An action code must be text.", key="ra.error.code_not_text")
    simple = _SIMPLE.get(code)
    if simple is not None:
        return simple
    m = _BID.fullmatch(code)
    if m:
        return Bid(disk=int(m.group(1)))
    m = _TILE.fullmatch(code)
    if m and m.group(2) in TILE_INDEX:
        return UseGod(tile=m.group(2)) if m.group(1) == "g" else Discard(tile=m.group(2))
    raise InvalidAction(f"'{code[:40]}' is not a Ra action code.", code=code[:60], shown=code[:40],
                        key="ra.error.bad_code")


def describe(action: RaAction) -> str:
    if isinstance(action, Draw):
        return "Draw a tile"
    if isinstance(action, InvokeRa):
        return "Invoke Ra"
    if isinstance(action, UseGod):
        return f"God: take {_tile_name(action.tile)}"
    if isinstance(action, StopGods):
        return "Done with gods"
    if isinstance(action, Bid):
        return f"Bid {action.disk}"
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Discard):
        return f"Lose {_tile_name(action.tile)}"
    return repr(action)
