"""The league on a database shared by two processes: changes never interleave, so the ratings
kept as games finish are exactly those a full replay of the stored rows gives."""

from __future__ import annotations

import asyncio

from host.league import League, Scope
from host.sessions import Host
from host.storage import make_store
from tests.league.helpers import Ticks, finish_game

ALL = Scope(None)


async def test_two_processes_recording_at_once_lose_nothing(store, database):
    deaf = Host(store)  # games finish with no league listening; both processes then record them
    games = [await finish_game(deaf, users, seed=seed)
             for users, seed in (((1, 2, 3, 4), 12), ((1, 2, 5, 6), 7), ((2, 3, 5, 6), 14), ((1, 4, 5, 6), 8),
                                 ((1, 2, 3, 6), 3), ((3, 4, 5, 6), 4))]
    second = make_store(database)
    await second.open()
    try:
        here, there = League(store, clock=Ticks()), League(second, clock=Ticks(1_800_000_030.0))
        recorded = await asyncio.gather(*(league.record(g) for g in games for league in (here, there)))
        assert sorted(recorded) == [False] * len(games) + [True] * len(games)  # each game once
        kept = await here.leaderboard(1, "imperium", ALL)
        assert await there.leaderboard(1, "imperium", ALL) == kept
        assert sum(e.games for e in kept) == 4 * len(games)
        await here.recompute(1)  # replay every stored row from scratch
        assert await here.leaderboard(1, "imperium", ALL) == kept
    finally:
        await second.close()


async def test_a_servers_league_write_leaves_other_servers_free(store, database, backend):
    """League writes lock their own server only: while server 1 records a change, server 2's lock is
    free for another process and server 1's is not (PostgreSQL advisory locks; SQLite runs every write
    transaction one at a time anyway)."""
    if backend != "postgres":
        return
    from host.pgstore import _lock_key

    league = League(store, clock=Ticks())
    await league.open()
    other = make_store(database)
    await other.open()
    try:
        async with league._transaction(1):  # server 1's change in progress, its lock held
            async with other.transaction() as db:
                free = [bool((await db.fetchrow("SELECT pg_try_advisory_xact_lock($1)", _lock_key(name)))[0])
                        for name in ("league:2", "league:1")]
        assert free == [True, False]
    finally:
        await other.close()
