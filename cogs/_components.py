"""The persistent move controls (discord.py DynamicItems): their custom_id carries session, version and
move, so they keep working after a restart; ``bot.py`` registers them."""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs._common import reader_lang, reply
from cogs._submit import page_moves, submit_from_interaction
from i18n import t


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"act:(?P<sid>[0-9a-f]{1,16}):(?P<ver>[0-9]{1,9}):(?P<code>[A-Za-z0-9._-]{1,60})",
):
    """A move button; the custom_id carries session, version and the action's code."""

    def __init__(self, sid: str, version: int, code: str, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"act:{sid}:{version}:{code}"
            )
        )
        self.sid, self.version, self.code = sid, version, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> ActButton:
        return cls(match["sid"], int(match["ver"]), match["code"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await submit_from_interaction(interaction, self.sid, self.code, self.version)


class ActSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"acts:(?P<sid>[0-9a-f]{1,16}):(?P<ver>[0-9]{1,9}):(?P<page>[0-9])",
):
    """A page of moves in a select, for turns with more moves than buttons."""

    def __init__(
        self,
        sid: str,
        version: int,
        page: int,
        options: list[discord.SelectOption] | None = None,
        *,
        placeholder: str = "…",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"acts:{sid}:{version}:{page}",
                placeholder=placeholder[:150],
                options=options or [discord.SelectOption(label="…", value="-")],
            )
        )
        self.sid, self.version = sid, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> ActSelect:
        return cls(match["sid"], int(match["ver"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        if len(values) != 1 or not isinstance(values[0], str):
            await reply(interaction, t(await reader_lang(interaction), "game.error.one_move"))
            return
        if values[0].startswith("~"):  # "More moves…" / "Previous moves" (cogs._moves.PAGE_PREFIX)
            await page_moves(interaction, self.sid, self.version, int(values[0][1:] or 0))
            return
        await submit_from_interaction(interaction, self.sid, values[0], self.version)
