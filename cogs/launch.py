"""Building and running the Discord bot: what ``python bot.py`` does once it is past the commands that need no
Discord (``demo``, ``play``, ``rules``, ``replay``). Kept apart from bot.py so those commands start without
importing discord.py, aiohttp and the cogs (~0.7 s of CPU at every start, and in every test that runs the CLI).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import aiohttp
import discord

from cogs._bot import BoardGameBot, ShardedBoardGameBot
from host import compute
from host.limits import Limits
from host.ops import OpsSettings
from host.sessions import Host
from host.settings import Settings
from host.storage import make_store


def create_bot(
    database: str | Path, *, sync_commands: str = "none", ops: OpsSettings | None = None,
    settings: Settings | None = None, ai_deadline_seconds: float | None = None, **timing: float,
) -> BoardGameBot:
    """A bot over ``database``: a SQLite file path (tests pass a temporary file) or a
    postgresql:// URL (host.storage.make_store; another URL raises UnsupportedDatabase). ``settings``:
    clock_tick_seconds, archive_after_days, vacation_days (see Settings); ``ops``: shards and the rest
    of host/ops.py (sharded: an AutoShardedBot); ``settings``: every setting, kept as ``bot.settings``. AI
    moves and pictures go to the process's compute pool (host/compute.py; started here with one worker
    per core unless ``main`` configured it)."""
    cls = ShardedBoardGameBot if ops is not None and ops.shards.sharded else BoardGameBot
    # fair use (host/limits.py): the validated settings, else (tests, tools) the environment's or the defaults
    limits = Limits.from_settings(settings) if settings is not None else Limits.from_env()
    if ai_deadline_seconds is None:
        ai_deadline_seconds = settings.ai_deadline_seconds if settings is not None else 5.0
    host = Host(make_store(database), limits=limits, compute=compute.pool(), ai_deadline=ai_deadline_seconds)
    return cls(host, sync_commands=sync_commands, ops=ops, settings=settings, **timing)


BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,  # see the channel the lobby is opened in and its threads
    send_messages=True,
    send_messages_in_threads=True,  # every game is played in its own thread
    create_public_threads=True,
    embed_links=True,  # the lobby is an embed
    attach_files=True,  # the board pictures and replay GIFs
    read_message_history=True,  # edit and retire the board messages after a restart
    use_application_commands=True,
)
"""What the bot needs in a server (it adds no reactions and manages nothing): 311385246720."""


def invite_url(app_id: str) -> str:
    """The OAuth2 link that adds the bot with its slash commands and exactly ``BOT_PERMISSIONS``."""
    return discord.utils.oauth_url(app_id, permissions=BOT_PERMISSIONS, scopes=("bot", "applications.commands"))


def connect(bot: BoardGameBot, token: str, *, sync_only: bool) -> int:
    """Log in and run (or only sync the commands); a refused token or an unreachable Discord ends
    in one line saying what to do next, not a traceback."""

    async def _sync_only() -> None:
        async with bot:  # login runs setup_hook, which syncs in this mode
            await bot.login(token)

    try:
        if sync_only:
            asyncio.run(_sync_only())
        else:
            bot.run(token, log_handler=None)
    except discord.LoginFailure:
        print("error: Discord refused the token in DISCORD_TOKEN. Copy the bot's token again from the developer "
              "portal (Applications -> your bot -> Bot -> Reset Token) into .env, then start again.", file=sys.stderr)
        return 2
    except (TimeoutError, aiohttp.ClientError, OSError) as exc:
        print(f"error: cannot reach Discord ({type(exc).__name__}: {exc}). Check this machine's network, DNS, proxy "
              "or firewall (https://discord.com must be reachable), then start again.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0
