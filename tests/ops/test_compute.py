"""The compute tier (host/compute.py): CPU work in worker processes that are replaced when they die
or run late, with the caller's fallback taking over; AI moves and pictures through it.

No timings are asserted: the deadlines below only decide which branch is taken (a task sleeping
far longer than its deadline is late however loaded the machine is)."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from pathlib import Path

import msgspec
import pytest

from cogs.health import health_snapshot
from host import tasks
from host.compute import ComputeFailed, ComputePool
from host.sessions import Host
from host.store import SqliteStore
from rules import GAMES
from rules.ai import ais_for
from tests.ops.helpers import boards, open_game, play_first_move


def sleepy(seconds: float, mark: str = "") -> float:
    """A deliberately slow task; writes its process id to ``mark`` once it runs."""
    if mark:
        Path(mark).write_text(str(os.getpid()))
    time.sleep(seconds)
    return seconds


def twice(x: int) -> int:
    return 2 * x


@pytest.fixture(scope="module")
def pool():
    made = ComputePool(2)
    yield made
    made.close()


async def _file(path: Path) -> str:
    for _ in range(6000):  # the worker may start slowly on a busy machine; this bounds a hang, it times nothing
        if path.exists() and path.read_text():
            return path.read_text()
        await asyncio.sleep(0.01)
    raise AssertionError(f"{path} never written")


async def test_a_killed_worker_is_replaced_and_the_caller_told(pool, tmp_path, caplog):
    mark = tmp_path / "pid"
    task = asyncio.create_task(pool.run(sleepy, 60, str(mark)))
    pid = int(await _file(mark))
    os.kill(pid, signal.SIGKILL)
    with caplog.at_level(logging.ERROR), pytest.raises(ComputeFailed) as failed:
        await task
    assert failed.value.kind == "died" and failed.value.task == "sleepy"
    assert "died" in caplog.text
    assert await pool.run(twice, 21) == 42  # a new worker took its place
    assert pid not in pool.worker_pids()
    assert pool.pending == 0


async def test_a_late_task_is_killed_and_the_caller_falls_back(pool, caplog):
    with caplog.at_level(logging.ERROR), pytest.raises(ComputeFailed) as failed:
        await pool.run(sleepy, 60, deadline=0.5)
    assert failed.value.kind == "late"
    assert "deadline" in caplog.text
    assert pool.counts["late"] >= 1
    assert await pool.run(twice, 4) == 8


async def test_a_task_that_raises_gives_its_own_error(pool):
    with pytest.raises(ZeroDivisionError):
        await pool.run(divmod, 1, 0)
    assert await pool.run(twice, 1) == 2


def test_a_pool_needs_a_worker():
    with pytest.raises(ValueError, match="1 to"):
        ComputePool(0)


async def test_an_ai_move_in_a_worker_is_the_inline_move(pool):
    """The same seed string gives the same decision in a worker as on the loop, for every game."""
    for name, players in (("ra", 3), ("imperium", 3), ("alhambra_dice", 2), ("barrage", 2)):
        game = GAMES[name]
        state = game.setup(players, {}, 11)
        for ai_name, player in ais_for(name).items():
            for version in range(3):
                seat = min(game.to_act(state))
                inline = player.choose(game, state, seat, tasks.ai_rng(11, version, seat))
                pooled = await pool.run(tasks.choose_action, name, msgspec.json.encode(state), seat, ai_name, 11,
                                        version)
                assert msgspec.json.decode(pooled, type=game.action_type) == inline, (name, ai_name)
                state, _ = game.apply(state, seat, inline)


async def _ai_game(store: SqliteStore, compute: ComputePool | None) -> list[tuple[int, bytes]]:
    host = Host(store, compute=compute, seed_source=lambda: 5)
    lobby = await host.create_lobby("ra", guild_id=1, channel_id=2, creator_id=10, creator_name="Ann")
    await host.add_ai(lobby.id, 10)
    await host.add_ai(lobby.id, 10)
    outcome = await host.start(lobby.id, 10)
    for _ in range(6):  # the human plays her first legal move; the AIs answer
        session = outcome.session
        if 0 not in session.to_act():
            break
        outcome = await host.submit(lobby.id, 10, session.game.legal_actions(session.state, 0)[0])
    return [(a.seat, a.action) for a in await store.actions(lobby.id)]


async def test_a_host_with_a_pool_plays_the_same_game_as_without(pool, tmp_path):
    logs = []
    for i, compute in enumerate((None, pool)):
        store = SqliteStore(tmp_path / f"{i}.db")
        await store.open()
        try:
            logs.append(await _ai_game(store, compute))
        finally:
            await store.close()
    assert len(logs[0]) > 6 and logs[0] == logs[1]


class _LatePool:
    """A pool whose every task is late (what a stuck worker looks like to the caller)."""

    workers = 1

    async def run(self, fn, *args, deadline=0.0):
        raise ComputeFailed("late", task=fn.__name__, kind="late")


async def test_a_late_ai_decision_gets_the_simple_ais_move(tmp_path, caplog):
    store = SqliteStore(tmp_path / "late.db")
    await store.open()
    try:
        host = Host(store, compute=_LatePool(), seed_source=lambda: 9)  # type: ignore[arg-type]
        lobby = await host.create_lobby("ra", guild_id=1, channel_id=2, creator_id=10, creator_name="Ann")
        await host.add_ai(lobby.id, 10)
        await host.add_ai(lobby.id, 10)
        with caplog.at_level(logging.ERROR):
            started = await host.start(lobby.id, 10)
            session = started.session
            human = min(session.game.to_act(session.state))
            assert human == 0, "the AIs before the creator have moved"
            outcome = await host.submit(lobby.id, 10, session.game.legal_actions(session.state, 0)[0])
        assert outcome.steps[1:], "the AIs moved"
        game = GAMES["ra"]
        # From the first state: the AIs seated before the creator moved when the game started.
        state = game.setup(3, session.record.options, session.record.seed, session.record.rng)
        for step in [*started.steps, *outcome.steps]:
            if step.by_ai:
                expected = tasks.simple_action("ra", state, step.seat, 9, step.version - 1)
                assert step.action == expected
            state, _ = game.apply(state, step.seat, step.action)
        assert "the simple AI plays" in caplog.text
    finally:
        await store.close()


async def test_a_board_no_worker_can_draw_is_posted_as_text(simcord_env, simcord_bot, caplog):
    """Two failed attempts: the board goes up without a picture, with its buttons; the game is not stuck."""
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_game(env, bot, "ra", ["alice", "bob", "carol"], seed=3)
    bot.compute = _LatePool()
    before = len(thread.history())
    with caplog.at_level(logging.WARNING):
        version = await play_first_move(bot, players, thread, sid)
    assert (await bot.host.get(sid)).version == version + 1
    newest = thread.history()[-1]
    assert len(thread.history()) > before and not newest.attachments and newest.components
    assert "attempt 2 failed" in caplog.text and "going on without the picture" in caplog.text


async def test_a_board_is_drawn_again_once_when_its_worker_dies(simcord_env, simcord_bot, pool):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_game(env, bot, "ra", ["alice", "bob", "carol"], seed=4)
    calls: list[str] = []

    class DiesOnce:
        workers = pool.workers

        async def run(self, fn, *args, deadline=0.0):
            calls.append(fn.__name__)
            if len(calls) == 1:
                raise ComputeFailed("died", task=fn.__name__, kind="died")
            return await pool.run(fn, *args, deadline=deadline)

    bot.compute = DiesOnce()
    count = len(boards(thread))
    await play_first_move(bot, players, thread, sid)
    assert calls[:2] == ["board_pictures", "board_pictures"]
    assert len(boards(thread)) == count + 1 and boards(thread)[-1].attachments[0].filename.endswith(".png")


async def test_health_counts_the_pictures_waiting_for_a_worker(simcord_env, simcord_bot, tmp_path):
    bot = simcord_bot
    one = ComputePool(1)
    try:
        bot.compute = one
        mark = tmp_path / "busy"
        busy = asyncio.create_task(one.run(sleepy, 60, str(mark)))
        await _file(mark)
        view = GAMES["ra"].view(GAMES["ra"].setup(3, {}, 1), None)
        queued = asyncio.create_task(one.run(tasks.board_pictures, "ra", view, None, "en"))
        for _ in range(100):
            await asyncio.sleep(0)
        data = await health_snapshot(bot)
        assert data["render"] == {"threads": 1, "pending": 1}  # the queued board; the sleeper is no picture
        assert data["compute"]["pending"] == 2
        busy.cancel()
        pictures = await queued
        assert pictures[0][1][:8] == b"\x89PNG\r\n\x1a\n"
        assert (await health_snapshot(bot))["render"]["pending"] == 0
    finally:
        one.close()
