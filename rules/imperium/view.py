"""What each seat may see. Pending choices are shown only to their own chooser."""

from __future__ import annotations

from typing import Any

import msgspec

from rules.base import Seat
from rules.imperium.actions import encode_action, play_from_picks
from rules.imperium.data import MARKERS, REGIONS, ROWS, TARGET
from rules.imperium.determinise import info_state
from rules.imperium.scoring import RACE30, last_round, regions_in_round
from rules.imperium.state import ImperiumState

SCHEDULE_AHEAD = 8
"""How many coming rounds the view lists (a race game's schedule is unbounded)."""


def build_view(state: ImperiumState, viewer: Seat | None) -> dict[str, Any]:
    """A JSON-able dict for ``viewer`` (None = public)."""
    n = state.players
    own = viewer if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < n else None
    final = last_round(state.variant)
    ahead = [
        {"round": r, "regions": list(regions_in_round(state.variant, r))}
        for r in range(state.round + 1, min(final, state.round + SCHEDULE_AHEAD) + 1)
    ]
    view: dict[str, Any] = {
        "game": "imperium",
        "variant": state.variant,
        "seats": n,
        "viewer": own,
        "round": state.round,
        "last_round": final,
        "target": TARGET if state.variant == RACE30 else None,
        "track_max": TARGET,
        "markers_per_player": MARKERS,
        "resolving": [] if state.finished else list(regions_in_round(state.variant, state.round)),
        "schedule": [] if state.finished else ahead,
        "regions": [{"region": r, "row": list(ROWS[r])} for r in REGIONS],
        "players": [
            {
                "seat": s,
                "score": state.scores[s],
                "supply": state.supply[s],
                "markers": list(state.board[s]),
                "has_chosen": bool(state.choices[s]),
            }
            for s in range(n)
        ],
        "to_act": [] if state.finished else [s for s in range(n) if not state.choices[s]],
        "last_reveal": [
            {"seat": s, "picks": list(state.last_reveal[s]), "placed": list(state.last_placed[s])}
            for s in range(len(state.last_reveal))
        ],
        "last_resolution": [
            {"region": r.region, "counts": list(r.counts), "points": list(r.points)}
            for r in state.last_resolution
        ],
        "events": [e.text for e in state.events if e.to is None or (own is not None and own in e.to)],
        "finished": state.finished,
        "result": None,
        # The seat's knowledge as a state with the hidden picks cleared: what an AI plays from.
        "info_state": msgspec.to_builtins(info_state(state, own)),
    }
    if state.finished:
        best = max(state.scores)
        view["result"] = {
            "scores": list(state.scores),
            "ranks": [1 + sum(1 for o in state.scores if o > sc) for sc in state.scores],
            "winners": [s for s in range(n) if state.scores[s] == best],
        }
    if own is not None:
        mine = state.choices[own]
        view["my_choice"] = (
            {"picks": list(mine), "code": encode_action(play_from_picks(mine))} if mine else None
        )
    return view
