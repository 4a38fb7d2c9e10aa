"""Event-loop lag and moves per second with pictures, while games, AI seats and a league void all run.

    python bench/bench_loop.py [--games 50] [--duration 15] [--league-games 5000] [--workers 1,2]

For each worker count (same run, same workload): a compute pool of that many worker processes
(host/compute.py, as the bot starts it), ``--games`` games of every kind moving at once through the
Host (a human seat chosen at random plus AI seats, so AI decisions go to the pool), the public board
drawn after every move in the pool as ``GameCog.announce`` does (Barrage: two pictures; Imperium only
when something public happened), and, half-way through, a league void of one game in a server with
``--league-games`` rated games (its rating maths in the pool). A ticker coroutine on the event loop
sleeps 5 ms at a time and records how late it wakes: that lateness is what every other game's click
would wait.

Prints per worker count: loop lag p50/p99/max (target p99 <= 20 ms, max <= 100 ms), moves stored per
second and boards drawn per second, how long the void took, and CPU time: this process's
(time.process_time) and the workers' (from /proc, since they are the fork server's children, not ours),
besides wall time. The machine is shared: CPU time is the figure that does not depend on the neighbours.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host import tasks
from host.compute import ComputePool
from host.league import League
from host.sessions import Host, Session
from host.store import SqliteStore
from rules import GAMES

GUILD = 77
LEAGUE_GUILD = 78
TICK = 0.005
TARGET_P99_MS = 20.0
TARGET_MAX_MS = 100.0
TARGET_MOVES = 50.0


def _cpu_of(pids: list[int]) -> float:
    """CPU seconds (user + system) the processes ``pids`` have used so far (0 for one that is gone)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


@dataclass
class Phase:
    workers: int
    lags_ms: list[float] = field(default_factory=list)
    moves: int = 0
    boards: int = 0
    pictures: int = 0
    void_s: float = 0.0
    void_lag_max_ms: float = 0.0
    wall_s: float = 0.0
    loop_cpu_s: float = 0.0
    worker_cpu_s: float = 0.0
    fallbacks: dict[str, int] = field(default_factory=dict)


async def fill_league(store: SqliteStore, games: int, rng: random.Random) -> list[str]:
    """``games`` finished 4-player Imperium games of 60 members, stored as the league stores them."""
    rows = []
    ids = []
    for n in range(games):
        sid = f"lg{n:06x}"
        ids.append(sid)
        seated = rng.sample(range(1, 61), 4)
        ranks = rng.sample(range(1, 5), 4)
        for seat, (user, rank) in enumerate(zip(seated, ranks, strict=True)):
            rows.append((LEAGUE_GUILD, "imperium", sid, user, f"P{user}", seat, 4, rank, rank, 40 - rank, 0, 0,
                         float(n), None, 0, 0, None, None, None, None, None, None, None, None))
    async with store.transaction() as db:
        await db.executemany(
            "INSERT INTO league_results (guild_id, game, session_id, user_id, name, seat, players, rank, "
            "league_rank, score, resigned, game_has_ai, finished_at, season_id, voided, rated, mu_before, "
            "sigma_before, mu, sigma, season_mu_before, season_sigma_before, season_mu, season_sigma) "
            f"VALUES ({','.join('?' * 24)})",
            rows,
        )
    return ids


def _board_needed(session: Session, steps: Any) -> bool:
    if session.record.game != "imperium":
        return True
    return any(e.kind != "chose" and e.to is None for step in steps for e in step.events)


class Tables:
    """The live games: each one's driver plays its human seat's move, then the board is drawn."""

    def __init__(self, host: Host, pool: ComputePool, rng: random.Random, phase: Phase) -> None:
        self.host = host
        self.pool = pool
        self.rng = rng
        self.phase = phase

    async def new_game(self, kind: str) -> str:
        info = GAMES[kind].info
        humans = max(1, info.min_players - 1)
        s = await self.host.create_lobby(kind, guild_id=GUILD, channel_id=GUILD, creator_id=1, creator_name="P1",
                                         seed=self.rng.randrange(1 << 30))
        for uid in range(2, humans + 1):
            await self.host.join(s.id, uid, f"P{uid}")
        await self.host.add_ai(s.id, 1)
        await self.host.start(s.id, 1)
        return s.id

    async def play(self, kind: str, until: float) -> None:
        sid = await self.new_game(kind)
        while time.perf_counter() < until:
            session = await self.host.get(sid)
            if session.status != "active":
                sid = await self.new_game(kind)
                continue
            humans = sorted(s for s in session.to_act() if not session.seats[s].is_ai)
            if not humans:  # the AIs are still to move (a previous outcome left them pending)
                await self.host.run_ai(sid)
                continue
            seat = self.rng.choice(humans)
            action = self.rng.choice(session.game.legal_actions(session.state, seat))
            outcome = await self.host.submit(sid, session.seats[seat].user_id or 0, action,
                                             expected_version=session.version)
            self.phase.moves += len(outcome.steps)
            fresh = outcome.session
            if _board_needed(fresh, outcome.steps):
                drawn = await self.pool.run(tasks.board_pictures, kind, fresh.view(None), None, "en", deadline=20)
                self.phase.boards += 1
                self.phase.pictures += len(drawn)


async def ticker(phase: Phase, until: float) -> None:
    while time.perf_counter() < until:
        due = time.perf_counter() + TICK
        await asyncio.sleep(TICK)
        phase.lags_ms.append(max(0.0, (time.perf_counter() - due) * 1000))


async def run_phase(workers: int, games: int, duration: float, league_games: int, seed: int) -> Phase:
    phase = Phase(workers)
    pool = ComputePool(workers)
    await pool.run(len, "warm")  # start the workers before the clock runs (the bot starts them at boot)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="bench-loop-") as tmp:
        store = SqliteStore(Path(tmp) / "loop.db")
        await store.open()
        try:
            host = Host(store, compute=pool)
            league = League(store, compute=pool)
            host.finish_listeners.append(league.record)
            ids = await fill_league(store, league_games, rng)
            await league.recompute(LEAGUE_GUILD, "imperium")  # the ratings as a live league has them
            tables = Tables(host, pool, rng, phase)
            kinds = [sorted(GAMES)[i % len(GAMES)] for i in range(games)]
            pids = pool.worker_pids()
            cpu0, wcpu0, t0 = time.process_time(), _cpu_of(pids), time.perf_counter()
            until = t0 + duration

            async def void_midway() -> None:
                await asyncio.sleep(duration / 2)
                lags_before = len(phase.lags_ms)
                started = time.perf_counter()
                await league.void(LEAGUE_GUILD, ids[len(ids) // 3])
                phase.void_s = time.perf_counter() - started
                phase.void_lag_max_ms = max(phase.lags_ms[lags_before:], default=0.0)

            await asyncio.gather(ticker(phase, until), void_midway(),
                                 *(tables.play(kind, until) for kind in kinds))
            phase.wall_s = time.perf_counter() - t0
            phase.loop_cpu_s = time.process_time() - cpu0
            phase.worker_cpu_s = _cpu_of(sorted(set(pids) | set(pool.worker_pids()))) - wcpu0
            phase.fallbacks = {k: pool.counts[k] for k in ("late", "died")}
        finally:
            await store.close()
            pool.close()
    return phase


def report(p: Phase) -> dict[str, Any]:
    lag = {"p50": round(_pct(p.lags_ms, 0.5), 2), "p99": round(_pct(p.lags_ms, 0.99), 2),
           "max": round(max(p.lags_ms, default=0.0), 2)}
    moves_s = p.moves / p.wall_s if p.wall_s else 0.0
    print(f"{p.workers} worker(s): {p.moves} moves ({moves_s:.1f}/s), {p.boards} boards "
          f"({p.boards / p.wall_s:.1f}/s, {p.pictures} pictures) in {p.wall_s:.1f} s wall")
    print(f"  loop lag: p50 {lag['p50']:.1f} ms  p99 {lag['p99']:.1f} ms  max {lag['max']:.1f} ms  "
          f"({len(p.lags_ms)} ticks; target p99 <= {TARGET_P99_MS:g}, max <= {TARGET_MAX_MS:g}: "
          f"{'met' if lag['p99'] <= TARGET_P99_MS and lag['max'] <= TARGET_MAX_MS else 'NOT met'})")
    print(f"  league void over the rated games: {p.void_s:.2f} s wall, loop lag max meanwhile "
          f"{p.void_lag_max_ms:.1f} ms")
    print(f"  CPU: event-loop process {p.loop_cpu_s:.1f} s ({1000 * p.loop_cpu_s / max(1, p.moves):.1f} ms/move), "
          f"workers {p.worker_cpu_s:.1f} s ({1000 * p.worker_cpu_s / max(1, p.boards):.1f} ms/board incl. AI)"
          f"; tasks late {p.fallbacks.get('late', 0)}, workers died {p.fallbacks.get('died', 0)}")
    return {"workers": p.workers, "moves_per_s": moves_s, "lag": lag}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--duration", type=float, default=15.0, help="seconds per worker count")
    parser.add_argument("--league-games", type=int, default=5000)
    parser.add_argument("--workers", default="1,2", help="worker counts to compare, in one run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.games} games of {len(GAMES)} kinds with AI seats and pictures, a league void over "
          f"{args.league_games} rated games midway; {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} "
          "at start (a shared machine: other work skews wall figures)")
    results = [report(asyncio.run(run_phase(int(w), args.games, args.duration, args.league_games, args.seed)))
               for w in args.workers.split(",")]
    if len(results) > 1:
        base = results[0]["moves_per_s"] or 1.0
        print("moves/s by workers: " + ", ".join(f"{r['workers']}: {r['moves_per_s']:.1f} "
                                               f"({r['moves_per_s'] / base:.2f}x)" for r in results)
              + f"  (target >= {TARGET_MOVES:g}/s on 2 cores)")
    print(f"load average at end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
