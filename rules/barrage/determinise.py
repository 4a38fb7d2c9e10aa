"""What one seat knows of a game of Barrage, and full states sampled from it.

Barrage has no hidden hands. Hidden are the face-down piles: the private contract piles, the
advanced-tile deck (levels in order, each shuffled), the external-work deck (letters in order, each
shuffled; with Leeghwater one tile of each goes back to the box unseen) and the irrigation tiles
covered by the top of their stack. ``knowledge`` writes the state with those piles by their sizes
alone (their contents never appear in a view); ``determinise`` deals each pile at random from the
components of its kind that are nowhere on the table.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from rules.barrage import data
from rules.barrage.state import State

_HIDDEN = ("piles", "deck_patent", "deck_works", "pile_irrigation", "log", "log_data", "backs")
"""Not in a view: the piles' order and contents, the log (public, but not needed to play on), and how
often this turn was taken back (a sample counts none; the computer players never take a turn back)."""


def knowledge(st: State, viewer: int | None) -> dict[str, Any]:
    """The state as every seat knows it (nothing is hidden from one seat only), as plain data: the
    face-down piles by their sizes alone (their contents never appear in a view)."""
    out = msgspec.to_builtins(msgspec.structs.replace(st, log=[], log_data=[]))
    for key in _HIDDEN:
        out.pop(key, None)
    out["unseen"] = {
        "piles": [len(p) for p in st.piles],
        "patent": len(st.deck_patent),
        "works": len(st.deck_works),
        # per irrigation area: each stack's top (seen) and how many tiles lie under it
        "irrigation": {aid: {"tops": [s[-1] if s else "" for s in stacks],
                             "under": [max(0, len(s) - 1) for s in stacks]}
                       for aid, stacks in st.pile_irrigation.items()},
    }
    return out


def _deal(runs: list[list[str]], removed: int, left: int, seen: set[str], rng: random.Random) -> list[str]:
    """A deck drawn from the front, in runs (levels, letters) each shuffled and each short of ``removed``
    tiles boxed unseen: ``left`` cards still in it, drawn from the run's components nobody can see."""
    out: list[str] = []
    drawn = sum(len(r) - removed for r in runs) - left
    for run in runs:
        size = len(run) - removed
        here = max(0, size - max(0, drawn))
        drawn -= size
        pool = [t for t in run if t not in seen]
        rng.shuffle(pool)
        out += pool[:here]
    return out


def determinise(view: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A full state consistent with ``view``: every face-down pile dealt at random from the components
    of its kind that are nowhere on the table (a contract discarded earlier may be among them)."""
    known = dict(view["info_state"])
    unseen = known.pop("unseen")
    st = msgspec.convert(known, State)
    nile = st.options.get("expansion") == "nile"
    lwp = st.options.get("leeghwater") == "yes"
    sets = ("base",) + (("leeghwater",) if lwp else ()) + (("nile_affair",) if nile else ())
    held = {x for c in st.companies for x in c.hand + c.done + c.tiles + c.works + c.irr_up + c.irr_down}
    held |= {t for c in st.companies for seg in c.wheel for t in seg}
    seen = held | {x for col in st.display for x in col} | set(st.patent) | set(st.works)
    st.piles = []
    for colour, n in zip(data.PRIVATE_COLOURS, unseen["piles"], strict=False):
        pool = [c for c, d in data.CONTRACTS.items()
                if d["type"] == colour and d.get("expansion", "base") in sets and c not in seen]
        rng.shuffle(pool)
        st.piles.append(pool[:n])
    levels = [list(data.ADVANCED_TILES[lvl]) + (list(data.ADVANCED_LWP[lvl]) if lwp else []) for lvl in (1, 2, 3)]
    st.deck_patent = _deal(levels, 1 if lwp else 0, unseen["patent"], seen, rng) if unseen["patent"] else []
    work_sets = ("leeghwater", "nile_affair") if nile else ("leeghwater",)
    letters = [[w for w, d in data.EXTERNAL_WORKS.items() if d["deck"] == x and d["expansion"] in work_sets]
               for x in ("A", "B", "C")]
    st.deck_works = _deal(letters, 1 if nile else 0, unseen["works"], seen, rng) if unseen["works"] else []
    m = data.map_data(st.map)
    irrigation: dict[str, list[list[str]]] = {}
    for aid, area in unseen["irrigation"].items():
        tops = set(area["tops"])
        pool = [t for t, d in data.IRRIGATION_TILES.items()
                if d["area"] == m.irrigation[aid]["area"] and t not in tops and t not in held]
        rng.shuffle(pool)
        irrigation[aid] = [[pool.pop() for _ in range(under)] + ([top] if top else [])
                           for top, under in zip(area["tops"], area["under"], strict=True)]
    st.pile_irrigation = irrigation
    return st
