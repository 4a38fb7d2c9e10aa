"""/league end to end: the real bot and discord.py client against simcord's in-memory Discord.

Games are finished through the bot's own Host (whose finish listener feeds ``bot.league``), in the
simcord server with its members' ids; everything else goes through slash commands."""

from __future__ import annotations

import csv
import io
from types import SimpleNamespace

import discord
import pytest
from PIL import Image
from simcord.backend.errors import SetupError

from cogs.league import guild_of, require_manager
from host.errors import PermissionDenied
from host.league import LeagueError
from tests.league.helpers import finish_game

NAMES = ["alice", "bob", "carol", "dave"]


def answer(result):
    """The message an interaction produced (the response, or the last follow-up after a defer)."""
    return result.followups[-1] if result.followups else result.response


def server(env):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(n)) for n in NAMES]
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[managers])
    return guild, channel, players, admin


async def play(bot, guild, players, seed):
    ids = [p.id for p in players]
    return await finish_game(bot.host, ids, seed=seed, guild=guild.id, names=dict(zip(ids, NAMES, strict=False)))


async def test_leaderboard_is_a_picture_and_a_table(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, players, admin = server(env)
    alice, bob = players[0], players[1]
    started = await admin.slash(channel, "league season start", name="Spring")
    assert not started.ephemeral and "Season **Spring** has started" in started.response.content
    again = await admin.slash(channel, "league season start", name="Summer")
    assert again.ephemeral and "still running" in again.response.content
    await play(bot, guild, players, seed=12)  # ranks 1, 2, 3, 4
    await play(bot, guild, players, seed=7)  # ranks 4, 3, 2, 1

    result = await bob.slash(channel, "league leaderboard", game="imperium")
    message = answer(result)
    assert not result.ephemeral
    (picture,) = message.attachments
    assert picture.filename == "leaderboard.png"
    image = Image.open(io.BytesIO(await picture.read()))
    assert image.format == "PNG" and image.height > image.width
    (embed,) = message.embeds
    assert embed.title == "🏆 Imperium — Season “Spring”"
    expected = await bot.league.leaderboard(guild.id, "imperium", await bot.league.scope(guild.id))
    lines = embed.description.splitlines()
    assert len(lines) == 4 and [e.name for e in expected] == [line.split(" — ")[0].split("** ")[1] for line in lines]
    assert f"**{expected[0].rating.ordinal:.1f}** · 2 games · {expected[0].wins} win" in lines[0]
    assert "μ − 3σ" in embed.footer.text

    # no game given: the most played one; the season is the default scope while it runs
    assert answer(await bob.slash(channel, "league leaderboard")).embeds[0].title == embed.title
    profile = answer(await bob.slash(channel, "league profile", user=alice))
    assert "alice" in profile.embeds[0].title and "2 games (2 rated)" in profile.embeds[0].fields[0].value
    history = await alice.slash(channel, "league history")
    assert history.ephemeral and history.response.content.count("**Imperium**") == 2
    assert "→" in history.response.content

    refused = await bob.slash(channel, "league season end")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    ended = await admin.slash(channel, "league season end")
    assert "is over" in ended.response.content and f"1. {expected[0].name}" in ended.response.content
    unknown = await bob.slash(channel, "league leaderboard", season="Winter")
    assert unknown.ephemeral and "no season 'Winter'" in unknown.response.content


async def test_void_needs_manage_server(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, players, admin = server(env)
    first = await play(bot, guild, players, seed=12)
    await play(bot, guild, players, seed=7)
    scope = await bot.league.scope(guild.id)
    before = await bot.league.leaderboard(guild.id, "imperium", scope)

    refused = await players[1].slash(channel, "league void", game_id=first.id)
    assert refused.ephemeral and "Manage Server" in refused.response.content
    assert not any(r.voided for r in await bot.league.results(guild.id, scope))
    assert await bot.league.leaderboard(guild.id, "imperium", scope) == before
    for command, options in (("league recompute", {}), ("league options", {"include_ai": "on"})):
        refused = await players[1].slash(channel, command, **options)
        assert refused.ephemeral and "Manage Server" in refused.response.content
    assert not (await bot.league.options(guild.id)).include_ai
    shown = await players[1].slash(channel, "league options")  # looking is for everyone
    assert shown.ephemeral and "AI seats count: **off**" in shown.response.content

    lobby = await bot.host.create_lobby("imperium", guild_id=guild.id, channel_id=channel.id, creator_id=admin.id,
                                        creator_name="admin")
    for game_id, reason in (("zz999", "no game with id `zz999`"), (lobby.id, "not finished")):
        bad = await admin.slash(channel, "league void", game_id=game_id)
        assert bad.ephemeral and reason in bad.response.content

    voided = await admin.slash(channel, "league void", game_id=first.id)
    # Acknowledged privately before the recompute (so a refusal can stay private); then said for everyone.
    assert f"`{first.id}` is void" in voided.response.content
    assert not voided.followups[-1].ephemeral and f"`{first.id}` is void" in voided.followups[-1].content
    after = await bot.league.leaderboard(guild.id, "imperium", scope)
    assert after != before and all(e.games == 1 for e in after)
    again = await admin.slash(channel, "league void", game_id=first.id)
    assert again.ephemeral and "already voided" in again.response.content
    recomputed = await admin.slash(channel, "league recompute")
    assert "1 game(s) count" in answer(recomputed).content
    assert await bot.league.leaderboard(guild.id, "imperium", scope) == after


async def test_export_is_a_csv_file(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, players, admin = server(env)
    await play(bot, guild, players, seed=12)  # before the season: not in its export
    await admin.slash(channel, "league season start", name="Autumn 2027")
    games = [await play(bot, guild, players, seed=7), await play(bot, guild, players, seed=14)]

    result = await players[2].slash(channel, "league export")
    message = answer(result)
    assert "4 results" not in message.content and "8 results from 2 games" in message.content
    (attachment,) = message.attachments
    assert attachment.filename.endswith(".csv") and "autumn-2027" in attachment.filename
    rows = list(csv.DictReader(io.StringIO((await attachment.read()).decode("utf-8"))))
    assert len(rows) == 8 and {r["game_id"] for r in rows} == {g.id for g in games}
    assert {r["season"] for r in rows} == {"Autumn 2027"}
    assert {r["name"] for r in rows} == set(NAMES)
    assert [int(r["rank"]) for r in rows[:4]] == list(games[0].result().ranks)

    everything = answer(await players[2].slash(channel, "league export", season="all"))
    assert "12 results from 3 games" in everything.content
    missing = await players[2].slash(channel, "league export", season="99")
    assert missing.ephemeral and "no season '99'" in missing.response.content


async def test_the_league_lives_in_servers(simcord_env, simcord_bot):
    """Discord does not offer /league in DMs (guild_only); the cog refuses anyway, with a sentence."""
    env = simcord_env
    env.create_guild()
    with pytest.raises(SetupError, match="not visible"):
        await env.create_user("loner").slash("league leaderboard")
    with pytest.raises(LeagueError, match="in a server channel"):
        guild_of(SimpleNamespace(guild_id=None))
    with pytest.raises(PermissionDenied, match="Manage Server"):
        require_manager(SimpleNamespace(guild_id=1, user=SimpleNamespace(guild_permissions=discord.Permissions.none())))
    manager = SimpleNamespace(guild_permissions=discord.Permissions(manage_guild=True))
    assert require_manager(SimpleNamespace(guild_id=1, user=manager)) == 1
