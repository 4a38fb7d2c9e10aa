"""The shared Discord layer in both languages: the lobby, the board, its buttons, errors and /health.

What the thread shows follows the server's language; what one user is told (ephemeral replies) follows
theirs. English must read exactly as before (the catalogue repeats the old sentences; the host's refusals
are said in Japanese by their keys, tests/host/test_error_keys.py).
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs._common import error_message, refusal
from cogs._game import GameCog, action_view
from cogs.alhambra_dice import AlhambraDice
from cogs.health import health_lines
from cogs.lobby import lobby_embed, lobby_view, option_suggestions, parse_options
from host import clock as clocks
from host.errors import (
    HostError,
    LobbyError,
    NotSeated,
    PermissionDenied,
    SessionClosed,
    SessionNotFound,
    StaleVersion,
)
from host.sessions import Host
from i18n import ra as ra_words
from i18n import t
from i18n.choice import FLAG
from i18n.text import action_text
from rules import GAMES
from rules.base import IllegalAction, InvalidAction, InvalidOption, RulesError, check_players, resolve_options
from tests.discord_harness.conftest import bots, db_path, simcord_bot  # noqa: F401  (the harness's fixtures)
from tests.discord_harness.helpers import buttons, play_code, text_of
from tests.history.helpers import play_finished_game

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def japanese(text: str) -> bool:
    return bool(JAPANESE.search(text)) and "{" not in text and "}" not in text


def answer(result: Any) -> discord.Message:
    """The message an interaction produced (the response, or the last follow-up after a defer)."""
    return result.followups[-1] if result.followups else result.response


# ---------------------------------------------------------------------------- errors, without Discord


def test_rules_checks_every_game_shares_are_translated_with_the_games_title():
    info = GAMES["alhambra_dice"].info
    refused = []
    for options in ({"colour": "red"}, {"version": "deluxe"}):
        with pytest.raises(InvalidOption) as caught:
            resolve_options(info, options)
        refused.append(caught.value)
    with pytest.raises(IllegalAction) as caught:
        check_players(info, 9)
    refused.append(caught.value)
    refused.append(LobbyError(caught.value.reason, **caught.value.fields))  # as host.start passes it on
    for exc in refused:
        assert error_message("en", exc) == exc.reason
        assert japanese(error_message("ja", exc))
    assert error_message("ja", refused[0]).startswith("アルハンブラダイスに「colour」")
    assert "2〜6人用" in error_message("ja", refused[3])


@pytest.mark.parametrize(("cls", "key"), [(cls, cls.kind_key) for cls in (
    StaleVersion, SessionNotFound, NotSeated, PermissionDenied, SessionClosed, LobbyError, HostError)])
def test_an_unknown_host_refusal_still_says_what_kind_it_is(cls, key):
    exc = cls("Something nobody has written yet.")
    assert error_message("en", exc) == "Something nobody has written yet."
    assert error_message("ja", exc) == t("ja", key)


def test_keyed_errors_use_their_key_and_name_the_game_in_the_readers_language():
    exc = refusal(SessionNotFound, "game.error.not_this_game", game_id="ab12", game="imperium")
    assert exc.reason == "Game `ab12` is not a Imperium game."  # as session_here always said it
    assert error_message("ja", exc) == "ゲーム `ab12` は帝国のゲームではありません。"
    # A game's own error module words the fields it needs (a tile's name from its id).
    tile = "funeral"
    fields = {"key": "ra.error.god_cant_take", "tile": tile, "tile_name": ra_words.tile("en", tile)}
    rules_error = IllegalAction(t("en", "ra.error.god_cant_take", **fields), **fields)
    assert error_message("en", rules_error) == rules_error.reason
    assert ra_words.tile("ja", tile) in error_message("ja", rules_error)
    assert "Funeral" not in error_message("ja", rules_error)
    rules_error = RulesError("Not your turn.", key="ra.error.nothing_such")  # a key the catalogue lacks
    assert error_message("ja", rules_error) == "Not your turn."
    unkeyed_rule = IllegalAction("A sentence of an engine not translated yet.")
    assert error_message("ja", unkeyed_rule) == unkeyed_rule.reason


def test_lobby_refusals_of_its_own():
    for text in ('"unclosed', "variant", "=x"):
        with pytest.raises(InvalidOption) as caught:
            parse_options(text)
        assert error_message("en", caught.value) == caught.value.reason
        assert japanese(error_message("ja", caught.value))
    assert parse_options("Variant=Race30  hidden_fame=on") == {"variant": "race30", "hidden_fame": "on"}


@pytest.mark.parametrize("spec", ["fast", "live:5m@x", "live:5s", "async:1d+2d", "x" * 60])
def test_refused_time_controls_read_as_before_and_translate(spec):
    with pytest.raises(clocks.ClockError) as caught:
        clocks.parse(spec)
    assert error_message("en", caught.value) == str(caught.value)
    assert japanese(error_message("ja", caught.value))


# ---------------------------------------------------------------------------- words, without Discord



async def test_the_lobby_message_reads_as_before_in_english_and_translates(host):
    session = await host.create_lobby("barrage", guild_id=1, channel_id=2, creator_id=3, creator_name="Ann",
                                      options={"intro": "yes"}, time_control="async:3d+1d")
    session = await host.join(session.id, 4, "Bob")
    english = lobby_embed(session)
    assert english.title == "Barrage — lobby"
    assert english.description == f"2-4 players. Game id `{session.id}`.\nNew to Barrage? /rules"  # issue 19's hint
    assert [(f.name, f.value) for f in english.fields] == [
        ("Seats (2/4)", "1. <@3>\n2. <@4>"),
        ("Options", "expansion=nile, intro=yes, leeghwater=no, map=auto, new_officers=yes"),
        ("Time control", Host.clock_of(session).control.label()),
    ]
    assert english.footer.text == "Waiting for players"
    assert [b.item.label for b in lobby_view(session).children] == ["Join", "Leave", "Add AI", "Start", "Cancel"]

    ja = lobby_embed(session, "ja")
    assert ja.title == "バラージ — ロビー" and ja.footer.text == "参加者を募集中"
    assert [f.name for f in ja.fields] == ["席（2/4）", "オプション", "時間設定"]
    assert "intro：はい" in ja.fields[1].value and "expansion：ナイルの情勢" in ja.fields[1].value
    assert japanese(ja.fields[2].value) and japanese(ja.description)
    assert [b.item.label for b in lobby_view(session, "ja").children] == ["参加", "退出", "AIを追加", "開始", "中止"]


def test_option_suggestions_say_what_each_value_means():
    ja = option_suggestions("ja", "ra", "")
    assert [c.value for c in ja] == ["hidden_fame=off", "hidden_fame=on"]
    assert ja[1].name.startswith("hidden_fame=オン：名誉ポイント")
    en = option_suggestions("en", "barrage", "intro=yes ma")
    assert [c.value for c in en] == ["intro=yes map=auto", "intro=yes map=nile", "intro=yes map=base"]
    assert en[0].name.startswith("map=auto — The map:")
    assert option_suggestions("en", "barrage", "intro=yes ") and not any(
        c.value.count("intro=") > 1 for c in option_suggestions("en", "barrage", "intro=yes "))
    assert option_suggestions("ja", None, "") == [] and option_suggestions("ja", "chess", "") == []
    assert all(len(c.name) <= 100 and len(c.value) <= 100 for g in GAMES for c in option_suggestions("ja", g, ""))


HEALTH = {
    "status": "degraded", "started_at": 0, "uptime_s": 93784.0, "moves_total": 12, "moves_per_minute": 0.5,
    "move_latency_ms": {"p50": 120.0, "p95": None}, "errors_total": 2, "last_error_at": 1_800_000_000.0,
    "last_error": "discord_send", "shards": {"count": 2, "ids": [0, 1], "latency_ms": {"0": 41.0, "1": None}},
    "guilds": 3, "games": {"active": 4, "lobby": 1}, "database": "error: disk I/O error",
    "render": {"threads": 2, "pending": 5},
}


def test_health_reads_as_before_in_english_and_translates():
    assert health_lines(HEALTH, guild_shard=1) == [
        "🩺 **Bot health: degraded**",
        "Up 1d 2h 3m, since <t:0:f>",
        "Shards: 0, 1 of 2 · shard 0: 41 ms, shard 1: — · this server is on shard 1",
        "Servers: 3 · games open: 4 active, 1 in the lobby",
        "Moves: 12 since start · 0.5 a minute · wait for the board p50 120 ms, p95 —",
        "Errors: 2 · last <t:1800000000:R> (discord_send)",
        "Pictures waiting or being drawn: 5 (2 worker processes)",
        "Database: error: disk I/O error",
    ]
    ja = health_lines(HEALTH | {"games": None, "uptime_s": 59.0}, guild_shard=1, lang="ja")
    assert all(japanese(line) for line in ja), ja
    assert ja[0] == "🩺 **ボットの状態：機能低下**" and ja[1].startswith("稼働時間 0分59秒")
    assert ja[-1] == "データベース：エラー：disk I/O error"


async def test_result_notes_follow_the_language(host):
    """Alhambra's note needs the dummy's score from the public view; Ra's is one sentence."""
    bot = SimpleNamespace(host=host)
    for game, cog in (("alhambra_dice", AlhambraDice(bot)), ("ra", None)):
        session = await host.get(await play_finished_game(host, game, 5, players=GAMES[game].info.min_players))
        result = session.result()
        assert result is not None and result.note
        cog = cog or GameCog.__new__(GameCog)
        cog.game_name, cog.bot = game, bot
        assert cog.result_note(session, result, "en") == result.note
        assert japanese(cog.result_note(session, result, "ja"))
        lines = cog.status_lines(session, "ja")
        assert lines[0] == "🏁 **ゲーム終了。** 最終順位：" and lines[-1] == cog.result_note(session, result, "ja")


async def test_move_buttons_and_menus_are_labelled_in_the_language_asked(host):
    session = await host.get((await host.create_lobby("ra", guild_id=1, channel_id=1, creator_id=1,
                                                      creator_name="a", seed=3)).id)
    for uid in (2, 3):
        await host.join(session.id, uid, str(uid))
    session = (await host.start(session.id, 1)).session
    seat = min(session.to_act())

    labels = {c.item.label for c in action_view(session, seat, lang="ja").children}
    legal = session.game.legal_actions(session.state, seat)
    assert labels == {action_text("ja", "ra", a) for a in legal} and all(japanese(x) for x in labels)
    english = action_view(session, seat, group=lambda action, lang: "Everything")
    assert [c.item.placeholder for c in english.children] == ["Everything"]
    japanese_menu = action_view(session, seat, group=lambda action, lang: t(lang, "game.menu.choose"), lang="ja")
    assert [c.item.placeholder for c in japanese_menu.children] == ["手を選ぶ"]


# ---------------------------------------------------------------------------- through Discord (simcord)


def server(env: Any):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = {n: guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave")}
    return guild, channel, members


async def test_a_japanese_server_plays_in_japanese_and_each_user_is_answered_in_theirs(
    simcord_env, simcord_bot  # noqa: F811  (the imported fixture)
):
    env, bot = simcord_env, simcord_bot
    bot.host.seed_source = lambda: 41
    guild, channel, members = server(env)
    alice, bob, carol, dave = members.values()
    await bot.host.store.set_user_flag(guild.id, FLAG, "ja")  # as /prefs server_language ja does
    await bob.slash(channel, "prefs language", language="ja")  # bob reads Japanese; the others English

    # Refusals before any lobby: in each user's language.
    refused = answer(await alice.slash(channel, "game new", game="ra", options="hidden_fame"))
    assert refused.ephemeral
    assert refused.content == "⚠️ 'hidden_fame' is not an option: write options as name=value, e.g. variant=race30."
    refused = answer(await bob.slash(channel, "game new", game="ra", options="colour=red"))
    assert refused.content == "⚠️ ラーに「colour」というオプションはありません（オプション：hidden_fame）。"

    opened = answer(await alice.slash(channel, "game new", game="ra", options="hidden_fame=on"))
    assert opened.ephemeral and opened.content.startswith("Lobby for **Ra** opened in")  # alice reads English
    thread = channel.threads[0]
    (sid,) = [s.id for s in await bot.host.open_sessions()]
    assert thread.name == f"ラー · {sid}"
    lobby = thread.last_message
    assert lobby.embeds[0].title == "ラー — ロビー" and "hidden_fame：オン" in text_of(lobby)
    assert [b["label"] for b in buttons(lobby)] == ["参加", "退出", "AIを追加", "開始", "中止"]

    await bob.click(lobby, label="参加")
    twice = await bob.click(thread.last_message, label="参加")
    assert twice.response.ephemeral and twice.response.content == "⚠️ このゲームにはもう参加しています。"
    not_mine = await bob.click(thread.last_message, label="開始")
    assert answer(not_mine).content == "⚠️ ゲームを開始できるのは、ロビーを開いたプレイヤーだけです。"
    not_in = await dave.click(thread.last_message, label="退出")
    assert not_in.response.content == "⚠️ You are not in this lobby."
    await carol.click(thread.last_message, label="参加")
    assert "席（3/5）" in text_of(thread.last_message)
    await alice.click(thread.last_message, label="開始")
    assert thread.history()[0].embeds[0].footer.text == "開始済み"

    session = await bot.host.get(sid)
    by_seat = {session.seats[s].user_id: s for s in range(3)}
    players = sorted((alice, bob, carol), key=lambda m: by_seat[m.id])
    board = thread.last_message
    seat = min(session.to_act())
    assert board.attachments and players[seat].mention in board.content
    assert board.content.startswith("➡️ 手番：") and "To play" not in board.content
    labels = {b["label"] for b in buttons(board)}
    assert labels == {action_text("ja", "ra", a) for a in session.game.legal_actions(session.state, seat)}
    assert labels == {"タイルをめくる", "Raを宣言する"}

    # Out of turn: a Japanese reader is told in Japanese, an English one in English; the thread is untouched.
    waiting = [p for i, p in enumerate(players) if i != seat]
    ja_reader = bob if bob in waiting else carol
    en_reader = next(p for p in waiting if p is not ja_reader)
    if ja_reader is carol:
        await carol.slash(thread, "prefs language", language="ja")
    said = answer(await ja_reader.click(board, label="タイルをめくる"))
    assert said.ephemeral and said.content.startswith("⚠️ ") and japanese(said.content), said.content
    said = answer(await en_reader.click(board, label="タイルをめくる"))
    assert said.ephemeral and said.content.startswith("⚠️ It is not your turn"), said.content
    if ja_reader is carol:
        await carol.slash(thread, "prefs language", language="auto")
    assert thread.last_message.id == board.id and (await bot.host.get(sid)).version == session.version

    # A few moves: each board, its event lines and its buttons in Japanese.
    for _ in range(3):
        session = await bot.host.get(sid)
        seat = min(session.to_act())
        legal = session.game.legal_actions(session.state, seat)
        move = next((a for a in legal if type(a).__name__ == "Draw"), legal[0])  # an auction: bid or pass
        await play_code(players[seat], thread.last_message, session.game.encode_action(move))
        board = thread.last_message
        assert (await bot.host.get(sid)).version > session.version
        assert board.attachments and "手番：" in board.content
        assert all(japanese(line) for line in board.content.splitlines()), board.content
        assert all(japanese(b["label"]) for b in buttons(board))

    # A stale button: a move made elsewhere (not announced yet) leaves the board's buttons out of date;
    # the Japanese reader is told in Japanese and shown the board as it is now.
    session = await bot.host.get(sid)
    seat = min(session.to_act())
    first = session.game.legal_actions(session.state, seat)[0]
    await bot.host.submit(sid, session.seats[seat].user_id, session.game.encode_action(first))
    res = await bob.click(board, custom_id=buttons(board)[0]["custom_id"])
    said = answer(res)
    assert said.ephemeral and said.content.startswith("⚠️ 選んでいる間に盤面が変わりました") and said.attachments
    assert "手番：" in said.content

    # /game status, list and mine: in the asker's language.
    status = answer(await bob.slash(thread, "game status"))
    assert status.ephemeral and status.content.startswith(f"ラー `{sid}`・") and "手番：" in status.content
    status = answer(await carol.slash(thread, "game status"))
    assert status.content.startswith(f"Ra `{sid}`, move ") and "➡️ To play: " in status.content
    listed = answer(await bob.slash(channel, "game list"))
    assert listed.content.startswith(f"`{sid}` ラー · 3人 · 手番：")
    assert answer(await carol.slash(channel, "game list")).content.startswith(f"`{sid}` Ra · 3 players · to play: ")
    assert "ラー · " in answer(await bob.slash(channel, "game mine")).content
    outsider = answer(await dave.slash(channel, "game resign", game_id=sid))
    assert outsider.content == "⚠️ You are not playing in this game."

    # What is said in the channel for everyone is in the server's language.
    resigned = await carol.slash(thread, "game resign")
    assert resigned.response.content == (
        f"🏳️ {carol.mention} がゲーム `{sid}` から抜けました。この席は最後までAIがプレイします。")
    aborted = await alice.slash(thread, "game abort")
    assert aborted.response.content == f"🛑 ゲーム `{sid}` は {alice.mention} によって中止されました。"
    refused = answer(await bob.slash(thread, "game abort"))
    assert refused.content == "⚠️ このゲームはすでに終わっています。"
    refused = answer(await alice.slash(channel, "game status", game_id="zz99"))
    assert refused.content == "⚠️ There is no game with id zz99."
    refused = answer(await bob.slash(channel, "game status", game_id="zz99"))
    assert refused.content == "⚠️ ID zz99 のゲームはありません。"


async def test_health_in_the_askers_language(simcord_env, simcord_bot):  # noqa: F811  (the imported fixture)
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("ops")
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[managers])
    member = guild.add_member(env.create_user("member"))
    await simcord_bot.host.store.set_user_flag(guild.id, FLAG, "ja")  # the server's language: not for replies
    assert text_of(answer(await admin.slash(channel, "health"))).startswith("🩺 **Bot health: ")
    await member.slash(channel, "prefs language", language="ja")
    # A server may open the command to anyone in its integration settings: the bot still refuses.
    synced = next(c for c in await simcord_bot.tree.fetch_commands() if c.name == "health")
    guild.set_command_permissions(synced, {member: True})
    refused = answer(await member.slash(channel, "health"))
    assert refused.ephemeral and refused.content.startswith("⚠️ /health を使えるのは")
    await admin.slash(channel, "prefs language", language="ja")
    shown = answer(await admin.slash(channel, "health")).content
    assert shown.startswith("🩺 **ボットの状態：") and all(japanese(line) for line in shown.splitlines()), shown


def test_errors_of_a_kind_the_catalogue_does_not_know():
    """A cog's own HostError subclass with an unknown sentence says it is a refusal; English is unchanged."""

    class Odd(HostError):
        pass

    assert error_message("ja", Odd("Odd thing.")) == t("ja", "common.class.host")
    for cls in (SessionClosed, NotSeated, PermissionDenied):
        assert error_message("en", cls("As said.")) == "As said."
    unreadable = InvalidAction("That move could not be read.", key="common.host.unreadable_move")  # as host raises it
    assert error_message("ja", unreadable) == "その手を読み取れませんでした。"
