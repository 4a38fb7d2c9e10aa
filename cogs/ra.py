"""/ra: draw, invoke Ra, use gods and resolve disasters by buttons and selects; bids prompted by DM.

Ra's bidding is open, so every bid and pass is announced in the thread as it happens; the DM is a
convenience (the bidder is pinged wherever they are) and the thread's buttons are the fallback when
DMs are closed. With hidden fame, totals are shown only privately (``/ra status``).

Words come from the ``ra`` catalogue (i18n/locales/<lang>/ra.toml): the thread's in the server's
language, a bidder's DM and ``/ra status`` in that player's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs._common import reply_error
from cogs._game import GameCog, action_view, session_here, show_current_board
from cogs._lang import lang_of
from host.sessions import Outcome, Session
from i18n import t
from i18n.ra import tiles, title
from render.ra import render as render_ra
from render.ra import status_text
from rules.ra.actions import Discard, UseGod

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot



def _menu_for(action: Any, lang: str = "en") -> str | None:
    """Gods and disaster losses are chosen from a select (one entry per tile); the rest are buttons."""
    if isinstance(action, UseGod):
        return t(lang, "ra.cog.menu_god")
    if isinstance(action, Discard):
        return t(lang, "ra.cog.menu_disaster")
    return None


def controls(session: Session, seat: int, lang: str = "en") -> discord.ui.View | None:
    """The move buttons and selects of ``seat``, labelled in ``lang``."""
    return action_view(session, seat, group=_menu_for, lang=lang)


def bid_prompt(session: Session, seat: int, lang: str = "en") -> str:
    """The DM text for a bidder: what is up for auction and the bid to beat."""
    view = session.view(seat)
    auction = view.get("auction") or {}
    high = auction.get("high_bid")
    lot = tiles(lang, view.get("auction_track") or []) or t(lang, "ra.cog.bid_no_lot")
    mine = " ".join(str(d) for d in view["seats"][seat]["suns_up"])
    return (
        t(lang, "ra.cog.bid_header", title=title(lang), game=session.id, epoch=view["epoch"]) + "\n"
        + t(lang, "ra.cog.bid_lot", tiles=lot) + "\n"
        + (t(lang, "ra.cog.bid_to_beat", disk=high) if high else t(lang, "ra.cog.bid_none"))
        + t(lang, "ra.cog.bid_suns", suns=mine)
    )


class Ra(GameCog, commands.GroupCog, group_name="ra", group_description="Play Ra"):
    """Ra: auctions of Egyptian tiles with sun disks over three epochs."""

    game_name = "ra"
    first_hint_key = "game.first.ra"
    renderer = staticmethod(render_ra)

    def __init__(self, bot: BoardGameBot) -> None:
        GameCog.__init__(self, bot)
        commands.GroupCog.__init__(self)

    def public_controls(self, session: Session, lang: str = "en") -> discord.ui.View | None:
        acting = [s for s in session.to_act() if not session.seats[s].is_ai]
        if len(acting) != 1:
            return None
        return controls(session, acting[0], lang)

    def status_lines(self, session: Session, lang: str = "en") -> list[str]:
        """Whose turn, then what they must do, as the picture's header says it (read on a phone too)."""
        lines = super().status_lines(session, lang=lang)
        if session.result() is None and lines:
            lines.append(status_text(session.view(None), lang))
        return lines

    def edit_in_place(self, session: Session, outcome: Outcome) -> bool:
        # A bid or pass that leaves the auction open: the next bidder is told by DM, and the board
        # keeps every bid of the auction in one message.
        return session.view(None).get("phase") == "auction" and any(e.kind in ("bid", "pass") for e in outcome.events)

    async def private_prompts(self, session: Session, outcome: Outcome | None) -> None:
        """DM the bidder their bid buttons (only disks that beat the current bid, plus Pass if allowed),
        in the bidder's own language; the note for closed DMs is in the thread's."""
        if session.status != "active" or session.view(None).get("phase") != "auction":
            return
        # Say it once per auction (when it opens); later turns mention the bidder in the status line.
        opened = outcome is None or not any(e.kind in ("bid", "pass") for e in outcome.events)
        await self.prompt_by_dm(
            session,
            lambda seat, lang: (bid_prompt(session, seat, lang), controls(session, seat, lang)),
            "ra.cog.bid_fallback",
            tell_closed=opened,
        )

    @app_commands.command(name="status", description="Your own view of a Ra game: your fame and display, privately")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def status(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        try:
            session = await session_here(self.bot, interaction, game_id, game="ra")
            self.bot.host.pictures.take(interaction.user.id)  # fair use: one picture every few seconds
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        lang = await lang_of(interaction)
        seat = session.held_by(interaction.user.id)
        note = t(lang, "ra.cog.status_note", title=title(lang), game=session.id)
        if seat is not None and session.state is not None:
            fame = session.view(seat)["seats"][seat]["fame"]
            note += t(lang, "ra.cog.status_fame", fame=fame)
        await show_current_board(interaction, session.id, note, lang=lang)


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Ra(bot))
