"""Crash test: kill the host with SIGKILL at random moments, restart it, check nothing was lost.

    python bench/crash_test.py --kills 50 [--database PATH_OR_URL] [--json out/crash.json]

Each round starts bench/crash_worker.py (which restarts like the bot: finishes pending AI turns,
answers the interactions the last kill left unanswered, then plays ``--games`` games at once through
``Host.submit``, acknowledging every stored move in an fsynced log) and SIGKILLs it after a random
delay: some kills land while it starts up or recovers, most in the middle of commits. After the
last kill a final worker life only recovers, then the database is checked against the log. The worker
decides AI moves and draws every board in a pool of compute worker processes, as the bot does; at a
random moment of each life one of those compute workers is SIGKILLed too (``--compute-kills``), so
a lost picture or AI decision is shown to lose and repeat nothing either:

- lost: acknowledged moves missing from the action log (or stored as another move): must be 0;
- duplicated: an interaction stored twice, or acknowledged at two different places: must be 0;
- version gaps: a game whose log is not exactly versions 1..its version: must be 0;
- replays: every game rebuilt from seed + log equals its stored snapshot; finished games have
  their result.

The check runs twice: on the database exactly as the last kill left it, and after the recovery.
Exit status 0 only if both are clean. With a PostgreSQL URL (needs ``host.storage.make_store``) use a
fresh database: the games of this run are told apart by a random guild id, but ``load_open`` also
plays AI turns of any other open game it finds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.crash_worker import read_log, verify

WORKER = Path(__file__).resolve().parent / "crash_worker.py"


def _start(args: list[str], stderr_path: Path) -> subprocess.Popen[bytes]:
    with stderr_path.open("ab") as err:
        return subprocess.Popen([sys.executable, str(WORKER), *args], stdout=subprocess.DEVNULL, stderr=err)


def _wait_ready(ack: Path, since: int, run: int, proc: subprocess.Popen[bytes], limit: float = 120.0) -> None:
    """Wait until the worker's "ready" line for ``run`` is in the log after byte ``since`` (or the
    worker died: the caller sees that)."""
    marker = b'"t":"ready","run":%d,' % run
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and proc.poll() is None:
        if ack.exists():
            with ack.open("rb") as f:
                f.seek(since)
                if marker in f.read():
                    return
        time.sleep(0.02)


def _kill_a_compute_worker(pids_file: Path, rng: random.Random) -> int:
    """SIGKILL one of the worker's compute processes (1 if one was killed; a life killed before its
    pool started has none, and the list may name one that just ended)."""
    try:
        pids = [int(p) for p in pids_file.read_text().split()]
    except (OSError, ValueError):
        return 0
    if not pids:
        return 0
    pid = rng.choice(pids)
    try:  # only a process of the worker's pool: never a process that took over a stale id
        if b"multiprocessing" not in Path(f"/proc/{pid}/cmdline").read_bytes():
            return 0
        os.kill(pid, signal.SIGKILL)
    except (OSError, ProcessLookupError):
        return 0
    return 1


def campaign(
    *,
    kills: int,
    database: str | None = None,
    workdir: str | Path | None = None,
    games: int = 16,
    min_delay: float = 0.1,
    max_delay: float = 2.5,
    seed: int = 1,
    after_ready: bool = False,
    progress: bool = False,
    compute_kills: bool = True,
    compute_workers: int = 2,
) -> dict[str, Any]:
    """Run ``kills`` kill/restart rounds, then verify; returns the figures (``ok`` is the verdict).

    The delay before each kill counts from the worker's start, so some kills land in its start-up
    and recovery; with ``after_ready`` it counts from its "ready" line (a slow, busy machine then
    still gets kills mid-play: the CI test uses it)."""
    rng = random.Random(seed)
    tmp = None
    if workdir is None:
        tmp = tempfile.TemporaryDirectory(prefix="crash-test-")
        workdir = tmp.name
    work = Path(workdir)
    work.mkdir(parents=True, exist_ok=True)
    database = database or str(work / "crash.db")
    ack = work / "acks.jsonl"
    errors = work / "worker-stderr.txt"
    # This campaign's games (and interaction ids) apart from any other campaign's in the same
    # database: random even when the seed, which fixes the kill delays, is repeated.
    guild = secrets.randbits(40) | 1
    common = ["--database", database, "--ack", str(ack), "--guild", str(guild), "--games", str(games),
              "--seed", str(seed), "--compute-workers", str(compute_workers)]
    started = time.monotonic()
    early_exits: list[str] = []
    done = 0
    compute_killed = 0
    pids_file = Path(f"{ack}.pids")
    for run in range(kills):
        since = ack.stat().st_size if ack.exists() else 0
        pids_file.unlink(missing_ok=True)  # the last life's compute workers are gone
        proc = _start([*common, "--run", str(run)], errors)
        delay = rng.uniform(min_delay, max_delay)
        try:
            if after_ready:
                _wait_ready(ack, since, run, proc)
            if compute_kills and compute_workers:
                first = rng.uniform(0, delay)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=first)
                if proc.poll() is None:
                    compute_killed += _kill_a_compute_worker(pids_file, rng)
                delay -= first
            rc = proc.wait(timeout=delay)
            # A worker that stops by itself before the kill has failed (it plays until killed).
            early_exits.append(f"run {run}: worker exited with {rc} before the kill (see {errors})")
            break
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            done += 1
        finally:
            if proc.poll() is None:  # interrupted (Ctrl-C): leave no worker behind
                proc.kill()
                proc.wait()
        if progress:
            print(f"  kill {run + 1}/{kills} after {delay:.2f} s", flush=True)
    killed_at = time.monotonic()
    before = asyncio.run(verify(database, ack, guild=guild))
    # One more restart that only recovers (load_open + answering retries) and must end cleanly.
    recovery = subprocess.run([sys.executable, str(WORKER), *common, "--run", str(kills), "--recover-only"],
                              capture_output=True, timeout=300)
    if recovery.returncode != 0:
        early_exits.append(f"recovery run failed: {recovery.stderr.decode()[-2000:]}")
    after = asyncio.run(verify(database, ack, guild=guild))
    records = read_log(ack)
    ready = {r["run"] for r in records if r["t"] == "ready"}
    retried = [r for r in records if r["t"] == "ack" and r.get("how", "").startswith("retry")]
    figures = {
        "database": "sqlite" if "://" not in database else database.split("://", 1)[0],
        "kills": done,
        "kills_before_ready": sum(1 for run in range(done) if run not in ready),
        "compute_worker_kills": compute_killed,
        "acknowledged_moves": after.acknowledged,
        "lost": after.lost,
        "duplicated": after.duplicated,
        "version_gaps": after.version_gaps,
        "games": after.games,
        "lobbies": after.lobbies,
        "finished_games": after.finished,
        "replays_ok": after.replays_ok,
        "replays_bad": after.replays_bad,
        "results_bad": after.results_bad,
        "stored_human_moves": after.stored_moves,
        # Before the recovery: moves a kill caught between the commit and the ack (the retry then
        # finds them stored and acknowledges them without applying them again).
        "stored_but_unacknowledged": before.stored_moves - before.acknowledged,
        "ai_moves": after.ai_moves,
        "retried_interactions": len(retried),
        "retries_already_stored": sum(1 for r in retried if r["how"] == "retry-duplicate"),
        # Retries the host refused (the game had moved on): never acknowledged, so not lost; expected 0.
        "retries_refused": sum(1 for r in records if r["t"] == "dropped"),
        "seconds": round(killed_at - started, 1),
        "load_average": os.getloadavg(),
        "check_before_recovery": before.as_dict(),
        "check_after_recovery": after.as_dict(),
        "worker_failures": early_exits,
    }
    figures["ok"] = before.ok and after.ok and not early_exits
    if tmp is not None:
        tmp.cleanup()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--database", default=None, help="SQLite path or URL (default: a temporary SQLite file)")
    parser.add_argument("--workdir", default=None, help="keep the database, log and worker stderr here")
    parser.add_argument("--games", type=int, default=16, help="games the worker plays at once")
    parser.add_argument("--min-delay", type=float, default=0.1, help="shortest life of a worker, seconds")
    parser.add_argument("--max-delay", type=float, default=2.5, help="longest life of a worker, seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--after-ready", action="store_true",
                        help="count each delay from the worker's ready line (no kills during start-up)")
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args(argv)
    f = campaign(kills=args.kills, database=args.database, workdir=args.workdir, games=args.games,
                 min_delay=args.min_delay, max_delay=args.max_delay, seed=args.seed, after_ready=args.after_ready,
                 progress=True)
    print(f"crash test ({f['database']}): {f['kills']} SIGKILLs in {f['seconds']} s "
          f"({f['kills_before_ready']} before the worker was ready), plus {f['compute_worker_kills']} of compute "
          "worker processes")
    print(f"  acknowledged moves {f['acknowledged_moves']}   lost {f['lost']}   duplicated {f['duplicated']}   "
          f"version gaps {f['version_gaps']}")
    print(f"  at the last kill: stored but not yet acknowledged {f['stored_but_unacknowledged']}   "
          f"AI moves {f['ai_moves']}")
    print(f"  retried interactions {f['retried_interactions']} ({f['retries_already_stored']} already stored, "
          f"{f['retries_refused']} refused)")
    print(f"  games {f['games']} ({f['finished_games']} finished)   replays ok {f['replays_ok']}   "
          f"replays bad {f['replays_bad']}   results bad {f['results_bad']}")
    for problem in f["check_before_recovery"]["problems"] + f["check_after_recovery"]["problems"]:
        print(f"  PROBLEM: {problem}")
    for failure in f["worker_failures"]:
        print(f"  FAILURE: {failure}")
    print("  OK" if f["ok"] else "  FAILED")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(f, indent=2) + "\n")
    return 0 if f["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
