"""The host: lobby rules, persistence before announcement, concurrency, idempotency, restart."""

from __future__ import annotations

import asyncio

import msgspec
import pytest

from host.errors import LobbyError, NotSeated, PermissionDenied, SessionClosed, SessionNotFound, StaleVersion
from host.sessions import Host
from host.store import SqliteStore
from rules.base import IllegalAction, InvalidAction, NotYourTurn
from rules.imperium import Play, play_from_picks


async def _lobby(host: Host, players: int = 3, seed: int = 7):
    s = await host.create_lobby("imperium", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann", seed=seed)
    for i in range(1, players):
        s = await host.join(s.id, 100 + i, f"P{i}")
    return s


async def test_lobby_enforces_seat_limits_and_membership(host):
    """Join twice, a sixth seat, leaving when not seated, starting too small: each refused clearly."""
    s = await _lobby(host, players=1)
    with pytest.raises(LobbyError, match="already joined"):
        await host.join(s.id, 100, "Ann")
    with pytest.raises(LobbyError, match="2-5 players"):
        await host.start(s.id, 100)
    for i in range(1, 5):
        await host.join(s.id, 200 + i, f"U{i}")
    with pytest.raises(LobbyError, match="at most 5"):
        await host.join(s.id, 999, "Late")
    with pytest.raises(NotSeated):
        await host.leave(s.id, 999)
    with pytest.raises(PermissionDenied):
        await host.start(s.id, 201)
    assert len((await host.get(s.id)).seats) == 5


async def test_unknown_and_malformed_ids(host):
    for bad in ("nope", "../../etc", "", "x" * 40):
        with pytest.raises(SessionNotFound):
            await host.get(bad)


async def test_action_is_stored_before_return_and_replays(host, tmp_path):
    """Each action is in the log and the snapshot when submit returns; a new host sees it all."""
    s = await _lobby(host)
    await host.start(s.id, 100)
    for seat in range(3):
        await host.submit(s.id, 100 + seat, play_from_picks([1, 2, 3 + seat]))
    after = await host.get(s.id)
    assert after.version == 3
    assert len(await host.store.actions(s.id)) == 3
    fresh = Host(host.store)  # a restarted process: no cache
    reloaded = await fresh.get(s.id)
    assert msgspec.json.encode(reloaded.state) == msgspec.json.encode(after.state)
    assert msgspec.json.encode(await fresh.replay(s.id)) == msgspec.json.encode(after.state)


async def test_rejected_action_changes_nothing(host):
    s = await _lobby(host)
    await host.start(s.id, 100)
    before = await host.get(s.id)
    with pytest.raises(InvalidAction):
        await host.submit(s.id, 100, "p5555")
    with pytest.raises(IllegalAction, match="only one card for region 5"):
        await host.submit(s.id, 100, Play(regions=(5, 5, 5)))
    with pytest.raises(NotSeated):
        await host.submit(s.id, 999, play_from_picks([1, 2, 3]))
    await host.submit(s.id, 100, play_from_picks([1, 2, 3]))
    with pytest.raises(NotYourTurn, match="already chosen"):
        await host.submit(s.id, 100, play_from_picks([4, 5, 6]))
    after = await host.get(s.id)
    assert after.version == before.version + 1
    assert len(await host.store.actions(s.id)) == 1


async def test_concurrent_clicks_on_one_version_apply_once(tmp_path):
    """Many submits racing for the same version: exactly one wins, the rest are told the board changed."""
    store = SqliteStore(tmp_path / "race.db")
    await store.open()
    host = Host(store)
    s = await _lobby(host, players=2)
    await host.start(s.id, 100)
    others = [Host(store) for _ in range(20)]  # separate hosts: no shared in-process lock
    results = await asyncio.gather(
        *(h.submit(s.id, 100, play_from_picks([1, 1, 1]), expected_version=0) for h in others),
        return_exceptions=True,
    )
    wins = [r for r in results if not isinstance(r, BaseException)]
    losses = [r for r in results if isinstance(r, BaseException)]
    assert len(wins) == 1
    assert all(isinstance(e, StaleVersion | NotYourTurn) for e in losses)
    assert len(await store.actions(s.id)) == 1
    await store.close()


async def test_retried_interaction_is_applied_once(host):
    s = await _lobby(host)
    await host.start(s.id, 100)
    first = await host.submit(s.id, 100, play_from_picks([1, 2, 3]), interaction_id=555)
    again = await host.submit(s.id, 100, play_from_picks([1, 2, 3]), interaction_id=555)
    assert not first.duplicate and again.duplicate
    assert len(await host.store.actions(s.id)) == 1


async def test_ai_seats_play_and_game_finishes(host):
    """A table of one human and AIs: the AIs move as soon as they must; the game reaches its result."""
    s = await host.create_lobby("imperium", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann", seed=3)
    s = await host.add_ai(s.id, 100)
    s = await host.add_ai(s.id, 100, "random")
    await host.start(s.id, 100)
    for _ in range(8):
        session = await host.get(s.id)
        assert session.to_act() == {0}  # the AIs have already chosen
        await host.submit(s.id, 100, play_from_picks([9, 9, 8]))
    session = await host.get(s.id)
    assert session.status == "finished"
    assert session.result() is not None
    with pytest.raises(SessionClosed, match="over"):
        await host.submit(s.id, 100, play_from_picks([1, 2, 3]))


async def test_abort_needs_creator_or_manager(host):
    s = await _lobby(host)
    with pytest.raises(PermissionDenied):
        await host.abort(s.id, 101)
    aborted = await host.abort(s.id, 101, is_admin=True)
    assert aborted.status == "aborted"
    with pytest.raises(LobbyError):
        await host.join(s.id, 300, "Late")
    assert [x.id for x in await host.open_sessions()] == []
