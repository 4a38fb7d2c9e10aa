"""Play by post, /prefs, the league and replays in both languages.

English must read exactly as before (the catalogue reproduces the host's sentences); Japanese must be
complete (no template braces left), chosen by /prefs language and /prefs server_language, and drawn
on the pictures with real glyphs (no tofu).
"""

from __future__ import annotations

import io
import re

import discord
import pytest
from PIL import Image

from cogs._common import error_message
from cogs.clocks import control_label, span
from cogs.league import board_picture, place, scope_label
from host import clock as clocks
from host.errors import HostError
from host.history import _not_finished, export_frames, export_game, replay_captions
from host.league import Entry, LeagueError, Scope, Season
from host.ratings import Rating
from host.reminders import PrefsError, Reminders, parse_quiet
from host.sessions import Host
from host.store import SqliteStore
from i18n import t
from i18n.choice import FLAG
from render.leaderboard import render as render_leaderboard
from rules import GAMES
from tests.discord_harness.conftest import bots, db_path, simcord_bot  # noqa: F401  (the harness's fixtures)
from tests.discord_harness.helpers import buttons, open_table
from tests.history.helpers import play_finished_game
from tests.i18n.tofu import recording_text, tofu
from tests.league.helpers import finish_game

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
T0 = 1_800_000_000.0


def japanese(text: str) -> bool:
    return bool(JAPANESE.search(text)) and "{" not in text and "}" not in text


def answer(result):
    """The message an interaction produced (the response, or the last follow-up after a defer)."""
    return result.followups[-1] if result.followups else result.response


# ---------------------------------------------------------------------------- clocks, without Discord


@pytest.mark.parametrize("seconds", [0, 1, 59, 60, 61, 3600, 3661, 7200, 86399, 86400, 90000, 93784, 2 * 86400 + 60,
                                     12 * 3600, 30 * 86400 + 5])
def test_durations_read_as_before_in_english_and_in_japanese(seconds):
    assert span(seconds, "en") == clocks.span(seconds)
    assert japanese(span(seconds, "ja"))


@pytest.mark.parametrize("spec", sorted(clocks.PRESETS))
def test_time_controls_read_as_before_in_english(spec):
    control = clocks.parse(spec)
    assert control_label(control, "en") == control.label()
    assert japanese(control_label(control, "ja"))


def test_japanese_units():
    assert span(2 * 86400 + 4 * 3600, "ja") == "2日4時間"
    assert control_label(clocks.parse("async:3d+1d"), "ja") == "通信対局・1手3日（1手ごとに持ち時間＋1日）"


async def test_refused_preferences_have_keys_that_say_the_same_in_english(tmp_path):
    refused = []
    for text in ("x", "5-5", "22-24"):
        with pytest.raises(PrefsError) as caught:
            parse_quiet(text)
        refused.append(caught.value)
    store = SqliteStore(tmp_path / "prefs.db")
    await store.open()
    try:
        reminders = Reminders(Host(store), vacation_days=14)
        for days in (0.0, 20.0, 3.0, 1.0):  # too short, too long, fine, then already away
            try:
                await reminders.start_vacation(7, days, T0, T0 - 1)
            except PrefsError as exc:
                refused.append(exc)
    finally:
        await store.close()
    assert {e.key for e in refused} == {"prefs.error.quiet_format", "prefs.error.quiet_hours",
                                        "prefs.error.vacation_short", "prefs.error.vacation_too_long",
                                        "prefs.error.vacation_already"}
    for exc in refused:
        assert t("en", exc.key, **exc.fields) == str(exc)
        assert japanese(t("ja", exc.key, **exc.fields))


# ---------------------------------------------------------------------------- league and history errors

LEAGUE_REFUSALS = [
    ("There is no game with id `zz999` in this server.", "league.error.no_game", {"game_id": "zz999"}),
    ("Game `ab12` is not finished (active): only finished games can be voided.", "league.error.not_finished",
     {"game_id": "ab12", "status": "active"}),
    ("Game `ab12` had no human players, so it is not in the league.", "league.error.no_humans", {"game_id": "ab12"}),
    ("Game `ab12` is already voided; nothing was changed.", "league.error.already_voided", {"game_id": "ab12"}),
    ("Game `ab12` is not voided; nothing was changed.", "league.error.not_voided", {"game_id": "ab12"}),
    ("include_ai is on or off.", "league.error.include_ai", {}),
    ("min_games is a whole number from 1 to 1000.", "league.error.min_games", {}),
    ("Unknown league option 'colour'. Options: include_ai, min_games.", "league.error.unknown_option",
     {"option": "colour", "options": "include_ai, min_games"}),
    ("A season needs a name of 1 to 40 characters.", "league.error.season_name_length", {"most": 40}),
    ("That name is kept for other uses (all time, season numbers); choose another.",
     "league.error.season_name_reserved", {}),
    ("Season “Spring” is still running: end it before starting another.", "league.error.season_running",
     {"season": "Spring"}),
    ("There was already a season named “Spring”; choose another name.", "league.error.season_name_taken",
     {"season": "Spring"}),
    ("No season is running in this server.", "league.error.no_running_season", {}),
    ("There is no season 'Winter' in this server. Seasons: “Spring”, “Summer”; or 'all' for all time.",
     "league.error.no_season", {"season": "Winter", "seasons": "“Spring”, “Summer”"}),
    ("There is no season 'Winter' in this server. Seasons: none yet; or 'all' for all time.",
     "league.error.no_season", {"season": "Winter", "seasons": "none yet"}),
]
"""host/league.py's refusals, as it raises them: the sentence, its key and its fields."""


@pytest.mark.parametrize(("reason", "key", "fields"), LEAGUE_REFUSALS)
def test_league_refusals_are_recognised_and_translated(reason, key, fields):
    exc = LeagueError(reason, key=key, **fields)
    assert error_message("en", exc) == reason
    said = error_message("ja", exc)
    assert said is not None and japanese(said) and "none yet" not in said


def test_an_unknown_sentence_is_left_to_the_common_error_reply():
    assert error_message("ja", HostError("Something new.")) == t("ja", "common.class.host")


@pytest.mark.parametrize("status", ["lobby", "active", "aborted", "archived", "weird"])
def test_history_refusals_are_recognised_and_translated(status):
    exc = _not_finished("ab12", status)
    assert error_message("en", exc) == exc.reason
    assert japanese(error_message("ja", exc) or "")


def test_league_words():
    assert [place(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]
    assert place(2, "ja") == "2位"
    spring, ended = Season(1, 1, "Spring", T0, None), Season(2, 1, "Winter", T0, T0 + 1)
    for scope in (Scope(None), Scope(spring), Scope(ended)):
        assert scope_label(scope, "en") == scope.label
        assert japanese(scope_label(scope, "ja"))


# ---------------------------------------------------------------------------- pictures

NAMES = ["山田太郎", "alice", "ボブ・ザ・グレート・ビルダーの長い長い名前", "carol", "dave"]
ENTRIES = [Entry(i + 1, 100 + i, name, Rating(25 - 2.0 * i, 3.0), 10 - i, 5 - i) for i, name in enumerate(NAMES)]


@pytest.mark.parametrize("entries", [ENTRIES, []], ids=["table", "empty"])
def test_the_leaderboard_picture_in_japanese_has_no_tofu(entries):
    with recording_text() as drawn:
        data = board_picture("imperium", Scope(Season(1, 1, "春 2027", T0, None)), entries, 12, "ja")
    assert tofu(drawn) == []
    words = [text for text, _ in drawn]
    assert any(text == t("ja", "league.picture.rating") for text in words)
    assert any(text.startswith(t("ja", "league.scope.season", name="春 2027")) for text in words)
    image = Image.open(io.BytesIO(data))
    assert image.height >= image.width * 4 / 3


def test_the_english_leaderboard_picture_is_unchanged_by_the_language_keyword():
    board = {"title": "Imperium leaderboard", "subtitle": "All time · 2 rated games", "note": "Rating = μ − 3σ",
             "rows": [{"position": 1, "name": "alice", "rating": 3.5, "games": 2, "wins": 1}]}
    assert render_leaderboard(board) == render_leaderboard(board, lang="en")
    with recording_text() as drawn:
        render_leaderboard(board)
    assert {"Player", "Rating", "Games", "Wins"} <= {text for text, _ in drawn}



@pytest.mark.parametrize("game_name", sorted(GAMES))
async def test_replay_captions_read_as_before_in_english_and_translate(host, game_name):
    sid = await play_finished_game(host, game_name, 5, players=GAMES[game_name].info.min_players)
    data = await export_game(host, sid)
    frames = export_frames(data, max_frames=12)
    assert replay_captions(data, frames, "en") == [f.caption for f in frames]
    ja = replay_captions(data, frames, "ja")
    assert len(ja) == len(frames) and all("{" not in c and "}" not in c for c in ja)
    over = t("ja", "history.caption.over", winners="\0").partition("\0")[0]
    assert japanese(ja[0]) and f"\n{over}" in ja[-1]


async def test_a_japanese_replay_draws_its_captions_with_real_glyphs(host):
    from host.history import build_replay_gif

    sid = await play_finished_game(host, "imperium", 3, players=3)
    data = await export_game(host, sid)
    with recording_text() as drawn:
        gif, pictures = build_replay_gif(data, 4, "ja")
    assert pictures == 4 and gif.startswith(b"GIF")
    assert tofu(drawn) == []
    assert any("手目" in text for text, _ in drawn)


# ---------------------------------------------------------------------------- through Discord (simcord)


def server(env):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave")]
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[managers])
    return guild, channel, members, admin


async def test_prefs_language_round_trip(simcord_env, simcord_bot):  # noqa: F811  (the imported fixture)
    _guild, channel, (alice, *_), _admin = server(simcord_env)
    shown = await alice.slash(channel, "prefs show")
    assert shown.ephemeral and "Turn pings by DM: **off**" in shown.response.content
    assert "Your language: **auto (now English)**" in shown.response.content
    assert "Server language: **auto (now English)**" in shown.response.content

    chosen = await alice.slash(channel, "prefs language", language="ja")
    assert chosen.ephemeral and chosen.response.content == "これからは**日本語**でお話しします。"
    assert await simcord_bot.host.store.user_flag(alice.id, FLAG) == "ja"
    shown = (await alice.slash(channel, "prefs show")).response.content
    assert "手番のDM通知：**オフ**" in shown and "あなたの言語：**日本語**" in shown
    assert "サーバーの言語：**自動（現在はEnglish（英語））**" in shown
    assert all(japanese(line) for line in shown.splitlines())

    refused = await alice.slash(channel, "prefs vacation", days=30)
    assert refused.response.content == "⚠️ 長すぎます：今シーズンの休暇は14日のうち残り14日です。"
    bad = await alice.slash(channel, "prefs quiet", hours="25-3")
    assert bad.response.content.startswith("⚠️ 通知しない時間帯は")

    back = await alice.slash(channel, "prefs language", language="auto")
    assert back.response.content == "I follow your Discord language again (now **English**)."
    assert not await simcord_bot.host.store.user_flag(alice.id, FLAG)  # empty: not set
    assert "Your language: **auto (now English)**" in (await alice.slash(channel, "prefs show")).response.content


async def test_only_managers_set_the_server_language(simcord_env, simcord_bot):  # noqa: F811  (the imported fixture)
    guild, channel, (alice, bob, *_), admin = server(simcord_env)
    refused = await alice.slash(channel, "prefs server_language", language="ja")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    await bob.slash(channel, "prefs language", language="ja")
    refused = await bob.slash(channel, "prefs server_language", language="ja")
    assert refused.response.content == "⚠️ サーバーの言語を変えられるのは「サーバー管理」権限を持つメンバーだけです。"
    assert not await simcord_bot.host.store.user_flag(guild.id, FLAG)

    done = await admin.slash(channel, "prefs server_language", language="ja")
    assert "**日本語 (Japanese)**" in done.response.content  # the admin reads English
    assert await simcord_bot.host.store.user_flag(guild.id, FLAG) == "ja"
    assert "Server language: **日本語 (Japanese)**" in (await alice.slash(channel, "prefs show")).response.content

    in_dms = await simcord_env.create_user("loner").slash("prefs server_language", language="ja")
    assert "not in DMs" in in_dms.response.content

    again = await admin.slash(channel, "prefs server_language", language="auto")
    assert "(now **English**)" in again.response.content
    assert not await simcord_bot.host.store.user_flag(guild.id, FLAG)


async def test_the_league_speaks_the_servers_language(simcord_env, simcord_bot):  # noqa: F811  (the imported fixture)
    env, bot = simcord_env, simcord_bot
    guild, channel, members, admin = server(env)
    await admin.slash(channel, "prefs server_language", language="ja")
    ids = [m.id for m in members]
    names = dict(zip(ids, ("alice", "bob", "carol", "dave"), strict=True))
    await finish_game(bot.host, ids, seed=12, guild=guild.id, names=names)

    board = answer(await members[1].slash(channel, "league leaderboard", game="imperium"))
    (embed,) = board.embeds
    assert embed.title == "🏆 帝国 — 通算"
    assert "局・" in embed.description.splitlines()[0] and "レーティング" in embed.footer.text
    picture = Image.open(io.BytesIO(await board.attachments[0].read()))
    assert picture.format == "PNG"
    profile = answer(await members[1].slash(channel, "league profile", user=members[0]))
    assert "通算" in profile.embeds[0].title and "平均順位" in profile.embeds[0].fields[0].value

    # ephemeral answers follow the user: English for alice (auto), Japanese once she asks for it
    assert "last game" in (await members[0].slash(channel, "league history")).response.content
    await members[0].slash(channel, "prefs language", language="ja")
    history = (await members[0].slash(channel, "league history")).response.content
    assert "直近1局" in history and "4人中" in history
    unknown = await members[0].slash(channel, "league leaderboard", season="Winter")
    assert unknown.ephemeral
    assert unknown.response.content.startswith("⚠️ このサーバーに「Winter」というシーズンはありません")
    refused = await members[0].slash(channel, "league season end")
    assert refused.response.content == "⚠️ これができるのは「サーバー管理」権限を持つメンバーだけです。"
    started = await admin.slash(channel, "league season start", name="春")
    assert not started.ephemeral and started.response.content.startswith("🏁 シーズン **春** が始まりました")


class FakeClock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


async def test_reminders_in_each_players_language_and_timeouts_in_the_servers(simcord_env, simcord_bot):  # noqa: F811  (the imported fixture)
    env, bot = simcord_env, simcord_bot
    clock = FakeClock()
    bot.host.clock = clock
    players, thread, sid = await open_table(env, bot, "ra", ["alice", "bob", "carol"], seed=3,
                                            clock="async:1d")
    session = await bot.host.get(sid)
    (seat,) = session.to_act()
    late = next(p for p in players if p.id == session.seats[seat].user_id)
    await late.slash(thread, "prefs language", language="ja")
    await late.slash(thread, "prefs ping", setting="on")

    clocks_cog = bot.get_cog("Clocks")
    await clocks_cog.run_tick(clock.now)
    assert late.user.dm_channel.last_message.content.startswith("🎲 **ラー** `")  # the "your turn" ping
    clock.now = T0 + clocks.DAY - 2 * clocks.HOUR
    sent = await clocks_cog.run_tick(clock.now)
    assert [(n.kind, n.seat) for n in sent] == [("reminder", seat)]
    dm = late.user.dm_channel.last_message.content
    assert dm.startswith("⏰ **ラー** `") and "手番の残り時間は2時間です" in dm
    assert "left to move (due <t:" in thread.last_message.content  # the server still reads English

    await bot.host.store.set_user_flag(thread.guild.id, FLAG, "ja")  # as /prefs server_language ja does
    clock.now = T0 + clocks.DAY
    await clocks_cog.run_tick(clock.now)
    notice = thread.last_message
    assert "時間切れになりました" in notice.content and late.mention in notice.content
    assert {b["label"] for b in buttons(notice)} == {"あと1日待つ", "この手番はAIがプレイ", "AIに席を任せる"}
    assert "時間切れ" in late.user.dm_channel.last_message.content
