"""Alhambra: The Dice Game through Discord, both versions: lobby, dice toggles and re-rolls, placements,
round-end claims, a restart in the middle, final scores."""

from __future__ import annotations

import random

import pytest

from tests.discord_harness.helpers import buttons, control_codes, open_table, play_code, play_to_the_end

RESTART_AT = 25


@pytest.mark.parametrize("version", ["basic", "alcazaba"])
async def test_two_player_game_with_restart(simcord_env, simcord_bot, new_bot, version):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(
        env, bot, "alhambra_dice", ["alice", "bob"], seed=5, options=f"version={version}"
    )
    assert (await bot.host.get(sid)).record.options["version"] == version

    rng = random.Random(5)
    count = {"rerolls": 0, "toggles": 0}

    async def move(bot, session, n):
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
                count["toggles"] += 1
            roll = next(b for b in buttons(board) if b["custom_id"].endswith(":r"))
            assert "Re-roll 2 dice" in roll["label"] and not roll["disabled"]
            await user.click(board, custom_id=roll["custom_id"])
            count["rerolls"] += 1
        else:
            await play_code(user, board, rng.choice(view["choices"])["code"])

    bot, moves = await play_to_the_end(env, bot, new_bot, sid, restart_at=RESTART_AT, move=move)
    session = await bot.host.get(sid)
    rerolls, toggles = count["rerolls"], count["toggles"]
    assert moves > RESTART_AT and rerolls and toggles
    final = thread.last_message
    assert "Game over" in final.content
    result = session.result()
    assert result is not None and session.view(None)["round"] == 5
    for p, score in zip(players, result.scores, strict=True):
        assert p.mention in final.content and f"— {score}" in final.content


async def test_only_the_roller_may_toggle_dice(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "alhambra_dice", ["alice", "bob"], seed=5)
    session = await bot.host.get(sid)
    roller = min(session.to_act())
    other = players[1 - roller]
    board = thread.last_message
    toggle = next(b for b in buttons(board) if b["custom_id"].endswith(":0"))
    res = await other.click(board, custom_id=toggle["custom_id"])
    assert res.ephemeral and "not your turn" in res.response.content.lower()
    assert buttons(thread.last_message) == buttons(board), "the picker did not change"
    assert (await bot.host.get(session.id)).version == session.version
