"""Play-by-post clocks with an injected clock (no sleeping): pings, reminders exactly once at each
point, timeouts and the other players' choices, vacations, quiet hours, resigning, archiving, and
all of it surviving a restart (deadlines are stored, not held in memory)."""

from __future__ import annotations

import pytest

from host import clock as clocks
from host.clock import DAY, HOUR
from host.errors import NotSeated, PermissionDenied, StaleVersion
from host.reminders import PING, QUIET, UTC_OFFSET, Reminders
from host.sessions import Host
from host.store import SqliteStore

T0 = 1_800_000_000.0  # a fixed "now" (2027-01-15 08:00 UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def env(tmp_path):
    t = Clock()
    store = SqliteStore(tmp_path / "games.db")
    await store.open()
    host = Host(store, clock=t)
    yield host, Reminders(host), t, tmp_path / "games.db"
    await store.close()


async def _game(host: Host, control: str = "async:2d", players: int = 3):
    s = await host.create_lobby("imperium", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann",
                                seed=3, time_control=control)
    for i in range(1, players):
        s = await host.join(s.id, 100 + i, f"P{i}")
    out = await host.start(s.id, 100)
    return out.session


def _kinds(notices) -> list[tuple[str, int]]:
    return sorted((n.kind, n.seat) for n in notices)


async def _pick(host: Host, sid: str, user: int) -> None:
    session = await host.get(sid)
    seat = session.seat_of(user)
    action = session.game.legal_actions(session.state, seat)[0]
    await host.submit(sid, user, action)


def test_time_controls_parse_and_refuse_with_reasons() -> None:
    c = clocks.parse("async:3d+1d")
    assert (c.mode, c.per_move, c.increment, c.reminders) == ("async", 3 * DAY, DAY, (DAY, 2 * HOUR))
    assert clocks.parse("live:5m").reminders == (60.0,)
    assert not clocks.parse("none").timed and not clocks.parse(None).timed
    assert clocks.parse("async:3d@1d,6h,1h").reminders == (DAY, 6 * HOUR, HOUR)
    assert clocks.parse("async:1d@2d,1h").reminders == (HOUR,)  # points beyond the allowance are dropped
    for bad, why in (("soon", "not a time control"), ("live:10s", "between 30 seconds"),
                     ("async:1d+2d", "cannot exceed"), ("async:99d", "between"), ("async:1d@x", "not a time")):
        with pytest.raises(clocks.ClockError, match=why):
            clocks.parse(bad)


async def test_reminders_exactly_once_at_each_point_then_timeout(env) -> None:
    host, rem, t, _ = env
    s = await _game(host)
    assert await rem.tick(t.now) == []  # nobody asked to be pinged
    t.now = T0 + DAY - 1
    assert await rem.tick(t.now) == []
    t.now = T0 + DAY  # a day before the 2-day deadline
    assert _kinds(await rem.tick(t.now)) == [("reminder", 0), ("reminder", 1), ("reminder", 2)]
    assert await rem.tick(t.now + 60) == []  # never twice for the same point
    await _pick(host, s.id, 100)  # Ann chooses: her turn is over
    t.now = T0 + 2 * DAY - 2 * HOUR
    assert _kinds(await rem.tick(t.now)) == [("reminder", 1), ("reminder", 2)]
    t.now = T0 + 2 * DAY
    notices = await rem.tick(t.now)
    assert _kinds(notices) == [("timeout", 1), ("timeout", 2)]
    assert all(n.deadline == T0 + 2 * DAY for n in notices)
    assert await rem.tick(t.now + 3600) == []  # one timeout notice per deadline
    log = host.clock_of(await host.get(s.id)).log
    assert [(e.kind, e.seat) for e in log] == [("timeout", 1), ("timeout", 2)]


async def test_turn_ping_for_those_who_ask_it_once_per_turn(env) -> None:
    host, rem, t, _ = env
    await host.store.set_user_flag(101, PING, "on")
    s = await _game(host)
    notices = await rem.tick(t.now)
    assert _kinds(notices) == [("turn", 1)] and notices[0].user_id == 101
    assert await rem.tick(t.now + 10) == []
    # the next round is a new turn: pinged again once
    for user in (100, 101, 102):
        await _pick(host, s.id, user)
    t.now += 60
    assert _kinds(await rem.tick(t.now)) == [("turn", 1)]


async def test_others_choose_wait_ai_turn_or_ai_seat_and_it_is_logged(env) -> None:
    host, rem, t, _ = env
    s = await _game(host, "async:1d")
    t.now = T0 + DAY
    timeouts = await rem.tick(t.now)
    assert _kinds(timeouts) == [("timeout", 0), ("timeout", 1), ("timeout", 2)]
    turn = timeouts[0].turn
    with pytest.raises(PermissionDenied, match="other players"):
        await host.timeout_choice(s.id, 1, turn, "wait", 101)  # not for yourself
    with pytest.raises(NotSeated):
        await host.timeout_choice(s.id, 1, turn, "wait", 999)
    # Ann lets an AI play P1's turn; P2 gets another day; the AI takes Ann's seat for good
    out = await host.timeout_choice(s.id, 1, turn, "turn", 100)
    assert [st.seat for st in out.steps] == [1] and out.steps[0].by_ai
    with pytest.raises(StaleVersion):
        await host.timeout_choice(s.id, 1, turn, "wait", 102)  # already decided
    await host.timeout_choice(s.id, 2, turn, "wait", 100)
    await host.timeout_choice(s.id, 0, turn, "seat", 102)
    session = await host.get(s.id)
    assert session.seats[0].resigned and session.seats[0].ai and session.seats[0].user_id == 100
    with pytest.raises(NotSeated, match="AI plays your seat"):
        await host.submit(s.id, 100, "0")
    log = [(e.kind, e.seat, e.by) for e in host.clock_of(session).log]
    assert ("timeout:turn", 1, 100) in log and ("timeout:wait", 2, 100) in log and ("timeout:seat", 0, 102) in log
    # P2's extra day: no timeout now, one more at the new deadline
    assert await rem.tick(t.now + HOUR) == []
    t.now = T0 + 2 * DAY
    assert _kinds(await rem.tick(t.now)) == [("timeout", 2)]


async def test_everything_survives_a_restart(env) -> None:
    host, rem, t, path = env
    s = await _game(host)
    t.now = T0 + DAY
    assert len(await rem.tick(t.now)) == 3
    await host.store.close()
    store = SqliteStore(path)
    await store.open()
    try:
        host2 = Host(store, clock=t)
        rem2 = Reminders(host2)
        assert await rem2.tick(t.now) == []  # reminders already sent before the restart
        t.now = T0 + 2 * DAY
        assert _kinds(await rem2.tick(t.now)) == [("timeout", 0), ("timeout", 1), ("timeout", 2)]
        assert all(sc.timed_out for sc in host2.clock_of(await host2.get(s.id)).seats)
    finally:
        await store.close()
        await host.store.open()


async def test_vacation_pauses_the_clock_and_is_bounded(env) -> None:
    host, rem, t, _ = env
    s = await _game(host, "async:1d", players=2)
    t.now = T0 + HOUR
    assert await rem.start_vacation(101, 3, t.now, season_start=T0 - DAY) == 11
    t.now = T0 + DAY + HOUR  # Ann's time is up; P1 is away
    assert _kinds(await rem.tick(t.now)) == [("timeout", 0)]
    t.now = T0 + 3 * DAY
    assert await rem.tick(t.now) == []
    # back after 3 days: P1 has the 23 hours it had left when the vacation began
    t.now = T0 + 4 * DAY - 3 * HOUR
    assert await rem.tick(t.now) == []
    t.now = T0 + 4 * DAY - 2 * HOUR
    assert _kinds(await rem.tick(t.now)) == [("reminder", 1)]
    t.now = T0 + 4 * DAY
    assert _kinds(await rem.tick(t.now)) == [("timeout", 1)]
    with pytest.raises(ValueError, match="11 of your 14"):
        await rem.start_vacation(101, 12, t.now, season_start=T0 - DAY)
    assert await rem.start_vacation(101, 11, t.now, season_start=T0 - DAY) == 0
    assert s.id


async def test_ending_a_vacation_early_restores_the_deadline(env) -> None:
    host, rem, t, _ = env
    await _game(host, "async:1d", players=2)
    await rem.start_vacation(101, 5, t.now, season_start=T0)
    t.now = T0 + 2 * HOUR
    assert await rem.end_vacation(101, t.now)
    t.now = T0 + DAY + 2 * HOUR
    assert _kinds(await rem.tick(t.now)) == [("timeout", 0), ("timeout", 1)]
    assert await rem.vacation_used(101, T0, t.now) == pytest.approx(2 / 24)


async def test_quiet_hours_postpone_reminders_until_they_end(env) -> None:
    host, rem, t, _ = env
    # T0 is 08:00 UTC = 17:00 in Tokyo; P1 keeps 16:00-18:00 (Tokyo time) quiet
    await host.store.set_user_flag(101, QUIET, "16-18")
    await host.store.set_user_flag(101, UTC_OFFSET, "9")
    await _game(host, "async:2d", players=2)
    t.now = T0 + DAY  # the one-day-left reminder: 17:00 in Tokyo, quiet for P1
    assert _kinds(await rem.tick(t.now)) == [("reminder", 0)]
    t.now += HOUR - 60
    assert await rem.tick(t.now) == []  # 17:59: still quiet
    t.now += 120  # 18:01: quiet is over, the reminder comes, once
    assert _kinds(await rem.tick(t.now)) == [("reminder", 1)]
    assert await rem.tick(t.now + 60) == []


async def test_resigning_hands_the_seat_to_an_ai_and_the_game_goes_on(env) -> None:
    host = env[0]
    s = await _game(host, "none", players=3)
    out = await host.resign(s.id, 101)
    session = out.session
    assert session.seats[1].resigned and session.seats[1].is_ai
    assert 1 not in session.to_act()  # the AI already chose for the seat
    with pytest.raises(NotSeated):
        await host.resign(s.id, 101)
    # the others finish the game; the AI plays the resigned seat every round
    while (session := await host.get(s.id)).status == "active":
        for user in (100, 102):
            if session.seat_of(user) in session.to_act():
                await _pick(host, s.id, user)
                break
    assert session.status == "finished"


async def test_abandoned_games_are_archived_never_deleted(env) -> None:
    host, rem, t, _ = env
    s = await _game(host, "async:7d+1d", players=2)
    t.now = T0 + 29 * DAY
    assert await rem.archive_abandoned(t.now) == []
    t.now = T0 + 30 * DAY
    archived = await rem.archive_abandoned(t.now)
    assert [a.id for a in archived] == [s.id] and archived[0].status == "archived"
    assert len(await host.store.actions(s.id)) == 0 and (await host.get(s.id)).state is not None
    assert await rem.tick(t.now) == []  # an archived game has no clock running


async def test_a_sharded_process_looks_after_only_its_own_servers_games(env) -> None:
    """Several processes on one database: the clock tick and archiving of a game happen in the process
    whose shards carry its server, so no reminder is ever sent twice."""
    host, rem, t, _ = env
    await _game(host)  # guild 1
    host.owns = lambda guild_id: guild_id != 1  # another process runs guild 1's shard
    t.now = T0 + DAY
    assert await rem.tick(t.now) == []
    assert await rem.archive_abandoned(T0 + 365 * DAY) == []
    host.owns = lambda guild_id: True
    assert _kinds(await rem.tick(t.now)) == [("reminder", 0), ("reminder", 1), ("reminder", 2)]
