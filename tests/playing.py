"""Playing a stored game to its end through the host, as its human players would (test helper)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.sessions import Host, Session


async def play_to_end(host: Host, sid: str, choose: Callable[[Session, int], Any]) -> Session:
    """The humans move (``choose(session, seat)``: an action or its code) until the game is over; AI
    seats play inside each submit. Fails if the game outlasts its game's bound on actions."""
    session = await host.get(sid)
    for _ in range(session.game.info.max_actions):
        if session.status != "active":
            return session
        seat = min(s for s in session.to_act() if not session.seats[s].is_ai)
        await host.submit(sid, session.seats[seat].user_id or 0, choose(session, seat))
        session = await host.get(sid)
    raise AssertionError(f"{session.record.game} game {sid} did not end within its bound on actions")
