"""Pillow renderers, one module per game: ``render(view, *, viewer_seat=None, scale=1.0) -> bytes``."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import Any

from i18n.seats import names_of, seat_names

Renderer = Callable[..., bytes]


def get_renderer(game: str) -> Renderer:
    """The ``render`` function of ``render/<game>.py``, naming seats by the view's display names."""
    return named(importlib.import_module(f"render.{game}").render)


def named(renderer: Renderer) -> Renderer:
    """``renderer`` drawing every seat by the players' names the view carries (``view["names"]``), so a
    picture says "Ann" where the engine says "Player 1"."""

    @functools.wraps(renderer)
    def draw(view: dict[str, Any], *args: Any, **kwargs: Any) -> bytes:
        with seat_names(names_of(view)):
            return renderer(view, *args, **kwargs)

    return draw
