"""Every legal move stays reachable when a turn offers more than Discord's five rows of 25: the board's
last select ends with "More moves…", which opens the rest page by page; the last move is played from there."""

from __future__ import annotations

import pytest

from cogs._moves import PAGE_PREFIX
from tests.discord_harness.helpers import open_table, selects

MANY = 100  # more than four selects of 25 could ever show
PADDING = 130


def pad_choices(monkeypatch, game):
    """No real turn of today's games offers more than 100 moves through these selects (Alhambra's reach
    about 13): give the acting player 130 extra choices before the real ones, copies of a real placement
    under codes the engine does not know, so the real moves come last and the very last one is playable."""
    real_view = game.view

    def view(state, viewer=None):
        v = real_view(state, viewer)
        choices = v.get("choices") or []
        place = next((c for c in choices if c["kind"] == "Place"), None)
        if viewer is not None and place is not None:
            extra = [dict(place, code=f"zz{i}") for i in range(PADDING)]
            v = dict(v, choices=extra + choices)
        return v

    monkeypatch.setattr(game, "view", view)


async def to_placement(bot, players, sid):
    """Roll past the dice picker so the player to act sees placements (and the padded list)."""
    for _ in range(40):
        session = await bot.host.get(sid)
        seat = min(session.to_act())
        v = session.view(seat)
        if any(c["kind"] == "Place" for c in v["choices"]):
            return session, seat
        real = [c for c in v["choices"] if not c["code"].startswith("zz")]
        await bot.host.submit(sid, players[seat].id, real[-1]["code"], expected_version=session.version)
    raise AssertionError("never reached a placement")


async def padded_board(env, bot, monkeypatch):
    """A two-player Alhambra at a placement with the padded move list, its board posted afresh."""
    players, thread, sid = await open_table(env, bot, "alhambra_dice", ["alice", "bob"], seed=2)
    session, seat = await to_placement(bot, players, sid)
    pad_choices(monkeypatch, session.game)
    session = await bot.host.get(sid)
    assert await bot.game_cogs["alhambra_dice"].repost_board(session, by="test")
    return players, thread, sid, session, seat, thread.last_message


@pytest.mark.parametrize(
    ("lang", "more", "previous"), [("en", "More moves…", "Previous moves"), ("ja", "ほかの手…", "前の手")]
)
async def test_the_last_of_many_moves_is_reached_through_the_pages_and_played(
    simcord_env, simcord_bot, monkeypatch, lang, more, previous
):
    players, thread, sid, session, seat, board = await padded_board(simcord_env, simcord_bot, monkeypatch)
    bot = simcord_bot
    if lang == "ja":
        await players[seat].slash(thread, "prefs language", language="ja")
    player = players[seat]
    codes = [c["code"] for c in session.view(seat)["choices"]]

    # The board itself: moves, then a "More moves…" option in its last select instead of silently dropping.
    offered: list[str] = []
    menus = selects(board)
    offered += [o.value for m in menus for o in m.options if not o.value.startswith(PAGE_PREFIX)]
    turn = menus[-1].options[-1]
    assert turn.value.startswith(PAGE_PREFIX) and "More moves…" in turn.label

    # Turn pages (ephemeral, in the reader's language) until the last move shows up; every page has moves.
    res = await player.select(board, [turn.value], custom_id=menus[-1].custom_id)
    assert res.ephemeral
    page = res.response.message
    pages = 1
    while True:
        menus = selects(page)
        values = [o.value for m in menus for o in m.options]
        labels = [o.label for m in menus for o in m.options]
        assert any(previous in label for label in labels), "a later page leads back"
        moves = [v for v in values if not v.startswith(PAGE_PREFIX)]
        assert moves and len(menus) <= 5 and all(len(m.options) <= 25 for m in menus)
        offered += moves
        last = menus[-1].options[-1]
        if not last.value.startswith(PAGE_PREFIX):
            break
        assert more in last.label
        res = await player.select(page, [last.value], custom_id=menus[-1].custom_id)
        page = res.response.message
        pages += 1
    assert offered == codes, "every legal move was offered exactly once, in order"
    assert len(codes) > MANY and pages >= 1

    # Play the very last move from the last page: the host applies it.
    await player.select(page, [codes[-1]], custom_id=next(m.custom_id for m in menus if any(
        o.value == codes[-1] for o in m.options)))
    after = await bot.host.get(sid)
    assert after.version > session.version
    assert after.version == session.version + 1, "the last real move was applied"


async def test_another_player_cannot_turn_the_pages(simcord_env, simcord_bot, monkeypatch):
    players, _thread, sid, session, seat, board = await padded_board(simcord_env, simcord_bot, monkeypatch)
    bot = simcord_bot
    menu = selects(board)[-1]
    other = players[1 - seat]
    res = await other.select(board, [menu.options[-1].value], custom_id=menu.custom_id)
    assert res.ephemeral and "not your turn" in res.response.content.lower()
    assert (await bot.host.get(sid)).version == session.version
