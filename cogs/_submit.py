"""A move from a button or select, to the host and back: ``submit_from_interaction`` (defer, submit,
announce or refuse) and ``show_current_board`` (the board as it is now, ephemerally)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import discord

from cogs._common import (
    answer_first,
    bot_of,
    clip,
    defer_update,
    error_message,
    reader_lang,
    reply,
    reply_error,
)
from host.errors import StaleVersion
from host.sessions import Outcome, Session
from i18n import t
from i18n.seats import seat_names
from rules.base import NotYourTurn


async def submit_from_interaction(
    interaction: discord.Interaction,
    sid: str,
    action: Any,
    version: int | None,
    *,
    made_for: Callable[[Session], None] | None = None,
) -> Outcome | None:
    """defer → host.submit → announce; any rejection becomes an ephemeral reply and changes nothing.
    ``made_for``: Host.submit's check that the move still fits the board it is applied to."""
    bot = bot_of(interaction)
    started = time.perf_counter()
    await defer_update(interaction)
    try:
        outcome = await bot.host.submit(
            sid, interaction.user.id, action, expected_version=version, interaction_id=interaction.id,
            made_for=made_for,
        )
    except StaleVersion as exc:
        lang = await reader_lang(interaction)
        await show_current_board(interaction, sid, t(lang, "common.error.refused", reason=error_message(lang, exc)),
                                 lang=lang)
        return None
    except Exception as exc:
        with seat_names(await _seat_names(bot, sid)):  # "waiting for Ann", not "Player 2"
            await reply_error(interaction, exc)
        return None
    cog = bot.game_cogs.get(outcome.session.record.game)
    if cog is not None:
        await cog.after_submit(interaction, outcome, started=started)
    return outcome


async def _seat_names(bot: Any, sid: str) -> list[str] | None:
    """The display names of game ``sid``'s seats, for wording a refusal; None if it cannot be read."""
    try:
        session = await bot.host.get(sid)
    except Exception:  # the refusal is still said, with the engine's words for seats
        return None
    return [seat.name for seat in session.seats]


async def show_current_board(interaction: discord.Interaction, sid: str, note: str, *, lang: str | None = None) -> None:
    """Ephemerally show the board as it is now, as this user's seat sees it, in their language
    (``note`` comes already in it; ``lang``: that language, when the caller has looked it up)."""
    await answer_first(interaction)  # the picture takes a while: answer before drawing it
    bot = bot_of(interaction)
    try:
        session = await bot.host.get(sid)
    except Exception as exc:
        await reply_error(interaction, exc)
        return
    lang = lang or await reader_lang(interaction)
    cog = bot.game_cogs.get(session.record.game)
    if cog is None or session.state is None:
        await reply(interaction, t(lang, "common.error.refused", reason=note))
        return
    seat = session.held_by(interaction.user.id)  # a resigned player sees the public board only
    kwargs: dict[str, Any] = {"files": await cog.pictures(session, seat, lang=lang)}
    lines = [note, *cog.status_lines(session, lang=lang)]
    await reply(interaction, clip("\n".join(lines)), **kwargs)


async def page_moves(interaction: discord.Interaction, sid: str, version: int, first: int) -> None:
    """Show the acting player the board's move selects from chunk ``first`` on ("More moves…" /
    "Previous moves"), ephemerally: a new reply from the board, the same reply turned from a page."""
    bot = bot_of(interaction)
    lang = await reader_lang(interaction)
    try:
        session = await bot.host.get(sid)
        if session.version != version:
            raise StaleVersion("The board changed while you were choosing; here it is again.")
        seat = session.seat_of(interaction.user.id)
        if seat is None or seat not in session.to_act():
            raise NotYourTurn("Not your turn.", key="game.error.not_yours")
    except StaleVersion as exc:
        await show_current_board(interaction, sid, t(lang, "common.error.refused", reason=error_message(lang, exc)))
        return
    except Exception as exc:
        await reply_error(interaction, exc)
        return
    cog = bot.game_cogs.get(session.record.game)
    view = cog.move_page(session, first, lang) if cog is not None else None
    if view is None:
        await reply(interaction, t(lang, "game.error.one_move"))
        return
    note = t(lang, "game.menu.page_note")
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        await interaction.response.edit_message(content=note, view=view)
    else:
        await interaction.response.send_message(note, view=view, ephemeral=True)
