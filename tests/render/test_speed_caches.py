"""The picture speed-ups change nothing a player sees: cached text and board parts are pixel-identical to
drawing them directly, the caches stay bounded, and each game's fixed palette is as faithful as choosing
a palette per picture."""

from __future__ import annotations

import importlib
import io
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageStat

from render import _draw
from render._draw import ASSETS, BACKGROUND, CJK_FONT, INK, Stamps, font, stamps, to_png
from render.palettes import GAMES, drawn_pictures, palette, sample_views

MiB = 1 << 20
STRINGS = ["Round 3 of 6", "Ra ×3", "+12", "Epoch 2", "太陽 ラー", "スフィンクス", "P1 (あなた)", "—"]


def _draw_all(draw: ImageDraw.ImageDraw, face_for: object) -> None:
    y = 4.0
    for i, text in enumerate(STRINGS):
        for anchor in ("la", "mm", "rm"):
            x = 160.5 + 0.25 * i if anchor != "la" else 4 + 0.5 * i
            face = face_for(text)  # type: ignore[operator]
            draw.text((x, y), text, font=face, fill=INK, anchor=anchor)
            y += 15.5


def test_cached_text_is_pixel_identical_to_text_drawn_directly() -> None:
    latin = ImageFont.truetype(str(ASSETS / "DejaVuSans-Bold.ttf"), 19)
    japanese = ImageFont.truetype(str(ASSETS / CJK_FONT), 19)
    direct = Image.new("RGB", (320, 400), BACKGROUND)
    _draw_all(ImageDraw.Draw(direct), lambda text: japanese if _draw.needs_cjk(text) else latin)
    for _ in range(2):  # the second time every mask comes from the cache
        cached = Image.new("RGB", (320, 400), BACKGROUND)
        _draw_all(ImageDraw.Draw(cached), lambda text: font(19, True))
        assert cached.tobytes() == direct.tobytes()
    # and the widths a renderer fits text by are the same numbers
    assert [font(19, True).getlength(s) for s in STRINGS] == [
        (japanese if _draw.needs_cjk(s) else latin).getlength(s) for s in STRINGS
    ]


def test_the_text_cache_is_bounded() -> None:
    face = font(12)
    for i in range(_draw.TEXT_CACHE_SIZE + 50):
        face.getmask2(f"seat {i}", "L")
        face.getlength(f"seat {i}")
    assert _draw._mask.cache_info().currsize <= _draw.TEXT_CACHE_SIZE
    assert _draw._length.cache_info().currsize <= _draw.TEXT_CACHE_SIZE
    assert face.getlength("seat 1") == ImageFont.truetype(str(ASSETS / "DejaVuSans.ttf"), 12).getlength("seat 1")


def test_stamps_are_bounded_and_paste_what_was_painted() -> None:
    cache = Stamps(budget=3 * 31 * 21 * 3)  # room for three of these boxes
    painted: list[int] = []

    def paint(n: int):  # type: ignore[no-untyped-def]
        def go(d: ImageDraw.ImageDraw) -> None:
            painted.append(n)
            d.rounded_rectangle((10, 10, 40, 30), radius=6, fill=(n, 0, 0), outline=INK, width=2)
        return go

    for n in range(5):
        image = Image.new("RGB", (60, 50), BACKGROUND)
        cache.paste(image, (10, 10, 41, 31), ("box", n), paint(n))
        direct = Image.new("RGB", (60, 50), BACKGROUND)
        paint(n)(ImageDraw.Draw(direct))
        assert image.tobytes() == direct.tobytes()
    assert len(cache) == 3 and cache.used <= cache.budget
    image = Image.new("RGB", (60, 50), BACKGROUND)
    cache.paste(image, (10, 10, 41, 31), ("box", 4), paint(4))  # still cached: not painted again
    assert painted == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]


@cache
def _views(game: str) -> list[tuple[dict, int | None]]:  # type: ignore[type-arg]
    return list(sample_views(game, range(7, 8), frozenset({0, 12, 60})))


@pytest.mark.parametrize("game", GAMES)
def test_a_board_drawn_with_warm_caches_is_the_same_as_one_drawn_cold(game: str) -> None:
    module = importlib.import_module(f"render.{game}")
    draws = [module.render] + ([module.render_boards] if hasattr(module, "render_boards") else [])
    views = _views(game)
    for lang in ("en", "ja"):
        warm = [draw(view, viewer_seat=viewer, lang=lang) for view, viewer in views for draw in draws]
        cold = []
        for view, viewer in views:
            for draw in draws:
                _draw._mask.cache_clear()
                _draw._length.cache_clear()
                _draw._bbox.cache_clear()
                stamps.clear()
                cold.append(draw(view, viewer_seat=viewer, lang=lang))
        assert warm == cold


def _mean_error(png: bytes, truth: Image.Image) -> tuple[float, float]:
    """Mean absolute difference per channel, and the share of pixels off by more than 32 levels."""
    with Image.open(io.BytesIO(png)) as decoded:
        diff = ImageChops.difference(decoded.convert("RGB"), truth)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    worst = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
    off = sum(worst.histogram()[33:]) / (truth.width * truth.height)
    return mean, off


@pytest.mark.parametrize("game", GAMES)
def test_the_fixed_palette_is_as_faithful_as_an_adaptive_one(game: str) -> None:
    fixed = palette(game)
    assert fixed is not None
    pictures = drawn_pictures(game, range(9, 11), frozenset({40}))  # other games than the palettes
    for picture in pictures:
        png = to_png(picture, game)
        with Image.open(io.BytesIO(png)) as decoded:
            assert decoded.mode == "P" and decoded.getpalette() == fixed.getpalette()
        error, off = _mean_error(png, picture)
        adaptive_error, _ = _mean_error(to_png(picture), picture)
        # no visible difference: about one level in 256 on average, next to no pixel visibly off
        assert error < 1.5
        assert error < adaptive_error + 0.3
        assert off < 0.001


@pytest.mark.parametrize("game", GAMES)
def test_every_picture_stays_under_one_mebibyte(game: str) -> None:
    module = importlib.import_module(f"render.{game}")
    draws = [module.render] + ([module.render_boards] if hasattr(module, "render_boards") else [])
    for view, viewer in _views(game):
        for lang in ("en", "ja"):
            for draw in draws:
                assert len(draw(view, viewer_seat=viewer, lang=lang)) < MiB


def test_an_alhambra_board_taller_than_the_first_canvas_is_drawn_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    from render import alhambra_dice

    view, _ = _views("alhambra_dice")[-1]
    usual = alhambra_dice.render(view, lang="ja")
    monkeypatch.setattr(alhambra_dice, "_height", lambda view, lang: 200)  # every board: taller than measured
    assert alhambra_dice.render(view, lang="ja") == usual
