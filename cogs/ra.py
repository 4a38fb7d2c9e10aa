"""/ra: draw, invoke Ra, use gods and resolve disasters by buttons; bids prompted by DM.

Ra's bidding is open, so every bid and pass is announced in the thread as it happens; the DM is a
convenience (the bidder is pinged wherever they are) and the thread buttons are the fallback when
DMs are closed. With hidden fame, totals are shown only privately (``/ra status``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs._common import reply_error, safe_dm
from cogs._game import GameCog, action_view, session_here, show_current_board
from host.sessions import Outcome, Session
from render.ra import render as render_ra

if TYPE_CHECKING:
    from bot import BoardGameBot


class Ra(GameCog, commands.GroupCog, group_name="ra", group_description="Play Ra"):
    """Ra: auctions of Egyptian tiles with sun disks over three epochs."""

    game_name = "ra"
    renderer = staticmethod(render_ra)

    def __init__(self, bot: BoardGameBot) -> None:
        GameCog.__init__(self, bot)
        commands.GroupCog.__init__(self)

    async def private_prompts(self, session: Session, outcome: Outcome | None) -> None:
        """DM the bidder their bid buttons (only disks that beat the current bid, plus Pass if allowed)."""
        if session.status != "active":
            return
        view = session.view(None)
        if view.get("phase") != "auction":
            return
        for seat in sorted(session.to_act()):
            info = session.seats[seat]
            if info.is_ai or info.user_id is None:
                continue
            auction = view.get("auction") or {}
            high = auction.get("high_bid")
            text = (
                f"**Ra** · game `{session.id}` · auction: "
                + (f"the bid to beat is **{high}**." if high else "no bid yet.")
                + " Choose your bid:"
            )
            await safe_dm(self.bot, info.user_id, text, view=action_view(session, seat))

    @app_commands.command(name="status", description="Your own view of a Ra game: your fame and display, privately")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def status(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        try:
            session = await session_here(self.bot, interaction, game_id, game="ra")
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        await show_current_board(interaction, session.id, f"Ra `{session.id}`: your own view.")


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Ra(bot))
