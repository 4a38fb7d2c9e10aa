"""Operations settings: shards, log format, render threads and the health endpoint (no Discord here).

Validated with every other setting by host/settings.py; every bad value raises ``OpsConfigError``
naming the variable and what would be accepted, so a misconfigured process stops at start-up with
one readable line instead of failing later inside discord.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

LOG_FORMATS = ("text", "json")
MAX_RENDER_THREADS = 32
MAX_SHARDS = 10_000
"""A sanity bound: Discord's largest bots run a few thousand shards; more is surely a typo."""


class OpsConfigError(ValueError):
    """A setting that cannot be used; the message says which one and what it accepts."""


@dataclass(frozen=True)
class ShardPlan:
    """Which Discord shards this process runs.

    ``count`` is the total over every process (None with ``sharded``: ask Discord, ``SHARD_COUNT=auto``);
    ``ids`` the shards of this process (None: all of them). Not sharded: one plain connection.
    """

    sharded: bool = False
    count: int | None = None
    ids: tuple[int, ...] | None = None

    def client_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for the discord.py client (AutoShardedBot when sharded)."""
        if not self.sharded:
            return {}
        return {"shard_count": self.count, "shard_ids": list(self.ids) if self.ids is not None else None}

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs the shard that carries ``guild_id`` (Discord's formula); every
        process sharing one database should only act on its own guilds' games."""
        if not self.sharded or self.count is None or self.ids is None:
            return True
        return shard_of(guild_id, self.count) in self.ids

    def label(self) -> str:
        if not self.sharded:
            return "not sharded"
        ids = ",".join(map(str, self.ids)) if self.ids is not None else "all"
        return f"shards {ids} of {self.count if self.count is not None else 'auto'}"


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events to: ``(guild_id >> 22) % shard_count``."""
    return (guild_id >> 22) % shard_count


def parse_shard_ids(text: str, count: int) -> tuple[int, ...]:
    """``"0,1"``, ``"0-3"`` or ``"0-3,8"`` → sorted unique ids, each below ``count``."""
    ids: set[int] = set()
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise OpsConfigError(f"SHARD_IDS={text!r}: an empty entry; write ids like 0,1 or a range like 0-3.")
        first, dash, last = part.partition("-")
        try:
            lo = int(first)
            hi = int(last) if dash else lo
        except ValueError:
            raise OpsConfigError(
                f"SHARD_IDS={text!r}: '{part}' is not a shard id or a range; write ids like 0,1 or 0-3."
            ) from None
        if lo < 0 or hi < lo:
            raise OpsConfigError(f"SHARD_IDS={text!r}: '{part}' is not a range from low to high (ids start at 0).")
        if hi >= count:
            raise OpsConfigError(
                f"SHARD_IDS={text!r}: shard {hi} does not exist with SHARD_COUNT={count} (ids are 0 to {count - 1})."
            )
        ids.update(range(lo, hi + 1))
    return tuple(sorted(ids))


def parse_shards(shard_ids: str | None, shard_count: str | None) -> ShardPlan:
    """The shard plan from ``SHARD_IDS`` and ``SHARD_COUNT`` (both empty: not sharded)."""
    ids_text = (shard_ids or "").strip()
    count_text = (shard_count or "").strip().lower()
    if not count_text:
        if ids_text:
            raise OpsConfigError(
                f"SHARD_IDS={ids_text!r} needs SHARD_COUNT, the number of shards over every process (e.g. 4)."
            )
        return ShardPlan()
    if count_text == "auto":
        if ids_text:
            # Each process must agree on the total to split it, and "auto" could differ between them.
            raise OpsConfigError("SHARD_IDS needs a fixed SHARD_COUNT (a number), not 'auto'.")
        return ShardPlan(sharded=True)
    try:
        count = int(count_text)
    except ValueError:
        raise OpsConfigError(
            f"SHARD_COUNT={shard_count!r}: give a whole number of shards (e.g. 4) or 'auto'."
        ) from None
    if not 1 <= count <= MAX_SHARDS:
        raise OpsConfigError(f"SHARD_COUNT={count}: give a number from 1 to {MAX_SHARDS}.")
    ids = parse_shard_ids(ids_text, count) if ids_text else None
    return ShardPlan(sharded=True, count=count, ids=ids)


@dataclass(frozen=True)
class OpsSettings:
    """The operations settings; defaults in .env.example."""

    shards: ShardPlan = field(default_factory=ShardPlan)
    log_format: str = "text"
    render_threads: int = 2
    health_port: int | None = None
    """Serve GET /health as JSON on this port (None: no HTTP endpoint)."""
    health_host: str = "127.0.0.1"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> OpsSettings:
        """Read SHARD_IDS, SHARD_COUNT, LOG_FORMAT, RENDER_THREADS, HEALTH_PORT and HEALTH_HOST (validated,
        with every other setting, by host/settings.py; a bad one raises its SettingsError)."""
        from host.settings import Settings  # host/settings.py builds on this module

        return Settings.from_env(env).ops()
