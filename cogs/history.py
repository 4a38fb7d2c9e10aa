"""/game replay and /game export: a finished game as an animated GIF, or as its JSON log.

Plain handlers the /game group (cogs/lobby.py) calls; the work is in host/history.py (the log, the
export format, the frames) and render/replay.py (the GIF). Only finished games qualify: a game in
progress still has secrets (host/history.py explains). The replay is drawn from the export itself,
so every replay also proves that the export replays.
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from typing import TYPE_CHECKING, Any

import discord

from cogs._common import clip, reply, reply_error
from cogs._game import session_here
from host.history import MAX_FRAMES, export_frames, export_game, export_text
from render.replay import replay_gif

if TYPE_CHECKING:
    from bot import BoardGameBot

log = logging.getLogger(__name__)

REPLAY_FRAMES = MAX_FRAMES
"""Pictures in a replay GIF (moves are sampled evenly when a game has more)."""
REPLAYS_AT_ONCE = 2
"""Replays drawn at the same time (each takes a few seconds of CPU and ~100 MB at 60 frames); more wait."""
_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


def _drawing_slot() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    slot = _slots.get(loop)
    if slot is None:
        slot = _slots[loop] = asyncio.Semaphore(REPLAYS_AT_ONCE)
    return slot


def build_replay_gif(data: dict[str, Any], max_frames: int = MAX_FRAMES) -> tuple[bytes, int]:
    """The replay GIF of an export document and how many pictures it has (slow: call in a thread)."""
    frames = export_frames(data, max_frames)
    gif = replay_gif(data["game"], [f.view for f in frames], captions=[f.caption for f in frames])
    return gif, len(frames)


def _standings(data: dict[str, Any]) -> str:
    result, players = data["result"], data["players"]
    order = sorted(range(len(players)), key=lambda s: (result["ranks"][s], s))
    return ", ".join(f"{result['ranks'][s]}. {players[s]['name']} {result['scores'][s]}" for s in order)


async def replay_command(
    bot: BoardGameBot, interaction: discord.Interaction, game_id: str | None, *, max_frames: int | None = None
) -> None:
    """Post an animated GIF of a finished game (in the channel), rebuilt from its log."""
    max_frames = max_frames or REPLAY_FRAMES
    try:
        session = await session_here(bot, interaction, game_id)
        data = await export_game(bot.host, session.id)
    except Exception as exc:
        await reply_error(interaction, exc)
        return
    try:
        await interaction.response.defer(thinking=True)
    except discord.HTTPException as exc:
        log.warning("replay of %s: could not defer: %s", session.id, exc)
        return
    try:
        async with _drawing_slot():
            gif, pictures = await asyncio.to_thread(build_replay_gif, data, max_frames)
    except Exception as exc:
        log.exception("replay of %s could not be drawn", session.id, exc_info=exc)
        await reply(interaction, "⚠️ The replay could not be drawn; the game itself is safe. Please try again.")
        return
    title = data.get("title") or data["game"]
    content = clip(
        f"🎞️ Replay of **{title}** `{session.id}`: {len(data['actions'])} moves in {pictures} pictures.\n"
        f"🏁 {_standings(data)}"
    )
    file = discord.File(io.BytesIO(gif), filename=f"{data['game']}-{session.id}-replay.gif")
    try:
        await interaction.followup.send(content, file=file)
    except discord.HTTPException as exc:
        log.warning("replay of %s could not be posted: %s", session.id, exc)


async def export_command(bot: BoardGameBot, interaction: discord.Interaction, game_id: str | None) -> None:
    """Send (only to the user) a finished game's log as JSON that replays to the same final state."""
    try:
        session = await session_here(bot, interaction, game_id)
        data = await export_game(bot.host, session.id)
    except Exception as exc:
        await reply_error(interaction, exc)
        return
    text = export_text(data)
    title = data.get("title") or data["game"]
    file = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{data['game']}-{session.id}.json")
    await reply(
        interaction,
        f"📄 The log of **{title}** `{session.id}`: {len(data['actions'])} moves from seed {data['seed']} "
        f"(format `{data['format']}` v{data['format_version']}). Replaying it gives the same final position.",
        file=file,
    )
