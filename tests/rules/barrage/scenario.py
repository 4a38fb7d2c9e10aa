"""Builders for exact Barrage positions: start from a real set-up, then place pieces by hand."""

from __future__ import annotations

from typing import Any

from rules.barrage import GAME, construct, data
from rules.barrage.state import State, Task
from rules.base import resolve_options
from rules.rng import RNG_MT


def new_game(players: int = 2, seed: int = 1, **options: str) -> State:
    """A game after set-up (and after the draft, picking the first offers when drafting).

    The base game unless the Nile Affair is asked for (``expansion="nile"``): the base-rule tests
    were written for the base map."""
    if "expansion" not in options and "map" not in options:
        options["map"] = "base"
    # generator 1: the positions these tests build by hand were written against its set-ups
    st = GAME.setup(players, resolve_options(GAME.info, options), seed, rng=RNG_MT)
    while st.phase == "draft":
        seat = min(GAME.to_act(st))
        st, _ = GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])
    return st


def intro(players: int = 2, seed: int = 1) -> State:
    return new_game(players, seed, intro="yes")


def seat_of(st: State, company: str) -> int:
    return next(s for s, c in enumerate(st.companies) if c.company == company)


def clear_map(st: State) -> State:
    """Remove neutral dams and all water, so a test controls the whole river."""
    st.dam_owner.clear()
    st.dam_level.clear()
    st.water.clear()
    st.ledger.pop("drops_in", None)
    st.ledger.pop("drops_out", None)
    return st


def set_officer(st: State, seat: int, officer: str) -> None:
    c = st.companies[seat]
    c.officer = officer
    if officer == "anton_krylov" and "ANTON_SPECIAL" not in c.tiles:
        c.tiles.append("ANTON_SPECIAL")
    if officer == "tommaso_battista" and not c.arch:
        c.eng -= 1
        c.arch = 1


def put(st: State, seat: int, site: str, level: int = 1) -> None:
    """Place a structure for ``seat`` (seat -1 = a neutral dam) without paying anything."""
    m = data.map_data(st.map)
    if site in m.dams:
        st.dam_owner[site] = seat
        st.dam_level[site] = level
        if seat >= 0:
            st.companies[seat].left[0] -= 1
            st.companies[seat].left[1] -= level - 1
    elif site in m.conduits:
        st.conduit_owner[site] = seat
        st.companies[seat].left[2] -= 1
    else:
        st.ph_owner[site] = seat
        st.companies[seat].left[3] -= 1


def turn(st: State, seat: int) -> State:
    """Make it ``seat``'s turn to choose a main action."""
    st.tasks = [Task("turn", seat)]
    st.turn = st.order.index(seat)
    st.phase = "actions"
    return st


def play(st: State, seat: int, *codes: str) -> tuple[State, list[Any]]:
    """Apply actions given by their codes; return the final state and all events."""
    events: list[Any] = []
    for code in codes:
        st, ev = GAME.apply(st, seat, GAME.decode_action(code))
        events += ev
    return st, events


def legal_codes(st: State, seat: int) -> list[str]:
    return [GAME.encode_action(a) for a in GAME.legal_actions(st, seat)]


__all__ = ["clear_map", "construct", "intro", "legal_codes", "new_game", "play", "put", "seat_of",
           "set_officer", "turn"]
