"""The game log: events for the thread, and the last lines kept in the state for the view."""

from __future__ import annotations

from rules.barrage import data
from rules.barrage.state import State
from rules.base import Event

LOG_LINES = 12


def say(st: State, events: list[Event], kind: str, text: str) -> None:
    events.append(Event(kind, text))
    st.log.append(text)
    if len(st.log) > LOG_LINES:
        del st.log[0]


def name(st: State, seat: int) -> str:
    c = st.companies[seat]
    return f"Seat {seat + 1} ({data.COMPANIES[c.company]['name']})" if c.company else f"Seat {seat + 1}"
