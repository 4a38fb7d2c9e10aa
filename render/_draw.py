"""Drawing helpers shared by every renderer: fonts, the seat palette, PNG output.

Renderers are pure functions of a view dict; they never touch Discord or storage.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

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


class TextFont(ImageFont.FreeTypeFont):
    """DejaVu Sans that hands a whole string to IPAex Gothic when it holds Japanese.

    Pillow draws a string with one font, so the choice is per string: Japanese text (and a player's
    name in kanji on an English board) gets the Japanese font, everything else keeps DejaVu's look.
    IPAex has no bold face: bold Japanese is drawn regular.
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
        if target is self:
            return super().getmask2(text, *args, **kwargs)
        return target.getmask2(text, *args, **kwargs)

    def getbbox(self, text, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        target = self.for_text(text)
        return super().getbbox(text, *args, **kwargs) if target is self else target.getbbox(text, *args, **kwargs)

    def getlength(self, text, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        target = self.for_text(text)
        return super().getlength(text, *args, **kwargs) if target is self else target.getlength(text, *args, **kwargs)

    def getmask(self, text, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        target = self.for_text(text)
        return super().getmask(text, *args, **kwargs) if target is self else target.getmask(text, *args, **kwargs)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The project's shipped font at ``size`` pixels: DejaVu Sans, IPAex Gothic for Japanese strings."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return TextFont(str(ASSETS / name), size)


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


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


def to_png(image: Image.Image) -> bytes:
    """PNG bytes, deterministic for the same picture (no timestamps or metadata).

    Our pictures are flat colours and text, so a 256-colour palette loses nothing visible while the
    encoder has a third of the data to compress: about half the file size and encoding time of RGB,
    which is most of a move's latency."""
    paletted = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", optimize=False, compress_level=3)
    return out.getvalue()
