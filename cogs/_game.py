"""What every game cog shares: announcing a stored outcome, and generic move buttons.

A game cog subclasses ``GameCog`` and sets ``game_name`` and ``renderer``; sequential games then work
with the generic ``ActButton``/``ActSelect`` controls built from ``legal_actions``. Games with
secret simultaneous moves (Imperium) override ``public_controls`` and ``private_prompts``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord.ext import commands

from cogs._common import bot_of, clip, mention, png_file, reply, reply_error, safe_dm
from cogs.clocks import clock_lines
from host.errors import SessionNotFound, StaleVersion
from host.records import OPEN_STATUSES
from host.sessions import Outcome, Session
from rules import GAMES

if TYPE_CHECKING:
    from bot import BoardGameBot

log = logging.getLogger(__name__)

MAX_BUTTONS = 20  # 4 rows of 5; the fifth row is kept for navigation
SELECT_LIMIT = 25  # Discord's cap on options in one select


class GameCog(commands.Cog):
    """Base class of the per-game cogs."""

    game_name: ClassVar[str]
    renderer: ClassVar[Callable[..., bytes]]

    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.game_cogs[self.game_name] = self

    async def cog_unload(self) -> None:
        self.bot.game_cogs.pop(self.game_name, None)

    # ---------------------------------------------------------------- hooks

    def render(self, session: Session, viewer: int | None = None) -> bytes:
        return type(self).renderer(session.view(viewer), viewer_seat=viewer)

    def pictures(self, session: Session, viewer: int | None = None) -> list[discord.File]:
        """The board as attachments; a game too dense for one picture (Barrage) returns several."""
        return [png_file(self.render(session, viewer), f"{self.game_name}-{session.version}.png")]

    def public_controls(self, session: Session) -> discord.ui.View | None:
        """Buttons (or selects) for the one human seat to act, from its legal actions."""
        acting = [s for s in session.to_act() if not session.seats[s].is_ai]
        if len(acting) != 1:
            return None
        return action_view(session, acting[0])

    async def private_prompts(self, session: Session, outcome: Outcome | None) -> None:
        """Send hidden-move prompts by DM; sequential games need none."""

    async def prompt_by_dm(
        self,
        session: Session,
        prompt: Callable[[int], tuple[str, discord.ui.View | None]],
        fallback: str,
        *,
        tell_closed: bool = True,
    ) -> None:
        """DM every human who must act ``prompt(seat)`` (text, controls); name in the thread those whose
        DMs are closed, followed by ``fallback`` (where else to act), unless ``tell_closed`` is False."""
        closed = []
        for seat in sorted(session.to_act()):
            info = session.seats[seat]
            if info.is_ai or info.user_id is None:
                continue
            text, view = prompt(seat)
            if not await safe_dm(self.bot, info.user_id, text, view=view):
                closed.append(mention(info.user_id, info.name))
        if closed and tell_closed:
            channel = await self.thread_of(session)
            if channel is not None:
                await channel.send(clip(f"📪 {', '.join(closed)}: I can't DM you. {fallback}"))

    def board_needed(self, outcome: Outcome | None) -> bool:
        """Whether this outcome changed the public picture (a secret choice does not)."""
        return True

    # ---------------------------------------------------------------- announcing

    async def thread_of(self, session: Session) -> discord.abc.Messageable | None:
        channel_id = session.record.thread_id or session.record.channel_id
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("game %s: channel %s is gone", session.id, channel_id)
                return None
        return channel  # type: ignore[return-value]

    def status_lines(self, session: Session) -> list[str]:
        """Whose turn it is (with mentions), or the final standings."""
        result = session.result()
        seats = session.seats
        if result is not None:
            order = sorted(range(len(seats)), key=lambda s: (result.ranks[s], s))
            lines = ["🏁 **Game over.** Final standings:"]
            for s in order:
                lines.append(
                    f"{result.ranks[s]}. {mention(seats[s].user_id, seats[s].name)} — {result.scores[s]}"
                )
            if result.note:
                lines.append(result.note)
            return lines
        acting = sorted(session.to_act())
        if not acting:
            return []
        names = ", ".join(mention(seats[s].user_id, seats[s].name) for s in acting)
        return [f"➡️ To play: {names}", *clock_lines(session, self.bot.host.clock())]

    async def rating_lines(self, session: Session) -> list[str]:
        """How the league ratings moved in a finished game (nothing if it was not rated)."""
        league = getattr(self.bot, "league", None)
        if league is None:
            return []
        try:
            rows = await league.game_rows(session.record.guild_id, session.id)
        except Exception:
            log.exception("game %s: could not read its ratings", session.id)
            return []
        moved = [f"{r.name} {r.after.ordinal:.1f} ({r.change:+.1f})" for r in rows
                 if r.rated and r.after is not None and r.change is not None]
        return [f"📈 Ratings: {', '.join(moved)}"] if moved else []

    def public_lines(self, outcome: Outcome | None) -> list[str]:
        if outcome is None:
            return []
        lines = []
        for step in outcome.steps:
            lines.extend(e.text for e in step.events if e.to is None)
        return lines

    async def announce(
        self, session: Session, outcome: Outcome | None = None, *, force_board: bool = False
    ) -> None:
        """Post what happened, the board and whose turn it is; then the private prompts.

        Called only after the host has stored the outcome, so a failure here loses nothing:
        ``/game status`` re-posts the board at any time.
        """
        channel = await self.thread_of(session)
        if channel is None:
            return
        lines = self.public_lines(outcome)
        with_board = force_board or self.board_needed(outcome) or session.result() is not None
        if with_board:
            lines += self.status_lines(session)
        if session.result() is not None:
            lines += await self.rating_lines(session)
        content = clip("\n".join(lines) or "\u200b")
        try:
            if with_board:
                files = await asyncio.to_thread(self.pictures, session, None)
                controls = self.public_controls(session)
                kwargs: dict[str, Any] = {"files": files}
                if controls is not None:
                    kwargs["view"] = controls
                message = await channel.send(content, **kwargs)
                await self._retire_previous(session, channel)
                await self.bot.host.set_messages(session.id, message_id=message.id)
            else:
                await channel.send(content)
        except discord.HTTPException as exc:
            log.warning("game %s: announcement failed: %s", session.id, exc)
        await self.private_prompts(session, outcome)

    async def _retire_previous(self, session: Session, channel: discord.abc.Messageable) -> None:
        """Strip the buttons from the previous board so only the newest one is clickable."""
        old = session.record.message_id
        if old is None or not hasattr(channel, "get_partial_message"):
            return
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(old).edit(view=None)  # type: ignore[attr-defined]

    async def after_submit(self, interaction: discord.Interaction, outcome: Outcome) -> None:
        """Announce the result of a player's move (duplicates were already announced)."""
        if outcome.duplicate:
            return
        fresh = await self.bot.host.get(outcome.session.id)
        await self.announce(fresh, outcome)


# ---------------------------------------------------------------- generic controls


def action_view(
    session: Session, seat: int, *, group: Callable[[Any], str | None] | None = None
) -> discord.ui.View | None:
    """Move controls for ``seat``: one button per legal action when they fit, else selects of 25.

    ``group`` sends some actions to a select menu of their own instead of buttons: it returns that
    menu's placeholder (e.g. "Use a god to take…") or None for a button.
    """
    game = session.game
    actions = game.legal_actions(session.state, seat)
    if not actions:
        return None
    menus: dict[str, list[Any]] = {}
    plain: list[Any] = []
    for action in actions:
        key = group(action) if group is not None else None
        (menus.setdefault(key, []) if key else plain).append(action)
    if len(plain) > MAX_BUTTONS:
        menus = {"Choose a move": actions}
        plain = []
    view = discord.ui.View(timeout=None)
    for action in plain:
        code = game.encode_action(action)
        view.add_item(ActButton(session.id, session.version, code, game.describe_action(action)))
    labelled = {
        placeholder: [(game.describe_action(a), game.encode_action(a)) for a in chosen]
        for placeholder, chosen in menus.items()
    }
    add_selects(view, session, labelled, buttons=len(plain))
    return view


def add_selects(
    view: discord.ui.View, session: Session, menus: dict[str, list[tuple[str, str]]], *, buttons: int
) -> None:
    """Add a select (pages of 25) per menu of (label, code) moves, in the rows ``buttons`` leave free."""
    free_rows = 5 - (buttons + 4) // 5  # a message has five rows; a select fills one
    page = 0
    for placeholder, moves in menus.items():
        for start in range(0, len(moves), SELECT_LIMIT):
            if page >= free_rows:
                return
            chunk = moves[start : start + SELECT_LIMIT]
            options = [discord.SelectOption(label=label[:100], value=code) for label, code in chunk]
            more = f" ({start // SELECT_LIMIT + 1})" if len(moves) > SELECT_LIMIT else ""
            view.add_item(ActSelect(session.id, session.version, page, options, placeholder=placeholder + more))
            page += 1


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"act:(?P<sid>[0-9a-f]{1,16}):(?P<ver>[0-9]{1,9}):(?P<code>[A-Za-z0-9._-]{1,60})",
):
    """A move button; the custom_id carries session, version and the action's code."""

    def __init__(self, sid: str, version: int, code: str, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"act:{sid}:{version}:{code}"
            )
        )
        self.sid, self.version, self.code = sid, version, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> ActButton:
        return cls(match["sid"], int(match["ver"]), match["code"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await submit_from_interaction(interaction, self.sid, self.code, self.version)


class ActSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"acts:(?P<sid>[0-9a-f]{1,16}):(?P<ver>[0-9]{1,9}):(?P<page>[0-9])",
):
    """A page of moves in a select, for turns with more moves than buttons."""

    def __init__(
        self,
        sid: str,
        version: int,
        page: int,
        options: list[discord.SelectOption] | None = None,
        *,
        placeholder: str = "Choose a move",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"acts:{sid}:{version}:{page}",
                placeholder=placeholder[:150],
                options=options or [discord.SelectOption(label="…", value="-")],
            )
        )
        self.sid, self.version = sid, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> ActSelect:
        return cls(match["sid"], int(match["ver"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        if len(values) != 1 or not isinstance(values[0], str):
            await reply(interaction, "⚠️ Choose exactly one move.")
            return
        await submit_from_interaction(interaction, self.sid, values[0], self.version)


async def submit_from_interaction(
    interaction: discord.Interaction, sid: str, action: Any, version: int | None
) -> Outcome | None:
    """defer → host.submit → announce; any rejection becomes an ephemeral reply and changes nothing."""
    bot = bot_of(interaction)
    try:
        await interaction.response.defer()
        outcome = await bot.host.submit(
            sid, interaction.user.id, action, expected_version=version, interaction_id=interaction.id
        )
    except StaleVersion as exc:
        await show_current_board(interaction, sid, f"⚠️ {exc}")
        return None
    except Exception as exc:
        await reply_error(interaction, exc)
        return None
    cog = bot.game_cogs.get(outcome.session.record.game)
    if cog is not None:
        await cog.after_submit(interaction, outcome)
    return outcome


async def show_current_board(interaction: discord.Interaction, sid: str, note: str) -> None:
    """Ephemerally show the board as it is now, with the controls of this user's seat."""
    bot = bot_of(interaction)
    try:
        session = await bot.host.get(sid)
    except Exception as exc:
        await reply_error(interaction, exc)
        return
    cog = bot.game_cogs.get(session.record.game)
    if cog is None or session.state is None:
        await reply(interaction, f"⚠️ {note}")
        return
    seat = session.seat_of(interaction.user.id)
    kwargs: dict[str, Any] = {"files": await asyncio.to_thread(cog.pictures, session, seat)}
    lines = [note, *cog.status_lines(session)]
    await reply(interaction, clip("\n".join(lines)), **kwargs)


async def session_here(
    bot: BoardGameBot, interaction: discord.Interaction, game_id: str | None, *, game: str | None = None
) -> Session:
    """The game named by id, else the one whose thread this is (finished or not), else the one open game here.

    ``game`` restricts the search to one kind of game (``/ra status`` only looks for Ra games).
    """
    host = bot.host
    title = GAMES[game].info.title if game else "open"
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
            raise SessionNotFound(f"There is no {title} game here. Give its id (see /game list).")
        else:
            raise SessionNotFound(f"Several {title} games are open here; give the id (see /game list).")
    if session.record.guild_id != (interaction.guild_id or 0) and session.seat_of(interaction.user.id) is None:
        raise SessionNotFound("That game belongs to another server.")
    if game is not None and session.record.game != game:
        raise SessionNotFound(f"Game `{session.id}` is not a {GAMES[game].info.title} game.")
    return session
