"""One bot process clicking moves, for the two-process test (test_two_processes.py).

    python -m tests.storage.clicker PLAN.json

PLAN holds the database (a PostgreSQL URL or a SQLite path) and, per game, the moves in order as
(user id, action code, interaction id). The process opens its own store and Host, prints ``ready``,
waits for ``go`` on stdin (so that both processes start together), then clicks every move of every
game: the games at once, each game's moves in order, as players clicking the buttons of a board that
another process (another shard) may be moving at the same moment. It prints one JSON line: how many
clicks were applied, found to be duplicates, or failed (with the errors), and how often the store
refused a write because the other process got there first.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from host.errors import StaleVersion
from host.sessions import Host
from host.store import DuplicateInteraction, SqlStore, make_store


class Counting:
    """The store, counting the writes the database refused (proof that the processes contended)."""

    def __init__(self, store: SqlStore) -> None:
        self._store = store
        self.stale = 0
        self.duplicate = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def commit_action(self, *args: Any, **kwargs: Any) -> None:
        try:
            await self._store.commit_action(*args, **kwargs)
        except StaleVersion:
            self.stale += 1
            raise
        except DuplicateInteraction:
            self.duplicate += 1
            raise


async def click_all(plan: dict[str, Any]) -> dict[str, Any]:
    store = make_store(plan["database"])
    await store.open()
    counting = Counting(store)
    host = Host(counting)  # type: ignore[arg-type]
    totals = {"applied": 0, "duplicate": 0, "errors": []}

    async def play(sid: str, moves: list[list[Any]]) -> None:
        for user, code, interaction in moves:
            try:
                outcome = await host.submit(sid, user, code, interaction_id=interaction)
            except Exception as exc:  # reported, not raised: the test shows every failure
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
    if len(argv) != 1:
        print("usage: python -m tests.storage.clicker PLAN.json", file=sys.stderr)
        return 2
    plan = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    print(json.dumps(asyncio.run(click_all(plan))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
