"""/alhambra: the dice game (basic and Alcazaba) by buttons and selects under the board.

The roller toggles which dice to roll again with one button per die; the selection lives in the
buttons' custom_ids (``ald:<sid>:<version>:<mask>:<op>``), so the picker needs no memory on our side
and survives a restart. Everything in this game is public, so the picker sits on the board message
itself and everyone watches the dice as they are rolled: its labels are in the server's language.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from cogs._common import bot_of, reply_error
from cogs._game import ActButton, GameCog, add_selects, show_current_board, submit_from_interaction
from cogs._lang import lang_of, public_lang
from host.errors import SessionNotFound
from host.sessions import Session
from i18n import alhambra_dice as words
from i18n import t
from render.alhambra_dice import PHASE_TEXT
from render.alhambra_dice import render as render_alhambra_dice
from rules.base import NotYourTurn

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot

DICE = 8
MENUS = {
    "Place": "alhambra_dice.cog.menu_place",
    "Push": "alhambra_dice.cog.menu_place",
    "SetBlack": "alhambra_dice.cog.menu_black",
    "Build": "alhambra_dice.cog.menu_redesign",
    "Remove": "alhambra_dice.cog.menu_redesign",
    "Swap": "alhambra_dice.cog.menu_redesign",
    "Take": "alhambra_dice.cog.menu_take",
    "TakeToReserve": "alhambra_dice.cog.menu_take",
}
"""Move kinds offered in a select (one entry per target), with the select's placeholder (catalogue key);
every other kind gets a button."""


def controls(session: Session, seat: int, mask: int = 0, lang: str = "en") -> discord.ui.View | None:
    """The acting seat's controls: dice toggles and Re-roll while rolling, then its other moves."""
    v = session.view(seat)
    view = discord.ui.View(timeout=None)
    n_buttons = 0
    dice = v.get("dice")
    if dice is not None and dice["rerolls_left"] > 0:
        for i, face in enumerate(dice["white"]):
            chosen = bool(mask >> i & 1)
            label = f"{'↻' if chosen else '✓'} {words.building_name(lang, face)}"
            button = DiceButton(session.id, session.version, mask, str(i), label=label)
            button.item.style = discord.ButtonStyle.danger if chosen else discord.ButtonStyle.success
            view.add_item(button)
        count = bin(mask).count("1")
        left = t(lang, "alhambra_dice.cog.rerolls_left", count=dice["rerolls_left"])
        label = t(lang, "alhambra_dice.cog.reroll", count=count, left=left)
        roll = DiceButton(session.id, session.version, mask, "r", label=label)
        roll.item.style = discord.ButtonStyle.primary
        roll.item.disabled = count == 0
        view.add_item(roll)
        n_buttons = DICE + 1
    menus: dict[str, list[tuple[str, str]]] = {}
    plain = []
    for choice in v["choices"]:
        menu = MENUS.get(choice["kind"])
        text = words.choice_text(lang, v, choice)
        if menu:
            menus.setdefault(t(lang, menu), []).append((text, choice["code"]))
        else:
            plain.append((text, choice["code"]))
    for text, code in plain:
        view.add_item(ActButton(session.id, session.version, code, text))
    add_selects(view, session, menus, buttons=n_buttons + len(plain), lang=lang)
    return view if view.children else None


class DiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ald:(?P<sid>[0-9a-f]{1,16}):(?P<ver>[0-9]{1,9}):(?P<mask>[0-9]{1,3}):(?P<op>[0-7r])",
):
    """A die to toggle (op 0-7) or the Re-roll button (op r), carrying the current selection."""

    def __init__(self, sid: str, version: int, mask: int, op: str, *, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label[:80], custom_id=f"ald:{sid}:{version}:{mask}:{op}"))
        self.sid, self.version, self.mask, self.op = sid, version, mask, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> DiceButton:
        return cls(match["sid"], int(match["ver"]), int(match["mask"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        mask = self.mask & 0xFF
        if self.op == "r":
            await submit_from_interaction(interaction, self.sid, f"r{mask}", self.version)
            return
        try:
            session = await bot.host.get(self.sid)
            if session.record.game != AlhambraDice.game_name:  # a forged die id naming another game
                raise SessionNotFound(f"There is no Alhambra Dice game with id {session.id}.",
                                      key="alhambra_dice.error.not_alhambra", game_id=session.id)
            if session.version != self.version:
                note = t(await lang_of(interaction), "alhambra_dice.cog.stale")
                await show_current_board(interaction, self.sid, f"⚠️ {note}")
                return
            seat = session.seat_of(interaction.user.id)
            if seat is None or seat not in session.to_act():
                raise NotYourTurn("It is not your turn to roll.", key="alhambra_dice.error.not_your_roll")
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        # The picker is on the public board message: its labels stay in the server's language.
        lang = await public_lang(bot, session.record.guild_id)
        await interaction.response.edit_message(view=controls(session, seat, mask ^ (1 << int(self.op)), lang))


class AlhambraDice(GameCog):
    """Alhambra: The Dice Game, basic or Alcazaba (option version=alcazaba). Everything is public, so
    the board message carries every control and /game status is all a player needs besides."""

    game_name = "alhambra_dice"
    first_hint_key = "game.first.alhambra_dice"
    renderer = staticmethod(render_alhambra_dice)

    def public_controls(self, session: Session, lang: str = "en") -> discord.ui.View | None:
        acting = [s for s in session.to_act() if not session.seats[s].is_ai]
        if len(acting) != 1:
            return None
        return controls(session, acting[0], lang=lang)

    def status_lines(self, session: Session, lang: str = "en") -> list[str]:
        """Whose turn, then what they must do, as the picture's header says it (read on a phone too)."""
        lines = super().status_lines(session, lang=lang)
        phase = PHASE_TEXT.get(session.view(None)["phase"])
        if session.result() is None and lines and phase:
            lines.append(t(lang, "alhambra_dice.cog.step_line", what=t(lang, phase)))
        return lines


async def setup(bot: BoardGameBot) -> None:
    bot.add_dynamic_items(DiceButton)
    await bot.add_cog(AlhambraDice(bot))
