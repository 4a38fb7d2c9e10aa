"""The host keeps no memory per game ever touched: finished and idle games leave its state cache and its
locks (issue 16, item 18)."""

from __future__ import annotations

import gc

from host.sessions import Host
from tests.league.helpers import finish_game


async def test_finished_games_leave_nothing_behind(host):
    for seed in range(6):
        await finish_game(host, (10 * seed + 1, 10 * seed + 2), seed=seed)
    lobby = await host.create_lobby("imperium", guild_id=1, channel_id=1, creator_id=1, creator_name="a")
    await host.join(lobby.id, 2, "b")
    await host.start(lobby.id, 1)
    await host.abort(lobby.id, 1)
    gc.collect()
    assert len(host._cache) == 0, "finished and aborted games' states are not kept"
    assert len(host._locks) == 0, "no lock is kept for a game nobody is changing"


async def test_the_state_cache_is_bounded_however_many_games_are_open(host):
    small = Host(host.store, cache_size=4)
    ids = []
    for n in range(12):
        lobby = await small.create_lobby("imperium", guild_id=1, channel_id=1, creator_id=n + 1, creator_name="a")
        await small.join(lobby.id, 100 + n, "b")
        ids.append((await small.start(lobby.id, n + 1)).session.id)
    for sid in ids:
        assert (await small.get(sid)).state is not None  # a dropped state is decoded again from its row
    assert len(small._cache) == 4
    assert set(small._cache) == set(ids[-4:]), "the most recently used games are the ones kept"
