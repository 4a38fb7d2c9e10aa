"""Drawing helpers shared by every renderer: fonts, the seat palette, PNG output.

Renderers are pure functions of a view dict; they never touch Discord or storage.
"""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render.palettes import palette

ASSETS = Path(__file__).parent / "assets"

# Seat colours: distinct, readable on the light board, and distinguishable with common
# colour-vision deficiencies (Okabe-Ito palette order).
SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermilion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
)
SEAT_COLOUR_NAMES: tuple[str, ...] = ("blue", "red", "green", "purple", "orange", "sky")

BACKGROUND = (246, 241, 228)
INK = (34, 34, 34)
MUTED = (120, 120, 120)
PANEL = (255, 252, 244)
HIGHLIGHT = (255, 214, 0)


CJK_FONT = "ipaexg.ttf"
"""IPAex Gothic (IPA Font License v1.0, see assets/IPA_Font_License.txt): kana, kanji and Latin."""
_CJK_FROM = 0x2E80
"""From here on (CJK radicals, kana, kanji, full-width forms) DejaVu Sans has no glyphs."""


def needs_cjk(text: str) -> bool:
    return any(ord(ch) >= _CJK_FROM and not 0xFE00 <= ord(ch) <= 0xFE0F for ch in text)


TEXT_CACHE_SIZE = 4096
"""Rendered strings kept per process (each a few kilobytes): most of a board's text is the same as on
the previous board, and rasterising it is a large share of a picture's CPU."""


@lru_cache(maxsize=TEXT_CACHE_SIZE)
def _mask(face: ImageFont.FreeTypeFont, text: str | bytes, args: tuple[Any, ...],
          kwargs: tuple[tuple[str, Any], ...]) -> tuple[Any, tuple[int, int]]:
    return ImageFont.FreeTypeFont.getmask2(face, text, *args, **dict(kwargs))


@lru_cache(maxsize=TEXT_CACHE_SIZE)
def _length(face: ImageFont.FreeTypeFont, text: str | bytes, args: tuple[Any, ...]) -> float:
    return ImageFont.FreeTypeFont.getlength(face, text, *args)


@lru_cache(maxsize=TEXT_CACHE_SIZE)
def _bbox(face: ImageFont.FreeTypeFont, text: str | bytes, args: tuple[Any, ...],
          kwargs: tuple[tuple[str, Any], ...]) -> tuple[float, float, float, float]:
    return ImageFont.FreeTypeFont.getbbox(face, text, *args, **dict(kwargs))


def _hashable(key: tuple[Any, ...]) -> bool:
    try:
        hash(key)
    except TypeError:  # e.g. a list of OpenType features: drawn uncached
        return False
    return True


_INK_AT = 6
"""Position of ``ink`` in getmask2's arguments after the text; ink only colours RGBA (emoji) masks."""


class TextFont(ImageFont.FreeTypeFont):
    """DejaVu Sans that hands a whole string to IPAex Gothic when it holds Japanese.

    Pillow draws a string with one font, so the choice is per string: Japanese text (and a player's
    name in kanji on an English board) gets the Japanese font, everything else keeps DejaVu's look.
    IPAex has no bold face: bold Japanese is drawn regular.

    Masks, lengths and boxes are cached per process (bounded LRU): the same mask Pillow would make,
    so cached text is pixel-identical to text drawn directly. RGBA masks are not cached because
    ImageDraw writes the ink's alpha into them.
    """

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size)
        self._cjk: ImageFont.FreeTypeFont | None = None

    def for_text(self, text: str | bytes) -> ImageFont.FreeTypeFont:
        if isinstance(text, str) and needs_cjk(text):
            if self._cjk is None:
                self._cjk = ImageFont.truetype(str(ASSETS / CJK_FONT), self.size)
            return self._cjk
        return self

    def getmask2(self, text, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        target = self.for_text(text)
        mode = args[0] if args else kwargs.get("mode", "")
        if mode != "RGBA":
            if len(args) > _INK_AT:
                args = (*args[:_INK_AT], 0, *args[_INK_AT + 1:])
            elif "ink" in kwargs:
                kwargs["ink"] = 0
            key = (text, args, tuple(sorted(kwargs.items())))
            if _hashable(key):
                return _mask(target, *key)
        return ImageFont.FreeTypeFont.getmask2(target, text, *args, **kwargs)

    def getbbox(self, text, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        key = (text, args, tuple(sorted(kwargs.items())))
        if _hashable(key):
            return _bbox(self.for_text(text), *key)
        return ImageFont.FreeTypeFont.getbbox(self.for_text(text), text, *args, **kwargs)

    def getlength(self, text, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        if not kwargs and _hashable((text, args)):
            return _length(self.for_text(text), text, args)
        return ImageFont.FreeTypeFont.getlength(self.for_text(text), text, *args, **kwargs)

    def getmask(self, text, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        target = self.for_text(text)
        return super().getmask(text, *args, **kwargs) if target is self else target.getmask(text, *args, **kwargs)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The project's shipped font at ``size`` pixels: DejaVu Sans, IPAex Gothic for Japanese strings."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return TextFont(str(ASSETS / name), size)


def ellipsize(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` as drawn in ``face``, cut with "…" to fit ``width`` pixels (display names and long
    lines; Japanese runs about twice as wide per character)."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


STAMP_CACHE_BYTES = 32 << 20
"""Memory for cached static parts of boards (frames, panels) per process: a few hundred parts."""


class Stamps:
    """Pixels of a board's parts that look the same from move to move, painted once and pasted after.

    ``paint`` draws the part at its place on the board, inside ``box`` and on plain BACKGROUND, as it
    would on the board itself, so a pasted copy is pixel-identical to painting it there (the part must
    be drawn before anything else overlaps ``box``). ``key`` names everything the part's look depends
    on. Bounded in bytes (least recently used out first) and safe to share between render threads."""

    def __init__(self, budget: int = STAMP_CACHE_BYTES) -> None:
        self.budget = budget
        self.used = 0
        self._crops: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._guard = threading.Lock()

    def __len__(self) -> int:
        return len(self._crops)

    def clear(self) -> None:
        with self._guard:
            self._crops.clear()
            self.used = 0

    def paste(self, image: Image.Image, box: tuple[int, int, int, int], key: Hashable,
              paint: Callable[[ImageDraw.ImageDraw], None]) -> None:
        full = (box, image.size, key)
        with self._guard:
            crop = self._crops.get(full)
            if crop is not None:
                self._crops.move_to_end(full)
        if crop is None:
            scratch = Image.new("RGB", (box[2], box[3]), BACKGROUND)
            paint(ImageDraw.Draw(scratch))
            crop = scratch.crop(box)
            with self._guard:
                if full not in self._crops:
                    self._crops[full] = crop
                    self.used += _bytes(crop)
                while self.used > self.budget and self._crops:
                    self.used -= _bytes(self._crops.popitem(last=False)[1])
        image.paste(crop, box[:2])


def _bytes(image: Image.Image) -> int:
    return image.width * image.height * len(image.getbands())


stamps = Stamps()
"""The process's stamp cache, shared by every renderer."""


def new_canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), BACKGROUND)
    return image, ImageDraw.Draw(image)


def text_centered(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    *,
    fill: tuple[int, int, int] = INK,
    bold: bool = False,
) -> None:
    draw.text(xy, text, font=font(size, bold), fill=fill, anchor="mm")


def to_png(image: Image.Image, game: str | None = None) -> bytes:
    """PNG bytes, deterministic for the same picture (no timestamps or metadata).

    Our pictures are flat colours and text, so a 256-colour palette loses nothing visible while the
    encoder has a third of the data to compress: about half the file size and encoding time of RGB.
    With ``game`` the colours map onto that game's fixed palette (render/palettes.py), a fifth of the
    CPU of choosing a palette for each picture; without, or for a game with none, the palette is
    chosen per picture. No dithering either way: flat fills stay flat."""
    fixed = palette(game) if game is not None else None
    if fixed is not None:
        paletted = image.quantize(palette=fixed, dither=Image.Dither.NONE)
    else:
        paletted = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", optimize=False, compress_level=3)
    return out.getvalue()


PHONE_TEXT = 30
"""Type size (at 1000 px wide) of the facts a phone must read unzoomed: ~12 px once shown 400 px wide."""


def wrap(text: str, face: ImageFont.FreeTypeFont, width: float, lines: int) -> list[str]:
    """``text`` broken into at most ``lines`` lines of ``width``, the last ellipsized if it still runs
    over. Breaks at spaces, or anywhere in a run without spaces (Japanese has none)."""
    out: list[str] = []
    rest = text.strip()
    while rest and len(out) < lines - 1:
        if face.getlength(rest) <= width:
            break
        lo, hi = 1, len(rest)  # the longest prefix that fits, found in a few measurements
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if face.getlength(rest[:mid]) <= width:
                lo = mid
            else:
                hi = mid - 1
        cut = lo
        space = rest.rfind(" ", 0, cut + 1)
        if space > cut // 2:
            cut = space
        out.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        out.append(ellipsize(rest, face, width))
    return out
