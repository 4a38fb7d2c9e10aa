"""/game: open a lobby in a new thread (with a time control), join, add AI seats, start; list, mine,
status, resign, abort; replay and export a finished game (cogs/history.py)."""

from __future__ import annotations

import importlib.util
import re
import shlex
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs._common import bot_of, clip, mention, reply, reply_error
from cogs._game import session_here, show_current_board
from cogs.clocks import thread_link, when
from cogs.history import export_command, replay_command
from host import clock as clocks
from host.clock import PRESETS, ClockError
from host.sessions import Host, Session
from rules import GAMES, get_game
from rules.base import InvalidOption

if TYPE_CHECKING:
    from bot import BoardGameBot

LOBBY_OPS = ("join", "leave", "ai", "start", "cancel")


def parse_options(text: str | None) -> dict[str, str]:
    """``"variant=race30 hidden_fame=on"`` → dict; anything else raises InvalidOption."""
    if not text or not text.strip():
        return {}
    out: dict[str, str] = {}
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise InvalidOption(f"Options could not be read ({exc}). Write them as name=value.") from exc
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise InvalidOption(
                f"'{word}' is not an option: write options as name=value, e.g. variant=race30."
            )
        out[key.strip().lower()] = value.strip().lower()
    return out


def lobby_embed(session: Session) -> discord.Embed:
    info = session.game.info
    embed = discord.Embed(
        title=f"{info.title} — lobby",
        description=f"{info.min_players}-{info.max_players} players. Game id `{session.id}`.",
        colour=discord.Colour.gold(),
    )
    seats = "\n".join(
        f"{i + 1}. {'🤖 ' + s.name if s.is_ai else mention(s.user_id, s.name)}"
        for i, s in enumerate(session.seats)
    )
    embed.add_field(name=f"Seats ({len(session.seats)}/{info.max_players})", value=seats or "—", inline=False)
    if session.record.options:
        embed.add_field(
            name="Options",
            value=", ".join(f"{k}={v}" for k, v in sorted(session.record.options.items())),
            inline=False,
        )
    control = Host.clock_of(session).control
    embed.add_field(name="Time control", value=control.label(), inline=False)
    status = {
        "lobby": "Waiting for players",
        "active": "Started",
        "aborted": "Cancelled",
        "finished": "Finished",
        "archived": "Archived",
    }
    embed.set_footer(text=status.get(session.status, session.status))
    return embed


def lobby_view(session: Session) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    styles = {
        "join": (discord.ButtonStyle.success, "Join"),
        "leave": (discord.ButtonStyle.secondary, "Leave"),
        "ai": (discord.ButtonStyle.secondary, "Add AI"),
        "start": (discord.ButtonStyle.primary, "Start"),
        "cancel": (discord.ButtonStyle.danger, "Cancel"),
    }
    for op in LOBBY_OPS:
        style, label = styles[op]
        view.add_item(LobbyButton(session.id, op, label, style))
    return view


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lobby:(?P<sid>[0-9a-f]{1,16}):(?P<op>[a-z]{2,6})",
):
    """Join / Leave / Add AI / Start / Cancel on a lobby message; survives restarts."""

    def __init__(
        self, sid: str, op: str, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"lobby:{sid}:{op}"))
        self.sid, self.op = sid, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["sid"], match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        host = bot.host
        user = interaction.user
        is_admin = _is_manager(interaction)
        try:
            if self.op == "join":
                session = await host.join(self.sid, user.id, user.display_name)
            elif self.op == "leave":
                session = await host.leave(self.sid, user.id)
            elif self.op == "ai":
                session = await host.add_ai(self.sid, user.id)
            elif self.op == "cancel":
                session = await host.abort(self.sid, user.id, is_admin=is_admin)
            elif self.op == "start":
                await interaction.response.defer()
                outcome = await host.start(self.sid, user.id, is_admin=is_admin)
                session = outcome.session
                await _edit_lobby(interaction, session)
                cog = bot.game_cogs.get(session.record.game)
                if cog is not None:
                    await cog.announce(await host.get(session.id), outcome, force_board=True)
                return
            else:
                await reply(interaction, "⚠️ That button is not known any more.")
                return
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        await _edit_lobby(interaction, session)


async def _edit_lobby(interaction: discord.Interaction, session: Session) -> None:
    view = lobby_view(session) if session.status == "lobby" else None
    embed = lobby_embed(session)
    if interaction.response.is_done():
        if interaction.message is not None:
            await interaction.message.edit(embed=embed, view=view)
    else:
        await interaction.response.edit_message(embed=embed, view=view)


def _is_manager(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


PLAYABLE = tuple(name for name in GAMES if importlib.util.find_spec(f"cogs.{name}") is not None)
"""Games with a cog; an engine without one plays only in local mode (``python bot.py demo``)."""
GAME_CHOICES = [app_commands.Choice(name=GAMES[name].info.title, value=name) for name in PLAYABLE]
CLOCK_CHOICES = [app_commands.Choice(name=label, value=spec) for spec, label in PRESETS.items()]


class Lobby(commands.GroupCog, group_name="game", group_description="Start and manage board games"):
    """The /game command group."""

    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot

    @app_commands.command(name="new", description="Open a lobby for a new game in its own thread")
    @app_commands.describe(game="Which game", options="Options as name=value, e.g. variant=race30",
                           clock="Time control: live (minutes a move) or by post (days a move)")
    @app_commands.choices(game=GAME_CHOICES, clock=CLOCK_CHOICES)
    async def new(
        self, interaction: discord.Interaction, game: str, options: str | None = None, clock: str | None = None
    ) -> None:
        try:
            if interaction.guild_id is None:
                raise InvalidOption("Games are played in a server channel, not in DMs.")
            engine = get_game(game)
            if game not in self.bot.game_cogs:
                raise InvalidOption(
                    f"{engine.info.title} cannot be played in Discord yet; try it locally with "
                    f"`python bot.py demo {game} --players {engine.info.min_players}`."
                )
            session = await self.bot.host.create_lobby(
                game,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                creator_id=interaction.user.id,
                creator_name=interaction.user.display_name,
                options=parse_options(options),
                time_control=clock,
            )
        except ClockError as exc:
            await reply(interaction, f"⚠️ {exc}")
            return
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel
        target: Any = channel
        if isinstance(channel, discord.TextChannel):
            target = await channel.create_thread(
                name=f"{engine.info.title} · {session.id}", type=discord.ChannelType.public_thread
            )
            await target.add_user(interaction.user)
        message = await target.send(embed=lobby_embed(session), view=lobby_view(session))
        await self.bot.host.set_messages(session.id, thread_id=target.id, message_id=message.id)
        await interaction.followup.send(
            f"Lobby for **{engine.info.title}** opened in {target.mention} (id `{session.id}`).",
            ephemeral=True,
        )

    @app_commands.command(name="list", description="Open games in this server")
    async def list_(self, interaction: discord.Interaction) -> None:
        sessions = await self.bot.host.open_sessions(guild_id=interaction.guild_id or 0)
        if not sessions:
            await reply(interaction, "No games are open in this server. Start one with /game new.")
            return
        lines = []
        for s in sessions:
            where = f"<#{s.record.thread_id}>" if s.record.thread_id else f"<#{s.record.channel_id}>"
            turn = ", ".join(s.seats[i].name for i in sorted(s.to_act())) or "—"
            state = "lobby" if s.status == "lobby" else f"to play: {turn}"
            lines.append(f"`{s.id}` {s.game.info.title} · {len(s.seats)} players · {state} · {where}")
        await reply(interaction, clip("\n".join(lines)))

    @app_commands.command(name="status", description="Show a game's board and whose turn it is (only to you)")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def status(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        try:
            session = await session_here(self.bot, interaction, game_id)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        if session.status == "lobby":
            await reply(interaction, "This game is still in its lobby.", embed=lobby_embed(session))
            return
        await show_current_board(
            interaction, session.id, f"{session.game.info.title} `{session.id}`, move {session.version}."
        )

    @app_commands.command(name="abort", description="Abort a game (its creator or a server manager)")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def abort(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        try:
            session = await session_here(self.bot, interaction, game_id)
            session = await self.bot.host.abort(
                session.id, interaction.user.id, is_admin=_is_manager(interaction)
            )
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        await interaction.response.send_message(
            f"🛑 Game `{session.id}` was aborted by {interaction.user.mention}."
        )


    @app_commands.command(name="mine", description="Your games in this server: whose turn, deadlines, links")
    async def mine(self, interaction: discord.Interaction) -> None:
        uid = interaction.user.id
        sessions = [s for s in await self.bot.host.open_sessions(guild_id=interaction.guild_id or 0)
                    if s.seat_of(uid) is not None and not s.seats[s.seat_of(uid) or 0].resigned]
        if not sessions:
            await reply(interaction, "You are not in any open game here. Start one with /game new.")
            return
        now = self.bot.host.clock()
        lines = []
        mine_first = sorted(sessions, key=lambda s: (s.seat_of(uid) not in s.to_act(), s.record.created_at))
        for s in mine_first:
            seat = s.seat_of(uid)
            link = thread_link(s)
            if s.status == "lobby":
                state = "in the lobby"
            elif seat in s.to_act():
                end = clocks.deadline(Host.clock_of(s), seat or 0, (), now)
                state = "**your turn**" + (f", due {when(end)}" if end else "")
            else:
                state = "to play: " + (", ".join(s.seats[i].name for i in sorted(s.to_act())) or "—")
            lines.append(f"`{s.id}` {s.game.info.title} · {state} · {link}")
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
        await interaction.response.send_message(
            f"🏳️ {interaction.user.mention} resigned from game `{session.id}`; an AI plays the seat to the end."
        )
        cog = self.bot.game_cogs.get(outcome.session.record.game)
        if cog is not None:
            await cog.announce(await self.bot.host.get(session.id), outcome, force_board=True)

    @app_commands.command(name="replay", description="An animated replay of a finished game (GIF)")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def replay(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        await replay_command(self.bot, interaction, game_id)

    @app_commands.command(name="export", description="A finished game's log as JSON that replays it (only to you)")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def export(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        await export_command(self.bot, interaction, game_id)


async def setup(bot: BoardGameBot) -> None:
    bot.add_dynamic_items(LobbyButton)
    await bot.add_cog(Lobby(bot))
