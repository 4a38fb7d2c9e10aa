"""Discord plumbing every cog shares: error replies, safe DMs, files, mentions.

Error replies are in the language of the person who clicked (cogs/_lang.py): every host error, and
a rule error that names one, carries a catalogue ``key`` and its fields, and is said through them
(``error_message``); the English sentence is never read. English keeps each error's own sentence.

Discord failures are handled here, in one place, so a failed send never breaks a game: the state
is already stored before anything is announced. Transient ones (5xx, timeouts, broken connections,
and a 429 still refused after discord.py's own retries, then after the wait Discord gave) are
retried a bounded number of times (``SEND_RETRY``); closed DMs (50007) are remembered per user
and the prompts go to the game thread instead; an expired interaction is logged and dropped.
"""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import aiohttp
import discord

from cogs._lang import lang_of
from host.errors import HostError, StaleVersion
from host.league import NO_SEASONS_YET
from host.metrics import Metrics
from i18n import DEFAULT_LANG, MissingKey, has, t
from i18n import text as words
from i18n.seats import naming
from i18n.text import game_title
from rules import GAMES
from rules.base import RulesError

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot

log = logging.getLogger(__name__)

T = TypeVar("T")

DM_CLOSED = 50007
DMS_CLOSED_FLAG = "dms_closed"
"""User flag: "1" once a DM failed with 50007. No DM is tried again (each refused request counts
toward Discord's invalid-request limit) until the user runs ``/prefs dms``, which tests a DM and
clears the flag when it arrives."""
MAX_CONTENT = 1900


def is_manager(interaction: discord.Interaction, guild_id: int | None = None) -> bool:
    """Whether the user has Manage Server in ``guild_id`` (default: the server the command came from).

    Checked at run time (Discord ignores default_permissions on subcommands), and always as a server
    permission, never the channel's ``interaction.permissions``: one rule for every command. Authority
    over a game is judged in the game's own server: a manager of server B who runs a command from B on
    a game of server A is a manager only if they also manage A (looked up in the bot's member cache;
    unknown there means no)."""
    here = interaction.guild_id
    if guild_id is None:
        guild_id = here
    if guild_id is None or guild_id == 0:
        return False
    if guild_id == here:
        perms = getattr(interaction.user, "guild_permissions", None)
    else:
        guild = interaction.client.get_guild(guild_id)
        member = guild.get_member(interaction.user.id) if guild is not None else None
        perms = member.guild_permissions if member is not None else None
    return bool(perms and perms.manage_guild)


def bot_of(interaction: discord.Interaction) -> BoardGameBot:
    return interaction.client  # type: ignore[return-value]


def metrics_of(bot: Any) -> Metrics:
    """The bot's Metrics, attached on first use so a cog works on any bot object (tests build several)."""
    metrics = getattr(bot, "metrics", None)
    if not isinstance(metrics, Metrics):
        metrics = Metrics()
        bot.metrics = metrics
    return metrics


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


async def answer_first(interaction: discord.Interaction, *, ephemeral: bool = True) -> bool:
    """Acknowledge the interaction now ("thinking…"), before any database, picture, replay or AI work:
    Discord fails an interaction not answered within 3 s. ``reply`` then fills in the answer.

    A component that edits its own message defers with ``defer_update`` instead. Always True, so a
    cog can use it as its ``interaction_check``; a failed acknowledgement is logged, the work goes on
    (the state is stored before anything is announced)."""
    if not interaction.response.is_done():
        try:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        except discord.HTTPException as exc:
            log.warning("could not acknowledge interaction %s: %s", interaction.id, exc)
    return True


async def defer_update(interaction: discord.Interaction) -> None:
    """Acknowledge a click whose answer edits the clicked message (a picker, the lobby), before any
    database work; the edit then goes through ``interaction.edit_original_response``."""
    if not interaction.response.is_done():
        try:
            await interaction.response.defer()
        except discord.HTTPException as exc:
            log.warning("could not acknowledge interaction %s: %s", interaction.id, exc)


async def reply_public(interaction: discord.Interaction, content: str) -> None:
    """Say ``content`` to everyone after the interaction was acknowledged privately (``answer_first``):
    it completes the private answer, then follows for the channel. Refusals found on the way stay
    private (``reply``), which a public acknowledgement would not allow."""
    await reply(interaction, content)
    await reply(interaction, content, ephemeral=False)


async def reader_lang(interaction: discord.Interaction) -> str:
    """The language of a reply to this user (``lang_of``), English when it cannot be read: an error
    reply must go out even when the store that keeps the preference is what failed."""
    try:
        return await lang_of(interaction)
    except Exception as exc:
        log.warning("interaction %s: could not read the user's language: %s", interaction.id, exc)
        return DEFAULT_LANG


async def reply_error(interaction: discord.Interaction, exc: BaseException) -> None:
    """Turn an expected error into a specific ephemeral message in the user's language; log anything else."""
    lang = await reader_lang(interaction)
    if is_user_error(exc):
        text = error_message(lang, exc)
        if isinstance(exc, StaleVersion):
            text = t(lang, "common.error.stale", reason=text)
        await reply(interaction, t(lang, "common.error.refused", reason=text))
        return
    # Logged at ERROR, so it also counts in the bot's metrics (host/metrics.py).
    log.exception("unexpected error in interaction %s", interaction.id, exc_info=exc)
    await reply(interaction, t(lang, "common.error.unexpected"))


# ---------------------------------------------------------------- errors in words

TITLES = {game.info.title: name for name, game in GAMES.items()}
"""A game's English title → its name, for a ``title`` field raised without a ``game`` field."""

FIELD_WORDS: dict[tuple[str, str], str] = {
    ("options", "none"): "common.word.none",
    ("available", "none"): "common.word.none",
    ("seasons", NO_SEASONS_YET): "league.word.none_yet",
    ("status", "lobby"): "league.status.lobby",
    ("status", "active"): "league.status.active",
    ("status", "aborted"): "league.status.aborted",
    ("status", "archived"): "league.status.archived",
}
"""Field values that are English words (an empty list, a game's status), and the key of each: said
again in the reader's language."""


def message_fields(lang: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """Fields of a refusal ready for its message in ``lang``: a game's id (``game``) or English title
    (``title``) becomes the game's name in ``lang``; a word among the values (``FIELD_WORDS``) is
    translated."""
    out = {k: v for k, v in fields.items() if k != "key"}
    game = out.get("game")
    if not isinstance(game, str) or game not in GAMES:
        game = TITLES.get(out.get("title", ""))
    if game is not None:
        out["title"] = game_title(lang, game)
    for name, value in out.items():
        word = FIELD_WORDS.get((name, value)) if isinstance(value, str) else None
        if word is not None:
            out[name] = t(lang, word)
    return out


def refusal(error: type[HostError] | type[RulesError], key: str, **fields: Any) -> HostError | RulesError:
    """An error a cog raises on purpose: the English sentence, with the key and fields that say it in
    any language (``error_message``). A ``game`` field (a game's id) is named by its title (``{title}``)."""
    return error(t(DEFAULT_LANG, key, **message_fields(DEFAULT_LANG, fields)), key=key, **fields)


def _keyed(lang: str, exc: HostError | RulesError, key: str) -> str | None:
    """The message of an error's catalogue key (None: no such key, or a field it needs is missing)."""
    game = key.split(".", 1)[0]
    if isinstance(exc, RulesError) and game in GAMES:
        # i18n.text puts the names its fields need into words through the game's error_fields.
        said = words.error_text(lang, exc)
        return said if said != exc.reason else None
    if not has(lang, key):
        return None
    try:
        return t(lang, key, **message_fields(lang, exc.fields))
    except (KeyError, IndexError, MissingKey):
        return None


def error_message(lang: str, exc: HostError | RulesError) -> str:
    """What a rule or host error says to a player in ``lang`` (the bare sentence, no ⚠️).

    English is the error's own sentence, but a rules error worded while the players' names are known
    (``i18n.seats.seat_names``) is said from its key, so that it names them ("waiting for Ann"). Other
    languages: its catalogue key with its fields; a host error whose key the catalogue cannot say falls
    back to its class's message (what kind of refusal it is), a rules error to its sentence."""
    if lang == DEFAULT_LANG and not (isinstance(exc, RulesError) and naming()):
        return exc.reason
    key = exc.key if isinstance(exc, HostError) else exc.fields.get("key")
    if isinstance(key, str):
        said = _keyed(lang, exc, key)
        if said is not None:
            return said
    if isinstance(exc, HostError):
        return t(lang, exc.kind_key)
    return exc.reason


@dataclass(frozen=True)
class RetryPolicy:
    """How a failed send to Discord is retried: one more attempt after each delay (seconds).

    discord.py already retries a 5xx answer a few times inside one request; these attempts cover
    an outage of some seconds and a connection that timed out. Tests swap ``sleep`` so they never wait.
    """

    delays: tuple[float, ...] = (2.0, 8.0)
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep


SEND_RETRY = RetryPolicy()
"""The policy every channel send uses (module-level so a test can replace it)."""


RATE_LIMIT_WAIT_MOST = 900.0
"""Seconds a send waits at most for a rate-limit bucket to free (a longer wait is given up, logged)."""


def rate_limit_wait(exc: BaseException) -> float | None:
    """How long Discord said to wait after refusing a request with 429 (still refused after
    discord.py's own retries): its ``Retry-After``; None when ``exc`` is not a rate limit."""
    if isinstance(exc, discord.RateLimited):
        return float(exc.retry_after)
    if not isinstance(exc, discord.HTTPException) or exc.status != 429:
        return None
    headers = getattr(exc.response, "headers", None) or {}
    for name in ("Retry-After", "X-RateLimit-Reset-After"):
        try:
            return max(0.0, float(headers[name]))
        except (KeyError, TypeError, ValueError):
            continue
    return 0.0  # not said: the policy's own delay applies


def is_transient(exc: BaseException) -> bool:
    """A failure worth retrying: a Discord server error (5xx), a rate limit (429), a timeout or a
    broken connection.

    Anything else (403 missing permissions, 404 deleted thread, 400 bad request) would fail the
    same way again, and repeated failed requests count toward Discord's invalid-request ban."""
    if rate_limit_wait(exc) is not None:
        return True
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500
    return isinstance(exc, TimeoutError | aiohttp.ClientError | OSError)


async def call_with_retry(
    op: Callable[[], Awaitable[T]],
    *,
    what: str,
    still_wanted: Callable[[], Awaitable[bool]] | None = None,
    policy: RetryPolicy | None = None,
) -> T | None:
    """``await op()``, again after each of the policy's delays while it fails transiently; the last
    failure is raised when given up (at once for one that is not transient). None: ``still_wanted``
    said, before a retry, that the result is not needed any more."""
    policy = policy or SEND_RETRY
    last = len(policy.delays)
    wait = 0.0
    for attempt, delay in enumerate((0.0, *policy.delays)):
        if attempt:
            await policy.sleep(max(delay, wait))
            if still_wanted is not None and not await still_wanted():
                log.info("%s: not retried, it is out of date", what)
                return None
        try:
            return await op()
        except Exception as exc:
            limited = rate_limit_wait(exc)
            if not is_transient(exc) or attempt == last or (limited or 0.0) > RATE_LIMIT_WAIT_MOST:
                raise
            if limited is None:
                log.info("%s: attempt %d failed (%s); retrying", what, attempt + 1, exc)
                wait = 0.0
            else:
                # The bucket is empty even after discord.py's own retries: try again once it frees.
                wait = limited
                log.warning("%s: rate limited by Discord (attempt %d); sending again in %.1f s",
                            what, attempt + 1, max(policy.delays[attempt], wait))
    raise AssertionError("unreachable: the last attempt returns or raises")


async def send_retrying(
    channel: discord.abc.Messageable,
    content: str | None = None,
    *,
    what: str,
    files: Sequence[discord.File] = (),
    view: discord.ui.View | None = None,
    still_wanted: Callable[[], Awaitable[bool]] | None = None,
    policy: RetryPolicy | None = None,
) -> discord.Message | None:
    """``channel.send`` through ``call_with_retry``.

    The same nonce goes with every attempt and discord.py asks Discord to enforce it, so an attempt
    that timed out on our side but did arrive is not posted twice. ``still_wanted`` is asked before
    each retry: a board that a newer move has replaced is not worth posting any more.
    """
    kwargs: dict[str, Any] = {"nonce": secrets.randbits(63)}
    if files:
        kwargs["files"] = list(files)
    if view is not None:
        kwargs["view"] = view

    async def send() -> discord.Message:
        for f in files:
            f.reset()  # a failed attempt may have read the picture to its end
        return await channel.send(content, **kwargs)

    return await call_with_retry(send, what=what, still_wanted=still_wanted, policy=policy)


async def send_with_retry(
    channel: discord.abc.Messageable,
    content: str | None = None,
    *,
    what: str,
    files: Sequence[discord.File] = (),
    view: discord.ui.View | None = None,
    still_wanted: Callable[[], Awaitable[bool]] | None = None,
    metrics: Metrics | None = None,
) -> discord.Message | None:
    """``send_retrying`` that never raises: a message given up is logged, counted, and None.

    The game state was stored before anything is sent, so giving up loses nothing; ``/game status
    repost:true`` posts the board again.
    """
    try:
        return await send_retrying(channel, content, what=what, files=files, view=view, still_wanted=still_wanted)
    except Exception as exc:
        log.warning("%s: not sent: %s", what, exc)
        if metrics is not None:
            metrics.record_error("discord_send")
        return None


DM_CHANNELS_KEPT = 10_000
"""DM channels remembered per process (discord.py's own cache keeps only the last 128)."""


async def dm_channel(bot: Any, user_id: int) -> discord.DMChannel:
    """The DM channel with a user: opened once (one request, no need to fetch the user first) and
    then remembered, so a DM costs one request to Discord, not three."""
    channels: OrderedDict[int, discord.DMChannel] | None = getattr(bot, "dm_channels", None)
    if channels is None:
        channels = bot.dm_channels = OrderedDict()
    channel = channels.get(user_id)
    if channel is None:
        channel = await bot.create_dm(discord.Object(user_id))
        channels[user_id] = channel
        if len(channels) > DM_CHANNELS_KEPT:
            channels.popitem(last=False)
    else:
        channels.move_to_end(user_id)
    return channel


async def dms_closed(bot: BoardGameBot, user_id: int) -> bool:
    """Whether this user's DMs were found closed (and not reopened with /prefs dms)."""
    return await bot.host.store.user_flag(user_id, DMS_CLOSED_FLAG) == "1"


async def safe_dm(
    bot: BoardGameBot,
    user_id: int,
    content: str,
    *,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
    force: bool = False,
) -> bool:
    """DM a user; False when their DMs are closed (remembered: later DMs are not even tried) or
    Discord keeps failing. ``force`` tries even a user marked closed, and clears the mark on success."""
    if not force and await dms_closed(bot, user_id):
        return False
    try:
        channel = await dm_channel(bot, user_id)
    except discord.HTTPException as exc:
        log.warning("DM to %s: could not open the DM channel: %s", user_id, exc)
        return False
    try:
        await send_retrying(channel, content, what=f"DM to {user_id}", files=[file] if file else (), view=view)
    except discord.Forbidden as exc:
        if exc.code == DM_CLOSED:
            log.info("DMs of user %s are closed; prompts go to the game thread from now on", user_id,
                     extra={"user": user_id})
            await bot.host.store.set_user_flag(user_id, DMS_CLOSED_FLAG, "1")
        else:
            log.warning("DM to %s refused: %s", user_id, exc)
        return False
    except Exception as exc:
        log.warning("DM to %s failed: %s", user_id, exc)
        metrics_of(bot).record_error("discord_dm")
        return False
    if force:
        await bot.host.store.set_user_flag(user_id, DMS_CLOSED_FLAG, "")
    return True


def mention(user_id: int | None, name: str) -> str:
    return f"<@{user_id}>" if user_id is not None else f"**{name}**"
