"""The game log: events for the thread, and the last lines kept in the state for the view.

Every line carries, besides its English text, the data a front end needs to phrase it in another
language: ``msg`` names the message, the other fields are ids and numbers (``seat`` is 0-based).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.barrage import data
from rules.barrage.state import State
from rules.base import Event

LOG_LINES = 12


class Line(NamedTuple):
    """A log line computed away from the event list (the scorings): its text and its event data."""

    text: str
    data: dict[str, Any]


def line(text: str, msg: str, **fields: Any) -> Line:
    return Line(text, {"msg": msg, **fields})


_PLACES = frozenset({"site", "dam", "conduit", "powerhouse"})
"""Event fields that name a place on the map: such events also carry the map (conduit values differ)."""


def say(st: State, events: list[Event], kind: str, text: str, msg: str = "", **fields: Any) -> None:
    if msg and _PLACES & fields.keys():
        fields["map"] = st.map
    _record(st, events, Event(kind, text, data={"msg": msg, **fields} if msg else {}))


def say_line(st: State, events: list[Event], kind: str, ln: Line) -> None:
    _record(st, events, Event(kind, ln.text, data=dict(ln.data)))


def _record(st: State, events: list[Event], event: Event) -> None:
    events.append(event)
    st.log.append(event.text)
    st.log_data.append({"kind": event.kind, "data": event.data})
    if len(st.log) > LOG_LINES:
        del st.log[0]
        del st.log_data[0]


def name(st: State, seat: int) -> str:
    c = st.companies[seat]
    return f"Player {seat + 1} ({data.COMPANIES[c.company]['name']})" if c.company else f"Player {seat + 1}"


def who(st: State, seat: int) -> dict[str, Any]:
    """The event data naming a company the way ``name`` does: its seat and company id."""
    return {"seat": seat, "company": st.companies[seat].company}
