"""Alhambra: The Dice Game through Discord, both versions: lobby, dice toggles and re-rolls, placements,
round-end claims, a restart in the middle, final scores."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from rules.alhambra_dice import GAME
from tests.discord_harness.helpers import buttons

RESTART_AT = 25


def selects(message: discord.Message) -> list[discord.SelectMenu]:
    items = [c for row in message.components for c in getattr(row, "children", [row])]
    return [c for c in items if isinstance(c, discord.SelectMenu)]


def control_codes(message: discord.Message) -> set[str]:
    """Every move code offered on a board message (buttons and select options), dice toggles aside."""
    codes = {b["custom_id"].rsplit(":", 1)[1] for b in buttons(message) if b["custom_id"].startswith("act:")}
    codes |= {o.value for menu in selects(message) for o in menu.options}
    return codes


async def play_code(user: Any, message: discord.Message, code: str) -> None:
    for b in buttons(message):
        if b["custom_id"].startswith("act:") and b["custom_id"].endswith(f":{code}"):
            await user.click(message, custom_id=b["custom_id"])
            return
    for menu in selects(message):
        if any(o.value == code for o in menu.options):
            await user.select(message, [code], custom_id=menu.custom_id)
            return
    raise AssertionError(f"no control for {code!r}")


@pytest.mark.parametrize("version", ["basic", "alcazaba"])
async def test_two_player_game_with_restart(simcord_env, simcord_bot, new_bot, version):
    env, bot = simcord_env, simcord_bot
    bot.host.seed_source = lambda: 5
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(n)) for n in ("alice", "bob")]
    alice = players[0]

    await alice.slash(channel, "game new", game="alhambra_dice", options=f"version={version}")
    thread = channel.threads[0]
    lobby = thread.last_message
    await players[1].click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    sid = (await bot.host.open_sessions())[0].id
    assert (await bot.host.get(sid)).record.options["version"] == version

    rng = random.Random(5)
    moves = rerolls = toggles = 0
    while True:
        session = await bot.host.get(sid)
        if session.status != "active":
            break
        if moves == RESTART_AT:
            bot = new_bot()
            await env.restart_bot(bot)
            session = await bot.host.get(sid)
        seat = min(session.to_act())
        user = players[seat]
        board = thread.last_message
        assert board.attachments and user.mention in board.content
        view = session.view(seat)
        # The board offers exactly the legal moves other than re-rolls, which the dice buttons make.
        assert control_codes(board) == {c["code"] for c in view["choices"]}
        dice = view["dice"]
        if dice is not None and dice["rerolls_left"] > 0 and rng.random() < 0.5:
            # Toggle two dice to roll again (the picker redraws with them marked), then re-roll.
            for i in rng.sample(range(8), 2):
                toggle = next(b for b in buttons(board) if b["custom_id"].endswith(f":{i}"))
                await user.click(board, custom_id=toggle["custom_id"])
                board = thread.last_message
                toggles += 1
            roll = next(b for b in buttons(board) if b["custom_id"].endswith(":r"))
            assert "Re-roll 2 dice" in roll["label"] and not roll["disabled"]
            await user.click(board, custom_id=roll["custom_id"])
            rerolls += 1
        else:
            await play_code(user, board, rng.choice(view["choices"])["code"])
        assert (await bot.host.get(sid)).version > session.version
        moves += 1
        assert moves < GAME.info.max_actions

    assert moves > RESTART_AT and rerolls and toggles
    final = thread.last_message
    assert "Game over" in final.content
    result = session.result()
    assert result is not None and session.view(None)["round"] == 5
    for p, score in zip(players, result.scores, strict=True):
        assert p.mention in final.content and f"— {score}" in final.content


async def test_only_the_roller_may_toggle_dice(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    bot.host.seed_source = lambda: 5
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    await alice.slash(channel, "game new", game="alhambra_dice")
    thread = channel.threads[0]
    await bob.click(thread.last_message, label="Join")
    await alice.click(thread.last_message, label="Start")
    session = (await bot.host.open_sessions())[0]
    roller = min(session.to_act())
    other = (alice, bob)[1 - roller]
    board = thread.last_message
    toggle = next(b for b in buttons(board) if b["custom_id"].endswith(":0"))
    res = await other.click(board, custom_id=toggle["custom_id"])
    assert res.ephemeral and "not your turn" in res.response.content.lower()
    assert buttons(thread.last_message) == buttons(board), "the picker did not change"
    assert (await bot.host.get(session.id)).version == session.version
