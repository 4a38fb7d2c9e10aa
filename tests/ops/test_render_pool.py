"""Pictures are drawn off the event loop: a slow one never holds up other games.

The tests block a drawing on an event and check what happens meanwhile, so they assert the order
of events, not timings."""

from __future__ import annotations

import asyncio
import threading

import pytest

from render import pool as render_pool
from render.pool import RenderPool
from rules.ra import GAME as RA
from tests.ops.helpers import boards, open_game, play_first_move


async def _until(condition, what: str) -> None:
    for _ in range(2000):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")


async def test_a_slow_picture_leaves_the_loop_and_the_other_thread_free():
    pool = RenderPool(2)
    events: list[str] = []
    release = threading.Event()

    def slow() -> bytes:
        events.append("slow: drawing")
        release.wait(10)
        events.append("slow: drawn")
        return b"png"

    task = asyncio.create_task(pool.run(slow))
    await _until(lambda: "slow: drawing" in events, "the slow picture to start")
    assert pool.pending == 1
    events.append("loop: another coroutine ran")
    assert await pool.run(lambda: "fast") == "fast"
    events.append("fast: drawn")
    release.set()
    assert await task == b"png"
    assert events == ["slow: drawing", "loop: another coroutine ran", "fast: drawn", "slow: drawn"]
    assert pool.pending == 0
    pool.shutdown()


async def test_the_pool_is_bounded_and_counts_its_queue():
    pool = RenderPool(1)
    release = threading.Event()
    first = asyncio.create_task(pool.run(release.wait, 10))
    second = asyncio.create_task(pool.run(lambda: "queued"))
    await _until(lambda: pool.pending == 2, "both pictures to be submitted")
    assert not second.done()  # one thread: the second picture waits behind the first
    release.set()
    assert await first is True and await second == "queued"
    assert pool.pending == 0
    pool.shutdown()


def test_a_pool_needs_a_thread():
    with pytest.raises(ValueError, match="at least one thread"):
        RenderPool(0)


def test_configure_replaces_the_process_pool():
    try:
        assert render_pool.configure(3).threads == 3 and render_pool.pool().threads == 3
    finally:
        render_pool.configure(render_pool.DEFAULT_THREADS)


async def test_a_slow_board_does_not_block_another_game(simcord_env, simcord_bot):
    """Game A's board takes long to draw; meanwhile game B's move is stored, drawn and posted.

    A's drawing (in a render thread) starts B's move on the event loop and waits until B's board is
    in B's thread; if A's picture were drawn on the loop, B could not run and this would time out."""
    env, bot = simcord_env, simcord_bot
    render_pool.configure(2)
    players_a, thread_a, sid_a = await open_game(env, bot, "ra", ["alice", "bob", "carol"], seed=3)
    players_b, thread_b, sid_b = await open_game(env, bot, "ra", ["dora", "emil", "fay"], seed=4)
    loop = asyncio.get_running_loop()
    cog = bot.game_cogs["ra"]
    draw = cog.pictures
    events: list[str] = []
    b_boards = len(boards(thread_b))

    async def move_in_b() -> None:
        session = await bot.host.get(sid_b)
        seat = min(session.to_act())
        code = RA.encode_action(RA.legal_actions(session.state, seat)[0])
        outcome = await bot.host.submit(sid_b, players_b[seat].id, code)
        await cog.announce(await bot.host.get(sid_b), outcome)
        events.append("B: board posted")

    def slow_pictures(session, viewer=None, lang="en"):
        if session.id == sid_a and viewer is None and not events:
            events.append("A: drawing")
            asyncio.run_coroutine_threadsafe(move_in_b(), loop).result(timeout=20)
            events.append("A: drawn")
        return draw(session, viewer, lang=lang)

    cog.pictures = slow_pictures
    a_boards = len(boards(thread_a))
    version = await play_first_move(bot, players_a, thread_a, sid_a)
    assert events == ["A: drawing", "B: board posted", "A: drawn"]
    assert (await bot.host.get(sid_a)).version == version + 1
    assert len(boards(thread_a)) == a_boards + 1 and len(boards(thread_b)) == b_boards + 1
