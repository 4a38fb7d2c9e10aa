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
    seat's hidden picks for this round, sorted (empty = not chosen yet); it must never reach another
    seat's view. ``last_reveal``/``last_placed`` are public once revealed.

    States returned by ``apply`` may share unchanged lists with their predecessor (that is what
    makes a move cheap), so treat every state as read-only; the engine never edits one it returned.
    """

    players: int
    variant: str
    seed: int
    round: int
    scores: list[int]
    supply: list[int]
    board: list[list[int]]
    choices: list[tuple[int, ...]]
    last_reveal: list[tuple[int, ...]] = []
    last_placed: list[tuple[int, ...]] = []
    last_resolution: list[Resolution] = []
    events: list[Event] = []
    finished: bool = False


def copy_state(s: ImperiumState, choices: list[tuple[int, ...]]) -> ImperiumState:
    """A copy safe to change, holding ``choices`` (a new list): the lists the engine edits in place
    (scores, supply, board rows) are copied; the rest (reveal, resolution, events) are only ever
    replaced wholesale, never edited, so they can be shared."""
    return msgspec.structs.replace(
        s,
        scores=s.scores[:],
        supply=s.supply[:],
        board=[row[:] for row in s.board],
        choices=choices,
    )
