"""The process the crash test kills: plays many games through the Host and acknowledges every move.

    python bench/crash_worker.py --database out/crash.db --ack out/acks.jsonl --run 0 --guild 7

It behaves like the bot after a restart, then like a busy server:

1. ``Host.load_open()`` finishes the AI turns a crash left pending (what ``bot.on_ready`` does);
2. every interaction that was in flight when the previous process died (an ``intent`` line without
   its ``ack``) is submitted again with the same interaction id, as Discord does when a button press
   got no answer: it must be applied at most once;
3. ``--games`` games (all four kinds, some with an AI seat) are played concurrently with random legal
   moves, each through ``Host.submit`` with a fresh interaction id, the path a button press takes.

4. as the bot does, AI moves are decided and every board is drawn in a compute pool of worker
   processes (host/compute.py); the worker keeps their process ids in ``<ack>.pids`` so the driver
   can SIGKILL them too: a lost AI decision falls back to the simple AI, a lost picture is drawn
   again once, and neither may lose or repeat a move.

After each stored move the worker appends an ``ack`` line to the acknowledgement log and fsyncs it
*before* that game's next move: an acknowledged move is one a player was told about. The driver
(bench/crash_test.py) kills this process with SIGKILL at random moments and ``verify`` then checks the
database against the log: nothing acknowledged lost, nothing applied twice, every game replays from
its log to exactly its snapshot.

The store comes from ``host.storage.make_store(url_or_path)`` when the project has it (PostgreSQL
URLs), else it is the SQLite file at ``--database``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import msgspec

from host import tasks
from host.compute import ComputeFailed, ComputePool
from host.errors import HostError
from host.sessions import Host, Session
from host.storage import make_store
from rules import GAMES
from rules.base import RulesError

RUN_BITS, COUNT_BITS, CAMPAIGN_BITS = 12, 30, 20
DRAWS_QUEUED = 8
"""Boards waiting for the compute pool beyond which a move's board is not drawn (a life is short)."""


def interaction_ids(guild: int, run: int) -> Iterator[int]:
    """Interaction ids unique across every life of a campaign, and across campaigns sharing one
    database (the guild id is random per campaign): campaign | run | counter, in 62 bits."""
    base = ((guild & ((1 << CAMPAIGN_BITS) - 1)) << (RUN_BITS + COUNT_BITS)) | ((run + 1) << COUNT_BITS)
    return iter(range(base, base + (1 << COUNT_BITS)))
GAME_WEIGHTS = {"imperium": 3, "ra": 3, "alhambra_dice": 3, "barrage": 1}
"""Barrage games are long (hundreds of moves): fewer of them keeps every kind finishing games."""
OPTIONS: dict[str, list[dict[str, str]]] = {
    "imperium": [{}, {"variant": "race30"}],
    "ra": [{}, {"hidden_fame": "on"}],
    "alhambra_dice": [{}, {"version": "alcazaba"}],
    "barrage": [{}, {"map": "base"}],
}
MAX_PLAYERS = {"barrage": 4}


# ---------------------------------------------------------------- the acknowledgement log


class AckLog:
    """An append-only JSON-lines file; every line is fsynced before ``write`` returns.

    O_APPEND and one ``os.write`` per line: a SIGKILL cannot leave half a line in the middle of the
    file, at worst a torn last line, which ``read_log`` ignores (that move was never acknowledged)."""

    def __init__(self, path: str | Path) -> None:
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def write(self, **record: Any) -> None:
        os.write(self.fd, msgspec.json.encode(record) + b"\n")
        os.fsync(self.fd)

    def close(self) -> None:
        os.close(self.fd)


def read_log(path: str | Path) -> list[dict[str, Any]]:
    """Every complete line of the log (a torn last line, from a kill mid-write, is skipped)."""
    out = []
    p = Path(path)
    if not p.exists():
        return out
    for line in p.read_bytes().split(b"\n"):
        if not line:
            continue
        try:
            out.append(msgspec.json.decode(line))
        except msgspec.DecodeError:
            continue
    return out


def unanswered(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Intents with neither an ack nor a "dropped" line: interactions a kill left without an answer."""
    answered = {r["iid"] for r in records if r["t"] in ("ack", "dropped")}
    return [r for r in records if r["t"] == "intent" and r["iid"] not in answered]


# ---------------------------------------------------------------- the worker


class IntegrityError(AssertionError):
    """The host broke a promise (a retried interaction applied twice, an impossible outcome)."""


@dataclass
class Worker:
    host: Host
    log: AckLog
    run: int
    guild: int
    rng: random.Random
    stop_after: int | None = None
    """Acknowledge this many moves, then return (None: play until killed)."""
    retry_rate: float = 0.03
    """Share of moves whose interaction is immediately submitted again (a Discord retry)."""
    acked: int = 0
    pictures: int = 0
    pictures_lost: int = 0
    """Picture attempts whose compute worker died or ran late (the driver kills them)."""
    _iids: Iterator[int] = field(init=False)
    _drawing: set[asyncio.Task[None]] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.run + 1 >= 1 << RUN_BITS:
            raise ValueError(f"at most {(1 << RUN_BITS) - 1} lives per campaign")
        self._iids = interaction_ids(self.guild, self.run)

    @property
    def done(self) -> bool:
        return self.stop_after is not None and self.acked >= self.stop_after

    async def retry_unanswered(self, records: list[dict[str, Any]]) -> Counter[str]:
        """Submit again, with the same interaction id, every interaction a kill left unanswered."""
        counts: Counter[str] = Counter()
        for intent in unanswered(records):
            sid, iid = intent["sid"], intent["iid"]
            try:
                outcome = await self.host.submit(
                    sid, intent["user"], intent["code"], expected_version=intent["ver"], interaction_id=iid
                )
            except (HostError, RulesError) as exc:
                # Not stored before the kill and no longer playable: never acknowledged, so not lost.
                self.log.write(t="dropped", run=self.run, sid=sid, iid=iid, why=type(exc).__name__)
                counts["dropped"] += 1
                continue
            # Stored before the kill (duplicate) or only now: either way at version ver + 1.
            how = "retry-duplicate" if outcome.duplicate else "retry-applied"
            if not outcome.duplicate and outcome.steps[0].version != intent["ver"] + 1:
                raise IntegrityError(f"retried {iid} in {sid} was stored at {outcome.steps[0].version}")
            self.log.write(t="ack", run=self.run, sid=sid, iid=iid, ver=intent["ver"] + 1, code=intent["code"],
                           how=how)
            self.acked += 1
            counts[how] += 1
        return counts

    async def new_game(self) -> str:
        rng = self.rng
        name = rng.choices(list(GAME_WEIGHTS), weights=list(GAME_WEIGHTS.values()))[0]
        info = GAMES[name].info
        players = rng.randint(info.min_players, min(info.max_players, MAX_PLAYERS.get(name, 99)))
        s = await self.host.create_lobby(
            name, guild_id=self.guild, channel_id=self.guild, creator_id=1, creator_name="P1",
            options=rng.choice(OPTIONS[name]),
        )
        self.log.write(t="game", run=self.run, sid=s.id, game=name, players=players)
        await self._fill_and_start(s, players)
        return s.id

    async def _fill_and_start(self, session: Session, players: int) -> None:
        """Seat ``players`` (one of them an AI, sometimes) and start; also finishes a lobby a kill
        interrupted, whatever step it stopped at."""
        sid = session.id
        with_ai = self.rng.random() < 0.3
        while len(session.seats) < players:
            n = len(session.seats) + 1
            if with_ai and n == players:
                session = await self.host.add_ai(sid, 1, "random")
            else:
                session = await self.host.join(sid, n, f"P{n}")
        await self.host.start(sid, 1)

    async def adopt(self, session: Session) -> str:
        """Continue an open game of this campaign (a lobby is filled to its minimum and started)."""
        if session.status == "lobby":
            await self._fill_and_start(session, max(len(session.seats), session.game.info.min_players))
        return session.id

    async def draw(self, session: Session) -> None:
        """Draw the board in the compute pool as the bot does after a move: again once if the worker
        is lost, then go on without it (the move is stored and acknowledged already)."""
        if self.host.compute is None:
            return
        for _ in range(2):
            try:
                await self.host.compute.run(tasks.board_pictures, session.record.game, session.view(None), None, "en",
                                            deadline=30)
                self.pictures += 1
                return
            except ComputeFailed:
                self.pictures_lost += 1

    async def play(self, sid: str) -> None:
        """Play one slot: its game to the end, then new games, until killed or ``stop_after``."""
        host, rng = self.host, self.rng
        while not self.done:
            session = await host.get(sid)
            if session.status != "active":
                sid = await self.new_game()
                continue
            humans = sorted(s for s in session.to_act() if not session.seats[s].is_ai)
            if not humans:  # AI turns left by a kill between two AI moves: load_open plays them
                await host.run_ai(sid)
                continue
            seat = rng.choice(humans)
            game = session.game
            code = game.encode_action(rng.choice(game.legal_actions(session.state, seat)))
            user = session.seats[seat].user_id
            iid = next(self._iids)
            self.log.write(t="intent", run=self.run, sid=sid, iid=iid, ver=session.version, user=user, code=code)
            outcome = await host.submit(sid, user, code, expected_version=session.version, interaction_id=iid)
            if outcome.duplicate or not outcome.steps or outcome.steps[0].version != session.version + 1:
                raise IntegrityError(f"fresh interaction {iid} in {sid}: {outcome.duplicate=} {outcome.steps[:1]}")
            self.log.write(t="ack", run=self.run, sid=sid, iid=iid, ver=session.version + 1, code=code, how="submit")
            self.acked += 1
            if self.host.compute is not None and self.host.compute.pending < DRAWS_QUEUED:
                # the board is announced while the game goes on (the next click does not wait for it)
                drawing = asyncio.create_task(self.draw(outcome.session))
                self._drawing.add(drawing)
                drawing.add_done_callback(self._drawing.discard)
            if rng.random() < self.retry_rate:
                again = await host.submit(sid, user, code, expected_version=session.version, interaction_id=iid)
                if not again.duplicate or again.steps:
                    raise IntegrityError(f"interaction {iid} in {sid} was applied twice")
            await asyncio.sleep(0)  # let the other games interleave, as concurrent clicks do


async def run_worker(
    database: str,
    ack_path: str | Path,
    *,
    run: int,
    guild: int,
    games: int = 16,
    seed: int = 0,
    moves: int | None = None,
    recover_only: bool = False,
    compute_workers: int = 2,
) -> dict[str, Any]:
    """One life of the worker: restart like the bot, answer retries, then play ``games`` games at once."""
    store = make_store(database)
    await store.open()
    rng = random.Random(f"{seed}:{run}")
    pool = ComputePool(compute_workers) if compute_workers else None
    host = Host(store, seed_source=lambda: rng.randrange(1 << 31), compute=pool)
    log = AckLog(ack_path)
    worker = Worker(host, log, run, guild, rng, stop_after=moves)
    pids = asyncio.create_task(_publish_pids(pool, Path(f"{ack_path}.pids"))) if pool is not None else None
    try:
        if pool is not None:
            await pool.run(len, "warm")  # the bot starts its workers at boot, before it is ready
        resumed = await host.load_open()
        retried = await worker.retry_unanswered(read_log(ack_path))
        log.write(t="ready", run=run, ai_resumed=sum(len(o.steps) for o in resumed), **retried)
        if recover_only:
            return {"ai_resumed": sum(len(o.steps) for o in resumed), **retried}
        slots = [await worker.adopt(s) for s in await host.open_sessions(guild_id=guild)]
        while len(slots) < games:
            slots.append(await worker.new_game())
        await asyncio.gather(*(worker.play(sid) for sid in slots[:games]))
        # Games beyond ``games`` (after a change of --games) are left as they are: still verified.
        return {"acked": worker.acked, "pictures": worker.pictures, "pictures_lost": worker.pictures_lost}
    finally:
        if pids is not None:
            pids.cancel()
        log.close()
        await store.close()
        if pool is not None:
            pool.close()


async def _publish_pids(pool: ComputePool, path: Path) -> None:
    """Keep ``path`` listing the compute workers' process ids (replaced workers get new ones)."""
    while True:
        tmp = path.with_suffix(".tmp")
        tmp.write_text(" ".join(map(str, pool.worker_pids())))
        tmp.replace(path)  # the driver never reads half a list
        await asyncio.sleep(0.1)


# ---------------------------------------------------------------- verification


@dataclass
class Report:
    """What ``verify`` found; ``ok`` is the verdict."""

    acknowledged: int = 0
    """Distinct interactions acknowledged (a retry's second ack of the same interaction counts once)."""
    stored_moves: int = 0
    """Human moves in the log (acknowledged or not: a kill may fall between the commit and the ack)."""
    ai_moves: int = 0
    lost: int = 0
    duplicated: int = 0
    version_gaps: int = 0
    games: int = 0
    lobbies: int = 0
    """Games a kill caught before they started (no state to replay; the next life starts them)."""
    finished: int = 0
    replays_ok: int = 0
    replays_bad: int = 0
    results_bad: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.version_gaps or self.replays_bad or self.results_bad)

    def as_dict(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k != "problems"}
        return out | {"ok": self.ok, "problems": self.problems[:50]}


async def verify(database: str, ack_path: str | Path, *, guild: int) -> Report:
    """Check the store against the acknowledgement log (see the module docstring)."""
    records = read_log(ack_path)
    report = Report()
    store = make_store(database)
    await store.open()
    host = Host(store)
    try:
        sessions = {s.id: s for s in await host.sessions(guild_id=guild)}
        report.games = len(sessions)
        stored: dict[int, list[tuple[str, int, bytes]]] = {}
        for sid, session in sessions.items():
            actions = await store.actions(sid)
            versions = [a.version for a in actions]
            if versions != list(range(1, session.version + 1)):
                report.version_gaps += 1
                report.problems.append(f"{sid}: log versions {versions[:5]}… but the session is at {session.version}")
            for a in actions:
                if a.interaction_id is None:
                    report.ai_moves += 1
                else:
                    report.stored_moves += 1
                    stored.setdefault(int(a.interaction_id), []).append((sid, a.version, a.action))
            await _check_snapshot(host, session, report)
        twice = [iid for iid, rows in stored.items() if len(rows) > 1]
        report.duplicated = len(twice)
        report.problems += [f"interaction {iid} stored {len(stored[iid])} times" for iid in twice[:10]]
        acks: dict[int, dict[str, Any]] = {}
        for r in records:
            if r["t"] != "ack":
                continue
            seen = acks.setdefault(r["iid"], r)
            if (seen["sid"], seen["ver"]) != (r["sid"], r["ver"]):
                report.duplicated += 1
                report.problems.append(f"interaction {r['iid']} acknowledged at two places: {seen} {r}")
        report.acknowledged = len(acks)
        for iid, ack in acks.items():
            rows = stored.get(iid, [])
            session = sessions.get(ack["sid"])
            if session is None or not rows or rows[0][:2] != (ack["sid"], ack["ver"]):
                report.lost += 1
                report.problems.append(f"acknowledged {ack} is not in the log (found {[r[:2] for r in rows]})")
                continue
            action = session.game.decode_action(ack["code"])
            if msgspec.json.encode(action) != rows[0][2]:
                report.lost += 1
                report.problems.append(f"acknowledged {ack} was stored as another move: {rows[0][2]!r}")
    finally:
        await store.close()
    return report


async def _check_snapshot(host: Host, session: Session, report: Report) -> None:
    """The game replays from seed + log to exactly its stored snapshot; a finished game has its result."""
    if session.record.state is None:  # a lobby: nothing to replay
        report.lobbies += 1
        return
    sid = session.id
    try:
        replayed = await host.replay(sid)
    except Exception as exc:  # any failure to replay is a finding, not a crash of the checker
        report.replays_bad += 1
        report.problems.append(f"{sid}: replay failed: {exc!r}")
        return
    if msgspec.json.encode(replayed) != session.record.state:
        report.replays_bad += 1
        report.problems.append(f"{sid}: replay differs from the snapshot at version {session.version}")
        return
    report.replays_ok += 1
    result = session.game.result(replayed)
    expected = msgspec.json.encode(result) if result is not None else None
    finished = session.status == "finished"
    report.finished += finished
    if (result is not None) != finished or session.record.result != expected:
        report.results_bad += 1
        report.problems.append(f"{sid}: status {session.status} with stored result {session.record.result!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", required=True, help="SQLite path, or a URL if host.storage.make_store exists")
    parser.add_argument("--ack", required=True, help="the acknowledgement log (JSON lines)")
    parser.add_argument("--run", type=int, default=0, help="this life's number (makes interaction ids unique)")
    parser.add_argument("--guild", type=int, default=1, help="guild id of this campaign's games")
    parser.add_argument("--games", type=int, default=16, help="games played at once")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--moves", type=int, default=None, help="stop after acknowledging this many moves")
    parser.add_argument("--recover-only", action="store_true", help="restart, answer retries, then exit")
    parser.add_argument("--compute-workers", type=int, default=2,
                        help="worker processes for AI moves and pictures (0: decide inline, draw nothing)")
    parser.add_argument("--verify", action="store_true", help="only check the store against the log")
    args = parser.parse_args(argv)
    if args.verify:
        report = asyncio.run(verify(args.database, args.ack, guild=args.guild))
        print(msgspec.json.encode(report.as_dict()).decode())
        return 0 if report.ok else 1
    summary = asyncio.run(
        run_worker(args.database, args.ack, run=args.run, guild=args.guild, games=args.games, seed=args.seed,
                   moves=args.moves, recover_only=args.recover_only, compute_workers=args.compute_workers)
    )
    print(msgspec.json.encode(summary).decode())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
