"""Imperium's Confirm: every stored choice is for the round its picker showed, and a round's start is
the only moment pickers are sent (issue 16, items 7 and 9)."""

from __future__ import annotations

import asyncio

from cogs.imperium import PickButton
from rules.imperium import play_from_picks
from tests.discord_harness.helpers import button_id, open_table
from tests.reliability.test_fuzz_boundaries import FakeBot, FakeInteraction, FakeUser


async def two_players(env, bot):
    (alice, bob), _, sid = await open_table(env, bot, "imperium", ["alice", "bob"], seed=5)
    return alice, bob, sid


async def pick(user, picks: str):
    """Click the regions in the DM picker; returns the picker message with Confirm enabled."""
    for p in picks:
        message = user.dm_channel.last_message
        await user.click(message, custom_id=button_id(message, p))
    return user.dm_channel.last_message


async def test_a_confirm_delivered_twice_on_the_rounds_last_pick_is_stored_once(host):
    """Two deliveries of bob's Confirm run at once (a double click, a retried delivery): both read
    round 1 before either is stored. The DM picker's real callback, with recording stand-ins."""
    lobby = await host.create_lobby("imperium", guild_id=1, channel_id=1, creator_id=1, creator_name="alice")
    await host.join(lobby.id, 2, "bob")
    await host.start(lobby.id, 1)
    await host.submit(lobby.id, 1, play_from_picks([1, 2, 3]))
    bot = FakeBot(host)
    bob = FakeUser(2, admin=False)
    clicks = [PickButton(lobby.id, 1, "456", "c") for _ in range(2)]
    await asyncio.gather(*(c.callback(FakeInteraction(bot, bob, {})) for c in clicks))

    session = await host.get(lobby.id)
    assert [a.seat for a in await host.store.actions(lobby.id)] == [0, 1], \
        "bob's round-1 picks must not also become his round-2 choice"
    assert session.view(None)["round"] == 2 and session.to_act() == {0, 1}


async def test_the_first_confirm_sends_no_picker_again(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    alice, bob, _ = await two_players(env, bot)
    assert "round 1" in bob.user.dm_channel.last_message.content
    pickers_for_bob = len(bob.user.dm_channel.history())
    confirm = await pick(alice.user, "123")
    await alice.user.click(confirm, custom_id=button_id(confirm, "Confirm"))
    assert len(bob.user.dm_channel.history()) == pickers_for_bob, "bob got a second round-1 picker"
    assert len([m for m in alice.user.dm_channel.history() if "round 1" in m.content]) == 1
