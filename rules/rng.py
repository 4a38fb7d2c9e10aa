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

Version 3 (``KeyedRandom3``, every new game) is the same construction on a cheaper function:
keyed BLAKE2b in counter mode, ``BLAKE2b(key, counter || label)``, 64 bytes a block. Keyed BLAKE2b
is designed and analysed as a pseudo-random function (RFC 7693 section 2.5 lists it as a MAC/PRF),
so the argument above holds unchanged: without the key, the blocks seen so far (and every draw made
from them) say nothing of the next block. It is about five times cheaper per byte than HMAC-SHA256
here (one C call instead of HMAC's two hashes with key set-up), and it reads draws below ``n``
straight from the stream bytes (``_randbelow``) instead of going through ``getrandbits``. Versions 1
and 2 still load and replay byte for byte: a game keeps the version it was started with.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Callable
from typing import Any

RNG_MT = 1
"""Mersenne Twister seeded with the game's seed: games stored before the keyed stream."""
RNG_KEYED = 2
"""HMAC-SHA256 in counter mode keyed with the game's seed: every new game."""
RNG_KEYED2 = 3
"""Keyed BLAKE2b in counter mode: every new game (version 2's draws, about five times cheaper)."""
RNG_VERSIONS = (RNG_MT, RNG_KEYED, RNG_KEYED2)
RNG_CURRENT = RNG_KEYED2

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


def blake_key(seed: int) -> bytes:
    """The BLAKE2b key of a seed (version 3): its bytes (seed_key), hashed to 64 bytes when longer
    than BLAKE2b's largest key (a seed beyond 512 bits; new seeds have 128)."""
    key = seed_key(seed)
    return key if len(key) <= hashlib.blake2b.MAX_KEY_SIZE else hashlib.blake2b(key).digest()


def blake_block(key: bytes, label: bytes, counter: int) -> bytes:
    """Block ``counter`` of the version 3 stream named ``label`` under ``key`` (64 bytes). The counter
    comes first, at a fixed width, so (counter, label) pairs never share an input."""
    return hashlib.blake2b(counter.to_bytes(8, "big") + label, key=key).digest()


class _KeyedStream:
    """What the keyed streams share: bits, floats and pickling from ``_take`` and the stream position.
    Listed before ``random.Random`` in a stream's bases, so its ``getrandbits`` is the one ``random.Random``
    builds ``_randbelow`` on (unless the stream has its own)."""

    VERSION: int
    _key: bytes
    _label: bytes
    _counter: int
    _buffer: bytes
    _pos: int
    _take: Callable[[int], bytes]
    _make_key: Callable[[int], bytes]
    """The stream's key from an integer seed."""
    """The next ``n`` bytes of the stream (each stream reads its own blocks)."""

    def __init__(self, seed: int = 0, label: bytes = b"setup") -> None:
        self._label = label
        super().__init__(seed)  # type: ignore[call-arg]  # random.Random's, which calls seed()

    def seed(self, a: Any = None, version: int = 2) -> None:
        if a is None:
            a = new_seed()
        if not isinstance(a, int) or isinstance(a, bool):
            raise TypeError(f"{type(self).__name__} takes an integer seed, not {type(a).__name__}.")
        self._key = self._make_key(a)
        self._counter = 0
        self._buffer = b""
        self._pos = 0

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
        return (self.VERSION, self._key, self._label, self._counter, self._buffer[self._pos:])

    def setstate(self, state: tuple[Any, ...]) -> None:
        version, self._key, self._label, self._counter, self._buffer = state
        self._pos = 0
        if version != self.VERSION:
            raise UnknownRngVersion(version)

    def __reduce__(self) -> tuple[Any, ...]:
        # random.Random pickles via __init__(); restore the stream position instead.
        return (_restore, (self.getstate(),))


class KeyedRandom(_KeyedStream, random.Random):
    """``random.Random`` whose bits come from HMAC-SHA256(key, label || counter) blocks.

    ``label`` separates independent streams drawn from one seed (the setup shuffle, the dice).
    """

    VERSION = RNG_KEYED

    _make_key = staticmethod(seed_key)

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


class KeyedRandom3(_KeyedStream, random.Random):
    """Version 3: ``random.Random`` whose bytes come from keyed BLAKE2b blocks (``blake_block``).

    ``_randbelow(n)`` (behind ``shuffle``, ``choice``, ``sample``, ``randrange``) reads the
    ``(n - 1).bit_length()`` top bits of the next ``ceil(bits / 8)`` stream bytes and draws again
    while the value is not below ``n``: below 257 things, one byte a draw, read from the buffer
    without a call. ``getrandbits(k)`` takes the next ``ceil(k / 8)`` bytes, as version 2 does.
    """

    VERSION = RNG_KEYED2

    _make_key = staticmethod(blake_key)

    def _take(self, n: int) -> bytes:
        """The next ``n`` bytes of the stream."""
        pos, end = self._pos, self._pos + n
        if end > len(self._buffer):
            self._refill(n)
            pos, end = 0, n
        self._pos = end
        return self._buffer[pos:end]

    def _refill(self, n: int) -> None:
        """Keep the unread bytes and add blocks until at least ``n`` are unread; reading restarts at 0."""
        rest = self._buffer[self._pos:]
        blocks = (n - len(rest) + _BLAKE - 1) // _BLAKE
        c = self._counter
        self._buffer = rest + b"".join([blake_block(self._key, self._label, c + i) for i in range(blocks)])
        self._counter = c + blocks
        self._pos = 0

    def _randbelow(self, n: int) -> int:
        if n < 257:  # one byte a draw, read in place: every setup shuffle
            if n <= 1:
                return 0
            shift = _SHIFT_BELOW[n]
            while True:
                pos = self._pos
                if pos >= len(self._buffer):
                    self._refill(1)
                    pos = 0
                r = self._buffer[pos] >> shift
                self._pos = pos + 1
                if r < n:
                    return r
        k = (n - 1).bit_length()
        size, shift = (k + 7) // 8, -k % 8
        while True:
            r = int.from_bytes(self._take(size), "big") >> shift
            if r < n:
                return r

    def shuffle(self, x: Any) -> None:
        """random.Random.shuffle's loop with _randbelow's byte path inlined (the same permutation)."""
        if len(x) > 256:
            super().shuffle(x)
            return
        buf, pos = self._buffer, self._pos
        for i in range(len(x) - 1, 0, -1):
            n, shift = i + 1, _SHIFT_BELOW[i + 1]
            while True:
                if pos >= len(buf):
                    self._pos = pos
                    self._refill(1)
                    buf, pos = self._buffer, 0
                r = buf[pos] >> shift
                pos += 1
                if r < n:
                    break
            x[i], x[r] = x[r], x[i]
        self._pos = pos



_BLAKE = hashlib.blake2b().digest_size
_SHIFT_BELOW = (0, 0, *(8 - (n - 1).bit_length() for n in range(2, 257)))
"""Right shift turning a stream byte into a draw of ``(n - 1).bit_length()`` bits, for n <= 256."""


def _restore(state: tuple[Any, ...]) -> random.Random:
    kind = KeyedRandom3 if state and state[0] == RNG_KEYED2 else KeyedRandom
    rnd: random.Random = kind.__new__(kind)
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
    if version == RNG_KEYED:
        return KeyedRandom(seed, label)
    return KeyedRandom3(seed, label)
