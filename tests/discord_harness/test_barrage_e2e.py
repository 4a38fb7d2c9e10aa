"""A 2-player Barrage game (base map) through Discord: draft, guided turns, two pictures, a restart."""

from __future__ import annotations

import random

from rules.barrage import GAME
from tests.discord_harness.helpers import control_codes, open_table, play_code, play_to_the_end

RESTART_AT = 40


async def test_two_player_base_game_with_restart(simcord_env, simcord_bot, new_bot):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "barrage", ["alice", "bob"], seed=11, options="map=base")

    rng = random.Random(11)

    async def move(bot, session, n):
        seat = min(session.to_act())
        board = thread.last_message
        # Two pictures (map and boards), the player to act mentioned, and exactly the legal choices.
        assert [a.filename.rsplit("-", 1)[1] for a in board.attachments] == ["map.png", "boards.png"]
        assert players[seat].mention in board.content
        legal = [GAME.encode_action(a) for a in GAME.legal_actions(session.state, seat)]
        assert control_codes(board) == set(legal)
        back = [c for c in legal if c != "B"] or legal  # avoid wandering back and forth
        await play_code(players[seat], board, rng.choice(back))

    bot, moves = await play_to_the_end(env, bot, new_bot, sid, restart_at=RESTART_AT, move=move)
    session = await bot.host.get(sid)
    assert moves > RESTART_AT
    final = thread.last_message
    assert "Game over" in final.content and len(final.attachments) == 2
    result = session.result()
    for p, score in zip(players, result.scores, strict=True):
        assert p.mention in final.content and f"— {score}" in final.content
