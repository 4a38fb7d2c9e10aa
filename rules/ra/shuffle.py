"""The setup shuffle (bag, then sun sets), read straight from the keyed stream of rules.rng.

It gives exactly the permutations ``KeyedRandom(seed).shuffle`` gives, only cheaper.
``random.Random.shuffle`` asks ``_randbelow(i + 1)`` for each position ``i`` from the last down to
1, and ``_randbelow(n)`` draws ``getrandbits(n.bit_length())`` until the value is below ``n``.
KeyedRandom answers each ``getrandbits(k)`` with the next ``(k + 7) // 8`` bytes of its HMAC
stream; below 257 things ``k <= 8``, so every draw is one byte, shifted right by ``8 - k``.
Reading those bytes here skips the three Python calls and the slicing KeyedRandom makes per draw:
with them, Ra's setup took a fifth of a complete random game. tests/rules/ra/test_fast_paths.py
checks the permutations against KeyedRandom's.
"""

from __future__ import annotations

from typing import Any

from rules.rng import RNG_KEYED, keyed_block, make_random, seed_key

_LABEL = b"setup"
"""The stream make_random gives a setup (its default label)."""

_MOST = 256
"""Lists shorter than this draw only below 256, one byte a draw."""

_SHIFT = tuple(8 - n.bit_length() for n in range(_MOST))
"""Right shift that turns a stream byte into ``getrandbits(n.bit_length())`` (index 0 unused)."""


def shuffle_setup(seed: Any, version: int, *lists: list[Any]) -> None:
    """Shuffle ``lists`` in place, in order, as ``make_random(seed, version)`` shuffling each in
    turn would. Anything the byte reader does not cover (the Mersenne Twister of version 1, a seed
    that is not a non-negative int, a list of 256 or more) goes through make_random itself, which
    also raises its usual errors."""
    if (version != RNG_KEYED or type(seed) is not int or seed < 0
            or any(len(x) >= _MOST for x in lists)):
        rnd = make_random(seed, version)
        for x in lists:
            rnd.shuffle(x)
        return
    key = seed_key(seed)
    # About 1.4 draws per position (rejections): start with enough for that, grow if unlucky.
    wanted = sum(map(len, lists)) * 3 // 2
    counter = wanted // 32 + 1
    stream = b"".join([keyed_block(key, _LABEL, c) for c in range(counter)])
    end = len(stream)
    pos = 0
    for x in lists:
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            shift = _SHIFT[n]
            r = n
            while r >= n:
                if pos == end:
                    stream += keyed_block(key, _LABEL, counter)
                    counter += 1
                    end = len(stream)
                r = stream[pos] >> shift
                pos += 1
            x[i], x[r] = x[r], x[i]
