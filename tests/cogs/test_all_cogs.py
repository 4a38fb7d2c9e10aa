"""Checks over every cog: the lobby offers exactly the games that have a loaded cog."""

from __future__ import annotations

from bot import EXTENSIONS
from cogs.lobby import GAME_CHOICES
from rules import GAMES


def test_lobby_offers_only_games_with_a_cog() -> None:
    """A game whose engine exists but has no cog yet plays in local mode only, never in a lobby."""
    offered = {c.value for c in GAME_CHOICES}
    assert offered <= set(GAMES)
    assert offered == {name for name in GAMES if f"cogs.{name}" in EXTENSIONS}


SERVICE_COGS = {"lobby", "clocks", "league", "health", "undo", "rules"}
"""Extensions that are not games: the /game lobby, the reminder loop and /prefs, the league, /health, undo,
/rules."""


def test_every_loaded_cog_is_a_game_or_a_service() -> None:
    for ext in EXTENSIONS:
        name = ext.removeprefix("cogs.")
        assert name in GAMES or name in SERVICE_COGS, f"{ext} is loaded but is not a registered game"
