"""Region resolution and the round schedule: pure functions of numbers."""

from __future__ import annotations

from collections.abc import Sequence

from rules.imperium.data import RACE_CYCLE, RACE_OPENING, RACE_ROUND_CAP, STANDARD_ROUNDS, STANDARD_SCHEDULE

STANDARD = "standard"
RACE30 = "race30"
VARIANTS = (STANDARD, RACE30)


def weakest(counts: Sequence[int]) -> set[int]:
    """Seats that score nothing: every absent player, or if all are present, those with the fewest."""
    absent = {s for s, c in enumerate(counts) if c <= 0}
    if absent:
        return absent
    low = min(counts)
    return {s for s, c in enumerate(counts) if c == low}


def resolve_region(counts: Sequence[int], row: Sequence[int]) -> list[int]:
    """Points per seat for one region, given each seat's marker count there and the region's row.

    The weakest player(s) score nothing. The others are ranked by markers; a group tied over
    places r..r+k-1 all receive the value of place r+k-1 (two tied take the next lower value,
    three or more the lowest of their group). Places beyond the row score 0.
    """
    points = [0] * len(counts)
    out = weakest(counts)
    ranked = sorted((c for s, c in enumerate(counts) if s not in out), reverse=True)
    value_of: dict[int, int] = {}
    place = 0  # 0-based index of the group's first place
    i = 0
    while i < len(ranked):
        c = ranked[i]
        k = 1
        while i + k < len(ranked) and ranked[i + k] == c:
            k += 1
        last = place + k - 1
        value_of[c] = row[last] if last < len(row) else 0
        place += k
        i += k
    for s, c in enumerate(counts):
        if s not in out:
            points[s] = value_of[c]
    return points


def regions_in_round(variant: str, rnd: int) -> tuple[int, ...]:
    """The region(s) resolved at the end of round ``rnd`` (1-based)."""
    if variant == STANDARD:
        return STANDARD_SCHEDULE[rnd - 1] if 1 <= rnd <= STANDARD_ROUNDS else ()
    if rnd <= len(RACE_OPENING):
        return RACE_OPENING[rnd - 1]
    return RACE_CYCLE[(rnd - len(RACE_OPENING) - 1) % len(RACE_CYCLE)]


def last_round(variant: str) -> int:
    """The round after which the game certainly ends (a race may end earlier, on score)."""
    return STANDARD_ROUNDS if variant == STANDARD else RACE_ROUND_CAP


def player_name(seat: int) -> str:
    """How events name a seat; the front end may substitute display names using ``data``."""
    return f"Player {seat + 1}"
