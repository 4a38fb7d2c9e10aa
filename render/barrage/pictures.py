"""The two Barrage pictures, each assembled from its parts: ``render`` (the map) and ``render_boards``."""

from __future__ import annotations

import math

from PIL import Image

from i18n import t
from render._draw import new_canvas, to_png
from render.barrage.band import band_height, draw_band
from render.barrage.boards import _board_sections
from render.barrage.layout import MARGIN, MIN_RATIO, WIDTH, View
from render.barrage.legend import (
    INFO_H,
    LEGEND_H,
    SUMMARY_ROW,
    _draw_header,
    _draw_info,
    _draw_legend,
    _draw_summary_row,
    _header_height,
    _legend_height,
    _summary_order,
)
from render.barrage.map import _draw_map


def render(view: View, *, viewer_seat: int | None = None, scale: float = 1.0, lang: str = "en") -> bytes:
    """The map picture for ``view`` (``rules.barrage`` ``GAME.view``) as PNG bytes.

    Header (round, phase, who acts; the final ranking once the game is over), every company's VP and the
    last move in type a phone reads (render/barrage/band.py), the round bonus and
    objective, the map, a legend, and one summary line per company. ``viewer_seat`` marks that seat
    "(you)"; ``scale`` resizes the picture; ``lang`` is the language of its words. The same view always
    gives the same bytes.
    """
    map_img = _draw_map(view, lang)
    seats = _summary_order(view)
    head = _header_height(view)
    band = band_height(view, lang)
    map_top = head + band + INFO_H
    summary_top = map_top + map_img.height + _legend_height(view)
    height = max(math.ceil(WIDTH * MIN_RATIO), summary_top + len(seats) * SUMMARY_ROW + MARGIN)
    image, d = new_canvas(WIDTH, height)
    _draw_header(d, view, t(lang, "barrage_pic.header.map"), lang)
    draw_band(d, view, head, lang)
    _draw_info(d, view, head + band, lang)
    image.paste(map_img, ((WIDTH - map_img.width) // 2, map_top))
    _draw_legend(d, map_top + map_img.height + 4, _legend_height(view) > LEGEND_H, lang)
    for i, seat in enumerate(seats):
        _draw_summary_row(d, view, seat, summary_top + i * SUMMARY_ROW, viewer_seat, lang)
    return _finish(image, scale)


def _finish(image: Image.Image, scale: float) -> bytes:
    if scale != 1.0:
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS)
    return to_png(image, "barrage")



def render_boards(view: View, *, viewer_seat: int | None = None, scale: float = 1.0, lang: str = "en") -> bytes:
    """The second picture for ``view``: the energy track, round bonus tiles and objective, irrigation (Nile
    games: scoring tiles, V, every company's irrigation points and tiles), every company's
    board (resources, pieces left, tiles, wheel, contracts), the contract and patent offices, external works,
    private buildings, action spaces in use, the draft and the latest events. Same arguments as ``render``.
    """
    sections = _board_sections(view, viewer_seat, lang)
    head = _header_height(view)
    gap = 14
    height = head + sum(h + gap for h, _ in sections) + MARGIN
    height = max(height, math.ceil(WIDTH * MIN_RATIO))
    image, d = new_canvas(WIDTH, height)
    _draw_header(d, view, t(lang, "barrage_pic.header.boards"), lang)
    y = head
    for h, draw in sections:
        draw(d, y)
        y += h + gap
    return _finish(image, scale)
