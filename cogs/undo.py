"""Undo in Discord: the Undo button on the board, ``/game undo`` and the agreed-undo request.

- **Undo my move** (on every board with controls, and ``/game undo``): the host takes back the clicking
  player's own last move if it revealed nothing and nobody moved since (host/undo.py); anyone else gets
  a private refusal saying why. The thread is told what was taken back and the board is posted again.
- ``/game undo to:<move>``: a public request with **Confirm undo** / **Refuse** buttons for the other
  humans, answered by the deadline (UNDO_REQUEST_SECONDS); the outcome is posted in the thread. The
  clock tick (``run_tick``) posts the requests that lapsed.

Every control is a ``DynamicItem`` (its custom_id carries the game, the version and the move), so the
buttons keep working after a restart; each interaction is acknowledged before any work.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
import msgspec
from discord import app_commands
from discord.ext import commands, tasks

from cogs._common import (
    answer_first,
    bot_of,
    clip,
    mention,
    metrics_of,
    reader_lang,
    reply,
    reply_error,
    send_with_retry,
)
from cogs._lang import public_lang
from cogs.clocks import when
from host.records import UndoRequest
from host.undo import UndoAnswer, Undone, UndoneMove
from i18n import DEFAULT_LANG, t

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot
    from host.sessions import Session

log = logging.getLogger(__name__)

UNDO_ROW = 4
"""The fifth row: the move controls use the first four (cogs/_game.py MAX_BUTTONS)."""


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"undo:(?P<sid>[0-9a-f]{1,16}):(?P<ver>[0-9]{1,9})",
):
    """Take back my own last move; the custom_id carries the game and the version it was drawn for (the
    move it names: my last on that board; a second click finds it gone)."""

    def __init__(self, sid: str, version: int, lang: str = DEFAULT_LANG) -> None:
        super().__init__(discord.ui.Button(label=t(lang, "undo.button.undo"),
                                           style=discord.ButtonStyle.secondary, custom_id=f"undo:{sid}:{version}",
                                           row=UNDO_ROW))
        self.sid, self.version = sid, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> UndoButton:
        return cls(match["sid"], int(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_first(interaction)
        await undo_own(interaction, self.sid, expected_version=self.version)


class UndoAnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(r"undoa:(?P<yes>[yn]):(?P<sid>[0-9a-f]{1,16}):(?P<ver>[0-9]{1,9}):(?P<move>[0-9]{1,6})"
              r"(?::(?P<rid>[0-9a-f]{1,16}))?"),
):
    """Confirm or refuse a pending agreed undo: the request ``rid`` (asked at version ``ver`` back to
    ``move``). A button drawn before requests had ids has none and counts for no request that has one."""

    def __init__(self, agree: bool, sid: str, version: int, move: int, request_id: str,
                 lang: str = DEFAULT_LANG) -> None:
        rid = f":{request_id}" if request_id else ""
        super().__init__(discord.ui.Button(
            label=t(lang, "undo.button.confirm" if agree else "undo.button.refuse"),
            style=discord.ButtonStyle.success if agree else discord.ButtonStyle.danger,
            custom_id=f"undoa:{'y' if agree else 'n'}:{sid}:{version}:{move}{rid}"))
        self.agree, self.sid, self.version, self.move, self.request_id = agree, sid, version, move, request_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> UndoAnswerButton:
        return cls(match["yes"] == "y", match["sid"], int(match["ver"]), int(match["move"]), match["rid"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_first(interaction)
        bot = bot_of(interaction)
        try:
            answer = await bot.host.answer_undo(self.sid, interaction.user.id, self.agree, to_move=self.move,
                                                at_version=self.version, request_id=self.request_id)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        lang = await reader_lang(interaction)
        await reply(interaction, t(lang, "undo.reply.confirmed" if self.agree else "undo.reply.refused"))
        await announce_answer(bot, answer, interaction.user)


def with_undo(session: Session, controls: discord.ui.View | None, lang: str = DEFAULT_LANG) -> discord.ui.View | None:
    """The board's controls with the Undo button added in their last row (when there is room). Boards
    without controls stay bare: ``/game undo`` serves them (a new button would cost a message edit)."""
    if controls is None or session.status != "active" or session.version == 0:
        return controls
    with contextlib.suppress(ValueError):  # the row is full: /game undo still works
        controls.add_item(UndoButton(session.id, session.version, lang))
    return controls


def _moves_text(session: Session, moves: Sequence[UndoneMove], lang: str) -> str:
    from cogs._game import action_label

    lines = []
    for m in moves:
        seat = session.seats[m.seat]
        what = action_label(session, m.action, lang) if not session.game.info.simultaneous else "…"
        lines.append(t(lang, "undo.thread.move", number=m.number, who=seat.name, what=what))
    return t(lang, "common.word.comma").join(lines)


async def _post(bot: BoardGameBot, session: Session, content: str, **kwargs: Any) -> None:
    cog = bot.game_cogs.get(session.record.game)
    channel = await cog.thread_of(session) if cog is not None else None
    if channel is not None:
        await send_with_retry(channel, clip(content), what=f"game {session.id}: undo", metrics=metrics_of(bot),
                              **kwargs)


async def _show_board(bot: BoardGameBot, done: Undone) -> None:
    """The board that stands now, after what the computer players then played (if anything)."""
    cog = bot.game_cogs.get(done.session.record.game)
    if cog is not None:
        replies = done.replies if done.replies is not None and done.replies.steps else None
        await cog.announce(done.session, replies, force_board=True)


async def undo_own(interaction: discord.Interaction, sid: str, *, expected_version: int) -> None:
    """host.undo for the user, of their last move on the board of ``expected_version`` (the one they saw);
    the thread is told what was taken back and gets the board again. A second delivery of the same
    interaction, or a click after that move was taken back, gets "already taken back" and changes nothing."""
    bot = bot_of(interaction)
    try:
        done = await bot.host.undo(sid, interaction.user.id, expected_version=expected_version,
                                   interaction_id=interaction.id)
    except Exception as exc:
        await reply_error(interaction, exc)
        return
    await reply(interaction, t(await reader_lang(interaction), "undo.reply.done"))
    await announce_undone(bot, done, interaction.user)


async def announce_undone(bot: BoardGameBot, done: Undone, user: discord.abc.User) -> None:
    session = done.session
    ours = await public_lang(bot, session.record.guild_id)
    await _post(bot, session, t(ours, "undo.thread.own", count=len(done.moves), who=user.mention,
                                moves=_moves_text(session, done.moves, ours)))
    await _show_board(bot, done)


async def announce_answer(bot: BoardGameBot, answer: UndoAnswer, user: discord.abc.User) -> None:
    """Tell the thread what a request or an answer did (and show the board after an applied undo)."""
    session = answer.undone.session if answer.undone is not None else await bot.host.get(answer.request.session_id)
    ours = await public_lang(bot, session.record.guild_id)
    req = answer.request
    if answer.kind == "asked":
        moves = await bot.host.standing_moves(session.id)
        shown = [UndoneMove(n, m.seat, msgspec.json.decode(m.action, type=session.game.action_type),
                            session.seats[m.seat].is_ai) for n, m in enumerate(moves, 1) if n >= req.to_move]
        view = discord.ui.View(timeout=None)
        view.add_item(UndoAnswerButton(True, session.id, req.at_version, req.to_move, req.request_id, ours))
        view.add_item(UndoAnswerButton(False, session.id, req.at_version, req.to_move, req.request_id, ours))
        await _post(bot, session, t(ours, "undo.thread.asked", who=user.mention, move=req.to_move,
                                    moves=_moves_text(session, shown, ours), others=_people(session, req.waiting),
                                    deadline=when(req.deadline)), view=view)
    elif answer.kind == "confirmed":
        await _post(bot, session, t(ours, "undo.thread.confirmed", who=user.mention,
                                    others=_people(session, req.waiting)))
    elif answer.kind == "refused":
        await _post(bot, session, t(ours, "undo.thread.refused", who=user.mention, move=req.to_move))
    elif answer.undone is not None:
        await _post(bot, session, t(ours, "undo.thread.applied", count=len(answer.undone.moves), move=req.to_move))
        await _show_board(bot, answer.undone)


def _people(session: Session, user_ids: Sequence[int]) -> str:
    names = {s.user_id: s.name for s in session.seats if s.user_id is not None}
    return ", ".join(mention(uid, names.get(uid, "?")) for uid in user_ids)


@app_commands.command(name="undo", description="Take back your last move, or ask the others to undo further back")
@app_commands.describe(to="Undo back to before this move number (the others confirm)",
                       game_id="The game's id (optional inside its thread)")
async def game_undo(interaction: discord.Interaction, to: app_commands.Range[int, 1, 100000] | None = None,
                    game_id: str | None = None) -> None:
    from cogs._game import session_here

    await answer_first(interaction)
    bot = bot_of(interaction)
    try:
        session = await session_here(bot, interaction, game_id)
        if to is None:  # the move is the user's last on the board as this command found it
            await undo_own(interaction, session.id, expected_version=session.version)
            return
        answer = await bot.host.request_undo(session.id, interaction.user.id, to)
    except Exception as exc:
        await reply_error(interaction, exc)
        return
    lang = await reader_lang(interaction)
    await reply(interaction, t(lang, "undo.reply.asked" if answer.kind == "asked" else "undo.reply.done"))
    await announce_answer(bot, answer, interaction.user)


class UndoCog(commands.Cog):
    """Posts the agreed undos that lapsed (on the clock tick)."""

    def __init__(self, bot: BoardGameBot, *, tick_seconds: float = 30.0) -> None:
        self.bot = bot
        self.tick_seconds = tick_seconds
        self.loop = tasks.loop(seconds=tick_seconds)(self._loop) if tick_seconds > 0 else None

    async def cog_load(self) -> None:
        if self.loop is not None:
            self.loop.start()

    async def cog_unload(self) -> None:
        if self.loop is not None:
            self.loop.cancel()

    async def _loop(self) -> None:
        await self.bot.wait_until_ready()
        try:
            await self.run_tick()
        except Exception:
            log.exception("undo tick failed")

    async def run_tick(self) -> list[UndoRequest]:
        """End the requests whose deadline passed and say so in their threads."""
        lapsed = await self.bot.host.lapse_undo_requests()
        for req in lapsed:
            try:
                session = await self.bot.host.get(req.session_id)
                ours = await public_lang(self.bot, session.record.guild_id)
                await _post(self.bot, session, t(ours, "undo.thread.lapsed", move=req.to_move))
            except Exception:
                log.exception("game %s: could not post a lapsed undo", req.session_id)
        return lapsed


async def setup(bot: BoardGameBot) -> None:
    bot.add_dynamic_items(UndoButton, UndoAnswerButton)
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):
        group.add_command(game_undo)
    await bot.add_cog(UndoCog(bot, tick_seconds=getattr(bot, "clock_tick_seconds", 30.0)))
