"""The language of a Discord message (see i18n/choice.py for the rules), for cogs."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from i18n import choice

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot


def _locale(value: discord.Locale | str | None) -> str | None:
    return str(value.value if isinstance(value, discord.Locale) else value) if value else None


async def lang_of(interaction: discord.Interaction) -> str:
    """The language of a reply to this user (ephemeral replies, their private pictures)."""
    bot: BoardGameBot = interaction.client  # type: ignore[assignment]
    return await choice.user_lang(
        bot.host.store,
        interaction.user.id,
        locale=_locale(interaction.locale),
        guild_id=interaction.guild_id,
        guild_locale=_locale(interaction.guild_locale) if interaction.guild_id else None,
    )


async def public_lang(bot: BoardGameBot, guild_id: int | None) -> str:
    """The language of messages and pictures for everyone in a server's game threads."""
    guild = bot.get_guild(guild_id) if guild_id else None
    return await choice.server_lang(bot.host.store, guild_id, _locale(guild.preferred_locale) if guild else None)


async def dm_lang(bot: BoardGameBot, user_id: int, guild_id: int | None) -> str:
    """The language of a DM sent without an interaction (a prompt, a reminder)."""
    guild = bot.get_guild(guild_id) if guild_id else None
    return await choice.user_lang(
        bot.host.store, user_id, guild_id=guild_id, guild_locale=_locale(guild.preferred_locale) if guild else None
    )
