"""/game: open a lobby in a new thread (with a time control), join, add AI seats, start; list, mine,
status, resign, abort; replay and export a finished game (cogs/history.py).

Words come from the ``lobby`` catalogue, games' titles and options from each game's (``<game>.title``,
``<game>.option.<name>.description`` / ``.choice.<value>``): the lobby message and what is said in
the channel for everyone in the server's language, ephemeral answers in the user's (cogs/_lang.py).
"""

from __future__ import annotations

import importlib.util
import logging
import re
import shlex
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs._common import (
    answer_first,
    bot_of,
    clip,
    defer_update,
    is_manager,
    mention,
    reader_lang,
    refusal,
    reply,
    reply_error,
    reply_public,
)
from cogs._game import session_here, show_current_board
from cogs._lang import public_lang
from cogs.clocks import control_label, thread_link, when
from cogs.history import export_command, replay_command
from cogs.replay_viewer import ViewerButton
from host import clock as clocks
from host.clock import PRESETS
from host.sessions import Host, Session
from i18n import has, t
from i18n.text import game_title
from rules import GAMES, get_game
from rules.ai import LEVELS
from rules.base import InvalidOption, OptionSpec

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot

log = logging.getLogger(__name__)

LOBBY_OPS = ("join", "leave", "ai", "start", "cancel")
BUTTONS = {
    "join": (discord.ButtonStyle.success, "lobby.button.join"),
    "leave": (discord.ButtonStyle.secondary, "lobby.button.leave"),
    "ai": (discord.ButtonStyle.secondary, "lobby.button.ai"),
    "start": (discord.ButtonStyle.primary, "lobby.button.start"),
    "cancel": (discord.ButtonStyle.danger, "lobby.button.cancel"),
}
"""Each lobby button's style and the catalogue key of its label."""
LEVEL_WORDS = {"easy": "lobby.level.easy", "normal": "lobby.level.normal", "hard": "lobby.level.hard"}
"""The catalogue key of each AI level's name (rules.ai.LEVELS)."""
LEVEL_CHOICES = [app_commands.Choice(name=name.capitalize(), value=name) for name in LEVELS]
STATUS = {
    "lobby": "lobby.footer.lobby",
    "active": "lobby.footer.active",
    "aborted": "lobby.footer.aborted",
    "finished": "lobby.footer.finished",
    "archived": "lobby.footer.archived",
    "damaged": "lobby.footer.damaged",
}
"""The lobby message's footer, by the session's status."""
REPOST_COOLDOWN = 30.0
"""Seconds between two re-posts of one game's board, so the thread cannot be flooded with pictures."""
SUGGESTIONS = 25
"""Discord's cap on autocomplete choices."""


def parse_options(text: str | None) -> dict[str, str]:
    """``"variant=race30 hidden_fame=on"`` → dict; anything else raises InvalidOption."""
    if not text or not text.strip():
        return {}
    out: dict[str, str] = {}
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise refusal(InvalidOption, "lobby.error.options_unreadable", detail=str(exc)) from exc
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise refusal(InvalidOption, "lobby.error.not_an_option", word=word)
        out[key.strip().lower()] = value.strip().lower()
    return out


def option_description(lang: str, game: str, spec: OptionSpec) -> str:
    key = f"{game}.option.{spec.name}.description"
    return t(lang, key) if has(lang, key) else spec.description


def option_choice(lang: str, game: str, name: str, value: str) -> str:
    """One value of a game's option in ``lang`` (``on`` / オン), the value itself when it has no words."""
    key = f"{game}.option.{name}.choice.{value}"
    return t(lang, key) if has(lang, key) else value


def lobby_embed(session: Session, lang: str = "en") -> discord.Embed:
    info = session.game.info
    game = session.record.game
    embed = discord.Embed(
        title=t(lang, "lobby.embed.title", title=game_title(lang, game)),
        description=t(lang, "lobby.embed.description", least=info.min_players, most=info.max_players,
                      game_id=session.id) + "\n" + t(lang, "rules_help.lobby_hint", title=game_title(lang, game)),
        colour=discord.Colour.gold(),
    )
    seats = "\n".join(
        f"{i + 1}. {'🤖 ' + s.name if s.is_ai else mention(s.user_id, s.name)}"
        for i, s in enumerate(session.seats)
    )
    embed.add_field(name=t(lang, "lobby.embed.seats", count=len(session.seats), most=info.max_players),
                    value=seats or "—", inline=False)
    if session.record.options:
        options = [t(lang, "lobby.embed.option", name=k, value=option_choice(lang, game, k, v))
                   for k, v in sorted(session.record.options.items())]
        embed.add_field(name=t(lang, "lobby.embed.options"), value=t(lang, "common.word.comma").join(options),
                        inline=False)
    control = Host.clock_of(session).control
    embed.add_field(name=t(lang, "lobby.embed.time_control"), value=control_label(control, lang), inline=False)
    embed.set_footer(text=t(lang, STATUS[session.status]) if session.status in STATUS else session.status)
    return embed


def lobby_view(session: Session, lang: str = "en") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in LOBBY_OPS:
        style, key = BUTTONS[op]
        view.add_item(LobbyButton(session.id, op, t(lang, key), style))
    return view


def option_suggestions(lang: str, game: str | None, typed: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for ``/game new options``: the chosen game's options not given yet, each value with
    its meaning in ``lang``; choosing one appends ``name=value`` to what was typed."""
    if game not in GAMES:
        return []
    words = typed.split()
    partial = "" if not words or typed.endswith(" ") else words.pop().lower()
    given = {w.partition("=")[0].lower() for w in words}
    found = []
    for spec in GAMES[game].info.options:
        if spec.name in given:
            continue
        meaning = option_description(lang, game, spec)
        for value in spec.choices:
            code = f"{spec.name}={value}"
            if not code.startswith(partial):
                continue
            shown = t(lang, "lobby.option.suggestion", name=spec.name,
                      choice=option_choice(lang, game, spec.name, value), description=meaning)
            full = " ".join([*words, code])
            if len(full) <= 100:
                found.append(app_commands.Choice(name=_shorten(shown, 100), value=full))
    return found[:SUGGESTIONS]


def _shorten(text: str, limit: int) -> str:
    # An autocomplete choice's name holds at most 100 characters; Japanese descriptions can be longer.
    return text if len(text) <= limit else text[: limit - 1] + "…"


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lobby:(?P<sid>[0-9a-f]{1,16}):(?P<op>[a-z]{2,6})(?::(?P<seat>[0-9]{1,2}))?",
):
    """Join / Leave / Add AI / Start / Cancel on a lobby message, and the level of an added AI
    (op = the level, with its seat) on the adder's private answer; survives restarts."""

    def __init__(
        self, sid: str, op: str, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        seat: int | None = None,
    ) -> None:
        custom_id = f"lobby:{sid}:{op}" if seat is None else f"lobby:{sid}:{op}:{seat}"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.sid, self.op, self.seat = sid, op, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["sid"], match["op"], seat=int(match["seat"]) if match["seat"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        host = bot.host
        user = interaction.user
        try:
            if self.op == "join":
                session = await host.join(self.sid, user.id, user.display_name)
            elif self.op == "leave":
                session = await host.leave(self.sid, user.id)
            elif self.op == "ai":
                session = await host.add_ai(self.sid, user.id)
                await _edit_lobby(interaction, session)
                await _offer_levels(interaction, session, len(session.seats) - 1, "lobby.ai.added")
                return
            elif self.op in LEVELS and self.seat is not None:
                session = await host.set_ai_level(self.sid, user.id, self.seat, self.op)
                await _offer_levels(interaction, session, self.seat, "lobby.ai.level_set")
                await _redraw_lobby(bot, session)
                return
            elif self.op == "cancel":
                game_guild = (await host.get(self.sid)).record.guild_id  # authority is judged in the game's server
                session = await host.abort(self.sid, user.id, is_admin=is_manager(interaction, game_guild))
            elif self.op == "start":
                # Starting draws the first board and may run AI moves: acknowledge first.
                await defer_update(interaction)
                outcome = await host.start(self.sid, user.id)  # the creator only (README, "Lobbies")
                session = outcome.session
                await _edit_lobby(interaction, session)
                cog = bot.game_cogs.get(session.record.game)
                if cog is not None:
                    await cog.announce(await host.get(session.id), outcome, force_board=True)
                return
            else:
                await reply(interaction, t(await reader_lang(interaction), "lobby.error.unknown_button"))
                return
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        await _edit_lobby(interaction, session)


def level_view(session: Session, seat: int, lang: str) -> discord.ui.View:
    """Easy / Normal / Hard for one AI seat of a lobby, the current level highlighted."""
    view = discord.ui.View(timeout=None)
    for level in LEVELS:
        style = discord.ButtonStyle.primary if session.seats[seat].ai == level else discord.ButtonStyle.secondary
        view.add_item(LobbyButton(session.id, level, t(lang, LEVEL_WORDS[level]), style, seat=seat))
    return view


async def _offer_levels(interaction: discord.Interaction, session: Session, seat: int, key: str) -> None:
    """Tell the clicker (privately) which AI sits where at which level, with the levels to choose from:
    a new message after Add AI, the same one updated after a level button."""
    lang = await reader_lang(interaction)
    ai = session.seats[seat]
    level = t(lang, LEVEL_WORDS[ai.ai]) if ai.ai in LEVEL_WORDS else ai.ai or ""
    text = t(lang, key, name=ai.name, level=level)
    view = level_view(session, seat, lang) if ai.ai in LEVEL_WORDS else None
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, view=view or discord.utils.MISSING, ephemeral=True)
        else:
            await interaction.response.edit_message(content=text, view=view)
    except discord.HTTPException as exc:  # the seat is stored; only the private note is lost
        log.warning("game %s: the AI level note could not be sent: %s", session.id, exc)


async def _redraw_lobby(bot: BoardGameBot, session: Session) -> None:
    """Redraw the lobby message from elsewhere (a level button lives on a private message)."""
    rec = session.record
    channel = bot.get_channel(rec.thread_id or rec.channel_id)
    if rec.message_id is None or not hasattr(channel, "get_partial_message"):
        return
    lang = await public_lang(bot, rec.guild_id)
    try:
        await channel.get_partial_message(rec.message_id).edit(  # type: ignore[union-attr]
            embed=lobby_embed(session, lang), view=lobby_view(session, lang))
    except discord.HTTPException as exc:
        log.warning("game %s: the lobby message could not be edited: %s", session.id, exc)


async def _edit_lobby(interaction: discord.Interaction, session: Session) -> None:
    """Redraw the lobby message (everyone's: in the server's language)."""
    lang = await public_lang(bot_of(interaction), session.record.guild_id)
    view = lobby_view(session, lang) if session.status == "lobby" else None
    embed = lobby_embed(session, lang)
    if interaction.response.is_done():
        # The click was acknowledged first (defer_update): the original response is the lobby message.
        try:
            await interaction.edit_original_response(embed=embed, view=view)
        except discord.HTTPException as exc:
            log.warning("game %s: the lobby message could not be edited: %s", session.id, exc)
    else:
        await interaction.response.edit_message(embed=embed, view=view)


PLAYABLE = tuple(name for name in GAMES if importlib.util.find_spec(f"cogs.{name}") is not None)
"""Games with a cog; an engine without one plays only in local mode (``python bot.py demo``)."""
GAME_CHOICES = [app_commands.Choice(name=GAMES[name].info.title, value=name) for name in PLAYABLE]
CLOCK_CHOICES = [app_commands.Choice(name=label, value=spec) for spec, label in PRESETS.items()]


class Lobby(commands.GroupCog, group_name="game", group_description="Start and manage board games"):
    """The /game command group."""

    PUBLIC = frozenset({"abort", "replay"})
    """Commands answered for everyone: ``abort`` at once (one light write), ``replay`` after its own
    checks; every other /game command is acknowledged privately before any work (``answer_first``)."""

    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot
        self._reposted: dict[str, float] = {}
        """When each game's board was last posted again on request (a spam guard, in memory)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:  # type: ignore[override]
        command = interaction.command
        if command is not None and command.name in self.PUBLIC:
            return True
        return await answer_first(interaction)

    @app_commands.command(name="new", description="Open a lobby for a new game in its own thread")
    @app_commands.describe(game="Which game", options="Options as name=value, e.g. variant=race30",
                           clock="Time control: live (minutes a move) or by post (days a move)")
    @app_commands.choices(game=GAME_CHOICES, clock=CLOCK_CHOICES)
    async def new(
        self, interaction: discord.Interaction, game: str, options: str | None = None, clock: str | None = None
    ) -> None:
        try:
            if interaction.guild_id is None:
                raise refusal(InvalidOption, "lobby.error.dm")
            engine = get_game(game)
            if game not in self.bot.game_cogs:
                raise refusal(InvalidOption, "lobby.error.not_in_discord", game=game,
                              players=engine.info.min_players)
            session = await self.bot.host.create_lobby(
                game,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                creator_id=interaction.user.id,
                creator_name=interaction.user.display_name,
                options=parse_options(options),
                time_control=clock,
            )
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        ours = await public_lang(self.bot, interaction.guild_id)  # the thread and the lobby: everyone's
        channel = interaction.channel
        target: Any = channel
        if isinstance(channel, discord.TextChannel):
            target = await channel.create_thread(
                name=t(ours, "lobby.thread.name", title=game_title(ours, game), game_id=session.id),
                type=discord.ChannelType.public_thread,
            )
            await target.add_user(interaction.user)
        message = await target.send(embed=lobby_embed(session, ours), view=lobby_view(session, ours))
        await self.bot.host.set_messages(session.id, thread_id=target.id, message_id=message.id)
        lang = await reader_lang(interaction)
        await interaction.followup.send(
            t(lang, "lobby.new.opened", title=game_title(lang, game), where=target.mention, game_id=session.id),
            ephemeral=True,
        )

    @new.autocomplete("options")
    async def new_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        return option_suggestions(await reader_lang(interaction), game if isinstance(game, str) else None, current)

    @app_commands.command(name="list", description="Open games in this server")
    async def list_(self, interaction: discord.Interaction) -> None:
        lang = await reader_lang(interaction)
        sessions = await self.bot.host.open_sessions(guild_id=interaction.guild_id or 0)
        if not sessions:
            await reply(interaction, t(lang, "lobby.list.none"))
            return
        comma = t(lang, "common.word.comma")
        lines = []
        for s in sessions:
            where = f"<#{s.record.thread_id}>" if s.record.thread_id else f"<#{s.record.channel_id}>"
            turn = comma.join(s.seats[i].name for i in sorted(s.to_act())) or "—"
            state = t(lang, "lobby.list.lobby") if s.status == "lobby" else t(lang, "lobby.list.to_play", names=turn)
            lines.append(t(lang, "lobby.list.line", game_id=s.id, title=game_title(lang, s.record.game),
                           players=len(s.seats), state=state, where=where))
        await reply(interaction, clip("\n".join(lines)))

    @app_commands.command(name="status", description="Show a game's board and whose turn it is (only to you)")
    @app_commands.describe(game_id="The game's id (optional inside its thread)",
                           repost="Post the board again in the game's thread for everyone (players only)")
    async def status(self, interaction: discord.Interaction, game_id: str | None = None, repost: bool = False) -> None:
        try:
            session = await session_here(self.bot, interaction, game_id)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        lang = await reader_lang(interaction)
        if session.status == "lobby":
            await reply(interaction, t(lang, "lobby.status.in_lobby"), embed=lobby_embed(session, lang))
            return
        if repost:
            await self._repost(interaction, session, lang)
            return
        try:
            self.bot.host.pictures.take(interaction.user.id)  # fair use: one picture every few seconds
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        await show_current_board(
            interaction, session.id, t(lang, "lobby.status.note", title=game_title(lang, session.record.game),
                                       game_id=session.id, move=session.version),
            lang=lang,
        )

    async def _repost(self, interaction: discord.Interaction, session: Session, lang: str) -> None:
        """Post the board in the thread again, e.g. when Discord lost the last one (the game is safe)."""
        if session.seat_of(interaction.user.id) is None and not is_manager(interaction, session.record.guild_id):
            await reply(interaction, t(lang, "lobby.repost.players_only"))
            return
        cog = self.bot.game_cogs.get(session.record.game)
        if cog is None or session.state is None or session.status == "aborted":
            await reply(interaction, t(lang, "lobby.repost.no_board"))
            return
        now = self.bot.host.clock()
        last = self._reposted.get(session.id)
        if last is not None and now - last < REPOST_COOLDOWN:
            await reply(interaction, t(lang, "lobby.repost.too_soon"))
            return
        self._reposted[session.id] = now
        if await cog.repost_board(session, interaction.user.mention):
            await reply(interaction, t(lang, "lobby.repost.done", game_id=session.id, where=thread_link(session)))
        else:
            self._reposted.pop(session.id, None)
            await reply(interaction, t(lang, "lobby.repost.failed"))

    @app_commands.command(name="abort", description="Abort a game (its creator or a server manager)")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def abort(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        try:
            session = await session_here(self.bot, interaction, game_id)
            session = await self.bot.host.abort(
                session.id, interaction.user.id, is_admin=is_manager(interaction, session.record.guild_id)
            )
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        ours = await public_lang(self.bot, interaction.guild_id)  # said in the channel, for everyone
        await interaction.response.send_message(
            t(ours, "lobby.abort.done", game_id=session.id, who=interaction.user.mention)
        )

    @app_commands.command(name="mine", description="Your games in this server: whose turn, deadlines, links")
    async def mine(self, interaction: discord.Interaction) -> None:
        uid = interaction.user.id
        lang = await reader_lang(interaction)
        sessions = [s for s in await self.bot.host.open_sessions(guild_id=interaction.guild_id or 0)
                    if s.seat_of(uid) is not None and not s.seats[s.seat_of(uid) or 0].resigned]
        if not sessions:
            await reply(interaction, t(lang, "lobby.mine.none"))
            return
        now = self.bot.host.clock()
        comma = t(lang, "common.word.comma")
        lines = []
        mine_first = sorted(sessions, key=lambda s: (s.seat_of(uid) not in s.to_act(), s.record.created_at))
        for s in mine_first:
            seat = s.seat_of(uid)
            link = thread_link(s)
            if s.status == "lobby":
                state = t(lang, "lobby.mine.in_lobby")
            elif seat in s.to_act():
                end = clocks.deadline(Host.clock_of(s), seat or 0, (), now)
                state = t(lang, "lobby.mine.your_turn_due", due=when(end)) if end else t(lang, "lobby.mine.your_turn")
            else:
                state = t(lang, "lobby.mine.to_play", names=comma.join(s.seats[i].name for i in sorted(s.to_act()))
                          or "—")
            lines.append(t(lang, "lobby.mine.line", game_id=s.id, title=game_title(lang, s.record.game), state=state,
                           where=link))
        await reply(interaction, clip("\n".join(lines)))

    @app_commands.command(name="resign", description="Leave a game you are playing: an AI plays your seat to the end")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def resign(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        try:
            session = await session_here(self.bot, interaction, game_id)
            outcome = await self.bot.host.resign(session.id, interaction.user.id)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        ours = await public_lang(self.bot, interaction.guild_id)  # said in the channel, for everyone
        await reply_public(interaction, t(ours, "lobby.resign.done", who=interaction.user.mention, game_id=session.id))
        cog = self.bot.game_cogs.get(outcome.session.record.game)
        if cog is not None:
            await cog.announce(await self.bot.host.get(session.id), outcome, force_board=True)

    @app_commands.command(name="ai_level",
                          description="The AI level that takes over timed-out or resigned seats here (Manage Server)")
    @app_commands.describe(level="Normal unless a server manager sets another")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def ai_level(self, interaction: discord.Interaction, level: str) -> None:
        try:
            if interaction.guild_id is None:
                raise refusal(InvalidOption, "lobby.error.dm")
            await self.bot.host.set_takeover_level(interaction.guild_id, level, is_manager=is_manager(interaction))
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        lang = await reader_lang(interaction)
        await reply(interaction, t(lang, "lobby.ai_level.set", level=t(lang, LEVEL_WORDS[level])))

    @app_commands.command(name="replay", description="An animated replay of a finished game (GIF)")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def replay(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        await replay_command(self.bot, interaction, game_id)

    @app_commands.command(name="export", description="A finished game's log as JSON that replays it (only to you)")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def export(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        await export_command(self.bot, interaction, game_id)


async def setup(bot: BoardGameBot) -> None:
    bot.add_dynamic_items(LobbyButton, ViewerButton)  # /game replay's step-through viewer (cogs/replay_viewer.py)
    await bot.add_cog(Lobby(bot))
