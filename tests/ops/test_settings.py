"""Operations settings: SHARD_IDS / SHARD_COUNT, LOG_FORMAT, RENDER_THREADS, HEALTH_PORT; the bot class
they select; a sharded bot playing through simcord's sharded gateway."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
import simcord
from dotenv import dotenv_values

import bot as bot_module
from bot import BoardGameBot, ShardedBoardGameBot, create_bot
from host.ops import OpsConfigError, OpsSettings, ShardPlan, parse_shard_ids, parse_shards, shard_of
from tests.discord_harness.helpers import text_of


@pytest.mark.parametrize(
    ("text", "count", "ids"),
    [("0", 1, (0,)), ("0,1", 4, (0, 1)), ("0-3", 4, (0, 1, 2, 3)), ("2-3, 0", 8, (0, 2, 3)), ("1,1,0-1", 2, (0, 1))],
)
def test_shard_ids_are_lists_and_ranges(text, count, ids):
    assert parse_shard_ids(text, count) == ids


@pytest.mark.parametrize(
    ("ids", "count", "says"),
    [
        ("0,1", None, "needs SHARD_COUNT"),
        ("4", "4", "shard 4 does not exist"),
        ("a", "4", "not a shard id"),
        ("3-1", "4", "not a range"),
        ("-1", "4", "not a shard id or a range"),
        ("0,,1", "4", "empty entry"),
        ("0", "auto", "fixed SHARD_COUNT"),
        (None, "four", "whole number"),
        (None, "0", "from 1 to"),
        (None, "-2", "from 1 to"),
    ],
)
def test_bad_shard_settings_say_what_is_wrong(ids, count, says):
    with pytest.raises(OpsConfigError, match=says):
        parse_shards(ids, count)


def test_shard_plans():
    assert parse_shards(None, None) == ShardPlan()
    assert parse_shards("", "  ").client_kwargs() == {}
    assert parse_shards(None, "auto") == ShardPlan(sharded=True)
    plan = parse_shards("1,3", "4")
    assert plan.client_kwargs() == {"shard_count": 4, "shard_ids": [1, 3]}
    assert parse_shards(None, "2").client_kwargs() == {"shard_count": 2, "shard_ids": None}
    # Discord's formula: a guild's shard is (id >> 22) % count.
    guild = (123 << 22) | 999
    assert shard_of(guild, 4) == 123 % 4 == 3
    assert plan.owns(guild) and not plan.owns(2 << 22)
    assert ShardPlan().owns(guild)


def test_ops_settings_from_env():
    ops = OpsSettings.from_env({"SHARD_COUNT": "4", "SHARD_IDS": "0-1", "LOG_FORMAT": "JSON",
                                "RENDER_THREADS": "3", "HEALTH_PORT": "8080"})
    assert ops.shards == ShardPlan(sharded=True, count=4, ids=(0, 1))
    assert (ops.log_format, ops.render_threads, ops.health_port, ops.health_host) == ("json", 3, 8080, "127.0.0.1")
    assert OpsSettings.from_env({}) == OpsSettings()
    assert OpsSettings.from_env({"HEALTH_PORT": "0"}).health_port is None


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"LOG_FORMAT": "xml"}, "LOG_FORMAT='xml': use 'text' or 'json'"),
        ({"RENDER_THREADS": "0"}, "RENDER_THREADS=0"),
        ({"RENDER_THREADS": "many"}, "RENDER_THREADS='many'"),
        ({"HEALTH_PORT": "70000"}, "HEALTH_PORT=70000"),
    ],
)
def test_bad_ops_settings_say_what_is_wrong(env, says):
    with pytest.raises(OpsConfigError, match=says):
        OpsSettings.from_env(env)


def test_bad_settings_stop_the_bot_with_one_line(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("SHARD_IDS", "0,5")
    monkeypatch.setenv("SHARD_COUNT", "2")
    assert bot_module.main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: SHARD_IDS='0,5': shard 5 does not exist with SHARD_COUNT=2")


async def test_the_bot_is_sharded_only_when_asked(tmp_path, bots):
    plain = create_bot(tmp_path / "a.db")
    sharded = create_bot(tmp_path / "b.db", ops=OpsSettings(shards=parse_shards("0-1", "4")))
    everything = create_bot(tmp_path / "c.db", ops=OpsSettings(shards=parse_shards(None, "2")))
    bots.extend([plain, sharded, everything])
    assert type(plain) is BoardGameBot and not isinstance(plain, discord.AutoShardedClient)
    assert plain.shard_count is None
    assert isinstance(sharded, ShardedBoardGameBot) and isinstance(sharded, discord.AutoShardedClient)
    assert (sharded.shard_ids, sharded.shard_count) == ([0, 1], 4)
    assert (everything.shard_ids, everything.shard_count) == (None, 2)


async def test_a_sharded_bot_plays_and_reports_its_shards(tmp_path, bots):
    """Two shards in one process (AutoShardedBot): a game in a guild of shard 1 opens and starts,
    and /health lists both shards and the one this server is on."""
    bot = create_bot(tmp_path / "s.db", sync_commands="global", clock_tick_seconds=0,
                     ops=OpsSettings(shards=parse_shards("0,1", "2")))
    bots.append(bot)
    async with simcord.run(bot) as env:
        owner = env.create_user("olga")
        guild = env.create_guild(shard_id=1, owner=owner)
        assert guild.id >> 22 & 1 == 1
        channel = guild.create_text_channel("games")
        olga = guild.add_member(owner)
        bob = guild.add_member(env.create_user("bob"))
        carol = guild.add_member(env.create_user("carol"))
        await olga.slash(channel, "game new", game="ra")
        thread = channel.threads[0]
        for p in (bob, carol):
            await p.click(thread.last_message, label="Join")
        await olga.click(thread.last_message, label="Start")
        assert (await bot.host.open_sessions())[0].status == "active"
        assert thread.last_message.attachments
        res = await olga.slash(channel, "health")
        text = text_of(res.response)
        assert res.ephemeral and "Shards: 0, 1 of 2" in text and "this server is on shard 1" in text


def test_every_ops_setting_is_documented_with_its_default():
    root = Path(__file__).resolve().parents[2]
    example = dotenv_values(root / ".env.example")
    readme = (root / "README.md").read_text(encoding="utf-8")
    for name in ("SHARD_COUNT", "SHARD_IDS", "LOG_FORMAT", "RENDER_THREADS", "HEALTH_PORT", "HEALTH_HOST"):
        assert name in example and f"`{name}`" in readme, name
    assert OpsSettings.from_env({k: v or "" for k, v in example.items()}) == OpsSettings()
