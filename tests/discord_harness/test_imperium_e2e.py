"""A whole Imperium game through Discord: lobby, joins, secret DM choices, restart, final standings."""

from __future__ import annotations

import re

import pytest

from tests.discord_harness.helpers import button_id, buttons, text_of

# (round, seat) -> three picks; covers single, double (one banner) and triple (both banners) choices.
PATTERNS = ["123", "559", "777", "489", "268", "999", "135", "888"]


def picks_for(rnd: int, seat: int) -> str:
    return PATTERNS[(rnd + seat * 3) % len(PATTERNS)]


def leaks(text: str, picks: str) -> bool:
    return bool(re.search(r"region|picks?|banner|chose [0-9]", text, re.I))


async def choose_by_dm(user, picks: str, rnd: int) -> None:
    """Click the regions in the DM picker, then Confirm, as the player would."""
    dm = user.dm_channel
    for p in picks:
        message = dm.last_message
        assert f"round {rnd}" in message.content
        await user.click(message, custom_id=button_id(message, p))
    message = dm.last_message
    assert "(3/3)" in message.content
    await user.click(message, custom_id=button_id(message, "Confirm"))
    # The picker is edited in place; when this choice completes the round, the next round's picker
    # arrives below it, so look the clicked message up rather than taking the newest one.
    confirmed = next(m for m in dm.history() if m.id == message.id)
    assert "✅ You chose" in confirmed.content


async def test_full_four_player_game_with_restart(simcord_env, new_bot):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    names = ["alice", "bob", "carol", "dave"]
    players = [guild.add_member(env.create_user(n)) for n in names]
    alice = players[0]

    result = await alice.slash(channel, "game new", game="imperium")
    assert result.ephemeral
    thread = channel.threads[0]
    lobby = thread.last_message
    assert "Imperium — lobby" in text_of(lobby)

    for p in players[1:]:
        await p.click(lobby, label="Join")
    lobby = thread.history()[0] if thread.history()[0].id == lobby.id else lobby
    assert "Seats (4/5)" in text_of(thread.history()[0]) or "4/5" in text_of(lobby)

    # Only the creator may start.
    refused = await players[1].click(lobby, label="Start")
    assert refused.followups or refused.response
    await alice.click(lobby, label="Start")
    board = thread.last_message
    assert board.attachments and board.attachments[0].filename.endswith(".png")
    assert "To play" in board.content

    seen_before_reveal: list[str] = []
    for rnd in range(1, 9):
        if rnd == 5:
            # Throw the bot away and start a new one on the same database file.
            await env.restart_bot(new_bot())
        round_start = len(thread.history())
        for seat, player in enumerate(players):
            await choose_by_dm(player.user, picks_for(rnd, seat), rnd)
        new = thread.history()[round_start:]  # oldest first
        *before_reveal, reveal = new
        for m in before_reveal:
            seen_before_reveal.append(text_of(m))
            assert not m.attachments, "no picture may be posted before the reveal"
            # the first line says who has chosen; a first-time player's one-line hint may follow it
            first_line = m.content.split("\n")[0]
            assert re.fullmatch(r"Player \d has chosen \(\d of 4\)\.|.*has chosen.*", first_line), m.content
        assert reveal.attachments, "the reveal comes with the board"
        if rnd < 8:
            assert f"round {rnd + 1}" in reveal.content.lower() or "To play" in reveal.content
    for text in seen_before_reveal:
        assert not leaks(text, ""), text

    final = thread.last_message
    assert "Game over" in final.content
    for p in players:
        assert p.mention in final.content
    assert not [b for b in buttons(final) if not b["disabled"]]


@pytest.mark.parametrize("who", ["outsider", "twice", "finished"])
async def test_choices_refused_with_a_reason(simcord_env, who):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    eve = guild.add_member(env.create_user("eve"))
    await alice.slash(channel, "game new", game="imperium")
    thread = channel.threads[0]
    lobby = thread.last_message
    bob = guild.add_member(env.create_user("bob"))
    if who == "twice":
        await bob.click(lobby, label="Join")
    else:
        await alice.click(lobby, label="Add AI")
    await alice.click(lobby, label="Start")
    board = thread.last_message
    if who == "outsider":
        res = await eve.click(board, label="Choose privately")
        assert res.ephemeral and "not playing" in res.response.content
    elif who == "twice":
        await choose_by_dm(alice.user, "123", 1)
        res = await alice.click(board, label="Choose privately")
        assert res.ephemeral and "already chosen for round 1" in res.response.content
        res = await alice.slash(thread, "imperium choose")
        assert res.ephemeral and "already chosen for round 1" in res.response.content
        assert "has chosen (1 of 2)" in thread.last_message.content
    else:
        for rnd in range(1, 9):
            await choose_by_dm(alice.user, "999", rnd)
        assert "Game over" in thread.last_message.content
        res = await alice.slash(thread, "imperium choose")
        assert res.ephemeral and "over" in res.response.content
