"""The setup shuffle (bag, then sun sets), read straight from the keyed stream of rules.rng.

It gives exactly the permutations ``KeyedRandom(seed).shuffle`` gives, only cheaper.
``random.Random.shuffle`` asks ``_randbelow(i + 1)`` for each position ``i`` from the last down to
1, and ``_randbelow(n)`` draws ``getrandbits(n.bit_length())`` until the value is below ``n``.
KeyedRandom answers each ``getrandbits(k)`` with the next ``(k + 7) // 8`` bytes of its HMAC
stream; below 257 things ``k <= 8``, so every draw is one byte, shifted right by ``8 - k``.
Reading those bytes here skips the three Python calls and the slicing KeyedRandom makes per draw:
with them, Ra's setup took a fifth of a complete random game. tests/rules/ra/test_fast_paths.py
checks the permutations against KeyedRandom's.

Version 3 (KeyedRandom3, keyed BLAKE2b) draws ``(n - 1).bit_length()`` bits below ``n``, again one
byte a draw; the same loop reads its blocks with that shift.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.rng import RNG_KEYED, RNG_KEYED2, blake_block, blake_key, keyed_block, make_random, seed_key

_LABEL = b"setup"
"""The stream make_random gives a setup (its default label)."""

_MOST = 256
"""Lists shorter than this draw only below 256, one byte a draw."""

_SHIFT = tuple(8 - n.bit_length() for n in range(_MOST))
"""Right shift that turns a stream byte into ``getrandbits(n.bit_length())`` (index 0 unused)."""
_SHIFT3 = (0, *(8 - (n - 1).bit_length() for n in range(1, _MOST)))
"""Version 3's shift: a draw below ``n`` keeps ``(n - 1).bit_length()`` bits of a byte."""


def shuffle_setup(seed: Any, version: int, *lists: list[Any]) -> None:
    """Shuffle ``lists`` in place, in order, as ``make_random(seed, version)`` shuffling each in
    turn would. Anything the byte reader does not cover (the Mersenne Twister of version 1, a seed
    that is not a non-negative int, a list of 256 or more, or a stream prefix used up by a very
    unlikely run of redraws) goes through make_random itself, which also raises its usual errors."""
    if (version in (RNG_KEYED, RNG_KEYED2) and type(seed) is int and seed >= 0
            and all(len(x) < _MOST for x in lists)):
        originals = [x[:] for x in lists]
        try:
            _shuffle_from_stream(seed, version, lists)
            return
        except StopIteration:  # the prefix ran out: start again from the lists as they were
            for x, original in zip(lists, originals, strict=True):
                x[:] = original
    rnd = make_random(seed, version)
    for x in lists:
        rnd.shuffle(x)


def _shuffle_from_stream(seed: int, version: int, lists: tuple[list[Any], ...]) -> None:
    """random.Random.shuffle's loop over a prefix of the stream; StopIteration if it runs out."""
    # A deal draws 274 bytes on average (sd 12, at most 325 over 5,000 seeds): 1.5 per position
    # plus 64 leaves over six standard deviations; an unlucky deal falls back to make_random.
    # (Version 3 draws fewer: its shift never wastes a bit on a power of two.)
    need = sum(map(len, lists)) * 3 // 2 + 64
    if version == RNG_KEYED:
        key = seed_key(seed)
        stream = b"".join([keyed_block(key, _LABEL, c) for c in range(need // 32 + 1)])
    else:
        key = blake_key(seed)
        stream = b"".join([blake_block(key, _LABEL, c) for c in range(need // 64 + 1)])
    byte = iter(stream).__next__
    for x in lists:
        for i, n, shift in _steps(len(x), version):
            r = byte() >> shift
            while r >= n:
                r = byte() >> shift
            x[i], x[r] = x[r], x[i]


@lru_cache(maxsize=32)
def _steps(length: int, version: int) -> tuple[tuple[int, int, int], ...]:
    """(position, draws below, shift) for each step of a shuffle of ``length`` things."""
    shifts = _SHIFT if version == RNG_KEYED else _SHIFT3
    return tuple((i, i + 1, shifts[i + 1]) for i in range(length - 1, 0, -1))
