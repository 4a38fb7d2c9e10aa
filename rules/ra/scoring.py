"""Ra's scoring rules as pure functions of tile counts (seed: 得点計算), numbers from data/scoring.json."""

from __future__ import annotations

from collections.abc import Sequence

from rules.ra.data import (
    CIV_BY_TYPES,
    CIV_SLICE,
    FLOOD,
    GOD,
    GOD_POINTS,
    GOLD,
    GOLD_POINTS,
    MONUMENT_BY_COPIES,
    MONUMENT_BY_TYPES,
    MONUMENT_SLICE,
    NILE,
    NILE_POINTS,
    PHARAOH,
    PHARAOH_ALL_EQUAL,
    PHARAOH_FEWEST,
    PHARAOH_MOST,
    SUN_ALL_EQUAL,
    SUN_HIGHEST,
    SUN_LOWEST,
)


def most_fewest(values: Sequence[int], most: int, fewest: int, all_equal: int) -> list[int]:
    """Everyone tied at the top gets ``most``, everyone tied at the bottom ``fewest``;
    if all are equal, everyone gets ``all_equal`` (0: "得点のやりとりはありません")."""
    hi, lo = max(values), min(values)
    if hi == lo:
        return [all_equal] * len(values)
    return [most if v == hi else fewest if v == lo else 0 for v in values]


def pharaoh_points(pharaohs: Sequence[int]) -> list[int]:
    return most_fewest(pharaohs, PHARAOH_MOST, PHARAOH_FEWEST, PHARAOH_ALL_EQUAL)


def nile_points(nile: int, flood: int) -> int:
    """One point per Nile and Flood tile, but only with at least one Flood."""
    return (nile + flood) * NILE_POINTS if flood > 0 else 0


def civ_points(counts: Sequence[int]) -> int:
    """By distinct civilisation types held; duplicates add nothing; none at all is -5."""
    return CIV_BY_TYPES[len(counts) - counts.count(0)]  # counts are never negative


_MOST_COPIES = len(MONUMENT_BY_COPIES) - 1


def monument_points(counts: Sequence[int]) -> int:
    """Distinct types (1..6, 10, 15) plus, per type, 3/4/5 copies for 5/10/15."""
    distinct = 0
    copies = 0
    for c in counts:  # one plain loop: the AI and disaster choices call this often
        if c > 0:
            distinct += 1
        copies += MONUMENT_BY_COPIES[c if c < _MOST_COPIES else _MOST_COPIES]
    return MONUMENT_BY_TYPES[distinct] + copies


def sun_points(totals: Sequence[int]) -> list[int]:
    return most_fewest(totals, SUN_HIGHEST, SUN_LOWEST, SUN_ALL_EQUAL)


def epoch_breakdown(
    held: Sequence[Sequence[int]], disks: Sequence[int] | None = None
) -> list[dict[str, int]]:
    """Points per seat by item for one epoch's scoring. ``disks`` (each seat's sun-disk total)
    is given after the third epoch only, which also scores monuments."""
    pharaohs = pharaoh_points([h[PHARAOH] for h in held])
    suns = sun_points(disks) if disks is not None else None
    out: list[dict[str, int]] = []
    for seat, h in enumerate(held):
        gods = h[GOD] * GOD_POINTS
        gold = h[GOLD] * GOLD_POINTS
        pharaoh = pharaohs[seat]
        nile = nile_points(h[NILE], h[FLOOD])
        civs = civ_points(h[CIV_SLICE])
        total = gods + gold + pharaoh + nile + civs
        # one dict literal per seat (the picture and the score line read the items in this order)
        if suns is None:
            out.append({"gods": gods, "gold": gold, "pharaohs": pharaoh, "nile": nile, "civilisations": civs,
                        "total": total})
        else:
            monuments = monument_points(h[MONUMENT_SLICE])
            out.append({"gods": gods, "gold": gold, "pharaohs": pharaoh, "nile": nile, "civilisations": civs,
                        "monuments": monuments, "sun_disks": suns[seat], "total": total + monuments + suns[seat]})
    return out


def apply_change(fame: int, change: int) -> int:
    """The epoch's net change, clamped once at 0 (HOUSE reading of the seed's floor rule)."""
    return max(0, fame + change)
