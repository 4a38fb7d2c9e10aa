"""Move controls built from ``legal_actions``: labels in the reader's language, one button per move when
they fit, else selects of 25 (``action_view``, ``add_selects``)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, NamedTuple

import discord

from cogs._components import ActButton, ActSelect
from host.sessions import Session
from i18n import DEFAULT_LANG, t
from i18n import text as words

log = logging.getLogger(__name__)

MAX_BUTTONS = 20  # 4 rows of 5; the fifth row is kept for navigation
SELECT_LIMIT = 25  # Discord's cap on options in one select


def action_label(session: Session, action: Any, lang: str = DEFAULT_LANG) -> str:
    """A move's button or select label in ``lang`` (a seat it names by its player's display name)."""
    game = session.game
    described = game.describe_action(action)
    names = [s.name for s in session.seats]
    try:
        return words.action_text(lang, session.record.game, action, fallback=described, names=names) or described
    except Exception:  # a missing word must not take the board's controls away
        log.exception("game %s: action %r could not be put into %s", session.record.game, action, lang)
        return described


def action_view(
    session: Session,
    seat: int,
    *,
    group: Callable[..., str | None] | None = None,
    lang: str = DEFAULT_LANG,
) -> discord.ui.View | None:
    """Move controls for ``seat``, labelled in ``lang``: one button per legal action when they fit,
    else selects of 25.

    ``group`` sends some actions to a select menu of their own instead of buttons: called
    ``group(action, lang)``, it returns that menu's placeholder (e.g. "Use a god to take…") or None
    for a button (called as ``group(action, lang)``).
    """
    game = session.game
    actions = game.legal_actions(session.state, seat)
    if not actions:
        return None
    menus: dict[str, list[Any]] = {}
    plain: list[Any] = []
    for action in actions:
        key = group(action, lang) if group is not None else None
        (menus.setdefault(key, []) if key else plain).append(action)
    if len(plain) > MAX_BUTTONS:
        menus = {t(lang, "game.menu.choose"): actions}
        plain = []
    view = discord.ui.View(timeout=None)
    for action in plain:
        code = game.encode_action(action)
        view.add_item(ActButton(session.id, session.version, code, action_label(session, action, lang)))
    labelled = {
        placeholder: [(action_label(session, a, lang), game.encode_action(a)) for a in chosen]
        for placeholder, chosen in menus.items()
    }
    add_selects(view, session, labelled, buttons=len(plain), lang=lang)
    return view


PAGE_PREFIX = "~"  # a select option whose value starts so turns the page; move codes never contain "~"
PAGE_SIZE = SELECT_LIMIT - 1  # when moves are paged, each select keeps one option for "more…" / "previous"
PAGED_ROWS = 5  # a page of moves shown alone (the ephemeral pager) has all five rows for selects


class Chunk(NamedTuple):
    """One select's worth of moves: its placeholder and (label, code) options."""

    placeholder: str
    moves: list[tuple[str, str]]


def chunks(menus: dict[str, list[tuple[str, str]]], size: int) -> list[Chunk]:
    """Each menu cut into selects of ``size`` options, numbered "(1)", "(2)"… when a menu needs several."""
    out = []
    for placeholder, moves in menus.items():
        for start in range(0, len(moves), size):
            more = f" ({start // size + 1})" if len(moves) > size else ""
            out.append(Chunk(placeholder + more, moves[start : start + size]))
    return out


def add_selects(
    view: discord.ui.View,
    session: Session,
    menus: dict[str, list[tuple[str, str]]],
    *,
    buttons: int,
    first: int = 0,
    lang: str = DEFAULT_LANG,
) -> None:
    """Add a select per 25 (label, code) moves of each menu, in the rows ``buttons`` leave free.

    When they do not all fit, the selects are paged: the last one ends with "More moves…" and a later
    page starts with "Previous moves", options that open (``page_moves``) the selects from chunk
    ``first`` on, so every legal move stays reachable whatever its count. ``view.menus`` keeps the whole
    list for the pager."""
    view.menus = menus  # type: ignore[attr-defined]  # read back by page_moves to rebuild another page
    rows = 5 - (buttons + 4) // 5  # a message has five rows; a select fills one
    whole = chunks(menus, SELECT_LIMIT)
    if len(whole) <= rows and first == 0:
        for row, chunk in enumerate(whole):
            view.add_item(ActSelect(session.id, session.version, row, _options(chunk.moves),
                                    placeholder=chunk.placeholder))
        return
    paged = chunks(menus, PAGE_SIZE)
    total = sum(len(c.moves) for c in paged)
    shown = paged[first : first + rows]
    for row, chunk in enumerate(shown):
        options = _options(chunk.moves)
        if row == 0 and first > 0:
            back = max(0, first - PAGED_ROWS)
            options.insert(0, discord.SelectOption(
                label=t(lang, "game.menu.previous"), value=f"{PAGE_PREFIX}{back}", emoji="⬅️"))
        if row == len(shown) - 1 and first + rows < len(paged):
            done = sum(len(c.moves) for c in paged[: first + rows])
            options.append(discord.SelectOption(
                label=t(lang, "game.menu.more", left=total - done), value=f"{PAGE_PREFIX}{first + rows}", emoji="➡️"))
        view.add_item(ActSelect(session.id, session.version, row, options, placeholder=chunk.placeholder))


def _options(moves: list[tuple[str, str]]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=label[:100], value=code) for label, code in moves]


def paged_view(session: Session, menus: dict[str, list[tuple[str, str]]], first: int, lang: str) -> discord.ui.View:
    """The selects from chunk ``first`` on, alone on a message (the pager's ephemeral reply)."""
    view = discord.ui.View(timeout=None)
    add_selects(view, session, menus, buttons=0, first=first, lang=lang)
    return view
