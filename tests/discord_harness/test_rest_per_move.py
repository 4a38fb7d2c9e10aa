"""REST calls to Discord per move, besides the answers to interactions: at most 2 on average for Ra,
Imperium and Barrage (a count, never a time). Each call counts toward Discord's rate limits, and
under them a busy server's boards arrive late."""

from __future__ import annotations

import pytest

from tests.discord_harness.rest_count import barrage_moves, imperium_moves, ra_moves

MOST = 2.0


@pytest.mark.parametrize("play", [ra_moves, imperium_moves, barrage_moves], ids=["ra", "imperium", "barrage"])
async def test_rest_calls_per_move(simcord_env, simcord_bot, play):
    count = await play(simcord_env, simcord_bot)
    print("\n".join(count.lines()))
    assert count.moves >= 12
    assert count.per_move <= MOST, "\n".join(count.lines())
