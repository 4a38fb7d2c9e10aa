"""Near-misses of valid input, for the fuzz tests: what a forged code, id or option looks like."""

from __future__ import annotations

import random


def mutate(text: str, rng: random.Random, chars: str) -> str:
    """``text`` cut short, with a character of ``chars`` inserted or replaced, with junk appended, pure
    junk, its dots changed, or a number."""
    r = rng.random()
    if r < 0.2:
        return text[: rng.randrange(len(text) + 1)]
    if r < 0.4:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(chars) + text[i:]
    if r < 0.55 and text:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(chars) + text[i + 1 :]
    if r < 0.7:
        return text + "".join(rng.choice(chars) for _ in range(rng.randint(1, 80)))
    if r < 0.8:
        return "".join(rng.choice(chars) for _ in range(rng.randint(0, 120)))
    if r < 0.9:
        return text.replace(".", rng.choice([":", "..", "", ". "]))
    return str(rng.randint(-(10**12), 10**12))
