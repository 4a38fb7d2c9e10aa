"""The step-through replay viewer: an ephemeral message under ``/game replay`` showing the board after
any move, with its caption and ⏮ −10 ◀ ▶ +10 ⏭ buttons ("move k of n").

Only public information: each picture is the public view after that move, drawn in the compute tier
(host/tasks.py ``replay_frame``) from the game's export, exactly as the GIF's frames are. The export is
kept in memory for the viewers opened since the bot started (a bounded cache, oldest dropped first):
an ephemeral message cannot outlive a restart anyway, so a click on a viewer the bot no longer knows
is answered with "this viewer expired; run /game replay again" rather than failing.

Every click is acknowledged (``defer_update``) before its picture is drawn.
"""

from __future__ import annotations

import io
import logging
import re
import secrets
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

import discord

from cogs._common import bot_of, defer_update, reply
from cogs._game import in_pool
from cogs._lang import lang_of
from host import tasks
from i18n import t

log = logging.getLogger(__name__)

VIEWERS_KEPT = 64
"""Viewers whose export stays in memory (each holds one game log, ~100 KB at most)."""
FRAME_DEADLINE = 60.0
"""Seconds a worker may take to replay a game and draw one position."""
STEPS = (("first", "⏮"), ("back10", "−10"), ("back", "◀"), ("next", "▶"), ("next10", "+10"), ("last", "⏭"))
"""The buttons, in order: their op and label."""
CAPTION_CHARS = 1800
"""A caption longer than this is cut (a message holds 2,000 characters)."""


@dataclass(frozen=True)
class Viewer:
    """One open viewer: the game's export (plain data for the workers), its id and the reader's language."""

    game_id: str
    data: dict[str, Any]
    lang: str
    user_id: int | None = None
    """Who opened it (``open_viewer`` sets it): its buttons answer no one else. Discord shows an ephemeral
    only to them, but a crafted interaction can carry its custom_id."""

    @property
    def moves(self) -> int:
        return len(self.data["actions"])


def viewers_of(bot: Any) -> OrderedDict[str, Viewer]:
    """The bot's open viewers (kept on the bot object: a restarted bot starts with none)."""
    kept = getattr(bot, "replay_viewers", None)
    if not isinstance(kept, OrderedDict):
        kept = OrderedDict()
        bot.replay_viewers = kept
    return kept


def remember(bot: Any, viewer: Viewer) -> str:
    """Keep ``viewer`` (dropping the oldest beyond ``VIEWERS_KEPT``) and return its token."""
    kept = viewers_of(bot)
    token = secrets.token_hex(4)
    kept[token] = viewer
    while len(kept) > VIEWERS_KEPT:
        kept.popitem(last=False)
    return token


def target(op: str, index: int, moves: int) -> int:
    """Where a button goes from move ``index`` of ``moves`` (clamped to the game)."""
    step = {"first": -moves, "back10": -10, "back": -1, "next": 1, "next10": 10, "last": moves}[op]
    return max(0, min(moves, index + step))


def content(viewer: Viewer, index: int, caption: str) -> str:
    if len(caption) > CAPTION_CHARS:  # a whole round of Imperium reveals: keep the head, it says the move
        caption = caption[: CAPTION_CHARS - 1] + "…"
    return t(viewer.lang, "history.viewer.text", index=index, moves=viewer.moves, caption=caption)


def controls(token: str, index: int, moves: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op, label in STEPS:
        go = target(op, index, moves)
        view.add_item(ViewerButton(token, op, go, label=label, disabled=go == index))
    return view


def picture(data: bytes) -> discord.File:
    return discord.File(io.BytesIO(data), filename="replay-move.png")


class ViewerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rv:(?P<token>[0-9a-f]{8}):(?P<op>[a-z0-9]{1,8}):(?P<go>[0-9]{1,6})",
):
    """A step in a replay viewer: the viewer's token, the button's op and the move it shows."""

    def __init__(self, token: str, op: str, go: int, *, label: str = "…", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=f"rv:{token}:{op}:{go}", disabled=disabled,
                                           style=discord.ButtonStyle.secondary))
        self.token, self.op, self.go = token, op, go

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> ViewerButton:
        return cls(match["token"], match["op"], int(match["go"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await defer_update(interaction)
        kept = viewers_of(bot_of(interaction))
        viewer = kept.get(self.token)
        if viewer is None:  # the bot restarted, or many viewers were opened since
            await reply(interaction, t(await lang_of(interaction), "history.viewer.expired"))
            return
        if viewer.user_id != interaction.user.id:  # a forged click on someone else's viewer: nothing drawn
            await reply(interaction, t(await lang_of(interaction), "history.viewer.not_yours"))
            return
        kept.move_to_end(self.token)
        index = max(0, min(viewer.moves, self.go))
        drawn = await in_pool(bot_of(interaction), tasks.replay_frame, viewer.data, index, viewer.lang,
                              what=f"replay viewer of {viewer.game_id}", deadline=FRAME_DEADLINE)
        if drawn is None:
            await reply(interaction, t(viewer.lang, "history.replay.failed"))
            return
        png, caption = drawn
        try:
            await interaction.edit_original_response(content=content(viewer, index, caption),
                                                     attachments=[picture(png)],
                                                     view=controls(self.token, index, viewer.moves))
        except discord.HTTPException as exc:  # e.g. the ephemeral message is gone
            log.info("replay viewer of %s could not be updated: %s", viewer.game_id, exc)


async def open_viewer(interaction: discord.Interaction, viewer: Viewer, last: bytes, caption: str) -> None:
    """Send ``viewer`` (only to the user, the only one its buttons answer), opened on the final position
    (already drawn with the GIF)."""
    viewer = replace(viewer, user_id=interaction.user.id)
    token = remember(interaction.client, viewer)
    try:
        await interaction.followup.send(content(viewer, viewer.moves, caption), file=picture(last),
                                        view=controls(token, viewer.moves, viewer.moves), ephemeral=True)
    except discord.HTTPException as exc:
        log.warning("replay viewer of %s could not be sent: %s", viewer.game_id, exc)
