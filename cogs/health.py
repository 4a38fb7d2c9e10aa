"""/health for operators, and the same data as JSON over HTTP when ``HEALTH_PORT`` is set.

Uptime, shards and their gateway latency, games open per status, moves per minute and how long
players wait for the new board, errors, and the render queue. Only the bot's owner and members
with *Manage Server* may see it: it is about the whole bot, not one server's games.

The /health answer is in the asker's language (the ``health`` catalogue); the HTTP endpoint's JSON
has no words to translate.
"""

from __future__ import annotations

import logging
import math
from collections import Counter
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs._common import answer_first, clip, is_manager, metrics_of, reader_lang, reply
from host import compute
from host.health_http import HealthServer
from host.ops import OpsSettings
from host.records import OPEN_STATUSES
from i18n import t

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot

log = logging.getLogger(__name__)

PICTURE_TASKS = ("board_pictures", "leaderboard_picture", "replay_gif")
"""The compute tasks (host/tasks.py) that draw pictures: what "pictures waiting" counts."""


def ops_of(bot: Any) -> OpsSettings:
    """The bot's operations settings (defaults when it was built without any, as in tests)."""
    ops = getattr(bot, "ops", None)
    return ops if isinstance(ops, OpsSettings) else OpsSettings()


def _ms(seconds: float | None) -> float | None:
    # discord.py reports an unknown latency (not connected yet) as inf or nan; JSON has no such numbers.
    if seconds is None or not math.isfinite(seconds):
        return None
    return round(seconds * 1000, 1)


def shard_info(bot: discord.Client) -> dict[str, Any]:
    """The shards this process runs and each one's heartbeat latency (ms; None before it connects)."""
    if isinstance(bot, discord.AutoShardedClient):
        latencies = {shard_id: _ms(latency) for shard_id, latency in bot.latencies}
        ids = sorted(bot.shards) or sorted(bot.shard_ids or [])
        return {"count": bot.shard_count, "ids": ids, "latency_ms": {str(i): latencies.get(i) for i in ids}}
    shard_id = bot.shard_id or 0
    return {"count": bot.shard_count or 1, "ids": [shard_id], "latency_ms": {str(shard_id): _ms(bot.latency)}}


async def health_snapshot(bot: BoardGameBot) -> dict[str, Any]:
    """Everything /health shows, as plain JSON-ready data. ``status``: "ok", "starting" (not connected
    to Discord yet) or "degraded" (the database does not answer)."""
    data: dict[str, Any] = {"status": "ok" if bot.is_ready() else "starting"}
    data.update(metrics_of(bot).snapshot())
    data["shards"] = shard_info(bot)
    data["guilds"] = len(bot.guilds)
    try:
        records = await bot.host.store.list_sessions(statuses=OPEN_STATUSES)
        data["games"] = {status: n for status, n in sorted(Counter(r.status for r in records).items())}
        data["database"] = "ok"
    except Exception as exc:
        log.warning("health: the database did not answer: %s", exc)
        data["games"] = None
        data["database"] = f"error: {exc}"
        data["status"] = "degraded"
    pool = getattr(bot, "compute", None) or compute.pool()
    data["render"] = {"threads": pool.workers, "pending": pool.pending_of(*PICTURE_TASKS)}
    data["compute"] = pool.metrics()
    return data


STATUS = {"ok": "health.status.ok", "starting": "health.status.starting", "degraded": "health.status.degraded"}
"""The bot's overall status (``health_snapshot``), and the key of its word."""
GAME_STATUSES = {"lobby": "health.games.lobby", "active": "health.games.active"}
"""Open games' statuses (host/records.py OPEN_STATUSES), and the key of how many are in each."""
DATABASE_ERROR = "error: "
"""How ``health_snapshot`` starts the database's state when it did not answer."""


def _span(seconds: float, lang: str = "en") -> str:
    seconds = int(seconds)
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return t(lang, "health.span.days", days=days, hours=hours, minutes=minutes)
    if hours:
        return t(lang, "health.span.hours", hours=hours, minutes=minutes)
    return t(lang, "health.span.minutes", minutes=minutes, seconds=secs)


def _latency(value: float | None, lang: str = "en") -> str:
    return "—" if value is None else t(lang, "health.word.ms", ms=value)


def _games(games: dict[str, int] | None, lang: str) -> str:
    if games is None:
        return t(lang, "health.games.unknown")
    parts = [t(lang, GAME_STATUSES[s], count=n) if s in GAME_STATUSES else f"{n} {s}" for s, n in games.items()]
    return t(lang, "common.word.comma").join(parts) or t(lang, "health.games.none")


def _database(state: str, lang: str) -> str:
    if state == "ok":
        return t(lang, "health.database.ok")
    if state.startswith(DATABASE_ERROR):
        return t(lang, "health.database.error", detail=state.removeprefix(DATABASE_ERROR))
    return state


def health_lines(data: dict[str, Any], *, guild_shard: int | None = None, lang: str = "en") -> list[str]:
    """The snapshot as a short message for /health, in ``lang``."""
    shards = data["shards"]
    comma = t(lang, "common.word.comma")
    latency = comma.join(t(lang, "health.shards.latency", shard=i, latency=_latency(ms, lang))
                         for i, ms in shards["latency_ms"].items())
    here = t(lang, "health.shards.here", shard=guild_shard) if guild_shard is not None else ""
    wait = data["move_latency_ms"]
    at = data["last_error_at"]
    last = t(lang, "health.errors.last", at=f"<t:{int(at)}:R>", error=data["last_error"]) if at else ""
    render = data["render"]
    status = data["status"]
    return [
        t(lang, "health.title", status=t(lang, STATUS[status]) if status in STATUS else status),
        t(lang, "health.up", span=_span(data["uptime_s"], lang), since=f"<t:{int(data['started_at'])}:f>"),
        t(lang, "health.shards.line", ids=", ".join(map(str, shards["ids"])), count=shards["count"],
          latency=latency, here=here),
        t(lang, "health.servers", guilds=data["guilds"], games=_games(data["games"], lang)),
        t(lang, "health.moves", total=data["moves_total"], per_minute=data["moves_per_minute"],
          p50=_latency(wait["p50"], lang), p95=_latency(wait["p95"], lang)),
        t(lang, "health.errors.line", total=data["errors_total"], last=last),
        t(lang, "health.render", pending=render["pending"], threads=render["threads"]),
        t(lang, "health.database.line", state=_database(data["database"], lang)),
    ]


async def may_see_health(bot: commands.Bot, interaction: discord.Interaction) -> bool:
    """The bot's owner (or team), or a member with Manage Server in this server."""
    if is_manager(interaction):
        return True
    try:
        return await bot.is_owner(interaction.user)  # type: ignore[arg-type]
    except discord.HTTPException as exc:  # the owner is read from Discord once; a failure is not a yes
        log.warning("health: could not read the bot's owner: %s", exc)
        return False


class Health(commands.Cog):
    """/health, and the HTTP endpoint when HEALTH_PORT is set."""

    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot
        self.server: HealthServer | None = None

    async def cog_load(self) -> None:
        ops = ops_of(self.bot)
        if ops.health_port:
            server = HealthServer(lambda: health_snapshot(self.bot), host=ops.health_host, port=ops.health_port)
            try:
                await server.start()
            except OSError as exc:  # a busy port must not keep the games from running
                log.error("health endpoint: cannot listen on %s:%d: %s", ops.health_host, ops.health_port, exc)
                return
            self.server = server

    async def interaction_check(self, interaction: discord.Interaction) -> bool:  # type: ignore[override]
        # The answer is private and counts games in the store: acknowledge before that.
        return await answer_first(interaction)

    async def cog_unload(self) -> None:
        if self.server is not None:
            await self.server.stop()
            self.server = None

    @app_commands.command(name="health", description="Bot status for operators: uptime, shards, games, moves, errors")
    @app_commands.default_permissions(manage_guild=True)
    async def health(self, interaction: discord.Interaction) -> None:
        lang = await reader_lang(interaction)
        if not await may_see_health(self.bot, interaction):
            await reply(interaction, t(lang, "health.refused"))
            return
        data = await health_snapshot(self.bot)
        guild = interaction.guild
        lines = health_lines(data, guild_shard=guild.shard_id if guild else None, lang=lang)
        await reply(interaction, clip("\n".join(lines)))


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Health(bot))
