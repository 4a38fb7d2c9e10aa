"""/imperium: secret card choice by DM (ephemeral fallback in the thread), reveal with the board.

The picker keeps the picks made so far in its custom_ids (``imp:<sid>:<round>:<picks>:<op>``), so
it needs no memory on our side and keeps working after a restart. Nothing about a choice is ever
posted in the thread before the reveal: only "Alice has chosen (2 of 4)".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs._common import bot_of, reply, reply_error
from cogs._game import GameCog, session_here, submit_from_interaction
from cogs._lang import lang_of
from host.errors import NotSeated, SessionClosed, SessionNotFound, StaleVersion
from host.sessions import Outcome, Session
from i18n import t
from i18n.imperium import pick_list
from render.imperium import render as render_imperium
from rules.imperium import play_from_picks

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot


def picker_content(session: Session, seat: int, picks: str, lang: str = "en") -> str:
    view = session.view(seat)
    resolving = t(lang, "imperium.list.regions_sep").join(str(r) for r in view["resolving"])
    me = view["players"][seat]
    return t(
        lang,
        "imperium.cog.picker",
        round=view["round"],
        resolving=resolving or t(lang, "imperium.cog.no_region"),
        game=session.id,
        supply=me["supply"],
        score=me["score"],
        picks=pick_list(lang, picks),
        chosen=len(picks),
    )


def picker_view(sid: str, rnd: int, picks: str, lang: str = "en") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    full = len(picks) >= 3
    for region in range(1, 10):
        button = PickButton(sid, rnd, picks, str(region), label=str(region))
        button.item.disabled = full or picks.count(str(region)) >= 3
        button.item.row = (region - 1) // 3
        view.add_item(button)
    clear = PickButton(sid, rnd, picks, "x", label=t(lang, "imperium.cog.clear"), style=discord.ButtonStyle.secondary)
    clear.item.disabled = not picks
    clear.item.row = 3
    confirm = PickButton(
        sid, rnd, picks, "c", label=t(lang, "imperium.cog.confirm"), style=discord.ButtonStyle.success
    )
    confirm.item.disabled = not full
    confirm.item.row = 3
    view.add_item(clear)
    view.add_item(confirm)
    return view


class PickButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"imp:(?P<sid>[0-9a-f]{1,16}):(?P<rnd>[0-9]{1,4}):(?P<picks>[1-9]{0,3}):(?P<op>[1-9xco])",
):
    """One button of the secret picker: a region (1-9), Clear (x), Confirm (c) or Open (o)."""

    def __init__(
        self,
        sid: str,
        rnd: int,
        picks: str,
        op: str,
        *,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"imp:{sid}:{rnd}:{picks}:{op}")
        )
        self.sid, self.rnd, self.picks, self.op = sid, rnd, picks, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> PickButton:
        return cls(match["sid"], int(match["rnd"]), match["picks"], match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        try:
            session = await bot.host.get(self.sid)
            seat = session.held_by(interaction.user.id)
            _check_can_choose(session, seat, self.rnd, self.op == "o")
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        assert seat is not None
        lang = await lang_of(interaction)
        if self.op == "o":  # the thread's fallback button: open a private picker
            await interaction.response.send_message(
                picker_content(session, seat, "", lang),
                view=picker_view(self.sid, session.view(seat)["round"], "", lang),
                ephemeral=True,
            )
            return
        if self.op == "c":
            await self._confirm(interaction, session, lang)
            return
        picks = "" if self.op == "x" else "".join(sorted(self.picks + self.op))
        if len(picks) > 3 or any(picks.count(r) > 3 for r in picks):
            await reply(interaction, t(lang, "imperium.cog.three_picks"))
            return
        await interaction.response.edit_message(
            content=picker_content(session, seat, picks, lang), view=picker_view(self.sid, self.rnd, picks, lang)
        )

    async def _confirm(self, interaction: discord.Interaction, session: Session, lang: str = "en") -> None:
        try:
            play = play_from_picks([int(p) for p in self.picks])
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        user_id = interaction.user.id

        def for_this_round(now: Session) -> None:
            # Checked again under the game's lock: the picks are this picker's round's, never a later one's.
            _check_can_choose(now, now.held_by(user_id), self.rnd, False)

        outcome = await submit_from_interaction(interaction, self.sid, play, None, made_for=for_this_round)
        if outcome is None:
            return
        waiting = outcome.session.status == "active" and outcome.session.view(None)["round"] == self.rnd
        text = t(
            lang,
            "imperium.cog.confirmed_waiting" if waiting else "imperium.cog.confirmed_all",
            picks=pick_list(lang, self.picks),
            round=self.rnd,
            game=self.sid,
        )
        if interaction.message is not None:
            try:
                await interaction.edit_original_response(content=text, view=None)
            except discord.HTTPException:
                await reply(interaction, text)


def _check_can_choose(session: Session, seat: int | None, rnd: int, opening: bool) -> None:
    # Each error names its catalogue key and fields, so the reply can be given in the user's language.
    if session.record.game != "imperium":  # a forged picker id naming another game's session
        raise SessionNotFound(f"There is no Imperium game with id {session.id}.",
                              key="imperium.error.not_imperium", game_id=session.id)
    if session.status != "active":
        raise SessionClosed("This game is over; no more choices can be made.", key="imperium.error.session_over")
    if seat is None:
        raise NotSeated("You are not playing in this game.", key="imperium.error.not_playing")
    current = session.view(seat)["round"]
    if not opening and rnd != current:
        raise StaleVersion(
            f"That picker was for round {rnd}; the game is now in round {current}.",
            key="imperium.error.stale_picker",
            round=rnd,
            current=current,
        )
    if seat not in session.to_act():
        raise StaleVersion(
            f"You have already chosen for round {current}.", key="imperium.error.already_chosen", round=current
        )


class Imperium(GameCog, commands.GroupCog, group_name="imperium", group_description="Play Imperium"):
    """Imperium: choose three regions in secret each round; majorities score."""

    game_name = "imperium"
    first_hint_key = "game.first.imperium"
    renderer = staticmethod(render_imperium)

    def __init__(self, bot: BoardGameBot) -> None:
        GameCog.__init__(self, bot)
        commands.GroupCog.__init__(self)

    def board_needed(self, outcome: Outcome | None) -> bool:
        # A secret choice changes nothing anyone may see; only the reveal redraws the board.
        if outcome is None or not outcome.steps:
            return True
        return any(e.kind != "chose" and e.to is None for step in outcome.steps for e in step.events)

    def _round_began(self, outcome: Outcome | None) -> bool:
        # The game's start counts even when AI seats have already chosen in the same outcome; a human's
        # first choice (also version 1 when no AI sits) is not a start.
        if outcome is None or not outcome.steps:
            return True
        if outcome.steps[0].version == 1 and outcome.steps[0].by_ai:
            return True
        return self.board_needed(outcome)

    # "Choose privately" opens the current round's picker whichever board it is under, so an older
    # board's button is never stale: boards are not edited to take it away (a request saved a round).
    retire_boards = False

    def public_controls(self, session: Session, *, lang: str = "en") -> discord.ui.View | None:
        if session.status != "active" or not any(not session.seats[s].is_ai for s in session.to_act()):
            return None
        view = discord.ui.View(timeout=None)
        rnd = session.view(None)["round"]
        label = t(lang, "imperium.cog.choose_privately")
        view.add_item(PickButton(session.id, rnd, "", "o", label=label, style=discord.ButtonStyle.secondary))
        return view

    async def private_prompts(self, session: Session, outcome: Outcome | None) -> None:
        """At the start of each round, DM every human who must choose; say in the thread if DMs fail."""
        if session.status != "active" or not self._round_began(outcome):
            return

        def prompt(seat: int, lang: str) -> tuple[str, discord.ui.View]:
            rnd = session.view(seat)["round"]
            return picker_content(session, seat, "", lang), picker_view(session.id, rnd, "", lang)

        await self.prompt_by_dm(session, prompt, "imperium.cog.dm_fallback")

    @app_commands.command(name="choose", description="Open your secret picker for the current round")
    @app_commands.describe(game_id="The game's id (optional inside its thread)")
    async def choose(self, interaction: discord.Interaction, game_id: str | None = None) -> None:
        try:
            session = await session_here(self.bot, interaction, game_id, game="imperium")
            seat = session.held_by(interaction.user.id)
            _check_can_choose(session, seat, 0, True)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        assert seat is not None
        rnd = session.view(seat)["round"]
        lang = await lang_of(interaction)
        # Acknowledged privately before the game was read (GameCog.interaction_check): reply completes it.
        await reply(interaction, picker_content(session, seat, "", lang), view=picker_view(session.id, rnd, "", lang))


async def setup(bot: BoardGameBot) -> None:
    bot.add_dynamic_items(PickButton)
    await bot.add_cog(Imperium(bot))
