"""AI levels in Discord (issue 18): Add AI offers Easy / Normal / Hard, and a server chooses the level
that takes over a resigned or timed-out seat (Normal unless a manager sets another)."""

from __future__ import annotations

import discord
import pytest

from cogs.lobby import level_view, lobby_embed
from host.sessions import AI_LEVEL_FLAG


def managers(guild):
    return guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))


def _server(env):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    return guild, channel, guild.add_member(env.create_user("alice")), guild.add_member(env.create_user("bob"))


async def _bob_resigns(bot, channel, alice, bob):
    """Alice and Bob start a game of Alhambra and Bob resigns: the game as it is then."""
    await alice.slash(channel, "game new", game="alhambra_dice")
    thread = channel.threads[-1]
    for who, label in ((bob, "Join"), (alice, "Start")):
        await who.click(thread.last_message, label=label)
    (session,) = await bot.host.open_sessions()
    await bob.slash(thread, "game resign")
    return await bot.host.get(session.id)


@pytest.mark.simcord(settle_timeout=120)  # a loaded machine draws and searches slowly; no timing is tested
async def test_add_ai_offers_the_level_and_hard_seats_hard(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "game new", game="alhambra_dice")
    lobby = channel.threads[0].last_message

    added = await alice.click(lobby, label="Add AI")
    (offer,) = added.followups
    assert offer.ephemeral and "AI 1 (normal)" in offer.content and "**Normal**" in offer.content
    assert [b["label"] for row in offer.components for b in row["components"]] == ["Easy", "Normal", "Hard"]
    (session,) = await bot.host.open_sessions()
    assert session.seats[1].ai == "normal"  # Add AI alone seats Normal, as before

    chosen = await alice.click(offer.message, label="Hard")
    assert chosen.response.content == "🤖 AI 1 (hard) now plays at level **Hard**."
    session = await bot.host.get(session.id)
    assert session.seats[1].ai == "hard" and session.seats[1].name == "AI 1 (hard)"
    # Everyone's lobby message shows the new level.
    seats = channel.threads[0].last_message.embeds[0].fields[0].value
    assert "AI 1 (hard)" in seats

    await alice.click(lobby, label="Start")
    assert (await bot.host.get(session.id)).seats[1].ai == "hard"
    # Once the game has started the level stays: a late click is refused and changes nothing.
    late = await alice.click(offer.message, label="Easy")
    answer = late.followups[-1] if late.followups else late.response
    assert late.ephemeral and "already started" in answer.content
    assert (await bot.host.get(session.id)).seats[1].ai == "hard"


async def test_the_level_buttons_speak_japanese(host):
    session = await host.create_lobby("ra", guild_id=1, channel_id=2, creator_id=3, creator_name="Ann")
    session = await host.add_ai(session.id, 3, "easy")
    assert [b.item.label for b in level_view(session, 1, "ja").children] == ["やさしい", "ふつう", "つよい"]
    assert "AI 1 (easy)" in lobby_embed(session, "ja").fields[0].value


@pytest.mark.simcord(settle_timeout=120)
async def test_a_resigned_seat_is_played_at_the_servers_level(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, alice, bob = _server(env)
    boss = guild.add_member(env.create_user("boss"), roles=[managers(guild)])

    # Not a manager: refused privately, in the reader's language, and nothing changes.
    refused = await alice.slash(channel, "game ai_level", level="hard")
    answer = refused.followups[-1] if refused.followups else refused.response
    assert refused.ephemeral and "Only members with Manage Server" in answer.content
    await bob.slash(channel, "prefs language", language="ja")
    refused = await bob.slash(channel, "game ai_level", level="easy")
    answer = refused.followups[-1] if refused.followups else refused.response
    assert "「サーバー管理」権限を持つメンバーだけ" in answer.content
    assert await bot.host.store.user_flag(guild.id, AI_LEVEL_FLAG) is None
    assert await bot.host.takeover_level(guild.id) == "normal"

    done = await boss.slash(channel, "game ai_level", level="hard")
    answer = done.followups[-1] if done.followups else done.response
    assert done.ephemeral and "level **Hard**" in answer.content
    assert await bot.host.takeover_level(guild.id) == "hard"

    session = await _bob_resigns(bot, channel, alice, bob)
    seat = session.seat_of(bob.id)
    assert session.seats[seat].resigned and session.seats[seat].ai == "hard"
    # The hard AI has played the seat on to the human's turn.
    assert session.to_act() == {session.seat_of(alice.id)}


@pytest.mark.simcord(settle_timeout=120)
async def test_a_resigned_seat_is_normal_by_default(simcord_env, simcord_bot):
    _, channel, alice, bob = _server(simcord_env)
    session = await _bob_resigns(simcord_bot, channel, alice, bob)
    assert session.seats[session.seat_of(bob.id)].ai == "normal"
