"""A seat's private view goes to its current holder only: once a player resigns, the AI holds the seat
and the player sees the public board, like any onlooker (issue 16, item 3)."""

from __future__ import annotations

from cogs._lang import public_lang
from render import get_renderer
from tests.discord_harness.helpers import open_table


async def test_a_resigned_player_no_longer_sees_the_seats_secret_pick(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    (alice, bob), thread, sid = await open_table(env, bot, "imperium", ["alice", "bob"], seed=5)

    await bob.slash(thread, "game resign")
    session = await bot.host.get(sid)
    assert session.seats[1].is_ai and 1 not in session.to_act()  # the AI has made bob's seat's pick, unrevealed
    lang = await public_lang(bot, session.record.guild_id)

    def render(viewer: int | None) -> bytes:  # the board as that seat sees it, as the bot draws it
        return get_renderer("imperium")(session.view(viewer), viewer_seat=viewer, lang=lang)

    private, public = render(1), render(None)
    assert private != public, "the seat's own view shows its pending pick"

    shown = await bob.slash(thread, "game status")
    (picture,) = shown.response.attachments
    assert await picture.read() == public
    refused = await bob.slash(thread, "imperium choose")
    assert refused.ephemeral and "not playing" in refused.response.content
    # alice still holds her seat and sees her own view
    mine = await alice.slash(thread, "game status")
    assert await mine.response.attachments[0].read() == render(0)
