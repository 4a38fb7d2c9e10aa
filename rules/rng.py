"""Where every game's randomness comes from: a keyed cryptographic stream, versioned per game.

Version 1 is Python's Mersenne Twister seeded with the game's seed. Its outputs give away its
internal state (624 words of output determine it, and a 31-bit seed falls to brute force from ten
Ra draws), so it is kept only to load and replay games stored before version 2.

Version 2 (``KeyedRandom``) draws HMAC-SHA256(key, label || counter) blocks, the key being the
game's seed (at least 128 bits from ``secrets`` for new games). Without the key, the blocks already
seen say nothing about the next one (HMAC is a pseudo-random function), so a player who watched
every draw cannot predict the next. It is a ``random.Random``, so ``shuffle``, ``choice``,
``sample`` and ``randrange`` work unchanged, and its whole state is (key, label, counter, unused
bytes), small enough to clone or keep in a game state.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Any

RNG_MT = 1
"""Mersenne Twister seeded with the game's seed: games stored before the keyed stream."""
RNG_KEYED = 2
"""HMAC-SHA256 in counter mode keyed with the game's seed: every new game."""
RNG_VERSIONS = (RNG_MT, RNG_KEYED)
RNG_CURRENT = RNG_KEYED

SEED_BITS = 128
"""A new game's seed: far beyond enumeration (today's attack enumerated 2**31)."""

_BLOCK = hashlib.sha256().digest_size


class UnknownRngVersion(ValueError):
    """A stored game names a generator version this code does not know."""

    def __init__(self, version: object) -> None:
        super().__init__(f"Unknown random generator version {version!r} (known: {RNG_VERSIONS}).")
        self.version = version


def new_seed() -> int:
    """A seed for a new game, from the operating system's cryptographic source."""
    return secrets.randbits(SEED_BITS)


def seed_key(seed: int) -> bytes:
    """The HMAC key for a seed: its big-endian bytes (any non-negative size)."""
    if seed < 0:
        raise ValueError(f"A seed is a non-negative integer, not {seed}.")
    return seed.to_bytes(max(1, (seed.bit_length() + 7) // 8), "big")


def keyed_block(key: bytes, label: bytes, counter: int) -> bytes:
    """Block ``counter`` of the stream named ``label`` under ``key`` (32 bytes)."""
    return hmac.digest(key, label + counter.to_bytes(8, "big"), hashlib.sha256)


class KeyedRandom(random.Random):
    """``random.Random`` whose bits come from HMAC-SHA256(key, label || counter) blocks.

    ``label`` separates independent streams drawn from one seed (the setup shuffle, the dice).
    """

    def __init__(self, seed: int = 0, label: bytes = b"setup") -> None:
        self._label = label
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        if a is None:
            a = new_seed()
        if not isinstance(a, int) or isinstance(a, bool):
            raise TypeError(f"KeyedRandom takes an integer seed, not {type(a).__name__}.")
        self._key = seed_key(a)
        self._counter = 0
        self._buffer = b""
        self._pos = 0

    def _take(self, n: int) -> bytes:
        """The next ``n`` bytes of the stream."""
        pos, end = self._pos, self._pos + n
        if end > len(self._buffer):
            chunks = [self._buffer[pos:]]
            have = len(chunks[0])
            while have < n:
                chunks.append(keyed_block(self._key, self._label, self._counter))
                self._counter += 1
                have += _BLOCK
            self._buffer, pos, end = b"".join(chunks), 0, n
        self._pos = end
        return self._buffer[pos:end]

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        return int.from_bytes(self._take((k + 7) // 8), "big") >> (-k % 8)

    def random(self) -> float:
        # 53 random bits, as Mersenne Twister's random() uses: an exact multiple of 2**-53.
        return self.getrandbits(53) * 2.0**-53

    def getstate(self) -> tuple[Any, ...]:
        return (RNG_KEYED, self._key, self._label, self._counter, self._buffer[self._pos:])

    def setstate(self, state: tuple[Any, ...]) -> None:
        version, self._key, self._label, self._counter, self._buffer = state
        self._pos = 0
        if version != RNG_KEYED:
            raise UnknownRngVersion(version)

    def __reduce__(self) -> tuple[Any, ...]:
        # random.Random pickles via __init__(); restore the stream position instead.
        return (_restore, (self.getstate(),))


def _restore(state: tuple[Any, ...]) -> KeyedRandom:
    rnd = KeyedRandom.__new__(KeyedRandom)
    rnd.gauss_next = None
    rnd.setstate(state)
    return rnd


def check_version(version: int) -> int:
    if version not in RNG_VERSIONS:
        raise UnknownRngVersion(version)
    return version


def make_random(seed: int, version: int = RNG_CURRENT, label: bytes = b"setup") -> random.Random:
    """The generator a game of ``version`` draws its setup from (``label`` is unused by version 1)."""
    if check_version(version) == RNG_MT:
        return random.Random(seed)
    return KeyedRandom(seed, label)
