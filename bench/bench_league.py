"""Time the league: recording a finished game, a full recomputation, a leaderboard and a profile.

    python bench/bench_league.py --games 5000 --players 4 --users 60

Fills a temporary SQLite database with synthetic finished games (random ranks among ``users``
members of one server, a season over the second half), then prints the time to record one game
(p50/p95), to void one game (which recomputes every rating of that game kind), to recompute
everything, and to read a leaderboard, a profile and an export.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host.league import League, Scope
from host.records import SeatInfo, SessionRecord
from host.store import SqliteStore
from rules.base import Result, rank_by


@dataclass(frozen=True)
class Finished:
    """What League.record reads of a finished session."""

    record: SessionRecord
    scores: tuple[int, ...]

    status = "finished"

    def result(self) -> Result:
        return Result(self.scores, rank_by([(s,) for s in self.scores]))


def finished(n: int, players: int, users: int, rng: random.Random) -> Finished:
    seated = rng.sample(range(1, users + 1), players)
    rec = SessionRecord(
        id=f"{n:08x}", game="imperium", guild_id=1, channel_id=1, creator_id=seated[0], options={},
        seats=tuple(SeatInfo(name=f"P{u}", user_id=u) for u in seated), seed=n, status="finished", version=1,
        created_at=0.0, updated_at=0.0,
    )
    return Finished(rec, tuple(rng.randrange(10, 40) for _ in seated))


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


async def bench(games: int, players: int, users: int, seed: int) -> None:
    rng = random.Random(seed)
    clock = iter(range(1, 10**9))
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "league.db")
        await store.open()
        league = League(store, clock=lambda: float(next(clock)))
        await league.open()
        timings = []
        for n in range(games):
            if n == games // 2:
                await league.start_season(1, "Second half")
            game = finished(n, players, users, rng)
            t0 = time.perf_counter()
            await league.record(game)  # type: ignore[arg-type]
            timings.append(time.perf_counter() - t0)
        timings.sort()
        print(f"record a game: p50 {ms(statistics.median(timings))}, p95 {ms(timings[int(len(timings) * 0.95)])}")
        t0 = time.perf_counter()
        await league.void(1, f"{games // 3:08x}")
        print(f"void a game (recomputes {games} games): {ms(time.perf_counter() - t0)}")
        t0 = time.perf_counter()
        done = await league.recompute(1)
        print(f"recompute everything ({done.rated} games): {ms(time.perf_counter() - t0)}")
        season = await league.scope(1)
        for label, scope in (("all time", Scope(None)), ("season", season)):
            t0 = time.perf_counter()
            board = await league.leaderboard(1, "imperium", scope)
            print(f"leaderboard, {label} ({len(board)} players): {ms(time.perf_counter() - t0)}")
        t0 = time.perf_counter()
        await league.profile(1, 1, Scope(None))
        print(f"profile: {ms(time.perf_counter() - t0)}")
        t0 = time.perf_counter()
        text = await league.export_csv(1, Scope(None))
        print(f"export all ({len(text) // 1024} KiB): {ms(time.perf_counter() - t0)}")
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--users", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(bench(args.games, args.players, args.users, args.seed))


if __name__ == "__main__":
    main()
