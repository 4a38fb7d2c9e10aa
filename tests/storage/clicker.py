"""One bot process clicking moves, for the two-process test (test_two_processes.py).

    python -m tests.storage.clicker PLAN.json [N]

PLAN holds the database (a PostgreSQL URL or a SQLite path) and, per game, the moves in order as
(user id, action code, interaction id). The process opens its own store and Host, prints ``ready``,
waits for ``go`` on stdin (so that both processes start together), then clicks every move of every
game: the games at once, each game's moves in order, as players clicking the buttons of a board that
another process (another shard) may be moving at the same moment. PLAN's ``ops`` (optional) name, per
game, a step before which process N=0 also aborts, archives, or resigns a seat of that game
(``[step, op, user]``) while process 1 clicks on; the moves after it are then refused as a player
would be. It prints one JSON
line: how many clicks were applied, found to be duplicates, refused, or failed (with the errors), and
how often the store refused a write because the other process got there first.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from host.errors import HostError, StaleVersion
from host.sessions import Host
from host.storage import make_store
from host.store import DuplicateInteraction, SqlStore
from rules.base import RulesError


class Counting:
    """The store, counting the writes the database refused (proof that the processes contended)."""

    def __init__(self, store: SqlStore, commit_delay: float = 0.0) -> None:
        self._store = store
        self.commit_delay = commit_delay
        """Seconds between a move's read and its write (PLAN's ``commit_delay``): a slow move (an AI
        thinking, a busy loop) that another process's abort or resignation overtakes."""
        self.stale = 0
        self.duplicate = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def commit_action(self, *args: Any, **kwargs: Any) -> None:
        if self.commit_delay:
            await asyncio.sleep(self.commit_delay)
        try:
            await self._store.commit_action(*args, **kwargs)
        except StaleVersion:
            self.stale += 1
            raise
        except DuplicateInteraction:
            self.duplicate += 1
            raise


async def click_all(plan: dict[str, Any], number: int = 0) -> dict[str, Any]:
    store = make_store(plan["database"])
    await store.open()
    counting = Counting(store, float(plan.get("commit_delay", 0.0)))
    host = Host(counting)  # type: ignore[arg-type]
    totals: dict[str, Any] = {"applied": 0, "duplicate": 0, "refused": 0, "operated": [], "errors": []}
    ops = plan.get("ops", {})
    operates = number == 0  # the other process's moves race the operations

    async def operate(sid: str, op: str, user: int) -> None:
        try:
            if op == "abort":
                await host.abort(sid, user)
            elif op == "archive":
                await host.archive(sid, "two-process test")
            else:
                await host.resign(sid, user)
        except HostError:  # the game was over before its turn came
            totals["refused"] += 1
        else:
            totals["operated"].append(sid)

    async def play(sid: str, moves: list[list[Any]]) -> None:
        for step, (user, code, interaction) in enumerate(moves):
            if operates and sid in ops and ops[sid][0] == step:
                await operate(sid, ops[sid][1], ops[sid][2])
            try:
                outcome = await host.submit(sid, user, code, interaction_id=interaction)
            except Exception as exc:  # reported, not raised: the test shows every failure
                if sid in ops and isinstance(exc, HostError | RulesError):
                    totals["refused"] += 1  # a game that was aborted, archived or resigned may refuse a move
                    continue
                totals["errors"].append(f"{sid} {interaction}: {type(exc).__name__}: {exc}")
                return
            totals["duplicate" if outcome.duplicate else "applied"] += 1

    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    try:
        await asyncio.gather(*(play(sid, moves) for sid, moves in plan["games"].items()))
    finally:
        await store.close()
    return {**totals, "stale_writes": counting.stale, "duplicate_writes": counting.duplicate}


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2):
        print("usage: python -m tests.storage.clicker PLAN.json [N]", file=sys.stderr)
        return 2
    plan = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    print(json.dumps(asyncio.run(click_all(plan, int(argv[1]) if len(argv) == 2 else 0))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
