"""Time to the first answer of a crowd of interactions, through the real discord.py client (simcord).

    python bench/bench_interactions.py [--crowd 50] [--modes early,late]

Opens ``--crowd`` Ra games (three players each) through Discord, then sends at once (every
interaction is handed to the bot before any is answered, as when many people click in the same
moment):

1. ``--crowd`` ``/game status`` commands, one by a player of each game (each draws that player's board);
2. ``--crowd`` move clicks, the first button under each game's board (each stores the move, draws and
   posts the next board).

For each, the time from the interaction reaching the bot to its first answer (the interaction
callback: a defer or the reply itself): p50 / p90 / max, how many took over 250 ms and over 3 s (which
Discord turns into "The application did not respond"), and the process's CPU time (plus its child
processes', for a worker pool) besides the wall time.

``--modes`` runs the same crowds with the bot as it is (``early``: answered first) and with
``answer_first`` made a no-op (``late``: each command answers only once its work is done, as before
issue 15), in one run, on fresh bots. Move clicks were already deferred first before issue 15, so
their ``late`` figures are the same path. Figures depend on the machine and its neighbours; compare
the modes of one run.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord
from simcord.http import router

import cogs._common
import cogs._game
import cogs._submit
import cogs.clocks
import cogs.health
import cogs.history
import cogs.league
import cogs.lobby
from bot import create_bot
from tests.ops.helpers import boards, open_game

CALLBACK = re.compile(r"^/interactions/(\d+)/[^/]+/callback$")
LATE = 0.25
TOO_LATE = 3.0

# Every module that imports answer_first by name: the "late" mode patches each.
ANSWERING = (cogs._common, cogs._game, cogs._submit, cogs.lobby, cogs.league, cogs.history, cogs.clocks, cogs.health)



class FirstAnswers:
    """When each interaction reached the bot, and when it was first answered (perf_counter)."""

    def __init__(self) -> None:
        self.sent: dict[int, float] = {}
        self.answered: dict[int, float] = {}

    def seen(self, record: Any) -> None:
        self.sent.setdefault(record.id, time.perf_counter())

    def waits(self, ids: set[int]) -> list[float]:
        return [self.answered.get(i, float("inf")) - self.sent[i] for i in ids]


def cpu() -> float:
    """CPU seconds of this process and its (finished or waited) children, user and system."""
    own = time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + children.ru_utime + children.ru_stime


async def crowd(
    env: Any, answers: FirstAnswers, sends: list[Callable[[], Awaitable[Any]]]
) -> tuple[set[int], float, float]:
    """Hand every interaction to the bot before letting it settle; the ids, wall and CPU seconds."""
    settle = env._settle_internal
    before = set(answers.sent)

    async def later(**_: Any) -> None:  # let the bot run only once the whole crowd is in
        await asyncio.sleep(0)

    env._settle_internal = later
    wall, used = time.perf_counter(), cpu()
    try:
        for send in sends:
            await send()
    finally:
        env._settle_internal = settle
    await env._settle_internal(dispatch="INTERACTION_CREATE")
    return set(answers.sent) - before, time.perf_counter() - wall, cpu() - used


def summary(name: str, waits: list[float], wall: float, used: float) -> str:
    ms = sorted(w * 1000 for w in waits)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    late = sum(w > LATE for w in waits)
    failed = sum(w > TOO_LATE for w in waits)
    return (f"{name:<22} n={len(ms):3d}  first answer p50 {statistics.median(ms):7.1f} ms  p90 {p90:7.1f} ms  "
            f"max {ms[-1]:7.1f} ms  >250 ms: {late:3d}  >3 s: {failed:3d}  wall {wall:6.2f} s  CPU {used:6.2f} s")


async def run(mode: str, games: int) -> list[str]:
    answers = FirstAnswers()
    real_dispatch = router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        match = CALLBACK.match(path)
        if match:
            answers.answered.setdefault(int(match[1]), time.perf_counter())
        return real_dispatch(backend, method, path, **kwargs)

    real_answer_first = cogs._common.answer_first

    async def answer_late(interaction: Any, *, ephemeral: bool = True) -> bool:
        return True

    router.dispatch = dispatch
    if mode == "late":
        for module in ANSWERING:
            module.answer_first = answer_late  # type: ignore[attr-defined]
    folder = tempfile.TemporaryDirectory()
    bot = create_bot(Path(folder.name) / "bench.db", sync_commands="global", clock_tick_seconds=0)
    try:
        async with simcord.run(bot, settle_timeout=600) as env:
            env._register_dispatch_observer(answers.seen)
            tables = [await open_game(env, bot, "ra", [f"a{i}", f"b{i}", f"c{i}"], seed=3 + i) for i in range(games)]
            status = [lambda p=players[0], th=thread: p.slash(th, "game status") for players, thread, _ in tables]
            ids, wall, used = await crowd(env, answers, status)
            lines = [summary(f"{mode}: /game status", answers.waits(ids), wall, used)]

            clicks = []
            for players, thread, sid in tables:
                session = await bot.host.get(sid)
                seat = min(session.to_act())
                board = boards(thread)[-1]
                custom_id = next(c.custom_id for row in board.components for c in row.children
                                 if getattr(c, "custom_id", "").startswith("act:"))
                clicks.append(lambda p=players[seat], b=board, c=custom_id: p.click(b, custom_id=c))
            ids, wall, used = await crowd(env, answers, clicks)
            lines.append(summary(f"{mode}: move click", answers.waits(ids), wall, used))
    finally:
        router.dispatch = real_dispatch
        for module in ANSWERING:
            module.answer_first = real_answer_first  # type: ignore[attr-defined]
        await bot.host.store.close()
        folder.cleanup()
    return lines


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--crowd", type=int, default=50, help="games, and interactions in each crowd")
    parser.add_argument("--modes", default="early,late", help="early (as the bot is), late (no answer_first)")
    args = parser.parse_args()
    lines = []
    for mode in args.modes.split(","):
        lines += await run(mode.strip(), args.crowd)
    print("\n".join(lines))


if __name__ == "__main__":
    asyncio.run(main())
