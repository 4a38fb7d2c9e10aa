"""/game replay and /game export: a finished game as an animated GIF, or as its JSON log.

Plain handlers the /game group (cogs/lobby.py) calls; the work is in host/history.py (the log, the
export format, the frames) and render/replay.py (the GIF). Only finished games qualify: a game in
progress still has secrets (host/history.py explains). The replay is drawn from the export itself,
so every replay also proves that the export replays.

Words come from the ``history`` catalogue. The replay is posted in the channel, so its captions and
pictures are in the server's language: each move is worded by the game's own texts
(``i18n.text.action_text`` / ``event_text``), which is why the captions are rebuilt here rather than
taken from host/history.py (English only). The export goes to one user, in their language; the file
itself stays English (it is data, described in host/history.py).
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from typing import TYPE_CHECKING, Any

import discord

from cogs._common import answer_first, clip, reply, reply_error
from cogs._game import in_pool, session_here
from cogs._lang import lang_of, public_lang
from cogs.replay_viewer import Viewer, open_viewer
from host import tasks
from host.history import MAX_FRAMES, export_game, export_text
from host.limits import LimitReached
from i18n import t
from i18n.text import game_title

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot
    from host.sessions import Session

log = logging.getLogger(__name__)

REPLAY_FRAMES = MAX_FRAMES
"""Pictures in a replay GIF (moves are sampled evenly when a game has more)."""
REPLAY_DEADLINE = 120.0
"""Seconds a worker may spend on one replay GIF (dozens of boards) before it is killed and tried again."""
REPLAYS_AT_ONCE = 2
"""Replays drawn at the same time (each takes a few seconds of CPU and ~100 MB at 60 frames); more wait."""
_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()

def _drawing_slot() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    slot = _slots.get(loop)
    if slot is None:
        slot = _slots[loop] = asyncio.Semaphore(REPLAYS_AT_ONCE)
    return slot


def _standings(data: dict[str, Any], lang: str = "en") -> str:
    result, players = data["result"], data["players"]
    order = sorted(range(len(players)), key=lambda s: (result["ranks"][s], s))
    return t(lang, "common.word.comma").join(
        f"{result['ranks'][s]}. {players[s]['name']} {result['scores'][s]}" for s in order)


async def _finished_export(
    bot: BoardGameBot, interaction: discord.Interaction, game_id: str | None, *, public: bool = False
) -> tuple[Session, dict[str, Any]] | None:
    """The game asked for and its export; None when refused (the user has been told why).

    The export reads the log and checks every move's code (no replay: the replay GIF is drawn in the
    compute pool). A private answer is acknowledged first; a public one only once the export is built,
    so that a refusal (not finished, a damaged log) can still be private."""
    try:
        session = await session_here(bot, interaction, game_id)
        if public:
            data = await export_game(bot.host, session.id)
            await answer_first(interaction, ephemeral=False)
            return session, data
        await answer_first(interaction)
        return session, await export_game(bot.host, session.id)
    except Exception as exc:
        await reply_error(interaction, exc)
        return None


async def replay_command(
    bot: BoardGameBot, interaction: discord.Interaction, game_id: str | None, *, max_frames: int | None = None
) -> None:
    """Post an animated GIF of a finished game (in the channel), rebuilt from its log."""
    max_frames = max_frames or REPLAY_FRAMES
    try:
        place = bot.host.replays.place()  # fair use: a bounded queue, "try again in N s" when full
    except LimitReached as exc:
        await reply_error(interaction, exc)
        return
    with place:
        found = await _finished_export(bot, interaction, game_id, public=True)  # answers before the replay
        if found is None:
            return
        session, data = found
        lang = await public_lang(bot, interaction.guild_id)  # posted in the channel, for everyone
        reader = await lang_of(interaction)  # the step-through viewer is the asker's alone
        try:
            async with _drawing_slot():
                drawn = await in_pool(bot, tasks.replay, data, max_frames, lang, reader,
                                      what=f"replay of {session.id}", deadline=REPLAY_DEADLINE)
                if drawn is None:
                    raise RuntimeError("no worker could draw the replay")
        except Exception as exc:
            log.exception("replay of %s could not be drawn", session.id, exc_info=exc)
            await reply(interaction, t(lang, "history.replay.failed"))
            return
    content = clip(t(lang, "history.replay.posted", title=game_title(lang, data["game"]), game_id=session.id,
                     moves=len(data["actions"]), pictures=drawn.pictures, standings=_standings(data, lang)))
    files = [discord.File(io.BytesIO(drawn.gif), filename=f"{data['game']}-{session.id}-replay.gif"),
             discord.File(io.BytesIO(drawn.summary), filename=f"{data['game']}-{session.id}-summary.png")]
    try:
        await interaction.followup.send(content, files=files)
    except discord.HTTPException as exc:
        log.warning("replay of %s could not be posted: %s", session.id, exc)
        return
    await open_viewer(interaction, Viewer(session.id, data, reader), drawn.last, drawn.caption)


async def export_command(bot: BoardGameBot, interaction: discord.Interaction, game_id: str | None) -> None:
    """Send (only to the user) a finished game's log as JSON that replays to the same final state."""
    found = await _finished_export(bot, interaction, game_id)
    if found is None:
        return
    session, data = found
    lang = await lang_of(interaction)
    text = export_text(data)
    file = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{data['game']}-{session.id}.json")
    await reply(
        interaction,
        t(lang, "history.export.sent", title=game_title(lang, data["game"]), game_id=session.id,
          moves=len(data["actions"]), seed=data["seed"], format=data["format"], version=data["format_version"]),
        file=file,
    )
