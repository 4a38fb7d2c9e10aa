"""Builders for exact Imperium positions (in the spirit of a FEN string)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from rules.base import Event, to_json
from rules.imperium import GAME, ImperiumState, play_from_picks

MARKERS = 14


def position(
    players: int = 3,
    *,
    round: int = 1,
    variant: str = "standard",
    scores: Sequence[int] | None = None,
    board: dict[int, dict[int, int]] | None = None,
    supply: dict[int, int] | None = None,
) -> ImperiumState:
    """A state at the start of ``round``; ``board[seat][region]`` markers already placed.

    A seat's supply defaults to 14 minus its markers on the board; ``supply`` overrides it (the
    difference stands for markers lost to nothing, so only use it with conservation in mind).
    """
    state = GAME.setup(players, {"variant": variant}, 0)
    state.round = round
    if scores is not None:
        state.scores = list(scores)
    for seat, regions in (board or {}).items():
        for region, count in regions.items():
            state.board[seat][region - 1] = count
    for seat in range(players):
        state.supply[seat] = MARKERS - sum(state.board[seat])
    for seat, value in (supply or {}).items():
        state.supply[seat] = value
    return state


def play_round(
    state: ImperiumState, picks_by_seat: Sequence[Sequence[int]]
) -> tuple[ImperiumState, list[Event]]:
    """Every seat plays its picks (seat order); returns the state after the reveal and all events."""
    events: list[Event] = []
    for seat, chosen in enumerate(picks_by_seat):
        state, evs = GAME.apply(state, seat, play_from_picks(chosen))
        events += evs
    return state, events


def snapshot(state: ImperiumState) -> bytes:
    return to_json(state)


def kinds(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def copy(state: ImperiumState) -> ImperiumState:
    return msgspec.json.decode(to_json(state), type=ImperiumState)
