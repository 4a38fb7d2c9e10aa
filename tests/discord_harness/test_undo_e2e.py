"""Undo through Discord, for every game: a player's own move taken back (the Undo button on the board, or
/game undo), refused after a draw, a roll or a reveal (in English and Japanese), and the agreed undo of
/game undo to:<move> confirmed, refused, or lapsed at its deadline (issue 19, "Undo")."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from i18n import t
from rules.base import reveals_of
from tests.discord_harness.helpers import buttons
from tests.ops.helpers import open_game

SEEDS = {"ra": 3, "imperium": 4, "alhambra_dice": 5, "barrage": 2}
GAMES = sorted(SEEDS)


class FakeClock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def said(res: Any) -> str:
    """Everything the bot answered to one interaction (the reply may come as a follow-up)."""
    parts = [res.response.content if res.response is not None else ""]
    return "\n".join(parts + [f.content for f in res.followups])


def enc(state: Any) -> bytes:
    return msgspec.json.encode(state)


async def move(bot: Any, sid: str, *, final: bool, rng: random.Random) -> tuple[int, Any]:
    """Play random moves through the host until the player to act has a move that is ``final`` (reveals
    something) or not; play that one and post the board as the bot does after a move. Returns the seat
    that played it and the session before it."""
    for _ in range(600):
        s = await bot.host.get(sid)
        seat = min(s.to_act())
        game = s.game
        legal = game.legal_actions(s.state, seat)
        reveals = reveals_of(game)
        wanted = [a for a in legal if reveals(s.state, game.apply(s.state, seat, a)[0], seat, a) == final]
        user = s.seats[seat].user_id
        if wanted:
            out = await bot.host.submit(sid, user, wanted[0], expected_version=s.version)
            await bot.game_cogs[s.record.game].announce(out.session, out)
            return seat, s
        await bot.host.submit(sid, user, rng.choice(legal), expected_version=s.version)
    raise AssertionError("no such move found")


def undo_button(thread: Any) -> tuple[Any, str] | None:
    """The newest message in the thread with an Undo button, and the button's custom_id."""
    for message in reversed(list(thread.history())):
        for b in buttons(message):
            if b["custom_id"].startswith("undo:"):
                return message, b["custom_id"]
    return None


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.simcord(settle_timeout=120)
async def test_own_move_undone_and_final_move_refused_in_both_languages(simcord_env, simcord_bot, game):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_game(env, bot, game, ["ann", "bob", "cid"], seed=SEEDS[game])
    rng = random.Random(1)

    seat, before = await move(bot, sid, final=False, rng=rng)
    other = players[(seat + 1) % 3]
    found = undo_button(thread)
    assert (found is not None and found[1].endswith(f":{before.version + 1}")) or game == "imperium", \
        "the board posted after the move carries the Undo button"
    if found is not None and found[1].endswith(f":{before.version + 1}"):
        message, custom_id = found
        refused = await other.click(message, custom_id=custom_id)  # not their move: a private refusal
        assert refused.ephemeral and "undo" in said(refused).lower()
        assert (await bot.host.get(sid)).version == before.version + 1
        res = await players[seat].click(message, custom_id=custom_id)
    else:  # a secret choice posts no board (Imperium): /game undo does it
        res = await players[seat].slash(thread, "game undo")
    assert res.ephemeral
    after = await bot.host.get(sid)
    assert enc(after.state) == enc(before.state), "the board is as it was before the move"
    assert "took back" in thread.last_message.content or any(
        "took back" in m.content for m in list(thread.history())[-3:])
    log = await bot.host.store.actions(sid)
    assert log[-1].undone and not any(a.undone for a in log[:-1])

    seat, _ = await move(bot, sid, final=True, rng=rng)
    version = (await bot.host.get(sid)).version
    res = await players[seat].slash(thread, "game undo")
    assert res.ephemeral and t("en", "undo.error.final") in said(res)
    await players[seat].slash(thread, "prefs language", language="ja")
    res = await players[seat].slash(thread, "game undo")
    assert res.ephemeral and t("ja", "undo.error.final") in said(res)
    assert (await bot.host.get(sid)).version == version, "a refused undo changes nothing"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.simcord(settle_timeout=120)
async def test_agreed_undo_confirmed_refused_and_lapsed(simcord_env, simcord_bot, game):
    env, bot = simcord_env, simcord_bot
    clock = FakeClock(1_800_000_000.0)
    bot.host.clock = clock
    players, thread, sid = await open_game(env, bot, game, ["ann", "bob", "cid"], seed=SEEDS[game])
    rng = random.Random(2)
    await move(bot, sid, final=True, rng=rng)
    standing = len(await bot.host.standing_moves(sid))
    await move(bot, sid, final=False, rng=rng)
    start = await bot.host.get(sid)
    back_to = standing  # undo the final move and everything after it

    # refused: one "no" cancels it, nothing changes
    res = await players[0].slash(thread, "game undo", to=back_to)
    assert res.ephemeral
    request = thread.last_message
    assert f"before move {back_to}" in request.content and players[1].mention in request.content
    refuse = next(b["custom_id"] for b in buttons(request) if b["custom_id"].startswith("undoa:n:"))
    await players[1].click(request, custom_id=refuse)
    assert "refused" in thread.last_message.content
    assert (await bot.host.get(sid)).version == start.version

    # lapsed: nobody answered by the deadline
    await players[0].slash(thread, "game undo", to=back_to)
    request = thread.last_message
    clock.now += bot.host.limits.undo_request_seconds + 1
    lapsed = await bot.get_cog("UndoCog").run_tick()
    assert [r.session_id for r in lapsed] == [sid]
    assert "lapsed" in thread.last_message.content
    confirm = next(b["custom_id"] for b in buttons(request) if b["custom_id"].startswith("undoa:y:"))
    late = await players[1].click(request, custom_id=confirm)
    assert late.ephemeral and t("en", "undo.error.no_request") in said(late)
    assert (await bot.host.get(sid)).version == start.version

    # confirmed by every other human: applied, the board posted again
    await players[2].slash(thread, "game undo", to=back_to)
    request = thread.last_message
    confirm = next(b["custom_id"] for b in buttons(request) if b["custom_id"].startswith("undoa:y:"))
    own = await players[2].click(request, custom_id=confirm)
    assert own.ephemeral and t("en", "undo.error.own_request") in said(own)
    await players[0].click(request, custom_id=confirm)
    assert "confirmed" in thread.last_message.content
    assert (await bot.host.get(sid)).version == start.version
    await players[1].click(request, custom_id=confirm)
    after = await bot.host.get(sid)
    assert len(await bot.host.standing_moves(sid)) == back_to - 1
    assert after.version == start.version + 1
    texts = [m.content for m in list(thread.history())[-3:]]
    assert any("Undone by agreement" in x for x in texts)
    assert enc(after.state) == enc(await bot.host.replay(sid))
