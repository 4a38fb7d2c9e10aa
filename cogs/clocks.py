"""Play-by-post in Discord: the reminder loop, timeout choices, and /prefs.

Every ``CLOCK_TICK_SECONDS`` the loop asks the reminder service (host/reminders.py) what fell due
and sends it: "your turn" DMs to those who asked, reminders by DM with a mention in the game's
thread, and on a timeout a message in the thread where the *other* players choose (buttons) to
wait, let an AI play that turn, or let an AI take the seat. What was sent is stored before it is
sent, so a restart never repeats a reminder; deadlines are in the database, not in memory.
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

from cogs._common import bot_of, mention, reply, reply_error, safe_dm
from host import clock as clocks
from host.reminders import PING, QUIET, UTC_OFFSET, Notice, parse_quiet
from host.sessions import Host

if TYPE_CHECKING:
    from bot import BoardGameBot

log = logging.getLogger(__name__)

ARCHIVE_EVERY = 3600.0
CHOICES = {"wait": "Wait", "turn": "AI plays this turn", "seat": "AI takes the seat"}


def thread_link(session: Any) -> str:
    where = session.record.thread_id or session.record.channel_id
    return f"https://discord.com/channels/{session.record.guild_id}/{where}"


def when(ts: float | None) -> str:
    """A Discord timestamp each reader sees in their own time zone ('in 2 days')."""
    return f"<t:{int(ts)}:R>" if ts else "—"


def clock_lines(session: Any, now: float) -> list[str]:
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
            state = "⌛ out of time" if sc.timed_out else f"due {when(end)}"
        else:
            state = f"reserve {clocks.span(sc.reserve)}" if clock.control.increment else "waiting"
        parts.append(f"{info.name}: {state}")
    return [f"⏱️ {clock.control.label()} — " + " · ".join(parts)]


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
        name = session.seats[self.seat].name
        text = {
            "wait": f"⏳ {interaction.user.mention} chose to wait: {name} has "
            f"{clocks.span(bot.host.clock_of(session).control.per_move)} more.",
            "turn": f"🤖 {interaction.user.mention} let an AI play {name}'s turn.",
            "seat": f"🤖 {interaction.user.mention} handed {name}'s seat to an AI for the rest of the game.",
        }[self.choice]
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


def timeout_view(notice: Notice) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    per_move = Host.clock_of(notice.session).control.per_move
    for choice, label in CHOICES.items():
        if choice == "wait":
            label = f"Wait {clocks.span(per_move)} more"
        view.add_item(TimeoutButton(notice.session.id, notice.seat, notice.turn, choice, label))
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
                await self._post(session, "🗄️ Nobody has played here for a long time: this game is archived "
                                 "(kept, with its whole log).")
        return notices

    async def _post(self, session: Any, content: str, **kwargs: Any) -> None:
        cog = next(iter(self.bot.game_cogs.values()), None)
        channel = await cog.thread_of(session) if cog is not None else None
        if channel is None:
            return
        with contextlib.suppress(discord.HTTPException):
            await channel.send(content, **kwargs)

    async def send(self, notice: Notice) -> None:
        s = notice.session
        who = s.seats[notice.seat]
        title = s.game.info.title
        link = thread_link(s)
        if notice.kind == "turn":
            await safe_dm(self.bot, notice.user_id or 0, f"🎲 Your turn in **{title}** `{s.id}`: {link}")
        elif notice.kind == "reminder":
            text = f"⏰ {clocks.span(notice.left)} left to move in **{title}** `{s.id}` (due {when(notice.deadline)})"
            await safe_dm(self.bot, notice.user_id or 0, f"{text}: {link}")
            await self._post(s, f"⏰ {mention(who.user_id, who.name)}: {clocks.span(notice.left)} left to move "
                             f"(due {when(notice.deadline)}).")
        elif notice.kind == "timeout":
            others = [x for i, x in enumerate(s.seats) if i != notice.seat and not x.is_ai and x.user_id]
            await safe_dm(self.bot, notice.user_id or 0, f"⌛ Your time ran out in **{title}** `{s.id}`; "
                          f"the other players decide what happens: {link}")
            if others:
                names = ", ".join(mention(x.user_id, x.name) for x in others)
                await self._post(s, f"⌛ {mention(who.user_id, who.name)}'s time ran out. {names}: wait, let an AI "
                                 "play this turn, or let an AI take the seat for the rest of the game?",
                                 view=timeout_view(notice))
            else:
                await self._post(s, f"⌛ {mention(who.user_id, who.name)}'s time ran out; the game waits for you.")


class Prefs(commands.GroupCog, group_name="prefs", group_description="Your reminders, quiet hours and vacations"):
    """Per-user preferences for play by post."""

    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot

    async def _season_start(self, interaction: discord.Interaction) -> float:
        """Vacation days are counted per league season (or per calendar year without one)."""
        league = getattr(self.bot, "league", None)
        if league is not None and interaction.guild_id is not None and hasattr(league, "season_start"):
            start = await league.season_start(interaction.guild_id)
            if start is not None:
                return float(start)
        now = dt.datetime.fromtimestamp(self.bot.host.clock(), tz=dt.UTC)
        return dt.datetime(now.year, 1, 1, tzinfo=dt.UTC).timestamp()

    @app_commands.command(name="show", description="Your play-by-post preferences")
    async def show(self, interaction: discord.Interaction) -> None:
        rem = self.bot.reminders
        uid = interaction.user.id
        prefs = await rem.prefs(uid)
        now = self.bot.host.clock()
        used = await rem.vacation_used(uid, await self._season_start(interaction), now)
        away = [b for a, b in await self.bot.host.store.vacations(uid, now) if a <= now]
        quiet = f"{prefs.quiet[0]}:00-{prefs.quiet[1]}:00" if prefs.quiet else "none"
        lines = [
            f"Turn pings by DM: **{'on' if prefs.ping else 'off'}**",
            f"Quiet hours: **{quiet}** (UTC{prefs.utc_offset:+d})",
            f"Vacation: {'**on** until ' + when(away[0]) if away else 'off'} · {used:.1f} of "
            f"{rem.vacation_days:g} days used this season",
        ]
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="ping", description="Get a DM when it is your turn")
    @app_commands.choices(setting=[app_commands.Choice(name="on", value="on"),
                                   app_commands.Choice(name="off", value="off")])
    async def ping(self, interaction: discord.Interaction, setting: str) -> None:
        if setting not in ("on", "off"):
            await reply(interaction, "⚠️ Choose on or off.")
            return
        await self.bot.host.store.set_user_flag(interaction.user.id, PING, setting)
        await reply(interaction, f"Turn pings are **{setting}**.")

    @app_commands.command(name="quiet", description="Hours without pings or reminders, in your local time")
    @app_commands.describe(hours="From-to in your local time, e.g. 22-7; 'off' to remove",
                           utc_offset="Your offset from UTC in hours, e.g. 9 for Japan, -5 for New York")
    async def quiet(self, interaction: discord.Interaction, hours: str, utc_offset: int = 0) -> None:
        try:
            if not -12 <= utc_offset <= 14:
                raise ValueError("The UTC offset is between -12 and 14.")
            store = self.bot.host.store
            if hours.strip().lower() in ("off", "none"):
                await store.set_user_flag(interaction.user.id, QUIET, "")
                await reply(interaction, "Quiet hours removed.")
                return
            a, b = parse_quiet(hours.strip())
        except ValueError as exc:
            await reply(interaction, f"⚠️ {exc}")
            return
        await store.set_user_flag(interaction.user.id, QUIET, f"{a}-{b}")
        await store.set_user_flag(interaction.user.id, UTC_OFFSET, str(utc_offset))
        await reply(interaction, f"Quiet from {a}:00 to {b}:00 (UTC{utc_offset:+d}): pings and reminders wait.")

    @app_commands.command(name="vacation", description="Pause your clocks in every game for some days")
    @app_commands.describe(days="How many days (a limited number per season)")
    async def vacation(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 60]) -> None:
        now = self.bot.host.clock()
        try:
            left = await self.bot.reminders.start_vacation(
                interaction.user.id, float(days), now, await self._season_start(interaction))
        except ValueError as exc:
            await reply(interaction, f"⚠️ {exc}")
            return
        await reply(interaction, f"🏖️ Your clocks are paused until {when(now + days * clocks.DAY)}. "
                    f"{left:g} vacation days left this season. /prefs back ends it early.")

    @app_commands.command(name="back", description="End your vacation now")
    async def back(self, interaction: discord.Interaction) -> None:
        ended = await self.bot.reminders.end_vacation(interaction.user.id, self.bot.host.clock())
        await reply(interaction, "Welcome back: your clocks run again." if ended else "⚠️ You are not on vacation.")


async def setup(bot: BoardGameBot) -> None:
    bot.add_dynamic_items(TimeoutButton)
    await bot.add_cog(Clocks(bot, tick_seconds=getattr(bot, "clock_tick_seconds", 30.0)))
    await bot.add_cog(Prefs(bot))

