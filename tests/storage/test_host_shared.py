"""Two Hosts on one database, as two bot processes sharing a PostgreSQL: each has its own locks, so
only the database's version check orders their moves. A Host whose write loses re-reads the game
and judges the move again on the board as it is now (on both stores)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
import pytest

from host.errors import StaleVersion
from host.sessions import Host
from host.store import SqlStore
from rules.base import NotYourTurn
from rules.imperium import play_from_picks

ANN, BOB = 100, 101


class Interleaved:
    """The store as one process sees it, with another process's move slipped in just before this
    process's ``nth`` write of a move (after it read the game and chose or checked the move)."""

    def __init__(self, store: SqlStore, meanwhile: Callable[[], Awaitable[Any]], nth: int = 1) -> None:
        self._store = store
        self._meanwhile = meanwhile
        self._writes_left = nth

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def commit_action(self, *args: Any, **kwargs: Any) -> None:
        self._writes_left -= 1
        if self._writes_left == 0:
            await self._meanwhile()
        await self._store.commit_action(*args, **kwargs)


async def started(store: SqlStore) -> str:
    host = Host(store)
    s = await host.create_lobby("imperium", guild_id=1, channel_id=10, creator_id=ANN, creator_name="Ann", seed=7)
    await host.join(s.id, BOB, "Bob")
    await host.start(s.id, ANN)
    return s.id


async def check_log(store: SqlStore, sid: str, interactions: list[int | None]) -> None:
    log = await store.actions(sid)
    assert [a.interaction_id for a in log] == interactions
    assert [a.version for a in log] == list(range(1, len(log) + 1))
    host = Host(store)
    assert msgspec.json.encode(await host.replay(sid)) == msgspec.json.encode((await host.get(sid)).state)


async def test_a_move_still_legal_on_the_new_board_is_applied(store):
    sid = await started(store)
    other = Host(store)
    here = Host(Interleaved(store, lambda: other.submit(sid, BOB, play_from_picks([4, 5, 6]), interaction_id=2)))
    outcome = await here.submit(sid, ANN, play_from_picks([1, 2, 3]), interaction_id=1)
    assert not outcome.duplicate and outcome.steps[0].version == 2
    await check_log(store, sid, [2, 1])


async def test_the_same_click_delivered_to_two_processes_is_applied_once(store):
    sid = await started(store)
    other = Host(store)
    here = Host(Interleaved(store, lambda: other.submit(sid, ANN, play_from_picks([1, 2, 3]), interaction_id=9)))
    outcome = await here.submit(sid, ANN, play_from_picks([1, 2, 3]), interaction_id=9)
    assert outcome.duplicate and outcome.steps == ()
    await check_log(store, sid, [9])


async def test_a_move_no_longer_legal_is_refused_with_the_rules_reason(store):
    sid = await started(store)
    other = Host(store)
    here = Host(Interleaved(store, lambda: other.submit(sid, ANN, play_from_picks([7, 8, 9]), interaction_id=3)))
    with pytest.raises(NotYourTurn, match="already chosen"):
        await here.submit(sid, ANN, play_from_picks([1, 2, 3]), interaction_id=4)
    await check_log(store, sid, [3])


async def test_a_button_drawn_for_the_old_board_is_told_the_board_changed(store):
    sid = await started(store)
    other = Host(store)
    here = Host(Interleaved(store, lambda: other.submit(sid, BOB, play_from_picks([4, 5, 6]), interaction_id=5)))
    with pytest.raises(StaleVersion, match="board changed"):
        await here.submit(sid, ANN, play_from_picks([1, 2, 3]), expected_version=0, interaction_id=6)
    await check_log(store, sid, [5])


async def test_an_ai_turn_another_process_played_is_not_played_again(store):
    """Ann's move is stored, then both processes see the AI to act: one stores its move, the other
    finds the game moved on and stops, instead of failing Ann's click after her move was stored."""
    host = Host(store)
    s = await host.create_lobby("imperium", guild_id=1, channel_id=10, creator_id=ANN, creator_name="Ann", seed=3)
    await host.add_ai(s.id, ANN, "random")
    await host.start(s.id, ANN)  # the AI chooses for round 1 at once
    other = Host(store)
    here = Host(Interleaved(store, lambda: other.run_ai(s.id), nth=2))  # before the AI's round-2 choice
    outcome = await here.submit(s.id, ANN, play_from_picks([1, 2, 3]), interaction_id=11)
    assert [step.seat for step in outcome.steps] == [0]  # Ann's move; the AI's was the other's to store
    log = await store.actions(s.id)
    assert [(a.seat, a.interaction_id) for a in log] == [(1, None), (0, 11), (1, None)]
    await check_log(store, s.id, [None, 11, None])
