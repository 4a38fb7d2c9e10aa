"""The end-of-game summary picture posted in the game's thread under the final board.

The picture (render/summary.py: each player's score over the game and where the points came from) is
drawn in the compute tier from the finished game's export, the same document ``/game replay`` draws
from, so it shows only what the finished game makes public. A failure costs only the picture: the game
and its result are already stored and posted.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from cogs._common import metrics_of, send_with_retry
from cogs._game import in_pool
from host import tasks
from host.history import export_game
from host.sessions import Session
from i18n import t

log = logging.getLogger(__name__)

SUMMARY_DEADLINE = 60.0
"""Seconds a worker may take to replay the game and draw its summary."""


async def post_summary(bot: Any, session: Session, channel: discord.abc.Messageable, lang: str) -> None:
    """Post ``session``'s summary picture in ``channel`` in ``lang`` (nothing if it cannot be drawn)."""
    try:
        data = await export_game(bot.host, session.id)
    except Exception as exc:  # a damaged log: the replay and export say so; the result stands
        log.warning("game %s: no summary picture: %s", session.id, exc)
        return
    png = await in_pool(bot, tasks.summary_picture, data, lang, what=f"summary of {session.id}",
                        deadline=SUMMARY_DEADLINE)
    if png is None:
        return
    await send_with_retry(channel, t(lang, "summary.posted"), what=f"game {session.id}: summary",
                          files=[discord.File(io.BytesIO(png), filename=f"{data['game']}-{session.id}-summary.png")],
                          metrics=metrics_of(bot))
