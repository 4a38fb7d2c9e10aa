"""Time one move through the host: apply + persist (SQLite, one transaction) + render the public board.

    python bench/bench_host.py --game imperium --players 4 --moves 400

Prints p50/p95/max in milliseconds. Targets (p95): Imperium < 30 ms, Ra and Alhambra < 40 ms,
Barrage (map and boards pictures) < 150 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host.sessions import Host
from host.store import SqliteStore
from render import get_renderer


async def bench(game: str, players: int, moves: int, seed: int) -> list[float]:
    render = get_renderer(game)
    # A game whose board is two pictures (Barrage: map and boards) posts both after every move.
    extra = getattr(importlib.import_module(f"render.{game}"), "render_boards", None)
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "bench.db")
        await store.open()
        host = Host(store)
        rng = random.Random(seed)
        while len(timings) < moves:
            s = await host.create_lobby(
                game, guild_id=1, channel_id=1, creator_id=1, creator_name="P1", seed=rng.randrange(1 << 30)
            )
            for i in range(2, players + 1):
                s = await host.join(s.id, i, f"P{i}")
            await host.start(s.id, 1)
            session = await host.get(s.id)
            while session.status == "active" and len(timings) < moves:
                seat = min(session.to_act())
                action = rng.choice(session.game.legal_actions(session.state, seat))
                t0 = time.perf_counter()
                outcome = await host.submit(s.id, seat + 1, action, expected_version=session.version)
                view = outcome.session.view(None)
                render(view)
                if extra is not None:
                    extra(view)
                timings.append((time.perf_counter() - t0) * 1000)
                session = outcome.session
        await store.close()
    return timings


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="imperium")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    t = sorted(asyncio.run(bench(args.game, args.players, args.moves, args.seed)))
    p = lambda q: t[min(len(t) - 1, int(q * len(t)))]  # noqa: E731
    print(f"{args.game}: {len(t)} moves through the host (apply + persist + render)")
    print(f"  p50 {p(0.50):.1f} ms   p95 {p(0.95):.1f} ms   max {t[-1]:.1f} ms   mean {statistics.mean(t):.1f} ms")


if __name__ == "__main__":
    main()
