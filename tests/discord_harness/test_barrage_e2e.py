"""2-player Barrage games through Discord (base map, and the Nile Affair, the default): draft, guided
turns, two pictures, a restart in the middle."""

from __future__ import annotations

import random

from rules.barrage import GAME
from tests.discord_harness.helpers import control_codes, open_table, play_code, play_to_the_end, selects

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
    # map, boards, then the end-of-game summary (issue 19: the final board carries it)
    assert "Game over" in final.content and [a.filename.rsplit("-", 1)[1] for a in final.attachments] == [
        "map.png", "boards.png", "summary.png"]
    result = session.result()
    for p, score in zip(players, result.scores, strict=True):
        assert p.mention in final.content and f"— {score}" in final.content


IRRIGATION = ("P.irrigation", "I.", "A.", "Z.")
NILE_RESTART_AT = 45  # about halfway through this seed's game (93 moves)


async def test_two_player_nile_game_with_irrigation_and_restart(simcord_env, simcord_bot, new_bot):
    """The default game is the Nile Affair: irrigation spaces, tiles and the bonus activation are
    offered as selects; the pictures show the Nile map and the irrigation state."""
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "barrage", ["alice", "bob"], seed=5)
    rng = random.Random(5)
    seen: dict[str, int] = {}

    async def move(bot, session, n):
        seat = min(session.to_act())
        board = thread.last_message
        assert [a.filename.rsplit("-", 1)[1] for a in board.attachments] == ["map.png", "boards.png"]
        assert players[seat].mention in board.content and "Step:" in board.content
        legal = [GAME.encode_action(a) for a in GAME.legal_actions(session.state, seat)]
        assert control_codes(board) == set(legal)
        if session.state.tasks[0].kind == "irrigate" and "I." in " ".join(legal):
            assert "Take an irrigation tile…" in [s.placeholder for s in selects(board)]
        if any(c.startswith("A.") for c in legal):
            assert "Bonus action: activate an irrigation tile…" in [s.placeholder for s in selects(board)]
        choices = [c for c in legal if c != "B"] or legal
        keen = [c for c in choices if c.startswith(IRRIGATION)]
        code = rng.choice(keen if keen and rng.random() < 0.8 else choices)
        for prefix in IRRIGATION:
            if code.startswith(prefix):
                seen[prefix] = seen.get(prefix, 0) + 1
        await play_code(players[seat], board, code)

    bot, moves = await play_to_the_end(env, bot, new_bot, sid, restart_at=NILE_RESTART_AT, move=move)
    session = await bot.host.get(sid)
    assert session.state.map == "nile" and session.state.options["expansion"] == "nile"
    assert 1.5 * NILE_RESTART_AT < moves < 3 * NILE_RESTART_AT
    assert seen.get("P.irrigation") and seen.get("I.") and seen.get("A.")
    # the five irrigation scorings happened and are in the log the players read
    assert all(w != -1 for w in session.state.irr_scoring)
    final = thread.last_message
    # map, boards, then the end-of-game summary (issue 19: the final board carries it)
    assert "Game over" in final.content and [a.filename.rsplit("-", 1)[1] for a in final.attachments] == [
        "map.png", "boards.png", "summary.png"]
    for p, score in zip(players, session.result().scores, strict=True):
        assert p.mention in final.content and f"— {score}" in final.content
