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


def test_every_game_cog_is_loaded() -> None:
    for ext in EXTENSIONS:
        name = ext.removeprefix("cogs.")
        assert name in GAMES or name == "lobby", f"{ext} is loaded but is not a registered game"
