"""Helpers of the operations tests."""

from __future__ import annotations

from typing import Any

import discord

from tests.discord_harness.helpers import play_code


async def open_game(env: Any, bot: Any, game: str, names: list[str], *, seed: int, owner: bool = False):
    """Like tests/discord_harness open_table, but any number of games may already be open; with
    ``owner`` the first player owns the server (and so has Manage Server). Returns (players, thread, id)."""
    bot.host.seed_source = lambda: seed
    users = [env.create_user(n) for n in names]
    guild = env.create_guild(owner=users[0]) if owner else env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(u) for u in users]
    await players[0].slash(channel, "game new", game=game)
    thread = channel.threads[0]
    for p in players[1:]:
        await p.click(thread.last_message, label="Join")
    await players[0].click(thread.last_message, label="Start")
    session = next(s for s in await bot.host.open_sessions() if s.record.thread_id == thread.id)
    assert session.status == "active"
    return players, thread, session.id


def boards(thread: Any) -> list[discord.Message]:
    """The thread's messages that carry a picture, oldest first."""
    return [m for m in thread.history() if m.attachments]


async def play_first_move(bot: Any, players: list[Any], thread: Any, sid: str) -> int:
    """The player to act plays their first legal move on the newest board; returns the version before."""
    session = await bot.host.get(sid)
    seat = min(session.to_act())
    code = session.game.encode_action(session.game.legal_actions(session.state, seat)[0])
    await play_code(players[seat], boards(thread)[-1], code)
    return session.version
