"""Play-by-post in Discord: the reminder loop, timeout choices, and /prefs.

Every ``CLOCK_TICK_SECONDS`` the loop asks the reminder service (host/reminders.py) what fell due
and sends it: "your turn" DMs to those who asked, reminders by DM with a mention in the game's
thread, and on a timeout a message in the thread where the *other* players choose (buttons) to
wait, let an AI play that turn, or let an AI take the seat. What was sent is stored before it is
sent, so a restart never repeats a reminder; deadlines are in the database, not in memory.

Words come from the ``clocks`` and ``prefs`` catalogues: DMs in the player's language, thread
messages and buttons in the server's (see i18n/choice.py); ``/prefs language`` and
``/prefs server_language`` set those two.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs._common import (
    answer_first,
    bot_of,
    dms_closed,
    error_message,
    is_manager,
    mention,
    metrics_of,
    reply,
    reply_error,
    safe_dm,
    send_with_retry,
)
from cogs._lang import dm_lang, lang_of, public_lang
from host import clock as clocks
from host.reminders import PING, QUIET, UTC_OFFSET, Notice, PrefsError, parse_quiet
from host.sessions import Host
from i18n import LANGS, normalise, t
from i18n import choice as lang_choice
from i18n.text import game_title

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot

log = logging.getLogger(__name__)

ARCHIVE_EVERY = 3600.0
CHOICES = {"wait": "clocks.button.wait", "turn": "clocks.button.turn", "seat": "clocks.button.seat"}
"""The other players' answers to a timeout, and the catalogue key of each button."""
CHOSEN = {"wait": "clocks.chosen.wait", "turn": "clocks.chosen.turn", "seat": "clocks.chosen.seat"}
UNITS = (("clocks.unit.d", clocks.DAY), ("clocks.unit.h", clocks.HOUR), ("clocks.unit.m", clocks.MINUTE),
         ("clocks.unit.s", 1.0))
MODES = {"live": "clocks.mode.live", "async": "clocks.mode.async"}
LANGUAGE_NAMES = {"en": "prefs.language.en", "ja": "prefs.language.ja"}
AUTO = "auto"
"""The /prefs language choice that removes an override (stored as an empty flag: "not set")."""
LANGUAGE_CHOICES = [
    app_commands.Choice(name="auto", value=AUTO),
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="日本語", value="ja"),
]


def thread_link(session: Any) -> str:
    where = session.record.thread_id or session.record.channel_id
    return f"https://discord.com/channels/{session.record.guild_id}/{where}"


def when(ts: float | None) -> str:
    """A Discord timestamp each reader sees in their own time zone and language ('in 2 days')."""
    return f"<t:{int(ts)}:R>" if ts else "—"


def span(seconds: float, lang: str = "en") -> str:
    """``host.clock.span`` in ``lang``: the two largest units, '3d', '2d 4h' / '3日', '2日4時間'."""
    rest = max(0, int(seconds))
    parts: list[tuple[str, int]] = []
    for key, size in UNITS:
        n, rest = divmod(rest, int(size))
        if n or parts:
            parts.append((key, n))
    shown = [t(lang, key, n=n) for key, n in parts[:2] if n]
    if not shown:
        return t(lang, "clocks.unit.s", n=0)
    return shown[0] if len(shown) == 1 else t(lang, "clocks.span.two", first=shown[0], second=shown[1])


def control_label(control: clocks.TimeControl, lang: str = "en") -> str:
    """``TimeControl.label()`` in ``lang`` ('async · 3d a move + 1d reserve a move')."""
    if not control.timed:
        return t(lang, "clocks.control.none")
    mode = t(lang, MODES[control.mode]) if control.mode in MODES else control.mode
    text = t(lang, "clocks.control.timed", mode=mode, per_move=span(control.per_move, lang))
    if control.increment:
        text += t(lang, "clocks.control.increment", increment=span(control.increment, lang))
    return text


def clock_lines(session: Any, now: float, *, lang: str = "en") -> list[str]:
    """The time control and each player's time, for the board message (next to each player)."""
    if session.record.clock is None or session.status != "active":
        return []
    clock = Host.clock_of(session)
    if not clock.control.timed:
        return []
    parts = []
    for seat, sc in enumerate(clock.seats):
        info = session.seats[seat]
        if info.is_ai:
            continue
        end = clocks.deadline(clock, seat, (), now)
        if end is not None:
            state = t(lang, "clocks.board.out_of_time") if sc.timed_out else t(lang, "clocks.board.due", when=when(end))
        elif clock.control.increment:
            state = t(lang, "clocks.board.reserve", left=span(sc.reserve, lang))
        else:
            state = t(lang, "clocks.board.waiting")
        parts.append(t(lang, "clocks.board.seat", name=info.name, state=state))
    return [t(lang, "clocks.board.line", control=control_label(clock.control, lang), seats=" · ".join(parts))]


class TimeoutButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"clk:(?P<sid>[0-9a-f]{1,16}):(?P<seat>[0-9]{1,2}):(?P<turn>[0-9]{1,6}):(?P<choice>wait|turn|seat)",
):
    """One of the other players' answers to a timeout; the custom_id names the seat and its turn."""

    def __init__(self, sid: str, seat: int, turn: int, choice: str, label: str = "…") -> None:
        style = discord.ButtonStyle.danger if choice == "seat" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label[:80], style=style, custom_id=f"clk:{sid}:{seat}:{turn}:{choice}")
        )
        self.sid, self.seat, self.turn, self.choice = sid, seat, turn, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> TimeoutButton:
        return cls(match["sid"], int(match["seat"]), int(match["turn"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        try:
            await interaction.response.defer()
            outcome = await bot.host.timeout_choice(self.sid, self.seat, self.turn, self.choice, interaction.user.id)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        session = outcome.session
        lang = await public_lang(bot, session.record.guild_id)  # said in the game's thread, to everyone
        text = t(lang, CHOSEN[self.choice], user=interaction.user.mention, name=session.seats[self.seat].name,
                 more=span(bot.host.clock_of(session).control.per_move, lang))
        with contextlib.suppress(discord.HTTPException):
            if interaction.message is not None:
                await interaction.message.edit(view=None)
        cog = bot.game_cogs.get(session.record.game)
        channel = interaction.channel
        if channel is not None and hasattr(channel, "send"):
            with contextlib.suppress(discord.HTTPException):
                await channel.send(text)
        if cog is not None and (outcome.steps or self.choice == "seat"):
            await cog.announce(await bot.host.get(session.id), outcome, force_board=True)


def timeout_view(notice: Notice, lang: str = "en") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    more = span(Host.clock_of(notice.session).control.per_move, lang)
    for choice, key in CHOICES.items():
        view.add_item(TimeoutButton(notice.session.id, notice.seat, notice.turn, choice, t(lang, key, more=more)))
    return view


class Clocks(commands.Cog):
    """The reminder loop and the timeout buttons."""

    def __init__(self, bot: BoardGameBot, *, tick_seconds: float = 30.0) -> None:
        self.bot = bot
        self.tick_seconds = tick_seconds
        self._last_archive = 0.0
        self.loop = tasks.loop(seconds=tick_seconds)(self._loop)

    async def cog_load(self) -> None:
        if self.tick_seconds > 0:
            self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    async def _loop(self) -> None:
        await self.bot.wait_until_ready()
        try:
            await self.run_tick(self.bot.host.clock())
        except Exception:
            log.exception("clock tick failed")

    async def run_tick(self, now: float) -> list[Notice]:
        """One tick: send what fell due at ``now``; archive abandoned games once an hour."""
        notices = await self.bot.reminders.tick(now)
        for notice in notices:
            try:
                await self.send(notice)
            except Exception:
                log.exception("game %s: could not send a %s notice", notice.session.id, notice.kind)
        if now - self._last_archive >= ARCHIVE_EVERY:
            self._last_archive = now
            for session in await self.bot.reminders.archive_abandoned(now):
                lang = await public_lang(self.bot, session.record.guild_id)
                await self._post(session, t(lang, "clocks.thread.archived"))
        return notices

    async def _post(self, session: Any, content: str, *, view: discord.ui.View | None = None) -> None:
        """Say something in the game's thread, with the retries every other send has (never raises)."""
        cog = next(iter(self.bot.game_cogs.values()), None)
        channel = await cog.thread_of(session) if cog is not None else None
        if channel is None:
            return
        await send_with_retry(channel, content, view=view, what=f"game {session.id}: clock notice",
                              metrics=metrics_of(self.bot))

    async def send(self, notice: Notice) -> None:
        s = notice.session
        who = s.seats[notice.seat]
        guild = s.record.guild_id
        uid = notice.user_id or 0
        mine = await dm_lang(self.bot, uid, guild)  # the DM: the player's language
        ours = await public_lang(self.bot, guild)  # the thread: the server's
        dm = {"title": game_title(mine, s.record.game), "game_id": s.id, "link": thread_link(s)}
        who_text = mention(who.user_id, who.name)
        if notice.kind == "turn":
            await safe_dm(self.bot, uid, t(mine, "clocks.dm.turn", **dm))
        elif notice.kind == "reminder":
            await safe_dm(self.bot, uid, t(mine, "clocks.dm.reminder", left=span(notice.left, mine),
                                           due=when(notice.deadline), **dm))
            await self._post(s, t(ours, "clocks.thread.reminder", who=who_text, left=span(notice.left, ours),
                                  due=when(notice.deadline)))
        elif notice.kind == "timeout":
            others = [x for i, x in enumerate(s.seats) if i != notice.seat and not x.is_ai and x.user_id]
            await safe_dm(self.bot, uid, t(mine, "clocks.dm.timeout", **dm))
            if others:
                names = t(ours, "common.word.comma").join(mention(x.user_id, x.name) for x in others)
                await self._post(s, t(ours, "clocks.thread.timeout_choose", who=who_text, others=names),
                                 view=timeout_view(notice, ours))
            else:
                await self._post(s, t(ours, "clocks.thread.timeout_alone", who=who_text))


def language_name(lang: str, code: str) -> str:
    return t(lang, LANGUAGE_NAMES[normalise(code)])


class Prefs(commands.GroupCog, group_name="prefs",
            group_description="Your reminders, quiet hours, vacations and language"):
    """Per-user preferences for play by post, and the language of the bot's words."""

    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot

    async def interaction_check(self, interaction: discord.Interaction) -> bool:  # type: ignore[override]
        # Every answer is private and reads or writes the store first: acknowledge before that.
        return await answer_first(interaction)

    async def _season_start(self, interaction: discord.Interaction) -> float:
        """Vacation days are counted per league season (or per calendar year without one)."""
        league = getattr(self.bot, "league", None)
        if league is not None and interaction.guild_id is not None and hasattr(league, "season_start"):
            start = await league.season_start(interaction.guild_id)
            if start is not None:
                return float(start)
        now = dt.datetime.fromtimestamp(self.bot.host.clock(), tz=dt.UTC)
        return dt.datetime(now.year, 1, 1, tzinfo=dt.UTC).timestamp()

    async def _language_lines(self, interaction: discord.Interaction, lang: str) -> list[str]:
        """The user's and the server's language: the choice, and for "auto" what it gives now."""
        store = self.bot.host.store
        mine = await store.user_flag(interaction.user.id, lang_choice.FLAG)
        if mine:
            shown = language_name(lang, mine)
        else:  # automatic: ``lang`` is what it gives now
            shown = t(lang, "prefs.language.auto_now", name=language_name(lang, lang))
        lines = [t(lang, "prefs.show.language", choice=shown)]
        if interaction.guild_id is not None:
            server = await store.user_flag(interaction.guild_id, lang_choice.FLAG)
            if server:
                shown = language_name(lang, server)
            else:
                now = await public_lang(self.bot, interaction.guild_id)
                shown = t(lang, "prefs.language.auto_now", name=language_name(lang, now))
            lines.append(t(lang, "prefs.show.server_language", choice=shown))
        return lines

    @app_commands.command(name="show", description="Your play-by-post preferences")
    async def show(self, interaction: discord.Interaction) -> None:
        lang = await lang_of(interaction)
        rem = self.bot.reminders
        uid = interaction.user.id
        prefs = await rem.prefs(uid)
        now = self.bot.host.clock()
        used = await rem.vacation_used(uid, await self._season_start(interaction), now)
        away = [b for a, b in await self.bot.host.store.vacations(uid, now) if a <= now]
        on, off = t(lang, "prefs.word.on"), t(lang, "prefs.word.off")
        quiet = f"{prefs.quiet[0]}:00-{prefs.quiet[1]}:00" if prefs.quiet else t(lang, "prefs.word.none")
        days = {"used": f"{used:.1f}", "total": f"{rem.vacation_days:g}"}
        lines = [
            t(lang, "prefs.show.ping", state=on if prefs.ping else off),
            t(lang, "prefs.show.quiet", hours=quiet, offset=f"{prefs.utc_offset:+d}"),
            t(lang, "prefs.show.vacation_on", until=when(away[0]), **days) if away
            else t(lang, "prefs.show.vacation_off", **days),
            t(lang, "prefs.show.dms_closed") if await dms_closed(self.bot, uid) else t(lang, "prefs.show.dms_open"),
            *await self._language_lines(interaction, lang),
        ]
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="ping", description="Get a DM when it is your turn")
    @app_commands.choices(setting=[app_commands.Choice(name="on", value="on"),
                                   app_commands.Choice(name="off", value="off")])
    async def ping(self, interaction: discord.Interaction, setting: str) -> None:
        lang = await lang_of(interaction)
        if setting not in ("on", "off"):
            await reply(interaction, t(lang, "prefs.ping.choose"))
            return
        await self.bot.host.store.set_user_flag(interaction.user.id, PING, setting)
        state = t(lang, "prefs.word.on" if setting == "on" else "prefs.word.off")
        await reply(interaction, t(lang, "prefs.ping.set", state=state))

    @app_commands.command(name="quiet", description="Hours without pings or reminders, in your local time")
    @app_commands.describe(hours="From-to in your local time, e.g. 22-7; 'off' to remove",
                           utc_offset="Your offset from UTC in hours, e.g. 9 for Japan, -5 for New York")
    async def quiet(self, interaction: discord.Interaction, hours: str, utc_offset: int = 0) -> None:
        lang = await lang_of(interaction)
        if not -12 <= utc_offset <= 14:
            await reply(interaction, t(lang, "prefs.refused", reason=t(lang, "prefs.error.utc_offset")))
            return
        store = self.bot.host.store
        if hours.strip().lower() in ("off", "none"):
            await store.set_user_flag(interaction.user.id, QUIET, "")
            await reply(interaction, t(lang, "prefs.quiet.removed"))
            return
        try:
            a, b = parse_quiet(hours.strip())
        except PrefsError as exc:
            await reply(interaction, t(lang, "prefs.refused", reason=error_message(lang, exc)))
            return
        await store.set_user_flag(interaction.user.id, QUIET, f"{a}-{b}")
        await store.set_user_flag(interaction.user.id, UTC_OFFSET, str(utc_offset))
        await reply(interaction, t(lang, "prefs.quiet.set", start=a, end=b, offset=f"{utc_offset:+d}"))

    @app_commands.command(name="vacation", description="Pause your clocks in every game for some days")
    @app_commands.describe(days="How many days (a limited number per season)")
    async def vacation(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 60]) -> None:
        lang = await lang_of(interaction)
        now = self.bot.host.clock()
        try:
            left = await self.bot.reminders.start_vacation(
                interaction.user.id, float(days), now, await self._season_start(interaction))
        except PrefsError as exc:
            await reply(interaction, t(lang, "prefs.refused", reason=error_message(lang, exc)))
            return
        await reply(interaction, t(lang, "prefs.vacation.started", until=when(now + days * clocks.DAY),
                                   left=f"{left:g}"))

    @app_commands.command(name="dms", description="After opening your DMs: check that I can DM you again")
    async def dms(self, interaction: discord.Interaction) -> None:
        lang = await lang_of(interaction)
        uid = interaction.user.id
        was_closed = await dms_closed(self.bot, uid)
        if await safe_dm(self.bot, uid, t(lang, "prefs.dms.test"), force=True):
            await reply(interaction, t(lang, "prefs.dms.reopened" if was_closed else "prefs.dms.open"))
        else:
            await reply(interaction, t(lang, "prefs.dms.closed"))

    @app_commands.command(name="back", description="End your vacation now")
    async def back(self, interaction: discord.Interaction) -> None:
        lang = await lang_of(interaction)
        ended = await self.bot.reminders.end_vacation(interaction.user.id, self.bot.host.clock())
        await reply(interaction, t(lang, "prefs.vacation.ended" if ended else "prefs.vacation.not_away"))

    @app_commands.command(name="language", description="The language of the bot's words to you (auto: your Discord's)")
    @app_commands.describe(language="auto follows your Discord language")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        if language != AUTO and language not in LANGS:  # choices are not re-checked by Discord for us
            await reply(interaction, t(await lang_of(interaction), "prefs.language.choose"))
            return
        # An empty flag is "not set" for i18n.choice: the Discord locale decides again.
        await self.bot.host.store.set_user_flag(interaction.user.id, lang_choice.FLAG, "" if language == AUTO
                                                else language)
        lang = await lang_of(interaction)  # the answer is already in the new language
        key = "prefs.language.auto_set" if language == AUTO else "prefs.language.set"
        await reply(interaction, t(lang, key, name=language_name(lang, lang)))

    @app_commands.command(name="server_language",
                          description="The language of this server's game threads and pictures (Manage Server)")
    @app_commands.describe(language="auto follows the server's Discord language")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def server_language(self, interaction: discord.Interaction, language: str) -> None:
        lang = await lang_of(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            await reply(interaction, t(lang, "prefs.server_language.no_server"))
            return
        if not is_manager(interaction):
            await reply(interaction, t(lang, "prefs.server_language.refused"))
            return
        if language != AUTO and language not in LANGS:
            await reply(interaction, t(lang, "prefs.language.choose"))
            return
        await self.bot.host.store.set_user_flag(guild_id, lang_choice.FLAG, "" if language == AUTO else language)
        now = await public_lang(self.bot, guild_id)
        key = "prefs.server_language.auto_set" if language == AUTO else "prefs.server_language.set"
        await reply(interaction, t(lang, key, name=language_name(lang, now)))


async def setup(bot: BoardGameBot) -> None:
    bot.add_dynamic_items(TimeoutButton)
    await bot.add_cog(Clocks(bot, tick_seconds=getattr(bot, "clock_tick_seconds", 30.0)))
    await bot.add_cog(Prefs(bot))
