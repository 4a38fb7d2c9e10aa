"""Dice: a small counter-based generator kept in the state, and the dice-area arithmetic.

The generator is a key and a counter in the state (``State.rng_key``, ``State.rng``): roll ``n``
comes from HMAC-SHA256(key, "dice" || n) (rules.rng), so cloning, JSON round trips and replays
reproduce every roll, and the rolls seen so far say nothing of the next. Games stored before it
(empty key) keep splitmix64, whose single 64-bit state ``State.rng`` is invertible from one output.

The key's length names the stream, so the state needs no version field: 32 bytes is generator
version 2 (HMAC-SHA256, one block a roll), 64 bytes (BLAKE2b's full key) version 3: roll ``n`` is
bytes ``8 * (n % 8)`` to ``8 * (n % 8) + 8`` of ``rules.rng.blake_block(key, label, n // 8)``, so one
hash serves eight rolls.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from hashlib import sha256
from typing import Any

from rules.rng import blake_block

from .data import CELL_INDEX, MAX_COUNT, NB, NCELLS
from .state import EMPTY, State

_MASK = (1 << 64) - 1
DICE_LABEL = b"alhambra_dice/dice"
BLAKE_KEY_BYTES = 64
"""The length of a version 3 dice key (setup draws it; a version 2 key has 32 bytes)."""


@lru_cache(maxsize=256)
def _blake_rolls(key: bytes, block: int) -> bytes:
    """Eight rolls' bytes (version 3): kept, since the next seven rolls of the game read them too."""
    return blake_block(key, DICE_LABEL, block)


@lru_cache(maxsize=256)
def _hmac_states(key: bytes) -> tuple[Any, Any]:
    """HMAC-SHA256 under ``key`` half done: the inner hash after key^ipad and the label, the outer
    after key^opad. Each roll then copies them instead of hashing the key twice again (a roll is
    the engine's most common step); the blocks are rules.rng.keyed_block's, byte for byte."""
    if len(key) > 64:
        key = sha256(key).digest()
    key = key.ljust(64, b"\0")
    inner = sha256(bytes(b ^ 0x36 for b in key))
    inner.update(DICE_LABEL)
    return inner, sha256(bytes(b ^ 0x5C for b in key))


def next64(state: State) -> int:
    key = state.rng_key
    if len(key) == BLAKE_KEY_BYTES:
        n = state.rng
        state.rng = n + 1
        i = (n & 7) << 3
        return int.from_bytes(_blake_rolls(key, n >> 3)[i : i + 8], "big")
    if key:
        inner, outer = _hmac_states(key)
        h = inner.copy()
        h.update(state.rng.to_bytes(8, "big"))
        out = outer.copy()
        out.update(h.digest())
        state.rng += 1
        return int.from_bytes(out.digest()[:8], "big")
    state.rng = z = (state.rng + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


_QUADS: tuple[tuple[int, ...], ...] = tuple(
    (q % NB, q // NB % NB, q // NB**2 % NB, q // NB**3 % NB) for q in range(NB**4)
)
"""Four base-6 digits of every number below 6**4: four dice from one table look-up."""


def roll(state: State, n: int) -> list[int]:
    """n (<= 8) dice faces (0..5 = building index): base-6 digits of one 64-bit draw."""
    return list(fresh_dice(state)[:n])


def fresh_dice(state: State) -> tuple[int, ...]:
    """The eight faces of the next draw (roll's faces, as a tuple: a re-roll mixes them with the old dice)."""
    key = state.rng_key
    if len(key) == BLAKE_KEY_BYTES:  # next64's version 3 branch, with the faces of a block cached
        c = state.rng
        state.rng = c + 1
        return _blake_faces(key, c >> 3)[c & 7]
    z = next64(state)
    return _QUADS[z % _Q] + _QUADS[z // _Q % _Q]


_Q = NB**4
_UNPACK8 = struct.Struct(">8Q").unpack
"""A block's eight big-endian 64-bit draws in one C call (int.from_bytes of each 8-byte slice)."""


@lru_cache(maxsize=256)
def _blake_faces(key: bytes, block: int) -> tuple[tuple[int, ...], ...]:
    """The eight dice of each of the eight rolls in a version 3 block (roll's digits of next64's
    value): worked out once, because the next seven rolls of the game read the same block."""
    return tuple([_QUADS[z % _Q] + _QUADS[z // _Q % _Q] for z in _UNPACK8(blake_block(key, DICE_LABEL, block))])


def roll_all(state: State) -> list[int]:
    return list(fresh_dice(state))


def counts(state: State) -> list[int]:
    """Dice showing each building (white dice plus the black die when set)."""
    out = [0] * NB
    for f in state.dice:
        out[f] += 1
    if state.black != EMPTY:
        out[state.black] += 1
    return out


def target(count: int, rolls: int) -> int:
    """The cell a count reaches after ``rolls`` rolls; nine of a kind counts as 8 on the first roll."""
    if count > MAX_COUNT:
        return CELL_INDEX[(MAX_COUNT, 1)]
    return CELL_INDEX[(count, rolls)]


def landing(grid: list[int], building: int, cell: int) -> int:
    """The first free cell at or below ``cell``; NCELLS if the marker falls off the bottom."""
    base = building * NCELLS
    for i in range(cell, NCELLS):
        if grid[base + i] == EMPTY:
            return i
    return NCELLS
