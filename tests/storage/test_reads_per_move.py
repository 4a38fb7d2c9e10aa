"""How often the host reads the store for one move: a move reuses what it has just written.

Each read method of the store is wrapped and counted while one human move is submitted (as a button
click does, with its interaction id): the game is read once under its lock, the interaction checked
once, and neither the AI turns that follow nor the caller read the game again."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from host.sessions import Host
from host.store import SqliteStore

READS = ("load_session", "interaction_seen", "actions", "list_sessions", "due_sessions", "user_flag", "user_flags",
         "vacations", "open_lobbies")


class CountingStore:
    """The store with every read counted by method name."""

    def __init__(self, store: SqliteStore) -> None:
        self._store = store
        self.reads: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._store, name)
        if name not in READS:
            return found

        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.reads[name] += 1
            return await found(*args, **kwargs)

        return counted


@pytest.fixture
async def counting(tmp_path):
    store = SqliteStore(tmp_path / "games.db")
    await store.open()
    yield CountingStore(store)
    await store.close()


async def _table(host: Host, ais: int) -> str:
    lobby = await host.create_lobby("alhambra_dice", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann",
                                    seed=11)
    if not ais:
        await host.join(lobby.id, 101, "Bob")
    for _ in range(ais):
        await host.add_ai(lobby.id, 100, "random")
    await host.start(lobby.id, 100)
    return lobby.id


async def _one_move(host: Host, counting: CountingStore, sid: str, interaction_id: int) -> tuple[int, Any]:
    session = await host.get(sid)
    seat = min(session.to_act())
    action = session.game.legal_actions(session.state, seat)[0]
    counting.reads.clear()
    outcome = await host.submit(sid, session.seats[seat].user_id, session.game.encode_action(action),
                                expected_version=session.version, interaction_id=interaction_id)
    return sum(counting.reads.values()), outcome


async def test_a_human_move_reads_the_game_once(counting):
    host = Host(counting)  # type: ignore[arg-type]
    sid = await _table(host, ais=0)
    reads, outcome = await _one_move(host, counting, sid, 9001)
    assert reads == 2, counting.reads  # the game under its lock, the interaction id
    assert outcome.session == await host.get(sid)  # what it kept is what is stored


async def test_a_move_followed_by_ai_turns_reads_the_game_once(counting):
    host = Host(counting)  # type: ignore[arg-type]
    sid = await _table(host, ais=2)
    for interaction_id in range(9002, 9100):  # Ann's moves until her turn ends and the AIs play theirs
        reads, outcome = await _one_move(host, counting, sid, interaction_id)
        if any(step.by_ai for step in outcome.steps):
            break
    assert any(step.by_ai for step in outcome.steps)
    assert reads == 2, counting.reads
    assert outcome.session == await host.get(sid)


async def test_preferences_are_one_query_and_the_clock_tick_decodes_no_state(counting, monkeypatch):
    from host.reminders import PING, QUIET, Reminders

    host = Host(counting)  # type: ignore[arg-type]
    reminders = Reminders(host)
    await counting.set_user_flag(100, PING, "on")
    await counting.set_user_flag(100, QUIET, "22-7")
    counting.reads.clear()
    prefs = await reminders.prefs(100)
    assert prefs.ping and prefs.quiet == (22, 7)
    assert sum(counting.reads.values()) == 1, counting.reads

    lobby = await host.create_lobby("alhambra_dice", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann",
                                    seed=3, time_control="async:1d")
    await host.join(lobby.id, 101, "Bob")
    await host.start(lobby.id, 100)
    decoded: list[str] = []
    decode = Host._decode_state

    async def counted(self: Host, rec: Any) -> Any:
        decoded.append(rec.id)
        return await decode(self, rec)

    monkeypatch.setattr(Host, "_decode_state", counted)
    notices = await reminders.tick(host.clock() + 2 * 86400)  # a turn ping, then the timeout
    assert notices and decoded == []
    assert await reminders.archive_abandoned(host.clock() + 365 * 86400) and decoded == [lobby.id]  # archiving
