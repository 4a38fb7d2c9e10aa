"""Catching "tofu": text drawn with a font that lacks its glyphs (empty boxes on the picture)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from functools import cache

from PIL import ImageDraw, ImageFont

from render._draw import TextFont, coverage, stamps

_MISSING = "\U0010fffd"  # a private-use code point no font here has: its mask is the .notdef box


@cache
def _notdef(font: ImageFont.FreeTypeFont) -> bytes:
    return bytes(font.getmask(_MISSING))


def missing_glyphs(font: ImageFont.FreeTypeFont, text: str) -> list[str]:
    """Characters of ``text`` the font that actually draws it would show as the .notdef box."""
    target = font.for_text(text) if isinstance(font, TextFont) else font
    runs = font.runs(target, text) if isinstance(font, TextFont) else None
    if runs is not None:  # drawn run by run, each run in a font that has its characters
        return sorted({ch for name, run in runs for ch in run if not ch.isspace() and ord(ch) not in coverage(name)
                       and not 0xFE00 <= ord(ch) <= 0xFE0F})
    return sorted({ch for ch in text if not ch.isspace() and bytes(target.getmask(ch)) == _notdef(target)})


@contextlib.contextmanager
def recording_text() -> Iterator[list[tuple[str, ImageFont.FreeTypeFont]]]:
    """Record every (text, font) drawn with ImageDraw.text while the block runs."""
    drawn: list[tuple[str, ImageFont.FreeTypeFont]] = []
    original = ImageDraw.ImageDraw.text
    stamps.clear()  # a board's cached parts are pasted without drawing their text: draw them all anew

    def spy(self, xy, text, fill=None, font=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(text, str) and font is not None:
            drawn.append((text, font))
        return original(self, xy, text, fill, font, *args, **kwargs)

    ImageDraw.ImageDraw.text = spy  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]


def tofu(drawn: list[tuple[str, ImageFont.FreeTypeFont]]) -> list[str]:
    """Each drawn string with characters its font lacks, for an assertion message."""
    return [f"{text!r}: {''.join(chars)!r}" for text, font in drawn if (chars := missing_glyphs(font, text))]
