"""The end-of-game summary picture comes with the result (issue 19), end to end.

The real bot against simcord: the last move of a Ra game is clicked on the board; the final board in
the thread carries the summary picture (score over the game, points by source) in the server's
language, as its last attachment, with one line saying what it shows. No extra message is posted.
When the picture cannot be drawn, the result is posted all the same, without it.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

import cogs._game
from host import tasks
from host.history import export_game
from i18n import choice, t
from rules import GAMES
from tests.discord_harness.helpers import buttons, open_table, play_code

GAME = GAMES["ra"]


async def finish_by_a_click(env: Any, bot: Any, lang: str) -> tuple[Any, str]:
    """A Ra game whose every move but the last is sent through the host; the player to make the last
    one clicks it on the board. Returns (thread, game id)."""
    players, thread, sid = await open_table(env, bot, "ra", ["alice", "bob", "carol"], seed=3)
    if lang == "ja":  # the server's language (as /prefs server_language keeps it: a flag on the guild's id)
        await bot.host.store.set_user_flag(thread.guild.id, choice.FLAG, "ja")
    rng = random.Random(7)
    while True:
        session = await bot.host.get(sid)
        seat = min(session.to_act())
        action = rng.choice(GAME.legal_actions(session.state, seat))
        after, _ = GAME.apply(session.state, seat, action)
        if GAME.result(after) is not None:
            break
        await bot.host.submit(sid, session.seats[seat].user_id, GAME.encode_action(action))
    player = {p.id: p for p in players}[session.seats[seat].user_id]
    assert (await player.slash(thread, "game status", repost=True)).acknowledged
    board = next(m for m in reversed(list(thread.history()))
                 if any(b["custom_id"].startswith("act:") for b in buttons(m)))
    await play_code(player, board, GAME.encode_action(action))
    assert (await bot.host.get(sid)).status == "finished"
    return thread, sid


@pytest.mark.simcord(settle_timeout=180)  # the summary replays the game in a worker: slow on a loaded machine
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_final_board_carries_the_summary_picture(simcord_env, simcord_bot, lang):
    env, bot = simcord_env, simcord_bot
    thread, sid = await finish_by_a_click(env, bot, lang)
    final = thread.last_message
    assert t(lang, "game.over.header") in final.content
    assert final.content.endswith(t(lang, "summary.posted"))
    names = [a.filename for a in final.attachments]
    assert names == [f"ra-{(await bot.host.get(sid)).version}.png", f"ra-{sid}-summary.png"]
    posted = await final.attachments[-1].read()
    # the very picture /game replay shows, in the server's language
    data = await export_game(bot.host, sid)
    assert posted == tasks.summary_picture(data, lang)
    assert posted != tasks.summary_picture(data, "en" if lang == "ja" else "ja")
    picture = Image.open(io.BytesIO(posted))
    assert picture.width == 800 and picture.height > picture.width  # taller than wide: phones show it whole
    summaries = [m for m in thread.history() if any(a.filename.endswith("-summary.png") for a in m.attachments)]
    assert summaries == [final], "one summary, on the final board, no extra message"


@pytest.mark.simcord(settle_timeout=180)
async def test_the_result_is_posted_when_the_summary_cannot_be_drawn(simcord_env, simcord_bot, monkeypatch):
    env, bot = simcord_env, simcord_bot
    real = cogs._game.in_pool

    async def no_summary(bot: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        # the pool gives up on the summary as it does when every worker fails (in_pool's None)
        return None if fn is tasks.summary_picture else await real(bot, fn, *args, **kwargs)

    monkeypatch.setattr(cogs._game, "in_pool", no_summary)
    thread, sid = await finish_by_a_click(env, bot, "en")
    final = thread.last_message
    assert "Game over" in final.content and t("en", "summary.posted") not in final.content
    assert [a.filename for a in final.attachments] == [f"ra-{(await bot.host.get(sid)).version}.png"]
    assert not any(b["custom_id"].startswith("act:") and not b["disabled"] for b in buttons(final))
