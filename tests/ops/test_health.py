"""/health for operators (owner or Manage Server only) and the same data as JSON over HTTP."""

from __future__ import annotations

import socket

import aiohttp
import simcord

from bot import create_bot
from cogs.health import health_lines, health_snapshot
from host.health_http import HealthServer
from host.ops import OpsSettings
from tests.discord_harness.helpers import text_of
from tests.ops.helpers import open_game, play_first_move


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_health_shows_games_moves_errors_and_renders(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_game(env, bot, "ra", ["olga", "bob", "carol"], seed=3, owner=True)
    await play_first_move(bot, players, thread, sid)
    await players[0].slash(thread, "game new", game="imperium")  # a second game, still in its lobby
    bot.metrics.record_error("discord_send")

    data = await health_snapshot(bot)
    assert data["status"] == "ok" and data["database"] == "ok"
    assert data["games"] == {"active": 1, "lobby": 1}
    assert data["moves_total"] == 1 and data["moves_per_minute"] == 1
    assert data["move_latency_ms"]["p50"] is not None
    assert data["errors_total"] == 1 and data["last_error"] == "discord_send"
    assert data["shards"] == {"count": 1, "ids": [0], "latency_ms": {"0": data["shards"]["latency_ms"]["0"]}}
    assert data["render"]["pending"] == 0 and data["render"]["threads"] >= 1
    assert data["guilds"] == 1

    res = await players[0].slash(thread, "health")  # the server's owner has Manage Server
    text = text_of(res.response)
    assert res.ephemeral
    for part in ("Bot health: ok", "games open: 1 active, 1 in the lobby", "Moves: 1 since start", "1 a minute",
                 "Errors: 1", "(discord_send)", "Pictures waiting or being drawn: 0", "Database: ok"):
        assert part in text, (part, text)


async def test_health_is_for_managers_and_the_owner_only(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    member = guild.add_member(env.create_user("mallory"))
    command = bot.tree.get_command("health")
    assert command is not None and command.default_permissions is not None
    assert command.default_permissions.manage_guild, "Discord hides /health from members without Manage Server"
    # A server may open the command to anyone in its integration settings: the bot still refuses.
    synced = next(c for c in await bot.tree.fetch_commands() if c.name == "health")
    guild.set_command_permissions(synced, {member: True})
    res = await member.slash(channel, "health")
    assert res.ephemeral and "is for the bot's owner" in text_of(res.response)

    # The bot's owner may ask anywhere, also in a DM with the bot; anyone else may not.
    owner, stranger = env.create_user("owen"), env.create_user("sam")
    bot.owner_id = owner.id
    res = await owner.slash("health")
    assert "Bot health: ok" in text_of(res.response)
    res = await stranger.slash("health")
    assert "is for the bot's owner" in text_of(res.response)


def test_health_lines_without_a_database():
    data = {
        "status": "degraded", "started_at": 0, "uptime_s": 93784.0, "moves_total": 0, "moves_per_minute": 0.0,
        "move_latency_ms": {"p50": None, "p95": None}, "errors_total": 0, "last_error_at": None,
        "last_error": None, "shards": {"count": 2, "ids": [0, 1], "latency_ms": {"0": 41.0, "1": None}},
        "guilds": 3, "games": None, "database": "error: disk I/O error", "render": {"threads": 2, "pending": 5},
    }
    text = "\n".join(health_lines(data))
    assert "Bot health: degraded" in text and "Up 1d 2h 3m" in text
    assert "shard 0: 41 ms, shard 1: —" in text and "unknown (the database did not answer)" in text
    assert "p50 —" in text and "Pictures waiting or being drawn: 5 (2 worker processes)" in text


async def test_http_endpoint_answers_json():
    state = {"status": "ok", "moves_total": 3}

    async def snapshot() -> dict:
        return dict(state)

    server = HealthServer(snapshot, port=0)
    port = await server.start()
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/health") as resp:
                assert resp.status == 200 and await resp.json() == state
            state["status"] = "starting"
            async with http.get(f"http://127.0.0.1:{port}/health") as resp:
                assert resp.status == 503 and (await resp.json())["status"] == "starting"
            async with http.get(f"http://127.0.0.1:{port}/other") as resp:
                assert resp.status == 404
    finally:
        await server.stop()


async def test_http_endpoint_survives_a_failing_snapshot():
    async def snapshot() -> dict:
        raise RuntimeError("database is locked")

    server = HealthServer(snapshot, port=0)
    port = await server.start()
    try:
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/health") as resp:
            assert resp.status == 503
            assert await resp.json() == {"status": "error", "error": "database is locked"}
    finally:
        await server.stop()


async def test_the_bot_serves_health_on_its_port(tmp_path, bots):
    port = _free_port()
    bot = create_bot(tmp_path / "h.db", sync_commands="global", clock_tick_seconds=0,
                     ops=OpsSettings(health_port=port))
    bots.append(bot)
    async with simcord.run(bot):
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/health") as resp:
            data = await resp.json()
        assert resp.status == 200 and data["status"] == "ok" and data["games"] == {}
        assert bot.get_cog("Health").server is not None
    # closing the bot unloads the cog, which closes the port
    await bot.close()
    assert bot.get_cog("Health") is None or bot.get_cog("Health").server is None
