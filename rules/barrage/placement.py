"""Putting engineers on an action space: shared by the engine and the expansions' own actions."""

from __future__ import annotations

from rules.barrage import choices, supply
from rules.barrage.state import State


def occupy(st: State, seat: int, space: str, n: int, arch: bool) -> None:
    """Put engineers on a space (``n`` only for any-number spaces) and pay its extra credits."""
    c = st.companies[seat]
    row = choices.space_row(space)
    assert row is not None
    _, need, anyn, private, extra, act, _officer = row
    n = n if anyn else need
    if arch:
        c.arch -= 1
        c.eng -= n - 1
        if n == 1 and not anyn:
            st.extra = True
    else:
        c.eng -= n
    c.placed += n
    if private:
        c.used.append(space)
    elif not anyn:
        st.used[space] = seat
    else:  # the bank: shared, so the view shows who put how many there
        st.bank = st.bank or [0] * st.players
        st.bank[seat] += n
    if "building" in act:
        c.used.append(act["building"])  # each building once per round per company
    supply.pay(st, seat, "credit", extra)
