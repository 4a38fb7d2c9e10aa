"""Time controls for live and play-by-post games: allowances, reserves, deadlines and reminder points.

Pure bookkeeping: no Discord, no database, no reading of the wall clock (``now`` is always passed
in, so tests inject time and never sleep). The host stores a ``GameClock`` with every session and
advances it in the same transaction as each move; the reminder service (host/reminders.py) asks it
what falls due.

A turn's allowance is ``per_move``; time a player does not use is lost, but every move adds
``increment`` to the player's reserve (up to ``reserve_cap``), which is spent once the allowance
is gone. So ``async:3d+1d`` means three days a move plus a reserve that grows a day a move.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

import msgspec

from host.errors import HostError

MINUTE, HOUR, DAY = 60.0, 3600.0, 86400.0
_UNITS = {"s": 1.0, "m": MINUTE, "h": HOUR, "d": DAY}


class ClockError(HostError, ValueError):
    """A time control that cannot be read; the message says what is allowed."""


class TimeControl(msgspec.Struct, frozen=True, omit_defaults=True):
    """How much time a player has: ``mode`` is "none", "live" or "async"."""

    mode: str = "none"
    per_move: float = 0.0
    increment: float = 0.0
    reserve_cap: float = 0.0
    reminders: tuple[float, ...] = ()
    """Seconds before the deadline at which the player is reminded (each once a turn)."""

    @property
    def timed(self) -> bool:
        return self.mode != "none" and self.per_move > 0

    def label(self) -> str:
        if not self.timed:
            return "no time limit"
        text = f"{self.mode} · {span(self.per_move)} a move"
        if self.increment:
            text += f" + {span(self.increment)} reserve a move"
        return text


PRESETS: dict[str, str] = {
    "none": "No time limit",
    "live:2m": "Live: 2 minutes a move",
    "live:5m+1m": "Live: 5 minutes a move (+1 minute reserve)",
    "async:1d": "By post: 1 day a move",
    "async:2d+12h": "By post: 2 days a move (+12 h reserve)",
    "async:3d+1d": "By post: 3 days a move (+1 day reserve)",
    "async:7d+1d": "By post: 7 days a move (+1 day reserve)",
}
"""Choices offered in the lobby (any string ``parse`` accepts works too)."""

_SPEC = re.compile(r"(live|async):(\d{1,3})([smhd])(?:\+(\d{1,3})([smhd]))?(?:@([0-9smhd,]{1,40}))?")
_POINT = re.compile(r"(\d{1,3})([smhd])")
RESERVE_CAP_MOVES = 3
"""The reserve holds at most this many allowances."""


def default_reminders(mode: str, per_move: float) -> tuple[float, ...]:
    """Live: a minute before; by post: a day and two hours before (those that fit in the allowance)."""
    points = (MINUTE,) if mode == "live" else (DAY, 2 * HOUR)
    return tuple(p for p in points if p < per_move)


def parse(text: str | None, reminders: Sequence[float] | None = None) -> TimeControl:
    """``none``, ``live:5m``, ``async:3d+1d``, ``async:3d@1d,6h,1h`` (units s, m, h, d; after ``@`` the
    reminder points before the deadline) → a TimeControl; ClockError if not."""
    text = (text or "none").strip().lower()
    if text in ("", "none", "off"):
        return TimeControl()
    m = _SPEC.fullmatch(text)
    if m is None:
        raise ClockError(f"'{text[:40]}' is not a time control: use none, live:5m, async:3d, async:3d+1d "
                         "or async:3d@1d,2h (with reminder points).", key="lobby.clock.unreadable", text=text[:40])
    mode, n, unit, inc, inc_unit, points_text = m.groups()
    if points_text:
        found = [_POINT.fullmatch(p) for p in points_text.split(",")]
        if not all(found):
            raise ClockError("Reminder points look like @1d,6h,1h (before the deadline).", key="lobby.clock.points")
        reminders = [int(f[1]) * _UNITS[f[2]] for f in found if f]
    per_move = int(n) * _UNITS[unit]
    increment = int(inc) * _UNITS[inc_unit] if inc else 0.0
    if per_move < 30 or per_move > 30 * DAY:
        raise ClockError("A move's allowance must be between 30 seconds and 30 days.", key="lobby.clock.allowance")
    if increment > per_move:
        raise ClockError("The reserve added per move cannot exceed the allowance per move.",
                         key="lobby.clock.reserve")
    points = tuple(sorted((p for p in (reminders or default_reminders(mode, per_move)) if 0 < p < per_move),
                          reverse=True))
    return TimeControl(mode, per_move, increment, RESERVE_CAP_MOVES * increment, points)


def span(seconds: float) -> str:
    """A short human duration with its two largest units: '3d', '2d 4h', '5m 10s', '0s'."""
    rest = max(0, int(seconds))
    parts = []
    for unit, size in (("d", DAY), ("h", HOUR), ("m", MINUTE), ("s", 1.0)):
        n, rest = divmod(rest, int(size))
        if n or parts:
            parts.append(f"{n}{unit}" if n else "")
    shown = [p for p in parts[:2] if p]
    return " ".join(shown) or "0s"


class SeatClock(msgspec.Struct, omit_defaults=True):
    """One seat's clock. ``since`` is when its current turn began (None when it is not to act)."""

    since: float | None = None
    turn: int = 0
    """Counts the seat's turns: reminders and timeout choices name the turn they belong to."""
    reserve: float = 0.0
    extra: float = 0.0
    """Time granted this turn by the other players choosing to wait."""
    reminded: list[float] = []
    pinged: bool = False
    timed_out: bool = False


class ClockEvent(msgspec.Struct, omit_defaults=True):
    """A logged clock decision: a timeout, what the others chose, a resignation, an archive."""

    at: float
    kind: str
    seat: int = -1
    by: int | None = None
    note: str = ""


class GameClock(msgspec.Struct, omit_defaults=True):
    control: TimeControl = TimeControl()
    seats: list[SeatClock] = []
    last_human: float = 0.0
    """When a human last moved or chose (games whose players all vanished are archived)."""
    log: list[ClockEvent] = []


def start(control: TimeControl, players: int, to_act: Iterable[int], now: float) -> GameClock:
    clock = GameClock(control, [SeatClock() for _ in range(players)], last_human=now)
    for seat in to_act:
        clock.seats[seat].since = now
    return clock


def paused(windows: Sequence[tuple[float, float]], since: float, now: float) -> float:
    """Seconds of [since, now] covered by vacation windows (they pause the player's clock)."""
    total = 0.0
    for a, b in windows:
        total += max(0.0, min(b, now) - max(a, since))
    return total


def deadline(
    clock: GameClock, seat: int, windows: Sequence[tuple[float, float]] = (), now: float = 0.0
) -> float | None:
    """When the seat's time runs out (None: untimed or not its turn). Vacation time up to ``now``
    is added; an ongoing vacation keeps pushing the deadline."""
    sc = clock.seats[seat]
    ctl = clock.control
    if not ctl.timed or sc.since is None:
        return None
    return sc.since + ctl.per_move + sc.reserve + sc.extra + paused(windows, sc.since, max(now, sc.since))


def after_move(
    clock: GameClock, before: frozenset[int], after: frozenset[int], now: float, *, human: bool,
    ended: frozenset[int] = frozenset(),
) -> GameClock:
    """The clock after a move: seats whose turn ended are charged and credited their increment,
    seats whose turn begins start counting. A seat still to act keeps counting (the steps of one
    turn), unless its turn is in ``ended`` (in simultaneous games every choice is a whole turn)."""
    clock = msgspec.structs.replace(clock, seats=[msgspec.structs.replace(s) for s in clock.seats])
    ctl = clock.control
    for seat in (before - after) | (ended & before):
        sc = clock.seats[seat]
        if sc.since is not None and ctl.timed:
            over = max(0.0, (now - sc.since) - ctl.per_move - sc.extra)
            sc.reserve = min(ctl.reserve_cap, max(0.0, sc.reserve - over) + ctl.increment)
        clock.seats[seat] = SeatClock(reserve=sc.reserve, turn=sc.turn + 1)
    for seat in (after - before) | (ended & after):
        clock.seats[seat].since = now
    if human:
        clock.last_human = now
    return clock


def next_due(
    clock: GameClock, now: float, windows: Mapping[int, Sequence[tuple[float, float]]] | None = None
) -> float | None:
    """The earliest moment something may fall due (a ping, a reminder point or a timeout), given
    each seat's vacation ``windows`` if known. Quiet hours and unknown vacations only postpone: the
    reminder service re-checks then and stores a later time."""
    times: list[float] = []
    for seat, sc in enumerate(clock.seats):
        if sc.since is not None and not sc.pinged:
            times.append(sc.since)  # "your turn" ping (for those who asked for it)
        end = deadline(clock, seat, (windows or {}).get(seat, ()), now)
        if end is None:
            continue
        times += [end - p for p in clock.control.reminders if p not in sc.reminded]
        if not sc.timed_out:
            times.append(end)
    return min(times) if times else None
