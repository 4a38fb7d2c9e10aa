"""Animated replays: a game's pictures (or views) in, one animated GIF out, small enough to upload.

``replay_gif(game, views, captions=..., lang=...)`` draws each public view with the game's own
renderer (``render.get_renderer``; for Barrage that is the map picture) in ``lang``, and
``animated_gif`` assembles any list of PNG pictures. Captions come already worded (cogs/history.py
words them in the viewers' language; Japanese is drawn with the Japanese font like any text). Every
frame is scaled to one width, padded to one height, given a caption strip ("Move 12/140 · Ann: Draw
a tile") and mapped onto one shared 256-colour palette (our pictures are flat colours, so nothing
visible is lost and the frames compress well). Each frame shows for ``frame_ms``, the first for
``first_ms`` and the last (the final position) for ``last_ms``.

The file must stay below ``max_bytes`` (8 MiB by default: under Discord's 10 MiB limit for servers
without boosts, let alone its older 25 MiB one). If it does not fit, frames are dropped (evenly,
keeping the first and the last) and then the width is reduced, until it fits.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import get_renderer
from render._draw import BACKGROUND, Canvas, font

MAX_BYTES = 8 * 1024 * 1024
"""Largest GIF we produce (Discord refuses uploads over 10 MiB in servers without boosts)."""
WIDTH = 720
"""Width of the frames; pictures are drawn at their own size and scaled down to this."""
MIN_WIDTH = 240
FRAME_MS = 900
FIRST_MS = 1800
LAST_MS = 6000
CAPTION_BG = (34, 34, 34)
CAPTION_INK = (255, 255, 255)


class ReplayTooLarge(ValueError):
    """Even the smallest replay we would make is over the size limit."""


def replay_gif(
    game: str,
    views: Sequence[dict[str, Any]],
    *,
    captions: Sequence[str] | None = None,
    lang: str = "en",
    **options: Any,
) -> bytes:
    """Render each view with ``game``'s renderer (public pictures: ``viewer_seat=None``) in ``lang``
    and animate them."""
    renderer = get_renderer(game)
    pictures = [renderer(view, viewer_seat=None, lang=lang) for view in views]
    return animated_gif(pictures, captions=captions, **options)


def animated_gif(
    pictures: Sequence[bytes | Image.Image],
    *,
    captions: Sequence[str] | None = None,
    width: int = WIDTH,
    frame_ms: int = FRAME_MS,
    first_ms: int = FIRST_MS,
    last_ms: int = LAST_MS,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """One looping animated GIF of ``pictures`` (PNG bytes or Pillow images), under ``max_bytes``."""
    if not pictures:
        raise ValueError("a replay needs at least one picture")
    if captions is not None and len(captions) != len(pictures):
        raise ValueError("give one caption per picture (or none)")
    sources = list(pictures)
    texts = list(captions) if captions is not None else [""] * len(sources)
    sizes = [_size(p) for p in sources]
    keep = list(range(len(sources)))
    width = min(width, max(w for w, _ in sizes))
    while True:
        data = _encode([sources[i] for i in keep], [sizes[i] for i in keep], [texts[i] for i in keep], width,
                       frame_ms, first_ms, last_ms)
        if len(data) <= max_bytes:
            return data
        if len(keep) > 8:
            keep = _thin(keep)
        elif width > MIN_WIDTH:
            width = max(MIN_WIDTH, int(width * 0.75))
        else:
            raise ReplayTooLarge(f"the replay is {len(data)} bytes even at {len(keep)} frames of {width} px")


def _size(picture: bytes | Image.Image) -> tuple[int, int]:
    """The picture's size; PNG bytes are only decoded later, one at a time (a replay of 60 large boards
    would otherwise hold hundreds of MB of pixels)."""
    if isinstance(picture, Image.Image):
        return picture.size
    with Image.open(io.BytesIO(picture)) as image:  # reads the header only
        return image.size


def _open(picture: bytes | Image.Image) -> Image.Image:
    if isinstance(picture, Image.Image):
        return picture.convert("RGB")
    with Image.open(io.BytesIO(picture)) as image:
        return image.convert("RGB")


def _thin(keep: list[int]) -> list[int]:
    """About half of the frames, spread evenly, always with the first and the last."""
    target = max(2, (len(keep) + 1) // 2)
    step = (len(keep) - 1) / (target - 1)
    return [keep[i] for i in sorted({round(k * step) for k in range(target)})]


def _caption_height(width: int) -> int:
    return max(18, round(width / 24))


def fit_line(draw: ImageDraw.ImageDraw, text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis where it is wider than ``width`` at ``size`` pixels."""
    face = font(size, bold)
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _fit(draw: ImageDraw.ImageDraw, lines: list[str], size: int, width: int) -> list[str]:
    """Each caption line cut with an ellipsis where it is too long for the frame."""
    return [fit_line(draw, line, size, width) for line in lines]


def _lines(caption: str) -> list[str]:
    return [line for line in caption.split("\n") if line.strip()]


def _frame(
    picture: bytes | Image.Image, caption: str, width: int, height: int, strip: int, rows: int
) -> Image.Image:
    """The picture scaled to ``width`` under a caption band of ``rows`` lines (the same on every frame)."""
    image = _open(picture)
    canvas = Image.new("RGB", (width, height), BACKGROUND)
    scaled = image if image.width == width else image.resize(
        (width, max(1, round(image.height * width / image.width))), Image.Resampling.LANCZOS
    )
    top = strip * rows
    canvas.paste(scaled, (0, top))
    if rows:
        draw = Canvas(canvas)
        draw.rectangle((0, 0, width - 1, top - 1), fill=CAPTION_BG)
        size = max(10, round(strip * 0.55))
        pad = max(4, strip // 3)
        for i, line in enumerate(_fit(draw, _lines(caption), size, width - 2 * pad)):
            draw.text((pad, i * strip + strip / 2), line, font=font(size), fill=CAPTION_INK, anchor="lm")
    return canvas


def _palette(frames: list[Image.Image]) -> Image.Image:
    """One 255-colour palette for every frame (index 255 stays free for the encoder's "unchanged"
    transparency): no flicker between frames, and unchanged areas cost almost nothing."""
    thumbs = [f.resize((max(1, f.width // 2), max(1, f.height // 2))) for f in frames]
    mosaic = Image.new("RGB", (sum(t.width for t in thumbs), max(t.height for t in thumbs)), BACKGROUND)
    x = 0
    for t in thumbs:
        mosaic.paste(t, (x, 0))
        x += t.width
    return mosaic.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _encode(
    pictures: list[bytes | Image.Image], sizes: list[tuple[int, int]], captions: list[str], width: int,
    frame_ms: int, first_ms: int, last_ms: int,
) -> bytes:
    strip = _caption_height(width)
    rows = max((len(_lines(c)) for c in captions), default=0)
    height = max(round(h * width / w) for w, h in sizes) + strip * rows

    def frame(i: int) -> Image.Image:
        return _frame(pictures[i], captions[i], width, height, strip, rows)

    def paletted(i: int) -> Image.Image:
        return frame(i).quantize(palette=palette, dither=Image.Dither.NONE)

    palette = _palette([frame(i) for i in sorted({0, len(pictures) // 2, len(pictures) - 1})])
    durations = [frame_ms] * len(pictures)
    if len(pictures) > 1:
        durations[0] = first_ms
    durations[-1] = last_ms
    out = io.BytesIO()
    # Frames are drawn one at a time as the encoder asks for them (a generator), and the encoder keeps
    # them as palette images (one byte a pixel).
    paletted(0).save(
        out, format="GIF", save_all=True, append_images=(paletted(i) for i in range(1, len(pictures))),
        duration=durations, loop=0, optimize=True, disposal=1,
    )
    return out.getvalue()
