"""The reminder service: what falls due on the game clocks, with each player's preferences.

``Reminders.tick(now)`` finds the games whose clock has something due (an index on
``sessions.clock_due``), decides for every seat whether a "your turn" ping, a reminder point or a
timeout is due, honours vacations (they pause the clock) and quiet hours (they postpone pings and
reminders), stores the updated clock, and only then returns the notices for the front end to
send. So a notice is produced at most once, and a restart loses nothing: deadlines and what was
already sent live in the database.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
from dataclasses import dataclass

from host import clock as clocks
from host.errors import HostError, StaleVersion
from host.records import SessionRecord
from host.sessions import Host, Session

log = logging.getLogger(__name__)

RECHECK = 300.0
"""When something is postponed (quiet hours, vacation), look again after this many seconds."""
ARCHIVE_AFTER_DAYS = 30.0
VACATION_DAYS_PER_SEASON = 14.0

PING = "turn_ping"
QUIET = "quiet_hours"
UTC_OFFSET = "utc_offset"
"""User preference keys (``Store.user_flag``)."""


class PrefsError(HostError, ValueError):
    """A preference that cannot be set. ``str()`` is the English sentence; ``key`` and ``fields`` name
    its message in the catalogue (i18n/locales/<lang>/prefs.toml), so the front end can word it in
    the player's language without reading the English."""


@dataclass(frozen=True)
class Notice:
    """Something to tell players: ``kind`` is "turn" (a ping), "reminder" or "timeout"."""

    kind: str
    session: Session
    seat: int
    user_id: int | None
    deadline: float | None
    turn: int
    left: float = 0.0
    """For a reminder: the time left when it was due (the reminder point)."""


@dataclass(frozen=True)
class Prefs:
    ping: bool = False
    quiet: tuple[int, int] | None = None
    """Quiet hours [start, end) in the user's local time (hours 0-23)."""
    utc_offset: int = 0

    def quiet_until(self, now: float) -> float:
        """When the current quiet hours end (``now`` if not quiet)."""
        t = now
        while self.is_quiet(t):
            t = (t // 3600 + 1) * 3600  # quiet hours end on the hour
        return t

    def is_quiet(self, now: float) -> bool:
        if self.quiet is None:
            return False
        hour = dt.datetime.fromtimestamp(now + self.utc_offset * 3600, tz=dt.UTC).hour
        a, b = self.quiet
        return a <= hour < b if a < b else hour >= a or hour < b


def parse_quiet(text: str) -> tuple[int, int]:
    """'22-7' → (22, 7); PrefsError (a ValueError) with a sentence otherwise."""
    try:
        a, b = (int(x) for x in text.split("-"))
    except ValueError:
        raise PrefsError("Quiet hours look like 22-7 (from 22:00 to 07:00, your local time).",
                         "prefs.error.quiet_format") from None
    if not (0 <= a <= 23 and 0 <= b <= 23) or a == b:
        raise PrefsError("Quiet hours are two different hours between 0 and 23, like 22-7.", "prefs.error.quiet_hours")
    return a, b


class Reminders:
    def __init__(self, host: Host, *, archive_after_days: float = ARCHIVE_AFTER_DAYS,
                 vacation_days: float = VACATION_DAYS_PER_SEASON) -> None:
        self.host = host
        self.store = host.store
        self.archive_after = archive_after_days * clocks.DAY
        self.vacation_days = vacation_days

    # ---------------------------------------------------------------- preferences

    async def prefs(self, user_id: int) -> Prefs:
        flags = await self.store.user_flags(user_id)
        quiet, offset = flags.get(QUIET), flags.get(UTC_OFFSET)
        return Prefs(flags.get(PING) == "on", parse_quiet(quiet) if quiet else None, int(offset) if offset else 0)

    async def vacation_used(self, user_id: int, season_start: float, now: float) -> float:
        """Days of vacation taken (or booked) since ``season_start``."""
        windows = await self.store.vacations(user_id, season_start)
        return sum(max(0.0, b - max(a, season_start)) for a, b in windows) / clocks.DAY

    async def start_vacation(self, user_id: int, days: float, now: float, season_start: float) -> float:
        """Pause the user's clocks from now for ``days``; returns the days left this season.
        PrefsError (a ValueError) with a sentence if that would exceed the season's allowance."""
        if days <= 0:
            raise PrefsError("A vacation lasts at least one day.", "prefs.error.vacation_short")
        if any(a <= now < b for a, b in await self.store.vacations(user_id, now)):
            raise PrefsError("You are already on vacation: end it with /prefs back first.",
                             "prefs.error.vacation_already")
        used = await self.vacation_used(user_id, season_start, now)
        if used + days > self.vacation_days:
            left, allowed = f"{self.vacation_days - used:g}", f"{self.vacation_days:g}"
            raise PrefsError(f"That is too long: {left} of your {allowed} vacation days are left this season.",
                             "prefs.error.vacation_too_long", left=left, allowed=allowed)
        await self.store.add_vacation(user_id, now, now + days * clocks.DAY)
        await self._touch_user(user_id)
        return self.vacation_days - used - days

    async def end_vacation(self, user_id: int, now: float) -> bool:
        changed = await self.store.end_vacation(user_id, now)
        await self._touch_user(user_id)
        return changed > 0

    async def _touch_user(self, user_id: int) -> None:
        """A vacation moves deadlines: make the user's games due now, so the next tick reads their clocks
        again. Only ``clock_due`` is written (the clock itself is unchanged), from the records alone."""
        for rec in await self.store.list_sessions(statuses=("active",)):
            if rec.clock_due is None or not any(seat.user_id == user_id for seat in rec.seats):
                continue
            with contextlib.suppress(StaleVersion):  # the game moved meanwhile: its move set a new due time
                await self.store.update_session(rec.id, rec.version, revision=rec.revision,
                                                clock_due=self.host.clock())

    # ---------------------------------------------------------------- the tick

    async def tick(self, now: float) -> list[Notice]:
        """Everything due at ``now``, already recorded as sent."""
        notices: list[Notice] = []
        for rec in await self.store.due_sessions(now):
            if not self.host.owns(rec.guild_id):
                continue  # another process's shard: it sends these
            async with self.host.lock(rec.id):  # a move or a timeout choice may not interleave
                try:
                    notices += await self._tick_session(rec, now)
                except HostError as exc:  # a damaged or vanished game: the others still get theirs
                    log.error("clock tick skipped game %s: %s", rec.id, exc)
        return notices

    async def _tick_session(self, rec: SessionRecord, now: float) -> list[Notice]:
        if rec.damaged is not None:
            await self.host.get(rec.id)  # sets the game aside, once, and raises DamagedSession
        if rec.status != "active":
            return []
        # The clock and the seats are in the record: no state is decoded. A game written since the
        # record was read is not saved over (revision), and the next tick looks again.
        session = Session(rec, None)
        clock = self.host.clock_of(session)
        out: list[Notice] = []
        wake: list[float] = []
        """When postponed notices (quiet hours, vacations) may be sent."""
        away_windows: dict[int, list[tuple[float, float]]] = {}
        for seat, sc in enumerate(clock.seats):
            if sc.since is None:
                continue
            info = session.seats[seat]
            if info.is_ai or info.user_id is None:
                sc.pinged = True
                continue
            prefs = await self.prefs(info.user_id)
            quiet = prefs.is_quiet(now)
            windows = away_windows[seat] = await self.store.vacations(info.user_id, sc.since)
            away = any(a <= now < b for a, b in windows)
            if away:
                wake.append(min(b for a, b in windows if a <= now < b))
            if quiet:
                wake.append(prefs.quiet_until(now))
            end = clocks.deadline(clock, seat, windows, now)
            if not sc.pinged:
                if not prefs.ping:
                    sc.pinged = True
                elif not (quiet or away):
                    sc.pinged = True
                    out.append(Notice("turn", session, seat, info.user_id, end, sc.turn))
            if end is None or away:
                continue
            for point in clock.control.reminders:
                if point in sc.reminded or now < end - point:
                    continue
                if now >= end:
                    sc.reminded.append(point)  # too late for this one: the timeout says it all
                elif not quiet:
                    sc.reminded.append(point)
                    out.append(Notice("reminder", session, seat, info.user_id, end, sc.turn, left=end - now))
            if now >= end and not sc.timed_out:
                sc.timed_out = True
                clock.log.append(clocks.ClockEvent(now, "timeout", seat))
                out.append(Notice("timeout", session, seat, info.user_id, end, sc.turn))
        due = clocks.next_due(clock, now, away_windows)
        if due is not None and due <= now:
            # postponed by quiet hours or a vacation (which also moves the deadline)
            due = min([w for w in wake if w > now] or [now + RECHECK])
        try:
            await self.host.save_clock(session, clock, due)
        except StaleVersion:
            return []  # the game moved meanwhile: the next tick looks again
        return out

    # ---------------------------------------------------------------- archiving

    async def archive_abandoned(self, now: float) -> list[Session]:
        """Archive active games where no human has moved or chosen for ``archive_after`` seconds."""
        archived = []
        for rec in await self.store.list_sessions(statuses=("active",)):  # the records suffice: no state decoded
            if not self.host.owns(rec.guild_id):
                continue
            clock = self.host.clock_of(Session(rec, None))
            last = clock.last_human or rec.updated_at
            if now - last >= self.archive_after:
                days = self.archive_after / clocks.DAY
                archived.append(await self.host.archive(rec.id, note=f"no human move for {days:g} days"))
        return archived
