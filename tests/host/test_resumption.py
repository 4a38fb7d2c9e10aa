"""At start-up each game is resumed on its own: a stored game that decodes but makes no sense is set
aside as damaged, logged once, and never stops the games after it (issue 16, item 11)."""

from __future__ import annotations

import logging

import msgspec
import pytest

from host.errors import DamagedSession
from host.sessions import Host


async def ra_with_ai_to_act(host: Host, creator: int, *, turn: int | None = None) -> str:
    """A Ra game of a human and two AIs, stored as a crash would leave it: an AI (or ``turn``) to act."""
    s = await host.create_lobby("ra", guild_id=1, channel_id=10, creator_id=creator, creator_name="Ann", seed=creator)
    await host.add_ai(s.id, creator)
    await host.add_ai(s.id, creator)
    s = (await host.start(s.id, creator)).session
    state = msgspec.structs.replace(s.state, turn=1 if turn is None else turn)
    await host.store.update_session(s.id, s.version, state=msgspec.json.encode(state))
    return s.id


async def test_one_senseless_game_is_set_aside_and_the_others_are_resumed(host, caplog):
    before = await ra_with_ai_to_act(host, 1)
    broken = await ra_with_ai_to_act(host, 2, turn=7)  # a turn beyond its three seats
    after = await ra_with_ai_to_act(host, 3)

    restarted = Host(host.store)
    with caplog.at_level(logging.ERROR, logger="host.sessions"):
        outcomes = await restarted.load_open()
    assert {o.session.id for o in outcomes} == {before, after}
    assert all(o.steps for o in outcomes), "the AI turns the crash left pending were played"
    rec = await restarted.store.load_session(broken)
    assert rec.status == "damaged" and "resuming it failed" in rec.damaged
    assert [r.getMessage() for r in caplog.records if broken in r.getMessage()] != []

    caplog.clear()
    with caplog.at_level(logging.ERROR, logger="host.sessions"):
        await Host(host.store).load_open()  # the next restart: not tried, not logged again
    assert [r for r in caplog.records if broken in r.getMessage()] == []
    with pytest.raises(DamagedSession, match="damaged"):
        await restarted.submit(broken, 2, "x")


async def test_the_ready_count_reads_records_only_and_matches_the_open_games(host, monkeypatch):
    await ra_with_ai_to_act(host, 1)
    await host.create_lobby("imperium", guild_id=1, channel_id=10, creator_id=9, creator_name="Lobby")
    expected = len(await host.open_sessions())

    async def no_decoding(rec):  # count_open must not decode a state (a restart counts 10,000 games)
        raise AssertionError("a state was decoded")

    monkeypatch.setattr(host, "_decode_state", no_decoding)
    assert await host.count_open() == expected == 2
