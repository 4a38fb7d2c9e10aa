"""Move controls built from ``legal_actions``: labels in the reader's language, one button per move when
they fit, else selects of 25 (``action_view``, ``add_selects``)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from cogs._components import ActButton, ActSelect
from host.sessions import Session
from i18n import DEFAULT_LANG, t
from i18n import text as words

log = logging.getLogger(__name__)

MAX_BUTTONS = 20  # 4 rows of 5; the fifth row is kept for navigation
SELECT_LIMIT = 25  # Discord's cap on options in one select


def action_label(session: Session, action: Any, lang: str = DEFAULT_LANG) -> str:
    """A move's button or select label in ``lang`` (the engine's description in English)."""
    game = session.game
    described = game.describe_action(action)
    if lang == DEFAULT_LANG:
        return described
    try:
        return words.action_text(lang, session.record.game, action, fallback=described) or described
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
