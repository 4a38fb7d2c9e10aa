"""Authority over a game is judged in the game's own server, as the server permission, and a lobby is
started by its creator only (issue 16, items 2, 4 and 5)."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from cogs.league import require_manager
from host.errors import PermissionDenied


def managers(guild):
    return guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))


async def test_a_manager_of_another_server_cannot_abort_a_game_here(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    home, other = env.create_guild(), env.create_guild()
    channel, elsewhere = home.create_text_channel("games"), other.create_text_channel("lounge")
    alice = home.add_member(env.create_user("alice"))
    bob_user = env.create_user("bob")
    bob = home.add_member(bob_user)
    bob_there = other.add_member(bob_user, roles=[managers(other)])  # manages the other server only
    await alice.slash(channel, "game new", game="imperium")
    thread = channel.threads[0]
    await bob.click(thread.last_message, label="Join")
    await alice.click(thread.last_message, label="Start")
    (session,) = await bot.host.open_sessions()

    refused = await bob_there.slash(elsewhere, "game abort", game_id=session.id)
    assert refused.ephemeral and "server manager can abort" in refused.response.content
    assert (await bot.host.get(session.id)).status == "active"

    boss = home.add_member(env.create_user("boss"), roles=[managers(home)])
    done = await boss.slash(channel, "game abort", game_id=session.id)
    assert not done.ephemeral and session.id in done.response.content
    assert (await bot.host.get(session.id)).status == "aborted"


async def test_only_the_creator_starts_a_lobby_even_against_a_manager(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    boss = guild.add_member(env.create_user("boss"), roles=[managers(guild)])
    await alice.slash(channel, "game new", game="imperium")
    thread = channel.threads[0]
    lobby = thread.last_message
    await alice.click(lobby, label="Add AI")

    refused = await boss.click(lobby, label="Start")
    answer = refused.followups[-1] if refused.followups else refused.response
    assert "Only the player who opened the lobby can start" in answer.content
    (session,) = await bot.host.open_sessions()
    assert session.status == "lobby"

    await boss.click(lobby, label="Cancel")  # a manager may still close an abandoned lobby
    assert (await bot.host.get(session.id)).status == "aborted"


def test_league_admin_commands_check_the_server_permission_not_the_channel():
    # Manage Server granted in this channel only (interaction.permissions) is not a server manager.
    channel_only = SimpleNamespace(guild_id=1, permissions=discord.Permissions(manage_guild=True),
                                   user=SimpleNamespace(guild_permissions=discord.Permissions.none()))
    with pytest.raises(PermissionDenied, match="Manage Server"):
        require_manager(channel_only)
    manager = SimpleNamespace(guild_id=1, permissions=discord.Permissions.none(),
                              user=SimpleNamespace(guild_permissions=discord.Permissions(manage_guild=True)))
    assert require_manager(manager) == 1
