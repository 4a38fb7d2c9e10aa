"""/ra: draw, invoke Ra, use gods and resolve disasters by buttons and selects; bids prompted by DM.

Ra's bidding is open, so every bid and pass is announced in the thread as it happens; the DM is a
convenience (the bidder is pinged wherever they are) and the thread's buttons are the fallback when
DMs are closed. With hidden fame, totals are shown only privately (``/ra status``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs._common import reply_error
from cogs._game import GameCog, action_view, session_here, show_current_board
from host.sessions import Outcome, Session
from render.ra import render as render_ra
from rules.ra.actions import Discard, UseGod

if TYPE_CHECKING:
    from bot import BoardGameBot


def _menu_for(action: Any) -> str | None:
    """Gods and disaster losses are chosen from a select (one entry per tile); the rest are buttons."""
    if isinstance(action, UseGod):
        return "Use a god to take…"
    if isinstance(action, Discard):
        return "Disaster: choose the tile to lose…"
    return None


def bid_prompt(session: Session, seat: int) -> str:
    """The DM text for a bidder: what is up for auction and the bid to beat."""
    view = session.view(seat)
    auction = view.get("auction") or {}
    high = auction.get("high_bid")
    lot = ", ".join(view.get("auction_track") or []) or "no tiles (a disk swap)"
    mine = " ".join(str(d) for d in view["seats"][seat]["suns_up"])
    return (
        f"**Ra** · game `{session.id}` · epoch {view['epoch']} · auction\n"
        f"Up for auction: {lot}\n"
        + (f"The bid to beat is **{high}**." if high else "No bid yet.")
        + f" Your face-up suns: {mine}. Choose your bid:"
    )


class Ra(GameCog, commands.GroupCog, group_name="ra", group_description="Play Ra"):
    """Ra: auctions of Egyptian tiles with sun disks over three epochs."""

    game_name = "ra"
    renderer = staticmethod(render_ra)

    def __init__(self, bot: BoardGameBot) -> None:
        GameCog.__init__(self, bot)
        commands.GroupCog.__init__(self)

    def public_controls(self, session: Session) -> discord.ui.View | None:
        acting = [s for s in session.to_act() if not session.seats[s].is_ai]
        if len(acting) != 1:
            return None
        return action_view(session, acting[0], group=_menu_for)

    async def private_prompts(self, session: Session, outcome: Outcome | None) -> None:
        """DM the bidder their bid buttons (only disks that beat the current bid, plus Pass if allowed)."""
        if session.status != "active" or session.view(None).get("phase") != "auction":
            return
        # Say it once per auction (when it opens); later turns mention the bidder in the status line.
        opened = outcome is None or not any(e.kind in ("bid", "pass") for e in outcome.events)
        await self.prompt_by_dm(
            session,
            lambda seat: (bid_prompt(session, seat), action_view(session, seat)),
            "Bid with the buttons above.",
            tell_closed=opened,
        )

    @app_commands.command(name="status", description="Your own view of a Ra game: your fame and display, privately")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def status(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        try:
            session = await session_here(self.bot, interaction, game_id, game="ra")
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        seat = session.seat_of(interaction.user.id)
        note = f"Ra `{session.id}`: your own view."
        if seat is not None and session.state is not None:
            fame = session.view(seat)["seats"][seat]["fame"]
            note += f" Your fame: **{fame}**."
        await show_current_board(interaction, session.id, note)


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Ra(bot))
