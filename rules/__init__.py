"""Game engines, one package per game, and the registry the host looks games up in."""

from __future__ import annotations

import importlib
from typing import Any

from rules.base import Game, InvalidOption

_MODULES = ("imperium", "ra", "alhambra_dice", "barrage")
"""Adding a game = one package under rules/ exporting GAME (and AIS) + its name here."""

GAMES: dict[str, Game[Any, Any]] = {
    name: importlib.import_module(f"rules.{name}").GAME for name in _MODULES
}


def get_game(name: str) -> Game[Any, Any]:
    """The engine for ``name``; an unknown name raises InvalidOption listing the known games."""
    try:
        return GAMES[name]
    except KeyError:
        raise InvalidOption(
            f"Unknown game '{name}'. Known games: {', '.join(sorted(GAMES))}.", game=name
        ) from None
