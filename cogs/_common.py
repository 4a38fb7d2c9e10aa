"""Discord plumbing every cog shares: error replies, safe DMs, files, mentions.

Discord failures (closed DMs, expired interactions, 5xx) are handled here, in one place, so a
failed send never breaks a game: the state is already stored before anything is announced.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from host.errors import HostError, StaleVersion
from rules.base import RulesError

if TYPE_CHECKING:
    from bot import BoardGameBot

log = logging.getLogger(__name__)

DM_CLOSED = 50007
MAX_CONTENT = 1900


def bot_of(interaction: discord.Interaction) -> BoardGameBot:
    return interaction.client  # type: ignore[return-value]


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    """Discord refuses messages over 2,000 characters: keep the end, which is the newest news."""
    if len(text) <= limit:
        return text
    return "…\n" + text[-(limit - 2) :]


def png_file(data: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def is_user_error(exc: BaseException) -> bool:
    return isinstance(exc, HostError | RulesError)


async def reply(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """Answer ephemerally whether or not the interaction was already acknowledged."""
    kwargs.setdefault("ephemeral", True)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(content, **kwargs)
        else:
            await interaction.response.send_message(content, **kwargs)
    except discord.HTTPException as exc:  # expired interaction or a Discord fault: nothing to save
        log.warning("could not reply to interaction %s: %s", interaction.id, exc)


async def reply_error(interaction: discord.Interaction, exc: BaseException) -> None:
    """Turn an expected error into a specific ephemeral message; log anything else."""
    if is_user_error(exc):
        text = str(exc)
        if isinstance(exc, StaleVersion):
            text += " Use the newest message in the thread."
        await reply(interaction, f"⚠️ {text}")
        return
    log.exception("unexpected error in interaction %s", interaction.id, exc_info=exc)
    await reply(interaction, "⚠️ Something went wrong on our side; nothing was changed. Please try again.")


async def safe_dm(
    bot: BoardGameBot,
    user_id: int,
    content: str,
    *,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
) -> bool:
    """DM a user; False (and remembered) when their DMs are closed or Discord fails."""
    if await bot.host.store.user_flag(user_id, "dms_closed") == "1":
        return False
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        kwargs: dict[str, Any] = {}
        if view is not None:
            kwargs["view"] = view
        if file is not None:
            kwargs["file"] = file
        await user.send(content, **kwargs)
        return True
    except discord.Forbidden as exc:
        if exc.code == DM_CLOSED:
            await bot.host.store.set_user_flag(user_id, "dms_closed", "1")
        return False
    except discord.HTTPException as exc:
        log.warning("DM to %s failed: %s", user_id, exc)
        return False


def mention(user_id: int | None, name: str) -> str:
    return f"<@{user_id}>" if user_id is not None else f"**{name}**"
