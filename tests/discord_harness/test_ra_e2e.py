"""A whole 3-player Ra game through Discord: lobby, bids by DM, a god used, a disaster choice, a restart."""

from __future__ import annotations

import random
from typing import Any

from rules.ra import GAME
from rules.ra.actions import Bid, Discard, StopGods, UseGod
from tests.discord_harness.helpers import buttons, open_table, play_code, play_to_the_end, text_of

SEED = 41
"""A seed whose game (with ``choose`` below for every seat) has a god use and a disaster choice."""
RESTART_AT = 60
"""The bot process is replaced after this many moves."""


def choose(state: Any, seat: int, n: int) -> Any:
    """What the test's players do: lose the first offered tile, use gods whenever they can (one tile
    per turn), otherwise a move drawn from the legal ones by a generator seeded with the move number."""
    legal = GAME.legal_actions(state, seat)
    for kinds in ((Discard,), (UseGod,), (StopGods,)):
        wanted = [a for a in legal if isinstance(a, kinds)]
        if wanted:
            return wanted[0]
    rng = random.Random(f"{SEED}:{n}")
    bids = [a for a in legal if isinstance(a, Bid)]
    if bids and rng.random() < 0.6:
        return bids[0]
    return rng.choice(legal)


async def test_three_player_game_with_dm_bids_gods_disaster_and_restart(simcord_env, simcord_bot, new_bot):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "ra", ["alice", "bob", "carol"], seed=SEED)

    seen = {"dm_bid": 0, "dm_pass": 0, "god": 0, "disaster": 0}

    async def move(bot, session, n):
        seat = min(session.to_act())
        action = choose(session.state, seat, n)
        code = GAME.encode_action(action)
        user = players[seat]
        if session.view(None)["phase"] == "auction":
            # The bidder is asked by DM, with one button per disk that beats the bid (plus Pass if allowed).
            dm = user.user.dm_channel.last_message
            assert "Choose your bid" in dm.content
            offered = sorted(b["custom_id"].rsplit(":", 1)[1] for b in buttons(dm))
            legal = sorted(GAME.encode_action(a) for a in GAME.legal_actions(session.state, seat))
            assert offered == legal
            await play_code(user.user, dm, code)
            seen["dm_bid" if isinstance(action, Bid) else "dm_pass"] += 1
            announced = thread.last_message.content
            assert ("bids" in announced or "bid" in announced) if isinstance(action, Bid) else "pass" in announced
        else:
            board = thread.last_message
            assert board.attachments, "every move comes with the board"
            assert user.mention in board.content, "the player to act is mentioned"
            await play_code(user, board, code)
            seen["god"] += isinstance(action, UseGod)
            seen["disaster"] += isinstance(action, Discard)

    bot, moves = await play_to_the_end(env, bot, new_bot, sid, restart_at=RESTART_AT, move=move)
    session = await bot.host.get(sid)
    assert moves > RESTART_AT
    assert seen["dm_bid"] and seen["dm_pass"] and seen["god"] and seen["disaster"], seen
    final = thread.last_message
    assert "Game over" in final.content
    result = session.result()
    assert result is not None
    for p, score in zip(players, result.scores, strict=True):
        assert p.mention in final.content and f"— {score}" in final.content
    assert not [b for b in buttons(final) if not b["disabled"]]
    assert "Game over" in text_of(final)


async def test_out_of_turn_and_stale_clicks_are_refused(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "ra", ["alice", "bob", "carol"], seed=SEED)
    session = await bot.host.get(sid)
    board = thread.last_message
    seat = min(session.to_act())
    other = players[(seat + 1) % 3]
    res = await other.click(board, label="Draw a tile")
    reply = res.followups[-1]
    assert reply.ephemeral and "turn" in reply.content.lower(), reply.content
    assert (await bot.host.get(session.id)).version == session.version

    # The player invokes Ra; the first bidder is sent bid buttons by DM, but bids with the thread's
    # buttons instead. The DM's buttons are then out of date and say so.
    await players[seat].click(board, label="Invoke Ra")
    session = await bot.host.get(session.id)
    bidder = min(session.to_act())
    dm = players[bidder].user.dm_channel.last_message
    stale = buttons(dm)[0]["custom_id"]
    await players[bidder].click(thread.last_message, custom_id=stale)
    assert (await bot.host.get(session.id)).version == session.version + 1
    res = await players[bidder].user.click(dm, custom_id=stale)
    reply = res.followups[-1]
    assert reply.ephemeral and "changed" in reply.content, reply.content
    assert reply.attachments, "the current board is shown again"
    assert (await bot.host.get(session.id)).version == session.version + 1


async def test_closed_dms_fall_back_to_the_thread_once_per_auction(simcord_env, simcord_bot):
    """Bidders whose DMs are closed are told once, when the auction opens, and bid in the thread."""
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "ra", ["alice", "bob", "carol"], seed=SEED)
    for p in players:
        await bot.host.store.set_user_flag(p.id, "dms_closed", "1")
    session = await bot.host.get(sid)
    await players[min(session.to_act())].click(thread.last_message, label="Invoke Ra")

    def notes() -> int:
        return sum("can't DM you" in m.content for m in thread.history())

    assert notes() == 1
    for _ in range(2):  # two more bids or passes in the same auction: no more notes
        session = await bot.host.get(sid)
        if session.view(None)["phase"] != "auction":
            break
        seat = min(session.to_act())
        code = GAME.encode_action(GAME.legal_actions(session.state, seat)[0])
        board = next(m for m in reversed(thread.history()) if m.attachments)  # the note sits below it
        await play_code(players[seat], board, code)
        assert (await bot.host.get(sid)).version == session.version + 1
    assert notes() == 1
    assert all(p.user.dm_channel is None or p.user.dm_channel.last_message is None for p in players)
