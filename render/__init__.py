"""Pillow renderers, one module per game: ``render(view, *, viewer_seat=None, scale=1.0) -> bytes``."""

from __future__ import annotations

import importlib
from collections.abc import Callable

Renderer = Callable[..., bytes]


def get_renderer(game: str) -> Renderer:
    """The ``render`` function of ``render/<game>.py``."""
    return importlib.import_module(f"render.{game}").render  # type: ignore[no-any-return]
