"""/barrage: a turn as a short guided sequence of selects and buttons under two pictures.

The engine models a turn as a queue of small decisions (action space → tile → site → payment), each
offering only legal choices, with Back before anything is paid; so the generic controls built from
``legal_actions`` are already the guided sequence: choices that pick from a list (spaces, sites,
contracts, tiles) go in selects, the rest (Back, Decline, Pass, payments) are buttons. Barrage has
no hidden hands, so ``/barrage status`` shows a company board privately only for convenience.

Words come from the ``barrage_cog`` catalogue (and ``barrage`` for the game's names): the thread's in
the server's language, ``/barrage status`` in the player's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n.barrage as words
from cogs._common import reply_error
from cogs._game import GameCog, action_view, session_here, show_current_board
from cogs._lang import lang_of
from host.sessions import Session
from i18n import t
from i18n.barrage import irrigation_label, title
from render.barrage import render as render_map

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot

MENUS = {
    "P": "barrage_cog.menu.space",
    "S": "barrage_cog.menu.site",
    "G": "barrage_cog.menu.take",
    "K": "barrage_cog.menu.draft",
    "T": "barrage_cog.menu.tile",
    "H": "barrage_cog.menu.headstream",
    "D": "barrage_cog.menu.discard",
    "I": "barrage_cog.menu.irrigate",
    "A": "barrage_cog.menu.activate",
    "Z": "barrage_cog.menu.restore",
}
"""Action codes (their first letter) offered in a select, and the key of its placeholder; every other
kind gets a button."""

STEPS = {
    "draft": "barrage_cog.step.draft",
    "turn": "barrage_cog.step.turn",
    "construct": "barrage_cog.step.construct",
    "produce": "barrage_cog.step.produce",
    "fulfil": "barrage_cog.step.fulfil",
    "machine": "barrage_cog.step.machine",
    "drop": "barrage_cog.step.drop",
    "fbuild": "barrage_cog.step.fbuild",
    "take": "barrage_cog.step.take",
    "discard": "barrage_cog.step.discard",
    "irrigate": "barrage_cog.step.irrigate",
    "activate": "barrage_cog.step.activate",
    "restore": "barrage_cog.step.restore",
}
"""What the company to act is doing, by the engine's step (view["step"]): the key of its words."""




def menu_for(game: Any, action: Any, lang: str = "en") -> str | None:
    """The placeholder of the select an action goes to, or None for a button."""
    key = MENUS.get(game.encode_action(action)[:1])
    return t(lang, key) if key else None


def step_line(view: dict[str, Any], lang: str = "en") -> str | None:
    """"Step: choose your action." for the company to act (None when the step has no words)."""
    step = view.get("step")
    if step not in STEPS:
        return None
    text = t(lang, STEPS[step])
    if step == "turn" and view.get("irrigation") and not view.get("bonus_action_used"):
        seat = view["to_act"]
        if seat is not None and view["companies"][seat]["irrigation"]["face_up"]:
            text += t(lang, "barrage_cog.step.may_activate")
    return t(lang, "barrage_cog.step_line", step=text)


def status_note(session: Session, seat: int | None, lang: str = "en") -> str:
    """The text of ``/barrage status``: the game, and the asker's company when they play in it."""
    note = t(lang, "barrage_cog.status.game", title=title(lang), id=session.id, round=session.view(None).get("round"))
    if seat is None:
        return note
    me = session.view(seat)["companies"][seat]
    note += t(lang, "barrage_cog.status.company", company=words.company(lang, me["company"]),
              officer=words.officer(lang, me["officer"]), vp=me["vp"],
              credits=me["credits"], engineers=me["engineers"], excavators=me["excavators"], mixers=me["mixers"],
              energy=me["energy"])
    irr = me.get("irrigation")
    if irr:
        up = t(lang, "barrage.word.list_sep").join(irrigation_label(lang, tile) for tile in irr["face_up"])
        note += t(lang, "barrage_cog.status.irrigation", points=irr["points"],
                  ready=up or t(lang, "barrage_cog.status.none"), used=len(irr["face_down"]))
    return note


class Barrage(GameCog, commands.GroupCog, group_name="barrage", group_description="Play Barrage"):
    """Barrage: build dams, conduits and powerhouses, produce energy, fulfil contracts."""

    game_name = "barrage"
    first_hint_key = "game.first.barrage"
    renderer = staticmethod(render_map)

    def __init__(self, bot: BoardGameBot) -> None:
        GameCog.__init__(self, bot)
        commands.GroupCog.__init__(self)

    def public_controls(self, session: Session, lang: str = "en") -> discord.ui.View | None:
        acting = [s for s in session.to_act() if not session.seats[s].is_ai]
        if len(acting) != 1:
            return None
        game = session.game

        def menu(action: Any, lang: str = lang) -> str | None:
            return menu_for(game, action, lang)

        return action_view(session, acting[0], group=menu, lang=lang)

    def status_lines(self, session: Session, lang: str = "en") -> list[str]:
        lines = super().status_lines(session, lang=lang)
        if session.result() is None:
            line = step_line(session.view(None), lang)
            if line:
                lines.append(line)
        return lines

    @app_commands.command(name="status", description="Your company board and the map, shown only to you")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def status(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        try:
            session = await session_here(self.bot, interaction, game_id, game="barrage")
            self.bot.host.pictures.take(interaction.user.id)  # fair use: one picture every few seconds
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        lang = await lang_of(interaction)
        note = status_note(session, session.held_by(interaction.user.id), lang)
        await show_current_board(interaction, session.id, note)


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Barrage(bot))
