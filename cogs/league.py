"""/league: the server league. Leaderboards (picture and text), profiles, match history, seasons, a
season's results as CSV, and the admin commands (void a game, recompute, options).

Thin: every rule lives in host/league.py (``bot.league``); this only reads the interaction, asks the
league, and words the answer. Admin commands check *Manage Server* when they run: Discord ignores
``default_permissions`` on subcommands, so it cannot hide them from other members.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from cogs._common import bot_of, clip, png_file, reply, reply_error
from host.errors import PermissionDenied
from host.league import Entry, GameStats, League, LeagueError, ResultRow, Scope, Season
from render.leaderboard import render as render_leaderboard
from rules import GAMES

if TYPE_CHECKING:
    from bot import BoardGameBot

BOARD_SIZE = 20
"""Players shown on a leaderboard (picture and text)."""
HISTORY_SIZE = 15
RATING_NOTE = "Rating = μ − 3σ (openskill Plackett-Luce ordinal); a newcomer starts at 0."
GAME_CHOICES = [app_commands.Choice(name=g.info.title, value=name) for name, g in GAMES.items()]
SWITCH = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]


def league_of(interaction: discord.Interaction) -> League:
    return bot_of(interaction).league  # type: ignore[attr-defined, no-any-return]


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise LeagueError("The league belongs to a server: use /league in a server channel, not in DMs.")
    return interaction.guild_id


def require_manager(interaction: discord.Interaction) -> int:
    """The guild id, if the user may run league admin commands here (Manage Server)."""
    guild = guild_of(interaction)
    if not interaction.permissions.manage_guild:
        raise PermissionDenied("Only members with the Manage Server permission can do that.")
    return guild


def title_of(game: str) -> str:
    return GAMES[game].info.title if game in GAMES else game


def place(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def board_lines(entries: list[Entry]) -> list[str]:
    return [
        f"**{e.position}.** {escape_markdown(e.name)} — **{e.rating.ordinal:.1f}** · "
        f"{e.games} game{'s' * (e.games != 1)} · {e.wins} win{'s' * (e.wins != 1)}"
        for e in entries
    ]


def board_picture(game: str, scope: Scope, entries: list[Entry], games: int) -> bytes:
    return render_leaderboard({
        "title": f"{title_of(game)} leaderboard",
        "subtitle": f"{scope.label} · {games} rated game{'s' * (games != 1)}",
        "note": RATING_NOTE,
        "rows": [
            {"position": e.position, "name": e.name, "rating": e.rating.ordinal, "games": e.games, "wins": e.wins}
            for e in entries
        ],
    })


def stats_text(s: GameStats, min_games: int) -> str:
    if s.rating is None:
        head = "Not rated yet"
    elif s.position is None:
        head = f"Rating **{s.rating.ordinal:.1f}** (listed after {min_games} rated games)"
    else:
        head = f"Rating **{s.rating.ordinal:.1f}** (#{s.position} of {s.ranked})"
    line = (f"{s.games} game{'s' * (s.games != 1)} ({s.rated} rated) · {s.wins} win{'s' * (s.wins != 1)} · "
            f"average place {s.average_rank:.1f} · average score {s.average_score:.1f}")
    if s.resigned:
        line += f" · resigned {s.resigned}"
    return f"{head}\n{line}"


def history_line(r: ResultRow) -> str:
    if r.voided:
        rating = "voided"
    elif not r.rated:
        rating = "not rated (AI seats)" if r.game_has_ai else "not rated"
    elif r.before is not None and r.after is not None and r.change is not None:
        rating = f"{r.before.ordinal:.1f} → {r.after.ordinal:.1f} ({r.change:+.1f})"
    else:
        rating = "rated"
    resigned = " · resigned" if r.resigned else ""
    return (f"<t:{int(r.finished_at)}:d> **{title_of(r.game)}** `{r.session_id}` — {place(r.rank)} of {r.players} · "
            f"{r.score} pts{resigned} · {rating}")


def file_name(scope: Scope) -> str:
    if scope.season is None:
        return "league-all-time.csv"
    slug = re.sub(r"[^a-z0-9]+", "-", scope.season.name.lower()).strip("-") or "season"
    return f"league-season-{scope.season.id}-{slug}.csv"


async def season_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The server's seasons (newest first) and "All time"; Discord does not check what is typed."""
    if interaction.guild_id is None:
        return []
    seasons = await league_of(interaction).seasons(interaction.guild_id)
    choices = [app_commands.Choice(name="All time", value="all")]
    choices += [
        app_commands.Choice(name=f"{s.name}{' (running)' if s.running else ''}"[:100], value=str(s.id))
        for s in seasons
    ]
    text = current.strip().lower()
    return [c for c in choices if text in c.name.lower()][:25]


@app_commands.guild_only()
class LeagueCog(commands.GroupCog, group_name="league", group_description="The server league: ratings and seasons"):
    """The /league command group."""

    season = app_commands.Group(name="season", description="League seasons")

    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot

    @property
    def league(self) -> League:
        return self.bot.league  # type: ignore[attr-defined, no-any-return]

    async def cog_load(self) -> None:
        await self.league.open()

    # ------------------------------------------------------------------ everyone

    @app_commands.command(name="leaderboard", description="The league table of a game, as a picture and as text")
    @app_commands.describe(game="Which game (default: the most played)",
                           season="A season, or 'all' (default: the running season, else all time)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(season=season_choices)
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None,
                          season: str | None = None) -> None:
        try:
            guild = guild_of(interaction)
            scope = await self.league.scope(guild, season)
            played = await self.league.rated_games(guild, scope)
            if game is None:
                if not played:
                    hint = " Try season: all." if scope.season is not None else ""
                    raise LeagueError(f"No game has counted for the league yet ({scope.label}).{hint}")
                game = next(iter(played))
            elif game not in GAMES:
                raise LeagueError(f"Unknown game '{game}'. Games: {', '.join(sorted(GAMES))}.")
            entries = await self.league.leaderboard(guild, game, scope, limit=BOARD_SIZE)
            options = await self.league.options(guild)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        await interaction.response.defer(thinking=True)
        picture = await asyncio.to_thread(board_picture, game, scope, entries, played.get(game, 0))
        embed = discord.Embed(
            title=f"🏆 {title_of(game)} — {scope.label}",
            description="\n".join(board_lines(entries)) or "No one is listed yet.",
            colour=discord.Colour.gold(),
        )
        others = [f"{title_of(g)} ({n})" for g, n in played.items() if g != game]
        if others:
            embed.add_field(name="Other games", value=", ".join(others), inline=False)
        listed = f" Listed after {options.min_games} rated games." if options.min_games > 1 else ""
        embed.set_footer(text=RATING_NOTE + listed)
        await interaction.followup.send(embed=embed, file=png_file(picture, "leaderboard.png"))

    @app_commands.command(name="profile", description="A player's league record: ratings, games, wins, averages")
    @app_commands.describe(user="Whose profile (default: yours)",
                           season="A season, or 'all' (default: the running season, else all time)")
    @app_commands.autocomplete(season=season_choices)
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None,
                      season: str | None = None) -> None:
        target = user or interaction.user
        try:
            guild = guild_of(interaction)
            scope = await self.league.scope(guild, season)
            stats = await self.league.profile(guild, target.id, scope)
            options = await self.league.options(guild)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        embed = discord.Embed(title=f"📇 {target.display_name} — {scope.label}", colour=discord.Colour.blurple())
        if not stats:
            embed.description = f"No league games in this scope ({scope.label})."
        for s in stats[:25]:
            embed.add_field(name=title_of(s.game), value=stats_text(s, options.min_games), inline=False)
        embed.set_footer(text=RATING_NOTE)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="history", description="A player's recent league games, with rating changes")
    @app_commands.describe(user="Whose games (default: yours)")
    async def history(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        target = user or interaction.user
        try:
            rows = await self.league.history(guild_of(interaction), target.id, limit=HISTORY_SIZE)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        if not rows:
            await reply(interaction, f"{escape_markdown(target.display_name)} has no finished league games here yet.")
            return
        games = f"{len(rows)} games" if len(rows) > 1 else "game"
        head = f"**{escape_markdown(target.display_name)}** — last {games} (all-time rating):"
        await reply(interaction, clip("\n".join([head, *map(history_line, rows)])))

    @app_commands.command(name="export", description="A season's results as a CSV file, one line per player per game")
    @app_commands.describe(season="A season, or 'all' (default: the running season, else all time)")
    @app_commands.autocomplete(season=season_choices)
    async def export(self, interaction: discord.Interaction, season: str | None = None) -> None:
        try:
            guild = guild_of(interaction)
            scope = await self.league.scope(guild, season)
            rows = await self.league.results(guild, scope)
            text = await self.league.export_csv(guild, scope)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        games = len({r.session_id for r in rows})
        await reply(
            interaction,
            f"📄 {scope.label}: {len(rows)} results from {games} game{'s' * (games != 1)}.",
            file=discord.File(io.BytesIO(text.encode("utf-8")), filename=file_name(scope)),
        )

    # ------------------------------------------------------------------ seasons

    @season.command(name="start", description="Start a league season (Manage Server)")
    @app_commands.describe(name="The season's name, e.g. Spring 2027")
    async def season_start(self, interaction: discord.Interaction, name: str) -> None:
        try:
            started = await self.league.start_season(require_manager(interaction), name)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        await interaction.response.send_message(
            f"🏁 Season **{escape_markdown(started.name)}** has started: games finishing from now on count for "
            "it, and /league leaderboard shows it until it ends."
        )

    @season.command(name="end", description="End the running league season (Manage Server)")
    async def season_end(self, interaction: discord.Interaction) -> None:
        try:
            guild = require_manager(interaction)
            ended = await self.league.end_season(guild)
            scope = Scope(ended)
            lines = [f"🏆 Season **{escape_markdown(ended.name)}** is over. Final standings:"]
            for game in await self.league.rated_games(guild, scope):
                top = await self.league.leaderboard(guild, game, scope, limit=3)
                if top:
                    lines.append(f"__{title_of(game)}__: " + " · ".join(
                        f"{e.position}. {escape_markdown(e.name)} ({e.rating.ordinal:.1f})" for e in top))
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        if len(lines) == 1:
            lines.append("No game counted in this season.")
        await interaction.response.send_message(clip("\n".join(lines)))

    @season.command(name="list", description="The server's league seasons")
    async def season_list(self, interaction: discord.Interaction) -> None:
        try:
            seasons = await self.league.seasons(guild_of(interaction))
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        await reply(interaction, clip("\n".join(map(season_line, seasons)) or "No season yet: games count all time."))

    # ------------------------------------------------------------------ admin

    @app_commands.command(name="void", description="Void a finished game and recompute its ratings (Manage Server)")
    @app_commands.describe(game_id="The game's id", undo="Count a voided game again")
    async def void(self, interaction: discord.Interaction, game_id: str, undo: bool = False) -> None:
        try:
            row = await self.league.void(require_manager(interaction), game_id, voided=not undo)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        title = title_of(row.game)
        icon, what = ("↩️", "counts again") if undo else ("🚫", "is void")
        await interaction.response.send_message(
            f"{icon} {title} game `{row.session_id}` {what} ({interaction.user.mention}); "
            f"{title} ratings were recomputed."
        )

    @app_commands.command(name="recompute", description="Recompute the ratings from the stored results (Manage Server)")
    @app_commands.describe(game="Only this game (default: every game)")
    @app_commands.choices(game=GAME_CHOICES)
    async def recompute(self, interaction: discord.Interaction, game: str | None = None) -> None:
        try:
            guild = require_manager(interaction)
            if game is not None and game not in GAMES:
                raise LeagueError(f"Unknown game '{game}'.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            done = await self.league.recompute(guild, game)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        names = ", ".join(title_of(g) for g in done.games) or "no game"
        added = f" {done.added} finished game(s) missing from the league were added." if done.added else ""
        await reply(interaction, f"♻️ Recomputed {names}: {done.rated} game(s) count.{added}")

    @app_commands.command(name="options", description="Show or change the league options (changing: Manage Server)")
    @app_commands.describe(include_ai="Games with AI seats count for the ratings (the AIs are never rated)",
                           min_games="Rated games a player needs to be listed on the leaderboard")
    @app_commands.choices(include_ai=SWITCH)
    async def options(self, interaction: discord.Interaction, include_ai: str | None = None,
                      min_games: app_commands.Range[int, 1, 1000] | None = None) -> None:
        try:
            guild = guild_of(interaction)
            changes: dict[str, Any] = {k: v for k, v in (("include_ai", include_ai), ("min_games", min_games))
                                       if v is not None}
            if changes:
                require_manager(interaction)
                before = await self.league.options(guild)
                for key, value in changes.items():
                    current = await self.league.set_option(guild, key, str(value))
            else:
                before = current = await self.league.options(guild)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        lines = [
            f"Games with AI seats count: **{'on' if current.include_ai else 'off'}**",
            f"Rated games to be listed: **{current.min_games}**",
        ]
        if current.include_ai != before.include_ai:
            lines.append("♻️ Every game's ratings were recomputed.")
        await reply(interaction, ("League options changed:\n" if changes else "League options:\n") + "\n".join(lines))


def season_line(s: Season) -> str:
    ended = "running" if s.running else f"ended <t:{int(s.ended_at or 0)}:d>"
    return f"`{s.id}` **{escape_markdown(s.name)}** — started <t:{int(s.started_at)}:d>, {ended}"


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(LeagueCog(bot))
