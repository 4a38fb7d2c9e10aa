"""What one seat knows of a game of Barrage, and full states sampled from it.

Barrage has no hidden hands. Hidden is only the order of what lies face down: the private contract
piles, the advanced-tile deck (its levels come in order, each shuffled), the external-work deck
(letters in order, each shuffled) and the irrigation tiles covered by the top of their stack. What
those hold is public as a whole (every component not on the table is in them: the public log shows
every contract discarded), so ``knowledge`` writes the state with each of them as a sorted pool and
``determinise`` deals the pools back in a random order, in the same shapes.

One reading: with the Leeghwater Project one random tile of each advanced level and work letter goes
back to the box unseen; the pools carry the tiles left in the decks, so a sample never holds the
boxed tile (at most one tile per deck that a seat could not tell apart from the others).
"""

from __future__ import annotations

import random
from itertools import groupby
from typing import Any

import msgspec

from rules.barrage import data
from rules.barrage.state import State

_HIDDEN = ("piles", "deck_patent", "deck_works", "pile_irrigation", "log", "log_data")


def _runs(deck: list[str], key: Any) -> list[list[str]]:
    """The deck cut into its runs (one per level or letter, in draw order), each sorted."""
    return [sorted(run) for _, run in groupby(deck, key=key)]


def knowledge(st: State, viewer: int | None) -> dict[str, Any]:
    """The state as every seat knows it (nothing is hidden from one seat only), as plain data."""
    out = msgspec.to_builtins(msgspec.structs.replace(st, log=[], log_data=[]))
    for key in _HIDDEN:
        out.pop(key, None)
    out["unseen"] = {
        "piles": [sorted(p) for p in st.piles],
        "patent": _runs(st.deck_patent, lambda t: data.TECH[t]["level"]),
        "works": _runs(st.deck_works, lambda w: data.EXTERNAL_WORKS[w]["deck"]),
        # per irrigation area: each stack's top (seen) and how many lie under it, and the covered tiles
        "irrigation": {
            aid: {"tops": [s[-1] if s else "" for s in stacks], "under": [max(0, len(s) - 1) for s in stacks],
                  "covered": sorted(t for s in stacks for t in s[:-1])}
            for aid, stacks in st.pile_irrigation.items()
        },
    }
    return out


def _shuffled(pool: list[str], rng: random.Random) -> list[str]:
    out = list(pool)
    rng.shuffle(out)
    return out


def determinise(view: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A full state consistent with ``view``: every face-down pile in a random order."""
    known = dict(view["info_state"])
    unseen = known.pop("unseen")
    st = msgspec.convert(known, State)
    st.piles = [_shuffled(p, rng) for p in unseen["piles"]]
    st.deck_patent = [t for run in unseen["patent"] for t in _shuffled(run, rng)]
    st.deck_works = [w for run in unseen["works"] for w in _shuffled(run, rng)]
    irrigation: dict[str, list[list[str]]] = {}
    for aid, area in unseen["irrigation"].items():
        covered = _shuffled(area["covered"], rng)
        stacks = []
        for top, under in zip(area["tops"], area["under"], strict=True):
            stacks.append([covered.pop() for _ in range(under)] + ([top] if top else []))
        irrigation[aid] = stacks
    st.pile_irrigation = irrigation
    return st
