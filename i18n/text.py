"""Words for what the engines report: events, actions and rule errors, per game.

Engines stay English-only and pure: an ``Event`` carries ``kind`` and ``data``, a ``RulesError``
carries ``fields`` (with ``key``, the catalogue key of its message). Each game has a module
``i18n/<game>.py`` with ``event_text(lang, event)`` and ``action_text(lang, action)`` (and, if its
errors name game things by id, ``error_fields(lang, fields)``); this module finds it, so cogs and the
replay captions need no per-game code.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import Any

from i18n import MissingKey, has, t
from i18n.seats import seat_name, seat_names
from rules import GAMES
from rules.base import Event, RulesError

FIELD_ERRORS = (KeyError, IndexError, TypeError, ValueError, AttributeError, MissingKey)
"""What filling a message from an event's data or an error's fields can raise when a field is missing
or malformed (an old stored event, a forged input): the caller falls back to the English text."""


@cache
def game_module(game: str) -> ModuleType | None:
    """``i18n.<game>`` (None for a game without one yet: its English engine text is shown)."""
    try:
        return importlib.import_module(f"i18n.{game}")
    except ModuleNotFoundError:
        return None


def game_title(lang: str, game: str) -> str:
    """A game's name in ``lang`` (its catalogue ``<game>.title``), else the engine's English title."""
    key = f"{game}.title"
    if has(lang, key):
        return t(lang, key)
    return GAMES[game].info.title if game in GAMES else game


def event_text(lang: str, game: str, event: Event, names: Sequence[str] | None = None) -> str:
    """An event in ``lang``, naming seats by the players' display ``names`` (seat order) if given."""
    module = game_module(game)
    if module is None:
        return event.text
    with seat_names(names):
        return module.event_text(lang, event)


def action_text(lang: str, game: str, action: Any, fallback: str = "", names: Sequence[str] | None = None) -> str:
    """A button or select label for one of the game's actions (a seat it names by its display name)."""
    module = game_module(game)
    if module is None:
        return fallback
    with seat_names(names):
        return module.action_text(lang, action)


def error_text(lang: str, exc: RulesError) -> str:
    """A rule error for a player: its catalogue message, or the engine's English sentence."""
    key = exc.fields.get("key")
    if isinstance(key, str) and has(lang, key):
        params = {k: v for k, v in exc.fields.items() if k != "key"}
        if isinstance(params.get("turn"), int):  # whose turn it is (1-based), by name
            params["turn_name"] = seat_name(lang, params["turn"] - 1)
        module = game_module(key.split(".", 1)[0])
        try:
            if module is not None and hasattr(module, "error_fields"):
                params = module.error_fields(lang, params)  # ids → names in the language (a tile's name)
            return t(lang, key, **params)
        except FIELD_ERRORS:  # a field the message needs is missing or of another shape
            pass
    return exc.reason


def result_note(lang: str, game: str, note: str, view: dict[str, Any]) -> str:
    """``Result.note`` (ties, a dummy's score) in ``lang``: the game's ``note_text(lang, note, view)``."""
    module = game_module(game)
    note_text = getattr(module, "note_text", None)
    return note_text(lang, note, view) if note_text is not None else note
