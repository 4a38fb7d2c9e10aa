"""Entry point: run the Discord bot, or play without Discord.

python bot.py                      run the bot (needs DISCORD_TOKEN; see .env.example)
python bot.py demo GAME --players N --seed S --out DIR [--options k=v ...] [--frames] [--lang ja]
python bot.py play GAME --players N [--seed S] [--ai 2,3] [--out DIR] [--lang ja]
python bot.py sync [--guild ID]    push slash commands to Discord (on deploy, not every start)
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import discord
from discord.ext import commands
from dotenv import load_dotenv

from cogs._common import reply_error
from cogs._game import ActButton, ActSelect, GameCog
from host import compute
from host.league import League
from host.local import run_demo, run_hotseat
from host.logs import setup_logging
from host.metrics import Metrics
from host.ops import OpsConfigError, OpsSettings
from host.reminders import Reminders
from host.sessions import Host
from host.store import UnsupportedDatabase, make_store
from i18n import LANGS
from i18n.translator import CatalogTranslator
from rules import GAMES
from rules.base import RulesError

log = logging.getLogger("bot")

EXTENSIONS = ("cogs.lobby", "cogs.clocks", "cogs.imperium", "cogs.ra", "cogs.alhambra_dice", "cogs.barrage",
              "cogs.league", "cogs.health")


@dataclass(frozen=True)
class Settings:
    """Every setting, read from the environment (and .env); defaults in .env.example."""

    token: str | None
    database_path: str
    sync_commands: str  # "none" | "global" | a guild id
    log_level: str
    clock_tick_seconds: float = 30.0
    archive_after_days: float = 30.0
    vacation_days: float = 14.0
    compute_workers: int | None = None
    """Worker processes for pictures, AI moves and league maths (None: one per core)."""
    ai_deadline_seconds: float = 5.0
    """How long an AI decision may take in a worker before the game's simple AI answers instead."""
    database_url: str | None = None
    """A postgresql:// URL: the games live in that PostgreSQL (several processes may share it);
    when unset, in the SQLite file at ``database_path``."""

    @property
    def database(self) -> str:
        """What the store opens: ``database_url`` if set, else the SQLite path."""
        return self.database_url or self.database_path

    @classmethod
    def from_env(cls) -> Settings:
        load_dotenv()
        return cls(
            token=os.environ.get("DISCORD_TOKEN") or None,
            database_path=os.environ.get("DATABASE_PATH", "data/bot.db"),
            database_url=os.environ.get("DATABASE_URL", "").strip() or None,
            sync_commands=os.environ.get("SYNC_COMMANDS", "none").strip().lower(),
            log_level=os.environ.get("LOG_LEVEL", "INFO"),
            clock_tick_seconds=float(os.environ.get("CLOCK_TICK_SECONDS", "30")),
            archive_after_days=float(os.environ.get("ARCHIVE_AFTER_DAYS", "30")),
            vacation_days=float(os.environ.get("VACATION_DAYS_PER_SEASON", "14")),
            compute_workers=int(os.environ.get("COMPUTE_WORKERS", "").strip() or 0) or None,
            ai_deadline_seconds=float(os.environ.get("AI_DEADLINE_SECONDS", "").strip() or 5.0),
        )


class BoardGameBot(commands.Bot):
    """The bot: a Host over a store, the game cogs, and persistent buttons."""

    def __init__(self, host: Host, *, sync_commands: str = "none", clock_tick_seconds: float = 30.0,
                 archive_after_days: float = 30.0, vacation_days: float = 14.0,
                 ops: OpsSettings | None = None) -> None:
        intents = discord.Intents.default()
        ops = ops or OpsSettings()
        # shard_count/shard_ids when sharded (only ShardedBoardGameBot is built with them)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         **ops.shards.client_kwargs())
        self.ops = ops
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
        log.info("ready: %d games open", len(await self.host.open_sessions()))

    async def _on_tree_error(self, interaction: discord.Interaction, error: Exception) -> None:
        original = getattr(error, "original", error)
        await reply_error(interaction, original)

    async def close(self) -> None:
        await super().close()
        await self.host.store.close()


class ShardedBoardGameBot(BoardGameBot, commands.AutoShardedBot):
    """The same bot over several Discord shards (SHARD_COUNT / SHARD_IDS): this process keeps one
    gateway connection per shard it runs; other processes run the other shards on the same database."""


def create_bot(
    database: str | Path, *, sync_commands: str = "none", ops: OpsSettings | None = None,
    ai_deadline_seconds: float = 5.0, **settings: float
) -> BoardGameBot:
    """A bot over ``database``: a SQLite file path (tests pass a temporary file) or a
    postgresql:// URL (host.store.make_store; another URL raises UnsupportedDatabase). ``settings``:
    clock_tick_seconds, archive_after_days, vacation_days (see Settings); ``ops``: shards and the rest
    of host/ops.py (sharded: an AutoShardedBot). AI moves and pictures go to the process's compute
    pool (host/compute.py; started here with one worker per core unless ``main`` configured it)."""
    cls = ShardedBoardGameBot if ops is not None and ops.shards.sharded else BoardGameBot
    host = Host(make_store(database), compute=compute.pool(), ai_deadline=ai_deadline_seconds)
    return cls(host, sync_commands=sync_commands, ops=ops, **settings)


def _parse_kv(pairs: list[str] | None) -> dict[str, str]:
    out = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--options takes name=value pairs, not '{pair}'")
        out[key] = value
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py", description="Board games for Discord.")
    sub = parser.add_subparsers(dest="command")
    demo = sub.add_parser("demo", help="play a whole game with AI seats and write pictures, log and result")
    demo.add_argument("game", choices=sorted(GAMES))
    demo.add_argument("--players", type=int, required=True)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--out", type=Path, required=True)
    demo.add_argument("--options", nargs="*", metavar="NAME=VALUE")
    demo.add_argument("--ai", help="which AI plays every seat (default: the game's best)")
    demo.add_argument("--frames", action="store_true", help="also write one PNG per move into DIR/frames")
    demo.add_argument("--lang", choices=LANGS, default="en", help="language of the pictures (en, ja)")
    play = sub.add_parser("play", help="hot-seat play in this terminal")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--players", type=int, required=True)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--options", nargs="*", metavar="NAME=VALUE")
    play.add_argument("--ai", default="", help="comma-separated seats (1-based) played by the computer")
    play.add_argument("--out", type=Path, default=Path("out/play"), help="where the board picture is written")
    play.add_argument("--lang", choices=LANGS, default="en", help="language of the terminal and pictures (en, ja)")
    sync = sub.add_parser("sync", help="register the slash commands with Discord, then exit")
    sync.add_argument("--guild", help="a guild id for instant, guild-only registration")
    args = parser.parse_args(argv)
    settings = Settings.from_env()  # loads .env first, so OpsSettings below sees it too
    try:
        ops = OpsSettings.from_env()
    except OpsConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level, ops.log_format)
    compute.configure(settings.compute_workers)

    try:
        if args.command == "demo":
            run_demo(
                args.game,
                players=args.players,
                seed=args.seed,
                out=args.out,
                options=_parse_kv(args.options),
                ai=args.ai,
                frames=args.frames,
                progress=print,
                lang=args.lang,
            )
            return 0
        if args.command == "play":
            ai_seats = frozenset(int(s) - 1 for s in args.ai.split(",") if s.strip())
            run_hotseat(
                args.game,
                players=args.players,
                seed=args.seed,
                options=_parse_kv(args.options),
                ai_seats=ai_seats,
                out=args.out,
                lang=args.lang,
            )
            return 0
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    if not settings.token:
        print(
            "error: DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token in it,\n"
            "or try the games without Discord: python bot.py demo imperium --players 4 --seed 7 --out out/demo",
            file=sys.stderr,
        )
        return 2
    mode = settings.sync_commands
    if args.command == "sync":
        mode = args.guild or "global"
    try:
        bot = create_bot(
            settings.database, sync_commands=mode, clock_tick_seconds=settings.clock_tick_seconds,
            archive_after_days=settings.archive_after_days, vacation_days=settings.vacation_days, ops=ops,
            ai_deadline_seconds=settings.ai_deadline_seconds,
        )
    except UnsupportedDatabase as exc:
        print(f"error: {exc} (settings DATABASE_URL, DATABASE_PATH)", file=sys.stderr)
        return 2
    if args.command == "sync":

        async def _sync_only() -> None:
            async with bot:  # login runs setup_hook, which syncs in this mode
                await bot.login(settings.token or "")

        asyncio.run(_sync_only())
        return 0
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
