"""Plain records the store reads and writes: a session row, a seat, a logged action."""

from __future__ import annotations

import msgspec

from rules.rng import RNG_CURRENT


class SeatInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    """Who sits in a seat: a Discord user (``user_id``) or an AI (``ai`` names it).

    A human who resigned, or whose seat an AI took after a timeout, keeps ``user_id`` (the game and
    the league still know whose seat it was) with ``ai`` set and ``resigned`` true: ranked last."""

    name: str
    user_id: int | None = None
    ai: str | None = None
    resigned: bool = False

    @property
    def is_ai(self) -> bool:
        return self.ai is not None


class SessionRecord(msgspec.Struct, frozen=True):
    """One game as stored. ``state`` is the engine state as JSON (None while in the lobby)."""

    id: str
    game: str
    guild_id: int
    channel_id: int
    creator_id: int
    options: dict[str, str]
    seats: tuple[SeatInfo, ...]
    seed: int
    status: str  # lobby | active | finished | aborted | archived
    version: int
    created_at: float
    updated_at: float
    state: bytes | None = None
    result: bytes | None = None
    thread_id: int | None = None
    message_id: int | None = None
    clock: bytes | None = None
    """The game's time control and seat clocks (host/clock.py GameClock as JSON); None: untimed."""
    clock_due: float | None = None
    """The earliest moment a reminder or timeout may fall due (indexed for the reminder service)."""
    rng: int = RNG_CURRENT
    """The random generator version the game draws with (rules/rng.py): rows stored before the
    keyed stream read 1 (Mersenne Twister), so they replay exactly as they were played."""
    damaged: str | None = None
    """Why the game is damaged (never played on, rated or resumed); None: sound. Read from the row, or
    found by the store when the snapshot does not match its checksum (host/snapshots.py)."""
    snapshot_unchecked: bool = False
    """The snapshot was written under another state schema (or before snapshots were stamped): the
    host checks it against a replay of its log before using it."""
    revision: int = 0
    """Bumped by every write of the session (``version`` counts moves only): a write names the revision
    it read, so none can undo another it did not see (host/store.py)."""


class ActionRecord(msgspec.Struct, frozen=True):
    """One applied action: ``version`` is the session version it produced (1, 2, ...)."""

    session_id: str
    version: int
    seat: int
    action: bytes  # the action as JSON
    interaction_id: int | None
    created_at: float
    undone: bool = False
    """Taken back (host/sessions.py Host.undo): kept in the log, skipped by every replay."""


class UndoRequest(msgspec.Struct, frozen=True):
    """A pending agreed undo: ``user_id`` asks to take back the standing moves from number ``to_move``
    (1-based) on; ``waiting`` are the humans still to confirm before ``deadline``. It holds only while
    the game stays at ``at_version`` (a move made meanwhile voids it)."""

    session_id: str
    user_id: int
    to_move: int
    at_version: int
    waiting: tuple[int, ...]
    deadline: float
    created_at: float
    request_id: str = ""
    """The request's own id, carried by its Confirm / Refuse buttons: an earlier request's button never
    counts for this one ("": stored before requests had ids)."""


OPEN_STATUSES = ("lobby", "active")
ALL_STATUSES = ("lobby", "active", "finished", "aborted", "archived", "damaged")
"""``archived``: an active game whose players all vanished, set aside (never deleted). ``damaged``: a
game whose stored state makes no sense, set aside at start-up (kept with its log, never resumed)."""
