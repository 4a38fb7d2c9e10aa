"""The bot class: a Host over a store, the game cogs, and the persistent move buttons.

It lives in cogs/ (the one package that may import discord), so the cogs can name it for typing without
reaching up to the entry point; ``bot.py`` builds it (``create_bot``) and runs it, and re-exports it.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from cogs._common import reply_error
from cogs._game import ActButton, ActSelect, GameCog
from host import compute
from host.league import League
from host.metrics import Metrics
from host.ops import OpsSettings
from host.reminders import Reminders
from host.sessions import Host
from host.settings import Settings
from i18n.translator import CatalogTranslator

log = logging.getLogger("bot")

EXTENSIONS = ("cogs.lobby", "cogs.clocks", "cogs.imperium", "cogs.ra", "cogs.alhambra_dice", "cogs.barrage",
              "cogs.league", "cogs.health", "cogs.undo", "cogs.rules")


class BoardGameBot(commands.Bot):
    """The bot: a Host over a store, the game cogs, and persistent buttons."""

    def __init__(self, host: Host, *, sync_commands: str = "none", clock_tick_seconds: float = 30.0,
                 archive_after_days: float = 30.0, vacation_days: float = 14.0,
                 ops: OpsSettings | None = None, settings: Settings | None = None) -> None:
        intents = discord.Intents.default()
        ops = ops or OpsSettings()
        # shard_count/shard_ids when sharded (only ShardedBoardGameBot is built with them)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         **ops.shards.client_kwargs())
        self.ops = ops
        self.settings = settings or Settings.model_construct()  # the defaults (tests and benches pass none)
        """Every validated setting (host/settings.py): limits, cooldowns and workers are read from here."""
        """Shards, log format, render threads and the health endpoint (host/ops.py)."""
        self.metrics = Metrics()
        """Moves, latency and errors for /health (host/metrics.py); the cogs update it."""
        self.host = host
        self.compute = host.compute or compute.pool()
        """The worker processes that draw pictures and run AI and league maths (host/compute.py)."""
        host.owns = ops.shards.owns  # each process ticks and resumes only its own shards' games
        # the league records every finished game (its clock follows the host's, tests inject one)
        self.league = League(host.store, clock=lambda: self.host.clock(), compute=self.compute)
        host.finish_listeners.append(self.league.record)
        self.reminders = Reminders(host, archive_after_days=archive_after_days, vacation_days=vacation_days)
        self.clock_tick_seconds = clock_tick_seconds
        """How often the reminder loop looks for what fell due (0: never, tests tick by hand)."""
        self.sync_commands = sync_commands
        self.game_cogs: dict[str, GameCog] = {}
        self._resumed = False

    async def setup_hook(self) -> None:
        await self.host.store.open()
        await self.league.open()
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        # Stateless buttons: their custom_ids carry everything, so they work after any restart.
        self.add_dynamic_items(ActButton, ActSelect)
        self.tree.on_error = self._on_tree_error  # type: ignore[assignment]
        await self.tree.set_translator(CatalogTranslator())  # Japanese command names (i18n/translator.py)
        if self.sync_commands == "global":
            await self.tree.sync()
        elif self.sync_commands.isdigit():
            guild = discord.Object(int(self.sync_commands))
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

    async def on_ready(self) -> None:
        if self._resumed:
            return
        self._resumed = True
        # Finish AI turns a crash may have left pending, and announce them.
        for outcome in await self.host.load_open():
            if outcome.steps:
                cog = self.game_cogs.get(outcome.session.record.game)
                if cog is not None:
                    await cog.announce(await self.host.get(outcome.session.id), outcome)
        log.info("ready: %d games open", await self.host.count_open())

    async def _on_tree_error(self, interaction: discord.Interaction, error: Exception) -> None:
        original = getattr(error, "original", error)
        await reply_error(interaction, original)

    async def close(self) -> None:
        await super().close()
        await self.host.store.close()


class ShardedBoardGameBot(BoardGameBot, commands.AutoShardedBot):
    """The same bot over several Discord shards (SHARD_COUNT / SHARD_IDS): this process keeps one
    gateway connection per shard it runs; other processes run the other shards on the same database."""
