"""Load benchmark: 10,000 stored open games, restart-to-ready, memory per open game, sustained moves.

    python bench/bench_load.py [--games 10000] [--rate 200] [--duration 20] [--database PATH_OR_URL]
                               [--json out/load.json] [--skip-render]

1. Stores ``--games`` open games (all four kinds, half of them with a by-post clock), each with its
   real snapshot and action log, at a realistic age: each template game is played at random to its
   end and stored part-way, anywhere from its first move to just before its last (on average half a
   game: dozens to hundreds of logged moves), with one transaction per game.
2. Restart-to-ready, in a fresh process: import the bot, ``setup_hook`` (open the store and the
   league, load the cogs, register the persistent buttons), then what ``on_ready`` does
   (``Host.load_open``: every open game loaded, pending AI turns played) and the open-game count.
   Printed as the time from spawning the process and the time inside it. A second probe process
   measures the memory the loaded games keep (tracemalloc, retained after ``gc``) and RSS growth.
3. Sustained moves on one process, on ``--live-games`` of those games:
   - open loop at ``--rate`` moves/s (arrivals on a fixed schedule, each to an idle game; latency from
     the scheduled arrival, so queueing counts), the move path being ``Host.submit`` then
     ``Host.get`` (what ``GameCog.after_submit`` does) and building the next move's controls;
   - closed loop (``--clients`` players clicking as fast as answers come): the ceiling in moves/s;
   - the same two with the public board drawn off the event loop as ``GameCog.announce`` does
     (host/tasks.py ``board_pictures`` in the compute pool of worker processes; Barrage draws two
     pictures, Imperium only at a reveal): the closed loop first, then an open loop at ``--rate`` or,
     if that is above the ceiling, at 70% of it.
   Each reports moves/s, p50/p95/p99/max latency and the CPU the process used per move (on a shared
   machine the one figure that does not depend on the neighbours). Target: 200 moves/s, p99 < 250 ms,
   judged on the open loop WITH pictures (the phase without them only shows what storage costs).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import msgspec

from bench.crash_worker import GAME_WEIGHTS, OPTIONS
from host import clock as clocks
from host import compute, snapshots, tasks
from host.records import OPEN_STATUSES, SeatInfo, SessionRecord
from host.sessions import Host, Session
from host.storage import make_store
from host.store import Store
from rules import GAMES
from rules.base import resolve_options

GUILD = 4242
TEMPLATES_PER_GAME = 60
"""Distinct (seed, players, options, moves) games per kind; the 10,000 stored games are copies of
them under new ids (each a real, replayable game: snapshots and log from the engine)."""
TARGET_RATE = 200.0
TARGET_P99_MS = 250.0


# ---------------------------------------------------------------- 1. storing many open games


@dataclass(frozen=True)
class Template:
    game: str
    players: int
    options: dict[str, str]
    seed: int
    states: list[bytes]
    """Snapshot after setup, then after the last stored move."""
    moves: list[tuple[int, bytes]]
    """(seat, action JSON) of each move."""
    to_act: list[frozenset[int]]


def _templates(rng: random.Random) -> list[Template]:
    out = []
    for name in GAMES:
        game = GAMES[name]
        info = game.info
        for _ in range(TEMPLATES_PER_GAME):
            players = rng.randint(info.min_players, min(info.max_players, 4 if name == "barrage" else 99))
            options = resolve_options(info, rng.choice(OPTIONS[name]))  # as Host.create_lobby stores them
            seed = rng.randrange(1 << 31)
            st = game.setup(players, options, seed)
            first, first_to_act = msgspec.json.encode(st), game.to_act(st)
            played: list[tuple[Any, int, Any]] = []  # (state after, seat, action) of the whole game
            while game.result(st) is None and len(played) < info.max_actions:
                seat = min(game.to_act(st))
                action = rng.choice(game.legal_actions(st, seat))
                st, _ = game.apply(st, seat, action)
                played.append((st, seat, action))
            keep = rng.randint(1, max(1, len(played) - 1))  # stored part-way: the game is still open
            kept = played[:keep]
            moves = [(seat, msgspec.json.encode(action)) for _, seat, action in kept]
            acting = [first_to_act] + [game.to_act(s) for s, _, _ in kept]
            out.append(Template(name, players, options, seed, [first, msgspec.json.encode(kept[-1][0])], moves,
                                acting))
    return out


async def store_games(store: Store, count: int, seed: int = 1) -> float:
    """Store ``count`` open games of every kind (weights as in the crash test); returns seconds."""
    rng = random.Random(seed)
    by_game: dict[str, list[Template]] = {}
    for t in _templates(rng):
        by_game.setdefault(t.game, []).append(t)
    names, weights = list(GAME_WEIGHTS), list(GAME_WEIGHTS.values())
    started = time.perf_counter()
    now = time.time()
    for i in range(count):
        t = rng.choice(by_game[rng.choices(names, weights)[0]])
        control = clocks.parse("async:3d+1d" if i % 2 else None)
        clock = clocks.start(control, t.players, t.to_act[0], now)
        rec = SessionRecord(
            id=secrets.token_hex(4), game=t.game, guild_id=GUILD, channel_id=GUILD + i % 50, creator_id=1,
            options=t.options, seats=tuple(SeatInfo(f"P{n}", n) for n in range(1, t.players + 1)),
            seed=t.seed, status="active", version=0, created_at=now, updated_at=now, state=t.states[0],
            clock=msgspec.json.encode(clock), clock_due=clocks.next_due(clock, now),
        )
        await store.insert_session(rec)
        for v in range(len(t.moves)):
            clock = clocks.after_move(clock, t.to_act[v], t.to_act[v + 1], now, human=True)
        # The whole log and the last snapshot in one transaction (what every commit_action would
        # leave behind; a commit per move would make storing 10,000 long games take an hour).
        async with store.transaction() as db:
            await db.executemany(
                "INSERT INTO actions (session_id, version, seat, action, interaction_id, created_at) "
                "VALUES (?,?,?,?,?,?)",
                [(rec.id, v + 1, seat, action, rng.randrange(1 << 60), now)
                 for v, (seat, action) in enumerate(t.moves)],
            )
            # with the snapshot's checksum and schema, as the store writes them (host/snapshots.py)
            await db.execute("UPDATE sessions SET version = ?, state = ?, state_sum = ?, state_schema = ?, clock = ?, "
                             "clock_due = ? WHERE id = ?", len(t.moves), t.states[-1], snapshots.checksum(t.states[-1]),
                             snapshots.SCHEMA, msgspec.json.encode(clock), clocks.next_due(clock, now), rec.id)
    return time.perf_counter() - started


# ---------------------------------------------------------------- 2. restart to ready (probe process)


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


async def _probe(database: str, spawned: float, trace: bool) -> dict[str, Any]:
    """What the bot does from process start to ready, without Discord (runs in a fresh process)."""
    t_import = time.time()
    from cogs._bot import BoardGameBot  # imported here: its import time is part of a restart

    imported = time.time()
    bot = BoardGameBot(Host(make_store(database)), clock_tick_seconds=0)
    t0 = time.perf_counter()
    await bot.setup_hook()  # store + league open, cogs loaded, dynamic items registered
    t1 = time.perf_counter()
    gc.collect()
    rss0 = _rss()
    if trace:
        tracemalloc.start()
    traced0 = tracemalloc.get_traced_memory()[0] if trace else 0
    outcomes = await bot.host.load_open()  # what on_ready does (it also announces pending AI moves)
    ai_steps = sum(len(o.steps) for o in outcomes)
    del outcomes
    open_games = await bot.host.count_open()  # on_ready's log line
    t2 = time.perf_counter()
    ready = time.time()
    gc.collect()
    traced = tracemalloc.get_traced_memory()[0] - traced0 if trace else 0
    rss = _rss() - rss0
    await bot.host.store.close()
    return {
        "open_games": open_games,
        "ai_steps_at_start": ai_steps,
        "process_start_s": round(t_import - spawned, 3),
        "import_s": round(imported - t_import, 3),
        "setup_hook_s": round(t1 - t0, 3),
        "load_open_s": round(t2 - t1, 3),
        "ready_from_spawn_s": round(ready - spawned, 3),
        "rss_growth_bytes": rss,
        "traced_retained_bytes": traced,
    }


def probe_ready(database: str, *, trace: bool) -> dict[str, Any]:
    """Run ``_probe`` in a new Python process: a real restart, with cold imports."""
    spawned = time.time()
    out = subprocess.run(
        [sys.executable, __file__, "--_probe", database, "--_spawned", repr(spawned)] + (["--_trace"] if trace else []),
        capture_output=True, check=True, timeout=600,
    )
    return json.loads(out.stdout.decode().strip().splitlines()[-1])


def state_sizes(count_per_game: int = 300, seed: int = 3) -> dict[str, dict[str, int]]:
    """Per kind: bytes a decoded snapshot keeps in memory (tracemalloc) and its JSON size."""
    rng = random.Random(seed)
    out = {}
    for t in _templates(rng)[:: TEMPLATES_PER_GAME // 10]:
        if t.game in out:
            continue
        game = GAMES[t.game]
        raw = t.states[-1]
        gc.collect()
        tracemalloc.start()
        kept = [msgspec.json.decode(raw, type=game.state_type) for _ in range(count_per_game)]
        size = tracemalloc.get_traced_memory()[0] // count_per_game
        tracemalloc.stop()
        del kept
        out[t.game] = {"decoded_bytes": size, "json_bytes": len(raw)}
    return out


# ---------------------------------------------------------------- 3. sustained moves


def _board_needed(session: Session, steps: Any) -> bool:
    """As the cogs decide: Imperium redraws only when something public happened (a reveal), not
    for a secret choice; every other game after every move."""
    if session.record.game != "imperium":
        return True
    return any(e.kind != "chose" and e.to is None for step in steps for e in step.events)


@dataclass
class Figures:
    mode: str
    seconds: float = 0.0
    latencies_ms: list[float] = field(default_factory=list)
    by_game: dict[str, list[float]] = field(default_factory=dict)
    pictures: int = 0
    no_idle_game: int = 0
    """Arrivals that found every game busy (open loop): they wait for one and count in the latency
    from their scheduled arrival, like any other."""
    cpu_seconds: float = 0.0
    """CPU this process used in the phase (every thread): on a shared machine, CPU per move is the
    figure that does not depend on what else runs."""

    def summary(self) -> dict[str, Any]:
        t = sorted(self.latencies_ms)

        def p(q: float, xs: list[float] = t) -> float:
            return round(xs[min(len(xs) - 1, int(q * len(xs)))], 1) if xs else 0.0

        per_game = {}
        for name, xs in sorted(self.by_game.items()):
            xs = sorted(xs)
            per_game[name] = {"moves": len(xs), "p50_ms": p(0.5, xs), "p99_ms": p(0.99, xs)}
        return {
            "mode": self.mode,
            "moves": len(t),
            "moves_per_s": round(len(t) / self.seconds, 1) if self.seconds else 0.0,
            "p50_ms": p(0.50),
            "p95_ms": p(0.95),
            "p99_ms": p(0.99),
            "max_ms": round(t[-1], 1) if t else 0.0,
            "mean_ms": round(statistics.mean(t), 1) if t else 0.0,
            "pictures": self.pictures,
            "cpu_share": round(self.cpu_seconds / self.seconds, 2) if self.seconds else 0.0,
            "cpu_ms_per_move": round(1000 * self.cpu_seconds / len(t), 2) if t else 0.0,
            "no_idle_game": self.no_idle_game,
            "by_game": per_game,
        }


class Table:
    """The live games and the move path a player's click takes."""

    def __init__(self, host: Host, rng: random.Random, render: bool) -> None:
        self.host = host
        self.sessions: dict[str, Session] = {}
        self.idle: deque[str] = deque()
        self.rng = rng
        self.render = render
        self.finished = 0
        self.freed = asyncio.Event()
        """Set whenever a game becomes idle again (an arrival that found none waits for it)."""

    async def fill(self, sessions: list[Session]) -> None:
        """The live games for a phase; a game an earlier phase finished is replaced by a new one of
        the same kind, so the mix of games stays the same from phase to phase."""
        for s in sessions:
            fresh = await self.host.get(s.id)
            if fresh.status != "active":
                fresh = await self.host.get(await self._new_like(fresh))
            self.sessions[fresh.id] = fresh
            self.idle.append(fresh.id)

    async def _new_like(self, old: Session) -> str:
        host = self.host
        s = await host.create_lobby(old.record.game, guild_id=GUILD, channel_id=GUILD, creator_id=1,
                                    creator_name="P1", options=old.record.options)
        for uid in range(2, len(old.seats) + 1):
            await host.join(s.id, uid, f"P{uid}")
        await host.start(s.id, 1)
        return s.id

    def _pick(self, session: Session) -> tuple[int, str]:
        """The move a player would click: chosen from the board they were shown (not timed)."""
        seat = self.rng.choice(sorted(session.to_act()))
        game = session.game
        return seat, game.encode_action(self.rng.choice(game.legal_actions(session.state, seat)))

    async def move(self, sid: str, figures: Figures, arrived: float | None = None) -> None:
        session = self.sessions[sid]
        seat, code = self._pick(session)
        t0 = arrived if arrived is not None else time.perf_counter()
        outcome = await self.host.submit(sid, session.seats[seat].user_id or 0, code,
                                         expected_version=session.version, interaction_id=self.rng.randrange(1 << 62))
        fresh = await self.host.get(sid)  # GameCog.after_submit reads the stored session again
        if self.render and _board_needed(fresh, outcome.steps):  # drawn in the compute pool, as the cogs do
            pictures = await compute.pool().run(tasks.board_pictures, fresh.record.game, fresh.view(None), None, "en")
            figures.pictures += len(pictures)
        for acting in fresh.to_act():  # the next player's controls (action_view: legal moves, codes)
            codes = [fresh.game.encode_action(a) for a in fresh.game.legal_actions(fresh.state, acting)]
            del codes
            break
        ms = (time.perf_counter() - t0) * 1000
        figures.latencies_ms.append(ms)
        figures.by_game.setdefault(fresh.record.game, []).append(ms)
        if fresh.status == "active":
            self.sessions[sid] = fresh
            self.idle.append(sid)
        else:  # a new game of the same kind takes its place (not timed: it is not a move)
            self.finished += 1
            del self.sessions[sid]
            new = await self.host.get(await self._new_like(fresh))
            self.sessions[new.id] = new
            self.idle.append(new.id)
        self.freed.set()

    async def next_idle(self) -> str:
        while not self.idle:
            self.freed.clear()
            await self.freed.wait()
        return self.idle.popleft()


async def open_loop(table: Table, rate: float, duration: float) -> Figures:
    """Arrivals every 1/rate s, each a move in an idle game (waiting for one if every game is busy);
    latency from the scheduled arrival, so every arrival counts, queueing included."""
    figures = Figures("")
    tasks: set[asyncio.Task[None]] = set()
    start = time.perf_counter()
    n = 0
    while True:
        due = start + n / rate
        if due - start >= duration:
            break
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        n += 1
        if not table.idle:
            figures.no_idle_game += 1

        async def arrival(due: float = due) -> None:
            await table.move(await table.next_idle(), figures, arrived=due)

        task = asyncio.create_task(arrival())
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.gather(*tasks)
    figures.seconds = time.perf_counter() - start
    return figures


async def closed_loop(table: Table, clients: int, duration: float) -> Figures:
    """``clients`` players each clicking again as soon as their last move is answered."""
    figures = Figures("")
    start = time.perf_counter()

    async def client() -> None:
        while time.perf_counter() - start < duration and table.idle:
            await table.move(table.idle.popleft(), figures)

    await asyncio.gather(*(client() for _ in range(clients)))
    figures.seconds = time.perf_counter() - start
    return figures


async def sustained(database: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    store = make_store(database)
    await store.open()
    host = Host(store)
    rng = random.Random(args.seed)
    try:
        every = [s for s in await host.sessions(OPEN_STATUSES, guild_id=GUILD) if s.status == "active"]
        live = rng.sample(every, min(args.live_games, len(every)))
        print(f"  pictures drawn in the compute pool ({compute.pool().workers} worker processes), as the cogs do",
              flush=True)
        results: list[dict[str, Any]] = []

        async def phase(mode: str, render: bool, run: Callable[[Table], Any]) -> dict[str, Any]:
            # Fresh copies of the live games for every phase (the previous phase moved them on).
            table = Table(host, rng, render)
            await table.fill(live)
            cpu = time.process_time()
            figures: Figures = await run(table)
            figures.cpu_seconds = time.process_time() - cpu
            figures.mode = mode
            results.append(figures.summary() | {"games_finished": table.finished})
            print(_line(results[-1]), flush=True)
            return results[-1]

        await phase(f"open loop {args.rate:g}/s", False, lambda t: open_loop(t, args.rate, args.duration))
        await phase(f"closed loop, {args.clients} clients", False,
                    lambda t: closed_loop(t, args.clients, args.duration))
        if args.skip_render:
            return results
        ceiling = await phase(f"closed loop, {args.render_clients} clients + pictures", True,
                              lambda t: closed_loop(t, args.render_clients, args.duration))
        # An open loop above the ceiling only measures an ever-growing queue: then run it at 70% of
        # the ceiling, the rate the process can sustain with pictures.
        rate = args.rate if ceiling["moves_per_s"] >= args.rate else round(0.7 * ceiling["moves_per_s"])
        await phase(f"open loop {rate:g}/s + pictures", True, lambda t: open_loop(t, rate, args.duration))
        return results
    finally:
        await store.close()


def _line(s: dict[str, Any]) -> str:
    return (f"  {s['mode']:<38} {s['moves_per_s']:7.1f} moves/s   p50 {s['p50_ms']:6.1f}   p95 {s['p95_ms']:6.1f}"
            f"   p99 {s['p99_ms']:6.1f}   max {s['max_ms']:6.1f} ms   CPU {s['cpu_ms_per_move']:.1f} ms/move "
            f"({s['cpu_share']:.0%} busy)   ({s['moves']} moves"
            + (f", {s['pictures']} pictures" if s["pictures"] else "")
            + (f", {s['no_idle_game']} arrivals waited for an idle game" if s["no_idle_game"] else "") + ")")


# ---------------------------------------------------------------- main


async def _open_games(database: str) -> int:
    store = make_store(database)
    await store.open()
    try:
        return len(await store.list_sessions(statuses=("active",), guild_id=GUILD))
    finally:
        await store.close()


async def _fill(database: str, games: int) -> float:
    store = make_store(database)
    await store.open()
    try:
        return await store_games(store, games)
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="open games to store")
    parser.add_argument("--database", default=None,
                        help="SQLite path or URL (default: a temporary SQLite file); games already stored "
                             "there by an earlier run are reused")
    parser.add_argument("--live-games", type=int, default=400, help="games the sustained phases play in")
    parser.add_argument("--rate", type=float, default=TARGET_RATE, help="open-loop arrivals per second")
    parser.add_argument("--clients", type=int, default=64, help="closed-loop players without pictures")
    parser.add_argument("--render-clients", type=int, default=8, help="closed-loop players with pictures")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds per sustained phase")
    parser.add_argument("--skip-render", action="store_true", help="no phases with pictures")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    parser.add_argument("--_probe", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--_spawned", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--_trace", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args._probe:
        print(json.dumps(asyncio.run(_probe(args._probe, args._spawned, args._trace))))
        return 0

    tmp = tempfile.TemporaryDirectory(prefix="bench-load-") if args.database is None else None
    database = args.database or str(Path(tmp.name) / "load.db")  # type: ignore[union-attr]
    figures: dict[str, Any] = {"database": "sqlite" if "://" not in database else database.split("://")[0],
                               "cpus": os.cpu_count(), "load_average_at_start": os.getloadavg()}
    have = asyncio.run(_open_games(database))
    fill_s = asyncio.run(_fill(database, args.games - have)) if have < args.games else 0.0
    stored = asyncio.run(_open_games(database))
    print(f"stored open games: {stored} ({args.games - have if have < args.games else 0} added in {fill_s:.1f} s)")
    figures["stored_open_games"] = stored

    ready = probe_ready(database, trace=False)
    memory = probe_ready(database, trace=True)
    per_game_traced = memory["traced_retained_bytes"] / max(1, memory["open_games"])
    per_game_rss = ready["rss_growth_bytes"] / max(1, ready["open_games"])
    figures["restart"] = ready
    figures["memory"] = {
        "traced_retained_bytes_per_open_game": round(per_game_traced),
        "rss_growth_bytes_per_open_game": round(per_game_rss),
        "decoded_state_by_game": state_sizes(),
    }
    print(f"restart to ready with {ready['open_games']} open games: {ready['ready_from_spawn_s']:.2f} s from spawn "
          f"(imports {ready['import_s']:.2f} s, setup_hook {ready['setup_hook_s']:.2f} s, "
          f"load_open {ready['load_open_s']:.2f} s)")
    print(f"memory per open game: {per_game_traced / 1024:.1f} KiB kept (tracemalloc), "
          f"{per_game_rss / 1024:.1f} KiB RSS growth")
    for name, size in figures["memory"]["decoded_state_by_game"].items():
        print(f"  {name:<14} decoded state {size['decoded_bytes'] / 1024:6.1f} KiB   "
              f"JSON {size['json_bytes'] / 1024:5.1f} KiB")

    print(f"sustained moves on one process ({args.live_games} live games, {args.duration:g} s a phase; "
          f"target {TARGET_RATE:g}/s with p99 < {TARGET_P99_MS:g} ms):")
    figures["sustained"] = asyncio.run(sustained(database, args))
    figures["load_average_at_end"] = os.getloadavg()  # other work on the machine skews every figure
    # The verdict comes from the open loop WITH pictures (what players wait for), never from the phase
    # without them; with --skip-render there is no verdict.
    judged = [p for p in figures["sustained"] if p["mode"].startswith("open loop") and p["pictures"]]
    if judged:
        last = judged[-1]
        figures["target_met"] = (last["moves_per_s"] >= 0.95 * args.rate and last["p99_ms"] < TARGET_P99_MS)
        print(f"target {TARGET_RATE:g} moves/s with pictures, p99 < {TARGET_P99_MS:g} ms ({last['mode']}): "
              f"{'met' if figures['target_met'] else 'NOT met'}")
    else:
        figures["target_met"] = None
        print("target: not judged (no phase with pictures)")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
