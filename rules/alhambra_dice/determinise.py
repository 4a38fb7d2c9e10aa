"""What one seat knows of a game of Alhambra, and full states sampled from it.

Everything on the table is public; hidden are the dice generator and its key (future rolls), the order and
split of the face-down chip stacks, and which tiles lie in the face-down tile stacks and the bag.
Their contents are public as a whole (every chip and tile not on the table is in them), so
``knowledge`` gives the table plus those pools in sorted order (no generator); ``determinise``
deals the pools back into stacks of the same sizes and seeds a fresh generator from ``rng``.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from .data import NB, NTILES, TILE_TYPES
from .state import State

_EXTRA_TOWER = NTILES - 1
"""The tower that goes straight into the bag: never in a tile stack."""
_HIDDEN = ("rng", "rng_key", "stacks", "tile_stacks", "bag")


def knowledge(s: State, viewer: int | None) -> dict[str, Any]:
    """The state as every seat knows it (everything hidden is hidden from all), as plain data."""
    out = msgspec.to_builtins(msgspec.structs.replace(s, log=[], log_data=[]))
    for key in _HIDDEN:
        del out[key]
    *normal, black = s.stacks or [[]]
    out["unseen_chips"] = {
        "normal": sorted(c for st in normal for c in st),
        "sizes": [len(st) for st in normal],
        "black": sorted(black) if s.stacks else None,
    }
    out["unseen_tiles"] = sorted([t for st in s.tile_stacks for t in st] + s.bag)
    out["tile_stack_count"] = len(s.tile_stacks)
    return out


def determinise(view: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A full state consistent with ``view``: stacks and bag shuffled, dice yet to roll unknown."""
    known = dict(view["info_state"])
    chips = known.pop("unseen_chips")
    tiles = known.pop("unseen_tiles")
    n_stacks = known.pop("tile_stack_count")
    known["rng"] = rng.getrandbits(64)
    s = msgspec.convert(known, State)
    if chips["black"] is not None:
        pool = list(chips["normal"])
        rng.shuffle(pool)
        stacks, i = [], 0
        for n in chips["sizes"]:
            stacks.append(pool[i : i + n])
            i += n
        black = list(chips["black"])
        rng.shuffle(black)
        s.stacks = [*stacks, black]
    # Each tile stack holds one tile of each type, in type order; the rest are in the bag.
    s.tile_stacks = [[] for _ in range(n_stacks)]
    bag = [t for t in tiles if t == _EXTRA_TOWER]
    for kind in range(NB):
        pool = [t for t in tiles if TILE_TYPES[t] == kind and t != _EXTRA_TOWER]
        rng.shuffle(pool)
        for st, tile in zip(s.tile_stacks, pool, strict=False):
            st.append(tile)
        bag += pool[n_stacks:]
    rng.shuffle(bag)
    s.bag = bag
    return s
