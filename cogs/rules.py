"""/rules game:<name>: one screen of how a game goes and how to make its moves here, with a sample board.

The words are host/rules_help.py's (the ``rules_help`` catalogue) in the reader's language, sent only to
the asker; the picture is drawn in the compute tier after the interaction is acknowledged.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs._common import answer_first, reply
from cogs._game import in_pool
from cogs._lang import lang_of
from cogs.lobby import GAME_CHOICES
from host import tasks
from host.rules_help import rules_text
from i18n import t

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot


class Rules(commands.Cog):
    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="How a game goes and how to make its moves here")
    @app_commands.describe(game="The game to explain")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        await answer_first(interaction)
        lang = await lang_of(interaction)
        text = rules_text(game, lang)
        png = await in_pool(self.bot, tasks.rules_picture, game, lang, what=f"rules picture of {game}")
        if png is None:  # the words alone still explain the game
            await reply(interaction, text)
            return
        await reply(interaction, f"{text}\n🖼️ {t(lang, 'rules_help.picture')}",
                    file=discord.File(io.BytesIO(png), filename=f"{game}-sample.png"))


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Rules(bot))
