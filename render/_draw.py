"""Drawing helpers shared by every renderer: fonts, the seat palette, PNG output.

Renderers are pure functions of a view dict; they never touch Discord or storage.
"""

from __future__ import annotations

import io
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, ImageDraw, ImageFont

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


_NOT_JAPANESE = ((0xAC00, 0xD7AF), (0x3130, 0x318F), (0xFE00, 0xFE0F), (0x1F000, 0x10FFFF))
"""Past _CJK_FROM but not in IPAex: Hangul, variation selectors, emoji (drawn by the fallback fonts)."""


def needs_cjk(text: str) -> bool:
    return any(ord(ch) >= _CJK_FROM and not any(low <= ord(ch) <= high for low, high in _NOT_JAPANESE)
               for ch in text)


FALLBACK_FONTS: tuple[str, ...] = ("DejaVuSans.ttf", CJK_FONT, "fonts/HangulFallback.ttf")
"""Tried in order for a character the string's own font lacks (e.g. Arabic in a Japanese line, Hangul
anywhere): HangulFallback is NanumGothic cut to everyday Hangul (OFL-1.1, assets/fonts/)."""
EMOJI_FONT = "fonts/EmojiFallback.ttf"
"""Noto Color Emoji cut to the emoji people put in names (OFL-1.1, assets/fonts/): a colour bitmap font."""
EMOJI_STRIKE = 109
"""The one pixel size FreeType loads EMOJI_FONT at (its bitmaps are 136 x 128); glyphs are drawn at it
and scaled to the text."""
_EMOJI_FROM = 0x1F000
"""From here on a character EMOJI_FONT has is drawn in colour even where DejaVu has a plain outline."""
_REGIONAL_A = 0x1F1E6
"""REGIONAL INDICATOR SYMBOL LETTER A: two of these letters make a flag emoji."""
STAND_IN = "?"
"""Drawn, in the string's own font, for a character no shipped font has (flags, rarer emoji): a box
("tofu") reads as a rendering fault, a question mark as "a symbol we cannot show"."""


def _ignorable(code: int) -> bool:
    """Zero-width joiners and variation selectors: the shaper hides them, so they never draw a box."""
    return 0x200B <= code <= 0x200F or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


@cache
def coverage(name: str) -> frozenset[int]:
    """Code points the shipped font ``name`` (a path under assets/) has glyphs for."""
    return frozenset(TTFont(ASSETS / name, lazy=True).getBestCmap())


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


def stand_in(code: int) -> str:
    """What is drawn for a character no shipped font has: a flag's letters ("🇯🇵" reads "JP"), else "?"."""
    return chr(ord("A") + code - _REGIONAL_A) if _REGIONAL_A <= code <= _REGIONAL_A + 25 else STAND_IN


def _colour(code: int) -> bool:
    """Whether ``code`` is an emoji drawn from EMOJI_FONT (in colour) whatever the string's font has."""
    return code >= _EMOJI_FROM and code in coverage(EMOJI_FONT)


def _draws(name: str, code: int) -> bool:
    """Whether font ``name`` draws ``code`` in a run (colour emoji only ever in EMOJI_FONT)."""
    return _ignorable(code) or (code in coverage(name) and (name == EMOJI_FONT or not _colour(code)))


@lru_cache(maxsize=TEXT_CACHE_SIZE)
def font_runs(primary: str, text: str) -> tuple[tuple[str, str], ...] | None:
    """``text`` cut into (font name, run) pieces so every character is drawn by a font that has it,
    or None when ``primary`` draws them all (the common case, drawn exactly as before).

    A character stays in the current run while that run's font has it, so spaces and punctuation
    inside an Arabic or Korean name stay with it (one run is shaped, right to left where needed)."""
    if all(_draws(primary, ord(ch)) for ch in text):
        return None
    runs: list[tuple[str, str]] = []
    current = primary
    for ch in text:
        code = ord(ch)
        if not _draws(current, code):
            current = next((name for name in (primary, *FALLBACK_FONTS, EMOJI_FONT) if _draws(name, code)), primary)
            if not _draws(current, code):
                ch = stand_in(code)
        if runs and runs[-1][0] == current:
            runs[-1] = (current, runs[-1][1] + ch)
        else:
            runs.append((current, ch))
    return tuple(runs)


@lru_cache(maxsize=64)
def _fallback_face(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(ASSETS / name), EMOJI_STRIKE if name == EMOJI_FONT else size)


def _run_length(face: ImageFont.FreeTypeFont, name: str, run: str) -> float:
    """The pen advance of ``run`` drawn in font ``name`` at ``face``'s size (emoji scaled from the strike)."""
    if name == _name(face):
        return _length(face, run, ())
    size = int(face.size)
    length = _length(_fallback_face(name, size), run, ())
    return length * _emoji_scale(size) if name == EMOJI_FONT else length


def _emoji_scale(size: int) -> float:
    """How much EMOJI_FONT's strike is scaled to make an emoji one em (``size`` pixels) tall: as tall as
    a line of text's letters, so it never reaches into the lines above and below."""
    ascent, descent = _fallback_face(EMOJI_FONT, size).getmetrics()
    return size / (ascent + descent)


EMOJI_CACHE_SIZE = 256
"""Scaled emoji runs kept per process (a name's emoji at a few text sizes, some kilobytes each)."""


@lru_cache(maxsize=EMOJI_CACHE_SIZE)
def _emoji(run: str, size: int, colour: bool) -> tuple[Image.Image, int, int]:
    """``run`` drawn from EMOJI_FONT at ``size`` pixels: (image, left, top) with the baseline pen at
    (0, 0); RGBA in colour, else its alpha as a coverage mask (the string's ink draws the silhouette).
    Drawn at the font's one strike and scaled down, premultiplied so edges keep no dark fringe."""
    core, (left, top) = ImageFont.FreeTypeFont.getmask2(
        _fallback_face(EMOJI_FONT, size), run, "RGBA", "ltr", None, None, 0, "ls", 0, None)
    glyph = Image.Image()._new(core)
    scale = _emoji_scale(size)
    width, height = max(1, round(glyph.width * scale)), max(1, round(glyph.height * scale))
    scaled = glyph.convert("RGBa").resize((width, height), Image.Resampling.LANCZOS).convert("RGBA")
    ink = scaled.getchannel("A").getbbox() or (0, 0, width, height)  # the bitmap's clear margin is no text
    scaled = scaled.crop(ink)
    return (scaled if colour else scaled.getchannel("A")), round(left * scale) + ink[0], round(top * scale) + ink[1]


def _vertical_shift(face: ImageFont.FreeTypeFont, anchor: str, top: int, bottom: int) -> float:
    """Where the baseline sits below the anchor point, with the string's own font's metrics (so a
    mixed-font name lines up with plain text beside it); ``top``/``bottom``: the ink's extent."""
    ascent, descent = face.getmetrics()
    return {"a": ascent, "s": 0, "d": -descent, "m": (ascent - descent) / 2, "t": -top, "b": -bottom}[anchor]


def _runs_mask(face: ImageFont.FreeTypeFont, runs: tuple[tuple[str, str], ...], mode: str,
               stroke_width: float, anchor: str | None, stroke_filled: bool,
               ink: int = 0) -> tuple[Any, tuple[int, int]]:
    """getmask2's (mask, offset) for a string drawn run by run, each run in its own font, pen to pen.
    Runs go left to right (the board's direction); inside a run the shaper still lays Arabic out
    right to left. In "RGBA" mode (Canvas.text, for a string with emoji) text runs are coloured
    ``ink`` and emoji keep their colours."""
    anchor = anchor or "la"
    pieces: list[tuple[Image.Image, int, int]] = []
    pen = 0.0
    for name, run in runs:
        if name == EMOJI_FONT:
            piece, left, top = _emoji(run, int(face.size), mode == "RGBA")
            pieces.append((piece if mode in ("RGBA", "L") else piece.convert(mode), round(pen) + left, top))
        else:
            run_face = face if name == _name(face) else _fallback_face(name, int(face.size))
            core, (left, top) = ImageFont.FreeTypeFont.getmask2(
                run_face, run, mode, "ltr", None, None, stroke_width, "ls", ink, None, stroke_filled=stroke_filled)
            pieces.append((Image.Image()._new(core), round(pen) + left, top))
        pen += _run_length(face, name, run)
    left = min(x for _, x, _ in pieces)
    top = min(y for _, _, y in pieces)
    right = max(x + piece.width for piece, x, _ in pieces)
    bottom = max(y + piece.height for piece, _, y in pieces)
    out = Image.new(pieces[0][0].mode, (max(right - left, 0), max(bottom - top, 0)))
    for piece, x, y in pieces:
        box = (x - left, y - top)
        if mode == "RGBA":
            out.alpha_composite(piece, box)
        else:
            out.paste(ImageChops.lighter(out.crop((*box, box[0] + piece.width, box[1] + piece.height)), piece), box)
    shift_x = {"l": 0.0, "m": pen / 2, "r": pen}[anchor[0]]
    shift_y = _vertical_shift(face, anchor[1], top, bottom)
    return out.im, (int(left - shift_x), int(top + shift_y))


@lru_cache(maxsize=TEXT_CACHE_SIZE)
def _cached_runs_mask(face: ImageFont.FreeTypeFont, runs: tuple[tuple[str, str], ...], mode: str,
                      stroke_width: float, anchor: str | None, stroke_filled: bool) -> tuple[Any, tuple[int, int]]:
    return _runs_mask(face, runs, mode, stroke_width, anchor, stroke_filled)


def _name(face: ImageFont.FreeTypeFont) -> str:
    return _asset_name(str(face.path))


@lru_cache(maxsize=64)
def _asset_name(path: str) -> str:
    """A font file's name under assets/ (kept: it is looked up for every non-ASCII string)."""
    return Path(path).relative_to(ASSETS).as_posix()


_MASK_PARAMS = ("mode", "direction", "features", "language", "stroke_width", "anchor", "ink", "start")
"""getmask2's parameters after the text, in order (ImageDraw passes them positionally)."""


def _hashable(key: tuple[Any, ...]) -> bool:
    try:
        hash(key)
    except TypeError:  # e.g. a list of OpenType features: drawn uncached
        return False
    return True


_INK_AT = 6
"""Position of ``ink`` in getmask2's arguments after the text; ink only colours RGBA (emoji) masks."""


class TextFont(ImageFont.FreeTypeFont):
    """DejaVu Sans that hands a whole string to IPAex Gothic when it holds Japanese, and draws the
    characters neither has (Hangul, emoji) run by run in a fallback font or as a stand-in.

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

    def runs(self, target: ImageFont.FreeTypeFont, text: str | bytes) -> tuple[tuple[str, str], ...] | None:
        """Font runs for text ``target`` lacks glyphs for (see font_runs); None on the plain path.
        ASCII never looks anything up: every shipped text font has it."""
        if not isinstance(text, str) or text.isascii():
            return None
        return font_runs(_name(target), text)

    def has_colour(self, text: str) -> bool:
        """Whether ``text`` holds an emoji drawn in colour (Canvas.text then draws it in "RGBA" mode)."""
        runs = self.runs(self.for_text(text), text)
        return runs is not None and any(name == EMOJI_FONT for name, _ in runs)

    def _runs_mask(self, target: ImageFont.FreeTypeFont, runs: tuple[tuple[str, str], ...],
                   args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, tuple[int, int]]:
        params = {**dict(zip(_MASK_PARAMS, args, strict=False)), **kwargs}
        mode = params.get("mode") or "L"
        key = (target, runs, mode, params.get("stroke_width") or 0, params.get("anchor"),
               bool(params.get("stroke_filled", False)))
        return _runs_mask(*key, params.get("ink") or 0) if mode == "RGBA" else _cached_runs_mask(*key)

    def getmask2(self, text, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        target = self.for_text(text)
        runs = self.runs(target, text)
        if runs is not None:
            return self._runs_mask(target, runs, args, kwargs)
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
        target = self.for_text(text)
        runs = self.runs(target, text)
        if runs is not None:
            mask, (left, top) = self._runs_mask(target, runs, args, kwargs)
            return left, top, left + mask.size[0], top + mask.size[1]
        key = (text, args, tuple(sorted(kwargs.items())))
        if _hashable(key):
            return _bbox(target, *key)
        return ImageFont.FreeTypeFont.getbbox(target, text, *args, **kwargs)

    def getlength(self, text, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        target = self.for_text(text)
        runs = self.runs(target, text)
        if runs is not None:
            return sum(_run_length(target, name, run) for name, run in runs)
        if not kwargs and _hashable((text, args)):
            return _length(target, text, args)
        return ImageFont.FreeTypeFont.getlength(target, text, *args, **kwargs)

    def getmask(self, text, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        target = self.for_text(text)
        runs = self.runs(target, text)
        if runs is not None:
            return self._runs_mask(target, runs, args, kwargs)[0]
        return super().getmask(text, *args, **kwargs) if target is self else target.getmask(text, *args, **kwargs)


class Canvas(ImageDraw.ImageDraw):
    """ImageDraw that draws the emoji of a string (a player's name) in their own colours: Pillow keeps
    colour glyphs only with ``embedded_color``, which every other string does without (its masks are
    cached; colour masks cannot be)."""

    def text(self, xy, text, fill=None, font=None, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        if (isinstance(font, TextFont) and isinstance(text, str) and not text.isascii()
                and self.mode in ("RGB", "RGBA") and font.has_colour(text)):
            kwargs["embedded_color"] = True
        return super().text(xy, text, fill, font, *args, **kwargs)


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
    return text.rstrip() + "…"


_TRAILING_NUMBER = re.compile(r"^(.*?\S)(\s*\d+)$")


def ellipsize_name(name: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """A player's name cut to ``width`` like ``ellipsize``, except that a name ending in a number
    ("Player 4", "プレイヤー4", "AI 2") keeps the number: "Pl… 4" still says which seat it is,
    where "Playe…" would read the same for every seat."""
    if face.getlength(name) <= width:
        return name
    m = _TRAILING_NUMBER.match(name)
    if m is None:
        return ellipsize(name, face, width)
    head, tail = m.groups()
    room = width - face.getlength(tail)
    cut = ellipsize(head, face, room) if face.getlength(head[:1] + "…") <= room else head[:1] + "…"
    return cut + tail


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
        full = (box, key)  # the box places the part; the canvas height varies with what is below it
        with self._guard:
            crop = self._crops.get(full)
            if crop is not None:
                self._crops.move_to_end(full)
        if crop is None:
            scratch = Image.new("RGB", (box[2], box[3]), BACKGROUND)
            paint(Canvas(scratch))
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
    return image, Canvas(image)


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
