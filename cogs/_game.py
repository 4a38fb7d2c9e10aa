"""What every game cog shares: announcing a stored outcome, and generic move buttons.

A game cog subclasses ``GameCog`` and sets ``game_name`` and ``renderer``; sequential games then work
with the generic ``ActButton``/``ActSelect`` controls built from ``legal_actions``. Games with
secret simultaneous moves (Imperium) override ``public_controls`` and ``private_prompts``.
The move controls live beside this module, one kind of thing each: ``cogs._moves`` (building them from the
legal moves), ``cogs._components`` (the persistent buttons and selects), ``cogs._submit`` (a click to the
host and back); they are re-exported here, so ``from cogs._game import ActButton`` keeps working.

Words come from the ``game`` catalogue and the game's own module (i18n/text.py): what the thread
shows (the board, its buttons, events, whose turn) is in the server's language (``public_lang``),
what one user sees (``/game status``, ephemeral replies) in theirs (``lang_of``). Every hook and
renderer takes the language as a keyword ``lang``.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, ParamSpec, TypeVar

import discord
from discord.ext import commands

from cogs._common import (
    MAX_CONTENT,
    answer_first,
    call_with_retry,
    clip,
    dms_closed,
    mention,
    metrics_of,
    png_file,
    refusal,
    safe_dm,
    send_with_retry,
)
from cogs._components import ActButton, ActSelect
from cogs._lang import dm_lang, public_lang
from cogs._moves import MAX_BUTTONS, SELECT_LIMIT, action_label, action_view, add_selects, paged_view
from cogs._submit import show_current_board, submit_from_interaction
from cogs.clocks import clock_lines
from cogs.undo import with_undo
from host import compute, tasks
from host.compute import ComputeFailed
from host.errors import SessionNotFound
from host.history import export_game
from host.records import OPEN_STATUSES
from host.sessions import Outcome, Session
from i18n import DEFAULT_LANG, t
from i18n import text as words
from rules.base import Event, Result

if TYPE_CHECKING:
    from cogs._bot import BoardGameBot


log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

DRAW_DEADLINE = 20.0
"""Seconds a worker may take for one picture task before it is killed and the picture drawn again
(a Barrage board takes a fraction of a second; a queue of them behind a busy pool counts too)."""
SUMMARY_DEADLINE = 60.0
"""Seconds a worker may take to replay a finished game and draw its summary picture."""
FETCHED_KEPT = 1000  # fetched game threads remembered per game cog
FIRST_HINT_FLAG = "first_hint."
"""A user flag per game kind (``first_hint.ra``): the first-time hint was given (its value: in which game)."""


class GameCog(commands.Cog):
    """Base class of the per-game cogs."""

    game_name: ClassVar[str]
    first_hint_key: ClassVar[str]
    """The catalogue key of the one line telling a first-time player what this game's buttons do."""
    renderer: ClassVar[Callable[..., bytes]]
    """The game's main renderer (what render.get_renderer gives); the pool draws through host/tasks.py."""
    retire_boards: ClassVar[bool] = True
    """Whether a new board takes the controls off the previous one (``_retire_previous``)."""

    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot
        self._fetched: dict[int, Any] = {}
        """Channels and threads fetched because discord.py's cache did not have them (oldest first)."""
        self._board_events: dict[str, tuple[int, list[str]]] = {}
        """Game → its current board message and the lines saying what happened on it, while that
        board is the newest message this process posted in the thread (``_edit_board``)."""
        self._bare_boards: dict[str, int] = {}
        self._prompted: dict[str, set[int]] = {}
        """Game → the users already prompted in it by this process: the first-time hint comes once."""
        """Game → its current board message, when that board was posted without controls. Only such a
        board needs no edit to retire it; after a restart nothing is known and boards are retired."""

    async def cog_load(self) -> None:
        self.bot.game_cogs[self.game_name] = self

    async def cog_unload(self) -> None:
        self.bot.game_cogs.pop(self.game_name, None)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:  # type: ignore[override]
        # Every command of a game (/ra status, /imperium choose, ...) answers its user privately:
        # acknowledge it before reading the game or drawing it.
        return await answer_first(interaction)

    # ---------------------------------------------------------------- hooks

    async def pictures(
        self, session: Session, viewer: int | None = None, lang: str = DEFAULT_LANG
    ) -> list[discord.File]:
        """The board as ``viewer`` sees it, drawn in the compute pool (host/tasks.py board_pictures; Barrage
        gives two pictures). Empty when no worker could draw it: the caller posts a text-only board."""
        drawn = await in_pool(self.bot, tasks.board_pictures, session.record.game, session.view(viewer), viewer,
                              lang, what=f"game {session.id}: board {session.version}")
        return [png_file(png, f"{self.game_name}-{session.version}{suffix}.png") for suffix, png in drawn or ()]

    async def first_time_lines(self, session: Session, lang: str = DEFAULT_LANG) -> list[str]:
        """One line on what the buttons do (``first_hint_key``) for each human to act now at their first
        prompt in this game who has never sat in a game of this kind before and was never told (store
        queries, once per player and game in a process; the user flag ``FIRST_HINT_FLAG + game`` names
        the game they were told in); nothing for everyone else."""
        if session.result() is not None:
            self._prompted.pop(session.id, None)  # the game is over: nobody will be prompted in it again
            return []
        prompted = self._prompted.setdefault(session.id, set())
        lines = []
        for seat in sorted(session.to_act()):
            info = session.seats[seat]
            if info.is_ai or info.user_id is None or info.user_id in prompted:
                continue
            prompted.add(info.user_id)
            store, told = self.bot.host.store, FIRST_HINT_FLAG + session.record.game
            try:  # told once, ever: the store remembers it across restarts (the set above is this process's)
                before = await store.user_flag(info.user_id, told) is not None or await store.played_before(
                    info.user_id, session.record.game, besides=session.id, until=session.record.created_at)
                if not before:
                    await store.set_user_flag(info.user_id, told, session.id)
            except Exception:  # a hint is not worth a failed announcement
                log.exception("game %s: could not tell whether %s played before", session.id, info.user_id)
                continue
            if not before:
                lines.append(t(lang, self.first_hint_key, player=mention(info.user_id, info.name)))
        return lines

    async def summary_files(self, session: Session, lang: str = DEFAULT_LANG) -> list[discord.File]:
        """A finished game's end-of-game summary picture (issue 19), drawn in the compute pool from the
        export ``/game replay`` uses, so it shows only what the finished game makes public. Empty when it
        cannot be drawn: the result is posted without it."""
        try:
            data = await export_game(self.bot.host, session.id)
        except Exception as exc:  # a damaged log: the replay and export say so; the result stands
            log.warning("game %s: no summary picture: %s", session.id, exc)
            return []
        png = await in_pool(self.bot, tasks.summary_picture, data, lang, what=f"game {session.id}: summary",
                            deadline=SUMMARY_DEADLINE)
        return [png_file(png, f"{self.game_name}-{session.id}-summary.png")] if png is not None else []

    def public_controls(self, session: Session, lang: str = DEFAULT_LANG) -> discord.ui.View | None:
        """Buttons (or selects) for the one human seat to act, from its legal actions."""
        acting = [s for s in session.to_act() if not session.seats[s].is_ai]
        if len(acting) != 1:
            return None
        return action_view(session, acting[0], lang=lang)

    def move_page(self, session: Session, first: int, lang: str = DEFAULT_LANG) -> discord.ui.View | None:
        """The board's move selects from chunk ``first`` on, alone (the "More moves…" pager), or None when
        the board's controls are not paged selects."""
        menus = getattr(self.public_controls(session, lang=lang), "menus", None)
        return paged_view(session, menus, first, lang) if menus else None

    async def private_prompts(self, session: Session, outcome: Outcome | None) -> None:
        """Send hidden-move prompts by DM; sequential games need none."""

    def edit_in_place(self, session: Session, outcome: Outcome) -> bool:
        """Whether this move's board may replace the current board in its message instead of being
        posted below it (``_edit_board``): the thread then reads the same, one request fewer. Only
        for moves whose next player is told by DM, since an edited mention notifies nobody."""
        return False

    async def prompt_by_dm(
        self,
        session: Session,
        prompt: Callable[[int, str], tuple[str, discord.ui.View | None]],
        fallback_key: str,
        *,
        tell_closed: bool = True,
    ) -> None:
        """DM every human who must act ``prompt(seat, lang)`` (text, controls), each in their own language
        (looked up once per DM); name in the thread those whose DMs are closed, followed by the text of
        ``fallback_key`` (where else to act) in the server's language, unless ``tell_closed`` is False."""
        closed = []
        guild_id = session.record.guild_id or None
        for seat in sorted(session.to_act()):
            info = session.seats[seat]
            if info.is_ai or info.user_id is None:
                continue
            text, view = prompt(seat, await dm_lang(self.bot, info.user_id, guild_id))
            if not await safe_dm(self.bot, info.user_id, text, view=view):
                closed.append(mention(info.user_id, info.name))
        if closed and tell_closed:
            channel = await self.thread_of(session)
            if channel is not None:
                lang = await public_lang(self.bot, guild_id)
                note = t(lang, "game.dm.closed", who=t(lang, "common.word.comma").join(closed),
                         fallback=t(lang, fallback_key))
                self._board_events.pop(session.id, None)  # the board is no longer the newest message
                await send_with_retry(channel, clip(note), what=f"game {session.id}: DM fallback note",
                                      metrics=metrics_of(self.bot))

    def board_needed(self, outcome: Outcome | None) -> bool:
        """Whether this outcome changed the public picture (a secret choice does not)."""
        return True

    def result_note(self, session: Session, result: Result, lang: str = DEFAULT_LANG) -> str:
        """``Result.note`` (how ties were broken, ...) in ``lang``, through the game's i18n module."""
        if not result.note or lang == DEFAULT_LANG:
            return result.note
        try:
            return words.result_note(lang, self.game_name, result.note, session.view(None))
        except Exception:  # a missing word must not keep the final standings from being posted
            log.exception("game %s: the result note could not be put into %s", session.id, lang)
            return result.note

    # ---------------------------------------------------------------- announcing

    async def thread_of(self, session: Session) -> discord.abc.Messageable | None:
        channel_id = session.record.thread_id or session.record.channel_id
        channel = self.bot.get_channel(channel_id) or self._fetched.get(channel_id)
        if channel is None:
            try:
                channel = await call_with_retry(
                    lambda: self.bot.fetch_channel(channel_id), what=f"game {session.id}: fetch channel {channel_id}"
                )
            except (discord.NotFound, discord.Forbidden):
                log.warning("game %s: channel %s is gone", session.id, channel_id)
                return None
            except Exception as exc:
                log.warning("game %s: channel %s could not be fetched: %s", session.id, channel_id, exc)
                metrics_of(self.bot).record_error("discord_fetch")
                return None
            if channel is not None:
                # discord.py does not cache a thread it has not seen open (e.g. archived): keep it, so
                # the next move does not fetch it again. Sending to it un-archives it.
                self._fetched[channel_id] = channel
                if len(self._fetched) > FETCHED_KEPT:
                    self._fetched.pop(next(iter(self._fetched)))
        return channel  # type: ignore[return-value]

    def status_lines(self, session: Session, lang: str = DEFAULT_LANG) -> list[str]:
        """Whose turn it is (with mentions), or the final standings."""
        result = session.result()
        seats = session.seats
        if result is not None:
            order = sorted(range(len(seats)), key=lambda s: (result.ranks[s], s))
            lines = [t(lang, "game.over.header")]
            for s in order:
                lines.append(t(lang, "game.over.rank", rank=result.ranks[s],
                               player=mention(seats[s].user_id, seats[s].name), score=result.scores[s]))
            note = self.result_note(session, result, lang)
            if note:
                lines.append(note)
            return lines
        acting = sorted(session.to_act())
        if not acting:
            return []
        names = t(lang, "common.word.comma").join(mention(seats[s].user_id, seats[s].name) for s in acting)
        return [t(lang, "game.turn.to_play", names=names), *clock_lines(session, self.bot.host.clock(), lang=lang)]

    async def rating_lines(self, session: Session, lang: str = DEFAULT_LANG) -> list[str]:
        """How the league ratings moved in a finished game (nothing if it was not rated)."""
        league = getattr(self.bot, "league", None)
        if league is None:
            return []
        try:
            rows = await league.game_rows(session.record.guild_id, session.id)
        except Exception:
            log.exception("game %s: could not read its ratings", session.id)
            return []
        moved = [t(lang, "game.ratings.item", name=r.name, rating=r.after.ordinal, change=r.change) for r in rows
                 if r.rated and r.after is not None and r.change is not None]
        return [t(lang, "game.ratings.line", moved=t(lang, "common.word.comma").join(moved))] if moved else []

    def event_line(self, event: Event, lang: str = DEFAULT_LANG, names: Sequence[str] | None = None) -> str:
        """One event in ``lang``, through the game's i18n module (its English text when it has none),
        naming seats by the players' display ``names``."""
        try:
            return words.event_text(lang, self.game_name, event, names)
        except Exception:  # a missing word must not keep the move from being announced
            log.exception("game %s: event %r could not be put into %s", self.game_name, event.kind, lang)
            return event.text

    def public_lines(self, outcome: Outcome | None, lang: str = DEFAULT_LANG) -> list[str]:
        if outcome is None:
            return []
        lines = []
        names = [s.name for s in outcome.session.seats]
        for step in outcome.steps:
            lines.extend(self.event_line(e, lang, names) for e in step.events if e.to is None)
        return lines

    async def announce(
        self,
        session: Session,
        outcome: Outcome | None = None,
        *,
        force_board: bool = False,
        started: float | None = None,
        clicked: discord.Interaction | None = None,
    ) -> None:
        """Post what happened, the board and whose turn it is; then the private prompts.

        Called only after the host has stored the outcome, so a failure here loses nothing: sends
        are retried (cogs/_common.py) and ``/game status repost:true`` re-posts the board at any time.
        ``started`` (``time.perf_counter()`` when the player clicked) gives the move's latency;
        ``clicked`` is that click, answered with ``defer_update`` (see ``_retire_previous``).
        """
        channel = await self.thread_of(session)
        if channel is not None:
            lang = await public_lang(self.bot, session.record.guild_id)
            events = self.public_lines(outcome, lang)
            lines = list(events)
            with_board = force_board or self.board_needed(outcome) or session.result() is not None
            if with_board:
                lines += self.status_lines(session, lang=lang)
                # the hint goes with a prompt that shows the board, never on a bare "has chosen" note
                lines += await self.first_time_lines(session, lang)
            summary: list[discord.File] = []
            if session.result() is not None:
                lines += await self.rating_lines(session, lang)
                summary = await self.summary_files(session, lang)
                lines += [t(lang, "summary.posted")] if summary else []
            content = clip("\n".join(lines) or "\u200b")
            if with_board:
                if not await self._edit_board(session, channel, outcome, events, lines[len(events):], lang,
                                              extra=summary):
                    await self.post_board(session, channel, content, lang, clicked=clicked, events=events,
                                          extra=summary)
            else:
                self._board_events.pop(session.id, None)  # the board is no longer the newest message
                await send_with_retry(channel, content, what=f"game {session.id}: news",
                                      metrics=metrics_of(self.bot))
        if outcome is not None:
            self.note_moves(session, outcome, started)
        await self.private_prompts(session, outcome)

    async def post_board(
        self,
        session: Session,
        channel: discord.abc.Messageable,
        content: str,
        lang: str = DEFAULT_LANG,
        *,
        clicked: discord.Interaction | None = None,
        events: Sequence[str] = (),
        extra: Sequence[discord.File] = (),
    ) -> bool:
        """Post the public board with its controls (in the server's language ``lang``) and make it the
        game's current message; True if posted. ``events`` are the lines of ``content`` that say what
        happened (kept, should the next board be edited into this message); ``extra``: pictures posted
        after the board's (the end-of-game summary)."""
        files = [*await self.pictures(session, None, lang=lang), *extra]
        controls = with_undo(session, self.public_controls(session, lang=lang), lang)  # cogs/undo.py

        async def still_current() -> bool:
            # A newer move posts its own board; re-sending this one would put stale buttons below it.
            return (await self.bot.host.get(session.id)).version == session.version

        message = await send_with_retry(
            channel, content, what=f"game {session.id}: board {session.version}", files=files, view=controls,
            still_wanted=still_current, metrics=metrics_of(self.bot),
        )
        if message is None:
            return False
        await self._retire_previous(session, channel, clicked)
        self._remember_board(session.id, message.id, list(events), bare=controls is None)
        await self.bot.host.set_messages(session.id, message_id=message.id)
        return True

    def _remember_board(self, sid: str, message_id: int, events: list[str], *, bare: bool) -> None:
        self._board_events[sid] = (message_id, events)
        if bare:
            self._bare_boards[sid] = message_id
        else:
            self._bare_boards.pop(sid, None)

    async def _edit_board(
        self,
        session: Session,
        channel: discord.abc.Messageable,
        outcome: Outcome | None,
        events: list[str],
        status: list[str],
        lang: str,
        *,
        extra: Sequence[discord.File] = (),
    ) -> bool:
        """Edit the current board into this move's (``edit_in_place``), its earlier lines kept above
        the new ones; True if done. Not when the board is not the thread's newest message as far as
        this process knows (e.g. after a restart), when the text would grow too long, or when a human
        to act would not get the DM that notifies them."""
        known = self._board_events.get(session.id)
        if known is None or outcome is None or not self.edit_in_place(session, outcome):
            return False
        message_id, before = known
        if message_id != session.record.message_id or not hasattr(channel, "get_partial_message"):
            return False
        text = "\n".join([*before, *events, *status])
        if len(text) > MAX_CONTENT:
            return False
        for seat in session.to_act():
            info = session.seats[seat]
            if not info.is_ai and (info.user_id is None or await dms_closed(self.bot, info.user_id)):
                return False
        files = [*await self.pictures(session, None, lang=lang), *extra]
        controls = with_undo(session, self.public_controls(session, lang=lang), lang)  # cogs/undo.py
        try:
            await channel.get_partial_message(message_id).edit(  # type: ignore[attr-defined]
                content=text, attachments=files, view=controls)
        except discord.HTTPException as exc:
            log.info("game %s: the board could not be edited (%s); posting it", session.id, exc)
            return False
        self._remember_board(session.id, message_id, [*before, *events], bare=controls is None)
        return True

    async def repost_board(self, session: Session, by: str) -> bool:
        """Post the current board again in the game's thread (after Discord lost one); True if posted."""
        channel = await self.thread_of(session)
        if channel is None:
            return False
        lang = await public_lang(self.bot, session.record.guild_id)
        lines = [t(lang, "game.board.again", by=by), *self.status_lines(session, lang=lang)]
        return await self.post_board(session, channel, clip("\n".join(lines)), lang)

    def note_moves(self, session: Session, outcome: Outcome, started: float | None) -> None:
        """One log line and one metrics count per stored move; the player's own move gets the latency."""
        metrics = metrics_of(self.bot)
        latency_ms = (time.perf_counter() - started) * 1000 if started is not None else None
        for i, step in enumerate(outcome.steps):
            waited = latency_ms if i == 0 and not step.by_ai else None
            metrics.record_move(waited)
            fields: dict[str, Any] = {
                "session": session.id,
                "game": session.record.game,
                "guild": session.record.guild_id,
                "seat": step.seat,
                "version": step.version,
                "by": "ai" if step.by_ai else "player",
            }
            if waited is not None:
                fields["latency_ms"] = round(waited, 1)
            log.info("game %s: move %d by seat %d", session.id, step.version, step.seat, extra=fields)

    async def _retire_previous(
        self, session: Session, channel: discord.abc.Messageable, clicked: discord.Interaction | None = None
    ) -> None:
        """Strip the buttons from the previous board so only the newest one is clickable.

        A move clicked on that board retires it through the click's own answer (its original response
        is the clicked message), which is no extra request to Discord's rate-limited channel routes."""
        old = session.record.message_id
        if old is None or not self.retire_boards or not hasattr(channel, "get_partial_message"):
            return
        if self._bare_boards.get(session.id) == old:
            return  # posted without controls: nothing to take away, no request
        message = clicked.message if clicked is not None else None
        if clicked is not None and message is not None and message.id == old:
            try:
                await clicked.edit_original_response(view=None)
                return
            except discord.HTTPException as exc:  # e.g. the click's token expired: edit it directly
                log.info("game %s: the board could not be retired through the click: %s", session.id, exc)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(old).edit(view=None)  # type: ignore[attr-defined]

    async def after_submit(
        self, interaction: discord.Interaction, outcome: Outcome, *, started: float | None = None
    ) -> None:
        """Announce the result of a player's move (duplicates were already announced)."""
        if outcome.duplicate:
            return
        fresh = await self.bot.host.get(outcome.session.id)
        await self.announce(fresh, outcome, started=started, clicked=interaction)


async def in_pool(bot: Any, fn: Callable[P, T], *args: Any, what: str, deadline: float = DRAW_DEADLINE) -> T | None:
    """``fn(*args)`` in the bot's compute pool. A worker that dies or is late is replaced and the task
    sent again once (what it draws is already stored); then None, logged, and the caller goes on without
    it (a text-only board rather than a stuck game)."""
    pool = getattr(bot, "compute", None) or compute.pool()
    for attempt in (1, 2):
        try:
            return await pool.run(fn, *args, deadline=deadline)
        except ComputeFailed as exc:
            log.warning("%s: attempt %d failed (%s)", what, attempt, exc.kind)
    log.error("%s: no worker could draw it; going on without the picture", what)  # counted by /health
    return None



async def session_here(
    bot: BoardGameBot, interaction: discord.Interaction, game_id: str | None, *, game: str | None = None
) -> Session:
    """The game named by id, else the one whose thread this is (finished or not), else the one open game here.

    ``game`` restricts the search to one kind of game (``/ra status`` only looks for Ra games).
    """
    host = bot.host
    kind: dict[str, Any] = {"game": game} if game else {}
    if game_id:
        session = await host.get(game_id.strip().lower())
    else:
        here = [s for s in await host.sessions(channel_id=interaction.channel_id) if game in (None, s.record.game)]
        in_thread = [s for s in here if s.record.thread_id == interaction.channel_id]
        open_here = [s for s in here if s.status in OPEN_STATUSES]
        if len(in_thread) == 1:
            session = in_thread[0]
        elif len(open_here) == 1:
            session = open_here[0]
        elif not open_here:
            raise refusal(SessionNotFound, "game.error.none_here_of" if game else "game.error.none_here", **kind)
        else:
            raise refusal(SessionNotFound, "game.error.several_here_of" if game else "game.error.several_here", **kind)
    if session.record.guild_id != (interaction.guild_id or 0) and session.seat_of(interaction.user.id) is None:
        raise refusal(SessionNotFound, "game.error.other_server")
    if game is not None and session.record.game != game:
        raise refusal(SessionNotFound, "game.error.not_this_game", game_id=session.id, game=game)
    return session


# Re-exported: the game cogs and bot.py import the move controls from here, as before the split.
__all__ = [
    "MAX_BUTTONS",
    "SELECT_LIMIT",
    "ActButton",
    "ActSelect",
    "GameCog",
    "action_label",
    "action_view",
    "add_selects",
    "in_pool",
    "session_here",
    "show_current_board",
    "submit_from_interaction",
]
