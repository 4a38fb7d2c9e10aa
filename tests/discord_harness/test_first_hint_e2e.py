"""A first-time player's first prompt says in one line what the buttons do (issue 19), end to end.

"First time": the player sits in no earlier game of that kind (in progress or over) in the store.
The hint names them once, in the server's language; a player who played before never sees it.
"""

from __future__ import annotations

import pytest

from i18n import choice, t
from rules.rng import RNG_MT
from tests.discord_harness.helpers import play_code
from tests.ops.helpers import boards

GAME = "alhambra_dice"


async def table(env, bot, lang: str, *, alice_played_before: bool):
    """alice and bob at an Alhambra table in a guild speaking ``lang``; alice may have an earlier game."""
    bot.host.seed_source = lambda: 5
    bot.host.rng_version = RNG_MT
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    if lang == "ja":  # the server's language (as /prefs server_language keeps it)
        await bot.host.store.set_user_flag(guild.id, choice.FLAG, "ja")
    if alice_played_before:  # an earlier game of the same kind, still in progress
        earlier = await bot.host.create_lobby(GAME, guild_id=guild.id, channel_id=channel.id, creator_id=alice.id,
                                              creator_name="alice")
        await bot.host.add_ai(earlier.id, alice.id, "random")
        await bot.host.start(earlier.id, alice.id)
    await alice.slash(channel, "game new", game=GAME)
    thread = channel.threads[-1]
    await bob.click(thread.last_message, label=t(lang, "lobby.button.join"))
    await alice.click(thread.last_message, label=t(lang, "lobby.button.start"))
    sid = next(s.id for s in await bot.host.open_sessions() if s.record.thread_id == thread.id)
    return {alice.id: alice, bob.id: bob}, thread, sid


async def play_until_both_prompted(bot, players, thread, sid) -> None:
    """Moves by the buttons until each of the two players has been asked to act at least twice."""
    asked: dict[int, int] = {}
    while min(asked.get(uid, 0) for uid in players) < 2:
        session = await bot.host.get(sid)
        seat = min(session.to_act())
        uid = session.seats[seat].user_id
        asked[uid] = asked.get(uid, 0) + 1
        await play_code(players[uid], thread.last_message, session.view(seat)["choices"][0]["code"])


@pytest.mark.simcord(settle_timeout=120)  # boards are drawn by workers: slow on a loaded machine
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_first_time_player_is_told_once_what_the_buttons_do(simcord_env, simcord_bot, lang):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await table(env, bot, lang, alice_played_before=False)
    session = await bot.host.get(sid)
    first = players[session.seats[min(session.to_act())].user_id]
    hint = {uid: t(lang, "game.first.alhambra_dice", player=p.mention) for uid, p in players.items()}
    assert hint[first.id] in boards(thread)[-1].content, "the first prompt carries the hint"
    await play_until_both_prompted(bot, players, thread, sid)
    said = "\n".join(m.content for m in thread.history())
    for uid in players:
        assert said.count(hint[uid]) == 1, "each first-timer is told once, at their first prompt"


@pytest.mark.simcord(settle_timeout=120)
async def test_a_player_with_an_earlier_game_of_the_kind_gets_no_hint(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await table(env, bot, "en", alice_played_before=True)
    await play_until_both_prompted(bot, players, thread, sid)
    said = "\n".join(m.content for m in thread.history())
    alice, bob = players.values()
    assert t("en", "game.first.alhambra_dice", player=alice.mention) not in said
    assert said.count(t("en", "game.first.alhambra_dice", player=bob.mention)) == 1, "bob is new to it"


@pytest.mark.simcord(settle_timeout=120)
async def test_the_hint_is_not_given_again_after_a_restart(simcord_env, simcord_bot, new_bot):
    """The bot restarts (a new bot object on the same database) after each player's first prompt: nobody
    is told twice, though the new process has prompted no one yet."""
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await table(env, bot, "en", alice_played_before=False)
    hint = {uid: t("en", "game.first.alhambra_dice", player=p.mention) for uid, p in players.items()}
    asked: dict[int, int] = {}
    restarted = False
    while min(asked.get(uid, 0) for uid in players) < 2 or not restarted:
        if not restarted and min(asked.get(uid, 0) for uid in players) >= 1:  # each has had the hint
            bot, restarted = new_bot(), True
            await env.restart_bot(bot)
        session = await bot.host.get(sid)
        seat = min(session.to_act())
        uid = session.seats[seat].user_id
        asked[uid] = asked.get(uid, 0) + 1
        await play_code(players[uid], thread.last_message, session.view(seat)["choices"][0]["code"])
    said = "\n".join(m.content for m in thread.history())
    for uid in players:
        assert said.count(hint[uid]) == 1, "told once, at the first prompt, restart or not"
