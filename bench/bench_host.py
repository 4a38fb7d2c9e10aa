"""Time one move through the host as the bot makes it: apply + store (SQLite, one transaction) + the
public board drawn in the compute pool (host/compute.py, the workers the bot uses).

    python bench/bench_host.py --game imperium --players 4 --moves 200 [--workers 1]

Prints p50/p95/max per move of:
- wall time, from the click to the pictures' bytes back on the event loop (on a shared machine this
  also measures the neighbours);
- CPU time: the event-loop process's (time.process_time around the move) plus the worker's for the
  pictures (time.process_time inside the worker): the figure that does not depend on the neighbours.
Targets (p95, quiet machine): Imperium, Ra, Alhambra <= 30 ms; Barrage (map and boards) <= 150 ms.
Imperium draws its board only when something public happened (a reveal), as the cog does.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host import tasks
from host.compute import ComputePool
from host.sessions import Host, Session
from host.store import SqliteStore

TARGET_P95_MS = {"imperium": 30.0, "ra": 30.0, "alhambra_dice": 30.0, "barrage": 150.0}


def timed_board(game: str, view: dict[str, Any]) -> tuple[float, int]:
    """``tasks.board_pictures`` in a worker, with the CPU it took there and the bytes it made."""
    cpu = time.process_time()
    pictures = tasks.board_pictures(game, view, None, "en")
    return time.process_time() - cpu, sum(len(png) for _, png in pictures)


def _board_needed(game: str, steps: Any) -> bool:
    if game != "imperium":
        return True
    return any(e.kind != "chose" and e.to is None for step in steps for e in step.events)


async def new_table(host: Host, game: str, players: int, rng: random.Random) -> Session:
    """A started game of ``game`` for users 1..``players``, its seed drawn from ``rng``."""
    s = await host.create_lobby(game, guild_id=1, channel_id=1, creator_id=1, creator_name="P1",
                                seed=rng.randrange(1 << 30))
    for i in range(2, players + 1):
        s = await host.join(s.id, i, f"P{i}")
    await host.start(s.id, 1)
    return await host.get(s.id)


async def bench(game: str, players: int, moves: int, seed: int, workers: int) -> tuple[list[float], list[float]]:
    pool = ComputePool(workers)
    await pool.run(len, "warm")  # the bot starts its workers at boot
    walls: list[float] = []
    cpus: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "bench.db")
        await store.open()
        host = Host(store, compute=pool)
        rng = random.Random(seed)
        try:
            while len(walls) < moves:
                session = await new_table(host, game, players, rng)
                while session.status == "active" and len(walls) < moves:
                    seat = min(session.to_act())
                    action = rng.choice(session.game.legal_actions(session.state, seat))
                    cpu0, t0 = time.process_time(), time.perf_counter()
                    outcome = await host.submit(session.id, seat + 1, action, expected_version=session.version)
                    worker_cpu = 0.0
                    if _board_needed(game, outcome.steps):
                        worker_cpu, _ = await pool.run(timed_board, game, outcome.session.view(None))
                    walls.append((time.perf_counter() - t0) * 1000)
                    cpus.append((time.process_time() - cpu0 + worker_cpu) * 1000)
                    session = outcome.session
        finally:
            await store.close()
            pool.close()
    return walls, cpus


def _line(label: str, xs: list[float]) -> str:
    t = sorted(xs)

    def p(q: float) -> float:
        return t[min(len(t) - 1, int(q * len(t)))]

    return f"  {label:<5} p50 {p(0.50):6.1f} ms   p95 {p(0.95):6.1f} ms   max {t[-1]:6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="imperium")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="compute worker processes (one move at a time here)")
    args = parser.parse_args()
    walls, cpus = asyncio.run(bench(args.game, args.players, args.moves, args.seed, args.workers))
    print(f"{args.game}: {len(walls)} moves through the host (apply + store + board in the compute pool); "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(_line("CPU", cpus) + f"   (target p95 <= {TARGET_P95_MS.get(args.game, 30.0):g} ms)")
    print(_line("wall", walls))


if __name__ == "__main__":
    main()
