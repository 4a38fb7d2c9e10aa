"""The Imperium game state: small lists of integers, cheap to copy."""

from __future__ import annotations

import msgspec

from rules.base import Event


class Resolution(msgspec.Struct, frozen=True):
    """How one region was resolved: markers and points per seat."""

    region: int
    counts: list[int]
    points: list[int]


class ImperiumState(msgspec.Struct):
    """Everything about a game in progress.

    ``board[seat][region - 1]`` counts a seat's markers in a region. ``choices[seat]`` is the
    seat's hidden pick multiset for this round (empty = not chosen yet); it must never reach another
    seat's view. ``last_reveal``/``last_placed`` are public once revealed.
    """

    players: int
    variant: str
    seed: int
    round: int
    scores: list[int]
    supply: list[int]
    board: list[list[int]]
    choices: list[list[int]]
    last_reveal: list[list[int]] = []
    last_placed: list[list[int]] = []
    last_resolution: list[Resolution] = []
    events: list[Event] = []
    finished: bool = False


def copy_state(s: ImperiumState) -> ImperiumState:
    """A copy safe to change: the lists the engine edits in place are copied; the rest
    (reveal, resolution, events) are only ever replaced wholesale, so they can be shared."""
    return ImperiumState(
        players=s.players,
        variant=s.variant,
        seed=s.seed,
        round=s.round,
        scores=s.scores[:],
        supply=s.supply[:],
        board=[row[:] for row in s.board],
        choices=[c[:] for c in s.choices],
        last_reveal=s.last_reveal,
        last_placed=s.last_placed,
        last_resolution=s.last_resolution,
        events=s.events,
        finished=s.finished,
    )
