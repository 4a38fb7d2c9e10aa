"""Undo requests name what they are for (issue 19 follow-ups): a second click on the same Undo button, or
the same /game undo delivered twice, takes back one move, never two; a Confirm from an earlier agreed-undo
request never counts for a new one on the same move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from i18n import t
from rules.base import reveals_of
from tests.discord_harness.helpers import buttons, deliver, last_interaction, open_table
from tests.discord_harness.test_undo_e2e import said, undo_button


async def two_quiet_moves_in_a_row(bot: Any, sid: str) -> int:
    """Play through the host until one seat has made two moves in a row that revealed nothing (so a
    second undo would take back the earlier one too), then post the board as after a move. Returns that
    seat."""
    rng = random.Random(1)
    last: tuple[int, bool] | None = None
    for _ in range(200):
        s = await bot.host.get(sid)
        seat, game = min(s.to_act()), s.game
        reveals = reveals_of(game)
        legal = game.legal_actions(s.state, seat)
        quiet = [a for a in legal if not reveals(s.state, game.apply(s.state, seat, a)[0], seat, a)]
        action = quiet[0] if quiet and rng.random() < 0.8 else rng.choice(legal)
        revealed = reveals(s.state, game.apply(s.state, seat, action)[0], seat, action)
        out = await bot.host.submit(sid, s.seats[seat].user_id, action, expected_version=s.version)
        if last == (seat, False) and not revealed:
            await bot.game_cogs[s.record.game].announce(out.session, out)
            return seat
        last = (seat, revealed)
    raise AssertionError("no seat moved twice in a row")


async def undone(bot: Any, sid: str) -> int:
    return sum(a.undone for a in await bot.host.store.actions(sid))


@pytest.mark.simcord(settle_timeout=120)
async def test_a_second_click_on_the_same_undo_button_takes_back_nothing_more(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "ra", ["ann", "bob", "cid"], seed=1)
    seat = await two_quiet_moves_in_a_row(bot, sid)
    message, custom_id = undo_button(thread)
    version = (await bot.host.get(sid)).version
    first = await players[seat].click(message, custom_id=custom_id)
    assert first.ephemeral and await undone(bot, sid) == 1
    second = await deliver(env, last_interaction(env))  # a double click: the same button, a second interaction
    assert second.ephemeral and t("en", "undo.error.gone") in said(second)
    assert await undone(bot, sid) == 1 and (await bot.host.get(sid)).version == version + 1


@pytest.mark.simcord(settle_timeout=120)
async def test_the_same_game_undo_delivered_twice_takes_back_one_move(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "ra", ["ann", "bob", "cid"], seed=1)
    seat = await two_quiet_moves_in_a_row(bot, sid)
    version = (await bot.host.get(sid)).version
    await players[seat].slash(thread, "game undo")
    assert await undone(bot, sid) == 1
    # Discord delivers the very same interaction again (a gateway resume replays it)
    await deliver(env, last_interaction(env), same=True)
    assert await undone(bot, sid) == 1, "the retried delivery must not take back the move before it"
    assert (await bot.host.get(sid)).version == version + 1


@pytest.mark.simcord(settle_timeout=120)
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_confirm_from_an_earlier_request_does_not_count_for_a_new_one(simcord_env, simcord_bot, lang):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "ra", ["ann", "bob", "cid"], seed=1)
    await two_quiet_moves_in_a_row(bot, sid)
    await players[2].slash(thread, "prefs language", language=lang)
    version = (await bot.host.get(sid)).version
    await players[0].slash(thread, "game undo", to=1)
    earlier = thread.last_message
    refuse = next(b["custom_id"] for b in buttons(earlier) if b["custom_id"].startswith("undoa:n:"))
    old_confirm = next(b["custom_id"] for b in buttons(earlier) if b["custom_id"].startswith("undoa:y:"))
    await players[1].click(earlier, custom_id=refuse)  # cancelled
    await players[0].slash(thread, "game undo", to=1)  # asked again: same move, same board
    request = thread.last_message
    assert request.id != earlier.id
    stale = await players[2].click(earlier, custom_id=old_confirm)
    assert stale.ephemeral and t(lang, "undo.error.old_request") in said(stale)
    assert (await bot.host.undo_request(sid)).waiting == (players[1].id, players[2].id), "it did not count"
    confirm = next(b["custom_id"] for b in buttons(request) if b["custom_id"].startswith("undoa:y:"))
    await players[2].click(request, custom_id=confirm)
    await players[1].click(request, custom_id=confirm)
    assert len(await bot.host.standing_moves(sid)) == 0 and (await bot.host.get(sid)).version == version + 1
