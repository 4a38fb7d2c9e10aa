"""/league: the server league. Leaderboards (picture and text), profiles, match history, seasons, a
season's results as CSV, and the admin commands (void a game, recompute, options).

Thin: every rule lives in host/league.py (``bot.league``); this only reads the interaction, asks the
league, and words the answer. Admin commands check *Manage Server* when they run: Discord ignores
``default_permissions`` on subcommands, so it cannot hide them from other members.

Words come from the ``league`` catalogue: what everyone sees (leaderboards, profiles, season news)
in the server's language, ephemeral answers and errors in the user's (host/league.py's refusals carry
their catalogue key and fields: ``reply_error`` says them as every cog does).
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from cogs._common import answer_first, bot_of, clip, is_manager, png_file, refusal, reply, reply_error, reply_public
from cogs._game import in_pool
from cogs._lang import lang_of, public_lang
from host import tasks
from host.errors import PermissionDenied
from host.league import Entry, GameStats, League, LeagueError, ResultRow, Scope, Season
from i18n import t
from i18n.text import game_title
from render.leaderboard import render as render_leaderboard
from rules import GAMES

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot

BOARD_SIZE = 20
"""Players shown on a leaderboard (picture and text)."""
HISTORY_SIZE = 15
GAME_CHOICES = [app_commands.Choice(name=g.info.title, value=name) for name, g in GAMES.items()]
SWITCH = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]

PLACES = {1: "league.place.st", 2: "league.place.nd", 3: "league.place.rd"}


def league_of(interaction: discord.Interaction) -> League:
    return bot_of(interaction).league  # type: ignore[attr-defined, no-any-return]


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise refusal(LeagueError, "league.error.server_only")
    return interaction.guild_id


def require_manager(interaction: discord.Interaction) -> int:
    """The guild id, if the user may run league admin commands here (Manage Server)."""
    guild = guild_of(interaction)
    if not is_manager(interaction, guild):
        raise refusal(PermissionDenied, "league.error.manager_only")
    return guild


def place(n: int, lang: str = "en") -> str:
    """An ordinal place: 1st, 2nd, 11th / 1位."""
    key = "league.place.th" if 10 <= n % 100 <= 20 else PLACES.get(n % 10, "league.place.th")
    return t(lang, key, n=n)


def scope_label(scope: Scope, lang: str = "en") -> str:
    """``Scope.label`` in ``lang``: All time, Season “Spring” (ended)."""
    if scope.season is None:
        return t(lang, "league.scope.all_time")
    label = t(lang, "league.scope.season", name=scope.season.name)
    return label if scope.season.running else label + t(lang, "league.scope.ended")


def rating_note(lang: str = "en") -> str:
    return t(lang, "league.note.rating")


def board_lines(entries: list[Entry], lang: str = "en") -> list[str]:
    return [
        t(lang, "league.board.line", position=e.position, name=escape_markdown(e.name),
          rating=f"{e.rating.ordinal:.1f}", games=t(lang, "league.count.games", count=e.games),
          wins=t(lang, "league.count.wins", count=e.wins))
        for e in entries
    ]


def board_picture(game: str, scope: Scope, entries: list[Entry], games: int, lang: str = "en") -> bytes:
    return render_leaderboard(board_table(game, scope, entries, games, lang), lang=lang)


def board_table(game: str, scope: Scope, entries: list[Entry], games: int, lang: str = "en") -> dict[str, Any]:
    """The leaderboard picture's words and rows (plain data: the picture is drawn in a compute worker)."""
    return {
        "title": t(lang, "league.picture.title", game=game_title(lang, game)),
        "subtitle": t(lang, "league.picture.subtitle", scope=scope_label(scope, lang),
                      games=t(lang, "league.count.rated_games", count=games)),
        "note": rating_note(lang),
        "rows": [
            {"position": e.position, "name": e.name, "rating": e.rating.ordinal, "games": e.games, "wins": e.wins}
            for e in entries
        ],
    }


def stats_text(s: GameStats, min_games: int, lang: str = "en") -> str:
    if s.rating is None:
        head = t(lang, "league.profile.unrated")
    elif s.position is None:
        head = t(lang, "league.profile.unlisted", rating=f"{s.rating.ordinal:.1f}", min_games=min_games)
    else:
        head = t(lang, "league.profile.listed", rating=f"{s.rating.ordinal:.1f}", position=s.position,
                 ranked=s.ranked)
    line = t(lang, "league.profile.line", games=t(lang, "league.count.games", count=s.games), rated=s.rated,
             wins=t(lang, "league.count.wins", count=s.wins), place=f"{s.average_rank:.1f}",
             score=f"{s.average_score:.1f}")
    if s.resigned:
        line += t(lang, "league.profile.resigned", count=s.resigned)
    return f"{head}\n{line}"


def history_line(r: ResultRow, lang: str = "en") -> str:
    if r.voided:
        rating = t(lang, "league.history.voided")
    elif not r.rated:
        rating = t(lang, "league.history.unrated_ai" if r.game_has_ai else "league.history.unrated")
    elif r.before is not None and r.after is not None and r.change is not None:
        rating = f"{r.before.ordinal:.1f} → {r.after.ordinal:.1f} ({r.change:+.1f})"
    else:
        rating = t(lang, "league.history.rated")
    return t(lang, "league.history.line", date=f"<t:{int(r.finished_at)}:d>", title=game_title(lang, r.game),
             game_id=r.session_id, place=place(r.rank, lang), players=r.players, score=r.score,
             resigned=t(lang, "league.history.resigned") if r.resigned else "", rating=rating)


def file_name(scope: Scope) -> str:
    if scope.season is None:
        return "league-all-time.csv"
    slug = re.sub(r"[^a-z0-9]+", "-", scope.season.name.lower()).strip("-") or "season"
    return f"league-season-{scope.season.id}-{slug}.csv"


async def season_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The server's seasons (newest first) and "All time"; Discord does not check what is typed."""
    if interaction.guild_id is None:
        return []
    lang = await lang_of(interaction)
    seasons = await league_of(interaction).seasons(interaction.guild_id)
    choices = [app_commands.Choice(name=t(lang, "league.scope.all_time"), value="all")]
    running = t(lang, "league.season.running_suffix")
    choices += [
        app_commands.Choice(name=f"{s.name}{running if s.running else ''}"[:100], value=str(s.id))
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

    PUBLIC = frozenset({"league leaderboard", "league profile", "league season start"})
    """Commands answered for everyone: the leaderboard after its checks (then its table is drawn), the
    profile and a new season at once (light reads and one write). Every other /league command is
    acknowledged privately before any work (``answer_first``); void and season end then say their
    result for everyone too (``reply_public``)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:  # type: ignore[override]
        command = interaction.command
        if command is not None and command.qualified_name in self.PUBLIC:
            return True
        return await answer_first(interaction)

    async def _public(self, interaction: discord.Interaction) -> str:
        """The language of an answer everyone in the channel reads: the server's."""
        return await public_lang(self.bot, interaction.guild_id)

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
                    await self._no_games(interaction, scope)
                    return
                game = next(iter(played))
            elif game not in GAMES:
                raise refusal(LeagueError, "league.error.unknown_game", game=game, games=", ".join(sorted(GAMES)))
            # The table is for everyone: acknowledged publicly once the cheap checks above have passed
            # (a refusal stays private), before the ladder is read and drawn.
            bot_of(interaction).host.pictures.take(interaction.user.id)  # fair use: one picture every few seconds
            await answer_first(interaction, ephemeral=False)
            entries = await self.league.leaderboard(guild, game, scope, limit=BOARD_SIZE)
            options = await self.league.options(guild)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        lang = await self._public(interaction)
        picture = await in_pool(self.bot, tasks.leaderboard_picture, board_table(game, scope, entries,
                                played.get(game, 0), lang), lang, what=f"leaderboard of {game} in {guild}")
        embed = discord.Embed(
            title=t(lang, "league.board.title", game=game_title(lang, game), scope=scope_label(scope, lang)),
            description="\n".join(board_lines(entries, lang)) or t(lang, "league.board.empty"),
            colour=discord.Colour.gold(),
        )
        others = [t(lang, "league.board.other", game=game_title(lang, g), count=n) for g, n in played.items()
                  if g != game]
        if others:
            embed.add_field(name=t(lang, "league.board.others"), value=t(lang, "common.word.comma").join(others),
                            inline=False)
        listed = t(lang, "league.note.listed", min_games=options.min_games) if options.min_games > 1 else ""
        embed.set_footer(text=rating_note(lang) + listed)
        files = [png_file(picture, "leaderboard.png")] if picture is not None else []  # the embed alone then
        await interaction.followup.send(embed=embed, files=files)

    async def _no_games(self, interaction: discord.Interaction, scope: Scope) -> None:
        lang = await lang_of(interaction)
        text = t(lang, "league.error.no_games", scope=scope_label(scope, lang))
        if scope.season is not None:
            text += t(lang, "league.error.no_games_hint")
        await reply(interaction, t(lang, "league.refused", reason=text))

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
        lang = await self._public(interaction)
        label = scope_label(scope, lang)
        embed = discord.Embed(title=t(lang, "league.profile.title", name=target.display_name, scope=label),
                              colour=discord.Colour.blurple())
        if not stats:
            embed.description = t(lang, "league.profile.empty", scope=label)
        for s in stats[:25]:
            embed.add_field(name=game_title(lang, s.game), value=stats_text(s, options.min_games, lang), inline=False)
        embed.set_footer(text=rating_note(lang))
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
        lang = await lang_of(interaction)
        name = escape_markdown(target.display_name)
        if not rows:
            await reply(interaction, t(lang, "league.history.empty", name=name))
            return
        head = t(lang, "league.history.head", count=len(rows), name=name)
        await reply(interaction, clip("\n".join([head, *(history_line(r, lang) for r in rows)])))

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
        lang = await lang_of(interaction)
        games = len({r.session_id for r in rows})
        await reply(
            interaction,
            t(lang, "league.export.done", count=games, scope=scope_label(scope, lang), results=len(rows)),
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
        lang = await self._public(interaction)
        await interaction.response.send_message(t(lang, "league.season.started",
                                                  name=escape_markdown(started.name)))

    @season.command(name="end", description="End the running league season (Manage Server)")
    async def season_end(self, interaction: discord.Interaction) -> None:
        try:
            guild = require_manager(interaction)
            lang = await self._public(interaction)
            ended = await self.league.end_season(guild)
            scope = Scope(ended)
            lines = [t(lang, "league.season.ended", name=escape_markdown(ended.name))]
            for game in await self.league.rated_games(guild, scope):
                top = await self.league.leaderboard(guild, game, scope, limit=3)
                if top:
                    lines.append(t(lang, "league.season.standings", game=game_title(lang, game), top=" · ".join(
                        f"{e.position}. {escape_markdown(e.name)} ({e.rating.ordinal:.1f})" for e in top)))
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        if len(lines) == 1:
            lines.append(t(lang, "league.season.no_games"))
        await reply_public(interaction, clip("\n".join(lines)))

    @season.command(name="list", description="The server's league seasons")
    async def season_list(self, interaction: discord.Interaction) -> None:
        try:
            seasons = await self.league.seasons(guild_of(interaction))
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        lang = await lang_of(interaction)
        await reply(interaction, clip("\n".join(season_line(s, lang) for s in seasons)
                                      or t(lang, "league.season.none")))

    # ------------------------------------------------------------------ admin

    @app_commands.command(name="void", description="Void a finished game and recompute its ratings (Manage Server)")
    @app_commands.describe(game_id="The game's id", undo="Count a voided game again")
    async def void(self, interaction: discord.Interaction, game_id: str, undo: bool = False) -> None:
        try:
            row = await self.league.void(require_manager(interaction), game_id, voided=not undo)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        lang = await self._public(interaction)
        await reply_public(interaction, t(
            lang, "league.void.restored" if undo else "league.void.voided",
            title=game_title(lang, row.game), game_id=row.session_id, user=interaction.user.mention,
        ))

    @app_commands.command(name="recompute", description="Recompute the ratings from the stored results (Manage Server)")
    @app_commands.describe(game="Only this game (default: every game)")
    @app_commands.choices(game=GAME_CHOICES)
    async def recompute(self, interaction: discord.Interaction, game: str | None = None) -> None:
        try:
            guild = require_manager(interaction)
            if game is not None and game not in GAMES:
                raise refusal(LeagueError, "league.error.unknown_game_short", game=game)
            done = await self.league.recompute(guild, game)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        lang = await lang_of(interaction)
        names = (t(lang, "common.word.comma").join(game_title(lang, g) for g in done.games)
                 or t(lang, "league.word.no_game"))
        added = t(lang, "league.recompute.added", added=done.added) if done.added else ""
        await reply(interaction, t(lang, "league.recompute.done", games=names, rated=done.rated) + added)

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
        lang = await lang_of(interaction)
        lines = [
            t(lang, "league.options.changed" if changes else "league.options.shown"),
            t(lang, "league.options.include_ai", state=t(lang, "league.word.on" if current.include_ai
                                                          else "league.word.off")),
            t(lang, "league.options.min_games", min_games=current.min_games),
        ]
        if current.include_ai != before.include_ai:
            lines.append(t(lang, "league.options.recomputed"))
        await reply(interaction, "\n".join(lines))


def season_line(s: Season, lang: str = "en") -> str:
    started = f"<t:{int(s.started_at)}:d>"
    if s.running:
        return t(lang, "league.season.line_running", id=s.id, name=escape_markdown(s.name), started=started)
    return t(lang, "league.season.line_ended", id=s.id, name=escape_markdown(s.name), started=started,
             ended=f"<t:{int(s.ended_at or 0)}:d>")


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(LeagueCog(bot))
