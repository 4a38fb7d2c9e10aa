"""Which language a message is written in.

- Words for one person (ephemeral replies, DMs, their private picture): their ``/prefs language``
  override, else the locale of their Discord client (remembered from their last interaction, so a DM
  sent later, with no interaction at hand, is in the same language), else the server's language.
- Words for everyone (the game thread, public pictures): the server's language, set by a server
  manager with ``/prefs server_language``, else the server's Discord "preferred locale", else English.

Preferences live in the store's per-id flags (``user_flag``); a server's flag is kept under the
server's id, which never collides with a user's (Discord ids are unique across kinds).
"""

from __future__ import annotations

from typing import Protocol

from i18n import normalise

FLAG = "lang"
"""A user's or a server's chosen language: ``en`` / ``ja``; absent = automatic."""
SEEN = "locale_seen"
"""The Discord client locale a user last interacted with."""


class Flags(Protocol):
    async def user_flag(self, user_id: int, key: str) -> str | None: ...
    async def set_user_flag(self, user_id: int, key: str, value: str) -> None: ...


async def server_lang(flags: Flags, guild_id: int | None, guild_locale: str | None = None) -> str:
    """The language of a server's public messages and pictures."""
    if guild_id is not None:
        chosen = await flags.user_flag(guild_id, FLAG)
        if chosen:
            return normalise(chosen)
    return normalise(guild_locale)


async def user_lang(
    flags: Flags,
    user_id: int,
    *,
    locale: str | None = None,
    guild_id: int | None = None,
    guild_locale: str | None = None,
) -> str:
    """The language of words for one user; ``locale`` is their client's, when an interaction gives it."""
    chosen = await flags.user_flag(user_id, FLAG)
    if chosen:
        return normalise(chosen)
    if locale:
        if await flags.user_flag(user_id, SEEN) != locale:
            await flags.set_user_flag(user_id, SEEN, locale)
        return normalise(locale)
    seen = await flags.user_flag(user_id, SEEN)
    if seen:
        return normalise(seen)
    return await server_lang(flags, guild_id, guild_locale)
