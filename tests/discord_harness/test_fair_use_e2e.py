"""Fair use of a shared bot: open lobbies per user and per server, a cooldown between pictures, a bounded
replay queue; each refusal a clear ephemeral message in the user's language (issue 16, item 17)."""

from __future__ import annotations

import pytest

import cogs.history
from cogs._common import error_message
from host.limits import BoundedQueue, Cooldown, LimitReached, Limits
from host.sessions import Host
from tests.discord_harness.helpers import open_table
from tests.league.helpers import finish_game


def test_the_settings_have_sensible_defaults_and_fall_back_on_a_bad_value():
    assert Limits.from_env({}) == Limits(3, 25, 5.0, 4)
    assert Limits.from_env({"MAX_OPEN_LOBBIES_PER_USER": "7", "PICTURE_COOLDOWN_SECONDS": "nan",
                            "REPLAY_QUEUE_MAX": "lots"}) == Limits(max_open_lobbies_per_user=7)


def test_each_refusal_is_said_in_english_and_japanese():
    now = [100.0]
    pictures = Cooldown(5, lambda: now[0])
    pictures.take(1)
    with pytest.raises(LimitReached) as cooled:
        pictures.take(1)
    now[0] += 5
    pictures.take(1)  # the cooldown is over
    queue = BoundedQueue(1)
    with queue.place(), pytest.raises(LimitReached) as full:
        queue.place()
    assert queue.busy == 0
    for exc, en, ja in ((cooled.value, "try again in 5 s", "5秒後"), (full.value, "try again in 20 s", "20秒後")):
        assert en in error_message("en", exc) and ja in error_message("ja", exc)


async def test_open_lobbies_are_limited_per_user_and_per_server(simcord_env, new_bot, monkeypatch):
    monkeypatch.setenv("MAX_OPEN_LOBBIES_PER_USER", "2")
    monkeypatch.setenv("MAX_OPEN_LOBBIES_PER_SERVER", "3")
    env, bot = simcord_env, new_bot()
    await env.restart_bot(bot)
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    for _ in range(2):
        await alice.slash(channel, "game new", game="imperium")
    refused = await alice.slash(channel, "game new", game="ra")
    assert refused.ephemeral and "You already have 2 open lobbies (at most 2)" in refused.response.content
    await bob.slash(channel, "game new", game="imperium")
    refused = await bob.slash(channel, "game new", game="imperium")
    assert refused.ephemeral and "This server already has 3 open lobbies (at most 3)" in refused.response.content
    assert len(channel.threads) == 3 and len(await bot.host.open_sessions()) == 3


async def test_pictures_on_request_have_a_cooldown_per_user(simcord_env, new_bot, monkeypatch):
    monkeypatch.setenv("PICTURE_COOLDOWN_SECONDS", "5")
    env, bot = simcord_env, new_bot()
    await env.restart_bot(bot)
    (alice, bob, _), thread, _ = await open_table(env, bot, "ra", ["alice", "bob", "carol"], seed=3)
    first = await alice.slash(thread, "game status")
    assert first.response.attachments
    for command, options in (("game status", {}), ("ra status", {}), ("league leaderboard", {"game": "ra"})):
        again = await alice.slash(thread, command, **options)
        assert again.ephemeral and "One picture every 5 seconds, please: try again in" in again.response.content
        assert not again.response.attachments
    assert (await bob.slash(thread, "ra status")).response.attachments, "the cooldown is per user"


async def test_replays_wait_in_a_bounded_queue(simcord_env, new_bot, monkeypatch):
    monkeypatch.setenv("REPLAY_QUEUE_MAX", "1")
    monkeypatch.setattr(cogs.history, "REPLAY_FRAMES", 4)  # a short GIF keeps the test quick
    env, bot = simcord_env, new_bot()
    await env.restart_bot(bot)
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    game = await finish_game(bot.host, (alice.id, bob.id), seed=2, guild=guild.id)
    assert isinstance(bot.host, Host)
    with bot.host.replays.place():  # another replay is being drawn
        refused = await alice.slash(channel, "game replay", game_id=game.id)
    assert refused.ephemeral and "Too many replays are being drawn right now: try again in" in \
        refused.response.content
    drawn = await alice.slash(channel, "game replay", game_id=game.id)
    posted = drawn.followups[-1] if drawn.followups else drawn.response
    assert not drawn.ephemeral and posted.attachments, "with the place free again, the replay is drawn"
