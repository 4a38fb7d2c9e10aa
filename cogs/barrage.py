"""/barrage: a turn as a short guided sequence of selects and buttons under two pictures.

The engine models a turn as a queue of small decisions (action space → tile → site → payment), each
offering only legal choices, with Back before anything is paid; so the generic controls built from
``legal_actions`` are already the guided sequence: choices that pick from a list (spaces, sites,
contracts, tiles) go in selects, the rest (Back, Decline, Pass, payments) are buttons. Barrage has
no hidden hands, so ``/barrage status`` shows a company board privately only for convenience.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs._common import png_file, reply_error
from cogs._game import GameCog, action_view, session_here, show_current_board
from host.sessions import Session
from render.barrage import render as render_map
from render.barrage import render_boards
from rules.barrage.actions import irrigation_label

if TYPE_CHECKING:
    from bot import BoardGameBot

MENUS = {
    "P": "Choose an action space…",
    "S": "Choose a site…",
    "G": "Take a contract…",
    "K": "Choose a company and starting contract…",
    "T": "Choose a technology tile…",
    "H": "Choose a headstream…",
    "D": "Discard a contract…",
    "I": "Take an irrigation tile…",
    "A": "Bonus action: activate an irrigation tile…",
    "Z": "Turn a used irrigation tile face up…",
}
"""Action codes (their first letter) offered in a select; every other kind gets a button."""

STEPS = {
    "draft": "pick a company, an officer and a starting contract",
    "turn": "choose your action",
    "construct": "prepare the construction (tile → site → payment); Back cancels it",
    "produce": "choose a production (dam → conduit → powerhouse, drops)",
    "fulfil": "fulfil a contract, or decline",
    "machine": "choose your machinery",
    "drop": "put a drop on a headstream",
    "fbuild": "choose where to place the free structure, or decline",
    "take": "take a contract",
    "discard": "discard down to your hand limit",
    "irrigate": "irrigate: choose the dam, then the irrigation tile; Back cancels it",
    "activate": "bonus action: activate an irrigation tile now, or decline",
    "restore": "turn used irrigation tiles face up, or decline",
}
"""What the company to act is doing, by the engine's step (view["step"])."""


class Barrage(GameCog, commands.GroupCog, group_name="barrage", group_description="Play Barrage"):
    """Barrage: build dams, conduits and powerhouses, produce energy, fulfil contracts."""

    game_name = "barrage"
    renderer = staticmethod(render_map)

    def __init__(self, bot: BoardGameBot) -> None:
        GameCog.__init__(self, bot)
        commands.GroupCog.__init__(self)

    def pictures(self, session: Session, viewer: int | None = None) -> list[discord.File]:
        # The map and the boards are two pictures: one would be unreadable on a phone.
        view = session.view(viewer)
        return [
            png_file(render_map(view, viewer_seat=viewer), f"barrage-{session.version}-map.png"),
            png_file(render_boards(view, viewer_seat=viewer), f"barrage-{session.version}-boards.png"),
        ]

    def public_controls(self, session: Session) -> discord.ui.View | None:
        acting = [s for s in session.to_act() if not session.seats[s].is_ai]
        if len(acting) != 1:
            return None
        game = session.game

        def menu(action: Any) -> str | None:
            return MENUS.get(game.encode_action(action)[:1])

        return action_view(session, acting[0], group=menu)

    def status_lines(self, session: Session) -> list[str]:
        lines = super().status_lines(session)
        view = session.view(None)
        step = view.get("step")
        if session.result() is None and step in STEPS:
            text = STEPS[step]
            if step == "turn" and view.get("irrigation") and not view.get("bonus_action_used"):
                seat = view["to_act"]
                if seat is not None and view["companies"][seat]["irrigation"]["face_up"]:
                    text += " (you may activate an irrigation tile before it or after it)"
            lines.append(f"Step: {text}.")
        return lines

    @app_commands.command(name="status", description="Your company board and the map, shown only to you")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def status(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        try:
            session = await session_here(self.bot, interaction, game_id, game="barrage")
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        seat = session.seat_of(interaction.user.id)
        note = f"Barrage `{session.id}`, round {session.view(None).get('round')}."
        if seat is not None:
            me = session.view(seat)["companies"][seat]
            note += (
                f" Your company: **{me['company']}** ({me['officer']}) · {me['vp']} VP · {me['credits']} credits"
                f" · {me['engineers']} engineers · {me['excavators']} excavators · {me['mixers']} mixers"
                f" · energy {me['energy']}."
            )
            irr = me.get("irrigation")
            if irr:
                up = ", ".join(irrigation_label(t) for t in irr["face_up"]) or "none"
                note += (f" Irrigation: {irr['points']} points · ready to activate: {up}"
                         f" · used: {len(irr['face_down'])}.")
        await show_current_board(interaction, session.id, note)


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Barrage(bot))
