"""Play by post through Discord: a 3-player Imperium game by post (a day a move) where one player
times out, the others let an AI play that turn, the game survives a restart, ends, and the
server's leaderboard is updated."""

from __future__ import annotations

from host.clock import DAY, HOUR
from tests.discord_harness.helpers import button_id, buttons, open_table, text_of
from tests.discord_harness.test_imperium_e2e import choose_by_dm, picks_for

T0 = 1_800_000_000.0


class FakeClock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


async def test_async_imperium_with_a_timeout_taken_by_an_ai(simcord_env, simcord_bot, new_bot):
    env, bot = simcord_env, simcord_bot
    t = FakeClock()
    bot.host.clock = t
    players, thread, sid = await open_table(env, bot, "imperium", ["alice", "bob", "carol"], seed=4,
                                            clock="async:1d")
    alice, _bob, carol = players
    lobby = thread.history()[0]
    assert "By post" in text_of(lobby) or "async" in text_of(lobby)
    board = thread.last_message
    assert "⏱️ async · 1d a move" in board.content and "due <t:" in board.content

    # round 1: everyone chooses in time
    for seat, p in enumerate(players):
        await choose_by_dm(p.user, picks_for(1, seat), 1)
    # round 2: carol does not answer; a reminder 2 hours before, then the timeout
    t.now = T0 + HOUR
    for seat, p in enumerate(players[:2]):
        await choose_by_dm(p.user, picks_for(2, seat), 2)
    clocks = bot.get_cog("Clocks")
    t.now = T0 + HOUR + DAY - 2 * HOUR
    sent = await clocks.run_tick(t.now)
    assert [(n.kind, n.seat) for n in sent] == [("reminder", 2)]
    assert "left to move in **Imperium**" in carol.user.dm_channel.last_message.content
    assert carol.mention in thread.last_message.content and "left to move" in thread.last_message.content
    assert await clocks.run_tick(t.now + 60) == []  # once per point
    t.now = T0 + HOUR + DAY
    await clocks.run_tick(t.now)
    notice = thread.last_message
    assert "time ran out" in notice.content and carol.mention in notice.content
    assert {b["label"] for b in buttons(notice)} == {"Wait 1d more", "AI plays this turn", "AI takes the seat"}

    # a restart: the timeout buttons still work (their custom_ids carry the game, seat and turn)
    bot = new_bot()
    bot.host.clock = t
    await env.restart_bot(bot)
    refused = await carol.click(notice, custom_id=button_id(notice, "Wait 1d more"))
    assert refused.followups or refused.response  # not for the player who timed out
    await alice.click(notice, custom_id=button_id(notice, "AI plays this turn"))
    assert any("let an AI play carol's turn" in m.content for m in thread.history()[-4:])
    session = await bot.host.get(sid)
    assert session.state is not None and not session.seats[2].is_ai  # carol keeps her seat
    log = [(e.kind, e.seat) for e in bot.host.clock_of(session).log]
    assert ("timeout", 2) in log and ("timeout:turn", 2) in log
    decided = next(m for m in thread.history() if m.id == notice.id)
    assert buttons(decided) == []  # the choice is made: the buttons are gone

    # the rest of the game, each round answered in time
    rnd = 3
    while (session := await bot.host.get(sid)).status == "active":
        t.now += HOUR
        for seat, p in enumerate(players):
            await choose_by_dm(p.user, picks_for(rnd, seat), rnd)
        rnd += 1
    final = thread.last_message
    assert "Game over" in final.content and "📈 Ratings: " in final.content
    result = session.result()
    assert result is not None

    # the league rated the game (three humans; an AI only played one turn for carol)
    reply = await alice.slash(thread, "league leaderboard", game="imperium")
    message = reply.followups[-1] if reply.followups else reply.response
    assert message.attachments[0].filename == "leaderboard.png"
    table = message.embeds[0].description
    winner = players[result.ranks.index(1)].user.name
    assert all(p.user.name in table for p in players)
    assert table.index(winner) == min(table.index(p.user.name) for p in players)  # the winner leads
