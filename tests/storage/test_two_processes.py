"""Two bot processes, one database, the same 500 moves clicked in both: 1,000 concurrent clicks; and
games aborted, archived and resigned in the middle of such clicking, which no move may undo.

Each process has its own Host (its own locks and cache) and its own store, so only the database
orders their writes. Every move must be applied exactly once: the log of every game is exactly the
planned moves, with no gap and no repeat, each interaction id stored once, and replaying the log
gives the stored snapshot. On PostgreSQL this is the deployment the store exists for; on SQLite
(one file, two processes) it holds too.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import msgspec

from host.sessions import Host
from host.store import SqlStore
from rules.imperium import AIS

ROOT = Path(__file__).resolve().parents[2]
MOVES = 500  # over about thirty games, each clicked once by each process: 1,000 clicks
FIRST_INTERACTION = 1_300_000_000_000_000_000  # interaction ids are snowflakes
INTERRUPTED = 24  # games aborted, archived or resigned while both processes click their moves
OPS = ("abort", "archive", "resign")


async def plan_games(store: SqlStore) -> dict[str, list[list[object]]]:
    """Start the games and choose their moves (random legal ones): sid → [(user, code, interaction)]."""
    host = Host(store)
    plan: dict[str, list[list[object]]] = {}
    planned = 0
    for g in itertools.count():
        if planned == MOVES:
            break
        users = (1000 + 2 * g, 1001 + 2 * g)
        s = await host.create_lobby("imperium", guild_id=1, channel_id=10, creator_id=users[0], creator_name="A",
                                    seed=g)
        await host.join(s.id, users[1], "B")
        s = (await host.start(s.id, users[0])).session
        game, state, rng = s.game, s.state, random.Random(g)
        moves: list[list[object]] = []
        while planned + len(moves) < MOVES and game.result(state) is None:
            seat = min(game.to_act(state))
            action = AIS["random"].choose(game, state, seat, rng)
            state, _ = game.apply(state, seat, action)
            moves.append([users[seat], game.encode_action(action), FIRST_INTERACTION + len(plan) * 1000 + len(moves)])
        plan[s.id] = moves
        planned += len(moves)
    return plan


async def plan_interrupted_games(store: SqlStore) -> tuple[dict[str, list[list[object]]], dict[str, list[object]]]:
    """Whole games of moves, each with an abort, an archive or a resignation planned at a random step."""
    host = Host(store)
    plan: dict[str, list[list[object]]] = {}
    ops: dict[str, list[object]] = {}
    for g in range(INTERRUPTED):
        users = (5000 + 2 * g, 5001 + 2 * g)
        s = await host.create_lobby("imperium", guild_id=1, channel_id=10, creator_id=users[0], creator_name="A",
                                    seed=100 + g)
        await host.join(s.id, users[1], "B")
        s = (await host.start(s.id, users[0])).session
        game, state, rng = s.game, s.state, random.Random(100 + g)
        moves: list[list[object]] = []
        while game.result(state) is None:
            seat = min(game.to_act(state))
            action = AIS["random"].choose(game, state, seat, rng)
            state, _ = game.apply(state, seat, action)
            moves.append([users[seat], game.encode_action(action), FIRST_INTERACTION + 10**9 + g * 1000 + len(moves)])
        plan[s.id] = moves
        op = OPS[g % len(OPS)]
        ops[s.id] = [rng.randrange(2, len(moves) - 2), op, users[1] if op == "resign" else users[0]]
    return plan, ops


def run_clickers(plan_path: Path) -> list[dict[str, object]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen([sys.executable, "-m", "tests.storage.clicker", str(plan_path), str(n)], cwd=ROOT, env=env,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for n in range(2)
    ]
    try:
        for p in procs:  # both connected and waiting: then both go at once
            line = p.stdout.readline()  # type: ignore[union-attr]
            assert line.strip() == "ready", p.stderr.read()  # type: ignore[union-attr]
        for p in procs:
            p.stdin.write("go\n")  # type: ignore[union-attr]
            p.stdin.flush()  # type: ignore[union-attr]
        reports = []
        for p in procs:
            out, err = p.communicate(timeout=120)
            assert p.returncode == 0, err
            reports.append(json.loads(out.strip().splitlines()[-1]))
        return reports
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()


async def test_two_processes_apply_each_of_1000_clicks_once(store, database, tmp_path):
    plan = await plan_games(store)
    moves = sum(len(m) for m in plan.values())
    assert moves == MOVES and len(plan) > 20
    plan_path = tmp_path / "plan.json"
    plan_path.write_text(json.dumps({"database": database, "games": plan}), encoding="utf-8")

    reports = run_clickers(plan_path)

    assert [r["errors"] for r in reports] == [[], []], reports
    assert sum(r["applied"] for r in reports) == moves, reports  # exactly once: neither lost nor doubled
    assert sum(r["applied"] + r["duplicate"] for r in reports) == 2 * moves, reports
    assert all(r["applied"] > 0 for r in reports), reports  # both processes really played
    # and they really raced: writes the database refused because the other process had just
    # stored that move (hundreds per run; none would mean the processes took turns)
    assert sum(r["stale_writes"] + r["duplicate_writes"] for r in reports) > 0, reports
    host = Host(store)
    for sid, planned in plan.items():
        session = await host.get(sid)
        log = await store.actions(sid)
        assert [a.version for a in log] == list(range(1, len(planned) + 1))
        assert session.version == len(planned)
        assert [(session.seats[a.seat].user_id, a.interaction_id) for a in log] == [(u, i) for u, _, i in planned]
        assert [msgspec.json.encode(session.game.decode_action(code)) for _, code, _ in planned] == [
            a.action for a in log]
        assert msgspec.json.encode(await host.replay(sid)) == msgspec.json.encode(session.state)
    async with store.connection() as db:
        (stored, distinct) = await db.fetchrow("SELECT COUNT(*), COUNT(DISTINCT interaction_id) FROM actions")
    assert stored == distinct == moves


async def test_aborts_archives_and_resigns_are_never_undone_by_a_concurrent_move(store, database, tmp_path):
    """Both processes click every move of each game and, at a random step, abort it, archive it or resign
    a seat, while the other process may be storing a move it read before: 0 of these may be undone."""
    plan, ops = await plan_interrupted_games(store)
    plan_path = tmp_path / "plan.json"
    # 20 ms between a move's read and its write: moves in flight when the operation lands
    shared = {"database": database, "games": plan, "ops": ops, "commit_delay": 0.02}
    plan_path.write_text(json.dumps(shared), encoding="utf-8")

    reports = run_clickers(plan_path)

    assert [r["errors"] for r in reports] == [[], []], reports
    # an operation whose game the other process had already played to the end was refused: the others
    # all took effect, and not one of them may have been undone by a move
    operated = reports[0]["operated"]
    assert len(operated) >= len(ops) // 2, reports
    host = Host(store)
    undone = []
    for sid in operated:
        op = ops[sid][1]
        session = await host.get(sid)
        notes = [e.kind for e in Host.clock_of(session).log]
        kept = {
            "abort": session.status == "aborted",
            "archive": session.status == "archived" and "archived" in notes,
            "resign": session.seats[1].resigned and session.seats[1].is_ai and "resigned" in notes,
        }[op]
        if not kept:
            undone.append((sid, op, session.status, notes))
        assert msgspec.json.encode(await host.replay(sid)) == msgspec.json.encode(session.state)
    assert undone == [], f"{len(undone)} of {len(operated)} undone by a move: {undone}"
