"""The replay and export handlers end to end: the real bot and discord.py client against simcord.

``/game replay`` and ``/game export`` (cogs/lobby.py → cogs/history.py). The game is opened through the
lobby in Discord, then played to its end through the host.
"""

from __future__ import annotations

import io
import json

import msgspec
import pytest
from PIL import Image

import cogs.history
from bot import create_bot
from cogs._common import error_message
from host.history import DamagedLog, export_game, replay_export
from tests.discord_harness.conftest import bots, db_path  # noqa: F401  (fixtures shared with the harness)
from tests.discord_harness.helpers import open_table
from tests.history.helpers import finish_game

FRAMES = 6


@pytest.fixture
def simcord_bot(db_path, bots, monkeypatch):  # noqa: F811
    monkeypatch.setattr(cogs.history, "REPLAY_FRAMES", FRAMES)  # a short GIF keeps the test quick
    bot = create_bot(db_path, sync_commands="global", clock_tick_seconds=0)
    bots.append(bot)
    return bot


def answer(result):
    """The message an interaction produced (the response, or the last follow-up after a defer)."""
    return result.followups[-1] if result.followups else result.response


@pytest.mark.simcord(settle_timeout=120)  # the replay is drawn by a worker: slow on a loaded machine
async def test_replay_and_export_of_a_finished_game(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "imperium", ["alice", "bob", "carol"], seed=5)
    alice, bob = players[0], players[1]

    # while the game is on, neither is given (the log holds secret choices)
    for command in ("game replay", "game export"):
        refused = await alice.slash(thread, command)
        assert refused.ephemeral and "still being played" in refused.response.content
        assert not refused.response.attachments

    await finish_game(bot.host, sid, seed=5)
    session = await bot.host.get(sid)
    assert session.status == "finished"

    # inside its thread no id is needed; the GIF is posted for everyone
    shown = await bob.slash(thread, "game replay")
    assert shown.acknowledged and not shown.ephemeral
    message = shown.response  # the public answer; the asker's own step-through viewer follows it
    assert f"Replay of **Imperium** `{sid}`" in message.content and f"in {FRAMES} pictures" in message.content
    picture, summary = message.attachments  # the GIF, and the end-of-game summary with it (issue 19)
    assert picture.filename == f"imperium-{sid}-replay.gif"
    assert summary.filename == f"imperium-{sid}-summary.png"
    gif = Image.open(io.BytesIO(await picture.read()))
    assert gif.format == "GIF" and gif.is_animated and gif.n_frames == FRAMES

    # the export goes to the asker only, and replays to the same final position and result
    exported = await alice.slash(thread, "game export", game_id=sid.upper())
    assert exported.ephemeral and f"`{sid}`" in exported.response.content
    (log_file,) = exported.response.attachments
    assert log_file.filename == f"imperium-{sid}.json"
    data = json.loads(await log_file.read())
    state, result = replay_export(data)
    assert msgspec.json.encode(state) == msgspec.json.encode(session.state)
    assert result == session.result()
    assert [p["name"] for p in data["players"]] == ["alice", "bob", "carol"]
    assert str(alice.id) not in json.dumps(data)

    # clear, private refusals
    unknown = await alice.slash(thread, "game replay", game_id="deadbeef")
    assert unknown.ephemeral and "no game with id deadbeef" in unknown.response.content
    junk = await alice.slash(thread, "game export", game_id="../../x")
    assert junk.ephemeral and "not a game id" in junk.response.content


async def test_a_damaged_log_is_named_not_a_traceback(simcord_env, simcord_bot, caplog):
    """An unknown action code in a finished game's stored log: /game replay and /game export say which
    game is damaged and why, privately, in the reader's language (issue 16, item 13)."""
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "imperium", ["alice", "bob", "carol"], seed=5)
    await finish_game(bot.host, sid, seed=5)
    async with bot.host.store.connection() as db:
        await db.execute("UPDATE actions SET action = ? WHERE session_id = ? AND version = 3",
                         b'{"kind":"teleport","to":9}', sid)
    for command in ("game replay", "game export"):
        refused = await players[0].slash(thread, command)
        text = refused.response.content
        assert refused.ephemeral and not refused.response.attachments
        assert f"`{sid}`" in text and "move 3" in text and "damaged" in text, text
        assert "unexpected" not in text.lower()
    assert not [r for r in caplog.records if r.exc_info]  # no traceback in the log
    try:
        await export_game(bot.host, sid)
    except DamagedLog as exc:
        ja = error_message("ja", exc)
    assert ja is not None and f"`{sid}`" in ja and "3手目" in ja
